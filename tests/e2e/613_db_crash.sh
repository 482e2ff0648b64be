#!/usr/bin/env bash
# test: serial (samples the host, kills or races on purpose, or waits on host time)
# 613: crash safety and concurrent reading. A writer (`robin ingest --batch-lines`) is killed
# with SIGKILL at a random moment (every other trial after its first commit), TRIALS times (20 here; `make stress` runs 200), appending
# to one database while readers run `robin prof` against it. After every kill the database
# passes `robin db check`, holds every batch the writer reported as committed, and holds
# whole batches only (samples = 500 x batches). Every reader run succeeds.
set -u
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
TRIALS=${TRIALS:-20}
T=$(mktemp -d); trap 'kill $RPID 2>/dev/null; rm -rf "$T"' EXIT
cd "$T"
DB=$T/crash.db
# 400k lines of count 1 over 3 images and 2 events; the writer commits every 500 lines.
awk 'BEGIN { srand(7); for (i = 0; i < 400000; i++)
	printf "/nonexistent/img%d 0x%x %s 1\n", i % 3, int(rand() * 2000000), (i % 4 ? "cycles" : "imiss") }' > in.txt
fail() { echo "FAIL: $*"; exit 1; }

# Readers in a loop for the whole test; each failure is recorded.
( while :; do
	if [ -f "$DB" ]; then
		if ! "$ROBIN" prof --db "$DB" --images > /dev/null 2> rerr.txt; then
			# Before the first writer created the schema a reader may find no database, and
			# before its first commit no profile.
			grep -q "no such profile database\|empty database\|no profile matches" rerr.txt ||
				{ echo "reader exit status $?"; cat rerr.txt; } > reader-failed.txt
		fi
	fi
	sleep 0.05
done ) &
RPID=$!

for t in $(seq 1 "$TRIALS"); do
	"$ROBIN" ingest --db "$DB" --batch-lines 500 --print-batches in.txt > out.txt 2> err.txt &
	W=$!
	# Odd trials kill at a random moment after the start (creation included); even trials
	# wait for the writer's first reported batch (at most 60 s), so however slow the machine
	# some kills land in the middle of appending.
	if [ $((t % 2)) -eq 0 ]; then
		for _ in $(seq 1 3000); do grep -q '^batch' out.txt 2>/dev/null && break; sleep 0.02; done
	fi
	sleep "0.$(printf '%03d' $((RANDOM % 400 + 20)))"
	kill -KILL $W 2> /dev/null
	wait $W 2> /dev/null
	if [ ! -e "$DB" ]; then  # killed before it created the file (slow start under load)
		[ ! -s out.txt ] || fail "trial $t: batches reported but there is no database"
		echo "trial $t: killed before creating the database"
		continue
	fi
	"$ROBIN" db check --db "$DB" > check.txt || { cat check.txt; fail "trial $t: check failed"; }
	if grep -q "is empty" check.txt; then  # killed before the schema was committed
		[ ! -s out.txt ] || fail "trial $t: batches reported but the database is empty"
		echo "trial $t: killed before the first commit"
		continue
	fi
	"$ROBIN" db info --db "$DB" --json > info.json 2> info.err || { cat info.err; fail "trial $t: info failed"; }
	B=$(sed -n 's/.*"batches": \([0-9]*\).*/\1/p' info.json)
	C=$(tr -d ' \n' < info.json | sed -n 's/.*"cycles":{"samples":\([0-9.e+]*\).*/\1/p')
	I=$(tr -d ' \n' < info.json | sed -n 's/.*"imiss":{"samples":\([0-9.e+]*\).*/\1/p')
	S=$(awk -v c="${C:-0}" -v i="${I:-0}" 'BEGIN { printf "%d", c + i }')
	[ "$S" -eq $((B * 500)) ] || fail "trial $t: $S samples in $B batches (a partial batch?)"
	LAST=$(awk '$1 == "batch" { id = $2 } END { print id + 0 }' out.txt)
	[ "$LAST" -le "$B" ] || fail "trial $t: writer reported batch $LAST, database has $B"
	[ ! -f reader-failed.txt ] || { cat reader-failed.txt; fail "a reader failed"; }
	echo "trial $t: killed after batch $LAST, database holds $B batches, $S samples"
done
kill $RPID 2>/dev/null; wait $RPID 2>/dev/null
[ "${B:-0}" -gt 0 ] || fail "no batch was ever committed"
echo "613 ok: $TRIALS trials"
