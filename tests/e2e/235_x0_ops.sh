#!/usr/bin/env bash
# 235: operations with x0 as an operand (li, mv, sext.w, neg, beqz, bgtz, `sd zero` and the
# rest of the base integer operations and branches with x0 on either side): robin's blocks
# turn the ones that need no x0 into ops that read none (src/emu/block.c), its translated code
# tests a register against x0 and stores the immediate 0 (src/emu/jit.c).
# tests/guest/x0ops (each operation many times on edge operands, so its block is translated)
# prints the same with the default, --jit 1 (every block translated) and --jit 0 (none), static
# and dynamic, with the same instruction count, and the same as qemu-riscv64 (skipped without
# qemu); --jit 1 really translated blocks.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest x0ops
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-235.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0

for v in static dyn; do
	tag="x0ops.$v"
	jit_modes "$tag" "$tmp" "$G/x0ops.$v" || fail=1
	[ "$(cat "$tmp/j0.rc")" = 0 ] || { echo "$tag: exit $(cat "$tmp/j0.rc")"; head -3 "$tmp/j0.err"; fail=1; }
	lines=$(wc -l <"$tmp/j0.out")
	[ "$lines" -eq 37 ] || { echo "$tag: printed $lines lines, want 37"; fail=1; }
	if have_qemu; then
		qemu-riscv64 -L "$SYSROOT" "$G/x0ops.$v" >"$tmp/q.out" 2>"$tmp/q.err"
		rq=$?
		if [ $rq -ne 0 ] || ! diff "$tmp/q.out" "$tmp/j16.out" >"$tmp/d"; then
			echo "$tag: qemu (exit $rq) and robin differ:"
			head -10 "$tmp/d" "$tmp/q.err"
			fail=1
		fi
	fi
done
exit $fail
