#!/usr/bin/env bash
# 242: the V 1.0 floating-point instructions (src/emu/exec_vfp.c) as qemu-riscv64 7.2 executes
# them. tests/guest/vfp.c prints every destination register group (tail included) and fflags
# after each FP instruction on special values, in every rounding mode, at SEW 32/64 (16 for
# the conversions robin defines), LMUL 1/2 .. 8, masked and not, the reductions on sums that
# depend on the order of the additions, the reserved encodings (SIGILL) and NaN-boxing: robin
# run prints the same lines as qemu -cpu rv64,v=true,vlen=N for N = 128, 256, 512 (static;
# dynamic and interpreted (--jit 0) at 128). Then robin's own decision where qemu 7.2 differs:
# binary16 arithmetic needs Zvfh, which robin does not implement (qemu 7.2 runs it with F),
# so it raises SIGILL while Zvfhmin's vfwcvt.f.f.v and vfncvt.f.f.w run.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest vfp
have_qemu || { echo "skip: qemu-riscv64 not installed"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail=0
die() { echo "FAIL: $*"; fail=1; }

P=$G/vfp.static
# the program moves data with vle8.v/vse8.v only: they must work for anything to compare
[ "$("$ROBIN" run "$P" probe 2>/dev/null)" = "vmem ok" ] ||
	{ echo "FAIL: robin runs no vle8.v/vse8.v round trip"; exit 1; }
for vlen in 128 256 512; do
	qemu-riscv64 -cpu rv64,v=true,vlen=$vlen "$P" >"$T/q.$vlen" 2>/dev/null || die "qemu vlen $vlen: exit $?"
	grep -qx "vlenb $((vlen / 8))" "$T/q.$vlen" || { die "qemu vlen $vlen: no vlenb line"; continue; }
	n=$(wc -l <"$T/q.$vlen")
	[ "$n" -ge 10000 ] || die "qemu vlen $vlen printed only $n lines"
	"$ROBIN" run --vlen $vlen "$P" >"$T/r.$vlen" 2>"$T/e.$vlen" || die "robin vlen $vlen: exit $?"
	if cmp -s "$T/q.$vlen" "$T/r.$vlen"; then
		echo "vlen $vlen: $n lines identical ($(grep -c 'fflags=' "$T/q.$vlen") with fflags," \
		     "$(grep -c 'SIGILL' "$T/q.$vlen") SIGILL)"
	else
		die "vlen $vlen: robin differs from qemu in $(diff "$T/q.$vlen" "$T/r.$vlen" | grep -c '^>') of $n lines"
		diff "$T/q.$vlen" "$T/r.$vlen" | head -10
		head -5 "$T/e.$vlen"
	fi
done
"$ROBIN" run --jit 0 --vlen 128 "$P" | cmp -s - "$T/q.128" || die "robin --jit 0 differs from qemu"
qemu-riscv64 -L "$SYSROOT" -cpu rv64,v=true,vlen=128 "$G/vfp.dyn" >"$T/qd" 2>/dev/null
"$ROBIN" run --vlen 128 "$G/vfp.dyn" | cmp -s - "$T/qd" || die "robin (dynamic) differs from qemu"

# binary16: Zvfh is not robin's, Zvfhmin is
"$ROBIN" run --vlen 128 "$P" zvfh >"$T/z" 2>&1 || die "robin zvfh: exit $?"
[ "$(grep -c 'SIGILL$' "$T/z")" -eq 14 ] || { die "zvfh: not 14 SIGILL"; cat "$T/z"; }
[ "$(grep -c '(Zvfhmin) *ok$' "$T/z")" -eq 2 ] || { die "zvfh: Zvfhmin conversions"; cat "$T/z"; }
exit $fail
