#!/usr/bin/env bash
# record.sh — the real-machine section of `make demo`: profile a short CPU-bound program on this
# machine with `robin record` (the most precise source the host offers; cpu-clock here), then
# read the profile it has just produced with the database tools: `robin prof` (per procedure),
# `robin annotate` (the hottest procedure, instruction by instruction with its source lines)
# and `robin report --html` (a self-contained page, left in build/demo/).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROBIN=${ROBIN:-build/robin}
mkdir -p build/demo
# The program stays in build/demo/ so the profile can be symbolised again later.
gcc -O1 -g -o build/demo/collect_spin tests/host/collect_spin.c
db=build/demo/record.db
rm -f "$db" "$db-wal" "$db-shm"

echo "=== Real machine: robin record, then prof / annotate / report on the profile it produced"
echo "    program: collect_spin, six functions built to take 40:25:15:10:6:4 of the time"
echo
"$ROBIN" record --db "$db" --freq 2000 -- build/demo/collect_spin 100
echo
echo "--- robin prof --db $db -n 10"
"$ROBIN" prof --db "$db" -n 10
echo
top=$("$ROBIN" prof --db "$db" --csv | awk -F, 'NR == 2 { print $1 }')
echo "--- robin annotate --db $db $top"
"$ROBIN" annotate --db "$db" "$top"
echo
echo "--- robin report --db $db --html build/demo/record.html"
"$ROBIN" report --db "$db" --html build/demo/record.html
