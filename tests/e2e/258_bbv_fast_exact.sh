#!/usr/bin/env bash
# 258: robin run --bbv counts the emulator's fast-loop runs per run record and folds them into
# the vectors at interval ends; its vectors and map must be the exact per-basic-block ones.
# The reference is rebuilt here from the commit trace of the same run (--virtual-time, so
# both passes execute the same instructions): a block ends at every branch, jump, ecall or
# ebreak, or where the trace leaves the straight line without one (a trap or a signal: the
# block ends at the instruction that did not complete); an interval ends at the first block
# end at or past N instructions, the excess carried; ids in first-seen order. Programs with
# page-crossing code, signals, timers and self-modifying code, at N = 997 so that intervals
# end inside many fast-loop runs (bbvcount: runs that continue a basic block left open at a
# page boundary or an emulator block's size limit); and once with --trace over the first instructions (the
# stepped path reports to the run hook too), and with every block translated at once.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
check() {  # NAME [robin run options]
	local name=$1; shift
	need_guest "$name"
	env -i "$ROBIN" run --virtual-time --trace 100000000 --trace-file "$T/$name.trace" -- \
		"$G/$name.static" </dev/null >/dev/null 2>&1
	env -i "$ROBIN" run --virtual-time "$@" --bbv "$T/$name.bb" --bbv-interval 997 -- \
		"$G/$name.static" </dev/null >/dev/null 2>&1
	[ -s "$T/$name.bb.map" ] || { echo "$name: no map"; exit 1; }
	python3 - "$T/$name.trace" "$T/$name.bb" "$T/$name.bb.map" 997 <<'PY' || exit 1
import sys
trace, bbf, mapf, N = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
ENDS = {'beq', 'bne', 'blt', 'bge', 'bltu', 'bgeu', 'beqz', 'bnez', 'blez', 'bgez', 'bltz',
        'bgtz', 'bgt', 'ble', 'bgtu', 'bleu', 'j', 'jal', 'jalr', 'jr', 'ret', 'call', 'tail',
        'ecall', 'ebreak', 'c.ebreak'}
ins = []
for line in open(trace):
    p = line.split()
    if len(p) < 4 or not p[1].endswith(':') or 'trap' in p[4:]:
        continue   # a trapped instruction did not retire
    pc = int(p[1][:-1], 16)
    ins.append((pc, len(p[2]) // 2, p[3]))
ids, blocks, counts, lines, starts = {}, [], {}, [], []
count = run = begin = 0
def block_done(s, e, n):
    global count, run, begin
    k = (s, e)
    if k not in ids:
        ids[k] = len(ids) + 1
        blocks.append([s, e, n, 0])
    i = ids[k]
    counts[i] = counts.get(i, 0) + n
    blocks[i - 1][3] += n
    run += n
    count += n
    if count >= N:
        lines.append('T' + ''.join(':%d:%d ' % (j, counts[j]) for j in sorted(counts)))
        starts.append(begin)
        begin = run
        counts.clear()
        count -= N
start, n = None, 0
for idx, (pc, ln, mn) in enumerate(ins):
    if start is not None and n and pc != nxt:
        block_done(start, nxt, n)   # left the straight line without a block end
        start, n = None, 0
    if start is None:
        start, n = pc, 0
    n += 1
    nxt = pc + ln
    if mn in ENDS:
        block_done(start, pc, n)
        start, n = None, 0
got = [l.rstrip('\n') for l in open(bbf)]
assert len(got) == len(lines), "%s: %d intervals, the trace gives %d" % (bbf, len(got), len(lines))
for i, (a, b) in enumerate(zip(got, lines)):
    if a != b:
        x, y = set(a.split()), set(b.split())
        sys.exit("%s: interval %d differs: only robin's %s, only the trace's %s" % (bbf, i, sorted(x - y)[:20], sorted(y - x)[:20]))
B = [l.split() for l in open(mapf) if l.startswith('B ')]
I = [l.split() for l in open(mapf) if l.startswith('I ')]
assert len(B) == len(blocks), (len(B), len(blocks))
for b, w in zip(B, blocks):
    assert (int(b[2], 16), int(b[3], 16), int(b[4]), int(b[5])) == tuple(w), (b, w)
for i, s in zip(I, starts):
    assert int(i[2]) == s, (i, s)
print("ok: %s: %d intervals, %d blocks, %d instructions traced" % (bbf.split('/')[-1], len(lines), len(blocks), len(ins)))
PY
}
for p in blockexact isa_mix core_kernels signals timers selfmod bbvcount; do check "$p"; done
check blockexact --trace 3000 --trace-file /dev/null
# every block translated on its first entry: the translated code's exits count their runs
# for the hook, logging a run's first executions (block.c, counted runs) instead of coming
# back to the fast loop after each block; bbvcount's loops cross a page boundary and outgrow
# an emulator block, so some runs continue a basic block another left open
for p in blockexact selfmod signals bbvcount; do check "$p" --jit 1; done
exit 0
