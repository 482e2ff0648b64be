#!/usr/bin/env bash
# 234: translated code is W^X and its own in each process. The translator's code cache is
# shared anonymous memory mapped twice, executable and writable at two addresses (never a page
# both; the kernel names it "/dev/zero (deleted)"): robin's
# /proc/PID/maps shows no rwx mapping while it runs translated code. A guest fork gives the
# child a copy of the translated code: tests/guest/fork_jit forks 12 times with hot, chained
# blocks on both sides and must print what qemu prints (with code shared between the two
# processes the child's chain patches broke the parent at once).
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest fork_jit perfmap_hot
fail=0
for v in static dyn; do
	for jit in 16 1; do
		out=$("$ROBIN" run --jit $jit "$G/fork_jit.$v" 2>&1) || { echo "FAIL: fork_jit.$v --jit $jit exit $?"; echo "$out" | tail -3; fail=1; continue; }
		[ "$(grep -c '^round' <<<"$out")" = 24 ] || { echo "FAIL: fork_jit.$v --jit $jit: $(grep -c '^round' <<<"$out") lines"; fail=1; }
		if have_qemu; then
			want=$(qemu-riscv64 -L "$SYSROOT" "$G/fork_jit.$v")
			[ "$out" = "$want" ] || { echo "FAIL: fork_jit.$v --jit $jit differs from qemu"; diff <(echo "$want") <(echo "$out") | head -5; fail=1; }
		fi
	done
done
# W^X: sample the mappings while translated code runs (about 1.5 s of it; read at 0.3 s)
"$ROBIN" run "$G/perfmap_hot.static" 60000 > /dev/null & pid=$!
sleep 0.3
maps=$(cat /proc/$pid/maps 2>/dev/null)
wait $pid || { echo "FAIL: perfmap_hot exit $?"; fail=1; }
if [ -z "$maps" ]; then
	echo "FAIL: perfmap_hot ended before its mappings were read"; fail=1
else
	# shared anonymous memory, or the memfd where the host cannot map that twice
	awk '$2 == "r-xs" && ($6 == "/dev/zero" || $6 ~ /^\/memfd:robin-jit/)' <<<"$maps" | grep -q . ||
		{ echo "FAIL: no translated-code mapping seen"; fail=1; }
	rwx=$(awk '$2 ~ /rwx/' <<<"$maps")
	[ -z "$rwx" ] || { echo "FAIL: writable and executable mappings:"; echo "$rwx"; fail=1; }
fi
[ $fail = 0 ] && echo "PASS: 234 W^X code cache, copied on fork"
exit $fail
