#!/usr/bin/env bash
# 204: programs robin cannot run give one line naming the file and the problem and the exit
# status a shell would: 127 missing, 126 not executable, 1 not a valid riscv64 ELF.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest hello
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
check() {  # status, regex, prog
	local err rc
	err=$("$ROBIN" run "$3" 2>&1 >/dev/null); rc=$?
	[ $rc -eq "$1" ] || { echo "$3: exit $rc, expected $1 ($err)"; exit 1; }
	[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || { echo "$3: not one line: $err"; exit 1; }
	[[ $err =~ $2 ]] || { echo "$3: '$err' does not match '$2'"; exit 1; }
}
check 127 'robin: .*/nope: No such file or directory' "$T/nope"
cp "$G/hello.static" "$T/noexec"; chmod 644 "$T/noexec"
check 126 'Permission denied' "$T/noexec"
check 126 'not a regular file' "$T"
printf '#!/bin/sh\necho hi\n' >"$T/script"; chmod +x "$T/script"
check 1 "$T/script: not an ELF file" "$T/script"
host=$(type -P true)
check 1 "machine 62 is not RISC-V" "$host"
head -c 40 "$G/hello.static" >"$T/short"; chmod +x "$T/short"
check 1 'truncated ELF header' "$T/short"
head -c 1000 "$G/hello.static" >"$T/cut"; chmod +x "$T/cut"
check 1 'extend past the end of the file' "$T/cut"
cp "$G/hello.static" "$T/be"; printf '\x02' | dd of="$T/be" bs=1 seek=5 conv=notrunc 2>/dev/null
check 1 'not little-endian \(offset 0x5\)' "$T/be"
cp "$G/hello.static" "$T/c32"; printf '\x01' | dd of="$T/c32" bs=1 seek=4 conv=notrunc 2>/dev/null
check 1 'not ELF64' "$T/c32"
cp "$G/hello.dyn" "$T/badinterp"
# point PT_INTERP at a path that does not exist (same length)
perl -pi -e 's{/lib/ld-linux-riscv64-lp64d\.so\.1}{/lib/ld-linux-riscv64-XXXXX.so.1}' "$T/badinterp"
check 1 'interpreter .*ld-linux-riscv64-XXXXX.so.1' "$T/badinterp"
exit 0
