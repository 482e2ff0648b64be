#!/usr/bin/env bash
# test: serial (samples the host, kills or races on purpose, or waits on host time)
# 913: `robin record` by an unprivileged user (nobody, through setpriv). With
# perf_event_paranoid 2 it failed with "Permission denied ... system-wide sampling needs
# CAP_PERFMON" and left an empty database; now it profiles the command's own tasks in user
# space, as perf does, says so on its start line, and stores the run. A record that cannot
# start at all (ring buffers beyond the user's locked-memory allowance) exits 1 with one line
# and leaves no database behind.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
cl_need_nobody
T=$(mktemp -d); chmod 777 "$T"; trap 'rm -rf "$T"' EXIT
fail=0
paranoid=$(cat /proc/sys/kernel/perf_event_paranoid)
as_nobody "$ROBIN" record --db "$T/u.db" -- /bin/sh -c 'i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done' \
	> "$T/out" 2>&1; rc=$?
cat "$T/out"
[ $rc = 0 ] || { echo "FAIL: record as nobody exited $rc"; fail=1; }
grep -q "per-task" "$T/out" || { echo "FAIL: the start line does not say the mode"; fail=1; }
if [ "$paranoid" -ge 2 ]; then
	grep -q "user space only" "$T/out" || { echo "FAIL: not user space only at paranoid $paranoid"; fail=1; }
fi
n=$(sqlite3 "$T/u.db" "select count(*) from run" 2>/dev/null)
s=$(sqlite3 "$T/u.db" "select coalesce(sum(samples), 0) from batch" 2>/dev/null)
echo "paranoid $paranoid: ${n:-0} run(s), ${s:-0} samples"
[ "${n:-0}" = 1 ] && [ "${s:-0}" -gt 50 ] || { echo "FAIL: no run with samples"; fail=1; }
# a record that cannot start leaves no database
as_nobody "$ROBIN" record --db "$T/none.db" --mmap-pages 65536 -- true > "$T/out" 2>&1; rc=$?
cat "$T/out"
[ $rc = 1 ] || { echo "FAIL: a record that cannot start exited $rc"; fail=1; }
[ "$(wc -l < "$T/out")" = 1 ] || { echo "FAIL: not one line"; fail=1; }
ls "$T"/none.db* > /dev/null 2>&1 && { echo "FAIL: an empty database was left behind"; fail=1; }
[ $fail = 0 ] && echo "913: ok"
exit $fail
