#!/usr/bin/env bash
# 563: the co-processor's other programs (001 §4) against the exact profiles on
# tests/guest/value_patterns.c: coproc/edge_profile.s must report every branch executed >= 200
# times with at least 80% of them within 5 points of the true taken fraction (measured at
# 50000 iterations with an empty environment: 4 of 4) and overhead under 2%; coproc/memdep_profile.s must find the
# dominant store of at least 70% of the loads with >= 200 dependences (measured: 13 of 14; overhead 5.1%).
set -u
cd "$ROBIN_ROOT"
command -v python3 >/dev/null || { echo "python3 not installed"; exit 77; }
P=build/guest/tests/value_patterns.static
[ -x "$P" ] || { echo "$P not built (make guest)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-e2e-563.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
die() { echo "FAIL: $*"; fail=1; }
for prog in edge memdep; do
	env -i "$ROBIN" sim --no-progress --coproc coproc/${prog}_profile.s \
		--stats-json "$tmp/$prog.json" -- $P 50000 >/dev/null 2>"$tmp/$prog.err" ||
		{ die "$prog: $(tail -3 "$tmp/$prog.err")"; continue; }
done
python3 - "$tmp" <<'PY' || fail=1
import json, sys
t = sys.argv[1]
ok = True
def bad(msg):
    global ok
    print("FAIL:", msg); ok = False
e = json.load(open(t + "/edge.json"))["coproc"]
m = json.load(open(t + "/memdep.json"))["coproc"]
print("edge:", {k: e[k] for k in ["qualifying", "covered", "within_5pct_fraction", "overhead_fraction"]})
print("memdep:", {k: m[k] for k in ["qualifying", "covered", "within_5pct_fraction", "overhead_fraction"]})
if e["qualifying"] < 3 or e["covered"] != e["qualifying"]:
    bad("edges: %d of %d branches reported" % (e["covered"], e["qualifying"]))
if e["within_5pct_fraction"] < 0.8:
    bad("edges: %.3f within 5 points < 0.8" % e["within_5pct_fraction"])
if not 0 < e["overhead_fraction"] < 0.02:
    bad("edges: overhead %.4f" % e["overhead_fraction"])
if m["qualifying"] < 10 or m["within_5pct_fraction"] < 0.7:
    bad("memdep: dominant store found for %.3f of %d loads" % (m["within_5pct_fraction"],
        m["qualifying"]))
sys.exit(0 if ok else 1)
PY
[ $fail -eq 0 ] && echo "563: ok"
exit $fail
