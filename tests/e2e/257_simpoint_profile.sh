#!/usr/bin/env bash
# 257: a SimPoint campaign's weighted Oracle/TIP profile (robin simpoint run --validate on a
# small phased program, TIP every 499 cycles):
#  - each point's TIP took one sample per 499 cycles of its detailed windows (+-1; the
#    Oracle's cycles, which count every cycle the profilers saw), not a lump for the cycles of
#    the functional warming before the point or between its units (the sampler's clock is the
#    cycles the profilers saw; 467 samples for 72 windows' worth when it was the core's);
#  - the weighted Oracle's total is the weighted CPI times the program's instructions (with
#    units, each point's profile scaled from its windows' CPI to its units', as its cycle stack
#    is), and the weighted cycle stack (the units' own, not their windows') is within 10%
#    (summed over its shares) of the full run's, with no category the full run lacks;
#  - against the full detailed run's exact Oracle the weighted Oracle's error is below 15% per
#    instruction and 10% per function, the weighted TIP's too, with more than 1000 TIP samples
#    (measured 4.6% / 0.6% and 5.7% / 0.7% with 1790 samples; the points move with the
#    program's stack layout, which is why the input's path is relative: $PHASES_IN); the full
#    run's own TIP is below 5% per instruction (1.0%);
#  - the run is one run of the database: robin prof lists oracle and tip with the weighted
#    totals, robin annotate shows main; robin simpoint merge --db stores the same profile again;
#  - the weighted Oracle's heaviest functions (profile.top_functions, those of 1% or more):
#    heaviest first, each
#    share the one robin prof computes from the stored run, inside its 95% interval, with the
#    full run's share beside it;
#  - a damaged point profile is refused with the file and line named.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest phases
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
"$ROBIN" simpoint run --interval 300000 --warmup 3000000 --maxK 8 --jobs 2 --dir "$T/c" --validate \
	--profile-period 499 --stats-json "$T/r.json" -- "$G/phases.static" \
	"$PHASES_IN" 20 2>"$T/err" || { cat "$T/err"; exit 1; }
grep -q 'profiles stored in .*/c/robin.db as run 1 (events: oracle tip)' "$T/err" || { cat "$T/err"; exit 1; }
grep -q 'weighted TIP vs full run' "$T/err" || { cat "$T/err"; exit 1; }
python3 - "$T/r.json" "$T/c" <<'PY' || { cat "$T/err"; exit 1; }
import json, sys, glob, re
r = json.load(open(sys.argv[1]))
d = sys.argv[2]
p = r['profile']
units = 0
for i, pt in enumerate(r['points']):
    text = open('%s/point-%d.prof' % (d, i)).read()
    tip = int(re.search(r'^model tip \d+ (\d+) ', text, re.M).group(1))
    m = re.search(r'^model oracle (\d+) \d+ \d+ \d+\n((?:[0-9a-f]+ .*\n)*)', text, re.M)
    seen = sum(int(l.split()[1]) for l in m.group(2).splitlines()) // int(m.group(1))
    want = seen // 499
    assert abs(tip - want) <= 1, "point %d: %d TIP samples for %d cycles" % (i, tip, seen)
    # units (the default) in every whole interval: the windows ran three times the cycles
    # the units measured (the last, partial interval is too short for units)
    units += seen > 2 * pt['cycles'] or pt['interval'] == r['intervals'] - 1
assert units == len(r['points']), (units, len(r['points']))
want = r['cpi_predicted'] * r['instructions']
assert abs(p['weighted_cycles'] - want) < 1e-3 * want, (p['weighted_cycles'], want)
# the weighted cycle stack against the full run's, share by share (measured 3% apart in all;
# 37% when the windows' cycles were taken from the core's clock, which the functional
# warming between units advances too, and the difference went to the largest category)
ws, fs = r['cycle_stack_cpi'], r['cycle_stack_cpi_full']
wt, ft = sum(ws.values()), sum(fs.values())
assert abs(wt - r['cpi_predicted']) < 1e-3 * wt and abs(ft - r['cpi_full']) < 1e-3 * ft, (wt, ft)
tv = sum(abs(ws.get(k, 0) / wt - fs[k] / ft) for k in fs)
assert tv < 0.10, "weighted cycle stack %s against the full run's %s: %.1f%% apart" % (ws, fs, 100 * tv)
# the stack is the units' own: the detailed warming before each unit refills the pipeline
# from empty, which the program never sees (drained.frontend 0.33% of the weighted stack when
# it was the windows', against 0.00% in the full run)
for k in fs:
    if fs[k] < 1e-4 * ft:
        assert ws.get(k, 0) < 1e-3 * wt, "%s: %.4f%% of the weighted stack, %.4f%% of the full run's" % (k, 100 * ws.get(k, 0) / wt, 100 * fs[k] / ft)
assert p['tip_samples'] > 1000, p['tip_samples']
wo, wt = p['weighted_oracle_vs_full_oracle'], p['weighted_tip_vs_full_oracle']
assert wo['instruction'] < 0.15 and wo['function'] < 0.10, wo
assert wt['instruction'] < 0.15 and wt['function'] < 0.10, wt
assert 0 < p['full_tip_vs_full_oracle']['instruction'] < 0.05, p['full_tip_vs_full_oracle']
print("ok: weighted Oracle %.2f%% / %.2f%%, weighted TIP %.2f%% / %.2f%% (%d samples) vs the full run's Oracle"
      % (100 * wo['instruction'], 100 * wo['function'], 100 * wt['instruction'], 100 * wt['function'], p['tip_samples']))
PY
"$ROBIN" prof --db "$T/c/robin.db" >"$T/prof" 2>&1 || { cat "$T/prof"; exit 1; }
python3 - "$T/r.json" "$T/prof" <<'PY' || { cat "$T/prof"; exit 1; }
import json, sys, re
r = json.load(open(sys.argv[1]))
head = open(sys.argv[2]).readline()
m = re.match(r'Total samples for event type oracle = ([0-9.]+), tip = ([0-9.]+)', head)
assert m, head
assert abs(float(m.group(1)) - r['profile']['weighted_cycles']) < 1, head
total = float(m.group(1))
by_proc = {}
for line in open(sys.argv[2]).readlines()[5:]:
    f = line.split()
    if len(f) >= 8:
        by_proc.setdefault(f[6], float(f[0]))
top = r['profile']['top_functions']
assert 1 <= len(top) <= 10 and all(t['share'] >= 0.01 for t in top), top
shares = [t['share'] for t in top]
assert shares == sorted(shares, reverse=True) and sum(shares) <= 1 + 1e-9, shares
holds = 0
for t in top:
    want = by_proc[t['function']] / total
    assert abs(t['share'] - want) < 1e-5, (t, want)  # the database keeps the units rounded
    lo, hi = t['ci95']
    assert 0 <= lo <= t['share'] <= hi <= 1, t
    assert 0 <= t['full_share'] <= 1 and t['ci95_holds'] == (lo <= t['full_share'] <= hi), t
    holds += t['ci95_holds']
print("ok: %d functions, %s %.2f%% [%.2f%%, %.2f%%] (full run %.2f%%); %d intervals hold"
      % (len(top), top[0]['function'], 100 * top[0]['share'], 100 * top[0]['ci95'][0],
         100 * top[0]['ci95'][1], 100 * top[0]['full_share'], holds))
PY
grep -q ' main ' "$T/prof" || { cat "$T/prof"; exit 1; }
"$ROBIN" annotate --db "$T/c/robin.db" main >"$T/ann" 2>&1 || { cat "$T/ann"; exit 1; }
grep -q '^tip: ' "$T/ann" || { head "$T/ann"; exit 1; }
"$ROBIN" simpoint merge "$T/c" --db "$T/m.db" --stats-json "$T/m.json" 2>"$T/e" || { cat "$T/e"; exit 1; }
python3 -c "
import json
a, b = json.load(open('$T/r.json')), json.load(open('$T/m.json'))
assert a['profile'] == b['profile'], (a['profile'], b['profile'])
" || { echo "merge gave another profile"; exit 1; }
# a damaged point profile
sed -i '3s/.*/garbage/' "$T/c/point-1.prof"
"$ROBIN" simpoint merge "$T/c" --db "$T/m2.db" 2>"$T/e" && { echo "a damaged profile was accepted"; exit 1; }
grep -q 'point-1.prof:3: ' "$T/e" || { cat "$T/e"; exit 1; }
exit 0
