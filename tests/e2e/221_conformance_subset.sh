#!/usr/bin/env bash
# 221: a fixed pseudo-random subset of gcc 12's gcc.c-torture/execute (24 tests, seed 1, each at
# -O0/-O2 x static/dynamic: up to 96 programs) under qemu-riscv64 and robin: same exit status
# and output (tests/conformance/run.sh). Compiled binaries are cached in build/conformance,
# so only the first run pays for the cross-compiles. The whole suite is `make conformance`.
# Then 12 more tests (seed 2) built for -march=rv64gc_zba_zbb_zbs_zbc, run by qemu with those
# extensions and by robin with --isa rv64gc_zba_zbb_zbs_zbc (issue 30: code GCC emits for
# the bit-manipulation extensions).
set -u
cd "$ROBIN_ROOT"
"$ROBIN" help 2>/dev/null | grep -q '^ *run ' || { echo "robin has no run command yet"; exit 77; }
command -v qemu-riscv64 >/dev/null || { echo "qemu-riscv64 is not installed"; exit 77; }
command -v riscv64-linux-gnu-gcc >/dev/null || { echo "riscv64-linux-gnu-gcc is not installed"; exit 77; }
[ -f "${GCC_TARBALL:-/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz}" ] ||
	{ echo "the gcc-12 source tarball is not installed (gcc-12-source)"; exit 77; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
ROBIN="$ROBIN" bash tests/conformance/run.sh --subset 24 --seed 1 --jobs 2 >"$out" 2>&1
rc=$?
cat "$out"
# the subset must really have run: at least 75 programs built and compared
built=$(sed -n 's/.*; built \([0-9]*\).*/\1/p' "$out")
[ -n "$built" ] && [ "$built" -ge 75 ] || { echo "FAIL: only '${built:-0}' programs built (need >= 75)"; exit 1; }
ROBIN="$ROBIN" bash tests/conformance/run.sh --subset 12 --seed 2 --jobs 2 --march rv64gc_zba_zbb_zbs_zbc >"$out" 2>&1
rc2=$?
cat "$out"
built=$(sed -n 's/.*; built \([0-9]*\).*/\1/p' "$out")
[ -n "$built" ] && [ "$built" -ge 36 ] || { echo "FAIL: only '${built:-0}' Zb* programs built (need >= 36)"; exit 1; }
[ $rc -eq 0 ] && exit $rc2
exit $rc
