#!/usr/bin/env bash
# 542: robin calc --evaluate on a documented subset of the suite (crc32, matmul_int, nqueens,
# chase_l1, bsearch, copy at size 1) simulated on inorder-dual with issue-head samples every
# 97 cycles (about 850,000 samples) and the exact dcpix/dcpix-taken counts: DCPI's Figure 8
# measured against the truth. Margins (measured when the test was written in brackets):
# at least 70% of samples within 5% of the exact count [76%] — the issue's bar, near DCPI's
# 73% — and 85% within 15% [96%]; edges within 10% for at least half of their executions
# [92%]; high-confidence estimates within 5% for 90% of their samples [99%]; of the dynamic
# stall samples the simulator attributes to a load, at least 90% on instructions calc gave a
# D-cache culprit [99%]. bsearch (coin-flip branches: wrong-path and refetch samples inflate
# single-issue-point classes) is in the subset on purpose: it is the known weak case.
# `robin accuracy --dcpi` runs the same experiment itself (here on nqueens: >= 70% [95%]).
set -u
cd "$ROBIN_ROOT"
command -v python3 >/dev/null || { echo "python3 not installed"; exit 77; }
G=build/guest/workloads
W="crc32 matmul_int nqueens chase_l1 bsearch copy"
for w in $W; do
	[ -x "$G/$w.static" ] || { echo "$G/$w.static not built (make guest)"; exit 77; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-e2e-542.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
die() { echo "FAIL: $*"; fail=1; }
for w in $W; do
	env -i "$ROBIN" sim --quiet --no-progress --preset inorder-dual --top 0 \
		--profile issue-head,dcpix,dcpix-taken,dcpix-imiss --period 97 --db "$tmp/s.db" -- $G/$w.static 1 \
		>/dev/null 2>"$tmp/err" || die "robin sim $w exited $?: $(tail -n1 "$tmp/err")"
done
"$ROBIN" calc --evaluate --db "$tmp/s.db" >"$tmp/eval.txt" 2>&1 || die "robin calc --evaluate failed"
grep -q "Figure 8" "$tmp/eval.txt" || die "no Figure 8 table"
"$ROBIN" calc --evaluate --json --db "$tmp/s.db" >"$tmp/eval.json" || die "robin calc --evaluate --json failed"
python3 - "$tmp/eval.json" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
ok = True
def bad(msg):
    global ok
    print("FAIL:", msg); ok = False
if len(d["runs"]) != 6: bad("%d runs evaluated" % len(d["runs"]))
if d["samples"] < 100000: bad("only %r samples" % d["samples"])
print("within 5%%: %.3f, 10%%: %.3f, 15%%: %.3f of %d samples" %
      (d["within_5pct"], d["within_10pct"], d["within_15pct"], d["samples"]))
if not d["within_5pct"] >= 0.70: bad("within_5pct %.3f < 0.70" % d["within_5pct"])
if not d["within_15pct"] >= 0.85: bad("within_15pct %.3f < 0.85" % d["within_15pct"])
if not d["within_5pct"] <= d["within_10pct"] <= d["within_15pct"] <= 1: bad("within_* not nested")
if abs(sum(d["histogram"].values()) + d["unestimated"] - 1) > 1e-6: bad("histogram does not sum to 1")
if not d["edges"]["within_10pct"] >= 0.5: bad("edges within 10%%: %.3f" % d["edges"]["within_10pct"])
h = d["confidence"]["high"]
if not (h["samples"] > 0 and h["within_5pct"] >= 0.9): bad("high confidence: %r" % h)
c = d["culprits"]["load stall"]
if not (c["true_stall_samples"] > 0 and c["named"] >= 0.9): bad("load-stall culprits: %r" % c)
sys.exit(0 if ok else 1)
PY
ROBIN_ROOT=$PWD "$ROBIN" accuracy --dcpi --preset inorder-dual --size 1 --period 97 --json --quiet \
	nqueens >"$tmp/acc.json" 2>"$tmp/acc.err" || die "robin accuracy --dcpi failed: $(cat "$tmp/acc.err")"
python3 - "$tmp/acc.json" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
if not (len(d["runs"]) == 1 and d["samples"] > 5000 and d["within_5pct"] >= 0.70):
    print("FAIL: accuracy --dcpi nqueens: %d runs, %r samples, within_5pct %r" %
          (len(d["runs"]), d["samples"], d["within_5pct"]))
    sys.exit(1)
PY
[ $fail -eq 0 ] && echo ok
exit $fail
