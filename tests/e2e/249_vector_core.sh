#!/usr/bin/env bash
# 249: the core's vector unit (src/core/vu.c, docs/vector.md) on a vector loop
# (tests/guest/vcore_loop.c: vsetvli, vle32, vle32, vadd.vv, vse32 at LMUL 8) under
# `robin sim --vlen 256`: the output is qemu's; --stats-json counts the vector instructions by
# class, their element operations and element groups; the loop's cycles (a run of 2N
# iterations minus one of N) double with vl at a fixed DLEN, as the integer sequencer's
# occupancy does exactly, and fall as DLEN grows; the Oracle puts the time on the vector
# instructions that hold the ROB head (vadd.vv and vse32.v) and TIP agrees; the probe contract
# holds; --vlen and the core's vlen must agree.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest vcore_loop
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
P=$G/vcore_loop.static
fail=0
die() { echo "FAIL: $*"; fail=1; }
"$ROBIN" run --vlen 256 "$P" add 4 1 >/dev/null 2>&1 ||
	{ echo "FAIL: robin run cannot run vcore_loop"; exit 1; }

if have_qemu; then
	qemu-riscv64 -cpu rv64,v=true,vlen=256 "$P" add 64 300 >"$T/q" 2>/dev/null
	"$ROBIN" sim --vlen 256 --quiet --no-progress "$P" add 64 300 >"$T/r" || die "robin sim exit $?"
	cmp -s "$T/q" "$T/r" || die "robin sim's output differs from qemu's: $(cat "$T/r")"
fi

# sim MODE VL ITERS NAME [OPTIONS]: --stats-json in $T/NAME.json
sim() {
	local m=$1 vl=$2 n=$3 name=$4; shift 4
	"$ROBIN" sim --vlen 256 --quiet --no-progress "$@" --stats-json "$T/$name.json" -- "$P" "$m" "$vl" "$n" \
		>/dev/null 2>"$T/$name.err" || die "robin sim $m $vl $n $* exit $?: $(tail -1 "$T/$name.err")"
}
for vl in 32 64; do
	for n in 1000 2000; do
		sim add $vl $n a$vl.$n
		for d in 64 256; do sim add $vl $n a$vl.$n.d$d --set dlen=$d; done
	done
done
sim add 64 3000 prof --profile tip --period 97
python3 - "$T" <<'PY' || fail=1
import json, sys
t = sys.argv[1]
def j(n): return json.load(open(f"{t}/{n}.json"))
bad = []
s = j("a32.1000")
v = s.get("vector")
if not v:
    sys.exit(print("FAIL: no 'vector' member in --stats-json") or 1)
want = {"vset": 1000, "vload": 2000, "valu": 1000, "vstore": 1000}
got = {k: v["by_class"][k] for k in want}
if got != want: bad.append(f"by_class {got} != {want}")
if v["instructions"] != 5000: bad.append(f"instructions {v['instructions']} != 5000")
# four instructions of 32 elements an iteration; 128 bytes = 8 groups at DLEN 128 each
if v["element_ops"] != 4 * 32 * 1000: bad.append(f"element_ops {v['element_ops']}")
if v["element_groups"] != 4 * 8 * 1000: bad.append(f"element_groups {v['element_groups']}")
if v["vlen"] != 256 or v["dlen"] != 128: bad.append(f"vlen/dlen {v['vlen']}/{v['dlen']}")
if v["busy_cycles"]["int"] != 8 * 1000: bad.append(f"int sequencer busy {v['busy_cycles']['int']}")
if v["mem_line_accesses"] < 3 * 2 * 1000: bad.append(f"line accesses {v['mem_line_accesses']}")
def loop(vl, d=""):
    return j(f"a{vl}.2000{d}")["cycles"] - j(f"a{vl}.1000{d}")["cycles"]
l32, l64 = loop(32), loop(64)
print(f"loop cycles per iteration at DLEN 128: vl 32 {l32/1000:.1f}, vl 64 {l64/1000:.1f}")
if not 1.6 <= l64 / l32 <= 2.3: bad.append(f"doubling vl: loop cycles x{l64/l32:.2f}")
b32 = j("a32.2000")["vector"]["busy_cycles"]["int"]
b64 = j("a64.2000")["vector"]["busy_cycles"]["int"]
if b64 != 2 * b32: bad.append(f"doubling vl: int sequencer busy {b32} -> {b64}")
d64, d256 = loop(64, ".d64"), loop(64, ".d256")
print(f"loop cycles per iteration at vl 64: DLEN 64 {d64/1000:.1f}, 128 {l64/1000:.1f}, 256 {d256/1000:.1f}")
if not d64 > l64 > d256: bad.append(f"DLEN 64/128/256: {d64} {l64} {d256} cycles")
p = j("prof")
top = {k: p["top"][k][:2] for k in ("oracle", "tip")}
names = sorted(e["disasm"].split("\t")[0] for e in top["oracle"])
if names != ["vadd.vv", "vse32.v"]: bad.append(f"oracle's top two: {names}")
for e in top["oracle"]:
    if e["share"] < 0.2: bad.append(f"oracle: {e['disasm']} only {e['share']:.3f}")
    t = [x for x in top["tip"] if x["pc"] == e["pc"]]
    if not t or abs(t[0]["share"] - e["share"]) > 0.03:
        bad.append(f"tip differs from the oracle on {e['disasm']}: {t}")
err = p["profile_error"]["tip"]["instruction"]
print(f"oracle: vadd.vv/vse32.v {[round(e['share'], 3) for e in top['oracle']]}, tip error {err:.3f}")
if err > 0.15: bad.append(f"tip's instruction-level error {err:.3f}")
for b in bad: print("FAIL:", b)
sys.exit(1 if bad else 0)
PY

"$ROBIN" sim --vlen 256 --no-progress --probe-check "$P" add 64 200 >/dev/null 2>"$T/pc" ||
	die "--probe-check exit $?"
grep -q " 0 errors" "$T/pc" || die "probe check: $(grep 'probe check' "$T/pc")"
"$ROBIN" sim --vlen 512 --set vlen=256 "$P" add 4 1 >/dev/null 2>"$T/mm" && die "--vlen 512 with vlen=256 accepted"
grep -q "vlen" "$T/mm" || die "no message for --vlen against vlen: $(cat "$T/mm")"
"$ROBIN" sim --preset boom-large-v --quiet --no-progress --stats-json "$T/pv.json" "$P" add 64 10 >/dev/null ||
	die "--preset boom-large-v exit $?"
python3 -c "import json,sys; sys.exit(json.load(open('$T/pv.json'))['vector']['vlen'] != 256)" ||
	die "--preset boom-large-v: the guest's VLEN is not 256"
exit $fail
