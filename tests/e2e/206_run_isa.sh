#!/usr/bin/env bash
# 206: --isa chooses the ISA the guest sees. tests/guest/isa_ext runs one instruction of every
# extension robin implements under a SIGILL handler and asks riscv_hwprobe: under rv64gc every
# extension faults and hwprobe reports IMAFDC (FD, C, Zca, Zcd) only; rva22 adds Zba Zbb Zbs
# Zfhmin Zicboz Zicbom (Zkt and Zihintpause in hwprobe); rva23 (the default) adds Zicond Zfa Zcb
# Zcmop Zimop Zawrs and V Zvbb (Zihintntl, Zvkb, Zvkt, Zvfhmin in hwprobe); the optional Zbc
# Zbkb Zfh come by name. The
# instructions that run give the right results (cpop, sh3add, czero, c.not, mop.r, cbo.zero on
# exactly its 64-byte block), cbo.inval stays illegal as under Linux, robin sim sees the same
# ISA as robin run, and a bad --isa is refused with one line.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest isa_ext
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
P=$G/isa_ext.static

expect() {  # isa hwprobe-ima-ext-0 ok-extensions...
	local isa=$1 ima=$2; shift 2
	local out; out=$("$ROBIN" run --isa "$isa" "$P") || { echo "--isa $isa: exit $?"; exit 1; }
	grep -q "^hwprobe 0: ima_ext_0 $ima," <<<"$out" || { echo "--isa $isa: hwprobe"; grep hwprobe <<<"$out"; exit 1; }
	grep -q "key 1000 -> -1/0" <<<"$out" || { echo "--isa $isa: unknown key"; exit 1; }
	for e in zba zbb zbs zbc zbkb zicond zfhmin zfh zfa zcb zcmop zimop zicboz zicbom zawrs v zvbb; do
		local want=SIGILL
		for k in "$@"; do [ "$k" = "$e" ] && want=ok; done
		grep -Eq "^$e +$want\$" <<<"$out" || { echo "--isa $isa: $e is not $want"; grep -E "^$e " <<<"$out"; exit 1; }
	done
	grep -Eq '^cbo\.inval +SIGILL$' <<<"$out" || { echo "--isa $isa: cbo.inval"; exit 1; }
	grep -Eq '^pause +ok$' <<<"$out" || { echo "--isa $isa: pause"; exit 1; }
	! grep -q WRONG <<<"$out" || { echo "--isa $isa: a result is wrong"; grep WRONG <<<"$out"; exit 1; }
	echo "$out" >"$T/$isa.out"
}
expect rv64gc 0x280000000003
expect rva22 0x28101001007b zba zbb zbs zfhmin zicboz zicbom
expect rva23 0x1bc19b40b007f zba zbb zbs zfhmin zicond zfa zcb zcmop zimop zicboz zicbom zawrs v zvbb
expect rva23_zbc_zbkb_zfh 0x1bc19bc0b01ff zba zbb zbs zbc zbkb zfhmin zfh zicond zfa zcb zcmop zimop zicboz zicbom zawrs v zvbb
expect rva22_v 0x28101001007f zba zbb zbs zfhmin zicboz zicbom v
grep -c right "$T/rva23.out" | grep -qx 6 || { echo "rva23: not 6 checked results"; cat "$T/rva23.out"; exit 1; }
# the default is rva23
"$ROBIN" run "$P" | cmp -s - "$T/rva23.out" || { echo "the default is not rva23"; exit 1; }
# robin sim runs the guest with the same ISA
"$ROBIN" sim --isa rva22 "$P" 2>/dev/null | head -n "$(wc -l <"$T/rva22.out")" | cmp -s - "$T/rva22.out" ||
	{ echo "sim --isa rva22 differs from run"; exit 1; }
# a bad name: exit 2, one line that names it
err=$("$ROBIN" run --isa rva23_zfoo "$P" 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <<<"$err")" -eq 1 ] && grep -q "zfoo" <<<"$err" || { echo "bad --isa: $rc $err"; exit 1; }
err=$("$ROBIN" run --isa rv64gc_zvbb "$P" 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && grep -q "need v" <<<"$err" || { echo "zvbb without v: $rc $err"; exit 1; }
err=$("$ROBIN" run --vlen 96 "$P" 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && grep -q -- "--vlen needs 128, 256, 512 or 1024" <<<"$err" || { echo "bad --vlen: $rc $err"; exit 1; }
err=$("$ROBIN" sim --isa rv32gc "$P" 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && grep -q "rv32gc" <<<"$err" || { echo "bad sim --isa: $rc $err"; exit 1; }
exit 0
