#!/usr/bin/env bash
# corpus_isa.sh — the corpus built for the bit-manipulation extensions (`bash scripts/corpus.sh
# --march M`, default M = rv64gc_zba_zbb_zbs: what GCC 12 emits for them) under robin run
# --isa M and qemu-riscv64 with the same extensions: every program whose bin-M/ build exists
# must give qemu's stdout and exit status; then per program the Zb* instructions in its binary
# (objdump), the instructions it executes built for M and for rv64gc (the same input), and CPU
# seconds, median of BENCH_RUNS (default 3) interleaved runs, of robin and qemu on the M build.
# Writes build/bench/corpus_isa[_small].md.
# env: ROBIN, QEMU, BENCH_RUNS, CORPUS_SIZE (default|small, default small), CORPUS_ONLY,
#      CORPUS_MARCH.
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
. scripts/lib/suite.sh
. scripts/lib/corpus.sh
corpus_bench_setup corpus_isa small
RUNS=${BENCH_RUNS:-3}
M=${CORPUS_MARCH:-rv64gc_zba_zbb_zbs}
[[ $M =~ ^rv64gc(_(zba|zbb|zbs|zbc|zbkb))+$ ]] ||
	{ echo "bench/corpus_isa: CORPUS_MARCH must be rv64gc with zba/zbb/zbs/zbc/zbkb (what qemu 7.2 runs), not '$M'" >&2; exit 2; }
QCPU=rv64
for e in $(tr '_' ' ' <<<"${M#rv64gc_}"); do QCPU="$QCPU,$e=true"; done
MD=$BENCH_OUT/corpus_isa$SUFFIX.md
cd "$DIR"
[ -d "bin-$M" ] || { echo "bench/corpus_isa: $DIR/bin-$M missing (bash scripts/corpus.sh --march $M)" >&2; exit 2; }

cpu_of() {  # cpu_of VAR CMD...: CPU seconds of CMD (stdout to a file)
	local __v=$1 __t; shift
	local TIMEFORMAT='%U %S'
	__t=$( { time "$@" >"$tmp/t.out" 2>/dev/null; } 2>&1 )
	printf -v "$__v" '%s' "$(awk '{ printf "%.6f", $1 + $2 }' <<<"$__t")"
}
ZB='^(sh[123]add(\.uw)?|add\.uw|zext\.w|slli\.uw|andn|orn|xnor|c(lz|tz|pop)w?|maxu?|minu?|sext\.[bh]|zext\.h|ro[lr]w?|roriw?|orc\.b|rev8|b(clr|ext|inv|set)i?|clmul[hr]?|pack[hw]?|brev8)$'

{
	echo "| program | Zb* instructions in the binary | executed, $M | executed, rv64gc | robin s | qemu s | robin/qemu speed |"
	echo "|---|---:|---:|---:|---:|---:|---:|"
} >"$MD"
bad=0 n=0 ratios=()
for w in $(corpus_names "${CORPUS_ONLY:-}"); do
	corpus_cmd cmd "$w"
	exe=bin-$M/${cmd[0]#bin/}
	[ -x "$exe" ] || continue
	mcmd=("$exe" "${cmd[@]:1}")
	"${CORPUS_ENV[@]}" "$ROBIN" run --isa "$M" --stats-json "$tmp/s.json" -- "${mcmd[@]}" >"$tmp/r.out" 2>"$tmp/r.err"
	rc=$?
	"${CORPUS_ENV[@]}" "$QEMU" -cpu "$QCPU" -L "$QEMU_SYSROOT" "${mcmd[@]}" >"$tmp/q.out" 2>/dev/null
	qrc=$?
	n=$((n + 1))
	if [ $rc -ne $qrc ] || ! cmp -s "$tmp/r.out" "$tmp/q.out"; then
		echo "corpus_isa: $w: robin exit $rc, qemu $qrc; stdout $(cmp -s "$tmp/r.out" "$tmp/q.out" && echo same || echo differs) ($(head -c 160 "$tmp/r.err" | tr '\n' ' '))"
		bad=$((bad + 1))
		continue
	fi
	mi=$(suite_json_num "$tmp/s.json" instructions)
	"${CORPUS_ENV[@]}" "$ROBIN" run --stats-json "$tmp/g.json" -- "${cmd[@]}" >/dev/null 2>&1
	gi=$(suite_json_num "$tmp/g.json" instructions)
	zb=$(riscv64-linux-gnu-objdump -d --no-show-raw-insn "$exe" | awk -F'\t' 'NF >= 2 {print $2}' | grep -Ec "$ZB")
	rt=() qt=()
	for ((i = 0; i < RUNS; i++)); do
		cpu_of t "${CORPUS_ENV[@]}" "$ROBIN" run --isa "$M" -- "${mcmd[@]}"; rt+=("$t")
		cpu_of t "${CORPUS_ENV[@]}" "$QEMU" -cpu "$QCPU" -L "$QEMU_SYSROOT" "${mcmd[@]}"; qt+=("$t")
	done
	r=$(printf '%s\n' "${rt[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
	q=$(printf '%s\n' "${qt[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
	ratio=$(awk -v r="$r" -v q="$q" 'BEGIN { printf "%.2f", (r > 0 ? q / r : 0) }')
	ratios+=("$ratio")
	printf 'corpus_isa: %-10s identical to qemu; %s Zb* instructions; %s executed (%s as rv64gc); robin %ss, qemu %ss\n' \
		"$w" "$zb" "$mi" "$gi" "$r" "$q"
	echo "| $w | $zb | $mi | $gi | $r | $q | $ratio |" >>"$MD"
done
med=$(printf '%s\n' "${ratios[@]:-0}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
echo "checked: $n programs built for $M ($SIZE inputs), $((n - bad)) identical to qemu-riscv64, $bad differ; robin/qemu speed median $med"
echo "" >>"$MD"
echo "$n programs built for $M, $((n - bad)) identical to qemu-riscv64 (-cpu $QCPU); robin/qemu speed (CPU time, median of $RUNS): median $med" >>"$MD"
[ $bad -eq 0 ]
