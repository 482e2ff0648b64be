#!/usr/bin/env bash
# 210: differential test, fixed-seed subset (tests/diff/run.sh --quick): every instruction of
# isa_table.def, every rounding mode, on edge and seeded random operands, gives the same
# results and fflags under robin as under qemu-riscv64; and fpu.c alone reproduces qemu's F/D
# results; and robin reproduces tests/diff/golden/newer.txt, a newer qemu's output for the
# extensions qemu 7.2 lacks (Zicond, Zicbo*, Zawrs, Zimop, Zcb, Zcmop, Zfa). The big campaign
# is `make fpdiff`.
set -u
cd "$ROBIN_ROOT"
BUILD_DIR=$(dirname "$ROBIN")
FPCHECK=$BUILD_DIR/tools/fpcheck
[ -x "$FPCHECK" ] || FPCHECK=build/tools/fpcheck
[ -x "$FPCHECK" ] || { echo "fpcheck not built"; exit 1; }
command -v qemu-riscv64 >/dev/null || { echo "qemu-riscv64 is not installed"; exit 77; }
ROBIN="$ROBIN" FPCHECK="$FPCHECK" bash tests/diff/run.sh --quick
