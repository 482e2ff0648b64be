#!/usr/bin/env bash
# 267: every consumer in every mode on several cores (src/sim/). tests/guest/threads_share with
# 4 threads on 2 cores:
#  - --stacks, --profileme and --coproc each alone run the guest to its end with robin run's
#    stdout and exit status;
#  - all of them together: --stats-json has one threads[] entry per guest thread with its
#    profile_error, profileme and coproc members (ProfileMe samples about one in 1000 of each
#    thread's fetched instructions, few dropped); the profile database holds one run per
#    thread, with call stacks (prof --children names worker);
#  - --pipeview FILE writes FILE.0 and FILE.1 (gem5's O3PipeView lines), --probe-check reports
#    0 errors on each core;
#  - --warmup W --insns L ends at the limit after L instructions of all cores (exit 0);
#  - --smarts U:W:k prints the estimate with its interval;
#  - --restore CKPT --insns L continues a checkpoint on 2 cores.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest threads_share
W=$ROBIN_ROOT/build/guest/workloads/crc32.static
[ -x "$W" ] || { echo "skip: $W not built (make guest)"; exit 77; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
P=$G/threads_share.static
VP=$ROBIN_ROOT/coproc/value_profile.s
j() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
want=$("$ROBIN" run "$P" padded 4); rc_want=$?

for opt in "--profile tip --stacks" "--profileme" "--coproc $VP --coproc-no-baseline"; do
	# shellcheck disable=SC2086
	out=$(timeout 600 "$ROBIN" sim --cores 2 --quiet $opt "$P" padded 4 2>"$tmp/err"); rc=$?
	[ $rc -eq $rc_want ] && [ "$out" = "$want" ] ||
		{ echo "--cores 2 $opt: exit $rc (run: $rc_want), stdout '$out' (run: '$want')"; cat "$tmp/err"; exit 1; }
done

out=$(timeout 600 "$ROBIN" sim --cores 2 --profile tip --period 997 --stacks --db "$tmp/p.db" \
	--profileme --coproc "$VP" --stats-json "$tmp/all.json" "$P" padded 4 2>"$tmp/err"); rc=$?
[ $rc -eq $rc_want ] && [ "$out" = "$want" ] || { echo "all consumers: exit $rc, '$out'"; cat "$tmp/err"; exit 1; }
n=$(j "$tmp/all.json" "len(d['threads'])")
[ "$n" -eq 5 ] || { echo "threads[] has $n entries for 5 guest threads"; exit 1; }
bad=$(j "$tmp/all.json" "[t['tid'] for t in d['threads'] if not ('profile_error' in t and 'profileme' in t and 'coproc' in t)]")
[ "$bad" = "[]" ] || { echo "threads without profile_error, profileme or coproc: $bad"; exit 1; }
# ProfileMe counts each thread's own fetches across its stints on the cores: about one sample
# per 1000 fetched instructions, and few lost at the stints' ends
low=$(j "$tmp/all.json" "[t['tid'] for t in d['threads'] if t['profileme']['samples'] < t['profileme']['fetched'] // 2000 or t['profileme']['dropped'] * 10 > t['profileme']['samples']]")
[ "$low" = "[]" ] || { echo "ProfileMe lost samples on threads $low:"; j "$tmp/all.json" "[(t['profileme']['fetched'], t['profileme']['samples'], t['profileme']['dropped']) for t in d['threads']]"; exit 1; }
base=$(j "$tmp/all.json" "sum(1 for t in d['threads'] if 'baseline_cycles' in t['coproc'])")
[ "$base" -eq 5 ] || { echo "$base of 5 threads have the co-processor's baseline"; exit 1; }
runs=$(sqlite3 "$tmp/p.db" "select count(*) from run where command like '%#tid%'")
[ "$runs" -ge 10 ] || { echo "$runs stored runs tagged #tid (profiles and ProfileMe of 5 threads)"; exit 1; }
ch=$("$ROBIN" prof --db "$tmp/p.db" --event tip --children 2>&1) || { echo "prof --children: $ch"; exit 1; }
grep -q worker <<<"$ch" || { echo "no worker in the stored stacks: $ch"; exit 1; }
grep -q "ProfileMe sampled" "$tmp/err" && grep -q "co-processor" "$tmp/err" ||
	{ echo "no per-thread ProfileMe or co-processor report"; cat "$tmp/err"; exit 1; }

out=$(timeout 600 "$ROBIN" sim --cores 2 --quiet --pipeview "$tmp/pv" --pipeview-window 0:3000 \
	--probe-check "$P" padded 4 2>"$tmp/err"); rc=$?
[ $rc -eq $rc_want ] && [ "$out" = "$want" ] || { echo "pipeview/probe-check: exit $rc"; cat "$tmp/err"; exit 1; }
[ -s "$tmp/pv.0" ] && [ -e "$tmp/pv.1" ] || { echo "no pipeview file per core"; ls "$tmp"; exit 1; }
grep -q "^O3PipeView:fetch:" "$tmp/pv.0" || { echo "pv.0 is not O3PipeView"; exit 1; }
[ "$(grep -c 'probe check: .* 0 errors' "$tmp/err")" -eq 2 ] || { echo "probe check per core:"; cat "$tmp/err"; exit 1; }

timeout 600 "$ROBIN" sim --cores 2 --quiet --warmup 200000 --insns 500000 --stats-json "$tmp/w.json" \
	"$P" padded 4 >/dev/null 2>"$tmp/err" || { echo "warmup/insns: exit $?"; cat "$tmp/err"; exit 1; }
[ "$(j "$tmp/w.json" "d['status'], d['total']['instructions']")" = "('limit', 500000)" ] ||
	{ echo "warmup/insns: $(j "$tmp/w.json" "d['status'], d['total']['instructions']")"; exit 1; }

out=$(timeout 600 "$ROBIN" sim --cores 2 --smarts 10000:2000:20 "$P" padded 4 2>"$tmp/err"); rc=$?
[ $rc -eq 0 ] && [ "$out" = "$want" ] && grep -q "SMARTS .* units of 10000" "$tmp/err" &&
	grep -q "CPI .* (95%)" "$tmp/err" || { echo "smarts on 2 cores: exit $rc"; cat "$tmp/err"; exit 1; }

"$ROBIN" run --checkpoint-at 1000000 --checkpoint-dir "$tmp" "$W" >/dev/null || { echo "checkpoint failed"; exit 1; }
timeout 600 "$ROBIN" sim --cores 2 --quiet --restore "$tmp/insn-1000000.ckpt" --insns 300000 \
	--stats-json "$tmp/r.json" 2>"$tmp/err" || { echo "restore on 2 cores: exit $?"; cat "$tmp/err"; exit 1; }
[ "$(j "$tmp/r.json" "d['total']['instructions']")" = 300000 ] || { echo "restore: wrong count"; exit 1; }
exit 0
