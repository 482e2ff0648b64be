#!/usr/bin/env bash
# dcpi_sampled_eval.sh — the evaluation of bench/dcpi_sampled.sh's databases: one line per
# program (share of samples within 5/10/15%, off by > 15% marked low) and pooled over the
# tuned programs, the held-out ones and all, for one event mode. Usage:
#   bash bench/dcpi_sampled_eval.sh [OUTDIR] [-- CALC_OPTIONS...]   (e.g. -- --oracle-events)
# env: MERGE (default all: the runs of each database merged, `robin calc --runs all`; a list
#      such as 1 or 1-4 merges those runs only: MERGE=1 is the single run of RUNS=1).
set -u
cd "$(dirname "$0")/.."
ROBIN=$(realpath "${ROBIN:-build/robin}")
OUT=$(realpath "${1:-build/bench/dcpi32}")
CORPUS_DIR=${CORPUS_DIR:-build/corpus}
shift || true
[ "${1:-}" = -- ] && shift
MERGE=${MERGE:-all}
HELDOUT=" sqlite3 lame jq zstd djpeg "
printf '%-12s %9s %8s %8s %8s %8s\n' program samples within5 within10 within15 off15low
for db in "$OUT"/*.db; do
	n=$(basename "$db" .db)
	# corpus runs from before their binary paths were absolute resolve from the corpus
	{ "$ROBIN" calc --evaluate --json --runs "$MERGE" "$@" --db "$db" 2>/dev/null ||
	  (cd "$CORPUS_DIR" && "$ROBIN" calc --evaluate --json --runs "$MERGE" "$@" --db "$db" \
		2>/dev/null); } |
	python3 -c 2>/dev/null '
import json, sys
d = json.load(sys.stdin)
s = d["samples"]; w = [d["within_5pct"], d["within_10pct"], d["within_15pct"]]
print("%-12s %9.0f %7.1f%% %7.1f%% %7.1f%% %7.1f%%  %s" % (sys.argv[1], s, 100*w[0], 100*w[1],
      100*w[2], 100*d["off15_marked_low"], "held-out" if " %s " % sys.argv[1] in sys.argv[2] else ""))
' "$n" "$HELDOUT"
done | tee "$OUT/eval-$MERGE.txt"
python3 - "$OUT/eval-$MERGE.txt" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1])]
def pool(sel, name):
    s = sum(float(r[1]) for r in sel)
    if not s: return
    w = [sum(float(r[1]) * float(r[k].rstrip('%')) for r in sel) / s for k in (2, 3, 4)]
    mn = min(float(r[2].rstrip('%')) for r in sel)
    off = sum(float(r[1]) * (100 - float(r[4].rstrip('%'))) for r in sel)
    low = sum(float(r[1]) * (100 - float(r[4].rstrip('%'))) * float(r[5].rstrip('%')) for r in sel)
    print("%-22s %9.0f samples, within 5%% %.1f%%, 10%% %.1f%%, 15%% %.1f%%; off by > 15%% marked low %.1f%%; worst program %.1f%%, programs >= 50%%: %d/%d"
          % (name, s, w[0], w[1], w[2], low / off if off else 100, mn,
             sum(float(r[2].rstrip('%')) >= 50 for r in sel), len(sel)))
tuned = [r for r in rows if len(r) < 7]
held = [r for r in rows if len(r) >= 7]
pool(tuned, "tuned programs")
pool(held, "held-out programs")
pool(rows, "all (pooled)")
PY
