#!/usr/bin/env bash
# emu.sh — the emulator's speed: every workload of the suite (static build) under robin run
# and under qemu-riscv64, side by side, BENCH_RUNS runs each (default 5), medians. Times are CPU
# seconds (user + system) of the whole process, which a shared, busy machine disturbs far less
# than wall-clock time; wall-clock medians are shown too. Prints a table (instructions from
# robin's --stats-json, robin seconds and MIPS, qemu seconds, speed ratio) and the suite's
# median MIPS against the bar (100 MIPS), and writes build/bench/emu.json.
# env: ROBIN (default build/robin), QEMU, BENCH_RUNS, BENCH_SIZE (workload size argument).
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
. scripts/lib/suite.sh
ROBIN=${ROBIN:-build/robin}
QEMU=${QEMU:-qemu-riscv64}
RUNS=${BENCH_RUNS:-5}
SIZE=${BENCH_SIZE:-}
BAR_MIPS=100
OUT=build/bench/emu.json
G=build/guest/workloads

[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "bench/emu: BENCH_RUNS must be a positive integer" >&2; exit 2; }
[ -x "$ROBIN" ] || { echo "bench/emu: $ROBIN not found (make build/robin)" >&2; exit 2; }
QEMU=$(command -v "$QEMU") || { echo "bench/emu: qemu-riscv64 not found" >&2; exit 2; }
mkdir -p build/bench
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# bench_time VAR_CPU VAR_WALL CMD...: run CMD (its stdout/stderr already redirected by the
# caller's braces), store its CPU seconds (user + sys) and wall seconds.
bench_time() {
	local __cpu=$1 __wall=$2 t
	shift 2
	local TIMEFORMAT='%U %S %R'
	t=$( { time "$@" >/dev/null 2>&1; } 2>&1 )
	printf -v "$__cpu" '%s' "$(awk '{ printf "%.6f", $1 + $2 }' <<<"$t")"
	printf -v "$__wall" '%s' "$(awk '{ printf "%.6f", $3 }' <<<"$t")"
}

echo "robin run vs qemu-riscv64, static workloads, median of $RUNS runs each"
echo "seconds = CPU time (user + system) of the process; MIPS = instructions / robin CPU seconds;"
echo "ratio = qemu seconds / robin seconds (above 1: robin is faster); wall = wall-clock medians"
printf '%-11s %-8s %12s %8s %7s %8s %7s %8s %8s  %s\n' workload class instructions robin_s MIPS qemu_s ratio \
	robin_wall qemu_wall check
all_mips=() rows=() failed=0
for w in $(suite_names); do
	bin=$G/$w.static
	[ -x "$bin" ] || { echo "bench/emu: $bin not built (make guest)" >&2; exit 2; }
	rt=() qt=() rw=() qw=() insns="" verdict=ok
	for ((i = 0; i < RUNS; i++)); do
		# a checked run first (output, exit status, instruction count), then the timed one
		"${SUITE_ENV[@]}" "$ROBIN" run --stats-json "$tmp/s.json" -- "$bin" $SIZE >"$tmp/r.out" 2>"$tmp/r.err"
		v=$(suite_verdict "$tmp/r.out" "$?")
		[ "$v" = ok ] || verdict="robin: $v"
		n=$(suite_json_num "$tmp/s.json" instructions)
		[ -n "$insns" ] && [ "$n" != "$insns" ] && verdict="instruction count varies ($insns, $n)"
		insns=$n
		bench_time tc tw "${SUITE_ENV[@]}" "$ROBIN" run -- "$bin" $SIZE
		rt+=("$tc") rw+=("$tw")
		[ $i -eq 0 ] && {
			"${SUITE_ENV[@]}" "$QEMU" "$bin" $SIZE >"$tmp/q.out" 2>&1
			v=$(suite_verdict "$tmp/q.out" "$?")
			[ "$v" = ok ] || verdict="qemu: $v"
		}
		bench_time tc tw "${SUITE_ENV[@]}" "$QEMU" "$bin" $SIZE
		qt+=("$tc") qw+=("$tw")
	done
	rs=$(suite_median "${rt[@]}")
	qs=$(suite_median "${qt[@]}")
	rws=$(suite_median "${rw[@]}")
	qws=$(suite_median "${qw[@]}")
	mips=$(awk -v n="${insns:-0}" -v s="$rs" 'BEGIN { printf "%.1f", (s > 0 ? n / s / 1e6 : 0) }')
	ratio=$(awk -v q="$qs" -v r="$rs" 'BEGIN { printf "%.3f", (r > 0 ? q / r : 0) }')
	[ "$verdict" = ok ] || failed=1
	all_mips+=("$mips")
	printf '%-11s %-8s %12s %8.3f %7s %8.3f %7s %8.3f %8.3f  %s\n' "$w" "$(suite_class "$w")" "${insns:-?}" \
		"$rs" "$mips" "$qs" "$ratio" "$rws" "$qws" "$verdict"
	rows+=("$(printf '{"name": "%s", "class": "%s", "instructions": %s, "robin_cpu_seconds": %s, "robin_mips": %s, "qemu_cpu_seconds": %s, "speed_ratio": %s, "robin_wall_seconds": %s, "qemu_wall_seconds": %s, "check": "%s"}' \
		"$w" "$(suite_class "$w")" "${insns:-0}" "$rs" "$mips" "$qs" "$ratio" "$rws" "$qws" "$verdict")")
done
median_mips=$(suite_median "${all_mips[@]}")
met=$(awk -v m="$median_mips" -v b="$BAR_MIPS" 'BEGIN { print (m >= b) ? "met" : "NOT met" }')
printf '\nmedian over the suite: %.1f MIPS of CPU time (bar: >= %d MIPS, %s)\n' "$median_mips" "$BAR_MIPS" "$met"

{
	printf '{\n  "section": "emu",\n  "robin": "%s",\n  "qemu": "%s",\n' "$ROBIN" "$($QEMU --version | head -n1)"
	printf '  "host": "%s",\n  "date": "%s",\n  "runs": %d,\n' "$(uname -srm)" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$RUNS"
	printf '  "median_mips": %s,\n  "bar_mips": %d,\n  "bar_met": %s,\n  "workloads": [\n' \
		"$median_mips" "$BAR_MIPS" "$([ "$met" = met ] && echo true || echo false)"
	suite_json_array "${rows[@]}"
	printf '  ]\n}\n'
} >"$OUT"
echo "written $OUT"
[ $failed -eq 0 ] && [ "$met" = met ]
