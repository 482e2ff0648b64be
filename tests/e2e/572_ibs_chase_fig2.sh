#!/usr/bin/env bash
# 572: Figure 2 of 003_b4067ee07181a84e.txt: IBS DcMissLat distributions of the pointer-chase
# load (tests/guest/ibs_chase.c) with rings sized for L1 (16 KiB), L2 (128 KiB, with a 256 KiB
# L2 configured), LLC (1 MiB of the 2 MiB LLC) and DRAM (8 MiB). Margins: thousands of samples
# (--ibs-ops 16); for each ring >= 75% of the load's samples come from the intended level (the
# rest: lines the random ring keeps in the levels above); the medians of the dominant sources
# order L1 < L2 < LLC < DRAM; the L2 and LLC medians are the configured load-to-use latencies
# (l1d_cycles + l2_cycles = 18, + llc_cycles = 48) within +-3 cycles, and no DRAM sample is
# faster than the LLC path plus CAS and controller time ((14 + 20) ns x 3.2 GHz = 109 cycles).
# The listing prints the histogram with perf mem's source names. With --db the samples are
# stored as event ibs-op with the collector's detail rows, `robin prof --event ibs-op` lists
# them, and `robin report --html` draws the chase load's distribution (table + SVG).
set -u
cd "$ROBIN_ROOT"
command -v python3 >/dev/null || { echo "python3 not installed"; exit 77; }
C=build/guest/tests/ibs_chase.static
[ -x "$C" ] || { echo "$C not built (make guest)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-e2e-572.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
die() { echo "FAIL: $*"; fail=1; }

for case in l1:16 l2:128 llc:1024 dram:8192; do
	lvl=${case%%:*} kib=${case#*:}
	"$ROBIN" sim --no-progress --set l2_kb=256 --profile ibs --ibs-ops 16 --top 0 \
		--stats-json "$tmp/$lvl.json" -- $C $kib 40000 >/dev/null 2>"$tmp/$lvl.err" ||
		{ die "sim $lvl failed"; cat "$tmp/$lvl.err"; }
done
grep -q "RAM hit .* samples  latency min" "$tmp/dram.err" || die "no RAM hit histogram printed"
python3 - "$tmp" <<'PY' || fail=1
import json, sys, os
ok = True
def bad(m):
    global ok
    print("FAIL:", m); ok = False
med = {}
for lvl in ("l1", "l2", "llc", "dram"):
    d = json.load(open(os.path.join(sys.argv[1], lvl + ".json")))
    loads = [l for l in d["ibs_op"]["loads"] if l["location"].startswith("chase+")]
    if not loads:
        bad("%s: the chase load was not sampled" % lvl); continue
    l = loads[0]
    src = l["sources"]
    if l["samples"] < 1000: bad("%s: only %d samples" % (lvl, l["samples"]))
    got = src.get(lvl, {"samples": 0})
    if got["samples"] < 0.75 * l["samples"]:
        bad("%s: %d of %d samples from %s (%r)" % (lvl, got["samples"], l["samples"], lvl,
            {k: v["samples"] for k, v in src.items()}))
        continue
    med[lvl] = got["lat_median"]
    print("%s ring: %d of %d samples %s, DcMissLat min %d median %d max %d" % (lvl,
          got["samples"], l["samples"], got["perf_mem"], got["lat_min"], got["lat_median"], got["lat_max"]))
    if lvl == "l2" and abs(got["lat_median"] - 18) > 3: bad("L2 median %d, configured 18" % got["lat_median"])
    if lvl == "llc" and abs(got["lat_median"] - 48) > 3: bad("LLC median %d, configured 48" % got["lat_median"])
    if lvl == "dram" and got["lat_min"] < 48 + 109: bad("DRAM min %d below 157" % got["lat_min"])
if len(med) == 4 and not (med["l1"] < med["l2"] < med["llc"] < med["dram"]):
    bad("medians not ordered L1 < L2 < LLC < DRAM: %r" % med)
sys.exit(0 if ok else 1)
PY
"$ROBIN" sim --no-progress --set l2_kb=256 --profile ibs --ibs-ops 16 --top 0 --db "$tmp/c.db" \
	-- $C 8192 20000 >/dev/null 2>"$tmp/db.err" || { die "sim --db failed"; cat "$tmp/db.err"; }
"$ROBIN" prof --db "$tmp/c.db" --event ibs-op >"$tmp/prof.txt" 2>&1 || die "prof --event ibs-op failed"
grep -q "^ *[0-9]\+ .* chase " "$tmp/prof.txt" || { die "prof lists no chase samples"; cat "$tmp/prof.txt"; }
"$ROBIN" report --db "$tmp/c.db" --html "$tmp/r.html" >/dev/null 2>&1 || die "report --html failed"
python3 - "$tmp/r.html" <<'PY' || fail=1
import re, sys
h = open(sys.argv[1]).read()
i = h.find("IBS data-cache miss latency by data source")
if i < 0: print("FAIL: no IBS Figure 2 section"); sys.exit(1)
sec = h[i:]
m = re.search(r"<tr><td>RAM hit</td><td>(\d+)</td><td>([0-9.]+)%</td><td>([0-9.]+)</td>", sec)
if not m or float(m.group(2)) < 75 or float(m.group(3)) < 157:
    print("FAIL: the first load's RAM hit row: %r" % (m.groups() if m else None)); sys.exit(1)
if "<svg" not in sec: print("FAIL: no SVG chart"); sys.exit(1)
print("report: first load RAM hit %s samples (%s%%), mean DcMissLat %s cycles" % m.groups())
PY
exit $fail
