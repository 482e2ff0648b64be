#!/usr/bin/env bash
# 332: the memory pass's windows (robin simpoint run --mem-window WARM:MEASURE[:PERIOD],
# docs/robin-simpoint.md "The memory dimension"). mem.txt counts the instructions it measured:
# a 200k interval is 10 periods of 20000 with 1000:2000:20000, so 10 windows measure 2000
# each; it is 4 periods of 1000:5000:50000, fewer than the 5 that windows need, so that
# measures all of it, as 'full' and --mem-sample 0 do, and gives full's warm CPIs exactly;
# the sampled warm CPI follows the full pass's (the pointer chase's intervals stay
# at least twice as slow as the hash loop's, and the median ratio of the two passes is
# within 10% of 1). The preparation line names each pass's time. Bad values are refused.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest phases
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
P="$G/phases.static"
IN="$PHASES_IN"
for w in default 1000:5000:50000 1000:2000:20000 full; do
	opt=(--mem-sample 0); [ $w = default ] || opt=(--mem-window $w)
	"$ROBIN" simpoint run --slurm --interval 200000 --warmup 400000 --no-profile "${opt[@]}" \
		--dir "$T/$w" -- "$P" "$IN" 10 2>"$T/$w.err" || { cat "$T/$w.err"; exit 1; }
done
grep -Eq 'vectors [0-9.]+ s, memory pass [0-9.]+ s, checkpoints [0-9.]+ s' "$T/default.err" || { cat "$T/default.err"; exit 1; }
python3 - "$T" <<'PY' || exit 1
import math, sys
t = sys.argv[1]
def mem(w):
    return [(int(l.split()[2]), int(l.split()[3])) for l in open('%s/%s/mem.txt' % (t, w))]
lengths = [int(l.split()[3]) for l in open(t + '/full/bbv.map') if l.startswith('I ')]
d, q, s, f = mem('default'), mem('1000:5000:50000'), mem('1000:2000:20000'), mem('full')
assert len(d) == len(q) == len(s) == len(f) == len(lengths) > 10, (len(d), len(f), len(lengths))
assert d == f and q == f, (d[:3], q[:3], f[:3])
assert [n for n, c in f] == lengths, (f[:5], lengths[:5])
assert all(n == 20000 for n, c in s), s[:5]
assert all(c >= n for n, c in s + f)
d = s
cd, cf = [c / n for n, c in d], [c / n for n, c in f]
assert max(cd) > 2 * min(cd), "sampled warm CPI %.2f..%.2f" % (min(cd), max(cd))
r = sorted(a / b for a, b in zip(cd, cf))
assert 0.9 < r[len(r) // 2] < 1.1, "median sampled/full warm CPI %.3f" % r[len(r) // 2]
PY
for bad in 0:0 5: a:b 1:2:3:4 1:2:0 ""; do
	"$ROBIN" simpoint run --mem-window "$bad" -- "$P" 2>"$T/e" && { echo "--mem-window '$bad' accepted"; exit 1; }
	grep -q -- "--mem-window needs" "$T/e" || { cat "$T/e"; exit 1; }
done
exit 0
