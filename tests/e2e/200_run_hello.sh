#!/usr/bin/env bash
# 200: robin run executes static and dynamic hello world like qemu-riscv64 (output, exit
# status, arguments), and `--` and --help work.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest hello
for v in static dyn; do
	out=$("$ROBIN" run "$G/hello.$v" one "two words"); rc=$?
	[ $rc -eq 3 ] || { echo "hello.$v: exit $rc, expected 3"; exit 1; }
	want=$'hello, world\nargv[1] = one\nargv[2] = two words'
	[ "$out" = "$want" ] || { echo "hello.$v: got '$out'"; exit 1; }
	same_as_qemu "$G/hello.$v" x y || exit 1
	out=$("$ROBIN" run -- "$G/hello.$v" --flag); rc=$?
	[ $rc -eq 3 ] && [ "$out" = $'hello, world\nargv[1] = --flag' ] || { echo "-- handling: $out"; exit 1; }
done
"$ROBIN" run --help | grep -q -- '--max-insns' || { echo "no --help"; exit 1; }
exit 0
