#!/usr/bin/env bash
# 912: a guest reading /proc/self/cmdline, /proc/PID/cmdline, environ, auxv, stat and status
# sees its own process (they showed the x86 robin process): argv and environ as NUL-separated
# lists, auxv entries equal to getauxval's, stat's comm and pid, its code range holding main,
# its initial stack, arg_start/arg_end at argv, start_brk and its blocked, caught and ignored
# signals, status's Name, Pid and signal sets; /proc/self/maps gives file mappings their real
# offsets, devices and inodes (they were 0), a segment's zero-filled tail being anonymous. Static and dynamic builds, with arguments
# holding a space and an empty one. Under qemu-riscv64 (when installed), the lines qemu
# emulates too (cmdline, auxv, stat's comm and pid, every file mapping's name, permissions,
# offset, device and inode; the libraries sit at other addresses) come out the same.
set -eu
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest procfiles
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
for v in static dyn; do
	"$ROBIN" run "$G/procfiles.$v" one "two words" "" > "$T/out"
	if grep -v " ok$" "$T/out" | grep -v "^maps-file " || [ "$(grep -c " ok$" "$T/out")" -ne 8 ]; then
		echo "procfiles.$v under robin:"; cat "$T/out"; exit 1
	fi
	if have_qemu; then
		qemu-riscv64 -L "$SYSROOT" "$G/procfiles.$v" one "two words" "" > "$T/q"
		grep -E "^(cmdline|pid-cmdline|auxv|stat-comm-pid|maps-file|maps-inode) " "$T/q" | sort > "$T/q2"
		grep -E "^(cmdline|pid-cmdline|auxv|stat-comm-pid|maps-file|maps-inode) " "$T/out" |
			sort | diff - "$T/q2"
	fi
done
echo "912: ok"
