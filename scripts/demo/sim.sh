#!/usr/bin/env bash
# sim.sh — demo section: every workload of the suite on the out-of-order core (robin sim,
# boom-large): IPC, branch and cache MPKI, and the commit-stage cycle stack condensed to its
# four states with the largest part of each. SIM_DEMO_INSNS caps the instructions per
# workload (default: whole programs).
set -u
cd "$(dirname "$0")/../.."
export ROBIN_ROOT=$PWD
. scripts/lib/suite.sh
ROBIN=${ROBIN:-build/robin}
CAP=${SIM_DEMO_INSNS:-0}
G=build/guest/workloads
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-demo-sim.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
lim=()
[ "$CAP" -gt 0 ] && lim=(--max-insns "$CAP")

echo "== robin sim: the workload suite on the boom-large out-of-order core =="
echo "   (output and instruction counts are those of robin run; cycle stack = commit states:"
echo "    computing / stalled on the ROB head / flushed / drained, with the largest cause)"
printf '%-11s %-8s %11s %6s %6s %6s %6s  %-18s %-22s %-18s %-16s\n' workload class instructions IPC brMPKI l1dMPK llcMPK \
	computing stalled flushed drained
rc=0
for w in $(suite_names); do
	bin=$G/$w.static
	[ -x "$bin" ] || { echo "demo/sim: $bin not built" >&2; exit 1; }
	"${SUITE_ENV[@]}" "$ROBIN" sim --quiet --no-progress "${lim[@]}" --stats-json "$tmp/s.json" -- "$bin" \
		>"$tmp/out" 2>"$tmp/err"
	st=$?
	if [ $st -ne 0 ] && ! { [ "$CAP" -gt 0 ] && [ $st -eq 124 ]; }; then
		echo "$w: robin sim exited $st: $(tail -n1 "$tmp/err")"
		rc=1
		continue
	fi
	# the cycle stack: "name": count pairs inside "cycle_stack"
	sed -n '/"cycle_stack"/,/}/p' "$tmp/s.json" | grep -oE '"[a-z.-]+": [0-9]+' | tr -d '":' >"$tmp/stack"
	cyc=$(suite_json_num "$tmp/s.json" cycles)
	summ() {  # state prefix -> "NN.N% (largest part)"
		awk -v p="$1" -v c="$cyc" '
			index($1, p) == 1 { s += $2; if ($2 > m) { m = $2; n = substr($1, length(p) + 2) } }
			END { if (s == 0) printf "-"; else if (n == "") printf "%.1f%%", 100 * s / c;
			      else printf "%.1f%% %s", 100 * s / c, n }' "$tmp/stack"
	}
	l1d=$(sed -n '/"l1d"/,/}/p' "$tmp/s.json" | grep -m1 '"mpki"' | grep -oE '[0-9.]+$|[0-9.]+,' | tr -d ,)
	llc=$(sed -n '/"llc"/,/}/p' "$tmp/s.json" | grep -m1 '"mpki"' | grep -oE '[0-9.]+$|[0-9.]+,' | tr -d ,)
	printf '%-11s %-8s %11s %6.3f %6.2f %6.2f %6.2f  %-18s %-22s %-18s %-16s\n' "$w" "$(suite_class "$w")" \
		"$(suite_json_num "$tmp/s.json" instructions)" "$(suite_json_num "$tmp/s.json" ipc)" \
		"$(suite_json_num "$tmp/s.json" branch_mpki)" "${l1d:-0}" "${llc:-0}" \
		"$(summ computing)" "$(summ stalled)" "$(summ flushed)" "$(summ drained)"
done
exit $rc
