#!/usr/bin/env bash
# test: serial (samples the host, kills or races on purpose, or waits on host time)
# 908: the daemon on a full disk. `robin daemon flush` and `stop` say "disk full" and exit
# non-zero (they said "flush failed: ..." or nothing and exited 0); the daemon keeps running
# with what it holds in memory instead of exiting, and once space is freed a stop stores it
# and leaves a database that passes db check. (Not yet kept: samples of images first seen
# while the disk is full, whose image row cannot be written; when the system-wide daemon met
# one, the stop after freeing space still fails on it, which the test reports and accepts,
# and the database must still pass db check.)
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
CL_TMP=$(mktemp -d)
OUT=$(mktemp -d)   # replies go here: the small file system will be full
chmod 755 "$CL_TMP"
mount -t tmpfs -o size=2m tmpfs "$CL_TMP" 2>/dev/null || cl_skip "skip: mount is not permitted here (a small file system is needed)"
dir=$CL_TMP/state db=$CL_TMP/daemon.db
fail=0
cleanup() {
	[ "$fail" = 0 ] || { echo "--- daemon.log"; cat "$dir/daemon.log" 2>/dev/null; }
	[ -f "$dir/daemon.pid" ] && kill -9 "$(cat "$dir/daemon.pid")" 2>/dev/null
	sleep 0.2
	umount "$CL_TMP" 2>/dev/null
	rm -rf "$CL_TMP" "$OUT"
}
trap cleanup EXIT
mkdir -p "$CL_TMP/bin"
cl_build_spin "$CL_TMP/bin" || exit 1
"$ROBIN" daemon start --dir "$dir" --db "$db" --interval 1000 > "$OUT/out" 2>&1 ||
	{ cat "$OUT/out"; echo "FAIL: daemon start"; fail=1; exit 1; }
"$CL_TMP/bin/collect_spin" 20
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
if ! "$ROBIN" daemon stop --dir "$dir" > "$OUT/r" 2>&1; then
	# the open part of the issue: an image first seen while the disk was full (this daemon
	# is system-wide, so any program started meanwhile) was never written, and its samples
	# still block the flush; anything else is a failure
	cat "$OUT/r"
	grep -q "no image [0-9]* or run" "$OUT/r" || { echo "FAIL: stop after freeing space"; fail=1; }
	echo "known gap: samples of an image first seen while the disk was full are not kept"
	kill -9 "$(cat "$dir/daemon.pid")" 2>/dev/null
	sleep 0.2
fi
spin=$(cl_counts "$db" collect_spin | awk '{ s += $2 } END { print s + 0 }')
echo "collect_spin samples stored after the disk was freed: $spin"
"$ROBIN" db check --db "$db" | grep -q "^OK" || { echo "FAIL: db check"; fail=1; }
[ $fail = 0 ] && echo "908: ok"
exit $fail
