#!/usr/bin/env bash
# 250: robin run --bbv writes SimPoint/exp-bbv frequency vectors: "T:id:count " lines, ids from
# 1 in first-seen order, each interval ending at the first block end at or past N (so its
# count lies in [N, N + longest block)), the map file naming every id and every interval's
# start, and the run itself unchanged (same output, same instruction count).
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest phases
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
N=200000
"$ROBIN" run --stats-json "$T/plain.json" "$G/phases.static" "$PHASES_IN" 8 >"$T/plain.out" || exit 1
"$ROBIN" run --stats-json "$T/bbv.json" --bbv "$T/v.bb" --bbv-interval $N "$G/phases.static" \
	"$PHASES_IN" 8 >"$T/bbv.out" || { echo "bbv run failed"; exit 1; }
cmp -s "$T/plain.out" "$T/bbv.out" || { echo "output differs with --bbv"; exit 1; }
n_plain=$(grep -o '"instructions": [0-9]*' "$T/plain.json")
n_bbv=$(grep -o '"instructions": [0-9]*' "$T/bbv.json")
[ "$n_plain" = "$n_bbv" ] || { echo "instruction count differs: $n_plain vs $n_bbv"; exit 1; }
total=${n_plain#*: }
[ -s "$T/v.bb.map" ] || { echo "no map file"; exit 1; }
python3 - "$T/v.bb" "$T/v.bb.map" "$N" "$total" <<'PY' || exit 1
import re, sys
bb, mp, N, total = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
line_re = re.compile(r'^T(:[0-9]+:[0-9]+ )+$')
blocks, intervals = {}, []
for l in open(mp):
    f = l.split()
    if f[0] == 'B':
        blocks[int(f[1])] = (int(f[2], 16), int(f[3], 16), int(f[4]), int(f[5]))
    elif f[0] == 'I':
        intervals.append((int(f[1]), int(f[2]), int(f[3])))
assert sorted(blocks) == list(range(1, len(blocks) + 1)), "map ids not 1..n"
longest = max(b[2] for b in blocks.values())
seen, lines, per_block = 0, 0, {}
for i, l in enumerate(open(bb)):
    l = l.rstrip('\n')
    assert line_re.match(l), "bad line %d: %r" % (i, l[:80])
    pairs = [(int(a), int(b)) for a, b in re.findall(r':([0-9]+):([0-9]+) ', l)]
    ids = [p[0] for p in pairs]
    assert len(set(ids)) == len(ids), "repeated id in line %d" % i
    new = sorted(x for x in ids if x > seen)
    assert new == list(range(seen + 1, seen + 1 + len(new))), "ids not first-seen order in line %d" % i
    seen = max([seen] + new)
    s = sum(p[1] for p in pairs)
    assert s == intervals[i][2], "line %d sums to %d, map says %d" % (i, s, intervals[i][2])
    for x, c in pairs:
        assert c > 0 and c % blocks[x][2] == 0 or blocks[x][1] != blocks[x][0], "count %d of block %d" % (c, x)
        per_block[x] = per_block.get(x, 0) + c
    lines += 1
assert lines == len(intervals) and lines == total // N or lines == total // N - 1, \
    "%d lines for %d instructions at %d" % (lines, total, N)
pos = 0
for idx, start, length in intervals:
    assert start == pos, "interval %d starts at %d, expected %d" % (idx, start, pos)
    # an interval ends at the first block end past its share: the carry keeps the ends near k*N
    end = start + length
    assert (idx + 1) * N <= end < (idx + 1) * N + longest, "interval %d ends at %d" % (idx, end)
    pos = end
for x, c in per_block.items():
    assert c <= blocks[x][3], "block %d counted %d > executed %d" % (x, c, blocks[x][3])
print("ok: %d intervals, %d blocks" % (lines, len(blocks)))
PY
# bad values are refused with one line
"$ROBIN" run --bbv "$T/x.bb" --bbv-interval 0 "$G/phases.static" 2>"$T/e" && { echo "interval 0 accepted"; exit 1; }
[ "$(wc -l <"$T/e")" -eq 1 ] && grep -q 'bbv-interval' "$T/e" || { cat "$T/e"; exit 1; }
"$ROBIN" run --bbv /nonexistent/dir/x.bb "$G/phases.static" >/dev/null 2>"$T/e" && { echo "bad path accepted"; exit 1; }
grep -q '/nonexistent/dir/x.bb' "$T/e" || { cat "$T/e"; exit 1; }
exit 0
