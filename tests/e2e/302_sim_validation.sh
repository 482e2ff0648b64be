#!/usr/bin/env bash
# 302: the out-of-order core against analytic expectations, on the micro-kernels of
# tests/guest/core_kernels.c under the boom-large preset. Each kernel runs twice (N and 2N
# iterations); the differences of the counters cancel program start-up and cold misses.
#   dependent adds: IPC ~1            independent adds: IPC near the 4-wide commit
#   divides: div_cycles each          pointer chase: L1, LLC and DRAM latencies
#   random branch: ~0.5 mispredicts per iteration, each costing about the pipeline depth
#   predictable branch: ~0 MPKI       store then load: one forwarding per iteration
#   fsflags: exactly one flush per iteration
set -u
"$ROBIN" sim --help >/dev/null 2>&1 || { echo "robin sim is not in this build"; exit 77; }
K=${ROBIN_ROOT}/build/guest/tests/core_kernels.static
[ -x "$K" ] || { echo "core_kernels not built (make guest)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# value of "key" (first occurrence) in a --stats-json file
jv() { grep -m1 "\"$2\":" "$1" | sed 's/^[^:]*: *//; s/[",]//g'; }

# run KERNEL N [ARG]: stats in $tmp/KERNEL-N.json
run() {
	local k=$1 n=$2; shift 2
	"$ROBIN" sim --quiet --no-progress --stats-json "$tmp/$k-$n.json" -- "$K" "$k" "$n" "$@" \
		>"$tmp/$k-$n.out" 2>"$tmp/$k-$n.err" || { cat "$tmp/$k-$n.err"; fail "$k $n: exit $?"; }
	grep -q "^$k $n -> " "$tmp/$k-$n.out" || fail "$k $n: unexpected output"
}
# delta KERNEL N1 N2 KEY: KEY(N2) - KEY(N1)
delta() { echo $(( $(jv "$tmp/$1-$3.json" "$4") - $(jv "$tmp/$1-$2.json" "$4") )); }
# check LABEL VALUE LO HI (floating point)
check() {
	awk -v v="$2" -v lo="$3" -v hi="$4" 'BEGIN { exit !(v >= lo && v <= hi) }' ||
		fail "$1 = $2, expected within [$3, $4]"
	echo "ok: $1 = $2 in [$3, $4]"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / b }'; }

pair() { run "$1" "$2" "${@:4}"; run "$1" "$3" "${@:4}"; }

# ---- dependent and independent ALU work
pair dep 2000 4000
check "dependent-add IPC" "$(ratio "$(delta dep 2000 4000 instructions)" "$(delta dep 2000 4000 cycles)")" 0.98 1.12
pair indep 2000 4000
check "independent-add IPC" "$(ratio "$(delta indep 2000 4000 instructions)" "$(delta indep 2000 4000 cycles)")" 3.5 4.0

# ---- unpipelined divides: the latency is the issue interval
pair div 300 600
divc=$(jv "$tmp/div-300.json" div_cycles)
per_div=$(ratio "$(delta div 300 600 cycles)" $((8 * 300)))
check "cycles per divide (div_cycles $divc)" "$per_div" "$(awk -v d="$divc" 'BEGIN{print d*0.97}')" "$(awk -v d="$divc" 'BEGIN{print d*1.08}')"

# ---- pointer chase: L1 (16 KiB ring), LLC (1 MiB), DRAM (4096 lines 8 KiB apart over 32 MiB:
# every load opens another DRAM row, and the lines conflict in the caches' sets)
l1d=$(jv "$tmp/div-300.json" l1d_cycles)
llc=$(jv "$tmp/div-300.json" llc_cycles)
l2tlb=$(jv "$tmp/div-300.json" l2tlb_cycles)
pair chase 3000 6000 16
check "L1 load latency (l1d_cycles $l1d)" "$(ratio "$(delta chase 3000 6000 cycles)" 3000)" "$l1d" "$(awk -v a="$l1d" 'BEGIN{print a*1.1}')"
mv "$tmp/chase-3000.json" "$tmp/chasel1.json"
pair chase 2000 4000 1024
want=$((l1d + llc + 1))
check "LLC load latency (l1d+llc+1 = $want, + up to $l2tlb for D-TLB misses)" \
	"$(ratio "$(delta chase 2000 4000 cycles)" 2000)" "$(awk -v a="$want" 'BEGIN{print a*0.97}')" \
	"$(awk -v a="$want" -v t="$l2tlb" 'BEGIN{print (a+t)*1.05}')"
pair chase 1000 2000 32768 8192
f=$(jv "$tmp/div-300.json" freq_mhz)
dram=$(awk -v f="$f" -v c="$(jv "$tmp/div-300.json" dram_ctrl_ns)" -v rp="$(jv "$tmp/div-300.json" dram_trp_ns)" \
	-v rcd="$(jv "$tmp/div-300.json" dram_trcd_ns)" -v cas="$(jv "$tmp/div-300.json" dram_tcas_ns)" \
	'BEGIN { printf "%.0f", (c + rp + rcd + cas) * f / 1000 }')
check "DRAM load latency (LLC path $want + row miss $dram)" "$(ratio "$(delta chase 1000 2000 cycles)" 1000)" \
	"$(awk -v a="$want" -v d="$dram" 'BEGIN{print a + d*0.75}')" "$(awk -v a="$want" -v d="$dram" 'BEGIN{print (a + d)*1.35}')"

# ---- branches
pair randbr 2000 4000
misp=$(delta randbr 2000 4000 conditional_mispredicts)
check "random-branch mispredictions per iteration" "$(ratio "$misp" 2000)" 0.40 0.62
pair loopbr 2000 4000
check "predictable-branch mispredictions per iteration" "$(ratio "$(delta loopbr 2000 4000 conditional_mispredicts)" 2000)" -0.01 0.01
# the cost of a misprediction: random minus the same work predictable, per misprediction
base=$(awk -v a="$(delta loopbr 2000 4000 cycles)" 'BEGIN{print a}')
check "cycles per misprediction" "$(ratio "$(( $(delta randbr 2000 4000 cycles) - base ))" "$misp")" 5 25
[ "$(jv "$tmp/randbr-4000.json" flushed.branch)" -gt 0 ] || fail "no flushed.branch cycles"

# ---- store-to-load forwarding
pair stlf 2000 4000
check "forwardings per store/load pair" "$(ratio "$(delta stlf 2000 4000 store_to_load_forwards)" 2000)" 0.98 1.02

# ---- every fsflags flushes
pair fsflags 500 1000
[ "$(delta fsflags 500 1000 serialize)" -eq 500 ] || fail "fsflags flushes: $(delta fsflags 500 1000 serialize), expected 500"
echo "ok: one flush per fsflags"
[ "$(jv "$tmp/fsflags-1000.json" flushed.serialize)" -gt 1000 ] || fail "no flushed.serialize cycles"

# ---- the cycle stack adds up (robin sim aborts otherwise; check the file too)
for j in "$tmp"/*.json; do
	sum=$(sed -n '/"cycle_stack"/,/}/p' "$j" | grep -oE ': [0-9]+' | tr -d ': ' | awk '{s+=$1} END {print s}')
	[ "$sum" = "$(jv "$j" cycles)" ] || fail "$j: cycle stack $sum != cycles $(jv "$j" cycles)"
done
echo "ok: every cycle stack adds up"
exit 0
