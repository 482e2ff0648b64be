#!/usr/bin/env bash
# ibs.sh — demo section: 003_b4067ee07181a84e.txt in simulation. Table 1: D-TLB misses per
# instruction of the column-walk matrix multiply's inner loop, exact (every miss the simulator
# counted) next to performance-counter sampling with skid (pcs) and IBS op sampling (ibs).
# Figure 2: the IBS DcMissLat distribution of a pointer-chase load with rings sized for L1,
# L2, LLC and DRAM. About 15 s.
set -u
cd "$(dirname "$0")/../.."
export ROBIN_ROOT=$PWD
ROBIN=${ROBIN:-build/robin}
T=build/guest/tests
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-demo-ibs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
echo "== 003 Table 1: D-TLB misses on the column-walk matrix multiply, exact vs PCS vs IBS =="
"$ROBIN" sim --no-progress --profile pcs,ibs --pcs-event dtlb-miss --pcs-period 50 --ibs-ops 64 \
	--top 0 -- $T/ibs_matmul.static 64 >/dev/null 2>"$tmp/t1.err" || { cat "$tmp/t1.err"; exit 1; }
sed -n '/^event attribution/,$p' "$tmp/t1.err"
echo
echo "== 003 Figure 2: IBS DcMissLat of the pointer-chase load, rings sized for L1/L2/LLC/DRAM =="
for case in L1:16 L2:128 LLC:1024 DRAM:8192; do
	echo "-- ring of ${case#*:} KiB (fits the $(echo ${case%%:*}))"
	"$ROBIN" sim --no-progress --set l2_kb=256 --profile ibs --ibs-ops 16 --top 0 \
		-- $T/ibs_chase.static ${case#*:} 40000 >/dev/null 2>"$tmp/c.err" || { cat "$tmp/c.err"; exit 1; }
	awk '/^  load .* chase\+/ { p = 1; print; next } /^  load / { p = 0 } p && /^    / { print }' "$tmp/c.err"
done
