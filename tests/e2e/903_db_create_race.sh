#!/usr/bin/env bash
# test: serial (samples the host, kills or races on purpose, or waits on host time)
# 903: two writers starting on the same fresh path both land, every time: database creation is
# atomic (the schema is built in a private file and linked into place), so neither sees a
# half-made file ("application_id 0x0") nor fails on the other's lock. TRIALS (default 30).
set -eu
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cd "$T"
TRIALS=${TRIALS:-30}
printf 'event cycles period=100\n/x/img 0x10 cycles 5\n' > in.txt
lost=0
for t in $(seq 1 "$TRIALS"); do
	rm -f f.db f.db-wal f.db-shm
	"$ROBIN" ingest --db f.db --run-command "a $t" in.txt > /dev/null 2> ea &
	A=$!
	"$ROBIN" ingest --db f.db --run-command "b $t" in.txt > /dev/null 2> eb &
	B=$!
	ra=0 rb=0
	wait $A || ra=$?
	wait $B || rb=$?
	runs=$("$ROBIN" db info --db f.db --json | tr -d ' \n' | sed -n 's/.*"runs":\([0-9]*\).*/\1/p')
	if [ $ra -ne 0 ] || [ $rb -ne 0 ] || [ "$runs" != 2 ]; then
		lost=$((lost + 1))
		echo "trial $t: exit $ra/$rb, $runs run(s): $(cat ea eb | tr '\n' ' ')"
	fi
	ls -a | grep -q "tmp" && { ls -a; echo "trial $t: a temporary file was left behind"; exit 1; }
done
"$ROBIN" db check --db f.db
echo "903: $lost of $TRIALS trials lost a run"
[ $lost -eq 0 ]
