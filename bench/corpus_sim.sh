#!/usr/bin/env bash
# corpus_sim.sh — the corpus on robin's out-of-order core (robin sim, PRESET default
# boom-large). With the small inputs (CORPUS_SIZE=small, the default here) every program runs
# whole: its stdout and exit status must equal qemu-riscv64's. With CORPUS_SIZE=default (or
# CORPUS_SIM_INSNS set) each runs its first CORPUS_SIM_INSNS instructions (default 100 M): what it printed by then must
# be a prefix of qemu-riscv64's whole output, and robin sim exits 124 (or the program's own
# status if it ended sooner). Per program: instructions, cycles, IPC, branch MPKI, the cycle
# stack's committing share, simulation speed: MIPS and simulated kilocycles per second, both
# of robin's CPU time (user + system; wall time on shared machines measures the other
# tenants), and the suite-style medians of both. Writes
# build/bench/corpus_sim[_small].md and .json.
# env: ROBIN, QEMU, CORPUS_SIZE, CORPUS_ONLY, CORPUS_SIM_INSNS, PRESET.
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
. scripts/lib/suite.sh
. scripts/lib/corpus.sh
corpus_bench_setup corpus_sim small
INSNS=${CORPUS_SIM_INSNS:-100000000}
PRESET=${PRESET:-boom-large}
MD=$BENCH_OUT/corpus_sim$SUFFIX.md JSON=$BENCH_OUT/corpus_sim$SUFFIX.json
cd "$DIR"

limit=()
what="whole programs"
if [ "$SIZE" != small ] || [ -n "${CORPUS_SIM_INSNS:-}" ]; then
	limit=(--max-insns "$INSNS"); what="first $INSNS instructions"
fi
names=$(corpus_names "${CORPUS_ONLY:-}")
{
	echo "| program | instructions | cycles | IPC | branch MPKI | committing | sim MIPS | sim kcycles/s | output |"
	echo "|---|---:|---:|---:|---:|---:|---:|---:|---|"
} >"$MD"
bad=0 n=0 rows=() ipcs=() mipss=() kcs=()
for w in $names; do
	corpus_cmd cmd "$w"
	"${CORPUS_ENV[@]}" "$QEMU" -L "$QEMU_SYSROOT" "${cmd[@]}" >"$tmp/q.out" 2>/dev/null
	qrc=$?
	cpu=$( { TIMEFORMAT='%U %S'; time "${CORPUS_ENV[@]}" "$ROBIN" sim --quiet --no-progress \
		--preset "$PRESET" "${limit[@]}" --stats-json "$tmp/s.json" -- "${cmd[@]}" >"$tmp/r.out" \
		2>"$tmp/r.err"; echo "rc $?" >"$tmp/rc"; } 2>&1 )
	rc=$(awk '{ print $2 }' "$tmp/rc")
	cpu=$(awk -v c="$cpu" 'BEGIN { split(c, u, " "); printf "%.3f", u[1] + u[2] }')
	n=$((n + 1))
	verdict=identical
	if [ ${#limit[@]} -eq 0 ] || [ $rc -ne 124 ]; then
		{ [ $rc -eq $qrc ] && cmp -s "$tmp/r.out" "$tmp/q.out"; } ||
			verdict="DIFFERS (exit $rc vs qemu $qrc, $(stat -c %s "$tmp/r.out") vs $(stat -c %s "$tmp/q.out") bytes; $(head -c 160 "$tmp/r.err" | tr '\n' ' '))"
	else
		sz=$(stat -c %s "$tmp/r.out")
		if cmp -s "$tmp/r.out" <(head -c "$sz" "$tmp/q.out"); then verdict="prefix ($sz of $(stat -c %s "$tmp/q.out") bytes)"
		else verdict="DIFFERS (not a prefix of qemu's output)"; fi
	fi
	[[ $verdict == DIFFERS* ]] && bad=$((bad + 1))
	read -r ins cyc ipc mpki comp mips kc < <(python3 - "$tmp/s.json" "$cpu" <<'PY' 2>/dev/null || echo "0 0 0 0 0 0 0"
import json, sys
d = json.load(open(sys.argv[1]))
cpu = float(sys.argv[2])
cs = d.get("cycle_stack", {})
tot = sum(cs.values()) or 1
print(d["instructions"], d["cycles"], "%.3f" % d["ipc"], "%.2f" % d.get("branch_mpki", 0),
      "%.1f%%" % (100.0 * cs.get("computing", 0) / tot),
      "%.2f" % (d["instructions"] / cpu / 1e6 if cpu > 0 else 0),
      "%.0f" % (d["cycles"] / cpu / 1e3 if cpu > 0 else 0))
PY
)
	printf 'corpus_sim: %-12s %12s insns %12s cycles IPC %6s %7s MIPS %7s kcycles/s  %s\n' \
		"$w" "$ins" "$cyc" "$ipc" "$mips" "$kc" "$verdict"
	echo "| $w | $ins | $cyc | $ipc | $mpki | $comp | $mips | $kc | $verdict |" >>"$MD"
	ipcs+=("$ipc") mipss+=("$mips") kcs+=("$kc")
	rows+=("$(printf '{"name": "%s", "instructions": %s, "cycles": %s, "ipc": %s, "branch_mpki": %s, "cpu_seconds": %s, "sim_mips": %s, "sim_kcycles_per_s": %s, "verdict": "%s"}' \
		"$w" "$ins" "$cyc" "$ipc" "$mpki" "$cpu" "$mips" "$kc" "${verdict//\"/}")")
done
echo | tee -a "$MD"
printf 'robin sim --preset %s, %s, %s inputs: %d programs, %d differ from qemu-riscv64; median IPC %.3f, %.2f MIPS, %.0f kcycles/s (CPU time)\n' \
	"$PRESET" "$what" "$SIZE" "$n" "$bad" "$(suite_median "${ipcs[@]}")" "$(suite_median "${mipss[@]}")" \
	"$(suite_median "${kcs[@]}")" | tee -a "$MD"
{
	printf '{\n  "section": "corpus_sim",\n  "size": "%s",\n  "preset": "%s",\n  "limit": %s,\n  "programs": [\n' \
		"$SIZE" "$PRESET" "$([ ${#limit[@]} -gt 0 ] && echo "$INSNS" || echo null)"
	suite_json_array "${rows[@]}"
	printf '  ]\n}\n'
} >"$JSON"
echo "written $MD, $JSON"
[ $bad -eq 0 ]
