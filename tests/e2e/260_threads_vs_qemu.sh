#!/usr/bin/env bash
# 260: threaded and multi-process guest programs (pthread mutexes, condition variables,
# barriers, thread-local storage, C11 atomics, the join of 100 threads, per-thread signal masks
# and pthread_kill, timed waits that expire, threads talking over pipes (blocking reads and a
# write larger than the pipe), robust mutexes, a CAS (LR/SC) lock-free stack, OpenMP through the cross
# toolchain's libgomp, fork + a producer/consumer over a pipe, vfork, wait4/waitid, SIGCHLD, a
# thread in sigwait woken by pthread_kill (pbzip2's signal thread; robin returned EAGAIN)) give the
# same stdout and exit status under robin as under qemu-riscv64, static and dynamic. Without
# qemu the exit statuses and the key result lines are still checked.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
progs="threads_sync threads_signals threads_pipe threads_omp procs threads_sigwait"
need_guest $progs
declare -A want=([threads_sync]=3 [threads_signals]=0 [threads_pipe]=0 [threads_omp]=0 [procs]=0
                 [threads_sigwait]=0)
declare -A line=([threads_sync]="mutex counter 160000 (expect 160000)"
                 [threads_signals]="robust mutex after its owner exited: EOWNERDEAD"
                 [threads_pipe]="bulk 1048576 bytes, 1048576 x"
                 [threads_omp]="critical 4 atomic 10"
                 [procs]="consumer: 1000 lines, sum 500500"
                 [threads_sigwait]="sigwait returned 0, signal 10")
fail=0
for p in $progs; do
	for v in static dyn; do
		out=$(timeout 120 "$ROBIN" run "$G/$p.$v" 2>&1); rc=$?
		if [ $rc -ne "${want[$p]}" ]; then
			echo "$p.$v: exit $rc, expected ${want[$p]}: $out" | head -5
			fail=1
			continue
		fi
		grep -qxF "${line[$p]}" <<<"$out" || { echo "$p.$v: no line '${line[$p]}'"; fail=1; }
		same_as_qemu "$G/$p.$v" || fail=1
	done
done
have_qemu || echo "note: qemu-riscv64 missing, compared exit statuses only"
exit $fail
