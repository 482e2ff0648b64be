#!/usr/bin/env bash
# run.sh — robin's differential test: build/guest/diff/diff.static (every instruction of
# isa_table.def on edge and seeded random operands, tests/diff/) runs under qemu-riscv64 and
# under `robin run`; the outputs must be identical line for line. The F/D lines of qemu's
# output are also recomputed by fpu.c alone (fpcheck), which needs no emulator.
#
#   run.sh --quick          fixed-seed subset (make check, via tests/e2e/210_diff_qemu.sh)
#   run.sh --campaign       the big seeded campaign (make fpdiff, make conformance)
#   run.sh -- GUEST-ARGS    one run with the given guest arguments (see diff_rt.c)
#   run.sh --golden         only the golden check (below)
#   run.sh --make-golden QEMU CPU   rewrite tests/diff/golden/newer.txt with a newer qemu
#                           (GOLDEN_NOTE: one more header line, e.g. where that qemu came from)
#
# qemu-riscv64 runs with the extensions 7.2 (Debian 12) has: Zba Zbb Zbc Zbs Zbkb Zfh. The
# tests of the extensions it lacks (Zicond, Zicbo*, Zawrs, Zimop, Zcb, Zcmop, Zfa: the guest's
# --newer tests) are compared with tests/diff/golden/newer.txt instead, the output of a newer
# qemu on edge operands (its header names the qemu and the command); --quick and --campaign
# end with that check.
# Known qemu 7.2 bug, corrected in its output before any comparison (qemu_fixup): ctzw of a
# value whose low word is zero gives ctz of all 64 bits; the specification says 32.
#
# Environment: ROBIN (default build/robin), FPCHECK (default build/tools/fpcheck),
# DIFF_BIN (default build/guest/diff/diff.static), SEEDS (campaign seeds, default "1 2 3 4"),
# KEEP=1 keeps the outputs of a run that differs (their paths are printed), ROBIN_ISA (robin's
# --isa, default rva23_zbc_zbkb_zfh: every extension the test covers).
# Prints one line per run and a total; exit 0 only with zero differences.
set -u
cd "$(dirname "$0")/../.."
ROBIN=${ROBIN:-build/robin}
FPCHECK=${FPCHECK:-build/tools/fpcheck}
DIFF_BIN=${DIFF_BIN:-build/guest/diff/diff.static}
SEEDS=${SEEDS:-1 2 3 4}
# the ISA robin's guest sees: the default (rva23) and the optional extensions the test covers
ROBIN_ISA=${ROBIN_ISA:-rva23_zbc_zbkb_zfh}
GOLDEN=tests/diff/golden/newer.txt
QEMU_CPU=rv64,zba=true,zbb=true,zbc=true,zbs=true,zbkb=true,Zfh=true,Zfhmin=true
qemu() { qemu-riscv64 -cpu "$QEMU_CPU" "$@"; }
# ctzw: qemu 7.2 counts all 64 bits when the low word is zero (the result must be 32)
qemu_fixup() {
	awk '$1 == "ctzw" && $4 == "->" && length($3) > 8 && substr($3, length($3) - 7) == "00000000" \
		{ $5 = "20" } { print }'
}

if [ "${1:-}" = --make-golden ]; then
	# Golden outputs of the --newer tests, by a qemu that has their extensions.
	[ $# -eq 3 ] || { echo "usage: run.sh --make-golden QEMU CPU"; exit 2; }
	args="--newer --random 0 --edges1 16 --edges2 8 --edges3 3"
	mkdir -p "$(dirname "$GOLDEN")"
	{
		echo "## golden output of the --newer tests (tests/diff/run.sh --make-golden), produced by"
		echo "## $("$2" --version | head -n 1)"
		echo "## command: $(basename "$2") -cpu $3 diff.static $args"
		[ -n "${GOLDEN_NOTE:-}" ] && echo "## $GOLDEN_NOTE"
		echo "## args: $args"
		"$2" -cpu "$3" "$DIFF_BIN" $args
	} >"$GOLDEN.tmp" && mv "$GOLDEN.tmp" "$GOLDEN"
	echo "wrote $GOLDEN: $(grep -vc '^## ' "$GOLDEN") lines"
	exit 0
fi

for f in "$DIFF_BIN" "$FPCHECK"; do
	[ -e "$f" ] || { echo "run.sh: $f is missing (make $f)"; exit 2; }
done
command -v qemu-riscv64 >/dev/null || { echo "run.sh: qemu-riscv64 is not installed"; exit 77; }
robin_runs=1
if ! "$ROBIN" help 2>/dev/null | grep -q '^  run '; then
	robin_runs=0
	echo "run.sh: $ROBIN has no run command: comparing fpu.c with qemu-riscv64 only"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
total_cases=0 total_robin_diff=0 total_fp=0 total_fp_diff=0 failed=0

one_run() {  # guest arguments...
	local q=$tmp/qemu.txt r=$tmp/robin.txt t0=$SECONDS
	if ! qemu "$DIFF_BIN" "$@" >"$q.raw"; then
		echo "FAIL qemu-riscv64 $DIFF_BIN $*: exit status $?"; failed=1; return
	fi
	qemu_fixup <"$q.raw" >"$q"
	rm -f "$q.raw"
	local summary; summary=$(tail -n 1 "$q")
	local cases=${summary##* }
	total_cases=$((total_cases + cases))
	fp_check "$q"
	local rd="-"
	if [ $robin_runs = 1 ]; then
		"$ROBIN" run --isa "$ROBIN_ISA" "$DIFF_BIN" "$@" >"$r"
		local rc=$?
		if cmp -s "$q" "$r"; then
			rd=0
		else
			rd=$(diff "$q" "$r" | grep -c '^<')
			[ "$rd" = 0 ] && rd=$(diff "$q" "$r" | grep -c '^>')
			echo "robin differs from qemu-riscv64 (robin exit status $rc), first differences:"
			diff "$q" "$r" | head -n 20
			if [ "${KEEP:-0}" = 1 ]; then
				local keep; keep=$(mktemp -d /tmp/robin-diff.XXXXXX)
				cp "$q" "$r" "$keep/"
				echo "outputs kept in $keep"
			fi
			failed=1
		fi
		total_robin_diff=$((total_robin_diff + rd))
	fi
	echo "diff $*: $summary; robin vs qemu: $rd differing lines; fpu.c vs qemu: $fpn FP cases, $fpd differences ($((SECONDS - t0))s)"
}

# fp_check FILE: fpcheck recomputes FILE's FP lines with fpu.c; sets fpn (cases) and fpd
# (differences), adds them to the totals, and fails the run on a difference or a bad file.
fp_check() {
	local fpout; fpout=$("$FPCHECK" "$1")
	local fprc=$?
	fpn=$(sed -n 's/^fpcheck: \([0-9]*\) FP cases compared, \([0-9]*\) differences$/\1/p' <<<"$fpout" | tail -n 1)
	fpd=$(sed -n 's/^fpcheck: \([0-9]*\) FP cases compared, \([0-9]*\) differences$/\2/p' <<<"$fpout" | tail -n 1)
	if [ $fprc -eq 2 ] || [ -z "$fpn" ]; then
		echo "FAIL fpcheck $1: $fpout"; failed=1; fpn=0; fpd=0
	fi
	total_fp=$((total_fp + fpn)); total_fp_diff=$((total_fp_diff + fpd))
	if [ "$fpd" != 0 ]; then
		sed -n '1,20p' <<<"$fpout"; failed=1
	fi
}

golden_lines=- golden_diff=-
golden_check() {
	[ $robin_runs = 1 ] || return 0
	if [ ! -e "$GOLDEN" ]; then
		echo "FAIL $GOLDEN is missing"; failed=1; return
	fi
	local g=$tmp/golden.txt r=$tmp/robin-newer.txt args
	args=$(sed -n 's/^## args: //p' "$GOLDEN")
	sed '/^## /d' "$GOLDEN" >"$g"
	"$ROBIN" run --isa "$ROBIN_ISA" "$DIFF_BIN" $args >"$r"
	local rc=$?
	golden_lines=$(wc -l <"$g")
	if cmp -s "$g" "$r"; then
		golden_diff=0
	else
		golden_diff=$(diff "$g" "$r" | grep -c '^<')
		[ "$golden_diff" = 0 ] && golden_diff=$(diff "$g" "$r" | grep -c '^>')
		echo "robin differs from $GOLDEN (robin exit status $rc), first differences:"
		diff "$g" "$r" | head -n 20
		failed=1
	fi
	fp_check "$g"  # the Zfa lines, recomputed by fpu.c alone
	echo "golden $args: robin vs $GOLDEN: $golden_lines lines, $golden_diff differing; fpu.c: $fpn FP cases, $fpd differences"
}

case "${1:-}" in
--golden)
	golden_check
	;;
--quick)
	# Every test on each pool's first values plus seeded random operands: ~210k cases (154k
	# before the Zb* and Zfh rows; the runtime is RV64GC code, see the Makefile).
	one_run --seed 1 --random 48 --edges1 64 --edges2 16 --edges3 6
	golden_check
	;;
--campaign)
	# Full cross products of the edge pools once, then seeded random operands, in parts so
	# no output grows past a few hundred megabytes.
	for p in 0 1 2 3; do
		one_run --seed 1 --random 0 --edges1 64 --edges2 64 --edges3 64 --part "$p/4"
	done
	for s in $SEEDS; do
		for p in 0 1 2 3; do
			one_run --seed "$s" --random 3000 --edges1 0 --edges2 0 --edges3 0 --part "$p/4"
		done
	done
	golden_check
	;;
--)
	shift
	one_run "$@"
	;;
*)
	echo "usage: run.sh --quick | --campaign | --golden | -- GUEST-ARGS | --make-golden QEMU CPU"
	exit 2
	;;
esac

tests="$(qemu "$DIFF_BIN" --list | tail -n 1 | awk '{print $3}') tests"
robin_total="$total_cases cases compared robin vs qemu-riscv64: $total_robin_diff differing lines"
robin_total="$robin_total; golden (--newer): $golden_lines lines, $golden_diff differing"
[ $robin_runs = 1 ] || robin_total="robin not run"
echo "total: $tests; $robin_total; $total_fp FP cases fpu.c vs qemu-riscv64: $total_fp_diff differences"
exit $failed
