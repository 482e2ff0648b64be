#!/usr/bin/env bash
# 338: a function's share gets an interval that two agreeing points cannot shrink to nothing.
# phases for 6 rounds at 300,000-instruction intervals, whole intervals: the start-up interval
# (the C library's set-up, 2.3% of its instructions outside main at several times main's
# cycles per instruction) falls in a cluster of seven loop intervals, and both of its points
# are all main; the clusters' spread alone gave main [99.12%, 99.12%] against the full run's
# 98.28%. The basic-block vectors know every interval's instructions per function: their spread
# over the cluster, in cycles by the cycles per instruction in and outside the function, is a
# floor under the cluster's variance. Now the interval holds the full run's share and is wider
# than 0.5 points; with units (the default) too. A merge from another directory names the same
# functions: the points' profiles keep their images' paths under the campaign's directory of
# origin (campaign.txt's cwd), not relative to it.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest phases
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
for pu in off 1000:2000; do
	"$ROBIN" simpoint run --interval 300000 --warmup 1000000 --jobs 2 --validate --point-units "$pu" \
		--dir "$T/$pu" --stats-json "$T/$pu.json" -- "$G/phases.static" "$PHASES_IN" 6 \
		>/dev/null 2>"$T/$pu.err" || { cat "$T/$pu.err"; exit 1; }
	python3 - "$T/$pu.json" "$pu" <<'PY' || { cat "$T/$pu.err"; exit 1; }
import json, sys
r = json.load(open(sys.argv[1]))
top = r['profile']['top_functions']
main = [t for t in top if t['function'] == 'main']
assert main, top
m = main[0]
lo, hi = m['ci95']
assert lo <= m['full_share'] <= hi, "main %.4f [%.4f, %.4f] misses the full run's %.4f" % (m['share'], lo, hi, m['full_share'])
assert hi - lo > 0.005, "main's interval [%.4f, %.4f] is too narrow for the start-up it does not see" % (lo, hi)
print("ok (--point-units %s): main %.2f%% [%.2f%%, %.2f%%], full run %.2f%%" % (sys.argv[2], 100 * m['share'], 100 * lo, 100 * hi, 100 * m['full_share']))
PY
done
R=$ROBIN; case $R in /*) ;; *) R=$ROBIN_ROOT/$R ;; esac
grep -qx "cwd $PWD" "$T/off/campaign.txt" || { echo "campaign.txt has no cwd $PWD:"; grep '^cwd' "$T/off/campaign.txt"; exit 1; }
(cd / && "$R" simpoint merge "$T/off" --stats-json "$T/m.json" >/dev/null 2>"$T/m.err") || { cat "$T/m.err"; exit 1; }
python3 - "$T/off.json" "$T/m.json" <<'PY' || { cat "$T/m.err"; exit 1; }
import json, sys
a, b = (json.load(open(f))['profile']['top_functions'] for f in sys.argv[1:])
assert [t['function'] for t in a] == [t['function'] for t in b], (a, b)
assert [t['ci95'] for t in a] == [t['ci95'] for t in b], (a, b)
print("ok: merged from /: %s" % ", ".join(t['function'] for t in b))
PY
exit 0
