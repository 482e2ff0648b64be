#!/usr/bin/env bash
# 247: issue 31's "done when": build/guest/vector/vintrin.static (tests/vector/vintrin.c,
# clang 14 RVV intrinsics: unit-stride, strided, segment and fault-only-first loads, masks,
# widening, reductions, gathers, slides, FP multiply-add; each part self-checked) prints the
# same lines under robin run --vlen N as under qemu-riscv64 -cpu rv64,v=true,vlen=N for
# N = 128, 256, 512 (and the same at every VLEN: its loops are strip-mined), and under
# robin sim --vlen 256, whose --stats-json must count the vector instructions it committed.
set -u
cd "$ROBIN_ROOT"
P=build/guest/vector/vintrin.static
[ -e "$P" ] || { echo "$P not built"; exit 1; }
command -v qemu-riscv64 >/dev/null || { echo "qemu-riscv64 is not installed"; exit 77; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0

for v in 128 256 512; do
	qemu-riscv64 -cpu "rv64,v=true,vlen=$v" "$P" >"$T/q$v.txt" 2>/dev/null
	rc=$?
	[ $rc = 0 ] && [ "$(tail -n 1 "$T/q$v.txt")" = "vintrin ok" ] ||
		{ echo "FAIL qemu vlen $v: exit $rc"; cat "$T/q$v.txt"; exit 1; }
	cmp -s "$T/q128.txt" "$T/q$v.txt" || { echo "FAIL qemu's output differs between VLEN 128 and $v"; fail=1; }
	"$ROBIN" run --vlen "$v" "$P" >"$T/r$v.txt" 2>"$T/r$v.err"
	rc=$?
	if [ $rc = 0 ] && cmp -s "$T/q$v.txt" "$T/r$v.txt"; then
		echo "ok: robin run --vlen $v matches qemu ($(wc -l <"$T/q$v.txt") lines)"
	else
		echo "FAIL robin run --vlen $v (exit $rc) differs from qemu:"
		diff "$T/q$v.txt" "$T/r$v.txt" | head -n 20
		head -n 5 "$T/r$v.err"
		fail=1
	fi
done

"$ROBIN" sim --vlen 256 --stats-json "$T/sim.json" "$P" >"$T/sim.txt" 2>"$T/sim.err"
rc=$?
if [ $rc = 0 ] && cmp -s "$T/q256.txt" "$T/sim.txt"; then
	echo "ok: robin sim --vlen 256 matches qemu"
else
	echo "FAIL robin sim --vlen 256 (exit $rc) differs from qemu:"
	diff "$T/q256.txt" "$T/sim.txt" | head -n 20
	head -n 5 "$T/sim.err"
	exit 1
fi

# The vector instructions counted: a "vector" object with "instructions", or instruction
# counts per class that name the vector classes (vset, valu, ..., vstore); either > 0.
python3 - "$T/sim.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
vclasses = ("vset", "valu", "vmul", "vdiv", "vfp", "vfdiv", "vperm", "vred", "vload", "vstore")
found = []
def walk(o, path):
	if isinstance(o, dict):
		if path.endswith("vector") and isinstance(o.get("instructions"), (int, float)):
			found.append((path + ".instructions", o["instructions"]))
		keys = [k for k in o if k in vclasses and isinstance(o[k], (int, float))]
		if len(keys) >= 5 and "cycle_stack" not in path:
			found.append((path + "{" + ",".join(keys) + "}", sum(o[k] for k in keys)))
		for k, v in o.items():
			walk(v, path + "." + k)
walk(d, "")
if not found:
	print("robin sim --stats-json has no vector instruction counts: it needs per-class committed "
	      "instruction counts (vset, valu, vmul, vdiv, vfp, vfdiv, vperm, vred, vload, vstore) "
	      "or a \"vector\" object with \"instructions\" (its cycle_stack has only stalled.v* "
	      "cycles); keys: " + ", ".join(sorted(d)))
	sys.exit(1)
bad = [f for f in found if not f[1] > 0]
for p, n in found:
	print("stats-json %s = %s" % (p, n))
sys.exit(1 if bad else 0)
EOF
rc=$?
if [ $rc != 0 ]; then
	echo "FAIL robin sim --stats-json counts no vector instruction"
	fail=1
fi
exit $fail
