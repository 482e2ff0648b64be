#!/usr/bin/env bash
# 251: robin simpoint reads frequency vectors and writes SimPoint 3.2's files: "<interval>
# <cluster>" simulation points, "<weight> <cluster>" weights summing to 1, "<cluster>
# <distance>" labels, one per interval; each point is the interval of its cluster nearest the
# centre; the same input gives the same files (deterministic seeds); -coveragePct writes the
# .lptP files of the largest clusters; -k fixes k; bad vectors are refused naming file:line:col.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest phases
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
"$ROBIN" run --bbv "$T/v.bb" --bbv-interval 500000 "$G/phases.static" "$PHASES_IN" 40 >/dev/null || exit 1
for r in 1 2; do
	"$ROBIN" simpoint -loadFVFile "$T/v.bb" -maxK 10 -saveSimpoints "$T/sp$r" \
		-saveSimpointWeights "$T/w$r" -saveLabels "$T/l$r" --stats-json "$T/j$r" 2>"$T/err$r" || { cat "$T/err$r"; exit 1; }
done
cmp -s "$T/sp1" "$T/sp2" && cmp -s "$T/w1" "$T/w2" && cmp -s "$T/l1" "$T/l2" || { echo "not deterministic"; exit 1; }
grep -q 'chose k = ' "$T/err1" || { cat "$T/err1"; exit 1; }
python3 - "$T" <<'PY' || exit 1
import json, re, sys
T = sys.argv[1]
rows = sum(1 for l in open(T + '/v.bb') if l.startswith('T'))
sp = [l.split() for l in open(T + '/sp1')]
w = [l.split() for l in open(T + '/w1')]
lab = [l.split() for l in open(T + '/l1')]
j = json.load(open(T + '/j1'))
assert all(re.fullmatch(r'[0-9]+', a) and re.fullmatch(r'[0-9]+', b) for a, b in sp), sp
assert all(re.fullmatch(r'[0-9]+', b) for a, b in w), w
assert len(lab) == rows, "labels %d rows %d" % (len(lab), rows)
assert len(sp) == len(w) == len(j['points']), (len(sp), len(w))
assert [b for a, b in sp] == [b for a, b in w], "clusters differ between files"
assert abs(sum(float(a) for a, b in w) - 1) < 1e-4, "weights sum %g" % sum(float(a) for a, b in w)
k = j['k']
assert 1 < k <= 10, "k %d" % k
# the phased program has at least three kinds of interval
assert len(sp) >= 3, "only %d points" % len(sp)
labels = [int(a) for a, b in lab]
dists = [float(b) for a, b in lab]
for pt, cl in sp:
    pt, cl = int(pt), int(cl)
    assert labels[pt] == cl, "point %d labelled %d, not %d" % (pt, labels[pt], cl)
    members = [i for i in range(rows) if labels[i] == cl]
    assert dists[pt] <= min(dists[i] for i in members) + 1e-6, "point %d not nearest" % pt
for (a, b) in w:
    share = sum(1 for x in labels if x == int(b)) / rows
    assert abs(float(a) - share) < 1e-4, "cluster %s weight %s, share %g" % (b, a, share)
# the BIC search: 1, maxK, the middle first, as SimPoint does
ks = [t['k'] for t in j['tries']]
assert ks[:3] == [1, 10, 5], ks
print("ok: k=%d, %d points, tries %s" % (k, len(sp), ks))
PY
# -coveragePct: full files plus the .lpt files with the largest clusters covering the share
"$ROBIN" simpoint -loadFVFile "$T/v.bb" -maxK 10 -coveragePct 0.8 -saveSimpoints "$T/c" \
	-saveSimpointWeights "$T/cw" 2>/dev/null || exit 1
[ -s "$T/c.lpt0.8" ] && [ -s "$T/cw.lpt0.8" ] || { echo "no .lpt0.8 files"; ls "$T"; exit 1; }
[ "$(wc -l <"$T/c.lpt0.8")" -le "$(wc -l <"$T/c")" ] || { echo "coverage kept more"; exit 1; }
# -k: exactly that k
"$ROBIN" simpoint -loadFVFile "$T/v.bb" -k 3 -saveSimpoints "$T/k3" 2>"$T/e" || { cat "$T/e"; exit 1; }
grep -q 'chose k = 3' "$T/e" || { cat "$T/e"; exit 1; }
# bad input: one line naming file, line and column; non-zero exit
printf 'T:1:10 :2:5\nT:1:x\n' >"$T/bad.bb"
"$ROBIN" simpoint -loadFVFile "$T/bad.bb" -maxK 3 2>"$T/e" && { echo "bad file accepted"; exit 1; }
[ "$(wc -l <"$T/e")" -eq 1 ] && grep -q 'bad.bb:2:2:' "$T/e" || { cat "$T/e"; exit 1; }
"$ROBIN" simpoint -loadFVFile "$T/none.bb" 2>"$T/e" && exit 1
grep -q 'none.bb' "$T/e" || { cat "$T/e"; exit 1; }
"$ROBIN" simpoint -loadFVFile "$T/v.bb" -bicThreshold 2 2>"$T/e" && exit 1
[ "$(wc -l <"$T/e")" -eq 1 ] || { cat "$T/e"; exit 1; }
exit 0
