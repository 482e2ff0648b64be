#!/usr/bin/env bash
# test: serial (samples the host)
# 658: `robin record -g --path bpf`: frame-pointer stacks counted in the kernel by a BPF program
# (bpf_get_stackid into a stack map, samples per (process, user stack, kernel stack) in a hash,
# as Parca's agent does), no sample read from the rings. On tests/host/collect_calls.c (built
# with frame pointers) the stacks main;outer_a;leaf_x 50%, main;outer_a;mid_c;leaf_y 33%,
# main;outer_b;leaf_y 17% come out within 10 points over more than 1500 samples, the stacks
# hold as many samples as the flat profile (within 2%), and the same program recorded with -g on
# the ring path agrees within 5 points on each stack; 95% of the stacks through main end at
# leaf_x or leaf_y themselves. Skipped where BPF cannot be loaded.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
CL_TMP=$(mktemp -d); trap 'rm -rf "$CL_TMP"' EXIT
gcc -O1 -g -fno-omit-frame-pointer -o "$CL_TMP/calls" "$ROBIN_ROOT/tests/host/collect_calls.c" || exit 1
fail=0
if ! "$ROBIN" record --db "$CL_TMP/b.db" -g --path bpf --freq 2000 -- "$CL_TMP/calls" 150 2> "$CL_TMP/err"; then
	cat "$CL_TMP/err"
	grep -q "^robin record: --path bpf:" "$CL_TMP/err" && cl_skip "skip: BPF is not available here"
	echo "FAIL: robin record -g --path bpf"; exit 1
fi
cat "$CL_TMP/err"
grep -q "path bpf (.*stack map" "$CL_TMP/err" || { echo "FAIL: -g --path bpf did not count stacks in the kernel"; fail=1; }
"$ROBIN" record -q --db "$CL_TMP/r.db" -g --path ring --freq 2000 -- "$CL_TMP/calls" 150 ||
	{ echo "FAIL: robin record -g --path ring"; exit 1; }

top() { # DB -> collect_calls.c's stacks, and "ALL 100 N": the samples in every stack
	"$ROBIN" export --db "$1" --folded "$CL_TMP/f.txt" > /dev/null 2>&1 || { echo "FAIL: export $1" >&2; return 1; }
	cl_calls_top "$CL_TMP/f.txt"
	awk '{ all += $NF } END { printf "ALL 100 %d\n", all }' "$CL_TMP/f.txt"
}
top "$CL_TMP/b.db" > "$CL_TMP/bpf.top" || fail=1
# the stacks end at the sampled function itself (no marker or unknown frame below it)
awk '/;main;/ { n = $NF; all += n; if ($0 ~ /;leaf_[xy] [0-9]+$/) ok += n }
     END { printf "stacks through main ending in a leaf: %d of %d samples\n", ok, all
           exit !(all > 0 && ok >= all * 0.95) }' "$CL_TMP/f.txt" ||
	{ echo "FAIL: the BPF stacks do not end at their leaf function"; fail=1; }
top "$CL_TMP/r.db" > "$CL_TMP/ring.top" || fail=1
echo "bpf stacks (stack percent samples):"; cat "$CL_TMP/bpf.top"
echo "ring stacks (stack percent samples):"; cat "$CL_TMP/ring.top"
grep -v "^ALL " "$CL_TMP/bpf.top" > "$CL_TMP/bpf.top3"
cl_calls_check "$CL_TMP/bpf.top3" bpf 10 1500 || fail=1
awk 'NR == FNR { p[$1] = $2; next } $1 != "ALL" { d = $2 - p[$1]; if (d < 0) d = -d
     if ($2 > 5 && d > 5) { print "FAIL: " $1 " bpf " $2 "% ring " p[$1] "%"; bad = 1 } }
     END { exit bad }' "$CL_TMP/ring.top" "$CL_TMP/bpf.top" || fail=1
# every sample of the flat profile has its stack (none lost in the kernel's maps)
flat=$(cl_total "$CL_TMP/b.db" samples)
stk=$(awk '$1 == "ALL" { print $3 }' "$CL_TMP/bpf.top")
echo "flat samples $flat, samples in stacks $stk"
awk -v f="$flat" -v s="$stk" 'BEGIN { d = f - s; if (d < 0) d = -d; exit !(f > 0 && d <= f * 0.02) }' ||
	{ echo "FAIL: the stacks hold $stk samples, the flat profile $flat"; fail=1; }
[ $fail = 0 ] && echo "PASS"
exit $fail
