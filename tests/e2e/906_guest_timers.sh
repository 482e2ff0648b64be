#!/usr/bin/env bash
# test: serial (samples the host, kills or races on purpose, or waits on host time)
# 906: guest interval timers fire. alarm(1); pause() ends with SIGALRM (exit status 142, as on
# Linux and under qemu-riscv64) instead of blocking forever; a periodic ITIMER_REAL with a
# handler ends pause, nanosleep and sigsuspend; a timer's signal reaches a busy loop with no
# system call (delivery at an instruction boundary); ITIMER_VIRTUAL fires on CPU time. On host
# time, with --virtual-time, and under robin sim. Every run is bounded by a timeout that only
# a hang reaches.
set -eu
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest timers
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
run() { guest_run "$@"; }  # run EXPECTED-STATUS EXPECTED-LAST-LINE COMMAND...
for v in static dyn; do
	for vt in "" --virtual-time; do
		run 142 "" "$ROBIN" run $vt "$G/timers.$v" alarm
		grep -q "SIGALRM" "$T/err"
		run 0 "ticks 5" "$ROBIN" run $vt "$G/timers.$v" handler
		grep -qx "nanosleep -1" "$T/out"
		grep -qx "interval 20000 us" "$T/out"
		run 0 "spin ok" "$ROBIN" run $vt "$G/timers.$v" spin
		run 0 "virtual ok" "$ROBIN" run $vt "$G/timers.$v" virtual
	done
done
run 142 "" "$ROBIN" sim "$G/timers.static" alarm
run 0 "virtual ok" "$ROBIN" sim "$G/timers.static" virtual
if have_qemu; then
	run 142 "" qemu-riscv64 -L "$SYSROOT" "$G/timers.static" alarm
	run 0 "ticks 5" qemu-riscv64 -L "$SYSROOT" "$G/timers.dyn" handler
fi
echo "906: ok"
