#!/usr/bin/env bash
# dcpi_sampled.sh — DCPI's estimates from what a DCPI machine records (`--profile dcpi`: issue-
# head cycle samples, sampled I-cache/D-cache/D-TLB miss and mispredict events with skid) on
# the workload suite and the corpus (single-threaded programs), every program cut at the same
# instruction budget, then `robin calc --evaluate` per program and pooled, from the samples
# (the default), from the cycle samples alone (--no-events) and from the exact event counts
# (--oracle-events, the upper bound). Issue 32 keeps HELDOUT aside while tuning: reported
# separately. Usage:
#   bash bench/dcpi_sampled.sh [PRESET] [OUTDIR]   (default inorder-dual, build/bench/dcpi32)
# env: ROBIN, BUDGET (instructions per program, default 5000000), PERIOD (default 1009),
#      CORPUS_DIR (default build/corpus), ONLY (suite,corpus: default both), NAMES (only
#      these programs, space-separated), RUNS (default 1: runs recorded per program into its
#      database, run r with --sample-seed r — the randomised sampling periods differ, the
#      program and its input do not — for `robin calc --runs all` to merge, as DCPI's
#      profile database sums an image's samples over its runs).
# PERIOD should keep PERIOD/16 even (101, 40, 64): issue-head draws its period uniformly over
# PERIOD/16 + 1 values, whose mean is PERIOD + 1/2 when PERIOD/16 is odd (25: 25.5, 2% off
# the stored period, and every estimate with it).
# About 2-3 CPU minutes at the default budget (8 at BUDGET=20000000); one program at a time,
# niced.
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
. scripts/lib/suite.sh
ROBIN=$(realpath "${ROBIN:-build/robin}")
PRESET=${1:-inorder-dual}
OUT=$(realpath -m "${2:-build/bench/dcpi32}")
BUDGET=${BUDGET:-5000000}
PERIOD=${PERIOD:-1009}
CORPUS_DIR=${CORPUS_DIR:-build/corpus}
ONLY=${ONLY:-suite,corpus}
RUNS=${RUNS:-1}
HELDOUT="sqlite3 lame jq zstd djpeg"
mkdir -p "$OUT"
SIM=(nice "$ROBIN" sim --quiet --no-progress --preset "$PRESET" --profile dcpi --period "$PERIOD"
     --top 0 --max-insns "$BUDGET")
if [[ $ONLY == *suite* ]]; then
	for w in $(suite_names); do
		[ -n "${NAMES:-}" ] && [[ " $NAMES " != *" $w "* ]] && continue
		rm -f "$OUT/$w.db"*
		for ((r = 1; r <= RUNS; r++)); do
			"${SUITE_ENV[@]}" "${SIM[@]}" --sample-seed "$r" --db "$OUT/$w.db" -- \
				build/guest/workloads/$w.static >/dev/null 2>&1 || true
		done
	done
fi
if [[ $ONLY == *corpus* ]]; then
	while IFS=$'\t' read -r name _ _ threads cmd _; do
		[ "$name" = name ] || [ "$threads" != 1 ] && continue
		[ -n "${NAMES:-}" ] && [[ " $NAMES " != *" $name "* ]] && continue
		rm -f "$OUT/$name.db"*
		for ((r = 1; r <= RUNS; r++)); do
			# shellcheck disable=SC2086
			(cd "$CORPUS_DIR" && env -i "${SIM[@]}" --sample-seed "$r" --db "$OUT/$name.db" -- \
				"$PWD/"$cmd </dev/null >/dev/null 2>&1) || true
		done
	done <corpus/manifest.tsv
fi
