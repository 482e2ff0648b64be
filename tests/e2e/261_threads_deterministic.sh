#!/usr/bin/env bash
# 261: a threaded program is deterministic under robin: the same program, arguments and seed
# give the same output and the same instruction count on repeated runs (with --virtual-time,
# --hermetic and without); another --quantum gives the same output of this race-free program but another
# interleaving (another instruction count: the spinning and futex traffic depend on it); the
# per-thread counts of --stats (main + 8 + 2 + 4 + 100 threads) add up to the total; a bad
# --quantum is a one-line error.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest threads_sync
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
count() { sed -n 's/^robin: \([0-9]*\) instructions.*/\1/p' "$1"; }
for v in static dyn; do
	for opt in "" "--virtual-time" "--hermetic"; do
		for k in 1 2 3; do
			"$ROBIN" run --stats $opt "$G/threads_sync.$v" >"$tmp/out$k" 2>"$tmp/err$k"
			[ $? -eq 3 ] || { echo "threads_sync.$v $opt: run $k exit $?"; cat "$tmp/err$k"; exit 1; }
		done
		c1=$(count "$tmp/err1"); c2=$(count "$tmp/err2"); c3=$(count "$tmp/err3")
		[ -n "$c1" ] && [ "$c1" = "$c2" ] && [ "$c1" = "$c3" ] ||
			{ echo "threads_sync.$v $opt: instruction counts differ: $c1 $c2 $c3"; exit 1; }
		# the per-thread lines of --stats add up to the total
		nth=$(grep -c '^robin: thread [0-9]*: [0-9]* instructions$' "$tmp/err1")
		sum=$(sed -n 's/^robin: thread [0-9]*: \([0-9]*\) instructions$/\1/p' "$tmp/err1" | paste -sd+ | bc)
		[ "$nth" -eq 115 ] && [ "$sum" = "$c1" ] ||
			{ echo "threads_sync.$v $opt: $nth thread lines (expect 115) summing to $sum, total $c1"; exit 1; }
		cmp -s "$tmp/out1" "$tmp/out2" && cmp -s "$tmp/out1" "$tmp/out3" ||
			{ echo "threads_sync.$v $opt: outputs differ"; exit 1; }
	done
	"$ROBIN" run --stats --quantum 997 "$G/threads_sync.$v" >"$tmp/outq" 2>"$tmp/errq"
	[ $? -eq 3 ] || { echo "threads_sync.$v --quantum 997: exit $?"; exit 1; }
	cmp -s "$tmp/out1" "$tmp/outq" || { echo "threads_sync.$v: --quantum 997 changed the output"; exit 1; }
	cq=$(count "$tmp/errq")
	[ "$cq" != "$c1" ] || { echo "threads_sync.$v: --quantum 997 ran the same $cq instructions as the default"; exit 1; }
done
err=$("$ROBIN" run --quantum 0 "$G/threads_sync.static" 2>&1); rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <<<"$err")" -eq 1 ] && grep -q -- "--quantum" <<<"$err" ||
	{ echo "--quantum 0: exit $rc: $err"; exit 1; }
exit 0
