#!/usr/bin/env bash
# 243: the V loads and stores (src/emu/exec_vmem.c) against qemu-riscv64 7.2. tests/guest/vmem.c
# runs every load/store row (unit-stride, segment, fault-only-first, strided, indexed, whole-
# register, mask) over every SEW and LMUL with several vl, masked and not, the reserved
# encodings, precise faults caught by a SIGSEGV handler (vstart, address, what was done) and a
# strlen over vle8ff.v reading up to an inaccessible page: robin's output is qemu's, line for
# line, at VLEN 128, 256 and 512 (static; the dynamic build at 256; interpreted and
# translated at 256). Then what qemu 7.2 does not do and Linux does (`vmem linux`, robin
# only): the vector context in the signal frame as Linux lays it out, a handler that uses
# vectors returning into a faulting load that completes from vstart, a handler's edit of the
# saved registers, timer signals interrupting vector code, no AT_MINSIGSTKSZ (as qemu); at VLEN 128 .. 1024;
# and no vector context in the frame of a process that has not used V yet.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest vmem
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail=0
die() { echo "FAIL: $*"; fail=1; }

if have_qemu; then
	for vlen in 128 256 512; do
		Q="qemu-riscv64 -L $SYSROOT -cpu rv64,v=true,vlen=$vlen,vext_spec=v1.0"
		$Q "$G/vmem.static" >"$T/q.$vlen" 2>"$T/q.err" || die "qemu VLEN $vlen: exit $?"
		"$ROBIN" run --vlen $vlen "$G/vmem.static" >"$T/r.$vlen" 2>"$T/r.err" ||
			{ die "robin VLEN $vlen: exit $?"; cat "$T/r.err"; }
		if cmp -s "$T/q.$vlen" "$T/r.$vlen"; then
			echo "VLEN $vlen: $(wc -l <"$T/r.$vlen") lines identical to qemu"
		else
			die "VLEN $vlen: robin differs from qemu"
			diff "$T/q.$vlen" "$T/r.$vlen" | head -10
		fi
	done
	grep -q '^cases [0-9]*, SIGILL [0-9]*$' "$T/r.128" || die "no case count in the output"
	[ "$(grep -c '^fault ' "$T/r.128")" -ge 20 ] || die "fewer than 20 fault cases"
	grep -q '^fault vle32 elem 5: vstart 5 addr +0 code 2' "$T/r.128" || die "vle32's fault: $(grep -m1 '^fault vle32 elem 5' "$T/r.128")"
	grep -q '^strlen 4095 vtype 3: 4095 in' "$T/r.128" || die "strlen over vle8ff.v"
	for j in 0 1; do
		"$ROBIN" run --jit $j --vlen 256 "$G/vmem.static" >"$T/j$j" 2>&1 || die "robin --jit $j: exit $?"
		cmp -s "$T/q.256" "$T/j$j" || die "robin --jit $j differs from qemu at VLEN 256"
	done
	Q="qemu-riscv64 -L $SYSROOT -cpu rv64,v=true,vlen=256,vext_spec=v1.0"
	$Q "$G/vmem.dyn" >"$T/qd" 2>/dev/null || die "qemu dyn: exit $?"
	"$ROBIN" run --vlen 256 "$G/vmem.dyn" >"$T/rd" || die "robin dyn: exit $?"
	cmp -s "$T/qd" "$T/rd" || die "dynamic build at VLEN 256 differs from qemu"
else
	echo "qemu-riscv64 not installed: the comparisons are skipped"
fi

# Linux's signal-frame behaviour (qemu 7.2 saves no vector state)
for vlen in 128 256 512 1024; do
	"$ROBIN" run --vlen $vlen "$G/vmem.static" linux >"$T/l.$vlen" 2>&1; rc=$?
	if [ $rc -ne 0 ] || grep -q '^BAD' "$T/l.$vlen" || ! grep -q '^linux: 0 differences$' "$T/l.$vlen"; then
		die "VLEN $vlen: vmem linux (exit $rc)"
		cat "$T/l.$vlen"
	fi
	[ "$(grep -c '^linux resume' "$T/l.$vlen")" = 2 ] && grep -q '^linux async: ' "$T/l.$vlen" ||
		die "VLEN $vlen: vmem linux skipped a part"
done
out=$("$ROBIN" run --vlen 256 "$G/vmem.static" nov 2>&1) && [ "$out" = "linux no V used: first extension header magic 0 size 0" ] ||
	die "a frame before any vector use: $out"
[ $fail = 0 ] && echo "vmem linux: frames, resume from vstart and async signals as Linux at VLEN 128..1024"
# without a handler, a vector fault ends the run as a scalar one does (SIGSEGV, exit 139,
# the faulting address named); without V the first vector instruction is SIGILL (exit 132)
out=$("$ROBIN" run --vlen 128 "$G/vmem.static" segv 2>"$T/segv.err"); rc=$?
[ $rc -eq 139 ] && [ "$out" = before ] && grep -q 'SIGSEGV: load from unmapped address 0x10 at pc' "$T/segv.err" ||
	die "vector fault without a handler: exit $rc, output '$out': $(cat "$T/segv.err")"
err=$("$ROBIN" run --vlen 128 --isa rv64gc "$G/vmem.static" 2>&1 >/dev/null); rc=$?
[ $rc -eq 132 ] || die "--isa rv64gc: exit $rc, want 132 (SIGILL at the first vector instruction): $err"
exit $fail
