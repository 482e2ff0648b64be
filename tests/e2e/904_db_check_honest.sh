#!/usr/bin/env bash
# 904: `robin db check` is honest. It finds every broken invariant of docs/profile-db.md that
# SQLite itself accepts (count_divisor 0 or -1, negative period, empty or non-blob chunk data,
# chunk and batch totals that disagree, a run that never landed, two open epochs) and says
# CORRUPT (exit 1); it says OK for a good file it can only read (read-only file system, no
# write permission, no room for the WAL index) and ERROR (exit 2) for a file it cannot read;
# readers (prof, annotate, report, db info) open such read-only files too.
set -eu
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
T=$(mktemp -d)
MNT=
cleanup() { [ -z "$MNT" ] || umount "$MNT" 2>/dev/null || true; rm -rf "$T"; }
trap cleanup EXIT
cd "$T"
chmod 755 "$T"
W=$ROBIN_ROOT/build/guest/workloads/bsearch.static
[ -x "$W" ] || { echo "skip: $W not built (make guest)"; exit 77; }
main_off=$(nm "$W" | awk '$3 == "main" { print "0x" $1 }')
printf 'event cycles period=100\n%s %s cycles 5\n- 0x99 cycles 2\n' "$W" "$main_off" |
	"$ROBIN" ingest --db good.db --run-command "x" > /dev/null 2>&1
"$ROBIN" db check --db good.db | grep -q "^OK"

# corrupt NAME SQL EXPECTED-PROBLEM: a copy of good.db changed by SQL is CORRUPT, naming it.
corrupt() {
	cp good.db "$1.db"
	sqlite3 "$1.db" "$2"
	set +e; "$ROBIN" db check --db "$1.db" > out; rc=$?; set -e
	[ $rc -eq 1 ] && grep -q "^CORRUPT" out && grep -q -- "$3" out ||
		{ echo "$1: exit $rc"; cat out; exit 1; }
	# and readers do not crash on it
	set +e; "$ROBIN" prof --db "$1.db" > /dev/null 2> e; rc=$?; set -e
	[ $rc -le 1 ] || { echo "$1: prof exit $rc"; cat e; exit 1; }
}
corrupt div0 "UPDATE profile SET count_divisor = 0" "count_divisor 0 is not a positive integer"
corrupt divm1 "UPDATE profile SET count_divisor = -1" "count_divisor -1 is not"
corrupt period "UPDATE profile SET period = -5" "period -5 is negative"
corrupt emptyblob "UPDATE sample_chunk SET data = X'' WHERE profile_id = 1" "data is empty"
corrupt textblob "UPDATE sample_chunk SET data = 'abc' WHERE profile_id = 1" "data is text"
corrupt total "UPDATE profile SET total_count = total_count + 7 WHERE id = 1" "chunks hold"
corrupt both "UPDATE profile SET total_count = total_count + 7 WHERE id = 1;
	UPDATE sample_chunk SET total_count = total_count + 7 WHERE profile_id = 1" "data holds"
corrupt batch "UPDATE batch SET samples = samples + 1" "batches hold"
corrupt unknown "UPDATE batch SET unknown = 0" "unknown"
corrupt base "UPDATE sample_chunk SET base = base + 8 WHERE profile_id = 1" "not a multiple of 16384"
corrupt epochs "INSERT INTO epoch (start_ns, end_ns) VALUES (1, NULL);
	UPDATE epoch SET end_ns = NULL" "open (end_ns NULL) but not the newest"
corrupt orphan "INSERT INTO run (epoch_id, command, simulated, start_ns)
	VALUES (1, 'robin sim --db x', 1, 5)" "run 2 (robin sim --db x): never ended"
corrupt arch "UPDATE image SET arch = 'vax' WHERE id <> 1" "arch 'vax'"
# Damaged pages: CORRUPT as well.
cp good.db pages.db
size=$(stat -c %s pages.db)
dd if=/dev/urandom of=pages.db bs=1024 seek=4 count=$((size / 1024 - 5)) conv=notrunc 2>/dev/null
set +e; "$ROBIN" db check --db pages.db > out; rc=$?; set -e
[ $rc -eq 1 ] && grep -q "^CORRUPT" out || { echo "pages: exit $rc"; cat out; exit 1; }

# readers FILE: every reader works on FILE (as the current user)
readers() {
	"$@" "$ROBIN" db check --db "$DB" | grep -q "^OK" || { "$@" "$ROBIN" db check --db "$DB"; exit 1; }
	"$@" "$ROBIN" db info --db "$DB" > /dev/null
	"$@" "$ROBIN" prof --db "$DB" | grep -q main
	"$@" "$ROBIN" annotate main --db "$DB" > /dev/null
	"$@" "$ROBIN" report --db "$DB" --html - > /dev/null
}
# No write permission on the file nor its directory (as an unprivileged user).
if command -v setpriv > /dev/null && [ "$(id -u)" -eq 0 ]; then
	NOBODY="setpriv --reuid=65534 --regid=65534 --clear-groups"
	mkdir ro; cp good.db ro/; chmod 444 ro/good.db; chmod 555 ro
	DB=$T/ro/good.db readers $NOBODY
	ls ro | grep -q shm && { echo "a reader wrote beside a read-only file"; exit 1; }
	chmod 000 ro/good.db
	set +e; $NOBODY "$ROBIN" db check --db "$T/ro/good.db" > out; rc=$?; set -e
	[ $rc -eq 2 ] && grep -q "^ERROR: .*Permission denied" out || { echo "unreadable: exit $rc"; cat out; exit 1; }
else
	echo "note: not root or no setpriv: the permission cases are not run"
fi
# A read-only file system, and a full one (no room for the WAL index), where mounting works.
mkdir mnt
if mount -t tmpfs -o size=512k tmpfs mnt 2>/dev/null; then
	MNT=$T/mnt
	cp good.db mnt/
	mount -o remount,ro mnt
	DB=$MNT/good.db readers
	mount -o remount,rw mnt
	dd if=/dev/zero of=mnt/fill bs=4k 2>/dev/null || true   # until the disk is full
	DB=$MNT/good.db readers
	umount mnt; MNT=
else
	echo "note: mount is not permitted here: the read-only and full file system cases are not run"
fi
echo "904: ok"
