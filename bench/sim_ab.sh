#!/usr/bin/env bash
# sim_ab.sh — two robin binaries' `robin sim` speed side by side: every workload of the suite
# (boom-large, no consumer) runs under OLD and NEW in turn, BENCH_RUNS times each, the runs
# interleaved so both see the same machine; prints per workload the median MIPS (simulated
# instructions per second of robin's CPU time, user + system) of each and their ratio, then the
# medians, and the load average before and after. A workload whose two binaries simulate
# different cycles is marked "cycles differ" (compare with bench/sim_same.sh) and left out of
# the medians. Usage:
#   bash bench/sim_ab.sh OLD_ROBIN NEW_ROBIN
#   env: SIM_INSNS (default 2000000), BENCH_RUNS (default 5), WORKLOADS (default: the suite)
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
. scripts/lib/suite.sh
[ $# -eq 2 ] || { echo "usage: bench/sim_ab.sh OLD_ROBIN NEW_ROBIN" >&2; exit 2; }
OLD=$1 NEW=$2
INSNS=${SIM_INSNS:-2000000}
RUNS=${BENCH_RUNS:-5}
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "bench/sim_ab: BENCH_RUNS must be a positive integer" >&2; exit 2; }
[[ $INSNS =~ ^[1-9][0-9]*$ ]] || { echo "bench/sim_ab: SIM_INSNS must be a positive number" >&2; exit 2; }
for b in "$OLD" "$NEW"; do [ -x "$b" ] || { echo "bench/sim_ab: $b not executable" >&2; exit 2; }; done
G=build/guest/workloads
W=${WORKLOADS:-$(suite_names)}
for w in $W; do
	[ -x "$G/$w.static" ] || { echo "bench/sim_ab: $G/$w.static not built (make guest)" >&2; exit 2; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-sim-ab.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# ab_run BIN WORKLOAD JSON: prints the CPU seconds of one run
ab_run() {
	local cpu TIMEFORMAT='%U %S'
	cpu=$( { time "${SUITE_ENV[@]}" "$1" sim --quiet --no-progress --max-insns "$INSNS" \
		--stats-json "$3" -- "$G/$2.static" >/dev/null 2>&1; } 2>&1 )
	awk -v c="$cpu" 'BEGIN { split(c, u, " "); printf "%.3f", u[1] + u[2] }'
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-12s %10s %10s %8s\n' workload "MIPS old" "MIPS new" ratio
mo=() mn=() mr=()
for w in $W; do
	to=() tn=() same=1
	for ((i = 0; i < RUNS; i++)); do
		to+=("$(ab_run "$OLD" "$w" "$tmp/o.json")")
		tn+=("$(ab_run "$NEW" "$w" "$tmp/n.json")")
		[ "$(suite_json_num "$tmp/o.json" cycles)" = "$(suite_json_num "$tmp/n.json" cycles)" ] || same=0
	done
	ins=$(suite_json_num "$tmp/n.json" instructions)
	o=$(awk -v i="$ins" -v t="$(suite_median "${to[@]}")" 'BEGIN { printf "%.2f", i / t / 1e6 }')
	n=$(awk -v i="$ins" -v t="$(suite_median "${tn[@]}")" 'BEGIN { printf "%.2f", i / t / 1e6 }')
	r=$(awk -v a="$o" -v b="$n" 'BEGIN { printf "%.2f", b / a }')
	if [ $same = 1 ]; then
		printf '%-12s %10s %10s %7sx\n' "$w" "$o" "$n" "$r"
		mo+=("$o") mn+=("$n") mr+=("$r")
	else
		printf '%-12s %10s %10s %8s  cycles differ\n' "$w" "$o" "$n" "-"
	fi
done
[ ${#mo[@]} -gt 0 ] && printf '%-12s %10.2f %10.2f %7.2fx\n' median "$(suite_median "${mo[@]}")" \
	"$(suite_median "${mn[@]}")" "$(suite_median "${mr[@]}")"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "(first $INSNS instructions, median of $RUNS runs each, CPU time, runs interleaved)"
