#!/usr/bin/env bash
# 230: the fast loop (blocks of pre-decoded instructions, src/emu/block.c) is exact. The
# reference is robin's own per-instruction path (emu_step, taken for every instruction while
# --trace is on; the trace goes to /dev/null) and qemu-riscv64:
#  - tests/guest/blockexact (self-modifying code in a loop and inside one block, loads that
#    fault in the middle of a block caught by a handler, signals raised in a hot loop) prints
#    the same as under qemu, static and dynamic;
#  - fast and per-instruction runs agree on stdout, exit status and instruction count, under
#    --virtual-time (the guest's clock is the instruction count), for the whole run and for
#    --max-insns N at every N from 1 to 48 and at 24 points spread over the run (block
#    boundaries, side exits, syscalls, handlers); --max-insns N retires exactly N;
#  - a fatal fault in the middle of a block gives the same message (PC, instruction) and count;
#  - three workloads stopped by --max-insns at 5 points retire exactly N.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest blockexact segv
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-230.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
for v in static dyn; do
	same_as_qemu "$G/blockexact.$v" || fail=1
done

num() { sed -n "s/.*\"$2\"[[:space:]]*:[[:space:]]*\([0-9]*\).*/\1/p" "$1" | head -n1; }

# run_pair TAG ARGS...: fast and per-instruction runs of the same command; compare them.
# Leaves the fast run's count in $n_fast.
run_pair() {
	local tag=$1
	shift
	run_saved "$tmp" fast "$@"
	run_saved "$tmp" per-instruction --trace 1000000000 --trace-file /dev/null "$@"
	n_fast=$(num "$tmp/fast.json" instructions)
	runs_agree "$tag" "$tmp" fast per-instruction || { fail=1; return 1; }
}

run_pair whole --virtual-time -- "$G/blockexact.static" time
total=$n_fast
[ "${total:-0}" -gt 100000 ] || { echo "blockexact ran only ${total:-?} instructions"; exit 1; }
points="$(seq 1 48) $(seq 1 24 | awk -v t="$total" '{ printf "%d ", int(t * $1 / 25) + $1 % 7 }')"
for n in $points; do
	run_pair "max-insns $n" --virtual-time --max-insns "$n" -- "$G/blockexact.static" time || continue
	[ "$n_fast" = "$n" ] || { echo "max-insns $n: retired $n_fast"; fail=1; }
	grep -q "stopped after $n instructions" "$tmp/fast.err" || { echo "max-insns $n: $(cat "$tmp/fast.err")"; fail=1; }
done

run_pair "segv fault" -- "$G/segv.static"
grep -q '^robin: guest fault: SIGSEGV: store to unmapped address 0x0 at pc' "$tmp/fast.err" ||
	{ echo "segv: $(cat "$tmp/fast.err")"; fail=1; }

W=$ROBIN_ROOT/build/guest/workloads
for w in crc32 qsort nbody; do
	[ -x "$W/$w.static" ] || { echo "skip workload $w: not built"; continue; }
	for n in 999 12345 654321 2000001 7777777; do
		"$ROBIN" run --max-insns "$n" --stats-json "$tmp/w.json" -- "$W/$w.static" >/dev/null 2>&1
		rc=$?
		got=$(num "$tmp/w.json" instructions)
		[ $rc -eq 124 ] && [ "$got" = "$n" ] || { echo "$w --max-insns $n: exit $rc, retired $got"; fail=1; }
	done
done
exit $fail
