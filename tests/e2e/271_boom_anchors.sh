#!/usr/bin/env bash
# 271: the misprediction penalty and the load-to-use latency that programs measure on
# sonicboom-cal (docs/validation.md, "A second anchor"), against what the configuration the
# run reports says they must be.
# - mispredict random|steady: the same loop, half of the random run's branches
#   mispredict, none of the steady run's; SFB predicates none of them (the same SFB count in
#   both runs). (cycles difference) / (mispredictions difference) is the round trip of a
#   misprediction: redirect_cycles from its resolution to the redirected fetch, fetch_stages to
#   decode, then rename, dispatch, issue (a cycle each) and alu_cycles to resolve the next
#   branch; the steady run's own front-end time hides at most one cycle of it. With the
#   micro-BTB (ubtb_entries) the random run's correctly predicted branches also cost the
#   later fetch stages' override bubbles (branches.override_f2/f3 times override_f2/f3_cycles):
#   they come off before the round trip is compared, not before the published 12.
# - loaduse N and 2N: a pointer chase through an L1-resident ring, one load every l1d_cycles.
# sonicboom-cal is set from SonicBOOM's published pipeline, so both must also be the published
# figures: a 12-cycle misprediction penalty (within a cycle) and a 4-cycle load-use latency.
set -eu
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest mispredict loaduse
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
sim() {
	local name=$1; shift
	"$ROBIN" sim --quiet --preset sonicboom-cal --stats-json "$T/$name.json" "$@" \
		> "$T/$name.out" 2> "$T/$name.err" || { cat "$T/$name.err"; exit 1; }
}
sim random "$G/mispredict.static" random 5000
sim steady "$G/mispredict.static" steady 5000
sim lu1 "$G/loaduse.static" 200
sim lu2 "$G/loaduse.static" 400
grep -qx "ended at line 0" "$T/lu2.out" || { cat "$T/lu2.out"; exit 1; }
python3 - "$T" <<'PY'
import json, sys
t = sys.argv[1]
r, s, l1, l2 = (json.load(open(f"{t}/{n}.json")) for n in ("random", "steady", "lu1", "lu2"))
cfg = {k: float(v) for k, v in r["config"].items() if k.endswith(("_cycles", "_stages"))}
# the same loop; the argument parsing and the printed checksum differ by a few instructions
assert abs(r["instructions"] - s["instructions"]) < 100, (r["instructions"], s["instructions"])
mr, ms = r["branches"]["conditional_mispredicts"], s["branches"]["conditional_mispredicts"]
assert mr - ms >= 4000, (mr, ms)  # about one per iteration (two random branches each)
assert r["pipeline"]["sfb_branches"] == s["pipeline"]["sfb_branches"]
penalty = (r["cycles"] - s["cycles"]) / (mr - ms)
bubbles = sum((r["branches"].get(f"override_{k}", 0) - s["branches"].get(f"override_{k}", 0)) *
              cfg.get(f"override_{k}_cycles", 0) for k in ("f2", "f3"))
round_trip = (r["cycles"] - s["cycles"] - bubbles) / (mr - ms)
trip = cfg["redirect_cycles"] + cfg["fetch_stages"] + 3 + cfg["alu_cycles"]
load_use = (l2["cycles"] - l1["cycles"]) / (64 * 200)
print(f"misprediction penalty {penalty:.2f} cycles, {round_trip:.2f} without the override "
      f"bubbles (round trip {trip:.0f}); "
      f"load-use {load_use:.3f} cycles (l1d_cycles {cfg['l1d_cycles']:.0f})")
assert trip - 1 <= round_trip <= trip + 0.5, (round_trip, trip)
assert abs(load_use - cfg["l1d_cycles"]) < 0.05, (load_use, cfg["l1d_cycles"])
assert l2["caches"]["l1d"]["misses"] == l1["caches"]["l1d"]["misses"]  # the ring hits in L1
assert 11 <= penalty <= 13, penalty              # CARRV 2020 slides: 12 cycles
assert abs(load_use - 4) < 0.05, load_use        # and 4
PY
echo "271: ok"
