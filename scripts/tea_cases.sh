#!/usr/bin/env bash
# tea_cases.sh — the case studies of seed 004_b28092482852db08.txt Paper B, measured with
# robin's core, TEA and the golden reference (docs/results/tea.md).
#   scripts/tea_cases.sh lbm [SIZE]   software prefetch distance 0..8 on
#                                     workloads/variants/lbm_prefetch.c: cycles, speedup,
#                                     and the golden PICS of lbm_step's top load and store
#   scripts/tea_cases.sh nab [SIZE]   nab, nab_finite (-ffinite-math-only), nab_fastmath
#                                     (-ffast-math): cycles, speedup, top instructions' PICS
# Prints a markdown table. ROBIN (default build/robin), JOBS (default 2) simulations at a
# time; needs `make guest`. Sampling every 1009 cycles (thousands of samples per run).
set -eu
cd "$(dirname "$0")/.."
ROBIN=${ROBIN:-build/robin}
JOBS=${JOBS:-2}
G=build/guest/workloads
case=${1:-}
size=${2:-10}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-tea-cases.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
run() {  # name program args...
	local name=$1; shift
	nice "$ROBIN" sim --no-progress --profile tea --period 1009 --top 60 \
		--stats-json "$tmp/$name.json" -- "$@" >/dev/null 2>"$tmp/$name.err" ||
		{ echo "robin sim $* failed:" >&2; cat "$tmp/$name.err" >&2; return 1; }
}
case $case in
lbm)
	names=""
	for d in 0 1 2 3 4 5 6 7 8; do
		run "d$d" $G/variants/lbm_prefetch.static "$size" $d &
		names="$names d$d"
		while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do sleep 1; done
	done
	wait
	;;
nab)
	run nab $G/nab.static "$size" &
	run nab_finite $G/variants/nab_finite.static "$size" &
	wait
	run nab_fastmath $G/variants/nab_fastmath.static "$size"
	names="nab nab_finite nab_fastmath"
	;;
*)
	echo "usage: scripts/tea_cases.sh lbm|nab [SIZE]" >&2
	exit 2
	;;
esac
python3 - "$case" "$tmp" $names <<'PY'
import json, sys
case, tmp, names = sys.argv[1], sys.argv[2], sys.argv[3:]
runs = {n: json.load(open("%s/%s.json" % (tmp, n))) for n in names}
def stack(row, k=3):
    c = sorted(row["components"].items(), key=lambda kv: -kv[1])
    s = ", ".join("%s %.0f%%" % (n, 100 * v) for n, v in c[:k] if v >= 0.01)
    return s or "-"
def pick(rows, kinds, func):
    for r in rows:
        if r["function"] == func and r["disasm"].split()[0] in kinds:
            return r
    return None
base = runs[names[0]]["cycles"]
if case == "lbm":
    print("| distance | cycles | speedup | tea samples | tea error | top load (golden share, PICS) | top store (golden share, PICS) |")
    print("|---|---|---|---|---|---|---|")
    for n in names:
        d = runs[n]
        g = d["pics_top"]["golden"]
        ld = pick(g, ("fld", "ld"), "lbm_step")
        st = pick(g, ("fsd", "sd"), "lbm_step")
        fmt = lambda r: "%s %.1f%%: %s" % (r["location"], 100 * r["share"], stack(r)) if r else "-"
        e = d["pics_error"]["tea"]
        print("| %s | %d | %.3fx | %d | %.2f%% | %s | %s |" % (n[1:], d["cycles"], base / d["cycles"],
              e["samples"], 100 * e["instruction"], fmt(ld), fmt(st)))
else:
    print("| build | cycles | speedup | tea samples | tea error | golden top 3 instructions (share: PICS) |")
    print("|---|---|---|---|---|---|")
    for n in names:
        d = runs[n]
        g = d["pics_top"]["golden"][:3]
        e = d["pics_error"]["tea"]
        top = "; ".join("`%s` %.1f%%: %s" % (r["disasm"].replace("\t", " "), 100 * r["share"], stack(r, 2)) for r in g)
        print("| %s | %d | %.2fx | %d | %.2f%% | %s |" % (n, d["cycles"], base / d["cycles"], e["samples"],
              100 * e["instruction"], top))
PY
