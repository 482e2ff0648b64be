#!/usr/bin/env bash
# 335: only the last P of a functional warming train the branch predictor (robin sim
# --warmup W --warmup-predictor P; robin simpoint run's points, the last 8M of theirs by
# default, docs/robin-simpoint.md "Warming"); the ones before warm the TLBs and caches alone.
# On nqueens: P >= W is the whole warming, cycle for cycle; P = 0 leaves the predictor cold:
# more mispredictions in the detailed part. A campaign writes warm_predictor P in campaign.txt
# and its points warm so: a point run from its checkpoint (robin simpoint point; a Slurm task
# runs a chain of them, 336) equals robin sim --restore with the
# same W and P, not with the predictor warmed over all. Bad values are refused, a bad line in
# campaign.txt too.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
W=$ROBIN_ROOT/build/guest/workloads
[ -x "$W/nqueens.static" ] || { echo "skip: $W/nqueens.static not built (make guest)"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
sim() { # TAG ARGS...: robin sim of nqueens's first 3M warmed, 300000 in detail
	local tag=$1; shift
	"$ROBIN" sim --warmup 3000000 "$@" --insns 300000 --stats-json "$T/$tag.json" -- \
		"$W/nqueens.static" >/dev/null 2>"$T/$tag.err" || { cat "$T/$tag.err"; exit 1; }
}
sim all
sim p3m --warmup-predictor 3000000
sim big --warmup-predictor 99999999
sim cold --warmup-predictor 0
sim p1m --warmup-predictor 1000000
python3 - "$T" <<'PY' || exit 1
import json, sys
t = sys.argv[1]
r = {k: json.load(open('%s/%s.json' % (t, k))) for k in ('all', 'p3m', 'big', 'cold', 'p1m')}
key = lambda d: (d['cycles'], d['branches']['conditional_mispredicts'], d['branches']['jump_mispredicts'],
                 d['caches']['l1d']['misses'])
assert key(r['all']) == key(r['p3m']) == key(r['big']), [key(r[k]) for k in ('all', 'p3m', 'big')]
m = {k: r[k]['branches']['conditional_mispredicts'] for k in r}
assert m["cold"] >= m["all"] * 1.1 and m["cold"] - m["all"] >= 200, m
assert r["cold"]["cycles"] > r["all"]["cycles"], (r["cold"]["cycles"], r["all"]["cycles"])
assert key(r['p1m']) != key(r['all']), key(r['p1m'])
print("ok: cycles %d with the predictor warmed over all of it; conditional mispredictions %d warm, %d with 1M, %d cold"
      % (r['all']['cycles'], m['all'], m['p1m'], m['cold']))
PY
for bad in x -1 18446744073709551615; do
	"$ROBIN" sim --warmup 1000 --warmup-predictor "$bad" --insns 10 -- "$W/nqueens.static" 2>"$T/e" >/dev/null &&
		{ echo "--warmup-predictor '$bad' accepted"; exit 1; }
	grep -q -- "--warmup-predictor needs" "$T/e" || { cat "$T/e"; exit 1; }
done
"$ROBIN" sim --warmup-predictor 10 --insns 10 -- "$W/nqueens.static" 2>"$T/e" >/dev/null &&
	{ echo "--warmup-predictor without --warmup accepted"; exit 1; }
grep -q -- "--warmup-predictor goes with --warmup on one core" "$T/e" || { cat "$T/e"; exit 1; }

# a campaign: its points warm 600000 instructions each (no chains: 336 has those), the
# predictor over the last one (as if cold), each whole interval in detail (no units: 337)
ARGS=(--interval 200000 --warmup 600000 --no-profile --no-chains --point-units off -- "$W/nqueens.static")
"$ROBIN" simpoint run --slurm --warmup-predictor 1 --dir "$T/c" "${ARGS[@]}" 2>"$T/err" ||
	{ cat "$T/err"; exit 1; }
grep -qx "warm_predictor 1" "$T/c/campaign.txt" || { cat "$T/c/campaign.txt"; exit 1; }
read -r _ idx iv _ _ start len warm < <(awk '$1 == "P" && $8 == 600000' "$T/c/campaign.txt" | head -1)
[ -n "${warm:-}" ] || { echo "no point warms 600000"; cat "$T/c/campaign.txt"; exit 1; }
"$ROBIN" simpoint point "$T/c" "$idx" 2>"$T/perr" || { cat "$T/perr"; exit 1; }
for p in 1 all; do
	opt=(--warmup-predictor 1)
	[ $p = all ] && opt=()
	"$ROBIN" sim --virtual-time --restore "$T/c/insn-$((start - warm)).ckpt" --warmup "$warm" "${opt[@]}" \
		--insns "$len" --stats-json "$T/r$p.json" >/dev/null 2>"$T/rerr" || { cat "$T/rerr"; exit 1; }
done
python3 - "$T" "$idx" <<'PY' || exit 1
import json, sys
t, i = sys.argv[1], sys.argv[2]
pt = dict(l.split(None, 1) for l in open('%s/c/point-%s.txt' % (t, i)))
cyc = int(pt['cycles'])
r2, ra = (json.load(open('%s/r%s.json' % (t, p)))['cycles'] for p in ('1', 'all'))
assert cyc == r2 and r2 != ra, (cyc, r2, ra)
print("ok: point %s: %d cycles, as robin sim --warmup-predictor 1 (%d with the predictor warmed over all)"
      % (i, cyc, ra))
PY
"$ROBIN" simpoint run --slurm --warmup-predictor all --dir "$T/a" "${ARGS[@]}" 2>"$T/err" ||
	{ cat "$T/err"; exit 1; }
grep -q "^warm_predictor" "$T/a/campaign.txt" && { echo "warm_predictor written for all"; exit 1; }
for bad in 0 x -5; do
	"$ROBIN" simpoint run --warmup-predictor "$bad" -- "$G/phases.static" 2>"$T/e" &&
		{ echo "--warmup-predictor '$bad' accepted"; exit 1; }
	grep -q -- "--warmup-predictor needs" "$T/e" || { cat "$T/e"; exit 1; }
done
L=$(grep -n '^warm_predictor ' "$T/c/campaign.txt" | cut -d: -f1)
sed -i 's/^warm_predictor .*/warm_predictor 0/' "$T/c/campaign.txt"
"$ROBIN" simpoint merge "$T/c" 2>"$T/e" && { echo "warm_predictor 0 accepted"; exit 1; }
grep -q "campaign.txt:$L: warm_predictor 0: not > 0" "$T/e" || { cat "$T/e"; exit 1; }
exit 0
