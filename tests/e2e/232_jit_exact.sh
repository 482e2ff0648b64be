#!/usr/bin/env bash
# 232: translation of hot blocks to host code (src/emu/jit.c) is exact. `--jit 1` translates
# every block on its first entry, `--jit 0` interprets every block, the default translates on
# the 16th entry; all three must be indistinguishable:
#  - tests/guest/jitedge (every translated integer operation on edge operands, with rd = rs,
#    x0 as source and destination; loads and stores of every size across a page end, faulting
#    in hot loops, to a read-only page; every branch taken and not) prints the same as under
#    qemu-riscv64 with --jit 1 and by default, static and dynamic;
#  - tests/guest/hostmmu (translated loads and stores that the host MMU faults: pages closed
#    and reopened by a SIGSEGV handler under hot loops, a store to a read-only page, a page of
#    code and data stored to and moved by mremap) prints qemu-riscv64's output with --jit 1 and
#    by default, and with "odd" (a write-only page: every access checked from then on) the
#    same under --jit 1 and --jit 0;
#  - guest programs with FP flags preset (fpsticky), self-modifying code, faults and signals in
#    hot loops (blockexact, selfmod, signals, misaligned, isa_mix, value_patterns) and every
#    workload: --jit 1 and --jit 0 give the same stdout, stderr, exit status and instruction
#    count under --virtual-time, and --jit 1 really translated blocks (translated_blocks > 0 in
#    --stats-json; 0 with --jit 0);
#  - --max-insns N with --jit 1 at points spread over blockexact retires exactly N and agrees
#    with --jit 0;
#  - a fixed subset of gcc's execute torture tests (tests/conformance/run.sh, 12 tests, seed 2:
#    others than e2e 221's) matches qemu with --jit 1 (skipped when the gcc-12 source tarball
#    is not installed; `make conformance`-sized runs with --jit 1 are done by hand).
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest jitedge hostmmu fpsticky blockexact selfmod signals misaligned isa_mix value_patterns
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-232.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
W="$ROBIN_ROOT/build/guest/workloads"

# robin under a timeout only a hang reaches (a translation error can loop forever)
R() { timeout -s KILL 300 "$ROBIN" "$@"; }

num() { sed -n "s/.*\"$2\"[[:space:]]*:[[:space:]]*\([0-9]*\).*/\1/p" "$1" | head -n1; }

# qemu's output for jitedge against robin's with --jit 1 and with the default
if have_qemu; then
	for p in jitedge hostmmu; do
		for v in static dyn; do
			qemu-riscv64 -L "$SYSROOT" "$G/$p.$v" >"$tmp/q.out" 2>/dev/null
			rq=$?
			for j in 1 16; do
				R run --jit $j -- "$G/$p.$v" >"$tmp/r.out" 2>"$tmp/r.err"
				rr=$?
				if [ $rr -ne $rq ] || ! cmp -s "$tmp/q.out" "$tmp/r.out"; then
					echo "$p.$v --jit $j: robin exit $rr, qemu exit $rq"
					diff "$tmp/q.out" "$tmp/r.out" | head -10
					head -3 "$tmp/r.err"
					fail=1
				fi
			done
			[ $p = jitedge ] && ! grep -q '^fault .* faults 340$' "$tmp/q.out" &&
				{ echo "jitedge: faults not as expected:"; cat "$tmp/q.out"; fail=1; }
			[ $p = hostmmu ] && ! grep -q '^loads: 3 faults at 4096 0 4096$' "$tmp/q.out" &&
				{ echo "hostmmu: faults not as expected:"; cat "$tmp/q.out"; fail=1; }
		done
	done
fi

# pair TAG ARGS...: --jit 1 and --jit 0 runs of the same command agree; the first translated
# blocks, the second none. Leaves the --jit 1 count in $n1.
pair() {
	local tag=$1
	shift
	run_saved "$tmp" jit1 --jit 1 --virtual-time "$@"
	run_saved "$tmp" jit0 --jit 0 --virtual-time "$@"
	n1=$(num "$tmp/jit1.json" instructions)
	local t1; t1=$(num "$tmp/jit1.json" translated_blocks)
	local t0; t0=$(num "$tmp/jit0.json" translated_blocks)
	runs_agree "$tag" "$tmp" jit1 jit0 || { fail=1; return 1; }
	if [ "${t1:-0}" -le 0 ] || [ "${t0:-1}" -ne 0 ]; then
		echo "$tag: translated blocks ${t1:-?} with --jit 1, ${t0:-?} with --jit 0"
		fail=1
		return 1
	fi
	return 0
}

for p in jitedge fpsticky blockexact selfmod signals misaligned isa_mix value_patterns; do
	for v in static dyn; do
		pair "$p.$v" -- "$G/$p.$v"
	done
done
pair "hostmmu odd" -- "$G/hostmmu.static" odd
grep -q '^write-only: 1 faults at 0$' "$tmp/jit1.out" ||
	{ echo "hostmmu odd: the write-only page's read did not fault:"; cat "$tmp/jit1.out"; fail=1; }
pair "blockexact time" -- "$G/blockexact.static" time
for w in $(cd "$W" && ls *.static | sed 's/\.static$//'); do
	pair "workload $w" -- "$W/$w.static" 1
done

# exact limits with translated blocks
pair "blockexact whole" -- "$G/blockexact.static" time
total=${n1:-0}
[ "$total" -gt 100000 ] || { echo "blockexact ran only $total instructions"; exit 1; }
for n in $(seq 1 16 | awk -v t="$total" '{ printf "%d ", int(t * $1 / 17) + $1 % 5 }'); do
	pair "max-insns $n" --max-insns "$n" -- "$G/blockexact.static" time || continue
	[ "$n1" = "$n" ] || { echo "max-insns $n with --jit 1: retired $n1"; fail=1; }
done

# gcc torture tests, every block translated on first entry
if [ -f "${GCC_TARBALL:-/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz}" ] && have_qemu &&
   command -v riscv64-linux-gnu-gcc >/dev/null; then
	abs=$(cd "$(dirname "$ROBIN")" && pwd)/$(basename "$ROBIN")
	cat >"$tmp/robin-jit1" <<EOF
#!/usr/bin/env bash
if [ "\$1" = run ]; then shift; exec timeout -s KILL 300 "$abs" run --jit 1 "\$@"; fi
exec "$abs" "\$@"
EOF
	chmod +x "$tmp/robin-jit1"
	(cd "$ROBIN_ROOT" && ROBIN="$tmp/robin-jit1" bash tests/conformance/run.sh --subset 12 --seed 2 --jobs 2) \
		>"$tmp/conf.out" 2>&1 || { echo "conformance subset with --jit 1:"; tail -20 "$tmp/conf.out"; fail=1; }
	built=$(sed -n 's/.*; built \([0-9]*\).*/\1/p' "$tmp/conf.out")
	[ -n "$built" ] && [ "$built" -ge 36 ] || { echo "conformance with --jit 1: only '${built:-0}' programs built"; fail=1; }
else
	echo "note: conformance subset skipped (no gcc-12 source tarball, qemu or cross gcc)"
fi
exit $fail
