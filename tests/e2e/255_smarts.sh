#!/usr/bin/env bash
# 255: robin sim --smarts U:W:k on a small phased program: the number of units and of detailed
# instructions follow from U, W, k and the program's length; the full detailed run's CPI lies
# inside the reported 99.7% interval (measured: 0.831 +- 0.110 against 0.813); an interval
# wider than +-3% is reported with the k that would do; bad specs are refused.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest phases
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
P=("$G/phases.static" "$PHASES_IN" 20)
"$ROBIN" sim --quiet --stats-json "$T/full.json" "${P[@]}" >"$T/full.out" || exit 1
"$ROBIN" sim --smarts 1000:2000:100 --stats-json "$T/s.json" "${P[@]}" >"$T/s.out" 2>"$T/err" || { cat "$T/err"; exit 1; }
cmp -s "$T/full.out" "$T/s.out" || { echo "sampling changed the program's output"; exit 1; }
grep -q 'interval is wider than' "$T/err" || { cat "$T/err"; exit 1; }
grep -Eq 'e\.g\. k = [0-9]+' "$T/err" || { cat "$T/err"; exit 1; }
python3 - "$T/full.json" "$T/s.json" <<'PY' || { cat "$T/err"; exit 1; }
import json, sys
full, s = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
truth = full['cycles'] / full['instructions']
m = s['smarts']
n_expect = s['instructions'] // (m['k'] * m['unit'])
assert abs(m['units'] - n_expect) <= 1, (m['units'], n_expect)
assert m['detailed_instructions'] >= m['units'] * (m['unit'] + m['warmup'])
assert m['detailed_instructions'] <= (m['units'] + 1) * (m['unit'] + m['warmup'])
assert abs(m['cpi'] - truth) <= m['ci997'], "CPI %.4f +- %.4f misses %.4f" % (m['cpi'], m['ci997'], truth)
assert m['ci95'] < m['ci997']
assert s['instructions'] == full['instructions'], (s['instructions'], full['instructions'])
print("ok: %d units, CPI %.4f +- %.4f (99.7%%) vs full %.4f (error %.2f%%)" % (m['units'], m['cpi'], m['ci997'], truth, 100 * abs(m['cpi'] - truth) / truth))
PY
for bad in 1000:2000 0:10:5 1000:200000:10 a:b:c; do
	"$ROBIN" sim --smarts "$bad" "${P[@]}" >/dev/null 2>"$T/e" && { echo "accepted $bad"; exit 1; }
	[ "$(wc -l <"$T/e")" -eq 1 ] && grep -q -- '--smarts' "$T/e" || { cat "$T/e"; exit 1; }
done
exit 0
