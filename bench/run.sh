#!/usr/bin/env bash
# bench/run.sh — `make bench`: runs every bench/*.sh (other than this one) in name order, each
# printing its own side-by-side figures. Timing belongs here, never in `make check`.
set -u
cd "$(dirname "$0")/.."
rc=0
for b in bench/*.sh; do
	[ "$b" = bench/run.sh ] && continue
	echo "== $b"
	bash "$b" || { echo "$b failed"; rc=1; }
	echo
done
exit $rc
