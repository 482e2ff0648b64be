#!/usr/bin/env bash
# 259: robin simpoint run's method at its defaults — the largest k a tenth of the intervals
# but at least 10, the memory dimension (weight 1) appended to the vectors, splits by the
# memory signature, two points per cluster, warming ten intervals — scaled to a
# small phased program (phases, 30 rounds, 16M instructions: 200k intervals and 2M of warming
# for the defaults' 1M and 10M): the CPI is within 3% of the full detailed run (measured
# 1.16%, k = 10; 1.45%, k = 8 with the memory pass) with under a third of the instructions in
# detail (measured 22.6%; 17.5% with the memory pass; 6-8% with one point per cluster); k
# stays within twice the largest k (splits may add up to that); the memory signature (sampled
# in the vectors pass by default, e2e 334) wrote one warm CPI per interval (mem.txt) and its
# coordinate (memdim), and the pointer chase's intervals are at least twice as slow there as
# the hash loop's. Bad --mem-weight and -loadExtraFile are refused.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest phases
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
"$ROBIN" simpoint run --interval 200000 --warmup 2000000 --jobs 2 --no-profile --validate \
	--dir "$T/c" --stats-json "$T/r.json" -- "$G/phases.static" "$PHASES_IN" 30 \
	2>"$T/err" || { cat "$T/err"; exit 1; }
python3 - "$T/r.json" "$T/c" <<'PY' || { cat "$T/err"; exit 1; }
import json, math, sys
r, d = json.load(open(sys.argv[1])), sys.argv[2]
n = r['intervals']
maxk = min(n, max(10, min(30, n // 10)))
assert r['k'] <= 2 * maxk, "k = %d for %d intervals" % (r['k'], n)
assert r['cpi_error'] < 0.03, "CPI error %.4f" % r['cpi_error']
# the error in two parts: the points against their own intervals, those against the program
split = r['cpi_error_points'] + r['cpi_error_sampling']
assert abs(split - (r['cpi_predicted'] - r['cpi_full']) / r['cpi_full']) < 1e-9, (split, r['cpi_error'])
own = sum(p['weight'] * (p['cpi'] - p['cpi_interval_full']) for p in r['points']) / r['cpi_full']
assert abs(own - r['cpi_error_points']) < 1e-6, (own, r['cpi_error_points'])
assert r['detailed_instructions'] < r['instructions'] / 3, "%d of %d in detail" % (r['detailed_instructions'], r['instructions'])
mem = [l.split() for l in open(d + '/mem.txt')]
dim = [float(l) for l in open(d + '/memdim')]
assert len(mem) == n - 1 and len(dim) == n - 1, (len(mem), len(dim), n)  # the vectors' intervals; the tail is the last
for (tag, i, insns, cyc), x in zip((l[:4] for l in mem), dim):  # a fifth number: the warming shortfall
    assert tag == 'I' and int(insns) > 0 and int(cyc) >= int(insns)
    assert abs(x - math.log(int(cyc) / int(insns))) < 1e-5, (i, x)
assert max(dim) - min(dim) > math.log(2), "warm CPI range %.3f..%.3f" % (math.exp(min(dim)), math.exp(max(dim)))
print("ok: k=%d of at most %d, CPI %.4f vs %.4f (error %.2f%%), %.1f%% in detail" % (r['k'], 2 * maxk,
      r['cpi_predicted'], r['cpi_full'], 100 * r['cpi_error'], 100.0 * r['detailed_instructions'] / r['instructions']))
PY
# the clustering reads the memory dimension back like robin simpoint -loadExtraFile
"$ROBIN" simpoint -loadFVFile "$T/c/bbv.bb" -loadExtraFile "$T/c/memdim" -maxK 8 -saveSimpoints "$T/sp" 2>"$T/e" || { cat "$T/e"; exit 1; }
[ -s "$T/sp" ] || exit 1
head -n 3 "$T/c/memdim" > "$T/short"
"$ROBIN" simpoint -loadFVFile "$T/c/bbv.bb" -loadExtraFile "$T/short" 2>"$T/e" && exit 1
grep -q "short: 3 lines for" "$T/e" || { cat "$T/e"; exit 1; }
"$ROBIN" simpoint run --mem-weight -1 -- "$G/phases.static" 2>"$T/e" && exit 1
grep -q -- '--mem-weight' "$T/e" || { cat "$T/e"; exit 1; }
exit 0
