#!/usr/bin/env bash
# pmu.sh — what the simulated profilers cost: `robin sim` CPU time per workload with no
# profiler attached, and with all nine (the Oracle, TIP, TIP-ILP, NCI, NCI+ILP, LCI, Software,
# Dispatch, Fetch; sampling every 1009 cycles as robin accuracy does), medians of BENCH_RUNS
# runs (default 3) over the first PMU_INSNS instructions (default 5M) of a few workloads, one
# per group of seed 004's classification. Prints MIPS side by side and the slowdown factor,
# writes build/bench/pmu.json. env: ROBIN (default build/robin), BENCH_RUNS, PMU_INSNS;
# PMU_PROFILE, PMU_LABEL, PMU_SECTION measure another --profile list (bench/tea.sh).
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
. scripts/lib/suite.sh
ROBIN=${ROBIN:-build/robin}
RUNS=${BENCH_RUNS:-3}
INSNS=${PMU_INSNS:-5000000}
PROFILE=${PMU_PROFILE:-all}
LABEL=${PMU_LABEL:-all 9}
SECTION=${PMU_SECTION:-pmu}
OUT=build/bench/$SECTION.json
G=build/guest/workloads
WL="crc32 imagick lbm chase_llc"
[ -x "$ROBIN" ] || { echo "bench/pmu: $ROBIN not found (make build/robin)" >&2; exit 2; }
mkdir -p build/bench
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-bench-pmu.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

cpu_time() {  # args... -> robin's user+system CPU seconds
	local TIMEFORMAT='%U %S' t
	t=$( { time "${SUITE_ENV[@]}" "$ROBIN" sim --quiet --no-progress --max-insns "$INSNS" "$@" \
		>/dev/null 2>"$tmp/err"; } 2>&1 )
	awk -v t="$t" 'BEGIN { split(t, u, " "); printf "%.3f", u[1] + u[2] }'
}

echo "robin sim with and without the simulated profilers: first $INSNS instructions, median of $RUNS runs (CPU time)"
printf '%-10s %12s %12s %12s %8s\n' workload "MIPS none" "MIPS $LABEL" "cycles/s" slowdn
rows=() slows=()
for w in $WL; do
	bin=$G/$w.static
	[ -x "$bin" ] || { echo "bench/pmu: $bin not built (make guest)" >&2; exit 2; }
	a=() b=()
	for ((i = 0; i < RUNS; i++)); do
		a+=("$(cpu_time --stats-json "$tmp/n.json" -- "$bin")")
		b+=("$(cpu_time --profile "$PROFILE" --period 1009 --top 0 --stats-json "$tmp/p.json" -- "$bin")")
	done
	sa=$(suite_median "${a[@]}") sb=$(suite_median "${b[@]}")
	n=$(suite_json_num "$tmp/n.json" instructions) c=$(suite_json_num "$tmp/n.json" cycles)
	read -r m1 m2 cps slow <<<"$(awk -v n="$n" -v c="$c" -v a="$sa" -v b="$sb" 'BEGIN {
		printf "%.3f %.3f %.0f %.2f", n / a / 1e6, n / b / 1e6, c / b, b / a }')"
	printf '%-10s %12s %12s %12s %7sx\n' "$w" "$m1" "$m2" "$cps" "$slow"
	slows+=("$slow")
	rows+=("$(printf '{"name": "%s", "instructions": %s, "cycles": %s, "cpu_seconds_none": %s, "cpu_seconds_all": %s, "mips_none": %s, "mips_all": %s, "slowdown": %s}' \
		"$w" "$n" "$c" "$sa" "$sb" "$m1" "$m2" "$slow")")
done
med=$(printf "%.2f" "$(suite_median "${slows[@]}")")
echo "median slowdown with $LABEL attached: ${med}x"
{
	printf '{\n  "section": "%s",\n  "runs": %d,\n  "max_insns": %s,\n  "median_slowdown": %s,\n  "workloads": [\n' "$SECTION" "$RUNS" "$INSNS" "$med"
	suite_json_array "${rows[@]}"
	printf '  ]\n}\n'
} >"$OUT"
echo "written $OUT"
