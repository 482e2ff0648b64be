#!/usr/bin/env bash
# emu.sh — the emulator's speed: every workload of the suite (static build) under robin run
# (hot blocks translated to host code, the default), under robin run --jit 0 (interpreted
# only) and under qemu-riscv64, side by side, BENCH_RUNS runs each (default 5), medians. Times are CPU
# seconds (user + system) of the whole process, which a shared, busy machine disturbs far less
# than wall-clock time; wall-clock medians are shown too.
# First, before any figure, it checks that the results are right: for every workload robin's
# stdout equals qemu's and passes the workload's own checksum, robin exits 0, two robin runs
# retire the same instruction count, --jit 0 gives the same stdout and count, and with BENCH_REF=OLD_ROBIN (e.g. the binary before a
# speed-up) OLD gives the same stdout, exit status and instruction count. Any failure: the
# reasons, exit 1, no figures. Then the table: instructions (robin's --stats-json), robin CPU
# seconds and MIPS, the interpreter's (--jit 0) MIPS, qemu CPU seconds and MIPS (the same
# instruction count over qemu's time), ratio = robin MIPS / qemu MIPS; the suite's medians
# against the bar (400 MIPS);
# writes build/bench/emu.json.
# env: ROBIN (default build/robin), QEMU, BENCH_RUNS, BENCH_SIZE (workload size argument),
#      BENCH_REF (a reference robin binary whose results must be identical).
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
. scripts/lib/suite.sh
ROBIN=${ROBIN:-build/robin}
QEMU=${QEMU:-qemu-riscv64}
RUNS=${BENCH_RUNS:-5}
SIZE=${BENCH_SIZE:-}
BAR_MIPS=400
REF=${BENCH_REF:-}
OUT=build/bench/emu.json
G=build/guest/workloads

[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "bench/emu: BENCH_RUNS must be a positive integer" >&2; exit 2; }
[ -x "$ROBIN" ] || { echo "bench/emu: $ROBIN not found (make build/robin)" >&2; exit 2; }
QEMU=$(command -v "$QEMU") || { echo "bench/emu: qemu-riscv64 not found" >&2; exit 2; }
[ -z "$REF" ] || [ -x "$REF" ] || { echo "bench/emu: BENCH_REF $REF not executable" >&2; exit 2; }
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

# ---- 1. results first: nothing is timed unless every workload is right ---------------------
declare -A insns_of
bad=0
for w in $(suite_names); do
	bin=$G/$w.static
	[ -x "$bin" ] || { echo "bench/emu: $bin not built (make guest)" >&2; exit 2; }
	why=""
	"${SUITE_ENV[@]}" "$ROBIN" run --stats-json "$tmp/s.json" -- "$bin" $SIZE >"$tmp/r.out" 2>"$tmp/r.err"
	rc=$?
	v=$(suite_verdict "$tmp/r.out" "$rc")
	[ "$v" = ok ] || why="robin: $v"
	n=$(suite_json_num "$tmp/s.json" instructions)
	"${SUITE_ENV[@]}" "$ROBIN" run --stats-json "$tmp/s2.json" -- "$bin" $SIZE >"$tmp/r2.out" 2>/dev/null
	n2=$(suite_json_num "$tmp/s2.json" instructions)
	[ -n "$n" ] && [ "$n" = "$n2" ] || why="${why:+$why; }instruction count varies (${n:-?}, ${n2:-?})"
	"${SUITE_ENV[@]}" "$ROBIN" run --jit 0 --stats-json "$tmp/s3.json" -- "$bin" $SIZE >"$tmp/r3.out" 2>/dev/null
	n3=$(suite_json_num "$tmp/s3.json" instructions)
	[ "$n3" = "$n" ] && cmp -s "$tmp/r.out" "$tmp/r3.out" ||
		why="${why:+$why; }--jit 0 differs (${n3:-?} instructions)"
	"${SUITE_ENV[@]}" "$QEMU" "$bin" $SIZE >"$tmp/q.out" 2>/dev/null
	qrc=$?
	v=$(suite_verdict "$tmp/q.out" "$qrc")
	[ "$v" = ok ] || why="${why:+$why; }qemu: $v"
	cmp -s "$tmp/r.out" "$tmp/q.out" || why="${why:+$why; }stdout differs from qemu's"
	if [ -n "$REF" ]; then
		"${SUITE_ENV[@]}" "$REF" run --stats-json "$tmp/ref.json" -- "$bin" $SIZE >"$tmp/ref.out" 2>/dev/null
		refrc=$?
		nref=$(suite_json_num "$tmp/ref.json" instructions)
		[ $refrc -eq $rc ] || why="${why:+$why; }exit status $rc, reference $refrc"
		[ "$nref" = "$n" ] || why="${why:+$why; }instructions $n, reference ${nref:-?}"
		cmp -s "$tmp/r.out" "$tmp/ref.out" || why="${why:+$why; }stdout differs from the reference's"
	fi
	if [ -n "$why" ]; then
		echo "bench/emu: $w: $why"
		bad=1
	fi
	insns_of[$w]=${n:-0}
done
if [ $bad -ne 0 ]; then
	echo "bench/emu: results differ: no figures"
	exit 1
fi
echo "checked: ${#insns_of[@]} workloads, stdout = qemu's, checksums ok, instruction counts stable${REF:+, identical to $REF}"

# ---- 2. timing ------------------------------------------------------------------------------
echo "robin run vs qemu-riscv64, static workloads, median of $RUNS runs each, interleaved"
echo "seconds = CPU time (user + system) of the process; MIPS = instructions / CPU seconds (qemu:"
echo "the same instruction count); interp = robin run --jit 0 (no translation to host code);"
echo "ratio = robin MIPS / qemu MIPS (above 1: robin is faster)"
printf '%-11s %-8s %12s %8s %7s %7s %8s %7s %6s %8s %8s\n' workload class instructions robin_s MIPS interp qemu_s qemu_MIPS \
	ratio robin_wall qemu_wall
all_mips=() all_imips=() all_qmips=() all_ratio=() rows=()
for w in $(suite_names); do
	bin=$G/$w.static
	insns=${insns_of[$w]}
	rt=() it=() qt=() rw=() qw=()
	for ((i = 0; i < RUNS; i++)); do
		bench_time tc tw "${SUITE_ENV[@]}" "$ROBIN" run -- "$bin" $SIZE
		rt+=("$tc") rw+=("$tw")
		bench_time tc tw "${SUITE_ENV[@]}" "$ROBIN" run --jit 0 -- "$bin" $SIZE
		it+=("$tc")
		bench_time tc tw "${SUITE_ENV[@]}" "$QEMU" "$bin" $SIZE
		qt+=("$tc") qw+=("$tw")
	done
	rs=$(suite_median "${rt[@]}")
	is=$(suite_median "${it[@]}")
	qs=$(suite_median "${qt[@]}")
	rws=$(suite_median "${rw[@]}")
	qws=$(suite_median "${qw[@]}")
	mips=$(awk -v n="$insns" -v s="$rs" 'BEGIN { printf "%.1f", (s > 0 ? n / s / 1e6 : 0) }')
	qmips=$(awk -v n="$insns" -v s="$qs" 'BEGIN { printf "%.1f", (s > 0 ? n / s / 1e6 : 0) }')
	imips=$(awk -v n="$insns" -v s="$is" 'BEGIN { printf "%.1f", (s > 0 ? n / s / 1e6 : 0) }')
	ratio=$(awk -v q="$qs" -v r="$rs" 'BEGIN { printf "%.3f", (r > 0 ? q / r : 0) }')
	all_mips+=("$mips") all_imips+=("$imips") all_qmips+=("$qmips") all_ratio+=("$ratio")
	printf '%-11s %-8s %12s %8.3f %7s %7s %8.3f %7s %6s %8.3f %8.3f\n' "$w" "$(suite_class "$w")" "$insns" \
		"$rs" "$mips" "$imips" "$qs" "$qmips" "$ratio" "$rws" "$qws"
	rows+=("$(printf '{"name": "%s", "class": "%s", "instructions": %s, "robin_cpu_seconds": %s, "robin_mips": %s, "interp_cpu_seconds": %s, "interp_mips": %s, "qemu_cpu_seconds": %s, "qemu_mips": %s, "speed_ratio": %s, "robin_wall_seconds": %s, "qemu_wall_seconds": %s}' \
		"$w" "$(suite_class "$w")" "$insns" "$rs" "$mips" "$is" "$imips" "$qs" "$qmips" "$ratio" "$rws" "$qws")")
done
median_mips=$(suite_median "${all_mips[@]}")
median_qmips=$(suite_median "${all_qmips[@]}")
median_imips=$(suite_median "${all_imips[@]}")
median_ratio=$(suite_median "${all_ratio[@]}")
met=$(awk -v m="$median_mips" -v b="$BAR_MIPS" 'BEGIN { print (m >= b) ? "met" : "NOT met" }')
printf '%-11s %-8s %12s %8s %7.1f %7.1f %8s %7.1f %6.3f\n' median "" "" "" "$median_mips" "$median_imips" "" \
	"$median_qmips" "$median_ratio"
printf '\nmedian over the suite: robin %.1f MIPS of CPU time (bar: >= %d MIPS, %s), interpreted only %.1f, qemu %.1f MIPS, ratio %.3f\n' \
	"$median_mips" "$BAR_MIPS" "$met" "$median_imips" "$median_qmips" "$median_ratio"

{
	printf '{\n  "section": "emu",\n  "robin": "%s",\n  "qemu": "%s",\n' "$ROBIN" "$($QEMU --version | head -n1)"
	printf '  "host": "%s",\n  "date": "%s",\n  "runs": %d,\n' "$(uname -srm)" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$RUNS"
	printf '  "median_mips": %s,\n  "median_interp_mips": %s,\n  "median_qemu_mips": %s,\n  "median_ratio": %s,\n' \
		"$median_mips" "$median_imips" "$median_qmips" "$median_ratio"
	printf '  "bar_mips": %d,\n  "bar_met": %s,\n  "reference": "%s",\n  "workloads": [\n' \
		"$BAR_MIPS" "$([ "$met" = met ] && echo true || echo false)" "$REF"
	suite_json_array "${rows[@]}"
	printf '  ]\n}\n'
} >"$OUT"
echo "written $OUT"
[ "$met" = met ]
