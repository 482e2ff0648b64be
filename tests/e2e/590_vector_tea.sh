#!/usr/bin/env bash
# 590: TEA's vector-unit stall component (ST-VU, docs/vector.md and docs/tea.md) on
# tests/guest/vcore_loop.c's divide loop (two independent vdivu.vv on the one iterative
# integer sequencer, then a vadd.vv behind them): the golden reference puts nearly all of the
# divides' and the vadd's cycles under ST-VU, TEA sampling every cycle equals it exactly
# (PICS error 0 but for rounding) and at a sampling period finds the same components; the Oracle and TIP put
# the time on the divides; --stats-json counts the cycles spent waiting for a sequencer.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest vcore_loop
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
P=$G/vcore_loop.static
fail=0
die() { echo "FAIL: $*"; fail=1; }
"$ROBIN" run --vlen 256 "$P" div 4 1 >/dev/null 2>&1 ||
	{ echo "FAIL: robin run cannot run vcore_loop"; exit 1; }
for p in 1 97; do
	"$ROBIN" sim --vlen 256 --quiet --no-progress --profile tip,tea --period $p \
		--stats-json "$T/p$p.json" -- "$P" div 32 400 >/dev/null 2>"$T/err" ||
		die "robin sim --period $p exit $?: $(tail -1 "$T/err")"
done
python3 - "$T" <<'PY' || fail=1
import json, sys
t = sys.argv[1]
bad = []
p1, p97 = (json.load(open(f"{t}/p{n}.json")) for n in (1, 97))
e = p1["pics_error"]["tea"]["instruction"]
if e > 1e-9: bad.append(f"TEA at period 1 differs from the golden reference: error {e}")
def comps(s, prof):
    return {x["disasm"]: x["components"] for x in s["pics_top"][prof]}
for s, prof in ((p1, "golden"), (p97, "tea")):
    c = comps(s, prof)
    for name in ("vdivu.vv\tv12,v4,v8", "vdivu.vv\tv16,v8,v4", "vadd.vv\tv20,v12,v16"):
        share = c.get(name, {}).get("ST-VU", 0)
        if share < 0.9: bad.append(f"{prof}: {name} has ST-VU {share:.3f} of its cycles")
top = [x["disasm"].split("\t")[0] for x in p97["top"]["oracle"][:2]]
if top != ["vdivu.vv", "vdivu.vv"]: bad.append(f"oracle's top two: {top}")
tip = [x["disasm"].split("\t")[0] for x in p97["top"]["tip"][:2]]
if tip != top: bad.append(f"tip's top two {tip}, the oracle's {top}")
v = p97["vector"]
if v["by_class"]["vdiv"] != 800: bad.append(f"vdiv count {v['by_class']['vdiv']}")
if v["wait_sequencer_cycles"] <= 0: bad.append("no cycles waiting for a sequencer")
top3 = [(x["disasm"], round(x["share"], 3)) for x in p97["top"]["oracle"][:3]]
print(f"oracle top {top3}, sequencer waits {v['wait_sequencer_cycles']} cycles")
for b in bad: print("FAIL:", b)
sys.exit(1 if bad else 0)
PY
exit $fail
