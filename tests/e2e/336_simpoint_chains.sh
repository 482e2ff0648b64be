#!/usr/bin/env bash
# 336: chains of points (robin simpoint run's default; docs/robin-simpoint.md "Chains of
# points"): points whose warming windows overlap share one warming, each forked in detail at its
# start. On nqueens (200000-instruction intervals, 600000 warmed): fewer instructions warmed
# than point by point; a point alone in its chain is the point warmed on its own, cycle for
# cycle, and some chained point is not; two jobs give the same results as one; every point
# equals `robin simpoint point` run alone
# (it warms from its chain's start, the predictor from predictor_from), a chain run by its
# Slurm task equals the local run, and a chained point whose predictor restarted equals
# robin sim --restore with that warming. A bad chain number and a bad "chains" line are refused.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
W=$ROBIN_ROOT/build/guest/workloads
[ -x "$W/nqueens.static" ] || { echo "skip: $W/nqueens.static not built (make guest)"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
# whole intervals in detail (the units within points, the default, are 337's)
ARGS=(--interval 200000 --warmup 600000 --no-profile --point-units off --jobs 1)
run() { # DIR OPTIONS...
	local d=$1; shift
	"$ROBIN" simpoint run "${ARGS[@]}" "$@" --dir "$T/$d" --stats-json "$T/$d.json" -- \
		"$W/nqueens.static" >/dev/null 2>"$T/$d.err" || { cat "$T/$d.err"; exit 1; }
}
run ch
run alone --no-chains
# two jobs: a chain warms on while its points run (job tokens), the same results
"$ROBIN" simpoint run --interval 200000 --warmup 600000 --no-profile --point-units off --jobs 2 --dir "$T/j2" -- \
	"$W/nqueens.static" >/dev/null 2>"$T/j2.err" || { cat "$T/j2.err"; exit 1; }
for f in "$T"/ch/point-*.txt; do
	cmp -s <(grep -v _seconds "$f") <(grep -v _seconds "$T/j2/${f##*/}") ||
		{ echo "${f##*/}: --jobs 2 differs from --jobs 1"; exit 1; }
done
grep -qx "chains 1" "$T/ch/campaign.txt" || { echo "no chains line"; cat "$T/ch/campaign.txt"; exit 1; }
grep -q "^chains" "$T/alone/campaign.txt" && { echo "chains written with --no-chains"; exit 1; }
grep -Eq "in [0-9]+ chains? of points" "$T/ch.err" || { cat "$T/ch.err"; exit 1; }
# every point of the chained campaign alone, from a copy of its directory
cp -r "$T/ch" "$T/solo"
rm -f "$T"/solo/point-*.txt
n=$(grep -c '^P ' "$T/ch/campaign.txt")
for ((i = 0; i < n; i++)); do
	"$ROBIN" simpoint point "$T/solo" "$i" 2>"$T/e" || { cat "$T/e"; exit 1; }
done
python3 - "$T" "$n" <<'PY' || exit 1
import json, sys
t, n = sys.argv[1], int(sys.argv[2])
ch, al = (json.load(open('%s/%s.json' % (t, k))) for k in ('ch', 'alone'))
assert al['chains'] == 0 and 0 < ch['chains'] < n, (ch['chains'], al['chains'], n)
assert ch['warmup_instructions'] < al['warmup_instructions'], (ch['warmup_instructions'], al['warmup_instructions'])
res = lambda d, i: [l for l in open('%s/%s/point-%d.txt' % (t, d, i)) if not l.split()[0].endswith('_seconds')]
size = {}
for p in ch['points']:
    size[p['chain']] = size.get(p['chain'], 0) + 1
same = differ = 0
for i, (p, q) in enumerate(zip(ch['points'], al['points'])):
    assert p['start'] == q['start']
    assert res('ch', i) == res('solo', i), (i, res('ch', i), res('solo', i))
    assert p['warm_from'] <= q['warm_from'] and p['predictor_from'] <= p['start']
    if size[p['chain']] == 1:
        assert p['warm_from'] == q['warm_from'] and p['cycles'] == q['cycles'], (i, p, q)
        same += 1
    elif p['cycles'] != q['cycles']:
        differ += 1
assert differ > 0, "no chained point differs from its warming alone"
print("ok: %d points in %d chains, %d instructions warmed (%d point by point); %d alone as before, "
      "%d chained differ; every point as robin simpoint point alone"
      % (n, ch['chains'], ch['warmup_instructions'], al['warmup_instructions'], same, differ))
PY
# Slurm: one task per chain, from the chains' checkpoints; the predictor over the last 100000
run sl --slurm --warmup-predictor 100000
run pl --warmup-predictor 100000
nc=$(python3 -c "import json; print(json.load(open('$T/pl.json'))['chains'])")
grep -q -- "--array=0-$((nc - 1))\$" "$T/sl/points.sbatch" || { cat "$T/sl/points.sbatch"; exit 1; }
for ((g = 0; g < nc; g++)); do
	SLURM_ARRAY_TASK_ID=$g sh "$T/sl/points.sbatch" 2>"$T/e" || { cat "$T/e"; exit 1; }
done
read -r idx start from pfrom len < <(python3 - "$T" <<'PY'
import json, sys
t = sys.argv[1]
d = json.load(open('%s/pl.json' % t))
by = {}
for i, p in enumerate(d['points']):
    by.setdefault(p['chain'], []).append((p['start'], i, p))
# a point after another in its chain whose predictor restarted (a stretch of its own)
for pts in by.values():
    pts.sort()
    for (s0, _, _), (s, i, p) in zip(pts, pts[1:]):
        if p['predictor_from'] > s0:
            print(i, s, p['warm_from'], p['predictor_from'], p['instructions'])
            sys.exit(0)
sys.exit(1)
PY
) || { echo "no chained point whose predictor restarts"; exit 1; }
for ((i = 0; i < n; i++)); do
	cmp -s <(grep -v _seconds "$T/sl/point-$i.txt") <(grep -v _seconds "$T/pl/point-$i.txt") ||
		{ echo "point $i: the Slurm chain differs from the local run"; exit 1; }
done
"$ROBIN" sim --virtual-time --restore "$T/sl/insn-$from.ckpt" --warmup $((start - from)) \
	--warmup-predictor $((start - pfrom)) --insns "$len" --stats-json "$T/r.json" >/dev/null 2>"$T/e" ||
	{ cat "$T/e"; exit 1; }
python3 - "$T" "$idx" <<'PY' || exit 1
import json, sys
t, i = sys.argv[1], sys.argv[2]
pt = dict(l.split(None, 1) for l in open('%s/pl/point-%s.txt' % (t, i)))
r = json.load(open('%s/r.json' % t))
assert int(pt['cycles']) == r['cycles'], (pt['cycles'], r['cycles'])
print("ok: point %s, chained with its predictor restarted: %d cycles, as robin sim --restore alone"
      % (i, r['cycles']))
PY
"$ROBIN" simpoint chain "$T/pl" 999 2>"$T/e" && { echo "chain 999 accepted"; exit 1; }
grep -q "has chains 0..$((nc - 1)), not 999" "$T/e" || { cat "$T/e"; exit 1; }
L=$(grep -n '^chains ' "$T/pl/campaign.txt" | cut -d: -f1)
sed -i 's/^chains .*/chains 2/' "$T/pl/campaign.txt"
"$ROBIN" simpoint merge "$T/pl" 2>"$T/e" && { echo "chains 2 accepted"; exit 1; }
grep -q "campaign.txt:$L: chains 2: not 0 or 1" "$T/e" || { cat "$T/e"; exit 1; }
exit 0
