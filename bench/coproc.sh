#!/usr/bin/env bash
# coproc.sh — the co-processor's value profiler (coproc/value_profile.s) on the workload suite
# and tests/guest/value_patterns.c: per workload the samples, drops, interrupts, overhead
# (extra cycles against a run without the co-processor), qualifying <load, value> pairs
# (>= 200 instances, >= 25% invariance), the fraction within 5 points for the co-processor and
# for simple sampling at equal overhead, and the weighted RMS errors; then the sensitivity of
# value_patterns and qsort to half/double memories and 1/2, 1/4, 1/8 clocks.
# env: ROBIN (build/robin), COPROC_INSNS (first N instructions of each workload, 20M; 0 = all),
# COPROC_SUITE (workload names, default all). Writes build/bench/coproc.tsv.
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
. scripts/lib/suite.sh
ROBIN=${ROBIN:-build/robin}
INSNS=${COPROC_INSNS:-20000000}
G=build/guest/workloads
OUT=build/bench/coproc.tsv
[ -x "$ROBIN" ] || { echo "bench/coproc: $ROBIN not found (make build/robin)" >&2; exit 2; }
mkdir -p build/bench
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-bench-coproc.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
lim=()
[ "$INSNS" -gt 0 ] && lim=(--max-insns "$INSNS")

row() {  # label json
	python3 - "$1" "$2" <<'PY'
import json, sys
c = json.load(open(sys.argv[2]))["coproc"]
q = c["qualifying_pairs"]
print("%-22s %9d %6.1f%% %5d %7.3f%% %5d %6.1f%% %6.1f %6.1f%% %6.1f" % (
    sys.argv[1], c["samples"], 100.0 * c["dropped"] / max(c["samples"], 1), c["interrupts"],
    100 * c["overhead_fraction"], q, 100 * c["within_5pct_fraction"], c["weighted_rms_points"],
    100 * c["simple"]["within_5pct_fraction"], c["simple"]["weighted_rms_points"]))
PY
}
run() {  # label json program args... (extra robin options in $EXTRA)
	local label=$1 json=$2; shift 2
	"${SUITE_ENV[@]}" nice "$ROBIN" sim --no-progress --quiet "${lim[@]}" \
		--coproc coproc/value_profile.s ${EXTRA:-} --stats-json "$json" -- "$@" \
		>/dev/null 2>"$tmp/err"
	local rc=$?
	if [ $rc -ne 0 ] && [ $rc -ne 124 ]; then
		echo "$label: robin sim exited $rc: $(tail -1 "$tmp/err")"
		return 1
	fi
	row "$label" "$json" | tee -a "$OUT"
}
hdr="workload                 samples  drop%  intr overhead pairs  coproc   wrms simple   wrms"
echo "$hdr" | tee "$OUT"
names=${COPROC_SUITE:-$(suite_names)}
for n in $names; do
	run "$n" "$tmp/$n.json" $G/$n.static
done
run value_patterns "$tmp/vp.json" build/guest/tests/value_patterns.static 200000
echo
echo "sensitivity (001 §5.3):" | tee -a "$OUT"
for w in value_patterns qsort; do
	p=$G/$w.static args=()
	[ $w = value_patterns ] && p=build/guest/tests/value_patterns.static args=(200000)
	for cfg in "--coproc-mem-scale 0.5" "--coproc-mem-scale 2" "--coproc-clock-ratio 2" \
		   "--coproc-clock-ratio 4" "--coproc-clock-ratio 8"; do
		EXTRA="$cfg" run "$w ${cfg#--coproc-}" "$tmp/s.json" "$p" "${args[@]}"
	done
done
