#!/usr/bin/env bash
# profile_db.sh — speed and size of the profile database (docs/profile-db.md, "Size and
# speed"). Builds a profile of N (default 1,000,000) distinct offsets in a large shared
# object, then reports: ingestion rate, `robin prof` per procedure and per image (median of
# 5), bytes on disk per offset against a row-per-offset SQLite table holding the same data,
# and profile size against image size for that dense profile and for a sparse one (20,000
# offsets, a typical hot set). Run by `make bench`; alone: bash bench/profile_db.sh.
set -eu
cd "$(dirname "$0")/.."
ROBIN=${ROBIN:-build/robin}
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
N=${N:-1000000}
IMG=${IMG:-$(ls -S /usr/lib/x86_64-linux-gnu/libLLVM-*.so.1 /usr/lib/*/libLLVM*.so* 2>/dev/null | head -1 || true)}
[ -n "$IMG" ] && [ -f "$IMG" ] || IMG=$ROBIN
IMG=$(readlink -f "$IMG")
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cd "$T"
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# Run a command 5 times; print "median-elapsed-ms median-cpu-ms" (cpu = user + sys: the
# machine is shared, so elapsed time carries other processes' load).
timed5() {
	local i
	TIMEFORMAT='%R %U %S'
	for i in 1 2 3 4 5; do
		{ time "$@" > /dev/null 2>&1; } 2>&1 | awk '{ printf "%d %d\n", $1 * 1000, ($2 + $3) * 1000 }'
	done > t5.txt
	echo "$(cut -d' ' -f1 t5.txt | median) $(cut -d' ' -f2 t5.txt | median)"
}

# .text of the image: offsets spread over it (link-time addresses, as the collector stores).
read -r TEXT_ADDR TEXT_SIZE < <(readelf -SW "$IMG" | awk '$2 == ".text" { print "0x" $4, "0x" $6 }')
STEP=$(( TEXT_SIZE / N )); [ "$STEP" -ge 1 ] || STEP=1
gen() {  # count, step -> ingestion text (counts skewed like a real profile: most small)
	awk -v n="$1" -v base=$((TEXT_ADDR)) -v step="$2" -v img="$IMG" 'BEGIN {
		srand(42); print "event cycles period=60000"
		for (i = 0; i < n; i++) {
			r = rand(); c = int(1 + 1 / (r * r + 0.001))
			printf "%s 0x%x cycles %d\n", img, base + i * step, c
		} }'
}
gen "$N" "$STEP" > dense.txt
t0=$(now_ms); "$ROBIN" ingest --db dense.db dense.txt 2> /dev/null; t1=$(now_ms)
ING_MS=$((t1 - t0))

read -r PROF_MS PROF_CPU < <(timed5 "$ROBIN" prof --db dense.db)
read -r IMG_MS IMG_CPU < <(timed5 "$ROBIN" prof --db dense.db --images)
"$ROBIN" prof --db dense.db > prof.txt
ROWS=$(tail -n +6 prof.txt | grep -c . || true)

DB_BYTES=$(stat -c %s dense.db)
IMG_BYTES=$(stat -c %s "$IMG")
# The alternative design: one row (profile, offset, count) per offset, WITHOUT ROWID.
ROW_BYTES=na
if command -v sqlite3 > /dev/null; then
	awk 'NR > 1 { printf "1,%d,%d\n", strtonum($2), $4 }' dense.txt > rows.csv
	sqlite3 rows.db "CREATE TABLE c (profile_id INTEGER, offset INTEGER, count INTEGER,
		PRIMARY KEY (profile_id, offset)) WITHOUT ROWID;" ".mode csv" ".import rows.csv c" "VACUUM;"
	ROW_BYTES=$(stat -c %s rows.db)
fi

# A sparse profile: 20,000 offsets clustered in hot regions.
SPARSE=20000
awk -v n="$SPARSE" -v base=$((TEXT_ADDR)) -v size=$((TEXT_SIZE)) -v img="$IMG" 'BEGIN {
	srand(7); print "event cycles period=60000"
	for (i = 0; i < n; i++) {
		if (i % 50 == 0) hot = base + int(rand() * (size - 4096))
		printf "%s 0x%x cycles %d\n", img, hot + int(rand() * 2048), 1 + int(10 / (rand() + 0.01))
	} }' > sparse.txt
"$ROBIN" ingest --db sparse.db sparse.txt 2> /dev/null
EMPTY_BYTES=$( "$ROBIN" ingest --db empty.db /dev/null 2> /dev/null; stat -c %s empty.db )
SP_BYTES=$(stat -c %s sparse.db)
SP_PCS=$(sort -u -k2,2 sparse.txt | grep -vc '^event' || true)

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0 || a == "na") print "na"; else printf "%.2f", a / b }'; }
echo "profile database: $N distinct offsets in $(basename "$IMG") ($IMG_BYTES bytes, .text $((TEXT_SIZE)) bytes)"
printf '  %-44s %s\n' \
	"ingest (robin ingest, text, one transaction)" "$ING_MS ms ($(ratio "$((N * 1000))" "$ING_MS") offsets/s)" \
	"robin prof, per procedure (median of 5)" "$PROF_MS ms elapsed, $PROF_CPU ms cpu ($ROWS procedures)" \
	"robin prof --images (median of 5)" "$IMG_MS ms elapsed, $IMG_CPU ms cpu" \
	"database file" "$DB_BYTES bytes ($(ratio "$((DB_BYTES - EMPTY_BYTES))" "$N") bytes per offset above an empty db of $EMPTY_BYTES)" \
	"same data as one row per offset (WITHOUT ROWID)" "$ROW_BYTES bytes ($(ratio "$ROW_BYTES" "$N") bytes per offset)" \
	"row table / packed chunks" "$(ratio "$ROW_BYTES" "$((DB_BYTES - EMPTY_BYTES))")x" \
	"dense profile / image size" "$(ratio "$DB_BYTES" "$IMG_BYTES")" \
	"sparse profile ($SP_PCS offsets) file" "$SP_BYTES bytes ($(ratio "$((SP_BYTES - EMPTY_BYTES))" "$SP_PCS") bytes per offset)" \
	"sparse profile / image size" "$(ratio "$SP_BYTES" "$IMG_BYTES") (image is $(ratio "$IMG_BYTES" "$SP_BYTES")x larger)"
