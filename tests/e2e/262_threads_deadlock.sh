#!/usr/bin/env bash
# 262: when every guest thread waits forever (two threads locking two mutexes in opposite
# orders) robin ends the run with one line naming each thread, the futex word it waits on and
# where (symbol), and exit status 137, instead of hanging as the real program would.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest deadlock
for v in static dyn; do
	out=$(timeout 60 "$ROBIN" run "$G/deadlock.$v" 2>/tmp/robin_262.$$); rc=$?
	err=$(cat /tmp/robin_262.$$); rm -f /tmp/robin_262.$$
	[ $rc -eq 137 ] || { echo "deadlock.$v: exit $rc, expected 137: $err"; exit 1; }
	[ "$out" = "both hold one lock" ] || { echo "deadlock.$v: stdout '$out'"; exit 1; }
	[ "$(wc -l <<<"$err")" -eq 1 ] || { echo "deadlock.$v: not one line: $err"; exit 1; }
	grep -q '^robin: deadlock: every thread waits forever: tid [0-9]* in futex wait on 0x[0-9a-f]* at pc 0x[0-9a-f]* <[^>]*>; tid [0-9]* in futex wait on 0x[0-9a-f]* at pc 0x[0-9a-f]* <[^>]*>$' <<<"$err" ||
		{ echo "deadlock.$v: report: $err"; exit 1; }
done
# the static program has symbols: the waits are in glibc's lock slow path
grep -q '__lll_lock_wait' <<<"$("$ROBIN" run "$G/deadlock.static" 2>&1 >/dev/null)" ||
	{ echo "deadlock.static: the report names no lock function"; exit 1; }
exit 0
