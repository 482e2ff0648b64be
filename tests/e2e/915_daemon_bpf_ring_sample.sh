#!/usr/bin/env bash
# test: serial (samples the host, kills or races on purpose, or waits on host time)
# 915: the user-mode daemon on the BPF path while short commands come and go. On that path
# the samples are counted in the kernel, yet one still reaches the CPU rings now and then (the
# program declined it, or it was taken before the program was attached to a new process's
# events); it went to the per-CPU tables of the ring path, which the BPF path never made:
# SIGSEGV within a second of the start in about 1 start of 6, nothing in daemon.log, the pid
# file left and the samples since the last flush lost. Twelve starts, each with a burst of
# short commands: every time the daemon answers status, stops cleanly (its log ends with
# "stopped") and leaves no process behind. Skips (77) where the BPF path is not available.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
cl_daemon_dir --user
start() {
	"$ROBIN" daemon start --user --dir "$dir" --db "$db" --interval 2 --freq 200 > "$T/out" 2>&1
}
start || cl_skip "skip: the user-mode daemon cannot start here: $(head -1 "$T/out")"
grep -q ", path bpf," "$T/out" || { "$ROBIN" daemon stop --dir "$dir" > /dev/null 2>&1
	cl_skip "skip: the BPF path is not available here: $(head -1 "$T/out")"; }
"$ROBIN" daemon stop --dir "$dir" > /dev/null 2>&1 || { echo "FAIL: stop of the probe"; fail=1; exit 1; }
died=0
for i in $(seq 12); do
	start || { cat "$T/out"; echo "FAIL: round $i: start"; fail=1; break; }
	for _ in $(seq 15); do /bin/true; sh -c 'ls / > /dev/null'; done
	sleep 0.3
	if ! "$ROBIN" daemon status --dir "$dir" > "$T/st" 2>&1; then
		echo "FAIL: round $i: the daemon died: $(head -1 "$T/st")"
		died=$((died + 1)); fail=1
		for p in $(ours); do kill -9 "$p" 2>/dev/null; done
		rm -f "$dir/daemon.pid"
		continue
	fi
	"$ROBIN" daemon stop --dir "$dir" > "$T/stop" 2>&1 ||
		{ cat "$T/stop"; echo "FAIL: round $i: stop"; fail=1; }
	tail -1 "$dir/daemon.log" | grep -q "stopped$" ||
		{ echo "FAIL: round $i: daemon.log does not end with its stop"; fail=1; }
	for _ in $(seq 20); do [ -z "$(ours)" ] && break; sleep 0.1; done
	[ -z "$(ours)" ] || { echo "FAIL: round $i: a daemon process is left: $(ours)"; fail=1; }
	for p in $(ours); do kill -9 "$p" 2>/dev/null; done
done
echo "12 starts on the BPF path with short commands: $died died"
[ $fail = 0 ] && echo "915: ok"
exit $fail
