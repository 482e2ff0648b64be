#!/usr/bin/env bash
# test: serial (samples the host, kills or races on purpose, or waits on host time)
# 910: the daemon's journal. The database is on a small file system that fills up while the
# state directory has room: a failed flush saves every held sample to DIR/journal, so a
# SIGKILL then loses none of them, and the next start replays the journal (saying so) and
# removes it once stored; a stop on the full disk exits non-zero saying "disk full", saves
# the journal and stops; a malformed journal is set aside (renamed, not deleted) with a one-line
# note and the daemon starts. At the end the workload's samples are all there exactly once:
# between 70% (the margin of e2e 704 for cpu-clock at 1 kHz) and 120% of its CPU time in ms.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
cl_daemon_tmpfs 2m
mkdir -p "$CL_TMP/bin"
cl_build_spin "$CL_TMP/bin" || exit 1
TIMEFORMAT=%U
spin_ms() { { time "$CL_TMP/bin/collect_spin" 20; } 2>&1 | awk '{ print int($1 * 1000) }'; }
start() {
	"$ROBIN" daemon start --dir "$dir" --db "$db" --interval 1000 > "$CL_TMP/out" 2>&1 ||
		{ cat "$CL_TMP/out"; echo "FAIL: daemon start"; fail=1; exit 1; }
	cat "$CL_TMP/out"
}
gone() { # wait up to 5 s for a file to disappear
	for _ in $(seq 50); do [ -e "$1" ] || return 0; sleep 0.1; done
	return 1
}

# 1. flush on a full disk writes the journal; SIGKILL; the next start replays it
start
cpu1=$(spin_ms)
dd if=/dev/zero of="$DBFS/fill" bs=4k 2>/dev/null
"$ROBIN" daemon flush --dir "$dir" > "$CL_TMP/r" 2>&1; rc=$?
cat "$CL_TMP/r"
[ $rc -ne 0 ] || { echo "FAIL: flush on a full disk exited 0"; fail=1; }
grep -q "disk full" "$CL_TMP/r" || { echo "FAIL: flush does not say disk full"; fail=1; }
grep -q "in the journal $dir/journal" "$CL_TMP/r" || { echo "FAIL: flush does not name the journal"; fail=1; }
[ -s "$dir/journal" ] && tail -1 "$dir/journal" | grep -q "^end [0-9]" ||
	{ echo "FAIL: no complete journal"; fail=1; }
kill -9 "$(cat "$dir/daemon.pid")"
sleep 0.2
rm -f "$DBFS/fill"
start
n=$(sed -n 's/.*replaying \([0-9]*\) samples from the journal.*/\1/p' "$CL_TMP/out")
echo "replayed ${n:-none} samples for $cpu1 ms of workload CPU"
[ -n "$n" ] && [ "$n" -ge $((cpu1 * 7 / 10)) ] || { echo "FAIL: the journal was not replayed in full"; fail=1; }
gone "$dir/journal" || { echo "FAIL: the journal stays after it was stored"; fail=1; }
spin=$(cl_counts "$db" collect_spin | awk '{ s += $2 } END { print s + 0 }')
[ "$spin" -ge $((cpu1 * 7 / 10)) ] || { echo "FAIL: the replayed samples are not in the database ($spin)"; fail=1; }

# 2. stop on a full disk: non-zero, disk full, journal saved, the daemon stops
cpu2=$(spin_ms)
dd if=/dev/zero of="$DBFS/fill" bs=4k 2>/dev/null
"$ROBIN" daemon stop --dir "$dir" > "$CL_TMP/r" 2>&1; rc=$?
cat "$CL_TMP/r"
[ $rc -ne 0 ] || { echo "FAIL: stop on a full disk exited 0"; fail=1; }
grep -q "disk full" "$CL_TMP/r" || { echo "FAIL: stop does not say disk full"; fail=1; }
grep -q "journal" "$CL_TMP/r" || { echo "FAIL: stop does not name the journal"; fail=1; }
gone "$dir/daemon.pid" || { echo "FAIL: the daemon did not stop with its samples journaled"; fail=1; }
[ -s "$dir/journal" ] || { echo "FAIL: no journal after the stop"; fail=1; }
rm -f "$DBFS/fill"
start
grep -q "replaying [0-9]* samples from the journal" "$CL_TMP/out" || { echo "FAIL: second replay"; fail=1; }
"$ROBIN" daemon stop --dir "$dir" > "$CL_TMP/r" 2>&1 || { cat "$CL_TMP/r"; echo "FAIL: stop"; fail=1; }
[ -e "$dir/journal" ] && { echo "FAIL: journal left after a good stop"; fail=1; }
spin=$(cl_counts "$db" collect_spin | awk '{ s += $2 } END { print s + 0 }')
cpu=$((cpu1 + cpu2))
echo "collect_spin: $spin samples stored for $cpu ms of CPU at 1 kHz (two workloads, each held across a full disk)"
[ "$spin" -ge $((cpu * 7 / 10)) ] || { echo "FAIL: samples lost"; fail=1; }
[ "$spin" -le $((cpu * 12 / 10 + 20)) ] || { echo "FAIL: samples stored twice"; fail=1; }
"$ROBIN" db check --db "$db" | grep -q "^OK" || { echo "FAIL: db check"; fail=1; }

# 3. a malformed journal is set aside and named; the daemon starts
printf 'robin-journal 1\nevent 0 1000000 cpu-clock\nc 0 0 4096 7\n' > "$dir/journal"
start
grep -q "journal not replayed: $dir/journal:4: .*set aside as $dir/journal.bad-" "$CL_TMP/out" ||
	{ echo "FAIL: a malformed journal is not reported"; fail=1; }
ls "$dir"/journal.bad-* > /dev/null 2>&1 || { echo "FAIL: the malformed journal was not kept"; fail=1; }
"$ROBIN" daemon stop --dir "$dir" > /dev/null || { echo "FAIL: stop"; fail=1; }
[ $fail = 0 ] && echo "910: ok"
exit $fail
