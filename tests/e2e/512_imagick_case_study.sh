#!/usr/bin/env bash
# 512: the Imagick case study of seed 004_b28092482852db08.txt Paper A §6 (issue item 7). On
# workloads/imagick (MeanShiftImage-like code calling glibc's floor/ceil), the Oracle's and
# TIP's heaviest instruction is the fsflags that restores the FP flags in __floor (its
# flushes), and TIP puts the flag instructions' share where the Oracle does, while NCI blames
# the instruction after it (ret) and gives fsflags under half its true share. The variants
# without the flag save/restore (workloads/variants/imagick_noflags: nops in their place, the
# paper's experiment; imagick_fcvt: inline fcvt with explicit rounding) print the same
# checksum and run faster. Measured: 2.87x and 3.92x at size 10, 2.33x and 2.87x at size 1 (one
# filter pass, so start-up weighs more); the test asks for more than 1.5x (the paper: 1.93x).
set -u
cd "$ROBIN_ROOT"
command -v python3 >/dev/null || { echo "python3 not installed"; exit 77; }
"$ROBIN" sim --help >/dev/null 2>&1 || { echo "robin has no sim command yet"; exit 77; }
G=build/guest/workloads
for f in $G/imagick.static $G/variants/imagick_noflags.static $G/variants/imagick_fcvt.static; do
	[ -x "$f" ] || { echo "$f not built (make guest)"; exit 77; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-e2e-512.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
env -i "$ROBIN" sim --no-progress --profile tip,nci --period 211 --stats-json "$tmp/orig.json" \
	-- $G/imagick.static 1 >"$tmp/orig.out" 2>"$tmp/orig.err" || { echo "FAIL: imagick"; cat "$tmp/orig.err"; exit 1; }
for v in noflags fcvt; do
	env -i "$ROBIN" sim --quiet --stats-json "$tmp/$v.json" -- $G/variants/imagick_$v.static 1 \
		>"$tmp/$v.out" 2>"$tmp/$v.err" || { echo "FAIL: imagick_$v"; cat "$tmp/$v.err"; fail=1; }
	cmp -s "$tmp/orig.out" "$tmp/$v.out" || { echo "FAIL: imagick_$v prints something else"; fail=1; }
done
grep -q "fsflags" "$tmp/orig.err" || { echo "FAIL: the stderr listing does not show fsflags"; fail=1; }
python3 - "$tmp" <<'PY' || fail=1
import json, sys, os
t = sys.argv[1]
o = json.load(open(os.path.join(t, "orig.json")))
top = o["top"]
ok = True
def check(cond, msg):
    global ok
    if not cond:
        print("FAIL:", msg); ok = False
flag = lambda r: r["disasm"].split("\t")[0] in ("frflags", "fsflags")
o0, t0, n0 = top["oracle"][0], top["tip"][0], top["nci"][0]
print("oracle top: %s %s %.1f%%; tip top: %s %s %.1f%%; nci top: %s %s %.1f%%" % (
    o0["location"], o0["disasm"], 100 * o0["share"], t0["location"], t0["disasm"], 100 * t0["share"],
    n0["location"], n0["disasm"], 100 * n0["share"]))
check(flag(o0) and o0["function"] in ("__floor", "__ceil"), "oracle's top is %r" % o0)
check(t0["pc"] == o0["pc"], "tip's top %r is not the oracle's" % t0)
check(not flag(n0), "nci's top is a flag instruction: %r" % n0)
share = lambda rows, pc: sum(r["share"] for r in rows if r["pc"] == pc)
flags = [r["pc"] for r in top["oracle"] if flag(r)]
so = sum(share(top["oracle"], pc) for pc in flags)
st = sum(share(top["tip"], pc) for pc in flags)
sn = sum(share(top["nci"], pc) for pc in flags)
print("frflags/fsflags among the oracle's top 10: oracle %.1f%%, tip %.1f%%, nci %.1f%%" % (100 * so, 100 * st, 100 * sn))
check(abs(st - so) < 0.2 * so, "tip's share of the flag instructions %.3f vs the oracle's %.3f" % (st, so))
check(share(top["nci"], o0["pc"]) < 0.5 * o0["share"], "nci gives fsflags %.3f of the oracle's %.3f" % (share(top["nci"], o0["pc"]), o0["share"]))
for v in ("noflags", "fcvt"):
    d = json.load(open(os.path.join(t, v + ".json")))
    sp = o["cycles"] / d["cycles"]
    print("imagick_%s: %d cycles against %d, speedup %.2fx, IPC %.2f -> %.2f" % (v, d["cycles"], o["cycles"], sp, o["ipc"], d["ipc"]))
    check(sp > 1.5, "imagick_%s speedup %.2f" % (v, sp))
    check(d["flushes"].get("serialize", 0) < o["flushes"].get("serialize", 0) / 100, "imagick_%s still flushes: %r" % (v, d["flushes"]))
sys.exit(0 if ok else 1)
PY
[ $fail -eq 0 ] && echo ok
exit $fail
