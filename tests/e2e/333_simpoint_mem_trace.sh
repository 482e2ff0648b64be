#!/usr/bin/env bash
# 333: the memory pass warms from the translated code's trace (emu_memtrace: every block
# translated on its first entry logs its loads, stores and runs; what it hands back is
# stepped) and must give the warm clock of stepping every instruction, cycle for cycle.
# --mem-window with a period longer than any interval measures whole intervals on the
# stepped path (332), so the two mem.txt files must be equal on programs with
# self-modifying code, atomics, threads, FP, misaligned accesses, guest page protections
# and clock reads, at intervals that end inside blocks.
# robin sim --warmup warms from the same trace, with the branches named too (the predictor
# learns each outcome from the instruction after it); with --stacks (the shadow stack needs
# every step) it steps: the simulated cycles and statistics must be the same either way.
# Many traces one after the other (SMARTS's gaps) keep the block arena's size.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
for pi in selfmod:2999 atomics:2999 isa_mix:2999 misaligned:9973 timeclock:9973 blockexact:9973 \
	  recursion:49999 threads_share:49999 hostmmu:99991; do
	p=${pi%:*}
	need_guest "$p"
	for w in trace step; do
		opt=(--mem-sample 0); [ $w = step ] && opt=(--mem-window 1:1:1000000000000)
		"$ROBIN" simpoint run --slurm --interval "${pi#*:}" --no-profile "${opt[@]}" \
			--dir "$T/$p.$w" -- "$G/$p.static" </dev/null >/dev/null 2>"$T/$p.$w.err" ||
			{ echo "$p ($w):"; cat "$T/$p.$w.err"; exit 1; }
	done
	[ -s "$T/$p.trace/mem.txt" ] || { echo "$p: no mem.txt"; exit 1; }
	cmp -s "$T/$p.trace/mem.txt" "$T/$p.step/mem.txt" || {
		echo "$p: the traced memory pass differs from the stepped one:"
		diff "$T/$p.trace/mem.txt" "$T/$p.step/mem.txt" | head -5; exit 1; }
	echo "ok: $p: $(wc -l <"$T/$p.trace/mem.txt") intervals"
done
for pw in selfmod:9973 recursion:99991 threads_share:99991 misaligned:30011; do
	p=${pw%:*}
	for w in trace step; do
		opt=(); [ $w = step ] && opt=(--stacks)
		"$ROBIN" sim --quiet --no-progress --profile tip "${opt[@]}" --warmup "${pw#*:}" \
			--insns 200000 --stats-json "$T/$p.$w.json" -- "$G/$p.static" </dev/null \
			>/dev/null 2>"$T/$p.$w.err" || { echo "$p sim ($w):"; cat "$T/$p.$w.err"; exit 1; }
	done
	python3 - "$T/$p.trace.json" "$T/$p.step.json" "$p" <<'PY' || exit 1
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
for k in ('host_seconds', 'mips'):
    a.pop(k, None); b.pop(k, None)
assert a == b, "%s: --warmup from the trace simulates other cycles than stepping: %s vs %s" % (
    sys.argv[3], a.get('cycles'), b.get('cycles'))
print("ok: %s warmed: %s cycles" % (sys.argv[3], a.get('cycles')))
PY
done
# SMARTS begins a trace for every warming gap: the blocks' trace plans must be reused, not
# built again each time (950 gaps of qsort once piled 17 MB of plans into the block arena):
# the run's peak memory may not grow with the number of gaps
[ -x "$ROBIN_ROOT/build/guest/workloads/qsort.static" ] ||
	{ echo "qsort.static not built (make guest)"; exit 1; }
python3 - "$ROBIN" "$ROBIN_ROOT/build/guest/workloads/qsort.static" <<'PY' || exit 1
import resource, subprocess, sys
def peak(spec):
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    r = subprocess.run([sys.argv[1], 'sim', '--smarts', spec, sys.argv[2]],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert r.returncode == 0, "robin sim --smarts %s: %s" % (spec, r.stderr.decode()[-300:])
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    assert after >= before, "peaks out of order"
    return after
few = peak('200:1000:1000')   # the children's peak: the larger run goes second
many = peak('200:1000:40')
assert many - few < 6144, "SMARTS with 950 gaps peaks %d KB above one with 38 gaps (%d KB)" % (
    many - few, few)
print("ok: SMARTS warming gaps: peak %d KB with 950 gaps, %d KB with 38" % (many, few))
PY
exit 0
