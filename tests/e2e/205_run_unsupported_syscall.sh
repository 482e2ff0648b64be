#!/usr/bin/env bash
# 205: an unsupported system call returns ENOSYS to the guest, which goes on, and robin prints
# one warning per syscall number naming it and the PC.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest nosys
for v in static dyn; do
	out=$("$ROBIN" run "$G/nosys.$v" 2>/tmp/robin_205.$$); rc=$?
	err=$(cat /tmp/robin_205.$$); rm -f /tmp/robin_205.$$
	[ $rc -eq 0 ] || { echo "nosys.$v: exit $rc"; exit 1; }
	[ "$(grep -c 'Function not implemented' <<<"$out")" -eq 4 ] || { echo "nosys.$v: $out"; exit 1; }
	[ "$(grep -c 'unsupported syscall 999 (unknown) at pc 0x' <<<"$err")" -eq 1 ] || { echo "nosys.$v: warnings: $err"; exit 1; }
	[ "$(grep -c 'unsupported syscall 0 (io_setup) at pc 0x' <<<"$err")" -eq 1 ] || { echo "nosys.$v: warnings: $err"; exit 1; }
	[ "$(wc -l <<<"$err")" -eq 2 ] || { echo "nosys.$v: extra output: $err"; exit 1; }
done
exit 0
