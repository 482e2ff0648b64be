#!/usr/bin/env bash
# demo-collect.sh — the collector's part of `make demo`: record a short CPU-bound workload on
# this machine with `robin record` (the most precise source the host offers; cpu-clock here),
# then show the per-procedure profile with `robin prof` (or `robin stats` where prof is absent).
set -euo pipefail
cd "$(dirname "$0")/.."
ROBIN=${ROBIN:-build/robin}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
gcc -O1 -g -o "$T/collect_spin" tests/host/collect_spin.c
db=$T/demo.db
echo "== robin record -- collect_spin 100 (six functions in the ratio 40:25:15:10:6:4)"
"$ROBIN" record --db "$db" --freq 2000 -- "$T/collect_spin" 100
echo
if "$ROBIN" help | grep -q '^  prof '; then
	echo "== robin prof"
	"$ROBIN" prof --db "$db" | head -n 20
else
	echo "== robin stats --by procedure"
	"$ROBIN" stats --db "$db" --top 12
fi
