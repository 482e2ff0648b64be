#!/usr/bin/env bash
# bench/vector.sh — the vector workloads (workloads/vector/, clang 14 RVV intrinsics) under
# robin run and qemu-riscv64 side by side at VLEN 128, 256 and 512: first their output must be
# the same under both (else the speed figure means nothing), then CPU seconds (user + system),
# median of BENCH_RUNS runs each (default 3), interleaved, and the ratio qemu/robin (above 1:
# robin faster). Each run is a whole program, start-up included (these run 0.1-2 s).
# env: ROBIN (build/robin), QEMU (qemu-riscv64), BENCH_RUNS, VLENS.
set -u
cd "$(dirname "$0")/.."
ROBIN=${ROBIN:-build/robin}
QEMU=${QEMU:-qemu-riscv64}
RUNS=${BENCH_RUNS:-3}
VLENS=${VLENS:-128 256 512}
W=build/guest/workloads/vector
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
command -v "$QEMU" > /dev/null || { echo "vector: skipped (no $QEMU)"; exit 0; }
ls $W/*.static > /dev/null 2>&1 || { echo "vector: skipped (no $W: make guest)"; exit 0; }

cpu_of() {  # VAR CMD...: CPU seconds of CMD, stdout to $T/out
	local __v=$1 __t; shift
	local TIMEFORMAT='%U %S'
	__t=$( { time "$@" > "$T/out" 2>/dev/null; } 2>&1 )
	printf -v "$__v" '%s' "$(awk '{ printf "%.3f", $1 + $2 }' <<<"$__t")"
}
median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }

rc=0
printf '%-14s %5s %9s %9s %8s\n' workload vlen robin_s qemu_s qemu/robin
ratios=()
for p in $W/*.static; do
	n=$(basename "$p" .static)
	for v in $VLENS; do
		"$ROBIN" run --vlen "$v" "$p" > "$T/r.out" 2>/dev/null; a=$?
		"$QEMU" -cpu "rv64,v=true,vlen=$v" "$p" > "$T/q.out" 2>/dev/null; b=$?
		if [ $a != $b ] || ! cmp -s "$T/r.out" "$T/q.out"; then
			echo "vector: $n at VLEN $v: robin and qemu differ (exit $a/$b)"; rc=1; continue
		fi
		rs=() qs=()
		for _ in $(seq "$RUNS"); do
			cpu_of t "$ROBIN" run --vlen "$v" "$p"; rs+=("$t")
			cpu_of t "$QEMU" -cpu "rv64,v=true,vlen=$v" "$p"; qs+=("$t")
		done
		r=$(median "${rs[@]}") q=$(median "${qs[@]}")
		x=$(awk -v q="$q" -v r="$r" 'BEGIN { printf "%.2f", q / (r > 0 ? r : 0.001) }')
		ratios+=("$x")
		printf '%-14s %5s %9s %9s %8s\n' "$n" "$v" "$r" "$q" "$x"
	done
done
[ ${#ratios[@]} -gt 0 ] && echo "vector: qemu/robin CPU time geomean $(printf '%s\n' "${ratios[@]}" |
	awk '{ s += log($1); n++ } END { printf "%.2f", exp(s / n) }') over ${#ratios[@]} runs" \
	"(min $(printf '%s\n' "${ratios[@]}" | sort -g | head -1))"
exit $rc
