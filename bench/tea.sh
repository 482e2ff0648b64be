#!/usr/bin/env bash
# tea.sh — what TEA costs in simulation (issue: at most 1.5x): `robin sim` CPU time per
# workload with no profiler attached, and with `--profile tea` (TEA, its golden reference and
# the Oracle that robin sim always attaches with a profiler; every 1009 cycles as robin
# accuracy samples), run side by side (interleaved), medians of BENCH_RUNS runs (default 3)
# over the first PMU_INSNS instructions (default 5M) of a few workloads, one per group of seed
# 004's classification. Prints MIPS and the slowdown factor, writes build/bench/tea.json.
# env: ROBIN (default build/robin), BENCH_RUNS, PMU_INSNS.
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
. scripts/lib/suite.sh
ROBIN=${ROBIN:-build/robin}
RUNS=${BENCH_RUNS:-3}
INSNS=${PMU_INSNS:-5000000}
OUT=build/bench/tea.json
G=build/guest/workloads
WL="crc32 imagick lbm chase_llc"
[ -x "$ROBIN" ] || { echo "bench/tea: $ROBIN not found (make build/robin)" >&2; exit 2; }
mkdir -p build/bench
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-bench-tea.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

cpu_time() {  # args... -> robin's user+system CPU seconds
	local TIMEFORMAT='%U %S' t
	t=$( { time "${SUITE_ENV[@]}" "$ROBIN" sim --quiet --no-progress --max-insns "$INSNS" "$@" \
		>/dev/null 2>"$tmp/err"; } 2>&1 )
	awk -v t="$t" 'BEGIN { split(t, u, " "); printf "%.3f", u[1] + u[2] }'
}

echo "robin sim without profilers and with TEA + golden reference + Oracle: first $INSNS instructions, median of $RUNS runs (CPU time)"
printf '%-10s %12s %12s %8s\n' workload "MIPS none" "MIPS tea" slowdn
rows=() slows=()
for w in $WL; do
	bin=$G/$w.static
	[ -x "$bin" ] || { echo "bench/tea: $bin not built (make guest)" >&2; exit 2; }
	a=() b=()
	for ((i = 0; i < RUNS; i++)); do
		a+=("$(cpu_time --stats-json "$tmp/n.json" -- "$bin")")
		b+=("$(cpu_time --profile tea --period 1009 --top 0 --stats-json "$tmp/p.json" -- "$bin")")
	done
	sa=$(suite_median "${a[@]}") sb=$(suite_median "${b[@]}")
	n=$(suite_json_num "$tmp/n.json" instructions)
	read -r m1 m2 slow <<<"$(awk -v n="$n" -v a="$sa" -v b="$sb" 'BEGIN {
		printf "%.3f %.3f %.2f", n / a / 1e6, n / b / 1e6, b / a }')"
	printf '%-10s %12s %12s %7sx\n' "$w" "$m1" "$m2" "$slow"
	slows+=("$slow")
	rows+=("$(printf '{"name": "%s", "instructions": %s, "cpu_seconds_none": %s, "cpu_seconds_tea": %s, "slowdown": %s}' \
		"$w" "$n" "$sa" "$sb" "$slow")")
done
med=$(printf "%.2f" "$(suite_median "${slows[@]}")")
echo "median slowdown with tea + golden + oracle attached: ${med}x (the issue's bound: 1.5x)"
{
	printf '{\n  "section": "tea",\n  "runs": %d,\n  "max_insns": %s,\n  "median_slowdown": %s,\n  "workloads": [\n' "$RUNS" "$INSNS" "$med"
	suite_json_array "${rows[@]}"
	printf '  ]\n}\n'
} >"$OUT"
echo "written $OUT"
