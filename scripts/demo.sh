#!/usr/bin/env bash
# demo.sh — `make demo` (after building build/robin and the guest programs): shows robin's main
# jobs on the workload suite, one section after another. Each section is a script in
# scripts/demo/ that prints a header saying what it shows, then its results; add a section by
# adding its script to SECTIONS. Exit status: non-zero if any section failed.
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
export ROBIN=${ROBIN:-build/robin}
SECTIONS=(
	suite   # every workload under robin run: checksum, instructions, MIPS (scripts/demo/suite.sh)
	sim     # every workload on the out-of-order core: IPC, MPKI, cycle stack (scripts/demo/sim.sh)
	accuracy # the simulated profilers against the Oracle, the Imagick case study (scripts/demo/accuracy.sh)
	record  # this machine: robin record, then prof / annotate / report on it (scripts/demo/record.sh)
)
rc=0
for s in "${SECTIONS[@]}"; do
	# A section that needs a command this build does not have says so instead of failing.
	if [ "$s" = sim ] && ! "$ROBIN" help | grep -q '^  sim '; then
		echo "== robin sim: not in this build (the out-of-order core has not landed); section skipped"
		echo
		continue
	fi
	bash "scripts/demo/$s.sh" || { rc=1; echo "demo: section '$s' failed" >&2; }
	echo
done
exit $rc
