#!/usr/bin/env bash
# 266: profiles per thread under robin sim --cores (one PMU per thread fed by the cores that
# ran it, as per-core TIP units whose state an OS saves on a context switch):
#  - threads_share padded on 2 cores with --profile tip --period 997: threads[] in
#    --stats-json holds the main thread and both workers, each with its Oracle and TIP; each
#    worker gets at least 1000 TIP samples (its ~1.27M cycles / 997) and TIP's
#    instruction-level error against its thread's Oracle is under 5% (measured 0.3-0.5%);
#  - the database gets one run per thread, its command tagged "#tid T": robin prof --run
#    splits by thread (a worker's run is almost all `worker`), without --run it merges them;
#  - robin accuracy --cores 4 prints per thread the error of every profiler, TIP's included;
#  - bad --cores values and options without the one they belong to end with one line, exit 2.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest threads_share
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
P=$G/threads_share.static
want=$("$ROBIN" run "$P" padded 2)
out=$(timeout 300 "$ROBIN" sim --cores 2 --quiet --profile tip --period 997 --db "$tmp/p.db" \
	--stats-json "$tmp/s.json" "$P" padded 2) || { echo "sim --profile failed"; exit 1; }
[ "$out" = "$want" ] || { echo "stdout differs with profiling: $out"; exit 1; }
python3 - "$tmp/s.json" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
th = d["threads"]
assert len(th) == 3, f"{len(th)} threads profiled, want 3"
workers = 0
for t in th:
    e = t["profile_error"]["tip"]
    print(f"tid {t['tid']} cores {t['cores']} cycles {t['cycles']}: tip {e['samples']} samples, "
          f"instruction error {100 * e['instruction']:.2f}%")
    if e["samples"] >= 1000 and t["cycles"] < 2000000:
        workers += 1
        assert e["instruction"] < 0.05, f"tid {t['tid']}: TIP error {e['instruction']}"
assert workers == 2, f"{workers} workers with >= 1000 samples"
PY
runs=$(sqlite3 "$tmp/p.db" "SELECT id FROM run WHERE command LIKE '%#tid %' ORDER BY id")
[ "$(wc -w <<<"$runs")" = 3 ] || { echo "runs tagged by thread: '$runs'"; exit 1; }
last=$(tail -1 <<<"$runs")
top=$("$ROBIN" prof --db "$tmp/p.db" --run "$last" --event tip --csv | sed -n 2p)
grep -q "^worker," <<<"$top" || { echo "split: the last thread's top procedure is not worker: $top"; exit 1; }
all=$("$ROBIN" prof --db "$tmp/p.db" --event tip --csv)
grep -q '^main,' <<<"$all" && grep -q '^worker,' <<<"$all" ||
	{ echo "merged profile lacks main or worker"; exit 1; }
acc=$(timeout 300 "$ROBIN" accuracy --cores 4 --quiet "$P" padded 4 2>&1) || { echo "accuracy --cores failed: $acc"; exit 1; }
n=$(grep -c ' tip .*error vs its oracle' <<<"$acc")
[ "$n" -ge 5 ] || { echo "accuracy --cores: $n TIP lines for 5 threads"; echo "$acc"; exit 1; }
for bad in "--cores 0" "--cores x" "--cores 65" "--cores 2 --pm-raw $tmp/r" "--cores 2 --coproc-top 3" "--cores"; do
	err=$("$ROBIN" sim $bad "$P" 2>&1 >/dev/null); rc=$?
	[ $rc -eq 2 ] && [ "$(wc -l <<<"$err")" -eq 1 ] || { echo "'$bad': exit $rc: $err"; exit 1; }
done
exit 0
