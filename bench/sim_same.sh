#!/usr/bin/env bash
# sim_same.sh — checks that a change to the timing model left every simulated cycle as it was:
# runs two robin binaries (OLD, NEW) over the same cases and compares their --stats-json
# output, ignoring only the host timing keys (host_seconds, mips) and keys only one of them
# knows (a configuration key or statistic added since), and their stderr. Cases:
# every workload of the suite on boom-large, five on boom-medium and inorder-dual, three with
# every simulated profiler (--profile all --period 1009: profile_error and top must match)
# and two under --probe-check (which must report 0 errors). Usage:
#   bash bench/sim_same.sh OLD_ROBIN NEW_ROBIN     env: SIM_INSNS (default 5000000),
#   SIM_SAME_NEW_ARGS (options for NEW alone: `--host-env` compares a robin whose sim is
#   hermetic by default with one from before --hermetic, the timing model alone)
# Prints one line per differing case and "N cases compared, M differ"; exit 1 if any differ.
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
. scripts/lib/suite.sh
[ $# -eq 2 ] || { echo "usage: bench/sim_same.sh OLD_ROBIN NEW_ROBIN" >&2; exit 2; }
OLD=$1 NEW=$2
INSNS=${SIM_INSNS:-5000000}
SHORT=$(( INSNS < 2000000 ? INSNS : 2000000 ))
G=build/guest/workloads
for b in "$OLD" "$NEW"; do [ -x "$b" ] || { echo "bench/sim_same: $b not executable" >&2; exit 2; }; done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-sim-same.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

cases=()   # "name|workload|insns|args..."
for w in $(suite_names); do cases+=("$w|$w|$INSNS|"); done
for p in boom-medium inorder-dual; do
	for w in bsearch crc32 chase_llc lbm qsort; do cases+=("$p-$w|$w|$SHORT|--preset $p"); done
done
for w in bsearch nab chase_l1; do cases+=("prof-$w|$w|$SHORT|--profile all --period 1009"); done
for w in bsearch crc32; do cases+=("pc-$w|$w|$SHORT|--probe-check"); done
for c in "${cases[@]}"; do
	w=${c#*|}; w=${w%%|*}
	[ -x "$G/$w.static" ] || { echo "bench/sim_same: $G/$w.static not built (make guest)" >&2; exit 2; }
done

# run_case BIN DIR CASE [EXTRA]: writes DIR/NAME.json and DIR/NAME.err
run_case() {
	local name w insns args
	IFS='|' read -r name w insns args <<<"$3"
	# shellcheck disable=SC2086
	"${SUITE_ENV[@]}" "$1" sim --quiet --no-progress --max-insns "$insns" $args ${4:-} \
		--stats-json "$2/$name.json" -- "$G/$w.static" >/dev/null 2>"$2/$name.err"
	echo "exit $?" >>"$2/$name.err"
}

mkdir -p "$tmp/old" "$tmp/new"
for c in "${cases[@]}"; do
	run_case "$OLD" "$tmp/old" "$c" &
	run_case "$NEW" "$tmp/new" "$c" "${SIM_SAME_NEW_ARGS:-}"
	wait
done
python3 - "$tmp/old" "$tmp/new" <<'EOF'
import json, os, sys
def strip(o):
    if isinstance(o, dict):
        return {k: strip(v) for k, v in o.items() if k not in ("host_seconds", "mips")}
    if isinstance(o, list):
        return [strip(v) for v in o]
    return o
def known(x, y):
    # a key only one binary has (a new configuration key at its default, a new statistic
    # such as dram.reads_by_cause) is not a difference: the keys both have must agree
    if isinstance(x, dict) and isinstance(y, dict):
        for c, other in ((x, y), (y, x)):
            for k in [k for k in c if k not in other]:
                del c[k]
        for k in x:
            known(x[k], y[k])
    elif isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
        for u, v in zip(x, y):
            known(u, v)
    return x, y
a, b = sys.argv[1], sys.argv[2]
names = sorted({f.rsplit(".", 1)[0] for f in os.listdir(a)})
bad = 0
for n in names:
    try:
        x, y = known(strip(json.load(open(f"{a}/{n}.json"))), strip(json.load(open(f"{b}/{n}.json"))))
        same = x == y
    except (OSError, ValueError) as e:
        print(f"{n}: {e}")
        same = False
    same = same and open(f"{a}/{n}.err").read() == open(f"{b}/{n}.err").read()
    if n.startswith("pc-") and " 0 errors" not in open(f"{b}/{n}.err").read():
        same = False
    if not same:
        print(f"{n}: differs")
        bad += 1
print(f"{len(names)} cases compared, {bad} differ")
sys.exit(1 if bad else 0)
EOF
