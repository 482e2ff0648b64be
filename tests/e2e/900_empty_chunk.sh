#!/usr/bin/env bash
# 900: a chunk whose blob is empty (or NULL), and images with no symbols at all, never reach
# undefined behaviour in the readers: prof, annotate, diff, export and report either answer or
# refuse with one line, and db check calls the file CORRUPT. (SQLite returns a NULL pointer for
# an empty blob; qsort/memcpy of zero items from NULL is UB that UBSan aborts on.)
set -eu
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
W=$ROBIN_ROOT/build/guest/workloads/bsearch.static
[ -x "$W" ] || { echo "skip: $W not built (make guest)"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cd "$T"
no_ub() {  # the command's stderr holds no sanitizer report
	if grep -E "runtime error|AddressSanitizer|UndefinedBehavior" "$1"; then return 1; fi
}
main_off=$(nm "$W" | awk '$3 == "main" { print "0x" $1 }')
strip -o stripped "$W" 2>/dev/null || cp /bin/true stripped
for r in 1 2; do
	printf 'event cycles period=100\n%s %s cycles 5\n%s/stripped 0x10 cycles 3\n' \
		"$W" "$main_off" "$T" | "$ROBIN" ingest --db good.db --run-command "run $r" > /dev/null
done
cp good.db empty.db
# Every command on the good file, stripped image included: answers, no UB.
for db in good.db; do
	"$ROBIN" prof --db $db > out 2> e; no_ub e; grep -q main out
	"$ROBIN" prof --db $db --image stripped > out 2> e; no_ub e
	"$ROBIN" diff --db $db run:1 run:2 > out 2> e; no_ub e
	"$ROBIN" export --db $db --folded f.txt 2> e; no_ub e
done
# The same with empty and NULL chunk blobs: no UB; db check says CORRUPT.
sqlite3 empty.db "UPDATE sample_chunk SET data = X'' WHERE profile_id = 1"
sqlite3 empty.db "UPDATE sample_chunk SET data = zeroblob(0) WHERE profile_id = 2" 2>/dev/null || true
for cmd in "prof" "prof --images" "prof --image stripped" "annotate main" "diff run:1 run:2" \
	   "diff run:1 run:2 --insns --reference A" "export --folded f.txt" "export --pprof p.pb.gz" \
	   "report --html r.html" "db info"; do
	set +e
	$ROBIN $cmd --db empty.db > out 2> e
	rc=$?
	set -e
	no_ub e || { echo "UB in: robin $cmd"; exit 1; }
	[ $rc -le 1 ] || { echo "robin $cmd exited $rc"; cat e; exit 1; }
done
"$ROBIN" db check --db empty.db > out || true
grep -q "^CORRUPT" out
echo "900: ok"
