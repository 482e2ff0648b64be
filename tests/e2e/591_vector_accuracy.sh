#!/usr/bin/env bash
# 591: the simulated profilers on vectorised code. robin accuracy on two vector workloads
# (saxpy_v: vfmacc.vf over L2-resident floats; stencil_v: slides), the guest's VLEN taken
# from the core's (--preset boom-large-v: VLEN 256, DLEN 128): a vector instruction holds the
# ROB head for many cycles, and TIP, which samples the head and splits computing cycles over
# the committing instructions, stays within 5% at the instruction level, while the profilers
# that blame another instruction (the next one to commit after a drain: software, the last
# committed: LCI, the interrupted PC of a counter overflow: sscofpmf) are off by more than half
# of the profile, over ten times TIP's error. The guest's output is the same as qemu's at VLEN 256.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
W=$ROBIN_ROOT/build/guest/workloads/vector
[ -x "$W/saxpy_v.static" ] && [ -x "$W/stencil_v.static" ] || { echo "skip: vector workloads not built (make guest)"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail=0
if have_qemu; then
	for n in saxpy_v stencil_v; do
		a=$("$ROBIN" run --vlen 256 "$W/$n.static"); b=$(qemu-riscv64 -cpu rv64,v=true,vlen=256 "$W/$n.static" 2>/dev/null)
		[ "$a" = "$b" ] || { echo "FAIL: $n under robin run --vlen 256 differs from qemu"; fail=1; }
	done
fi
"$ROBIN" accuracy --quiet --preset boom-large-v --json "$W/saxpy_v.static" "$W/stencil_v.static" \
	> "$T/acc.json" 2> "$T/err" || { echo "FAIL: robin accuracy exit $?"; cat "$T/err"; exit 1; }
python3 - "$T/acc.json" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
ok = True
for w in d["workloads"]:
    e = {p: v["instruction"] for p, v in w["profile_error"].items()}
    n = w["profile_error"]["tip"]["samples"]
    print("%s: %d samples, instruction-level error %s" % (w["name"], n,
          " ".join("%s %.1f%%" % (p, 100 * e[p]) for p in ("tip", "nci", "dispatch", "lci", "software", "sscofpmf"))))
    if n < 1000:
        print("FAIL: %s: only %d samples" % (w["name"], n)); ok = False
    if e["tip"] > 0.05:
        print("FAIL: %s: TIP's error %.3f > 0.05" % (w["name"], e["tip"])); ok = False
    for p in ("lci", "software", "sscofpmf"):
        if e[p] < 0.5 or e[p] < 10 * e["tip"]:
            print("FAIL: %s: %s's error %.3f is not above 0.5 and 10x TIP's" % (w["name"], p, e[p])); ok = False
sys.exit(0 if ok else 1)
PY
[ $fail = 0 ] && echo "PASS: 591 profilers on vector code"
exit $fail
