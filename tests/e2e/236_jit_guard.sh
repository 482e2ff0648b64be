#!/usr/bin/env bash
# 236: a translated load or store through a base register the block already checked goes to
# host memory with no check of its own (src/emu/jit.c, mem_addr); past the guest's address
# space it faults in the guard gmem reserves around it (GMEM_GUARD), into an unmapped page in
# the page's own protection; sp's accesses have no check at all (its writes check it:
# JIT_SP_BELOW). tests/guest/jitguard makes such accesses fault 180 times (past
# 2^38 by 8 and 2040 bytes off the stack's last word, 2048 bytes below a mapped page), and 60
# loads through an sp set past the address space: each
# must be a SIGSEGV at that access with its si_addr and with what came before it in the
# block done once (a fault sent back to an earlier op would count a store twice), the same
# with the blocks translated (default and --jit 1) as interpreted (--jit 0), static and
# dynamic, with the same instruction count.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest jitguard
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-236.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0

for v in static dyn; do
	tag="jitguard.$v"
	jit_modes "$tag" "$tmp" "$G/jitguard.$v" || fail=1
	if [ "$(cat "$tmp/j16.out")" != "faults 240, completed sum 0" ]; then
		echo "$tag: printed:"; head -5 "$tmp/j16.out"; fail=1
	fi
done
exit $fail
