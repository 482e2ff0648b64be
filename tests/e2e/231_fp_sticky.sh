#!/usr/bin/env bash
# 231: the fast loop's inline FP operations (double add/sub/mul/div/sqrt and fused
# multiply-adds, single add/sub/mul, double compares, fsflags/frflags, double sign
# injections, fcvt.d.s/.d.w/.d.l and fcvt.l.d rtz, rne, rdn, rup and dyn) give the results and accrued flags fpu.c
# gives: tests/guest/fpsticky runs each on edge and pseudo-random operands
# (20,000 per rounding mode, RNE and RTZ through frm, plus static RTZ) with fflags preset to
# every value 0..31, and its checksums per operation equal qemu-riscv64's, static and dynamic,
# and robin's per-instruction path's (emu_step, taken while --trace is on).
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest fpsticky
fail=0
for v in static dyn; do
	same_as_qemu "$G/fpsticky.$v" || fail=1
done
fast=$("$ROBIN" run -- "$G/fpsticky.static")
slow=$("$ROBIN" run --trace 1000000000 --trace-file /dev/null -- "$G/fpsticky.static")
[ "$(printf '%s\n' "$fast" | wc -l)" -eq 32 ] || { echo "fpsticky: $(printf '%s\n' "$fast" | head -3)"; fail=1; }
[ "$fast" = "$slow" ] || { echo "fast and per-instruction paths differ:"; diff <(echo "$slow") <(echo "$fast"); fail=1; }
exit $fail
