#!/usr/bin/env bash
# 264: robin sim runs a threaded program time-sliced on one simulated core: the same stdout and
# exit status as robin run (threads switch at the quantum's end as a trap the core refetches
# after, and at blocking system calls); two --virtual-time runs give the same cycle count;
# a checkpoint of a multi-threaded guest is refused with one line.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest threads_signals threads_sync
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
want=$("$ROBIN" run --virtual-time "$G/threads_signals.static" 2>&1); rc_want=$?
for k in 1 2; do
	out=$(timeout 300 "$ROBIN" sim --virtual-time --stats-json "$tmp/s$k.json" "$G/threads_signals.static" 2>"$tmp/err$k"); rc=$?
	[ $rc -eq $rc_want ] || { echo "sim: exit $rc, run gave $rc_want"; cat "$tmp/err$k"; exit 1; }
	[ "$out" = "$want" ] || { echo "sim: stdout differs from robin run"; diff <(echo "$want") <(echo "$out"); exit 1; }
done
c1=$(grep -o '"cycles": *[0-9]*' "$tmp/s1.json" | head -1); c2=$(grep -o '"cycles": *[0-9]*' "$tmp/s2.json" | head -1)
[ -n "$c1" ] && [ "$c1" = "$c2" ] || { echo "sim: cycle counts differ: '$c1' '$c2'"; exit 1; }
err=$("$ROBIN" run --checkpoint-at 3000000 --checkpoint-dir "$tmp" "$G/threads_sync.static" 2>&1 >/dev/null); rc=$?
[ $rc -ne 0 ] && [ "$(wc -l <<<"$err")" -eq 1 ] && grep -q "threads; checkpoints hold single-threaded guests only" <<<"$err" ||
	{ echo "checkpoint of a threaded guest: exit $rc: $err"; exit 1; }
exit 0
