#!/usr/bin/env bash
# accuracy.sh — demo section: the profilers of seed 004_b28092482852db08.txt Paper A against
# the Oracle (robin accuracy): function-, basic-block- and instruction-level profile error per
# workload, grouped compute/flush/stall by the Oracle's cycle stack (Figures A.8-A.10), then the
# Imagick case study (top instructions of the Oracle, TIP and NCI; the speedup without the FP
# flag save/restore). To keep `make demo` within minutes it runs nine workloads of the suite
# (three per group) at size 2, two at a time; ACC_DEMO_ALL=1 runs the whole suite at the
# default size (the tables of docs/results/accuracy.md; about 15 minutes with two cores).
set -u
cd "$(dirname "$0")/../.."
export ROBIN_ROOT=$PWD
ROBIN=${ROBIN:-build/robin}
G=build/guest/workloads
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-demo-acc.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
echo "== robin accuracy: simulated profilers against the Oracle (seed 004 Paper A) =="
if [ "${ACC_DEMO_ALL:-0}" = 1 ]; then
	echo "   (the whole suite at the default size)"
	args=(--jobs 2)
else
	echo "   (nine workloads at size 2 to keep the demo short: ACC_DEMO_ALL=1 runs the whole suite)"
	args=(--jobs 2 --size 2 crc32 matmul_fp nqueens bsearch imagick nab chase_l1 chase_llc lbm)
fi
"$ROBIN" accuracy "${args[@]}" || exit 1
echo
echo "== the Imagick case study (seed 004 Paper A §6): where does imagick spend its time? =="
env -i "$ROBIN" sim --no-progress --profile tip,nci --period 1009 --top 6 -- $G/imagick.static 1 \
	>/dev/null 2>"$tmp/im.err" || { cat "$tmp/im.err"; exit 1; }
sed -n '/^top 6 instructions of the Oracle/,$p' "$tmp/im.err"
echo
for v in imagick variants/imagick_noflags variants/imagick_fcvt; do
	env -i "$ROBIN" sim --quiet --stats-json "$tmp/s.json" -- $G/$v.static 1 >/dev/null 2>&1 || exit 1
	c=$(sed -n 's/^  "cycles": \([0-9]*\).*/\1/p' "$tmp/s.json" | head -1)
	i=$(sed -n 's/^  "instructions": \([0-9]*\).*/\1/p' "$tmp/s.json" | head -1)
	[ "$v" = imagick ] && base=$c
	awk -v n="${v#variants/}" -v c="$c" -v i="$i" -v b="$base" 'BEGIN {
		printf "%-16s %10d cycles %10d instructions  IPC %.2f  speedup %.2fx\n", n, c, i, i / c, b / c }'
done
echo "(imagick_noflags: glibc's floor/ceil with nops for frflags/fsflags, as the paper did;"
echo " imagick_fcvt: an inline fcvt helper with an explicit rounding mode)"
