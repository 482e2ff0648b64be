#!/usr/bin/env bash
# test: serial (samples the host, kills or races on purpose, or waits on host time)
# 916: two `robin daemon start` on the same --dir at the same moment. Both used to succeed
# (5 of 5): the pid file named one, `stop` stopped it, and the other kept sampling into the
# same database with no way to reach it. The daemon now holds an exclusive lock on
# DIR/daemon.lock for its whole life: five times over, exactly one start succeeds, the other
# exits non-zero with a one-line message, and after `stop` no daemon of the directory is left.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
cl_daemon_dir
"$ROBIN" daemon start --dir "$dir" --db "$db" --interval 1000 > "$T/probe" 2>&1 ||
	cl_skip "skip: the daemon cannot start here: $(head -1 "$T/probe")"
"$ROBIN" daemon stop --dir "$dir" > /dev/null 2>&1 || { echo "FAIL: stop of the probe"; fail=1; exit 1; }
for i in 1 2 3 4 5; do
	"$ROBIN" daemon start --dir "$dir" --db "$db" --interval 1000 > "$T/a" 2>&1 & pa=$!
	"$ROBIN" daemon start --dir "$dir" --db "$db" --interval 1000 > "$T/b" 2>&1 & pb=$!
	wait $pa; ra=$?
	wait $pb; rb=$?
	ok=0
	[ $ra = 0 ] && ok=$((ok + 1))
	[ $rb = 0 ] && ok=$((ok + 1))
	loser=$T/a; [ $ra = 0 ] && loser=$T/b
	echo "round $i: exits $ra $rb; the other: $(cat "$loser")"
	[ $ok = 1 ] || { cat "$T/a" "$T/b"; echo "FAIL: round $i: $ok of 2 starts succeeded"; fail=1; }
	[ "$(wc -l < "$loser")" = 1 ] || { echo "FAIL: round $i: the refusal is not one line"; fail=1; }
	n=$(ours | wc -l)
	[ "$n" = 1 ] || { echo "FAIL: round $i: $n daemons run on $dir"; fail=1; }
	"$ROBIN" daemon stop --dir "$dir" > "$T/stop" 2>&1 || { cat "$T/stop"; echo "FAIL: round $i: stop"; fail=1; }
	for _ in $(seq 20); do [ -z "$(ours)" ] && break; sleep 0.1; done
	[ -z "$(ours)" ] || { echo "FAIL: round $i: a daemon still runs after stop: $(ours)"; fail=1; }
	for p in $(ours); do kill -9 "$p" 2>/dev/null; done
done
[ $fail = 0 ] && echo "916: ok"
exit $fail
