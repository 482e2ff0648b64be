#!/usr/bin/env bash
# sim.sh — the timing model's speed: every workload of the suite (static build) under
# `robin sim` (boom-large), median of BENCH_RUNS runs (default 3) of the first SIM_INSNS
# instructions (default 10M; 0 = whole programs), once with no probe consumer and once with a
# consumer that reads every probe (--probe-check). MIPS are simulated instructions per second
# of robin's CPU time (wall-clock MIPS are shown too). Before timing, each workload runs to the
# end once under robin run and robin sim to check that output, exit status and instruction
# count agree. Prints a table (instructions, IPC, MIPS without and with the consumer,
# slowdown) and the suite's median MIPS against the bar (1.5 MIPS), and writes
# build/bench/sim.json. env: ROBIN (default build/robin), BENCH_RUNS, SIM_INSNS, SIM_VERIFY=0
# to skip the full-length check.
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
. scripts/lib/suite.sh
ROBIN=${ROBIN:-build/robin}
RUNS=${BENCH_RUNS:-3}
INSNS=${SIM_INSNS:-10000000}
VERIFY=${SIM_VERIFY:-1}
BAR_MIPS=1.5
OUT=build/bench/sim.json
G=build/guest/workloads

[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "bench/sim: BENCH_RUNS must be a positive integer" >&2; exit 2; }
[ -x "$ROBIN" ] || { echo "bench/sim: $ROBIN not found (make build/robin)" >&2; exit 2; }
mkdir -p build/bench
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-bench-sim.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
lim=()
[ "$INSNS" -gt 0 ] && lim=(--max-insns "$INSNS")

# one timed run: sim_time OUT_JSON ARGS... prints "CPU_SECONDS WALL_SECONDS" (CPU = user +
# system time of robin: on a shared, oversubscribed machine wall time mostly measures the
# other tenants)
sim_time() {
	local j=$1; shift
	local t0 t1 cpu TIMEFORMAT='%U %S'
	t0=$(suite_now_ns)
	cpu=$( { time "${SUITE_ENV[@]}" "$ROBIN" sim --quiet --no-progress "${lim[@]}" --stats-json "$j" "$@" \
		>/dev/null 2>"$tmp/err"; } 2>&1 )
	t1=$(suite_now_ns)
	awk -v c="$cpu" -v a="$t0" -v b="$t1" 'BEGIN { split(c, u, " "); printf "%.3f %.3f", u[1] + u[2], (b - a) / 1e9 }'
}

echo "robin sim (boom-large), static workloads, $([ "$INSNS" -gt 0 ] && echo "first $INSNS instructions" || echo "whole programs"), median of $RUNS runs (wall clock)"
echo "MIPS = simulated instructions per CPU second of robin (wall-clock MIPS in brackets);"
echo "probes = with a consumer reading every probe; slowdn = its CPU-time factor"
printf '%-11s %-8s %12s %6s %17s %17s %7s  %s\n' workload class instructions IPC MIPS "MIPS probes" slowdn check
all=() allp=() rows=() failed=0
for w in $(suite_names); do
	bin=$G/$w.static
	[ -x "$bin" ] || { echo "bench/sim: $bin not built (make guest)" >&2; exit 2; }
	verdict=ok
	if [ "$VERIFY" = 1 ]; then
		"${SUITE_ENV[@]}" "$ROBIN" run --stats-json "$tmp/r.json" -- "$bin" >"$tmp/r.out" 2>/dev/null
		rc_r=$?
		"${SUITE_ENV[@]}" "$ROBIN" sim --quiet --no-progress --stats-json "$tmp/v.json" -- "$bin" >"$tmp/v.out" 2>/dev/null
		rc_s=$?
		if [ $rc_r -ne $rc_s ]; then verdict="exit $rc_s vs $rc_r"
		elif ! cmp -s "$tmp/r.out" "$tmp/v.out"; then verdict="output differs"
		elif [ "$(suite_json_num "$tmp/r.json" instructions)" != "$(suite_json_num "$tmp/v.json" instructions)" ]; then
			verdict="instruction count differs"
		fi
	fi
	t=() tw=() tp=() tpw=()
	for ((i = 0; i < RUNS; i++)); do
		read -r c wl <<<"$(sim_time "$tmp/s.json" -- "$bin")"
		t+=("$c") tw+=("$wl")
		read -r c wl <<<"$(sim_time "$tmp/p.json" --probe-check -- "$bin")"
		tp+=("$c") tpw+=("$wl")
		grep -q ", 0 errors" "$tmp/err" || verdict="probe check: $(grep 'probe check' "$tmp/err" | tail -c 80)"
	done
	insns=$(suite_json_num "$tmp/s.json" instructions)
	ipc=$(suite_json_num "$tmp/s.json" ipc)
	s=$(suite_median "${t[@]}") sw=$(suite_median "${tw[@]}")
	sp=$(suite_median "${tp[@]}") spw=$(suite_median "${tpw[@]}")
	m() { awk -v n="$insns" -v s="$1" 'BEGIN { printf "%.3f", (s > 0 ? n / s / 1e6 : 0) }'; }
	mips=$(m "$s") mipsw=$(m "$sw") mipsp=$(m "$sp") mipspw=$(m "$spw")
	slow=$(awk -v a="$sp" -v b="$s" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
	[ "$verdict" = ok ] || failed=1
	all+=("$mips")
	allp+=("$mipsp")
	printf '%-11s %-8s %12s %6.3f %7s (%7s) %7s (%7s) %7s  %s\n' "$w" "$(suite_class "$w")" "$insns" "$ipc" \
		"$mips" "$mipsw" "$mipsp" "$mipspw" "$slow" "$verdict"
	rows+=("$(printf '{"name": "%s", "class": "%s", "instructions": %s, "ipc": %s, "cpu_seconds": %s, "wall_seconds": %s, "mips": %s, "wall_mips": %s, "probe_cpu_seconds": %s, "probe_mips": %s, "check": "%s"}' \
		"$w" "$(suite_class "$w")" "$insns" "$ipc" "$s" "$sw" "$mips" "$mipsw" "$sp" "$mipsp" "$verdict")")
done
med=$(suite_median "${all[@]}")
medp=$(suite_median "${allp[@]}")
met=$(awk -v m="$med" -v b="$BAR_MIPS" 'BEGIN { print (m >= b) ? "met" : "NOT met" }')
printf '\nmedian over the suite: %.2f MIPS without consumers, %.2f MIPS with (CPU time; bar: >= %s MIPS, %s)\n' \
	"$med" "$medp" "$BAR_MIPS" "$met"
{
	printf '{\n  "section": "sim",\n  "robin": "%s",\n  "host": "%s",\n  "date": "%s",\n' "$ROBIN" "$(uname -srm)" "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	printf '  "runs": %d,\n  "max_insns": %s,\n  "median_mips": %s,\n  "median_probe_mips": %s,\n' "$RUNS" "$INSNS" "$med" "$medp"
	printf '  "bar_mips": %s,\n  "bar_met": %s,\n  "workloads": [\n' "$BAR_MIPS" "$([ "$met" = met ] && echo true || echo false)"
	suite_json_array "${rows[@]}"
	printf '  ]\n}\n'
} >"$OUT"
echo "written $OUT"
[ $failed -eq 0 ] && [ "$met" = met ]
