#!/usr/bin/env bash
# corpus_accuracy.sh — the accuracy experiments on the corpus, every program at the same
# instruction budget (CORPUS_BUDGET, default 50 M, the first instructions of the default
# inputs): (1) `robin accuracy` — TIP and the other profilers against the Oracle (seed 004
# Paper A) at function, block and instruction level; (2) `robin accuracy --tea` — the PICS error
# of IBS, SPE, RIS, NCI-TEA and TEA against the golden reference (Paper B); (3) `robin accuracy
# --dcpi --preset inorder-dual` — DCPI's frequency, CPI and culprit estimates against the
# exact counts (002). Each report next to its sample counts, as robin accuracy prints it, in
# build/bench/corpus_accuracy{,_tea,_dcpi}.txt.
# env: ROBIN, CORPUS_SIZE (default|small), CORPUS_ONLY, CORPUS_BUDGET, JOBS (default 2),
#      CORPUS_PARTS (default "paper-a tea dcpi").
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
. scripts/lib/corpus.sh
corpus_bench_setup corpus_accuracy default
BUDGET=${CORPUS_BUDGET:-50000000}
JOBS=${JOBS:-2}
OUT=$BENCH_OUT
names=$(corpus_names "${CORPUS_ONLY:-}")
cd "$DIR"
rc=0
for part in ${CORPUS_PARTS:-paper-a tea dcpi}; do
	case $part in
	paper-a) args=(--jobs "$JOBS") file=corpus_accuracy$SUFFIX ;;
	tea) args=(--tea --jobs "$JOBS") file=corpus_accuracy_tea$SUFFIX ;;
	dcpi) args=(--dcpi --preset inorder-dual) file=corpus_accuracy_dcpi$SUFFIX ;;
	*) echo "bench/corpus_accuracy: unknown part '$part'" >&2; exit 2 ;;
	esac
	echo "== robin accuracy ${args[*]} --max-insns $BUDGET ($SIZE inputs)"
	# shellcheck disable=SC2086
	"$ROBIN" accuracy --quiet "${args[@]}" --manifest "$CORPUS_MANIFEST" --max-insns "$BUDGET" \
		$names >"$OUT/$file.txt" || { echo "bench/corpus_accuracy: $part failed ($?)" >&2; rc=1; }
	cat "$OUT/$file.txt"
	echo
done
exit $rc
