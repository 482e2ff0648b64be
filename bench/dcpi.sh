#!/usr/bin/env bash
# dcpi.sh — DCPI's frequency estimation on the whole workload suite (docs/results/dcpi.md's Figure 8
# tables): every workload simulated on PRESET (default inorder-dual) with issue-head samples
# every 1009 cycles and the exact dcpix counts and event counts (I-cache, D-cache, D-TLB,
# mispredict) (on the out-of-order presets TIP's samples
# too), all in one database, then `robin calc --evaluate` (and --event tip). Usage:
#   bash bench/dcpi.sh [PRESET] [DB]      (DB default build/bench/dcpi-PRESET.db)
# Takes 10-30 minutes of CPU; runs one workload at a time.
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
. scripts/lib/suite.sh
ROBIN=${ROBIN:-build/robin}
PRESET=${1:-inorder-dual}
DB=${2:-build/bench/dcpi-$PRESET.db}
PROFILES=issue-head,dcpix,dcpix-taken,dcpix-imiss,dcpix-dmiss,dcpix-dtlb,dcpix-mispredict
[ "$PRESET" = inorder-dual ] || PROFILES=tip,$PROFILES
mkdir -p "$(dirname "$DB")"
rm -f "$DB" "$DB-wal" "$DB-shm"
for w in $(suite_names); do
	"${SUITE_ENV[@]}" "$ROBIN" sim --quiet --no-progress --preset "$PRESET" --profile "$PROFILES" \
		--period 1009 --top 0 --db "$DB" -- build/guest/workloads/$w.static >/dev/null 2>&1 ||
		echo "dcpi: $w: robin sim exited $?" >&2
done
"$ROBIN" calc --evaluate --db "$DB"
[ "$PRESET" = inorder-dual ] || "$ROBIN" calc --evaluate --event tip --db "$DB"
