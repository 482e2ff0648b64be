#!/usr/bin/env bash
# 273: BOOM's overriding front end (config ubtb_entries, on in sonicboom-cal): a taken jump
# the micro-BTB holds is followed at once; one it misses (64 packets in a bank of 16
# entries) waits for the second fetch stage's BTB answer, override_f2_cycles more. Runs
# jumpchain (one `j` per 16-byte fetch packet, then a loop packet) for N and 2N iterations
# and checks the cycles per jump against what the configuration says:
# (jumps + 1 loop packet + overrides x override_f2_cycles) / jumps, with the overrides the
# run counts (branches.override_f2); and that without the micro-BTB no jump waits.
set -eu
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest jumpchain
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
N=300
sim() {
	local name=$1; shift
	"$ROBIN" sim --quiet --preset sonicboom-cal --stats-json "$T/$name.json" "$@" \
		> "$T/$name.out" 2> "$T/$name.err" || { cat "$T/$name.err"; exit 1; }
}
for m in few many; do
	for n in $N $((2 * N)); do
		sim $m-$n "$G/jumpchain.static" $m $n
		sim $m-$n-f2x3 --set override_f2_cycles=3 "$G/jumpchain.static" $m $n
		sim $m-$n-off --set ubtb_entries=0 "$G/jumpchain.static" $m $n
	done
done
grep -qx "$((2 * N)) iterations" "$T/many-$((2 * N)).out" || { cat "$T/many-$((2 * N)).out"; exit 1; }
python3 - "$T" $N <<'PY'
import json, sys
t, n = sys.argv[1], int(sys.argv[2])
for mode, k in (("few", 8), ("many", 64)):
    for var in ("", "-f2x3", "-off"):
        a, b = (json.load(open(f"{t}/{mode}-{m}{var}.json")) for m in (n, 2 * n))
        cfg = b["config"]
        ov2 = b["branches"].get("override_f2", 0) - a["branches"].get("override_f2", 0)
        ov3 = b["branches"].get("override_f3", 0) - a["branches"].get("override_f3", 0)
        per_jump = (b["cycles"] - a["cycles"]) / (k * n)
        want = (k + 1 + ov2 / n * float(cfg["override_f2_cycles"])) / k
        print(f"{mode}{var}: {per_jump:.3f} cycles per jump, config implies {want:.3f} "
              f"({ov2} second-stage and {ov3} final-stage overrides)")
        assert abs(per_jump - want) < 0.02, (mode, var, per_jump, want)
        few_ = 0.01 * k * n                     # the start-up's own transfers differ by a few
        assert abs(ov3) < few_, (mode, var, ov3)  # the BTB knows every jump
        if var == "-off":
            assert "override_f2" not in b["branches"] and ov2 == 0
        elif mode == "few":
            assert abs(ov2) < few_, ov2         # 9 packets: the micro-BTB holds them all
        else:
            assert ov2 >= 0.9 * k * n, ov2      # 64 packets in 16 ways: it misses nearly all
            assert per_jump > 1.8 if var == "" else per_jump > 3.6, per_jump
PY
echo "273: ok"
