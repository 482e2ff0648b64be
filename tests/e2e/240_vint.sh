#!/usr/bin/env bash
# 240: the V integer and fixed-point instructions run as under qemu-riscv64 7.2 (the oracle):
# tests/guest/vint runs every form of them (masked and not, OPIVI with several immediates,
# overlapping and reserved register groups) on every SEW and LMUL, vl = VLMAX and a random vl,
# every vxrm for the fixed-point ones, edge operands, and from vstart = 3, printing a hash of
# the register file and vxsat (or SIGILL) per case, then 20,000 random encodings of the same
# rows (random registers, vm, immediates, vtype, vl, vxrm, vstart): robin's output equals
# qemu's at VLEN 128, 256 and 512, static and dynamic, translated (default) and interpreted
# (--jit 0). Zvbb, which
# qemu 7.2 lacks, is checked in the guest (`vint zvbb`) against a C reference and hand-derived
# values at VLEN 128, 512 and 1024; under --isa rv64gc_v (no Zvbb) every Zvbb case is SIGILL.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest vint
have_qemu || { echo "skip: qemu-riscv64 not installed"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail=0
die() { echo "FAIL: $*"; fail=1; }

for vlen in 128 256 512; do
	P=$G/vint.static
	qemu-riscv64 -cpu rv64,v=true,vlen=$vlen "$P" >"$T/q" 2>/dev/null || die "qemu vlen $vlen exit $?"
	"$ROBIN" run --vlen $vlen "$P" >"$T/r" || die "robin vlen $vlen exit $?"
	n=$(wc -l <"$T/q")
	[ "$n" -gt 40000 ] || die "vlen $vlen: qemu printed only $n lines"
	cmp -s "$T/q" "$T/r" || { die "vlen $vlen: robin differs from qemu"; diff "$T/q" "$T/r" | head -6; }
	qemu-riscv64 -cpu rv64,v=true,vlen=$vlen "$P" fuzz 20000 >"$T/qf" 2>/dev/null || die "qemu fuzz vlen $vlen exit $?"
	"$ROBIN" run --vlen $vlen "$P" fuzz 20000 >"$T/rf" || die "robin fuzz vlen $vlen exit $?"
	cmp -s "$T/qf" "$T/rf" || { die "vlen $vlen: random encodings differ from qemu"; diff "$T/qf" "$T/rf" | head -6; }
	case $vlen in
	128)
		"$ROBIN" run --vlen $vlen --jit 0 "$P" >"$T/r0" || die "robin --jit 0 exit $?"
		cmp -s "$T/q" "$T/r0" || { die "--jit 0 differs from qemu"; diff "$T/q" "$T/r0" | head -6; }
		;;
	256)
		"$ROBIN" run --vlen $vlen "$G/vint.dyn" >"$T/rd" || die "robin dyn exit $?"
		cmp -s "$T/q" "$T/rd" || { die "dynamic differs from qemu"; diff "$T/q" "$T/rd" | head -6; }
		;;
	esac
done

for vlen in 128 512 1024; do
	out=$("$ROBIN" run --vlen $vlen "$G/vint.static" zvbb) || die "zvbb vlen $vlen exit $?"
	grep -Eq '^zvbb: 24 hand-derived values, 0 wrong; [0-9]+ cases against the reference, 0 wrong$' <<<"$out" ||
		{ die "zvbb vlen $vlen"; echo "$out" | tail -5; }
done
out=$("$ROBIN" run --isa rv64gc_v "$G/vint.static" zvbb); rc=$?
[ $rc -eq 1 ] && grep -Eq '^zvbb: 24 hand-derived values, 24 wrong;' <<<"$out" ||
	die "without Zvbb: exit $rc, $(tail -1 <<<"$out")"
exit $fail
