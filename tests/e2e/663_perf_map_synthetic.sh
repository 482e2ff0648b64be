#!/usr/bin/env bash
# test: serial (samples the host)
# 663: the perf map mechanism without a real JIT (tests/host/collect_jitmap.c, x86-64): a
# program copies a counting loop into anonymous executable memory, names it in
# /tmp/perf-PID.map among malformed lines and an earlier overlapping entry, runs it, then
# appends a second entry (with spaces in its name) for a second copy, runs that, and removes
# its map before exiting. With commits every second, on both sampling paths (bpf, ring):
# jit_spin and "jit_spin2 with spaces" each hold >= 35% of the samples (half of the run each),
# the overridden "stale_name" and [unknown] hold none, 3 malformed lines are counted
# (run total jit_map_malformed) and 3 entries stored; `robin annotate` of a JIT function
# and the folded export do not fail.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
[ "$(uname -m)" = x86_64 ] || cl_skip "skip: the test's JIT code is x86-64"
CL_TMP=$(mktemp -d); trap 'rm -rf "$CL_TMP"' EXIT
gcc -O1 -o "$CL_TMP/jitmap" "$ROBIN_ROOT/tests/host/collect_jitmap.c" || exit 1
fail=0
for path in bpf ring; do
	db=$CL_TMP/$path.db
	if ! "$ROBIN" record -q --db "$db" --path $path --flush-s 1 -- "$CL_TMP/jitmap" 4 2> "$CL_TMP/err"; then
		cat "$CL_TMP/err"
		[ $path = bpf ] && grep -q "^robin record: --path bpf:" "$CL_TMP/err" && { echo "(no BPF here)"; continue; }
		echo "FAIL: robin record --path $path"; fail=1; continue
	fi
	"$ROBIN" prof --db "$db" > "$CL_TMP/prof.txt" 2>&1 || { cat "$CL_TMP/prof.txt"; echo "FAIL: prof ($path)"; fail=1; continue; }
	r=$(cl_jit_shares "$CL_TMP/prof.txt")
	set -- $r
	echo "$path: jit_spin $1%, jit_spin2 $2%, stale_name $3%, [unknown] $4% of $5 samples"
	awk -v a="$1" -v b="$2" -v s="$3" -v u="$4" 'BEGIN { exit !(a >= 35 && b >= 35 && s == 0 && u < 5) }' ||
		{ echo "FAIL: $path: the JIT functions are not named as the map says"; sed -n 5,12p "$CL_TMP/prof.txt"; fail=1; }
	m=$(cl_total "$db" jit_map_malformed) n=$(cl_total "$db" jit_symbols)
	[ "$m" = 3 ] && [ "$n" = 3 ] || { echo "FAIL: $path: $n entries stored, $m malformed lines (want 3 and 3)"; fail=1; }
	"$ROBIN" annotate --db "$db" jit_spin > "$CL_TMP/ann.txt" 2>&1 ||
		{ cat "$CL_TMP/ann.txt"; echo "FAIL: $path: annotate jit_spin"; fail=1; }
	"$ROBIN" export --db "$db" --folded "$CL_TMP/f.txt" > /dev/null 2>&1 ||
		{ echo "FAIL: $path: export --folded"; fail=1; }
done
[ $fail = 0 ] && echo "PASS: 663 perf map (synthetic JIT)"
exit $fail
