#!/usr/bin/env bash
# test: serial (samples the host)
# 655: `robin record -g --path ring` on a host program built with -fno-omit-frame-pointer whose calling
# contexts are known (tests/host/collect_calls.c): the three top stacks are
# main;outer_a;leaf_x (50% of the program's samples), main;outer_a;mid_c;leaf_y (33%) and
# main;outer_b;leaf_y (17%), within 10 points each; `robin prof --children` shows outer_a's
# inclusive share (83%) with no self time; `robin export --folded` writes them; when perf is
# installed and allowed, `perf record -g` + `perf report -g folded` gives the same top
# stacks within 10 points. (The BPF path's stacks: e2e 658; --call-graph dwarf: e2e 656.)
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
CL_TMP=$(mktemp -d); trap 'rm -rf "$CL_TMP"' EXIT
gcc -O1 -g -fno-omit-frame-pointer -o "$CL_TMP/calls" "$ROBIN_ROOT/tests/host/collect_calls.c" || exit 1
fail=0
db=$CL_TMP/g.db
"$ROBIN" record --db "$db" -g --path ring --freq 2000 -- "$CL_TMP/calls" 60 2> "$CL_TMP/err" ||
	{ cat "$CL_TMP/err"; echo "FAIL: robin record -g failed"; exit 1; }
cat "$CL_TMP/err"
grep -q "path ring" "$CL_TMP/err" || { echo "FAIL: -g did not use the ring path"; fail=1; }

# folded stacks of the program's functions only: "a;b;c count", the share of each
"$ROBIN" export --db "$db" --folded "$CL_TMP/f.txt" || { echo "FAIL: export --folded"; exit 1; }
cl_calls_top "$CL_TMP/f.txt" > "$CL_TMP/robin.top"
echo "robin stacks (stack percent samples):"; cat "$CL_TMP/robin.top"
cl_calls_check "$CL_TMP/robin.top" robin 10 300 || fail=1

"$ROBIN" prof --db "$db" --children > "$CL_TMP/children" 2>&1 || { cat "$CL_TMP/children"; echo "FAIL: prof --children"; fail=1; }
awk '$5 == "outer_a" { c = $1 + 0; s = $2 + 0; found = 1
        if (c < 70 || c > 95 || s > 1) { print "FAIL: outer_a children " $1 " self " $2 ", want ~83% and 0"; exit 1 } }
     $5 == "mid_c" { m = 1 } $5 == "outer_b" { b = 1 }
     END { if (!found || !m || !b) { print "FAIL: prof --children lacks outer_a, mid_c or outer_b"; exit 1 } }' \
	"$CL_TMP/children" || { head -n 14 "$CL_TMP/children"; fail=1; }

# perf, when it is installed and allowed to sample this process
if command -v perf > /dev/null &&
	perf record -q -g -F 2000 -o "$CL_TMP/p.data" "$CL_TMP/calls" 60 > /dev/null 2>&1; then
	cl_perf_calls_top "$CL_TMP/p.data" > "$CL_TMP/perf.top"
	echo "perf stacks (stack percent samples):"; cat "$CL_TMP/perf.top"
	cl_calls_check "$CL_TMP/perf.top" perf 10 0 || fail=1
	# robin and perf agree on each top stack within 10 points
	awk 'NR == FNR { p[$1] = $2; next } { d = $2 - p[$1]; if (d < 0) d = -d
	     if ($2 > 5 && d > 10) { print "FAIL: " $1 " robin " $2 "% perf " p[$1] "%"; bad = 1 } }
	     END { exit bad }' "$CL_TMP/perf.top" "$CL_TMP/robin.top" || fail=1
else
	echo "perf not available: robin's stacks checked against the program's structure only"
fi

[ $fail = 0 ] && echo "PASS"
exit $fail
