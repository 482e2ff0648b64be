#!/usr/bin/env bash
# corpus_simpoint.sh — sampled simulation on the corpus's long programs: `robin simpoint run
# --validate` (1 M-instruction intervals and points, the defaults otherwise) on every program
# of the default inputs that runs more than CORPUS_SIMPOINT_MIN instructions (default 1 G;
# counted with robin run --hermetic, the world simpoint runs in), against the full detailed run. Per program: instructions, points,
# detailed instructions simulated, CPI predicted and full, the CPI error. Writes
# build/bench/corpus_simpoint.md and one campaign directory per program under
# build/bench/corpus_simpoint/. The full detailed runs dominate (about 5-8 CPU minutes per
# billion instructions).
# env: ROBIN, CORPUS_SIZE, CORPUS_ONLY, CORPUS_SIMPOINT_MIN, IV (interval, default 1000000), JOBS,
#      SIMPOINT_ARGS (more options of simpoint run; default --no-profile: the CPI alone, the
#      detailed runs at the bare timing model's speed).
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
. scripts/lib/suite.sh
. scripts/lib/corpus.sh
corpus_bench_setup corpus_simpoint default
MIN=${CORPUS_SIMPOINT_MIN:-1000000000}
IV=${IV:-1000000}
OUT=$BENCH_OUT/corpus_simpoint$SUFFIX
MD=$BENCH_OUT/corpus_simpoint$SUFFIX.md
mkdir -p "$OUT"
cd "$DIR"
{
	echo "| program | instructions | points | detailed insns | CPI predicted | CPI full | CPI error |"
	echo "|---|---:|---:|---:|---:|---:|---:|"
} >"$MD"
errs=() rc=0
for w in $(corpus_names "${CORPUS_ONLY:-}"); do
	corpus_cmd cmd "$w"
	"${CORPUS_ENV[@]}" "$ROBIN" run --hermetic --stats-json "$OUT/$w.run.json" -- "${cmd[@]}" >/dev/null 2>&1
	n=$(suite_json_num "$OUT/$w.run.json" instructions)
	[ -n "$n" ] && [ "$n" -gt "$MIN" ] || { echo "corpus_simpoint: $w: ${n:-?} instructions, not above $MIN: skipped"; continue; }
	rm -rf "$OUT/$w"
	# shellcheck disable=SC2086
	if ! "${CORPUS_ENV[@]}" "$ROBIN" simpoint run --validate --interval "$IV" ${JOBS:+--jobs "$JOBS"} ${SIMPOINT_ARGS---no-profile} \
		--dir "$OUT/$w" --stats-json "$OUT/$w.json" -- "${cmd[@]}" >"$OUT/$w.log" 2>&1; then
		echo "corpus_simpoint: $w: robin simpoint run failed: $(tail -1 "$OUT/$w.log")"
		rc=1
		continue
	fi
	row=$(python3 - "$OUT/$w.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
pts = d["points"]
print(d["instructions"], len(pts) if isinstance(pts, list) else pts, d["detailed_instructions"], "%.4f" % d["cpi_predicted"],
      "%.4f" % d["cpi_full"], "%.2f%%" % (100 * abs(d["cpi_error"])))
PY
)
	read -r ins pts det cpip cpif err <<<"$row"
	echo "corpus_simpoint: $w: $ins instructions, $pts points, CPI $cpip predicted vs $cpif full: error $err"
	echo "| $w | $ins | $pts | $det | $cpip | $cpif | $err |" >>"$MD"
	errs+=("${err%\%}")
done
if [ ${#errs[@]} -gt 0 ]; then
	printf '\nCPI error: median %.2f%%, worst %.2f%% over %d programs of more than %s instructions\n' \
		"$(suite_median "${errs[@]}")" "$(printf '%s\n' "${errs[@]}" | sort -g | tail -1)" "${#errs[@]}" "$MIN" | tee -a "$MD"
fi
exit $rc
