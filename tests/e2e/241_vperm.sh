#!/usr/bin/env bash
# 241: the V mask, permutation and integer-reduction instructions (exec_vmask.c, exec_vperm.c)
# against qemu-riscv64 7.2. tests/guest/vperm runs every row (vm<op>.mm, vcpop, vfirst, vmsbf/
# vmsif/vmsof, viota, vid, the scalar moves, slides, gathers, vcompress, the reductions) over
# all SEW/LMUL, several vl, masks, scalar operands, vstart values and register choices the
# legality checks refuse, one line per case (SIGILL or not, vstart after, the scalar result, a
# hash of the destination group). robin --vlen N and qemu -cpu rv64,v=true,vlen=N must print
# the same lines at VLEN 128, 256 and 512; and robin must have run the cases (not refused them
# all: most cases are legal).
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest vperm
have_qemu || { echo "skip: qemu-riscv64 is not installed"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
P=$G/vperm.static
rc=0
for vlen in 128 256 512; do
	timeout -s KILL 300 "$ROBIN" run --vlen "$vlen" "$P" >"$T/r$vlen" 2>"$T/e$vlen" ||
		{ echo "VLEN $vlen: robin exit $?"; head -5 "$T/e$vlen"; rc=1; continue; }
	qemu-riscv64 -cpu "rv64,v=true,vlen=$vlen" "$P" >"$T/q$vlen" 2>/dev/null ||
		{ echo "VLEN $vlen: qemu exit $?"; rc=1; continue; }
	n=$(wc -l <"$T/q$vlen")
	ill=$(sed -n 's/^cases \([0-9]*\) sigill \([0-9]*\)$/\1 \2/p' "$T/r$vlen")
	read -r cases sigill <<<"${ill:-0 0}"
	[ "$cases" -gt 80000 ] && [ "$sigill" -lt $((cases / 2)) ] ||
		{ echo "VLEN $vlen: $cases cases, $sigill SIGILL"; rc=1; }
	if cmp -s "$T/q$vlen" "$T/r$vlen"; then
		echo "VLEN $vlen: $n lines identical"
	else
		echo "VLEN $vlen: robin differs from qemu in $(diff "$T/q$vlen" "$T/r$vlen" | grep -c '^<') of $n lines"
		diff "$T/q$vlen" "$T/r$vlen" | head -10
		rc=1
	fi
done
exit $rc
