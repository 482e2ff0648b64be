#!/usr/bin/env bash
# 533: ProfileMe path profiles (000_424085ad3398c1f4.txt §5.3, Figure 6): from 2000 kept
# samples of nqueens (recursive calls, data-dependent branches; the second records of pairs
# at most 50 apart whose both records retired) the true path is rebuilt backward from the
# sample's PC with the binary's CFG. Measured (interval 100): intraprocedural success at
# history length 1/4/8/12 is 55/49/49/49% with execution counts only, 94/78/75/75% with
# history bits, 94/82/80/79% with history bits and the paired PC; interprocedural
# 35/0/0/0%, 93/69/41/29%, 94/74/43/29%. Asserted: history
# bits beat counts at every length 1-12 in both modes (by >= 5 points intra), paired sampling
# is never below history bits (0.5 point slack for 2000 samples) and beats it on average,
# and interprocedural success falls with the history length.
set -u
cd "$ROBIN_ROOT"
command -v python3 >/dev/null || { echo "python3 not installed"; exit 77; }
W=build/guest/workloads/nqueens.static
[ -x "$W" ] || { echo "$W not built (make guest)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-e2e-533.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
env -i "$ROBIN" sim --no-progress --profileme --pm-paired --pm-window 50 --pm-interval 100 \
	--stats-json "$tmp/p.json" -- $W 1 >/dev/null 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
grep -q "path reconstruction success (2000 samples" "$tmp/err" || { echo "FAIL: no path lines"; exit 1; }
python3 - "$tmp/p.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))["profileme"]
ok = True
def bad(msg):
    global ok
    print("FAIL:", msg); ok = False
if d["path_samples"] != 2000: bad("path samples %d" % d["path_samples"])
for key, gap in (("path_success", 0.05), ("path_success_inter", 0.0)):
    ps = d[key]
    c, h, p = ([ps[s][str(n)] for n in range(1, 13)] for s in ("counts", "history", "paired"))
    for n in range(12):
        if None in (c[n], h[n], p[n]): bad("%s: missing rate at length %d" % (key, n + 1)); continue
        if not h[n] > c[n] + gap: bad("%s: history %.3f vs counts %.3f at length %d" % (key, h[n], c[n], n + 1))
        if not p[n] >= h[n] - 0.005: bad("%s: paired %.3f vs history %.3f at length %d" % (key, p[n], h[n], n + 1))
    if not sum(p) > sum(h): bad("%s: paired does not beat history on average" % key)
    print("  %-18s counts %s\n  %-18s history %s\n  %-18s paired %s" % (key, " ".join("%.2f" % x for x in c), "", " ".join("%.2f" % x for x in h), "", " ".join("%.2f" % x for x in p)))
hi = d["path_success_inter"]["history"]
if not hi["1"] > hi["6"] > hi["12"]: bad("interprocedural success does not fall with length: %r" % hi)
sys.exit(0 if ok else 1)
PY
