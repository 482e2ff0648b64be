#!/usr/bin/env bash
# 311: bench/sim.sh checks results before it prints a speed figure — on two workloads at
# 200k instructions it prints figures when every run simulates the cycles of the reference
# (bench/sim_ref.tsv, written by the binary the speed work started from), and when the
# reference disagrees (a stand-in for a change that moved a cycle) it names the workload,
# prints no figure for it and exits 1. No timing is asserted.
set -u
R=${ROBIN_ROOT:?}
ROBIN=${ROBIN:-$R/build/robin}
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
for w in crc32 bsearch; do
	[ -x "$R/build/guest/workloads/$w.static" ] || { echo "workloads not built (make guest)"; exit 77; }
done
grep -q "^bsearch	200000	" "$R/bench/sim_ref.tsv" || { echo "FAIL: no 200k reference for bsearch"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
run() {  # REF_FILE -> output in $tmp/out, exit status returned
	ROBIN=$ROBIN SIM_WORKLOADS="crc32 bsearch" SIM_INSNS=200000 BENCH_RUNS=1 SIM_VERIFY=0 \
		SIM_REF_FILE=$1 SIM_OUT_DIR=$tmp TMPDIR=$tmp bash "$R/bench/sim.sh" >"$tmp/out" 2>&1
}

run "$R/bench/sim_ref.tsv" || fail "bench/sim.sh failed against the reference: $(tail -5 "$tmp/out")"
for w in crc32 bsearch; do
	# IPC, MIPS bare, kcycles/s bare, MIPS Oracle+TIP, MIPS all nine, the all-nine slowdown
	grep -Eq "^$w +[a-z]+ +200000 +[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9.]+ +[0-9.]+ +[0-9.]+x +ok$" "$tmp/out" ||
		fail "$w: no checked figures: $(grep "^$w" "$tmp/out")"
done
grep -q "^median over the suite: " "$tmp/out" || fail "no medians"
grep -q "^| crc32 | compute |" "$tmp/sim.md" || fail "no Markdown table"

# bsearch's reference one cycle off: no figure for it, named, exit 1
awk -F'\t' -v OFS='\t' '$1 == "bsearch" && $2 == 200000 { $3 = $3 + 1 } { print }' \
	"$R/bench/sim_ref.tsv" >"$tmp/ref"
run "$tmp/ref" && fail "a changed cycle count was not caught"
grep -Eq "^bsearch .* - +- +- +- +- +cycles/instructions [0-9]+ 200000, reference [0-9]+ 200000$" "$tmp/out" ||
	fail "bsearch mismatch not reported: $(grep "^bsearch" "$tmp/out")"
grep -Eq "^crc32 .* ok$" "$tmp/out" || fail "crc32 lost its figures"
echo "ok: figures only after the cycle check"
