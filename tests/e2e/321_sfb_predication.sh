#!/usr/bin/env bash
# 321: short-forwards-branch predication (config sfb, on in the sonicboom preset). A guest
# whose loop branches on a pseudo-random bit over a 2-op shadow: under boom-large those
# branches mispredict about half the time (>= 8000 flushes in 20000); under sonicboom each is
# a flag-setting op (>= 20000 SFB branches) that never flushes (fewer than 1000 branch flushes
# are left, all from other branches), about half the shadows are predicated off (2 ops each:
# 16000..24000 ops), the run is faster, the output is byte-identical to `robin run`, the probe
# contract holds, and sonicboom with sfb=0 is boom-large to the cycle. riscv-boom's detection
# (sfb_boom) takes the same shadow of immediate ops, and refuses the `rd` variant's, whose
# register subtract does not write its first source: its branches flush again.
set -eu
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest sfb
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
P=$G/sfb.static
"$ROBIN" run "$P" 20000 > "$T/run"
for p in boom-large sonicboom; do
	"$ROBIN" sim --quiet --probe-check --preset $p --stats-json "$T/$p.json" "$P" 20000 \
		> "$T/$p.out" 2> "$T/$p.err" || { cat "$T/$p.err"; exit 1; }
	cmp "$T/run" "$T/$p.out" || { echo "$p: output differs from robin run"; exit 1; }
	grep -q ", 0 errors" "$T/$p.err" || { cat "$T/$p.err"; exit 1; }
done
"$ROBIN" sim --quiet --preset sonicboom --set sfb=0 --stats-json "$T/off.json" "$P" 20000 > "$T/off.out"
python3 - "$T" <<'PY'
import json, sys
t = sys.argv[1]
big, sb, off = (json.load(open(f"{t}/{n}.json")) for n in ("boom-large", "sonicboom", "off"))
print(f"boom-large: {big['flushes']['branch']} branch flushes, {big['cycles']} cycles; "
      f"sonicboom: {sb['flushes']['branch']} flushes, {sb['cycles']} cycles, "
      f"{sb['pipeline']['sfb_branches']} SFB, {sb['pipeline']['sfb_predicated_off']} off")
assert big["flushes"]["branch"] >= 8000
assert sb["flushes"]["branch"] < 1000
assert sb["pipeline"]["sfb_branches"] >= 20000
assert 16000 <= sb["pipeline"]["sfb_predicated_off"] <= 24000
assert sb["cycles"] < big["cycles"]
assert "sfb_branches" not in big["pipeline"]
print("sfb=0:", off["cycles"], off["instructions"], "boom-large:", big["cycles"], big["instructions"])
assert off["cycles"] == big["cycles"] and off["instructions"] == big["instructions"]
# predicated-off ops commit: they are counted with the emulator's instructions
assert sb["instructions"] == big["instructions"] + sb["pipeline"]["sfb_predicated_off"]
PY
"$ROBIN" sim --quiet --preset sonicboom --set sfb_boom=1 --stats-json "$T/boom.json" "$P" 20000 \
	> "$T/boom.out"
cmp "$T/run" "$T/boom.out" || { echo "sfb_boom: output differs from robin run"; exit 1; }
"$ROBIN" run "$P" 20000 rd > "$T/run_rd"
for b in 0 1; do
	"$ROBIN" sim --quiet --preset sonicboom --set sfb_boom=$b --stats-json "$T/rd$b.json" "$P" 20000 rd \
		> "$T/rd$b.out"
	cmp "$T/run_rd" "$T/rd$b.out" || { echo "rd, sfb_boom=$b: output differs from robin run"; exit 1; }
done
python3 - "$T" <<'PY'
import json, sys
t = sys.argv[1]
sb, boom, rd0, rd1 = (json.load(open(f"{t}/{n}.json")) for n in ("sonicboom", "boom", "rd0", "rd1"))
print("sfb_boom: SFB", boom["pipeline"]["sfb_branches"], "(robin's rule", sb["pipeline"]["sfb_branches"],
      "); rd:", rd0["pipeline"]["sfb_branches"], "SFB and", rd0["flushes"]["branch"], "flushes, with sfb_boom",
      rd1["pipeline"]["sfb_branches"], "and", rd1["flushes"]["branch"])
assert abs(boom["pipeline"]["sfb_branches"] - sb["pipeline"]["sfb_branches"]) < 100
assert rd0["pipeline"]["sfb_branches"] >= 20000 and rd0["flushes"]["branch"] < 1000
assert rd1["pipeline"]["sfb_branches"] < 1000 and rd1["flushes"]["branch"] >= 8000
PY
echo "321: ok"
