#!/usr/bin/env bash
# test: serial (samples the host, kills or races on purpose, or waits on host time)
# 911: guest POSIX timers (timer_create, timer_settime, timer_gettime, timer_getoverrun,
# timer_delete; they returned ENOSYS): a default timer's SIGALRM ends pause() with exit status
# 142; SIGEV_SIGNAL delivers si_code SI_TIMER and the sigev_value to an SA_SIGINFO handler at
# each period; SIGEV_NONE counts down without a signal and does not cut a sleep short; a
# blocked timer signal accumulates overruns (si_overrun = timer_getoverrun >= 30 after 50
# periods) and does not cut a sleep short either; a CPU-time timer interrupts a busy loop;
# SIGEV_THREAD_ID reaches sigwaitinfo; bad arguments give EINVAL; an absolute time in the past
# fires at once. On host time, with --virtual-time and under robin sim; each program's output
# is the same as under qemu-riscv64 when it is installed. Every run is bounded by a timeout
# that only a hang reaches.
set -eu
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest ptimers
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
run() { guest_run "$@"; }  # run EXPECTED-STATUS EXPECTED-LAST-LINE COMMAND...
expect() {  # expect MODE LINE: the first line the mode prints
	case $1 in
	signal) echo "code -2 value 1234 interval 10000000 ns left ok" ;;
	none) echo "before 1 nanosleep 0 slept >=60ms after 0 ticks 0" ;;
	overrun) echo "nanosleep 0 sig SIGUSR2 code -2 value 77 overrun >=30 getoverrun same" ;;
	thread) echo "sig SIGRTMIN code -2 value 5" ;;
	errors) echo "create 1 signal 1 notify 1 clock 1 nsec 1 id 1 abs 1 ticks 1" ;;
	cpu) echo "cpu ok" ;;
	esac
}
last() { case $1 in signal) echo "ticks >=3" ;; *) echo "$1 ok" ;; esac; }
check() {  # check MODE COMMAND...
	local m=$1; shift
	run 0 "$(last "$m")" "$@" "$m"
	[ "$(head -n 1 "$T/out")" = "$(expect "$m")" ] ||
		{ echo "$* $m: printed"; cat "$T/out"; exit 1; }
}
for v in static dyn; do
	for vt in "" --virtual-time; do
		run 142 "" "$ROBIN" run $vt "$G/ptimers.$v" default
		grep -q "SIGALRM" "$T/err"
		for m in signal none overrun cpu thread errors; do
			check $m "$ROBIN" run $vt "$G/ptimers.$v"
		done
	done
done
run 142 "" "$ROBIN" sim "$G/ptimers.static" default
check signal "$ROBIN" sim "$G/ptimers.static"
check cpu "$ROBIN" sim "$G/ptimers.static"
if have_qemu; then
	run 142 "" qemu-riscv64 -L "$SYSROOT" "$G/ptimers.static" default
	for m in signal none overrun cpu thread errors; do
		check $m qemu-riscv64 -L "$SYSROOT" "$G/ptimers.dyn"
	done
fi
echo "911: ok"
