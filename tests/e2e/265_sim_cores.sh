#!/usr/bin/env bash
# 265: robin sim --cores N runs a threaded program on N simulated cores (shared LLC and DRAM,
# snooping MSI). tests/guest/threads_share: a parallel sum, then per-thread atomic counters
# packed in one line (false) or padded (padded). Checks, with their margins:
#  - on 1, 2 and 4 cores stdout and exit status are robin run's (also threads_sync on 2 and
#    threads_omp on 4 cores: mutexes, condition variables, barriers, OpenMP; threads_signals
#    on 2: signals to threads running on other cores, timed waits, robust mutexes, a CAS
#    stack; threads_pipe on 4: threads talking through pipes);
#  - two runs on 2 cores give the same cycles (the cores run in lock-step; both runs write
#    to a pipe: the guest's stdio buffer follows the output's st_blksize, and with it the
#    heap's layout);
#  - padded on 2 cores takes fewer cycles than on 1 (the two workers run in parallel);
#  - false sharing on 2 cores: at least 100000 coherence invalidations (the counters' line
#    moves between the cores on most of the 2 x 200000 updates) where padded has under 1000,
#    and at least twice padded's cycles.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest threads_share threads_sync threads_omp threads_signals threads_pipe
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
P=$G/threads_share.static
j() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
for v in false padded; do
	want=$("$ROBIN" run "$P" $v 2); rc_want=$?
	for n in 1 2 4; do
		out=$(timeout 300 "$ROBIN" sim --cores $n --quiet --stats-json "$tmp/$v$n.json" "$P" $v 2); rc=$?
		[ $rc -eq $rc_want ] && [ "$out" = "$want" ] ||
			{ echo "$v on $n cores: exit $rc (run: $rc_want), stdout '$out' (run: '$want')"; exit 1; }
	done
done
out=$(timeout 300 "$ROBIN" sim --cores 2 --quiet --stats-json "$tmp/again.json" "$P" padded 2)
a=$(j "$tmp/padded2.json" "d['total']['cycles']"); b=$(j "$tmp/again.json" "d['total']['cycles']")
[ "$a" = "$b" ] || { echo "2 cores: cycles differ between two runs: $a $b"; exit 1; }
one=$(j "$tmp/padded1.json" "d['total']['cycles']")
[ "$a" -lt "$one" ] || { echo "padded: 2 cores took $a cycles, 1 core $one"; exit 1; }
fi=$(j "$tmp/false2.json" "d['total']['coherence_invalidations']")
pi=$(j "$tmp/padded2.json" "d['total']['coherence_invalidations']")
fc=$(j "$tmp/false2.json" "d['total']['cycles']")
[ "$fi" -ge 100000 ] && [ "$pi" -lt 1000 ] ||
	{ echo "coherence invalidations: false sharing $fi, padded $pi"; exit 1; }
[ "$fc" -ge $((2 * a)) ] || { echo "false sharing took $fc cycles, padded $a"; exit 1; }
[ "$(j "$tmp/false2.json" "len(d['cores'])")" = 2 ] || { echo "cores[] has not 2 entries"; exit 1; }
for p in "threads_sync 2" "threads_omp 4" "threads_signals 2" "threads_pipe 4"; do
	set -- $p
	want=$("$ROBIN" run "$G/$1.static" 2>/dev/null); rc_want=$?
	out=$(timeout 600 "$ROBIN" sim --cores $2 --quiet "$G/$1.static" 2>"$tmp/err"); rc=$?
	[ $rc -eq $rc_want ] && [ "$out" = "$want" ] ||
		{ echo "$1 on $2 cores: exit $rc (run: $rc_want), stdout differs"; diff <(echo "$want") <(echo "$out") | head; cat "$tmp/err"; exit 1; }
done
exit 0
