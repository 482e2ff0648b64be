#!/usr/bin/env bash
# 248: the vector workloads (workloads/vector/*.c, RVV intrinsics built by clang 14, listed in
# workloads/vector/vector.tsv) at their default size: under qemu-riscv64 -cpu
# rv64,v=true,vlen=N for N = 128, 256, 512 each ends "ok" (self-check and recorded checksum)
# with the same checksum at every VLEN, equal to its scalar suite workload's where it has one;
# robin run --vlen N prints exactly qemu's output.
set -u
cd "$ROBIN_ROOT"
W=build/guest/workloads/vector
command -v qemu-riscv64 >/dev/null || { echo "qemu-riscv64 is not installed"; exit 77; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
while IFS=$'\t' read -r name scalar _; do
	case $name in '#'*|'') continue ;; esac
	P=$W/$name.static
	[ -e "$P" ] || { echo "FAIL $P not built"; fail=1; continue; }
	for v in 128 256 512; do
		qemu-riscv64 -cpu "rv64,v=true,vlen=$v" "$P" >"$T/q$v" 2>/dev/null
		rc=$?
		if [ $rc != 0 ] || ! grep -q " ok$" "$T/q$v"; then
			echo "FAIL $name under qemu vlen $v (exit $rc): $(cat "$T/q$v")"; fail=1; continue
		fi
		cmp -s "$T/q128" "$T/q$v" || { echo "FAIL $name: qemu's vlen $v output differs from vlen 128's"; fail=1; }
		"$ROBIN" run --vlen "$v" "$P" >"$T/r$v" 2>"$T/e$v"
		rc=$?
		if [ $rc = 0 ] && cmp -s "$T/q$v" "$T/r$v"; then
			echo "ok: $name robin run --vlen $v = qemu: $(cat "$T/r$v")"
		else
			echo "FAIL $name: robin run --vlen $v (exit $rc) differs from qemu:"
			diff "$T/q$v" "$T/r$v" | head -n 5; head -n 3 "$T/e$v"; fail=1
		fi
	done
	if [ "$scalar" != - ]; then
		qemu-riscv64 "build/guest/workloads/$scalar.static" >"$T/s" 2>/dev/null
		sc=$(awk '{ print $5 }' "$T/s") vc=$(awk '{ print $5 }' "$T/q128")
		if [ -n "$sc" ] && [ "$sc" = "$vc" ]; then
			echo "ok: $name's checksum $vc is $scalar's"
		else
			echo "FAIL $name's checksum $vc is not $scalar's ($sc)"; fail=1
		fi
	fi
done <workloads/vector/vector.tsv
exit $fail
