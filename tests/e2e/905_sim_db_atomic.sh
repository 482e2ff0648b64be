#!/usr/bin/env bash
# test: serial (samples the host, kills or races on purpose, or waits on host time)
# 905: `robin sim --db` stores a run and its profiles together or not at all, and checks that
# the database can take them before simulating. A store that fails half-way (here: the write-
# ahead log may not grow, RLIMIT_FSIZE with SIGXFSZ ignored, as on a full disk) leaves no run
# behind and `db check` stays OK; a full or read-only file system is refused before the
# simulation starts.
set -eu
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
P=$ROBIN_ROOT/build/guest/workloads/bsearch.static
[ -x "$P" ] || { echo "skip: $P not built (make guest)"; exit 77; }
T=$(mktemp -d)
MNT=
cleanup() { [ -z "$MNT" ] || umount "$MNT" 2>/dev/null || true; rm -rf "$T"; }
trap cleanup EXIT
cd "$T"
runs() { "$ROBIN" db info --db "$1" --json | tr -d ' \n' | sed -n 's/.*"runs":\([0-9]*\).*/\1/p'; }

printf 'event cycles period=100\n/x/img 0x10 cycles 5\n' | "$ROBIN" ingest --db s.db > /dev/null 2>&1
[ "$(runs s.db)" = 0 ]
# The store fails once the log passes 16 KiB: nothing of the run may remain. A reader holds
# the database open meanwhile, so its 32 KiB WAL index exists before the limit applies.
exec 3> >(exec sqlite3 s.db > /dev/null)
echo "SELECT count(*) FROM run;" >&3
for i in $(seq 1 100); do [ -e s.db-shm ] && break; sleep 0.1; done
set +e
( trap '' XFSZ; ulimit -f 16; exec "$ROBIN" sim --profile oracle,tip --db s.db --max-insns 300000 "$P" ) \
	> out 2> e
rc=$?
set -e
exec 3>&-   # the reader sees end of input and quits
[ $rc -ne 0 ] || { echo "the store should have failed"; tail -3 e; exit 1; }
grep -q "cannot store the profiles" e || { tail -3 e; exit 1; }
[ "$(runs s.db)" = 0 ] || { echo "a run without its profiles was left behind"; "$ROBIN" db check --db s.db; exit 1; }
"$ROBIN" db check --db s.db | grep -q "^OK"
# Without the limit the same command stores run and profiles.
"$ROBIN" sim --profile oracle,tip --db s.db --max-insns 300000 "$P" > out 2> e || [ $? -eq 124 ]
[ "$(runs s.db)" = 1 ] || { tail -3 e; exit 1; }
"$ROBIN" prof --db s.db --run 1 --event oracle > /dev/null

# Full and read-only file systems: refused before simulating (no summary line printed).
mkdir mnt
if mount -t tmpfs -o size=1m tmpfs mnt 2>/dev/null; then
	MNT=$T/mnt
	printf 'event cycles period=100\n/x/img 0x10 cycles 5\n' | "$ROBIN" ingest --db mnt/s.db > /dev/null 2>&1
	dd if=/dev/zero of=mnt/fill bs=4k 2>/dev/null || true
	if "$ROBIN" sim --profile oracle --db mnt/s.db "$P" > out 2> e; then exit 1; fi
	grep -q "mnt/s.db: disk full.*(checked before simulating)" e || { cat e; exit 1; }
	grep -q "MIPS" e && { echo "simulated before checking"; exit 1; }
	rm mnt/fill
	mount -o remount,ro mnt
	if "$ROBIN" sim --profile oracle --db mnt/s.db "$P" > out 2> e; then exit 1; fi
	grep -q "mnt/s.db: not writable.*(checked before simulating)" e || { cat e; exit 1; }
	grep -q "MIPS" e && { echo "simulated before checking"; exit 1; }
	[ "$(runs mnt/s.db)" = 0 ]
	umount mnt; MNT=
else
	echo "note: mount is not permitted here: the full and read-only file system cases are not run"
fi
echo "905: ok"
