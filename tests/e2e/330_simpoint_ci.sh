#!/usr/bin/env bash
# 330: robin simpoint run keeps phases apart and gives an interval that holds the truth, at an
# interval length where the old defaults mixed them: phases (10 rounds, 7.5 M instructions:
# a hash loop, a pointer chase and a stencil) at 500k-instruction intervals has 14 intervals
# (and a tail),
# so a tenth of them (the old largest k) allowed one cluster for intervals of CPI 0.42 to
# 1.08. Now (1) at the defaults k is searched up to 10: every cluster's intervals agree
# within 1.5x in the full detailed run unless the cluster was split or its points disagree
# (reported), and the 95% interval (cpi_ci95) holds the full run's CPI; (2) with one cluster
# forced (--maxK 1, the old cap), the memory signature splits it — one line says so, the
# stats name the split — and the interval still holds the full run's CPI; (3) a bad
# --split-ratio or --points-per-cluster is refused.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest phases
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
run() {  # NAME OPTIONS...
	local name=$1; shift
	"$ROBIN" simpoint run --interval 500000 --warmup 1000000 --jobs 2 --no-profile "$@" \
		--dir "$T/$name" --stats-json "$T/$name.json" -- "$G/phases.static" \
		"$PHASES_IN" 10 2>"$T/$name.err" || { cat "$T/$name.err"; exit 1; }
}
run auto --validate
run one --maxK 1
grep -q '95% confidence interval' "$T/auto.err" || { cat "$T/auto.err"; exit 1; }
grep -q '^robin simpoint: cluster 0 split into [0-9]* by the memory signature' "$T/one.err" || { cat "$T/one.err"; exit 1; }
python3 - "$T" <<'PY' || { cat "$T/auto.err" "$T/one.err"; exit 1; }
import json, sys
d = sys.argv[1]
a, o = json.load(open(d + '/auto.json')), json.load(open(d + '/one.json'))
full = a['cpi_full']
assert a['intervals'] == 15, a['intervals']   # 14 whole ones and the program's tail
lo, hi = a['cpi_ci95']
assert lo <= full <= hi and a['ci95_holds'] == 1, (lo, full, hi)
assert lo < a['cpi_predicted'] < hi
split = set(s['cluster'] for s in a['splits'])
for p in a['points']:
    mixed = p['cluster_cpi_max'] > 1.5 * p['cluster_cpi_min']
    assert not mixed or p['cluster'] in split or a['clusters_disagreeing'] > 0, \
        "cluster %d mixes CPI %.3f..%.3f unflagged" % (p['cluster'], p['cluster_cpi_min'], p['cluster_cpi_max'])
# clusters with several intervals have two points
per = {}
for p in a['points']:
    per.setdefault(p['cluster'], []).append(p)
assert any(len(v) == 2 for v in per.values())
assert abs(sum(p['weight'] for p in a['points']) - 1) < 1e-9
# one cluster forced: split by the memory signature, the interval still holds the truth
assert len(o['splits']) == 1 and o['splits'][0]['parts'] >= 2 and o['k'] == o['splits'][0]['parts'] + 1, o['splits']  # + the tail
s = o['splits'][0]
assert s['warm_cpi_max'] > 1.5 * s['warm_cpi_min']
lo, hi = o['cpi_ci95']
assert lo <= full <= hi, (lo, full, hi)
print("ok: k=%d, CPI %.4f in [%.4f, %.4f] holds %.4f; forced k=1 split into %d: [%.4f, %.4f]" % (
    a['k'], a['cpi_predicted'], a['cpi_ci95'][0], a['cpi_ci95'][1], full, o['k'], lo, hi))
PY
# merge prints the same interval and the split again
"$ROBIN" simpoint merge "$T/one" --stats-json "$T/m.json" 2>"$T/m.err" || { cat "$T/m.err"; exit 1; }
grep -q 'split into' "$T/m.err" || { cat "$T/m.err"; exit 1; }
python3 -c "
import json
a, b = json.load(open('$T/one.json')), json.load(open('$T/m.json'))
assert a['cpi_ci95'] == b['cpi_ci95'] and a['splits'] == b['splits']
" || exit 1
"$ROBIN" simpoint run --split-ratio 0.5 -- "$G/phases.static" 2>"$T/e" && exit 1
grep -q -- '--split-ratio' "$T/e" || { cat "$T/e"; exit 1; }
"$ROBIN" simpoint run --points-per-cluster 0 -- "$G/phases.static" 2>"$T/e" && exit 1
grep -q -- '--points-per-cluster' "$T/e" || { cat "$T/e"; exit 1; }
exit 0
