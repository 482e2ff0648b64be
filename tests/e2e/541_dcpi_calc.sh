#!/usr/bin/env bash
# 541: robin calc / topstalls on issue-head samples of the in-order core (002 §3.2, §6): the
# pointer chase (chase_llc) and the copy loop simulated on inorder-dual with issue-head, dcpix
# and dcpix-taken stored. dcpix is exact (every instruction of the chase loop ran SIZE x
# 307200 times); the loop's estimated counts are within 5% of it; the most stalled
# instruction of each loop waits on a D-cache miss and calc blames the right load (the chase's
# payload load ld a3,8(a0) that reaches a new node, not the next-pointer load; the copy's one
# load); the procedure summary puts the D-cache first; topstalls lists the chase's add first;
# --json carries the same; bad input fails with one line.
set -u
cd "$ROBIN_ROOT"
command -v python3 >/dev/null || { echo "python3 not installed"; exit 77; }
G=build/guest/workloads
for f in $G/chase_llc.static $G/copy.static; do
	[ -x "$f" ] || { echo "$f not built (make guest)"; exit 77; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-e2e-541.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
die() { echo "FAIL: $*"; fail=1; }

for w in chase_llc copy; do
	env -i "$ROBIN" sim --quiet --no-progress --preset inorder-dual --top 0 \
		--profile issue-head,dcpix,dcpix-taken,dcpix-imiss --period 97 --db "$tmp/$w.db" -- $G/$w.static 1 \
		>/dev/null 2>"$tmp/$w.err" || { die "robin sim $w exited $?: $(tail -n1 "$tmp/$w.err")"; }
done

"$ROBIN" calc chase_walk --db "$tmp/chase_llc.db" >"$tmp/chase.txt" 2>&1 || die "robin calc chase_walk failed"
grep -q '^\*\*\* Best-case' "$tmp/chase.txt" || die "no best-case CPI line"
grep -q '^\*\*\* Actual' "$tmp/chase.txt" || die "no actual CPI line"
grep -qE '^ +dD' "$tmp/chase.txt" || die "no D-cache bubble in the listing"
"$ROBIN" calc chase_walk --json --db "$tmp/chase_llc.db" >"$tmp/chase.json" || die "robin calc --json failed"
"$ROBIN" calc cp_copy --json --db "$tmp/copy.db" >"$tmp/copy.json" || die "robin calc cp_copy --json failed"
"$ROBIN" calc chase_walk --summary --json --db "$tmp/chase_llc.db" >"$tmp/sum.json" || die "robin calc --summary failed"
"$ROBIN" calc chase_walk --summary --db "$tmp/chase_llc.db" >"$tmp/sum.txt" || die "robin calc --summary failed"
grep -q 'D-cache miss' "$tmp/sum.txt" || die "summary has no D-cache line"
"$ROBIN" topstalls --json -n 5 --db "$tmp/chase_llc.db" >"$tmp/top.json" || die "robin topstalls failed"

python3 - "$tmp" <<'PY' || fail=1
import json, sys, os
t = sys.argv[1]
ok = True
def bad(msg):
    global ok
    print("FAIL:", msg); ok = False
def insns(d):
    return [i for b in d["blocks"] for i in b["instructions"]]
def dominant(d):
    # the instruction that lost the most cycles to dynamic stalls
    return max(insns(d), key=lambda i: (i["dynamic_stall_cycles"] or 0) * (i["estimated_count"] or 0))

chase = json.load(open(os.path.join(t, "chase.json")))
loop = [i for i in insns(chase) if i["exact_count"] == 307200]
if len(loop) != 5: bad("chase loop: %d instructions ran exactly 307200 times (want 5)" % len(loop))
for i in loop:
    e = i["estimated_count"]
    if e is None or abs(e - 307200) > 0.05 * 307200:
        bad("chase %x %s: estimated %r, exact 307200" % (i["offset"], i["text"], e))
payload = [i for i in insns(chase) if i["text"].startswith("ld") and ",8(" in i["text"]]
if len(payload) != 1: bad("chase: no single ld ...,8(...) payload load: %r" % [i["text"] for i in payload])
dom = dominant(chase)
if "d" not in dom["culprits"]: bad("chase: dominant stall %s has culprits %r" % (dom["text"], dom["culprits"]))
if payload and dom.get("culprit_load") != payload[0]["offset"]:
    bad("chase: dominant stall blames %r, not the payload load at %x" % (dom.get("culprit_load"), payload[0]["offset"]))
if dom["cpi"] < 10: bad("chase: dominant stall only %.1f cycles" % dom["cpi"])

copy = json.load(open(os.path.join(t, "copy.json")))
loads = [i for i in insns(copy) if i["text"].startswith("ld")]
if len(loads) != 1: bad("copy: %d loads in cp_copy" % len(loads))
dom = dominant(copy)
if "d" not in dom["culprits"]: bad("copy: dominant stall %s has culprits %r" % (dom["text"], dom["culprits"]))
if loads and dom.get("culprit_load") != loads[0]["offset"]:
    bad("copy: dominant stall blames %r, not the load at %x" % (dom.get("culprit_load"), loads[0]["offset"]))

s = json.load(open(os.path.join(t, "sum.json")))["summary"]
lo = {k: v[0] for k, v in s["dynamic"].items()}
if max(lo, key=lo.get) != "D-cache miss": bad("summary: largest dynamic cause %r" % lo)
if not s["samples"] > 1000: bad("summary: %r samples (want thousands)" % s["samples"])

top = json.load(open(os.path.join(t, "top.json")))
first = top["instructions"][0]
if not first["where"].startswith("chase_walk+") or "d" not in first["culprits"]:
    bad("topstalls: first row %r" % first)
sys.exit(0 if ok else 1)
PY

# bad input: one line, non-zero exit
check_bad() {  # expected-rc pattern args...
	local want=$1 pat=$2; shift 2
	"$ROBIN" "$@" >"$tmp/bad.out" 2>"$tmp/bad.err"
	local rc=$?
	[ $rc -eq "$want" ] || die "robin $*: exit $rc, want $want"
	[ "$(wc -l <"$tmp/bad.err")" -eq 1 ] || die "robin $*: $(wc -l <"$tmp/bad.err") lines on stderr"
	grep -q "$pat" "$tmp/bad.err" || die "robin $*: '$(cat "$tmp/bad.err")' lacks '$pat'"
}
check_bad 1 "no function 'no_such_fn'" calc no_such_fn --db "$tmp/chase_llc.db"
check_bad 2 "which FUNCTION" calc --db "$tmp/chase_llc.db"
check_bad 2 "unknown option" calc chase_walk --bogus --db "$tmp/chase_llc.db"
check_bad 2 "is not a positive count" topstalls -n x --db "$tmp/chase_llc.db"
"$ROBIN" sim --quiet --no-progress --preset inorder-dual --top 0 --profile tip --period 97 \
	--db "$tmp/tip.db" -- $G/copy.static 1 >/dev/null 2>&1 || die "robin sim --profile tip failed"
check_bad 1 "no issue-head samples" calc cp_copy --db "$tmp/tip.db"
check_bad 1 "no issue-head samples" calc --evaluate --db "$tmp/tip.db"
[ $fail -eq 0 ] && echo ok
exit $fail
