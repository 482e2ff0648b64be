#!/usr/bin/env bash
# 907: a guest reading /proc/self/maps sees its own riscv64 mappings (guest addresses,
# permissions, its program and libraries by path, [stack]), and opening /proc/self/exe opens
# the guest program (a RISC-V ELF), not robin; the same answers as under qemu-riscv64.
set -eu
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest procself
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
for v in static dyn; do
	"$ROBIN" run "$G/procself.$v" > "$T/out"
	grep -qx "maps ok" "$T/out" || { cat "$T/out"; exit 1; }
	grep -qx "exe riscv" "$T/out" || { cat "$T/out"; exit 1; }
	if have_qemu; then
		qemu-riscv64 -L "$SYSROOT" "$G/procself.$v" | grep -v lines > "$T/q"
		grep -v lines "$T/out" | diff - "$T/q"
	fi
done
echo "907: ok"
