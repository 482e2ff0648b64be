#!/usr/bin/env bash
# 244: checkpoints carry the vector state (vl, vtype, vstart, vxrm, vxsat, v0..v31; format
# version 2). tests/guest/vmem.c's `state` mode sets all of it, holds it across long scalar
# loops and prints it: a run restored from a checkpoint cut inside each loop prints what the
# uninterrupted run does, at VLEN 128 and 512 (robin run --restore with that --vlen). A
# checkpoint restored at another VLEN, or without V, is refused with one line naming the file
# and the VLEN to use. The full `vmem` run (vector loads and stores in flight) also survives a
# checkpoint round trip.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest vmem
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail=0
die() { echo "FAIL: $*"; fail=1; }
count() { grep -o '"instructions": [0-9]*' "$1" | grep -o '[0-9]*$'; }

# roundtrip VLEN PROG ARGS...: checkpoints at 1/8, 3/8, 5/8 and 7/8 of the run, each restored
roundtrip() {
	local vlen=$1 P=$2; shift 2
	"$ROBIN" run --vlen "$vlen" --virtual-time --stats-json "$T/full.json" "$P" "$@" >"$T/full.out" ||
		{ die "VLEN $vlen: run failed"; return; }
	local total; total=$(count "$T/full.json")
	local pts="$((total / 8)),$((total * 3 / 8)),$((total * 5 / 8)),$((total * 7 / 8))"
	rm -rf "$T/ck"; mkdir -p "$T/ck"
	"$ROBIN" run --vlen "$vlen" --virtual-time --checkpoint-at "$pts" --checkpoint-dir "$T/ck" "$P" "$@" \
		>"$T/ck.out" || { die "VLEN $vlen: checkpointing run failed"; return; }
	cmp -s "$T/full.out" "$T/ck.out" || die "VLEN $vlen: checkpoints changed the output"
	local n
	for n in ${pts//,/ }; do
		"$ROBIN" run --vlen "$vlen" --virtual-time --max-insns "$n" "$P" "$@" >"$T/pre.out" 2>/dev/null
		"$ROBIN" run --vlen "$vlen" --restore "$T/ck/insn-$n.ckpt" --stats-json "$T/r.json" >"$T/post.out" ||
			{ die "VLEN $vlen: restore at $n failed"; continue; }
		cat "$T/pre.out" "$T/post.out" | cmp -s - "$T/full.out" ||
			{ die "VLEN $vlen: output after restoring at $n differs";
			  diff <(cat "$T/pre.out" "$T/post.out") "$T/full.out" | head -5; }
		[ "$(count "$T/r.json")" = "$total" ] || die "VLEN $vlen: restored at $n ends at $(count "$T/r.json"), not $total"
	done
	echo "VLEN $vlen $(basename "$P") $*: 4 checkpoints restored ($total instructions)"
}

P="$G/vmem.static"
for vlen in 128 512; do
	roundtrip $vlen "$P" state
	grep -c 'regs kept' "$T/full.out" | grep -qx 4 || die "VLEN $vlen: state lost without a checkpoint: $(cat "$T/full.out")"
done
roundtrip 256 "$G/vmem.dyn"

# refused: another VLEN, no V
mkdir -p "$T/ck1"
"$ROBIN" run --vlen 128 --virtual-time --checkpoint-at 1000000 --checkpoint-dir "$T/ck1" "$P" state >/dev/null || die "checkpoint at VLEN 128"
C="$T/ck1/insn-1000000.ckpt"
err=$("$ROBIN" run --vlen 256 --restore "$C" 2>&1 >/dev/null); rc=$?
[ $rc -ne 0 ] && [ "$(wc -l <<<"$err")" = 1 ] && grep -q "$C: offset [0-9]*: HART: saved with VLEN 128; this run has VLEN 256 (restore with --vlen 128)" <<<"$err" ||
	die "restore at VLEN 256: exit $rc: $err"
err=$("$ROBIN" run --isa rv64gc --restore "$C" 2>&1 >/dev/null); rc=$?
[ $rc -ne 0 ] && grep -q "HART: saved with VLEN 128; this run has no V (restore with --vlen 128 and an --isa with v)" <<<"$err" ||
	die "restore without V: exit $rc: $err"
need_guest hello
mkdir -p "$T/ck3"
"$ROBIN" run --isa rv64gc --virtual-time --checkpoint-at 10000 --checkpoint-dir "$T/ck3" "$G/hello.static" >/dev/null 2>&1
if [ ! -s "$T/ck3/insn-10000.ckpt" ]; then
	die "no checkpoint of hello under rv64gc"
else
	err=$("$ROBIN" run --restore "$T/ck3/insn-10000.ckpt" 2>&1 >/dev/null); rc=$?
	[ $rc -ne 0 ] && grep -q "HART: saved with no V; this run has VLEN 128 (restore with an --isa without v)" <<<"$err" ||
		die "restore of a no-V checkpoint with V: exit $rc: $err"
	"$ROBIN" run --isa rv64gc --restore "$T/ck3/insn-10000.ckpt" >/dev/null; rc=$?
	[ $rc = 3 ] || die "restore of a no-V checkpoint without V: exit $rc (hello exits 3)"
fi
[ $fail = 0 ] && echo "vmem checkpoints: ok"
exit $fail
