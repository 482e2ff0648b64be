#!/usr/bin/env bash
# demo.sh — `make demo` (after building build/robin and the guest programs): shows robin's main
# jobs on the workload suite, one section after another. Each section is a script in
# scripts/demo/ that prints a header saying what it shows, then its results. Add a section by
# adding a row "SCRIPT ROBIN_COMMAND" to SECTIONS (the robin command it needs: a build without
# that command skips the section with a note). Exit status: non-zero if any section failed.
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
export ROBIN=${ROBIN:-build/robin}
SECTIONS=(
	"suite run"   # every workload under robin run: check, instructions, MIPS (scripts/demo/suite.sh)
	"sim sim"     # every workload on the out-of-order core: IPC, MPKI, cycle stack (scripts/demo/sim.sh)
	"accuracy accuracy"  # simulated profilers against the Oracle, Imagick case study (scripts/demo/accuracy.sh)
	"cores sim"   # a threaded program on 2 cores, every consumer per thread or core (scripts/demo/cores.sh)
	"tea sim"     # TEA's per-instruction cycle stacks of lbm's hot loop (scripts/demo/tea.sh)
	"dcpi calc"   # DCPI's frequency/CPI/culprit analysis next to the exact counts (scripts/demo/dcpi.sh)
	"ibs sim"     # 003 Table 1 (PCS skid vs IBS vs exact) and Figure 2 (IBS latency by source) (scripts/demo/ibs.sh)
	"record record"  # this machine: robin record, then prof / annotate / report on it (scripts/demo/record.sh)
)
commands=$("$ROBIN" help 2>/dev/null | awk '/^  [a-z]/ { print $1 }')
rc=0
for row in "${SECTIONS[@]}"; do
	read -r s need <<<"$row"
	if ! grep -qx "$need" <<<"$commands"; then
		echo "==== demo section '$s' skipped: this robin has no '$need' command ===="
		echo
		continue
	fi
	bash "scripts/demo/$s.sh" || { rc=1; echo "demo: section '$s' failed" >&2; }
	echo
done
exit $rc
