#!/usr/bin/env bash
# run.sh — conformance of robin against code nobody here wrote: gcc 12's
# gcc.c-torture/execute (the top directory and ieee/) built for riscv64 at -O0 and -O2, static
# and dynamic, each binary run under qemu-riscv64 (the reference) and `robin run`; exit status
# and standard output must be equal (only the exit status for the few tests listed, with the
# reason, in tests/conformance/output-varies.txt). Tests skip the way the gcc testsuite would on
# riscv64-linux (tests/conformance/directives.awk); builtins/ needs its own library harness
# and is counted as skipped. Binaries and the extracted sources are cached in build/conformance.
#
# usage: tests/conformance/run.sh [--all | --subset N | --only ID...] [--seed S] [--jobs J]
#                                  [--timeout SEC] [--march MARCH]
#   --all        every test (default)
#   --subset N   N tests picked by a fixed pseudo-random order (--seed, default 1)
#   --only ID    just this test (NAME or ieee/NAME; repeatable), to reproduce a mismatch
#   --jobs J     tests in parallel (default 2)
#   --timeout S  per run under qemu (default 10 s); robin gets ROBIN_TIMEOUT_FACTOR x that
#   --march M    build with -march=M (default rv64gc) into build/conformance/bin-M, run robin
#                with --isa M (the same ISA, nothing more) and
#                qemu with -cpu rv64 and M's extensions (those qemu 7.2 has: zba zbb zbs zbc
#                zbkb zfh zfhmin zihintpause), e.g. rv64gc_zba_zbb_zbs_zbc
# env: ROBIN (default build/robin), QEMU (qemu-riscv64), RV_CC (riscv64-linux-gnu-gcc),
#      SYSROOT (/usr/riscv64-linux-gnu), GCC_TARBALL, ROBIN_TIMEOUT_FACTOR (default 6)
# Exit status: 0 when robin and qemu agree on every built test, 1 on any mismatch, 2 on misuse.
# The whole script is one function, parsed before it runs: editing this file during a long run
# cannot change what that run executes.
main() {
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD

mode=all subset=0 seed=1 jobs=2 timeout_s=10 only="" march=rv64gc
while [ $# -gt 0 ]; do
	case $1 in
	--all) mode=all ;;
	--subset) mode=subset; subset=${2:-}; shift ;;
	--seed) seed=${2:-}; shift ;;
	--jobs) jobs=${2:-}; shift ;;
	--timeout) timeout_s=${2:-}; shift ;;
	--only) mode=only; only="${only:-} ${2:-}"; shift ;;
	--march) march=${2:-}; shift ;;
	-h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "conformance: unknown argument '$1' (see --help)" >&2; exit 2 ;;
	esac
	shift
done
for v in "$subset" "$seed" "$jobs" "$timeout_s"; do
	[[ $v =~ ^[0-9]+$ ]] || { echo "conformance: '$v' is not a non-negative integer" >&2; exit 2; }
done
[ "$mode" = subset ] && [ "$subset" -eq 0 ] && { echo "conformance: --subset needs N > 0" >&2; exit 2; }
# -march=rv64gc[_ext...] -> qemu's -cpu (property names as qemu 7.2 spells them)
# (not named QEMU_CPU: qemu-user reads that environment variable itself, and it is exported)
[[ $march =~ ^rv64gc(_[a-z0-9]+)*$ ]] || { echo "conformance: --march '$march' is not rv64gc[_ext...]" >&2; exit 2; }
CONF_QEMU_CPU=""
if [ "$march" != rv64gc ]; then
	CONF_QEMU_CPU=rv64
	for e in $(tr '_' ' ' <<<"${march#rv64gc_}"); do
		case $e in
		zba|zbb|zbs|zbc|zbkb) CONF_QEMU_CPU="$CONF_QEMU_CPU,$e=true" ;;
		zfh) CONF_QEMU_CPU="$CONF_QEMU_CPU,Zfh=true" ;;
		zfhmin) CONF_QEMU_CPU="$CONF_QEMU_CPU,Zfhmin=true" ;;
		zihintpause) CONF_QEMU_CPU="$CONF_QEMU_CPU,Zihintpause=true" ;;
		*) echo "conformance: --march: qemu-riscv64 7.2 cannot run extension '$e'" >&2; exit 2 ;;
		esac
	done
fi
export MARCH=$march CONF_QEMU_CPU

export ROBIN=${ROBIN:-build/robin}
export QEMU=${QEMU:-qemu-riscv64}
export RV_CC=${RV_CC:-riscv64-linux-gnu-gcc}
export SYSROOT=${SYSROOT:-/usr/riscv64-linux-gnu}
export ROBIN_TIMEOUT_FACTOR=${ROBIN_TIMEOUT_FACTOR:-6}
GCC_TARBALL=${GCC_TARBALL:-/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz}
TAR_DIR=gcc-12.2.0/gcc/testsuite/gcc.c-torture/execute

[ -x "$ROBIN" ] || { echo "conformance: robin binary '$ROBIN' not found (run make first)" >&2; exit 2; }
case $ROBIN in /*) ;; *) ROBIN=$ROOT/$ROBIN ;; esac
command -v "$QEMU" >/dev/null || { echo "conformance: $QEMU not found (scripts/install-deps.sh)" >&2; exit 2; }
command -v "$RV_CC" >/dev/null || { echo "conformance: $RV_CC not found (scripts/install-deps.sh)" >&2; exit 2; }
[ -f "$GCC_TARBALL" ] || { echo "conformance: $GCC_TARBALL not found (package gcc-12-source)" >&2; exit 2; }

export W=$ROOT/build/conformance
export BIN_DIR=$W/bin
[ "$march" = rv64gc ] || BIN_DIR=$W/bin-$march
export SRC=$W/src
export TIMEOUT_S=$timeout_s
export DIRECTIVES=$ROOT/tests/conformance/directives.awk
export VARIES=$ROOT/tests/conformance/output-varies.txt  # tests whose stdout is not compared
t_start=$SECONDS

# ---- sources: extract only gcc.c-torture/execute, once --------------------------------------
if [ ! -f "$SRC/.extracted" ] || [ "$GCC_TARBALL" -nt "$SRC/.extracted" ]; then
	echo "conformance: extracting $TAR_DIR from $GCC_TARBALL" >&2
	rm -rf "$SRC"
	mkdir -p "$SRC"
	tar -xJf "$GCC_TARBALL" -C "$SRC" --strip-components=5 --wildcards "$TAR_DIR/*" ||
		{ echo "conformance: extracting from $GCC_TARBALL failed" >&2; exit 2; }
	touch "$SRC/.extracted"
fi

# Test ids: NAME for execute/NAME.c and ieee/NAME for execute/ieee/NAME.c.
all_tests=$( (cd "$SRC" && ls -1 *.c ieee/*.c) | sed 's/\.c$//' | LC_ALL=C sort)
n_builtins=$( (cd "$SRC/builtins" && ls -1 *.c) | grep -vc -- '-lib$\|-lib\.c$')
if [ "$mode" = subset ]; then
	# order by a multiplicative hash of "seed:name" modulo 2^31 (products stay below 2^53, so
	# awk's doubles compute it exactly): a fixed pseudo-random pick
	tests=$(printf '%s\n' $all_tests | awk -v seed="$seed" '
		BEGIN { for (i = 0; i < 256; i++) ord[sprintf("%c", i)] = i; M = 2147483648; K = 2654435 }
		{ s = seed ":" $0; h = 5381
		  for (i = 1; i <= length(s); i++) h = (h * K + ord[substr(s, i, 1)]) % M
		  for (r = 0; r < 3; r++) h = (h * K + 12345) % M
		  printf "%010d %s\n", h, $0 }' | LC_ALL=C sort | head -n "$subset" | cut -d' ' -f2 | LC_ALL=C sort)
	n_builtins=0
elif [ "$mode" = only ]; then
	for t in $only; do
		[ -f "$SRC/$t.c" ] || { echo "conformance: no test '$t' (want NAME or ieee/NAME)" >&2; exit 2; }
	done
	tests=$(printf '%s\n' $only)
	n_builtins=0
else
	tests=$all_tests
fi
n_tests=$(printf '%s\n' "$tests" | wc -l)

RUN_DIR=$(mktemp -d "${TMPDIR:-/tmp}/robin-conformance.XXXXXX")
export RUN_DIR
trap 'rm -rf "$RUN_DIR"' EXIT
export RESULTS=$RUN_DIR/results.tsv
: >"$RESULTS"

# ---- one test: build 4 variants (cached), run each under qemu and robin ------------------------
# Appends one line per variant to $RESULTS:
#   SKIP|NOCOMPILE|RUN <tab> test <tab> variant <tab> qemu_rc <tab> robin_rc <tab> verdict <tab> reason
conformance_one() {
	local t=$1 src=$SRC/$1.c
	local dirs; dirs=$(awk -f "$DIRECTIVES" "$src")
	local variant
	if grep -q '^SKIP ' <<<"$dirs"; then
		local why; why=$(grep -m1 '^SKIP ' <<<"$dirs" | cut -d' ' -f2-)
		for variant in O0-static O0-dyn O2-static O2-dyn; do
			printf 'SKIP\t%s\t%s\t\t\t\t%s\n' "$t" "$variant" "$why" >>"$RESULTS"
		done
		return
	fi
	local opts="-w" add=""
	grep -q '^OPTIONS ' <<<"$dirs" && opts=$(grep '^OPTIONS ' <<<"$dirs" | cut -d' ' -f2- | tr '\n' ' ')
	grep -q '^ADD ' <<<"$dirs" && add=$(grep '^ADD ' <<<"$dirs" | cut -d' ' -f2- | tr '\n' ' ')
	if [[ $t == ieee/* ]]; then
		# ieee.exp adds -fno-inline; a test's .x may add flags unconditionally
		add="$add -fno-inline"
		[ -f "${src%.c}.x" ] &&
			add="$add $(sed -n 's/^lappend additional_flags //p' "${src%.c}.x" | tr -d '"' | tr '\n' ' ')"
	fi
	local scratch; scratch=$(mktemp -d "$RUN_DIR/t.XXXXXX")
	for variant in O0-static O0-dyn O2-static O2-dyn; do
		local flags="-${variant%%-*} $opts $add"
		[ "${variant#*-}" = static ] && flags="$flags -static"
		[ "$MARCH" = rv64gc ] || flags="$flags -march=$MARCH"
		flags=$(echo $flags)
		local skipopt; skipopt=$(grep '^SKIPOPT ' <<<"$dirs" | while read -r _ o why; do
			[[ " $flags " == *" $o "* ]] && echo "$why"; done | head -n1)
		if [ -n "$skipopt" ]; then
			printf 'SKIP\t%s\t%s\t\t\t\t%s\n' "$t" "$variant" "$skipopt" >>"$RESULTS"
			continue
		fi
		local bin=$BIN_DIR/$variant/${t//\//__}
		mkdir -p "$BIN_DIR/$variant"
		if [ ! -f "$bin.flags" ] || [ "$(cat "$bin.flags")" != "$flags" ] || [ "$src" -nt "$bin.flags" ]; then
			rm -f "$bin" "$bin.err"
			# shellcheck disable=SC2086
			if ! "$RV_CC" $flags -I"$SRC" -o "$bin" "$src" -lm >"$bin.log" 2>&1; then
				mv "$bin.log" "$bin.err"
			else
				rm -f "$bin.log"
			fi
			echo "$flags" >"$bin.flags"
		fi
		if [ ! -f "$bin" ]; then
			printf 'NOCOMPILE\t%s\t%s\t\t\t\t%s\n' "$t" "$variant" \
				"$(grep -m1 -i 'error' "$bin.err" | cut -c1-160)" >>"$RESULTS"
			continue
		fi
		local qrc rrc
		local cpu=()
		[ -n "$CONF_QEMU_CPU" ] && cpu=(-cpu "$CONF_QEMU_CPU")
		(cd "$scratch" && timeout -k 2 "$TIMEOUT_S" "$QEMU" "${cpu[@]}" -L "$SYSROOT" "$bin" \
			</dev/null >"$scratch/q.out" 2>"$scratch/q.err")
		qrc=$?
		(cd "$scratch" && timeout -k 2 $((TIMEOUT_S * ROBIN_TIMEOUT_FACTOR)) "$ROBIN" run \
			--isa "$MARCH" --sysroot "$SYSROOT" -- "$bin" </dev/null >"$scratch/r.out" 2>"$scratch/r.err")
		rrc=$?
		local verdict=same reason=""
		if [ "$qrc" != "$rrc" ]; then
			verdict=differ
			reason="exit status qemu $qrc, robin $rrc"
			[ "$rrc" = 124 ] && reason="$reason (robin timed out)"
			local rerr; rerr=$(grep -v '^$' "$scratch/r.err" | head -n1 | cut -c1-160)
			[ -n "$rerr" ] && reason="$reason; robin: $rerr"
		elif ! cmp -s "$scratch/q.out" "$scratch/r.out" && ! grep -q "^$t	" "$VARIES"; then
			verdict=differ
			reason=$(awk 'FNR == NR { q[FNR] = $0; nq = FNR; next }
				{ if (!(FNR in q) || q[FNR] != $0) { printf "stdout line %d: qemu \"%s\", robin \"%s\"", FNR, substr(q[FNR], 1, 60), substr($0, 1, 60); found = 1; exit } }
				END { if (!found) printf "stdout: robin has %d lines, qemu %d", FNR, nq }' \
				"$scratch/q.out" "$scratch/r.out")
		fi
		printf 'RUN\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$variant" "$qrc" "$rrc" "$verdict" "$reason" >>"$RESULTS"
		rm -rf "${scratch:?}"/* 2>/dev/null
	done
	rm -rf "$scratch"
}
export -f conformance_one

echo "conformance: $n_tests tests x 4 variants (O0/O2, static/dynamic), -march=$march${CONF_QEMU_CPU:+ (qemu -cpu $CONF_QEMU_CPU)}, $jobs jobs, robin = $ROBIN" >&2
printf '%s\n' $tests | xargs -P "$jobs" -I{} bash -c 'conformance_one "$1"' _ {}

# ---- summary ----------------------------------------------------------------------------------
awk -F'\t' -v n_tests="$n_tests" -v builtins="$n_builtins" -v march="$march" -v secs=$((SECONDS - t_start)) \
	-v varies="$(grep -v '^#' "$VARIES" | cut -f1 | tr '\n' ' ')" '
BEGIN { nv = split(varies, v, " "); for (i = 1; i <= nv; i++) vary[v[i]] = 1 }
$1 == "SKIP" { skip++; why[$7]++ }
$1 == "NOCOMPILE" { nocomp++ }
$1 == "RUN" {
	built++
	if ($2 in vary) exit_only++
	if ($4 == 0) qpass++
	if ($5 == 0) rpass++
	if ($6 == "differ") {
		mism++
		if ($4 == 0) regress++
		printf "MISMATCH %s [%s]: %s\n", $2, $3, $7
	}
}
END {
	printf "\nconformance summary (gcc 12.2.0 gcc.c-torture/execute + ieee, riscv64 -march=%s, -O0/-O2 x static/dynamic)\n", march
	printf "  tests %d x 4 variants = %d; skipped by directives %d; builtins/ not run %d tests\n", n_tests, n_tests * 4, skip, builtins
	printf "  did not compile %d; built %d (exit status only, output-varies.txt: %d)\n", nocomp, built, exit_only
	printf "  qemu-pass %d  robin-pass %d  mismatches %d (robin fails where qemu passes: %d)\n", qpass, rpass, mism, regress
	printf "  time %d s\n", secs
	exit mism > 0
}' "$RESULTS"
rc=$?
mkdir -p "$W"
cp "$RESULTS" "$W/last-results.tsv"
exit $rc
}
main "$@"
exit $?
