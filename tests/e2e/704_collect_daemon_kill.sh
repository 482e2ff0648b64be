#!/usr/bin/env bash
# test: serial (samples the host, kills or races on purpose, or waits on host time)
# 704: the daemon merges every interval and a SIGKILL loses at most the unflushed interval:
# after a workload has run and two intervals have passed, kill -9 leaves a database that
# passes PRAGMA integrity_check and holds the workload's samples; a new daemon then starts
# on the same state directory and database (stale pid file and socket), and status/stop work.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
CL_TMP=$(mktemp -d)
dir=$CL_TMP/state db=$CL_TMP/daemon.db
cleanup() {
	[ "${fail:-0}" = 0 ] || { echo "--- daemon.log"; cat "$dir/daemon.log" 2>/dev/null; }
	[ -f "$dir/daemon.pid" ] && kill -9 "$(cat "$dir/daemon.pid")" 2>/dev/null
	rm -rf "$CL_TMP"
}
trap cleanup EXIT
cl_build_spin "$CL_TMP" || exit 1
fail=0
"$ROBIN" daemon start --dir "$dir" --db "$db" --interval 0.5 > "$CL_TMP/out" 2>&1 ||
	{ cat "$CL_TMP/out"; echo "FAIL: daemon start"; exit 1; }
cat "$CL_TMP/out"
pid=$(cat "$dir/daemon.pid")
TIMEFORMAT=%U
cpu_ms=$( { time "$CL_TMP/collect_spin" 80; } 2>&1 | awk '{ print int($1 * 1000) }')
sleep 1.5
"$ROBIN" daemon status --dir "$dir" > "$CL_TMP/status"; rc=$?
[ $rc = 0 ] || { echo "FAIL: status exit $rc"; fail=1; }
cat "$CL_TMP/status"
grep -q "samples/s per cpu: cpu0" "$CL_TMP/status" || { echo "FAIL: no per-cpu rates"; fail=1; }
grep -q "hit rate" "$CL_TMP/status" || { echo "FAIL: no hit rate"; fail=1; }
kill -9 "$pid"
sleep 0.2
[ "$(stat -c %a "$db")" = 600 ] || { echo "FAIL: database mode $(stat -c %a "$db")"; fail=1; }
ic=$(sqlite3 "$db" 'pragma integrity_check')
[ "$ic" = ok ] || { echo "FAIL: integrity_check: $ic"; fail=1; }
batches=$(sqlite3 "$db" 'select count(*) from batch')
spin=$(cl_counts "$db" collect_spin | awk '{ s += $2 } END { print s + 0 }')
echo "after SIGKILL: $batches batches, $spin collect_spin samples for $cpu_ms ms of CPU at 1 kHz"
[ "$batches" -ge 2 ] || { echo "FAIL: only $batches merges in 2 s at 0.5 s intervals"; fail=1; }
[ "$spin" -ge $((cpu_ms * 7 / 10)) ] || { echo "FAIL: workload samples missing after the kill"; fail=1; }
# a new daemon on the same directory and database
"$ROBIN" daemon start --dir "$dir" --db "$db" --interval 0.5 > "$CL_TMP/out" 2>&1 ||
	{ cat "$CL_TMP/out"; echo "FAIL: restart after SIGKILL"; fail=1; }
"$ROBIN" daemon start --dir "$dir" --db "$db" > "$CL_TMP/out2" 2>&1 &&
	{ echo "FAIL: a second daemon started"; fail=1; }
grep -q "already running" "$CL_TMP/out2" || { cat "$CL_TMP/out2"; fail=1; }
"$ROBIN" daemon epoch --dir "$dir" --note "after kill" | grep -q "epoch 2 started" ||
	{ echo "FAIL: epoch"; fail=1; }
"$ROBIN" daemon stop --dir "$dir" > /dev/null || { echo "FAIL: stop"; fail=1; }
[ -e "$dir/daemon.pid" ] && { echo "FAIL: pid file left behind"; fail=1; }
"$ROBIN" daemon status --dir "$dir" 2>/dev/null; [ $? -eq 3 ] || { echo "FAIL: status of a stopped daemon"; fail=1; }
[ "$(sqlite3 "$db" 'pragma integrity_check')" = ok ] || { echo "FAIL: integrity after stop"; fail=1; }
exit $fail
