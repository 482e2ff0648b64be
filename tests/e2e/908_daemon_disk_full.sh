#!/usr/bin/env bash
# test: serial (samples the host, kills or races on purpose, or waits on host time)
# 908: the daemon on a full disk. `robin daemon flush` and `stop` say "disk full" and exit
# non-zero (they said "flush failed: ..." or nothing and exited 0); the daemon keeps running
# with what it holds in memory instead of exiting, and once space is freed a stop stores it
# and leaves a database that passes db check. The workload's image is first seen while the disk
# is full (the daemon merges only every 1000 s), so its image row cannot be written then: its
# samples are held by image path and build-id, not by a database id, and all of them land once
# space is freed (they were lost before, and the stop failed with "no image N or run 0").
# Here the journal cannot be written either (the state directory is on the same full file
# system): the daemon says so and keeps everything in memory (e2e 910 covers the journal).
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
CL_TMP=$(mktemp -d)
OUT=$(mktemp -d)   # replies go here: the small file system will be full
chmod 755 "$CL_TMP"
mount -t tmpfs -o size=2m tmpfs "$CL_TMP" 2>/dev/null || cl_skip "skip: mount is not permitted here (a small file system is needed)"
dir=$CL_TMP/state db=$CL_TMP/daemon.db
fail=0
DBFS=$CL_TMP   # the one small file system cl_daemon_cleanup unmounts
trap 'cl_daemon_cleanup; rm -rf "$OUT"' EXIT
mkdir -p "$CL_TMP/bin"
cl_build_spin "$CL_TMP/bin" || exit 1
"$ROBIN" daemon start --dir "$dir" --db "$db" --interval 1000 > "$OUT/out" 2>&1 ||
	{ cat "$OUT/out"; echo "FAIL: daemon start"; fail=1; exit 1; }
TIMEFORMAT=%U
cpu_ms=$( { time "$CL_TMP/bin/collect_spin" 20; } 2>&1 | awk '{ print int($1 * 1000) }')
dd if=/dev/zero of="$CL_TMP/fill" bs=4k 2>/dev/null
"$ROBIN" daemon flush --dir "$dir" > "$OUT/r" 2>&1; rc=$?
cat "$OUT/r"
[ $rc -ne 0 ] || { echo "FAIL: flush on a full disk exited 0"; fail=1; }
grep -q "disk full" "$OUT/r" || { echo "FAIL: flush does not say disk full"; fail=1; }
"$ROBIN" daemon stop --dir "$dir" > "$OUT/r" 2>&1; rc=$?
cat "$OUT/r"
[ $rc -ne 0 ] || { echo "FAIL: stop on a full disk exited 0"; fail=1; }
grep -q "disk full" "$OUT/r" || { echo "FAIL: stop does not say disk full"; fail=1; }
kill -0 "$(cat "$dir/daemon.pid")" || { echo "FAIL: the daemon exited with unflushed samples"; fail=1; }
rm -f "$CL_TMP/fill"
grep -q "kept in memory only" "$OUT/r" || { echo "FAIL: stop does not say where the samples are"; fail=1; }
if ! "$ROBIN" daemon stop --dir "$dir" > "$OUT/r" 2>&1; then
	cat "$OUT/r"
	echo "FAIL: stop after freeing space"
	fail=1
fi
spin=$(cl_counts "$db" collect_spin | awk '{ s += $2 } END { print s + 0 }')
echo "collect_spin samples stored after the disk was freed: $spin for $cpu_ms ms of CPU at 1 kHz"
# the margin of e2e 704: cpu-clock at 1 kHz on a shared machine delivers 70% or more
[ "$spin" -ge $((cpu_ms * 7 / 10)) ] || { echo "FAIL: samples of the workload were lost"; fail=1; }
[ -e "$dir/journal" ] && { echo "FAIL: a journal was left behind"; fail=1; }
"$ROBIN" db check --db "$db" | grep -q "^OK" || { echo "FAIL: db check"; fail=1; }
[ $fail = 0 ] && echo "908: ok"
exit $fail
