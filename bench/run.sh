#!/usr/bin/env bash
# run.sh — `make bench`: runs each benchmark section in order; each is a script in bench/ that
# prints its own table and writes build/bench/<section>.json. Add a section by adding its
# script to SECTIONS. Exit status: non-zero if any section failed to run or missed its bar.
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
SECTIONS=(
	emu   # robin run vs qemu-riscv64 on the workload suite (bench/emu.sh)
)
rc=0
for s in "${SECTIONS[@]}"; do
	echo "==== bench: $s ===="
	bash "bench/$s.sh" || rc=1
	echo
done
exit $rc
