#!/usr/bin/env bash
# corpus_run.sh — the corpus (corpus/manifest.tsv, `make corpus`) under robin run, qemu-riscv64
# and natively. First the results: for every program robin's stdout and exit status equal
# qemu-riscv64's, byte for byte, and the x86-64 twin's stdout equals them too (a check of the
# twin, not of robin). Then speed, side by side, CPU seconds (user + system), median of
# BENCH_RUNS runs each (default 3), interleaved: robin MIPS (robin's instruction count over its
# time), qemu MIPS (the same count over qemu's time), native seconds, and the ratios robin/qemu
# (above 1: robin faster) and robin/native (how many times native's time robin takes).
# Writes build/bench/corpus_run.md (the table for docs/results/corpus.md) and .json.
# env: ROBIN (build/robin), QEMU, BENCH_RUNS, CORPUS_SIZE (default|small), CORPUS_ONLY (names),
#      CORPUS_NO_SPEED=1 (the identity check alone).
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
. scripts/lib/suite.sh
. scripts/lib/corpus.sh
corpus_bench_setup corpus_run default
RUNS=${BENCH_RUNS:-3}
MD=$BENCH_OUT/corpus_run$SUFFIX.md JSON=$BENCH_OUT/corpus_run$SUFFIX.json
cd "$DIR"

# cpu_of VAR CMD...: CPU seconds of CMD. Its stdout goes to a file, as in the identity check:
# GNU grep stops at its first match when stdout is /dev/null, and glibc buffers a file, a pipe
# and a terminal differently.
cpu_of() {
	local __v=$1 __t; shift
	local TIMEFORMAT='%U %S'
	__t=$( { time "$@" >"$tmp/t.out" 2>/dev/null; } 2>&1 )
	printf -v "$__v" '%s' "$(awk '{ printf "%.6f", $1 + $2 }' <<<"$__t")"
}

names=$(corpus_names "${CORPUS_ONLY:-}")
[ -n "$names" ] || { echo "bench/corpus_run: no program matches '${CORPUS_ONLY:-}'" >&2; exit 2; }
declare -A insns_of
bad=0 n=0
for w in $names; do
	corpus_cmd cmd "$w"
	corpus_cmd nat "$w" native
	why=""
	"${CORPUS_ENV[@]}" "$ROBIN" run --stats-json "$tmp/s.json" -- "${cmd[@]}" >"$tmp/r.out" 2>"$tmp/r.err"
	rc=$?
	"${CORPUS_ENV[@]}" "$QEMU" -L "$QEMU_SYSROOT" "${cmd[@]}" >"$tmp/q.out" 2>"$tmp/q.err"
	qrc=$?
	[ $rc -eq $qrc ] || why="exit status $rc, qemu $qrc ($(head -c 200 "$tmp/r.err" | tr '\n' ' '))"
	cmp -s "$tmp/r.out" "$tmp/q.out" || why="${why:+$why; }stdout differs from qemu's ($(stat -c %s "$tmp/r.out") vs $(stat -c %s "$tmp/q.out") bytes)"
	[ $qrc -eq 0 ] || why="${why:+$why; }qemu exits $qrc"
	if [ ${#nat[@]} -gt 0 ] && [ -x "${nat[0]}" ]; then  # twins are not built with --no-native
		"${CORPUS_ENV[@]}" "${nat[@]}" >"$tmp/n.out" 2>/dev/null
		cmp -s "$tmp/n.out" "$tmp/q.out" || why="${why:+$why; }the native twin's stdout differs"
	fi
	insns_of[$w]=$(suite_json_num "$tmp/s.json" instructions)
	n=$((n + 1))
	if [ -n "$why" ]; then
		echo "corpus_run: $w: $why"
		bad=$((bad + 1))
	else
		printf 'corpus_run: %-12s identical to qemu-riscv64 (%s bytes of stdout, exit %d, %s instructions)\n' \
			"$w" "$(stat -c %s "$tmp/q.out")" "$qrc" "${insns_of[$w]}"
	fi
done
echo "checked: $n programs ($SIZE inputs), $((n - bad)) identical to qemu-riscv64 (stdout and exit status), $bad differ"
[ $bad -eq 0 ] || exit 1
[ "${CORPUS_NO_SPEED:-0}" = 1 ] && exit 0

echo
echo "robin run vs qemu-riscv64 vs native, $SIZE inputs, CPU seconds, median of $RUNS runs each"
{
	echo "| program | instructions | robin s | robin MIPS | qemu s | qemu MIPS | native s | robin/qemu speed | robin/native time |"
	echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
} >"$MD"
ratios=() nratios=() rows=() qtimes=()  # qtimes: robin/qemu CPU time, single-threaded programs
for w in $names; do
	corpus_cmd cmd "$w"
	corpus_cmd nat "$w" native
	rt=() qt=() nt=()
	for ((i = 0; i < RUNS; i++)); do
		cpu_of t "${CORPUS_ENV[@]}" "$ROBIN" run -- "${cmd[@]}"; rt+=("$t")
		cpu_of t "${CORPUS_ENV[@]}" "$QEMU" -L "$QEMU_SYSROOT" "${cmd[@]}"; qt+=("$t")
		if [ ${#nat[@]} -gt 0 ]; then cpu_of t "${CORPUS_ENV[@]}" "${nat[@]}"; nt+=("$t"); fi
	done
	rs=$(suite_median "${rt[@]}") qs=$(suite_median "${qt[@]}")
	ns=""; [ ${#nt[@]} -gt 0 ] && ns=$(suite_median "${nt[@]}")
	ins=${insns_of[$w]}
	row=$(awk -v n="$ins" -v r="$rs" -v q="$qs" -v na="$ns" 'BEGIN {
		printf "%.3f %.1f %.3f %.1f %s %.2f %s", r, n / r / 1e6, q, n / q / 1e6,
		       (na == "" ? "-" : sprintf("%.3f", na)), q / r, (na == "" || na == 0 ? "-" : sprintf("%.1f", r / na)) }')
	read -r r_s r_m q_s q_m n_s ratio nratio <<<"$row"
	printf '%-12s %12s  robin %8ss %7s MIPS  qemu %8ss %7s MIPS  native %8ss  robin/qemu %5s  robin/native %6s\n' \
		"$w" "$ins" "$r_s" "$r_m" "$q_s" "$q_m" "$n_s" "$ratio" "$nratio"
	echo "| $w | $ins | $r_s | $r_m | $q_s | $q_m | $n_s | $ratio | $nratio |" >>"$MD"
	ratios+=("$ratio")
	[ "$nratio" = - ] || nratios+=("$nratio")
	[ "$(corpus_field "$w" threads)" != 1 ] || qtimes+=("$(awk -v r="$rs" -v q="$qs" 'BEGIN { printf "%.4f", r / q }')")
	rows+=("$(printf '{"name": "%s", "instructions": %s, "robin_cpu_seconds": %s, "qemu_cpu_seconds": %s, "native_cpu_seconds": %s, "robin_over_qemu_speed": %s, "robin_over_native_time": %s}' \
		"$w" "$ins" "$r_s" "$q_s" "${ns:-null}" "$ratio" "$([ "$nratio" = - ] && echo null || echo "$nratio")")")
done
mr=$(suite_median "${ratios[@]}")
wr=$(printf '%s\n' "${ratios[@]}" | sort -g | head -1)
mn=$( [ ${#nratios[@]} -gt 0 ] && suite_median "${nratios[@]}" || echo 0)
wn=$(printf '%s\n' "${nratios[@]}" | sort -g | tail -1)
geomean() { printf '%s\n' "$@" | awk '$1 > 0 { s += log($1); n++ } END { printf "%.3f", n ? exp(s / n) : 0 }'; }
gq=$(geomean "${qtimes[@]}") gn=$(geomean "${nratios[@]}")
wq=$(printf '%s\n' "${qtimes[@]}" | sort -g | tail -1)
{
	echo
	printf 'robin/qemu speed: median %.2f, worst %.2f; robin/native time: median %.1f, worst %.1f (%d programs, %s inputs, %d runs each)\n' \
		"$mr" "$wr" "$mn" "${wn:-0}" "${#ratios[@]}" "$SIZE" "$RUNS"
	printf 'single-threaded programs: robin/qemu CPU time geomean %.3f (worst %.3f, %d programs); robin/native CPU time geomean %.2f (%d programs)\n' \
		"$gq" "${wq:-0}" "${#qtimes[@]}" "$gn" "${#nratios[@]}"
} | tee -a "$MD"
{
	printf '{\n  "section": "corpus_run",\n  "size": "%s",\n  "runs": %d,\n  "host": "%s",\n' "$SIZE" "$RUNS" "$(uname -srm)"
	printf '  "median_robin_over_qemu": %s,\n  "median_robin_over_native": %s,\n' "$mr" "$mn"
	printf '  "geomean_robin_over_qemu_time_single_threaded": %s,\n  "geomean_robin_over_native_time": %s,\n  "programs": [\n' "$gq" "$gn"
	suite_json_array "${rows[@]}"
	printf '  ]\n}\n'
} >"$JSON"
echo "written $MD, $JSON"
