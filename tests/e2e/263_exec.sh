#!/usr/bin/env bash
# 263: execve under robin (qemu-riscv64 cannot exec a riscv64 child without binfmt_misc, so
# the expected output is written here): fork + execve of a riscv64 program (static and dynamic)
# keeps the environment and returns the child's status; a "#!" script whose interpreter is a
# riscv64 program runs it with the script's path; a script whose interpreter is not riscv64
# fails with ENOEXEC and one line naming it.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest exec
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
want="child: env EXEC_TEST=passed
exec of a program: status 4
interpreter got script exec_script
exec of a script: status 5
execve $tmp/exec_bad: Exec format error
exec of a script whose interpreter is not riscv64: status 127"
for v in static dyn; do
	out=$(timeout 60 "$ROBIN" run "$G/exec.$v" "$tmp" 2>"$tmp/err"); rc=$?
	[ $rc -eq 0 ] || { echo "exec.$v: exit $rc"; cat "$tmp/err"; exit 1; }
	[ "$out" = "$want" ] || { echo "exec.$v: output differs"; diff <(echo "$want") <(echo "$out"); exit 1; }
	grep -qx "robin: execve: $tmp/exec_bad: its interpreter /bin/true is not a riscv64 program" "$tmp/err" ||
		{ echo "exec.$v: stderr: $(cat "$tmp/err")"; exit 1; }
done
exit 0
