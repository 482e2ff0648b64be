#!/usr/bin/env bash
# sim.sh — the timing model's speed: every workload of the suite (static build) under
# `robin sim` (boom-large), median of BENCH_RUNS runs (default 3) of the first SIM_INSNS
# instructions (default 10M; 0 = whole programs), three ways side by side (interleaved): with
# no probe consumer, with the Oracle and TIP attached, and with all nine simulated profilers
# (--profile ... --period 1009, as robin accuracy samples). MIPS are simulated instructions
# per second of robin's CPU time (wall-clock time on these shared machines mostly measures
# the other tenants).
#
# Results are checked before any figure is printed: each workload runs to its end under
# robin run and robin sim (same output, exit status and instruction count; SIM_VERIFY=0
# skips this) and once under --probe-check (0 errors), every timed run must simulate the
# same cycles as the bare run (profilers observe, they do not change timing), and the bare
# cycles and instructions must equal those recorded in bench/sim_ref.tsv for that length
# (written by the binary the figures started from; SIM_REF=update rewrites it after a change
# that is meant to alter timing). A workload that fails a check prints the reason and no
# figures, and the script exits 1.
#
# Prints a table (instructions, IPC, MIPS for the three ways, the bare run's simulated cycles per
# CPU second in thousands beside its MIPS, the all-nine slowdown), the
# suite's medians against the bars of the speed issue (>= 8 MIPS bare, >= 5 with Oracle+TIP,
# bsearch and nab >= 4 bare, all nine at most 1.3x bare), writes build/bench/sim.json and
# the same table in Markdown, dated, to build/bench/sim.md (for docs/results/timing-model-speed.md).
# env: ROBIN (default build/robin), BENCH_RUNS, SIM_INSNS, SIM_VERIFY, SIM_REF, SIM_REF_FILE
# (default bench/sim_ref.tsv), SIM_WORKLOADS (a subset, default the whole suite), SIM_OUT_DIR
# (default build/bench).
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
. scripts/lib/suite.sh
ROBIN=${ROBIN:-build/robin}
RUNS=${BENCH_RUNS:-3}
INSNS=${SIM_INSNS:-10000000}
VERIFY=${SIM_VERIFY:-1}
REF=${SIM_REF_FILE:-bench/sim_ref.tsv}
WORKLOADS=${SIM_WORKLOADS:-}
OUTDIR=${SIM_OUT_DIR:-build/bench}
OUT=$OUTDIR/sim.json
MD=$OUTDIR/sim.md
G=build/guest/workloads
PROF_OT=(--profile oracle,tip --period 1009 --top 0)
PROF_ALL=(--profile all --period 1009 --top 0)

[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "bench/sim: BENCH_RUNS must be a positive integer" >&2; exit 2; }
[[ $INSNS =~ ^[0-9]+$ ]] || { echo "bench/sim: SIM_INSNS must be a number" >&2; exit 2; }
[ -x "$ROBIN" ] || { echo "bench/sim: $ROBIN not found (make build/robin)" >&2; exit 2; }
mkdir -p "$OUTDIR"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-bench-sim.XXXXXX")
# The programs run from a directory whose path has the same length in every checkout: a
# static glibc program reads /proc/self/exe at start-up, so the length of its path moves
# the simulated cycles by a few and the reference would hold for one checkout only.
stage=$(mktemp -d /tmp/robin-sim.XXXXXXXX)
trap 'rm -rf "$tmp" "$stage"' EXIT
lim=()
[ "$INSNS" -gt 0 ] && lim=(--max-insns "$INSNS")

# ref_get NAME: "cycles instructions" recorded for NAME at this length, or empty
ref_get() {
	[ -f "$REF" ] && awk -F'\t' -v n="$1" -v k="$INSNS" '!/^#/ && $1 == n && $2 == k { print $3, $4 }' "$REF"
}
if [ "${SIM_REF:-}" = update ]; then
	{ printf '# bench/sim.sh reference: workload, max-insns, cycles, instructions (boom-large)\n'
	  [ -f "$REF" ] && awk -F'\t' -v k="$INSNS" '!/^#/ && $2 != k' "$REF"; } >"$tmp/ref"
fi

# one timed run: sim_time OUT_JSON ARGS... prints "CPU_SECONDS WALL_SECONDS"
sim_time() {
	local j=$1; shift
	local t0 t1 cpu TIMEFORMAT='%U %S'
	t0=$(suite_now_ns)
	cpu=$( { time "${SUITE_ENV[@]}" "$ROBIN" sim --quiet --no-progress "${lim[@]}" --stats-json "$j" "$@" \
		>/dev/null 2>"$tmp/err"; } 2>&1 )
	t1=$(suite_now_ns)
	awk -v c="$cpu" -v a="$t0" -v b="$t1" 'BEGIN { split(c, u, " "); printf "%.3f %.3f", u[1] + u[2], (b - a) / 1e9 }'
}

mips() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.2f", (s > 0 ? n / s / 1e6 : 0) }'; }
# kcps CYCLES SECONDS: simulated kilocycles per CPU second
kcps() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.0f", (s > 0 ? n / s / 1e3 : 0) }'; }

date=$(date -u +%Y-%m-%d)
echo "robin sim (boom-large), static workloads, $([ "$INSNS" -gt 0 ] && echo "first $INSNS instructions" || echo "whole programs"), median of $RUNS runs, $date"
echo "MIPS = simulated instructions per CPU second of robin; kcyc/s = simulated kilocycles per CPU"
echo "second (bare); O+T = Oracle and TIP attached;"
echo "all 9 = every simulated profiler attached; slowdn = all 9 over bare (CPU time)"
printf '%-11s %-8s %11s %6s %7s %7s %7s %7s %7s  %s\n' workload class instructions IPC bare kcyc/s "O+T" "all 9" slowdn check
all=() allkc=() allot=() all9=() slows=() rows=() failed=0
md_rows=()
for w in ${WORKLOADS:-$(suite_names)}; do
	[ -x "$G/$w.static" ] || { echo "bench/sim: $G/$w.static not built (make guest)" >&2; exit 2; }
	bin=$stage/$w.static
	cp "$G/$w.static" "$bin" || exit 2
	verdict=ok
	if [ "$VERIFY" = 1 ]; then
		"${SUITE_ENV[@]}" "$ROBIN" run --hermetic --stats-json "$tmp/r.json" -- "$bin" >"$tmp/r.out" 2>/dev/null
		rc_r=$?
		"${SUITE_ENV[@]}" "$ROBIN" sim --quiet --no-progress --stats-json "$tmp/v.json" -- "$bin" >"$tmp/v.out" 2>/dev/null
		rc_s=$?
		if [ $rc_r -ne $rc_s ]; then verdict="exit $rc_s vs $rc_r"
		elif ! cmp -s "$tmp/r.out" "$tmp/v.out"; then verdict="output differs"
		elif [ "$(suite_json_num "$tmp/r.json" instructions)" != "$(suite_json_num "$tmp/v.json" instructions)" ]; then
			verdict="instruction count differs"
		fi
	fi
	"${SUITE_ENV[@]}" "$ROBIN" sim --quiet --no-progress "${lim[@]}" --probe-check -- "$bin" >/dev/null 2>"$tmp/pc.err"
	grep -q ", 0 errors" "$tmp/pc.err" || verdict="probe check: $(grep 'probe check' "$tmp/pc.err" | tail -c 80)"
	t=() tot=() t9=()
	cyc=""
	for ((i = 0; i < RUNS; i++)); do
		for k in 0 1 2; do
			case $k in
			0) read -r c _ <<<"$(sim_time "$tmp/s.json" -- "$bin")"; t+=("$c"); j=$tmp/s.json ;;
			1) read -r c _ <<<"$(sim_time "$tmp/o.json" "${PROF_OT[@]}" -- "$bin")"; tot+=("$c"); j=$tmp/o.json ;;
			2) read -r c _ <<<"$(sim_time "$tmp/a.json" "${PROF_ALL[@]}" -- "$bin")"; t9+=("$c"); j=$tmp/a.json ;;
			esac
			cy=$(suite_json_num "$j" cycles)
			[ -z "$cyc" ] && cyc=$cy
			[ "$cy" = "$cyc" ] || verdict="cycles differ between runs ($cy vs $cyc)"
		done
	done
	insns=$(suite_json_num "$tmp/s.json" instructions)
	ipc=$(suite_json_num "$tmp/s.json" ipc)
	ref=$(ref_get "$w")
	if [ "${SIM_REF:-}" = update ]; then
		printf '%s\t%s\t%s\t%s\n' "$w" "$INSNS" "$cyc" "$insns" >>"$tmp/ref"
	elif [ -z "$ref" ]; then
		[ "$verdict" = ok ] && verdict="ok (no reference for $INSNS instructions)"
	elif [ "$ref" != "$cyc $insns" ]; then
		verdict="cycles/instructions $cyc $insns, reference $ref"
	fi
	case $verdict in ok*) ;; *)
		failed=1
		printf '%-11s %-8s %11s %6s %7s %7s %7s %7s %7s  %s\n' "$w" "$(suite_class "$w")" "$insns" - - - - - - "$verdict"
		continue ;;
	esac
	s=$(suite_median "${t[@]}") sot=$(suite_median "${tot[@]}") s9=$(suite_median "${t9[@]}")
	m=$(mips "$insns" "$s") kc=$(kcps "$cyc" "$s") mot=$(mips "$insns" "$sot") m9=$(mips "$insns" "$s9")
	slow=$(awk -v a="$s9" -v b="$s" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
	all+=("$m") allkc+=("$kc") allot+=("$mot") all9+=("$m9") slows+=("$slow")
	printf '%-11s %-8s %11s %6.3f %7s %7s %7s %7s %6sx  %s\n' "$w" "$(suite_class "$w")" "$insns" "$ipc" \
		"$m" "$kc" "$mot" "$m9" "$slow" "$verdict"
	md_rows+=("$(printf '| %s | %s | %.2f | %s | %s | %s | %s | %sx |' "$w" "$(suite_class "$w")" "$ipc" "$m" "$kc" "$mot" "$m9" "$slow")")
	rows+=("$(printf '{"name": "%s", "class": "%s", "instructions": %s, "cycles": %s, "ipc": %s, "cpu_seconds": %s, "mips": %s, "kcycles_per_s": %s, "oracle_tip_cpu_seconds": %s, "oracle_tip_mips": %s, "all9_cpu_seconds": %s, "all9_mips": %s, "all9_slowdown": %s, "check": "%s"}' \
		"$w" "$(suite_class "$w")" "$insns" "$cyc" "$ipc" "$s" "$m" "$kc" "$sot" "$mot" "$s9" "$m9" "$slow" "$verdict")")
done
if [ "${SIM_REF:-}" = update ]; then
	mv "$tmp/ref" "$REF"
	echo "written $REF"
fi
[ ${#all[@]} -gt 0 ] || { echo "bench/sim: no workload passed its checks" >&2; exit 1; }
med=$(printf '%.2f' "$(suite_median "${all[@]}")")
medkc=$(printf '%.0f' "$(suite_median "${allkc[@]}")")
medot=$(printf '%.2f' "$(suite_median "${allot[@]}")")
med9=$(printf '%.2f' "$(suite_median "${all9[@]}")")
meds=$(printf '%.2f' "$(suite_median "${slows[@]}")")
flush_min=$(printf '%s\n' "${md_rows[@]}" | awk -F'|' '$2 ~ /^ (bsearch|nab) $/ { v = $5 + 0; if (m == "" || v < m) m = v } END { print (m == "" ? 0 : m) }')
bar() { awk -v a="$1" -v b="$2" -v op="$3" 'BEGIN { ok = op == "ge" ? a >= b : a <= b; print ok ? "met" : "NOT met" }'; }
printf '\nmedian over the suite: %s MIPS bare (bar >= 8: %s; %s kcycles/s), %s with Oracle+TIP (bar >= 5: %s), %s with all nine\n' \
	"$med" "$(bar "$med" 8 ge)" "$medkc" "$medot" "$(bar "$medot" 5 ge)" "$med9"
printf 'bsearch and nab: at least %s MIPS bare (bar >= 4: %s); all nine profilers: median %sx bare (bar <= 1.3x: %s)\n' \
	"$flush_min" "$(bar "$flush_min" 4 ge)" "$meds" "$(bar "$meds" 1.3 le)"
{
	printf '{\n  "section": "sim",\n  "robin": "%s",\n  "host": "%s",\n  "date": "%s",\n' "$ROBIN" "$(uname -srm)" "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	printf '  "runs": %d,\n  "max_insns": %s,\n  "median_mips": %s,\n  "median_kcycles_per_s": %s,\n  "median_oracle_tip_mips": %s,\n  "median_all9_mips": %s,\n  "median_all9_slowdown": %s,\n  "flush_min_mips": %s,\n  "workloads": [\n' \
		"$RUNS" "$INSNS" "$med" "$medkc" "$medot" "$med9" "$meds" "$flush_min"
	suite_json_array "${rows[@]}"
	printf '  ]\n}\n'
} >"$OUT"
{
	printf 'Measured %s, `make bench` (bench/sim.sh): first %s instructions, boom-large, median of %s runs, CPU time; load average %s.\n\n' \
		"$date" "$INSNS" "$RUNS" "$(cut -d' ' -f1-3 /proc/loadavg)"
	printf '| workload | class | IPC | MIPS bare | kcycles/s bare | MIPS Oracle+TIP | MIPS all 9 | all 9 / bare |\n'
	printf '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n'
	printf '%s\n' "${md_rows[@]}"
	printf '| **median** | | | **%s** | **%s** | **%s** | **%s** | **%sx** |\n' "$med" "$medkc" "$medot" "$med9" "$meds"
} >"$MD"
echo "written $OUT and $MD"
[ $failed -eq 0 ]
