#!/usr/bin/env bash
# 337: robin simpoint run --point-units U:W[:N] (docs/robin-simpoint.md "Units within a
# point"): each point measures about N units of U instructions in detail, each after W more in
# detail, spread over its interval, warming functionally between. On nqueens (200000-instruction
# intervals, 20 units of 1000 after 2000): every point's result counts whole units (19 or 20
# of them) and the instructions of its windows (profiled, three per unit); the campaign runs
# under a third of the detailed instructions of one that simulates the intervals whole
# (--point-units off) and predicts its CPI within 3%; each point records its units' count and
# CPI spread and its windows' cycles; the weighted profile covers the windows scaled to the
# units' cycles (its Oracle's cycles per instruction the estimate's); a point run alone
# (robin simpoint point) is its chain's. The default is 1000:2000 with N the interval over
# 10 U (here 20: the same points, cycle for cycle); U:W alone takes N so too. Bad values and a
# bad point_units line are refused.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
W=$ROBIN_ROOT/build/guest/workloads
[ -x "$W/nqueens.static" ] || { echo "skip: $W/nqueens.static not built (make guest)"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
ARGS=(--interval 200000 --warmup 600000 --jobs 1)
"$ROBIN" simpoint run "${ARGS[@]}" --point-units 1000:2000:20 --dir "$T/u" --stats-json "$T/u.json" -- \
	"$W/nqueens.static" >/dev/null 2>"$T/u.err" || { cat "$T/u.err"; exit 1; }
"$ROBIN" simpoint run "${ARGS[@]}" --point-units off --dir "$T/w" --stats-json "$T/w.json" -- \
	"$W/nqueens.static" >/dev/null 2>"$T/w.err" || { cat "$T/w.err"; exit 1; }
"$ROBIN" simpoint run "${ARGS[@]}" --dir "$T/d" -- "$W/nqueens.static" >/dev/null 2>"$T/d.err" ||
	{ cat "$T/d.err"; exit 1; }
grep -qx "point_units 1000 2000 20" "$T/u/campaign.txt" || { cat "$T/u/campaign.txt"; exit 1; }
grep -q "^point_units" "$T/w/campaign.txt" && { echo "point_units written with --point-units off"; exit 1; }
grep -qx "point_units 1000 2000 20" "$T/d/campaign.txt" || { echo "the default:"; cat "$T/d/campaign.txt"; exit 1; }
for f in "$T"/u/point-*.txt; do
	cmp -s <(grep -v _seconds "$f") <(grep -v _seconds "$T/d/${f##*/}") ||
		{ echo "${f##*/}: the default differs from --point-units 1000:2000:20"; exit 1; }
done
"$ROBIN" simpoint run --slurm --interval 200000 --point-units 500:1000 --dir "$T/s" -- "$W/nqueens.static" \
	>/dev/null 2>"$T/s.err" || { cat "$T/s.err"; exit 1; }
grep -qx "point_units 500 1000 40" "$T/s/campaign.txt" || { echo "500:1000:"; cat "$T/s/campaign.txt"; exit 1; }
cp -r "$T/u" "$T/solo"
"$ROBIN" simpoint point "$T/solo" 0 2>"$T/e" || { cat "$T/e"; exit 1; }
cmp <(grep -v _seconds "$T/u/point-0.txt") <(grep -v _seconds "$T/solo/point-0.txt") ||
	{ echo "point 0 alone differs from its chain's"; exit 1; }
grep -q 'profiles stored in .*/u/robin.db as run 1 (events: oracle tip)' "$T/u.err" || { cat "$T/u.err"; exit 1; }
"$ROBIN" prof --db "$T/u/robin.db" >"$T/prof" 2>&1 || { cat "$T/prof"; exit 1; }
python3 - "$T" <<'PY' || exit 1
import json, sys, glob, re
t = sys.argv[1]
head = open('%s/prof' % t).readline()
m = re.match(r'Total samples for event type oracle = ([0-9.]+)', head)
assert m, head
u, w = (json.load(open('%s/%s.json' % (t, k))) for k in ('u', 'w'))
length = {int(l.split()[1]): int(l.split()[6]) for l in open('%s/u/campaign.txt' % t) if l.startswith('P ')}
for f in glob.glob('%s/u/point-*.txt' % t):
    d = dict(l.split(None, 1) for l in open(f))
    n, cyc = int(d['instructions']), int(d['cycles'])
    prof, prof_cyc = (int(v) for v in d['profiled'].split())
    units, sd = int(d['units'].split()[0]), float(d['units'].split()[1])
    i = int(re.search(r'point-(\d+)\.txt$', f).group(1))
    # whole units, 19 or 20 of them on a full interval (the program's tail may be shorter)
    assert n % 1000 == 0 and (19000 <= n <= 20000 if length[i] >= 190000 else 0 < n <= length[i]), (f, n, length[i])
    assert 2.9 * n <= prof <= 3.1 * n + 3000, (f, n, prof)
    # the units counted, the spread of their CPIs (the interval's second stage), and the
    # windows' cycles those their detail took (not the core's clock, which the warming
    # between units moves too): their CPI near the units'
    assert units * 1000 == n and sd >= 0, (f, units, n, sd)
    assert 0.7 < (prof_cyc / prof) / (cyc / n) < 1.3, (f, prof_cyc, prof, cyc, n)
    stack = sum(int(v.split()[1]) for k, v in ((l.split(None, 1)) for l in open(f)) if k == 'stack')
    assert stack == cyc, (f, stack, cyc)
assert u['detailed_instructions'] * 3 < w['detailed_instructions'], (u['detailed_instructions'], w['detailed_instructions'])
e = u['cpi_predicted'] / w['cpi_predicted'] - 1
assert abs(e) < 0.03, (u['cpi_predicted'], w['cpi_predicted'])
# the weighted Oracle covers the windows (the units and their detailed warming), scaled to the
# units' cycles: its cycles per instruction the estimate's
o = float(m.group(1)) / u['instructions']
assert abs(o / u['cpi_predicted'] - 1) < 1e-3, (o, u['cpi_predicted'])
for p in u['points']:
    assert p['units'] * 1000 == p['instructions'] and p['units_cpi_sd'] >= 0, p
# host time: each point's process times its stretch of its chain's warming apart from its own
# run; with one job they run one after another inside the points' time
wsum = osum = 0
for f in glob.glob('%s/u/point-*.txt' % t):
    d = dict(l.split(None, 1) for l in open(f))
    hs, ws = float(d['host_seconds']), float(d['warm_seconds'])
    assert 0 <= ws <= hs, (f, ws, hs)
    wsum += ws
    osum += hs - ws
pw, po, ps = u['points_warming_host_seconds'], u['points_own_host_seconds'], u['points_host_seconds']
assert abs(pw - wsum) < 0.01 and abs(po - osum) < 0.01, (pw, wsum, po, osum)
assert 0 < pw and 0 < po and pw + po <= ps + 0.001 * len(u['points']), (pw, po, ps)
print("ok: weighted Oracle %.4f cycles per instruction" % o)
print("ok: CPI %.4f with units, %.4f with whole intervals (%+.2f%%); %d against %d instructions in detail"
      % (u['cpi_predicted'], w['cpi_predicted'], 100 * e, u['detailed_instructions'], w['detailed_instructions']))
PY
# a merge has the points' files, so their host times too (not the run's)
"$ROBIN" simpoint merge "$T/u" >/dev/null 2>"$T/m.err" || { cat "$T/m.err"; exit 1; }
grep -q "host time: points (summed over the points' processes: the chains' warming up to each point [0-9.]* s, the points' own runs [0-9.]* s)" "$T/m.err" ||
	{ grep "host time" "$T/m.err"; echo "the merge's host-time line"; exit 1; }
for bad in 0:2000:20 1000:2000:0 1000 0:2000 x 1000::20 1000:2000: 4294967297:1:1; do
	"$ROBIN" simpoint run --point-units "$bad" -- "$W/nqueens.static" 2>"$T/e" >/dev/null &&
		{ echo "--point-units '$bad' accepted"; exit 1; }
	grep -q -- "--point-units needs" "$T/e" || { cat "$T/e"; exit 1; }
done
L=$(grep -n '^point_units ' "$T/u/campaign.txt" | cut -d: -f1)
sed -i 's/^point_units .*/point_units 0 0 5/' "$T/u/campaign.txt"
"$ROBIN" simpoint merge "$T/u" 2>"$T/e" && { echo "point_units 0 0 5 accepted"; exit 1; }
grep -q "campaign.txt:$L: point_units: U and N must be > 0" "$T/e" || { cat "$T/e"; exit 1; }
exit 0
