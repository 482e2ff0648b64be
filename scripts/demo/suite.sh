#!/usr/bin/env bash
# suite.sh — demo section: every workload of the suite (static build) under `robin run
# --stats-json`, with its self-check verdict, dynamic instruction count and emulation speed.
# env: ROBIN (default build/robin). Exit status non-zero if any workload failed its check.
set -u
cd "$(dirname "$0")/../.."
export ROBIN_ROOT=$PWD
. scripts/lib/suite.sh
ROBIN=${ROBIN:-build/robin}
G=build/guest/workloads
[ -x "$ROBIN" ] || { echo "demo: $ROBIN not found (make build/robin)" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-demo.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

cat <<HDR
==== The workload suite on robin's emulator ====
Every riscv64 workload in workloads/ (static build) runs under \`robin run --stats-json\`.
"check" is the program's own verdict: it exits 0 only if its self-checks pass and its checksum
equals the reference recorded from qemu-riscv64. Instructions and MIPS come from robin's
statistics. "class" is the behaviour the workload is built to show on an out-of-order core
(compute, flush, stall; library = real libc code), as in seed 004_b28092482852db08.txt.

HDR
printf '%-11s %-8s %-10s %13s %8s  %s\n' workload class check instructions MIPS "what it exercises"
n=0 nok=0 total=0 secs=0
for w in $(suite_names); do
	bin=$G/$w.static
	n=$((n + 1))
	if [ ! -x "$bin" ]; then
		printf '%-11s %-8s %-10s\n' "$w" "$(suite_class "$w")" "not built"
		continue
	fi
	rm -f "$tmp/s.json"
	"${SUITE_ENV[@]}" "$ROBIN" run --stats-json "$tmp/s.json" -- "$bin" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	check=$(suite_verdict "$tmp/out" "$rc")
	[ "$check" = ok ] && nok=$((nok + 1))
	insns=$(suite_json_num "$tmp/s.json" instructions)
	mips=$(suite_json_num "$tmp/s.json" mips)
	s=$(suite_json_num "$tmp/s.json" host_seconds)
	total=$((total + ${insns:-0}))
	secs=$(awk -v a="$secs" -v b="${s:-0}" 'BEGIN { print a + b }')
	what=$(awk -F'\t' -v n="$w" '!/^#/ && $1 == n { print $3 }' workloads/suite.tsv)
	printf '%-11s %-8s %-10s %13s %8.1f  %s\n' "$w" "$(suite_class "$w")" "$check" "${insns:-?}" "${mips:-0}" "$what"
	[ "$check" = ok ] || sed 's/^/    robin: /' "$tmp/err" | head -n 3
done
echo
awk -v ok="$nok" -v n="$n" -v t="$total" -v s="$secs" 'BEGIN {
	printf "%d of %d workloads ok; %.1f M instructions emulated in %.2f s (%.1f MIPS overall)\n",
	       ok, n, t / 1e6, s, (s > 0 ? t / s / 1e6 : 0) }'
[ "$nok" -eq "$n" ]
