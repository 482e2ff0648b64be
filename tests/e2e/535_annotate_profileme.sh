#!/usr/bin/env bash
# 535: `robin annotate` shows the ProfileMe columns of a `robin sim --profileme --pm-paired
# --db` run: per instruction samples, retired %, Table 1 stage latencies, D-cache miss % and
# the wasted issue slots estimated from pairs next to the exact ones; --json carries them.
# On pm_loops' divide chain the divide's estimated wasted slots are within 15% of the exact
# value (measured within 3% at interval 50, ~800 samples per instruction), it retired in every
# sample, and its issue to retire-ready latency is the divider's (more than 10 cycles).
set -u
cd "$ROBIN_ROOT"
command -v python3 >/dev/null || { echo "python3 not installed"; exit 77; }
W=build/guest/workloads/variants/pm_loops.static
[ -x "$W" ] || { echo "$W not built (make guest)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-e2e-535.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
env -i "$ROBIN" sim --no-progress --quiet --profileme --pm-paired --pm-interval 50 --db "$tmp/p.db" \
	-- $W >/dev/null 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
fn=$("$ROBIN" prof --db "$tmp/p.db" 2>/dev/null | grep -o 'pm_chain[^ ]*' | head -1)
[ -n "$fn" ] || { echo "FAIL: pm_chain not in robin prof"; exit 1; }
"$ROBIN" annotate --db "$tmp/p.db" --no-source "$fn" >"$tmp/a.txt" 2>"$tmp/a.err" || { echo "FAIL: annotate"; cat "$tmp/a.err"; exit 1; }
grep -q "ret%.*f>m.*m>r.*r>i.*i>rr.*rr>r.*dmiss%.*wasted est./exact" "$tmp/a.txt" || { echo "FAIL: no ProfileMe header"; fail=1; }
grep -q "divu" "$tmp/a.txt" || { echo "FAIL: no divu row"; fail=1; }
"$ROBIN" annotate --db "$tmp/p.db" --json "$fn" >"$tmp/a.json" 2>/dev/null || { echo "FAIL: annotate --json"; exit 1; }
python3 - "$tmp/a.json" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
rows = [i for i in d["instructions"] if "profileme" in i]
ok = True
if len(rows) < 5: print("FAIL: %d rows with profileme" % len(rows)); sys.exit(1)
div = [i for i in rows if i["text"].startswith("divu")]
if not div: print("FAIL: no divu row"); sys.exit(1)
p = div[0]["profileme"]
e, x = p["wasted_slots_est"], p["wasted_slots_exact"]
if abs(e - x) > 0.15 * abs(x): print("FAIL: divu wasted %g vs exact %g" % (e, x)); ok = False
if not 99 <= p["retired_pct"] <= 100: print("FAIL: divu retired %r" % p["retired_pct"]); ok = False
lat = p["latency_avg"]["issue_retready"]
if lat is None or lat <= 10: print("FAIL: divu issue->retire-ready %r" % lat); ok = False
sys.exit(0 if ok else 1)
PY
exit $fail
