#!/usr/bin/env bash
# 574: IBS fetch sampling in `robin sim --profile ibs-fetch` (003_b4067ee07181a84e.txt's
# second sampler): on printf (a large code footprint: I-cache misses) with thousands of
# samples, the derived events add up (attempted = completed + aborted = samples), I-cache
# misses and a positive fetch latency are seen, the listing prints them, and --db stores the
# samples as event ibs-fetch with the collector's detail rows (event_bits, ibs_fetch_lat), so
# `robin prof --event ibs-fetch` lists them.
set -u
cd "$ROBIN_ROOT"
command -v python3 >/dev/null || { echo "python3 not installed"; exit 77; }
W=build/guest/workloads/printf.static
[ -x "$W" ] || { echo "$W not built (make guest)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-e2e-574.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
die() { echo "FAIL: $*"; fail=1; }
"$ROBIN" sim --no-progress --profile ibs-fetch --period 500 --top 0 --db "$tmp/f.db" \
	--stats-json "$tmp/f.json" -- $W 1 >/dev/null 2>"$tmp/f.err" || { die "sim failed"; cat "$tmp/f.err"; }
grep -q "^IBS fetch sampling: [0-9]* samples" "$tmp/f.err" || die "no IBS fetch listing"
python3 - "$tmp/f.json" <<'PY' || fail=1
import json, sys
f = json.load(open(sys.argv[1]))["ibs_fetch"]
d = f["derived"]
ok = True
def bad(m):
    global ok
    print("FAIL:", m); ok = False
if f["samples"] < 1000: bad("only %d samples" % f["samples"])
if d["ibs_fetch_attempted"] != f["samples"]: bad("attempted %d != samples %d" % (d["ibs_fetch_attempted"], f["samples"]))
if d["ibs_fetch_completed"] + d["ibs_fetch_aborted"] != d["ibs_fetch_attempted"]: bad("completed + aborted != attempted")
if d["ibs_fetch_ic_miss"] < 10: bad("only %d I-cache miss samples" % d["ibs_fetch_ic_miss"])
if d["ibs_fetch_lat_cycles"] <= 0: bad("no fetch latency")
print("ibs-fetch: %d samples, %d completed, %d aborted, %d I-cache misses, mean fetch latency %.1f cycles" % (
    f["samples"], d["ibs_fetch_completed"], d["ibs_fetch_aborted"], d["ibs_fetch_ic_miss"],
    d["ibs_fetch_lat_cycles"] / d["ibs_fetch_completed"]))
sys.exit(0 if ok else 1)
PY
"$ROBIN" prof --db "$tmp/f.db" --event ibs-fetch >"$tmp/prof.txt" 2>&1 || die "prof --event ibs-fetch failed"
grep -q "Total samples for event type ibs-fetch" "$tmp/prof.txt" || { die "prof lists no ibs-fetch"; cat "$tmp/prof.txt"; }
n=$(sqlite3 "$tmp/f.db" "select count(*) from detail d join detail_kind k on k.id = d.kind_id where k.name = 'ibs_fetch_lat'")
[ "${n:-0}" -gt 0 ] || die "no ibs_fetch_lat detail rows"
exit $fail
