#!/usr/bin/env bash
# 246: vector differential test, quick mode (tests/diff/vrun.sh --quick): 1000 seeded random
# sequences of V 1.0 instructions (every V row of isa_table.def: vsetvli/vsetivli/vsetvl with
# random SEW/LMUL/ta/ma and AVL, integer, fixed point under random vxrm, masks, permutations,
# reductions, FP under random frm, loads and stores of every addressing mode into a scratch
# buffer, masked and unmasked, legal and some illegal register groups) per VLEN 128, 256 and
# 512 give the same vl, vtype, vstart, vxsat, fflags, scalar results, vector registers and
# memory, or the same signal, under robin run --vlen N as under qemu-riscv64 -cpu
# rv64,v=true,vlen=N. Rows robin does not implement yet (SIGILL every time) are listed and
# left out; the long campaign is `bash tests/diff/vrun.sh --campaign`.
set -u
cd "$ROBIN_ROOT"
BIN=build/guest/diff/vdiff.static
[ -e "$BIN" ] || { echo "$BIN not built"; exit 1; }
command -v qemu-riscv64 >/dev/null || { echo "qemu-riscv64 is not installed"; exit 77; }
ROBIN="$ROBIN" VDIFF_BIN="$BIN" bash tests/diff/vrun.sh --quick
