#!/usr/bin/env bash
# tea.sh — demo section: TEA's per-instruction cycle stacks (seed 004_b28092482852db08.txt
# Paper B) on lbm: robin sim with tea, nci-tea, ibs, spe and ris sampling the same cycles, their
# PICS error against the golden reference, the golden reference's top instructions with their
# signatures, then `robin annotate --pics` of lbm's hot loop (lbm_step) from the database:
# every instruction's cycle stack beside its disassembly and source.
set -u
cd "$(dirname "$0")/../.."
export ROBIN_ROOT=$PWD
ROBIN=${ROBIN:-build/robin}
G=build/guest/workloads
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-demo-tea.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
echo "== TEA: per-instruction cycle stacks on lbm (seed 004 Paper B), sampled every 1009 cycles =="
env -i "$ROBIN" sim --no-progress --profile tea,nci-tea,ibs,spe,ris --period 1009 --top 6 \
	--db "$tmp/p.db" -- $G/lbm.static 4 >/dev/null 2>"$tmp/sim.err" || { cat "$tmp/sim.err"; exit 1; }
sed -n '/PICS error against the golden reference/,$p' "$tmp/sim.err" | grep -v "profiles stored in"
echo
echo "== robin annotate --pics lbm_step: the hot loop, instructions with at least 0.5% of its samples =="
"$ROBIN" annotate --pics lbm_step --db "$tmp/p.db" --no-source >"$tmp/ann.txt" || exit 1
head -3 "$tmp/ann.txt"
awk 'NR > 3 && $2 ~ /%$/ && $2 + 0 >= 0.5' "$tmp/ann.txt"
echo "(robin prof --pics: the same per procedure; robin report --html draws them as stacked bars)"
