#!/usr/bin/env bash
# cores.sh — demo section: a threaded program on two simulated cores with every consumer of the
# simulation layer at once (src/sim/): per guest thread its TIP and Oracle (errors against its
# own Oracle), its ProfileMe unit and its shadow stacks, the profiles stored one run per thread;
# per core the probe-contract check. tests/guest/threads_share: 4 workers summing in parallel,
# then counting in padded lines.
set -u
cd "$(dirname "$0")/../.."
ROBIN=${ROBIN:-build/robin}
P=build/guest/tests/threads_share.static
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-demo-cores.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
[ -x "$P" ] || { echo "demo/cores: $P not built" >&2; exit 1; }
echo "== robin sim --cores 2: a 4-thread program, every consumer per thread or per core =="
echo "   (robin sim --cores 2 --profile tip --period 997 --stacks --profileme --probe-check --db t.db)"
env -i "$ROBIN" sim --cores 2 --no-progress --profile tip --period 997 --stacks --profileme \
	--probe-check --db "$tmp/t.db" --stats-json "$tmp/s.json" -- "$P" padded 4 \
	>"$tmp/out" 2>"$tmp/err" || { echo "demo/cores: robin sim failed: $(tail -n1 "$tmp/err")" >&2; exit 1; }
echo "guest output: $(cat "$tmp/out")"
grep -E "on 2 cores|cycles, .* instructions \(all cores\)|^  core |probe check|tip .*error vs its oracle" "$tmp/err"
python3 - "$tmp/s.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print("per thread (--stats-json threads[]): tid, cores, cycles, TIP samples, ProfileMe records")
for t in d["threads"]:
    tip = t["profile_error"].get("tip") or {}
    print("  %6d  %-6s %9d  %6s  %6d" % (t["tid"], ",".join(map(str, t["cores"])), t["cycles"],
          tip.get("samples", "-"), t["profileme"]["samples"]))
PY
echo "the stored call stacks of all threads (robin prof --children, top 5):"
"$ROBIN" prof --db "$tmp/t.db" --event tip --children 2>&1 | head -9
