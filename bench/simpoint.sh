#!/usr/bin/env bash
# Sampled-simulation validation like Paper C of 004_b28092482852db08.txt (Figures C.4, C.6,
# C.7) on a long workload (default workloads/long/pipeline, 1.22 billion instructions):
#   1. robin simpoint run --validate at the default settings (1M intervals, maxK a tenth of
#      the intervals up to 30, the memory dimension, 10M of warming; docs/robin-simpoint.md
#      "Defaults"): the CPI error against the full detailed run, per-point and per-cluster CPI
#   2. campaigns at 5M and 20M intervals (real point simulations), error against the same full run
#   3. maxK, -dim and -bicThreshold sweeps on the IV vectors: robin simpoint picks the points,
#      their CPI is taken from the full run's per-interval CPI (step 1 shows restored points
#      match it), so the error isolates the clustering choice
#   4. SMARTS 1000:2000:1000 with its confidence interval
# Writes build/bench/simpoint/*.json and prints the tables (markdown). IV=N sets the base
# interval (default 1000000; the others are IV/2 and 2*IV). The full detailed run dominates:
# about 7 CPU-minutes for pipeline's 1.22 billion instructions at 3 MIPS.
# Usage: [IV=N] bench/simpoint.sh [PROG [ARGS...]]
set -u
cd "$(dirname "$0")/.."
ROBIN=${ROBIN:-$PWD/build/robin}
OUT=${OUT:-$PWD/build/bench/simpoint}
mkdir -p "$OUT"
IV=${IV:-1000000}
[ $# -gt 0 ] || set -- "$PWD/build/guest/workloads/long/pipeline.static"
[ -x "$1" ] || { echo "build it first: make long-workloads" >&2; exit 1; }
if [ ! -s "$OUT/base.json" ]; then
	nice "$ROBIN" simpoint run --validate --interval $IV --dir "$OUT/base" --stats-json "$OUT/base.json" -- "$@" 2>"$OUT/base.log" || { cat "$OUT/base.log"; exit 1; }
fi
for iv in $((IV / 2)) $((IV * 2)); do
	[ -s "$OUT/iv$iv.json" ] || nice "$ROBIN" simpoint run --interval $iv --dir "$OUT/iv$iv" \
		--stats-json "$OUT/iv$iv.json" -- "$@" 2>"$OUT/iv$iv.log" || { cat "$OUT/iv$iv.log"; exit 1; }
done
sweep() {  # NAME robin-simpoint-options...
	local name=$1; shift
	[ -s "$OUT/$name.sp" ] && return
	"$ROBIN" simpoint -loadFVFile "$OUT/base/bbv.bb" -saveSimpoints "$OUT/$name.sp" \
		-saveSimpointWeights "$OUT/$name.w" "$@" 2>"$OUT/$name.log"
}
for k in 3 5 10 20 30; do sweep "maxk$k" -maxK $k; done
for d in 2 5 15 50 noProject; do sweep "dim$d" -maxK 10 -dim $d; done
for t in 0.5 0.7 0.8 0.9 1.0; do sweep "bic$t" -maxK 10 -bicThreshold $t; done
[ -s "$OUT/smarts.json" ] || nice "$ROBIN" sim --smarts 1000:2000:${SMARTS_K:-1000} --stats-json "$OUT/smarts.json" "$@" \
	>/dev/null 2>"$OUT/smarts.log" || { cat "$OUT/smarts.log"; exit 1; }
python3 - "$OUT" "$IV" <<'PY'
import json, os, sys
out, IV = sys.argv[1], int(sys.argv[2])
base = json.load(open(out + '/base.json'))
full = base['cpi_full']
n = base['instructions']
# per-interval CPI of the full run (IV intervals)
lengths, cyc = {}, {}
for l in open(out + '/base/campaign.txt'):
    f = l.split()
    if f and f[0] == 'I':
        lengths[int(f[1])] = int(f[3])
for l in open(out + '/base/truth.txt'):
    f = l.split()
    if f and f[0] == 'I':
        cyc[int(f[1])] = int(f[2])
def from_truth(name):
    pts = [l.split() for l in open('%s/%s.sp' % (out, name))]
    ws = dict((c, float(w)) for w, c in (l.split() for l in open('%s/%s.w' % (out, name))))
    cpi = sum(ws[c] * cyc[int(i)] / lengths[int(i)] for i, c in pts)
    return len(pts), cpi
print('Full detailed run: %d instructions, CPI %.4f, %.0f s host time.\n' % (n, full, base['full_host_seconds']))
print('| interval | points | detailed insns | warmed insns | CPI predicted | CPI error | host s (prep + points) | speedup |')
print('|---|---|---|---|---|---|---|---|')
for name, iv in (('iv%d' % (IV // 2), IV / 2), ('base', IV), ('iv%d' % (IV * 2), IV * 2)):
    j = json.load(open('%s/%s.json' % (out, name)))
    t = j['preparation_host_seconds'] + j['points_host_seconds']
    print('| %gM | %d | %d (%.1f%%) | %d | %.4f | %.2f%% | %.0f | %.1fx |' % (iv / 1e6, len(j['points']), j['detailed_instructions'],
          100.0 * j['detailed_instructions'] / n, j['warmup_instructions'], j['cpi_predicted'],
          100 * abs(j['cpi_predicted'] - full) / full, t, base['full_host_seconds'] / t))
print('\nPer point at %gM (Figure C.6)' % (IV / 1e6) + ': simulated from its checkpoint vs the same interval in the full run, and its cluster\'s spread.\n')
print('| point | interval | weight | CPI (point) | CPI (full run) | cluster CPI mean | min | max | sd | intervals |')
print('|---|---|---|---|---|---|---|---|---|---|')
for p in base['points']:
    print('| %d | %d | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f | %d |' % (p['cluster'], p['interval'], p['weight'], p['cpi'],
          p['cpi_interval_full'], p['cluster_cpi_mean'], p['cluster_cpi_min'], p['cluster_cpi_max'], p['cluster_cpi_sd'], p['cluster_intervals']))
for title, names in (('maxK (Figure C.7)', ['maxk%d' % k for k in (3, 5, 10, 20, 30)]),
                     ('-dim, maxK 10', ['dim%s' % d for d in ('2', '5', '15', '50', 'noProject')]),
                     ('-bicThreshold, maxK 10', ['bic%s' % t for t in ('0.5', '0.7', '0.8', '0.9', '1.0')])):
    print('\n%s, %gM intervals; point CPIs from the full run:\n' % (title, IV / 1e6))
    print('| setting | points | detailed insns | CPI predicted | CPI error |')
    print('|---|---|---|---|---|')
    for nm in names:
        k, cpi = from_truth(nm)
        print('| %s | %d | %gM (%.1f%%) | %.4f | %.2f%% |' % (nm, k, k * IV / 1e6, 100.0 * k * IV / n, cpi, 100 * abs(cpi - full) / full))
s = json.load(open(out + '/smarts.json'))['smarts']
print('\nSMARTS U=%d W=%d k=%d: %d units, %d instructions in detail (%.2f%%), CPI %.4f +- %.4f (99.7%%), error %.2f%%; %d units needed for +-3%%.' % (
      s['unit'], s['warmup'], s['k'], s['units'], s['detailed_instructions'], 100.0 * s['detailed_instructions'] / n, s['cpi'], s['ci997'],
      100 * abs(s['cpi'] - full) / full, s['units_needed']))
PY
