#!/usr/bin/env bash
# test: serial (samples the host, kills or races on purpose, or waits on host time)
# 914: the unprivileged continuous profiler. `robin daemon start` by nobody (through setpriv)
# while nobody runs no process: with perf_event_paranoid forbidding system-wide sampling it
# falls back to per-task user mode (its start line says so, in one line each) and starts anyway,
# waiting for processes. A program nobody starts later (sh, which then forks the CPU-bound
# collect_spin) is found by the /proc scan (--scan 0.1 s), its child is followed through
# inheritance (not attached twice: the samples stay within 120% of its CPU time), and its
# samples are stored: at least 70% (the margin of e2e 704 for cpu-clock at 1 kHz) of its CPU
# time in ms. Once the processes have exited their events are closed (status: detached).
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
cl_need_nobody
T=$(mktemp -d); chmod 755 "$T"
mkdir -p "$T/w"; chmod 777 "$T/w"
dir=$T/w/state db=$T/w/u.db
fail=0
cleanup() {
	[ "$fail" = 0 ] || { echo "--- daemon.log"; cat "$dir/daemon.log" 2>/dev/null; }
	[ -f "$dir/daemon.pid" ] && kill -9 "$(cat "$dir/daemon.pid")" 2>/dev/null
	sleep 0.2
	rm -rf "$T"
}
trap cleanup EXIT
pgrep -u nobody > /dev/null && cl_skip "skip: nobody already runs processes here"
cl_build_spin "$T" || exit 1
chmod 755 "$T/collect_spin"
paranoid=$(cat /proc/sys/kernel/perf_event_paranoid)
as_nobody "$ROBIN" daemon start --dir "$dir" --db "$db" --interval 1000 --scan 0.1 \
	> "$T/out" 2>&1; rc=$?
cat "$T/out"
[ $rc = 0 ] || { echo "FAIL: daemon start as nobody with no process exited $rc"; fail=1; exit 1; }
grep -q "user (per-task, uid [0-9]*: 0 task(s) at start" "$T/out" ||
	{ echo "FAIL: the start line does not say the per-task user mode"; fail=1; }
if [ "$paranoid" -ge 1 ]; then
	grep -q "following uid [0-9]*'s processes only" "$T/out" ||
		{ echo "FAIL: the start does not say why system-wide was not used"; fail=1; }
fi
awk 'length($0) > 0 && $0 !~ /^robin daemon: /' "$T/out" | grep -q . &&
	{ echo "FAIL: a start message spans several lines"; fail=1; }
TIMEFORMAT=%U
cpu=$( { time as_nobody sh -c 'sleep 0.5; "$0" 50; true' "$T/collect_spin"; } 2>&1 | awk '{ print int($1 * 1000) }')
sleep 0.5
as_nobody "$ROBIN" daemon status --dir "$dir" > "$T/st" 2>&1
cat "$T/st"
# attached: sh, the sleep it forked before the scan found it, this status client; collect_spin
# (forked after sh's events were opened) is followed through inheritance. All but the status
# client are gone, so their events must have been closed.
read -r att det <<< "$(sed -n 's/^user mode: [0-9]* task(s) followed, \([0-9]*\) process(es) attached, \([0-9]*\) detached$/\1 \2/p' "$T/st")"
[ -n "${att:-}" ] && [ "$det" -ge 1 ] && [ $((att - det)) -le 1 ] ||
	{ echo "FAIL: processes that exited were not detached (${att:-?} attached, ${det:-?} detached)"; fail=1; }
as_nobody "$ROBIN" daemon stop --dir "$dir" > "$T/r" 2>&1 || { cat "$T/r"; echo "FAIL: stop"; fail=1; }
cat "$T/r"
spin=$(cl_counts "$db" collect_spin | awk '{ s += $2 } END { print s + 0 }')
echo "collect_spin: $spin samples stored for $cpu ms of CPU at 1 kHz (started after the daemon, as nobody)"
[ "$spin" -ge $((cpu * 7 / 10)) ] || { echo "FAIL: samples missing"; fail=1; }
[ "$spin" -le $((cpu * 12 / 10 + 20)) ] || { echo "FAIL: samples counted twice"; fail=1; }
[ $fail = 0 ] && echo "914: ok"
exit $fail
