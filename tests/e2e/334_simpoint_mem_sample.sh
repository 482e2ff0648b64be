#!/usr/bin/env bash
# 334: the sampled memory signature (robin simpoint run's default, --mem-sample N;
# docs/robin-simpoint.md "The memory dimension"): the vectors pass has the translated code log
# its loads and stores, keeps one cache line in N (emu_set_access_hook) and estimates each
# interval's warm cycles from the sampled lines' reuse distances (campaign_memsig.c); no
# memory pass runs (the preparation line says "memory signature"). On phases (a hash loop
# over a small table and a pointer chase over a large one), against the exact memory pass
# (--mem-sample 0): the same intervals and instructions in mem.txt and bbv.bb byte for byte;
# memsig.txt counts every load and store of an interval, the translated code's from its log
# and the interpreter's (the pointer chase's loads reach above the translated code's window
# and run there), the same whatever the sampling (one line in 1: exact reuse distances), and
# about one access in 64 sampled; the sampled warm CPI follows the exact one: median ratio
# within 15% of 1, the logs correlated above 0.8 (measured 1.107 and 0.908; 0.905 with
# every line: the model's simplifications, not the sampling, are its error), the pointer chase
# at least twice the hash loop. mem.txt's fourth number, the LLC hits a point's warming would
# miss, is non-zero where the chase's array (the LLC's size) comes back after more than the
# warming, and zero everywhere with a warming longer than the program; a campaign with that
# warming widens its interval's low side by the points' weighted shortfall and warns. Bad
# values are refused, and a memory pass in a directory a sampled campaign used leaves no
# memsig.txt.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest phases
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
for w in 64 1 0 long; do
	opt=(--warmup 400000 --mem-sample $w)
	[ $w = long ] && opt=(--warmup 100000000)
	"$ROBIN" simpoint run --slurm --interval 200000 --no-profile "${opt[@]}" \
		--dir "$T/$w" -- "$G/phases.static" "$PHASES_IN" 10 2>"$T/$w.err" ||
		{ cat "$T/$w.err"; exit 1; }
done
grep -Eq 'vectors [0-9.]+ s, memory signature [0-9.]+ s' "$T/64.err" || { cat "$T/64.err"; exit 1; }
grep -Eq 'vectors [0-9.]+ s, memory pass [0-9.]+ s' "$T/0.err" || { cat "$T/0.err"; exit 1; }
[ -e "$T/0/memsig.txt" ] && { echo "the memory pass wrote memsig.txt"; exit 1; }
cmp -s "$T/64/bbv.bb" "$T/0/bbv.bb" || { echo "sampling changed the vectors"; exit 1; }
python3 - "$T" <<'PY' || exit 1
import math, sys
t = sys.argv[1]
def mem(w):
    return [(int(l.split()[2]), int(l.split()[3])) for l in open('%s/%s/mem.txt' % (t, w))]
s, one, f = mem('64'), mem('1'), mem('0')
assert len(s) == len(f) == len(one) > 10, (len(s), len(f))
assert [n for n, c in s] == [n for n, c in f], "the intervals differ"
sig = [l.split() for l in open(t + '/64/memsig.txt')]
assert sig[0][:3] == ['S', 'one_in', '64'], sig[0]
rows = sig[1:]
assert len(rows) == len(s)
acc = [int(r[3]) for r in rows]
smp = [int(r[4]) for r in rows]
assert sum(a > 0 for a in acc) > len(acc) / 2, acc[:5]  # the hash phase has no data access
assert 0 < sum(smp) < sum(acc) / 16, (sum(smp), sum(acc))   # about one in 64
ex1 = [int(r[3]) for r in (l.split() for l in open(t + '/1/memsig.txt')) if r[0] == 'I']
assert ex1 == acc, "the accesses counted depend on the sampling"
def corr(a, b):
    la, lb = [math.log(x) for x in a], [math.log(x) for x in b]
    ma, mb = sum(la) / len(la), sum(lb) / len(lb)
    c = sum((x - ma) * (y - mb) for x, y in zip(la, lb))
    return c / math.sqrt(sum((x - ma) ** 2 for x in la) * sum((y - mb) ** 2 for y in lb))
cs, c1, cf = ([c / n for n, c in v] for v in (s, one, f))
r = sorted(a / b for a, b in zip(cs, cf))
med = r[len(r) // 2]
assert 0.85 < med < 1.15, "median sampled/exact warm CPI %.3f" % med
k64, k1 = corr(cs, cf), corr(c1, cf)
assert k64 > 0.8 and k1 > 0.8, "correlation of the logs: 1/64 %.3f, 1/1 %.3f" % (k64, k1)
assert max(cs) > 2 * min(cs), "sampled warm CPI %.2f..%.2f" % (min(cs), max(cs))
# the warming's shortfall: the chase's 2 MB array stays in the 2 MB LLC between its rounds,
# which lie further apart than 400000 instructions; a warming longer than the program leaves
# no shortfall, and the warm CPIs do not depend on the warming
short = [int(l.split()[4]) for l in open(t + '/64/mem.txt')]
assert sum(x > 0 for x in short) >= 2, short
assert all(x <= c for x, (n, c) in zip(short, s))
longw = [l.split() for l in open(t + '/long/mem.txt')]
assert all(int(l[4]) == 0 for l in longw), [l for l in longw if int(l[4])][:3]
assert [(int(l[2]), int(l[3])) for l in longw] == s
print("ok: %d intervals, median ratio %.3f, correlation 1/64 %.3f, 1/1 %.3f, warm CPI %.2f..%.2f (exact %.2f..%.2f)"
      % (len(s), med, k64, k1, min(cs), max(cs), min(cf), max(cf)),
      "; %d intervals short of warming at 400000" % sum(x > 0 for x in short))
PY
# a campaign whose points warm 400000 instructions: the shortfall widens the interval's low
# side by itself (the high side not), and the report warns
"$ROBIN" simpoint run --interval 200000 --warmup 400000 --jobs 2 --no-profile --dir "$T/pts" \
	--stats-json "$T/pts.json" -- "$G/phases.static" "$PHASES_IN" 10 \
	>"$T/pts.out" 2>&1 || { cat "$T/pts.out"; exit 1; }
python3 - "$T/pts.json" <<'PY' || exit 1
import json, sys
r = json.load(open(sys.argv[1]))
ws, (lo, hi), cpi = r['warming_short_cpi'], r['cpi_ci95'], r['cpi_predicted']
assert ws is not None and ws > 0.005 * cpi, (ws, cpi)
assert abs((cpi - lo) - (hi - cpi) - ws) < 1e-9, (lo, hi, cpi, ws)
print("ok: shortfall %.2f%% of the CPI, interval [%.4f, %.4f] around %.4f" % (100 * ws / cpi, lo, hi, cpi))
PY
grep -q "warning: the points' 400000 instructions of warming" "$T/pts.out" || { cat "$T/pts.out"; exit 1; }
# each point's warming chosen from its interval's reuse ages (the default, here between 100000
# and 800000): mem.txt's fifth number the shortest power of two times MIN whose shortfall
# (fourth) is at most 0.5% of the interval's instructions (cycles at a CPI of 1), or MAX; recomputed here from
# memsig.txt's age buckets; the points warm that much (or from the program's start)
"$ROBIN" simpoint run --slurm --interval 200000 --no-profile --warmup auto:100000:800000 \
	--dir "$T/auto" -- "$G/phases.static" "$PHASES_IN" 10 2>"$T/auto.err" ||
	{ cat "$T/auto.err"; exit 1; }
python3 - "$T/auto" <<'PY' || exit 1
import sys
d = sys.argv[1]
cfg = dict(l.split(' = ') for l in open(d + '/core.cfg') if ' = ' in l)
dram = sum(float(cfg[k]) for k in ('dram_ctrl_ns', 'dram_trcd_ns', 'dram_tcas_ns')) * float(cfg['freq_mhz']) / 1000
sig = [l.split() for l in open(d + '/memsig.txt')]
one_in = float(sig[0][2])
ages = {int(r[1]): [int(x) for x in r[-40:]] for r in sig[1:]}
mem = {int(r[1]): r for r in (l.split() for l in open(d + '/mem.txt'))}
starts = {int(r[1]): int(r[2]) for r in (l.split() for l in open(d + '/campaign.txt')) if r[0] == 'I'}
seen = set()
for i, r in mem.items():
    insns, short, warm = float(r[2]), float(r[4]), int(r[5])
    w = 100000
    while True:
        n = sum(a for k, a in enumerate(ages[i]) if 2 ** (k + 1) > w)
        s = 0 if starts[i] <= w else one_in * n * dram
        if s <= 0.005 * insns or w >= 800000:
            break
        w = min(2 * w, 800000)
    assert warm == w, (i, warm, w)
    assert abs(short - s) <= 1, (i, short, s)
    seen.add(w)
assert len(seen) >= 3, seen  # the chase needs more than the hash loop
pts = [r for r in (l.split() for l in open(d + '/campaign.txt')) if r[0] == 'P']
for r in pts[:-1]:  # the last is the program's tail: the fixed warming
    iv, start, warm = int(r[2]), int(r[5]), int(r[7])
    assert warm == min(start, int(mem[iv][5])), r
print("ok: warmings chosen %s" % sorted(seen))
PY
grep -q "^warm_auto 100000 800000$" "$T/auto/campaign.txt" || { echo "no warm_auto line"; exit 1; }
for bad in auto: auto:0:5 auto:5:4 auto:x:5 autox -3; do
	"$ROBIN" simpoint run --warmup "$bad" -- "$G/phases.static" 2>"$T/e" && { echo "--warmup '$bad' accepted"; exit 1; }
	grep -q -- "--warmup" "$T/e" || { cat "$T/e"; exit 1; }
done
# the memory pass in a directory a sampled campaign used: its counts do not stay behind
"$ROBIN" simpoint run --slurm --interval 200000 --no-profile --mem-sample 0 --dir "$T/64" -- \
	"$G/phases.static" "$PHASES_IN" 2 2>"$T/re.err" || { cat "$T/re.err"; exit 1; }
[ -e "$T/64/memsig.txt" ] && { echo "a stale memsig.txt stayed beside the memory pass's mem.txt"; exit 1; }
for bad in -1 x 2097152; do
	"$ROBIN" simpoint run --mem-sample "$bad" -- "$G/phases.static" 2>"$T/e" && { echo "--mem-sample '$bad' accepted"; exit 1; }
	grep -q -- "--mem-sample" "$T/e" || { cat "$T/e"; exit 1; }
done
exit 0
