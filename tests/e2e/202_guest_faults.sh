#!/usr/bin/env bash
# 202: a guest fault ends the run with one line on stderr naming the signal, the access, the
# PC with its symbol and the disassembled instruction, and exit status 128+signal.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest segv illegal ebreak abort busfault
check() {  # prog, status, regex for the stderr line
	local err rc
	err=$("$ROBIN" run "$G/$1" 2>&1 >/dev/null); rc=$?
	[ $rc -eq "$2" ] || { echo "$1: exit $rc, expected $2 ($err)"; exit 1; }
	[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || { echo "$1: not one line: $err"; exit 1; }
	[[ $err =~ $3 ]] || { echo "$1: '$err' does not match '$3'"; exit 1; }
}
for v in static dyn; do
	check segv.$v 139 '^robin: guest fault: SIGSEGV: store to unmapped address 0x0 at pc 0x[0-9a-f]+ <main\+0x[0-9a-f]+>: sd [a-z0-9]+,0\([a-z0-9]+\)$'
	check illegal.$v 132 '^robin: guest fault: SIGILL: illegal instruction at pc 0x[0-9a-f]+ <main\+0x[0-9a-f]+>: csrr [a-z0-9]+,mstatus$'
	check ebreak.$v 133 '^robin: guest fault: SIGTRAP: breakpoint at pc 0x[0-9a-f]+ <main\+0x[0-9a-f]+>: ebreak$'
	check abort.$v 134 '^robin: guest killed by SIGABRT'
	check busfault.$v 135 '^robin: guest fault: SIGBUS: load from address 0x[0-9a-f]+ beyond the end of its file mapping at pc 0x[0-9a-f]+ <main\+0x[0-9a-f]+>: lbu '
done
# stdout written before the fault is not lost
out=$("$ROBIN" run "$G/segv.static" 2>/dev/null)
[ "$out" = before ] || { echo "stdout before fault: '$out'"; exit 1; }
exit 0
