#!/usr/bin/env bash
# 534: `robin accuracy --profileme` (000_424085ad3398c1f4.txt §5) on three suite workloads:
# the table and --json carry per workload the records, the wrong-path share, the envelope
# fractions, the wasted-slot Pearson r and path success, and suite figures. Margins: every
# workload's retire-count envelope in 0.50-0.85 (the full suite at size 1 measured 0.65-0.78,
# pooled 0.749 over 6849 PCs), wasted-slot r >= 0.9 pooled over the three (the issue's bar)
# and >= 0.8 per workload (nqueens measured 0.86-0.92: its few hot PCs move with the guest's
# stack layout, i.e. with the environment and program path the run is given),
# nqueens (recursive, mispredicting) has > 20% wrong-path records, and the suite mean path
# success orders counts < history <= paired at every history length 1-12 (0.5 point slack).
set -u
cd "$ROBIN_ROOT"
command -v python3 >/dev/null || { echo "python3 not installed"; exit 77; }
for w in crc32 chase_l1 nqueens; do
	[ -x build/guest/workloads/$w.static ] || { echo "$w not built (make guest)"; exit 77; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-e2e-534.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
ROBIN_ROOT="$ROBIN_ROOT" "$ROBIN" accuracy --profileme crc32 chase_l1 nqueens >"$tmp/t.txt" 2>"$tmp/t.err" \
	|| { echo "FAIL: accuracy --profileme exited $?"; cat "$tmp/t.err"; exit 1; }
grep -q "^nqueens .*compute" "$tmp/t.txt" || { echo "FAIL: no nqueens row"; fail=1; }
grep -q "^suite: retire-count envelope" "$tmp/t.txt" || { echo "FAIL: no suite line"; fail=1; }
grep -q "checksum" "$tmp/t.txt" && { echo "FAIL: guest output in the report"; fail=1; }
ROBIN_ROOT="$ROBIN_ROOT" "$ROBIN" accuracy --profileme --json crc32 chase_l1 nqueens >"$tmp/a.json" 2>/dev/null \
	|| { echo "FAIL: --json exited $?"; exit 1; }
python3 - "$tmp/a.json" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
ok = True
def bad(msg):
    global ok
    print("FAIL:", msg); ok = False
ws = {w["name"]: w for w in d["workloads"]}
if sorted(ws) != ["chase_l1", "crc32", "nqueens"]: bad("workloads %s" % sorted(ws))
for n, w in ws.items():
    f = w["envelope_fraction"]["retire_count"]
    if not w["ok"] or not 0.50 <= f <= 0.85: bad("%s envelope %r" % (n, f))
    if w["wasted_slots_pearson"] is None or w["wasted_slots_pearson"] < 0.8: bad("%s wasted r %r" % (n, w["wasted_slots_pearson"]))
if ws["nqueens"]["wrong_path"] < 0.2 * ws["nqueens"]["samples"]: bad("nqueens wrong path %r" % ws["nqueens"])
s = d["suite"]
if s["wasted_slots_pearson"] is None or s["wasted_slots_pearson"] < 0.9: bad("pooled wasted r %r" % s["wasted_slots_pearson"])
for mode in ("path_success", "path_success_inter"):
    for h in range(1, 13):
        c, hi, p = (s[mode][k][str(h)] for k in ("counts", "history", "paired"))
        if not c < hi <= p + 0.005: bad("%s length %d: counts %.3f history %.3f paired %.3f" % (mode, h, c, hi, p))
sys.exit(0 if ok else 1)
PY
"$ROBIN" accuracy --profileme --pm-interval 0 >/dev/null 2>"$tmp/e1" && { echo "FAIL: interval 0 accepted"; fail=1; }
grep -q "pm-interval needs a positive count" "$tmp/e1" || { echo "FAIL: message $(cat "$tmp/e1")"; fail=1; }
ROBIN_ROOT="$ROBIN_ROOT" "$ROBIN" accuracy --profileme nosuch >/dev/null 2>"$tmp/e2" && { echo "FAIL: unknown workload accepted"; fail=1; }
grep -q "unknown workload 'nosuch'" "$tmp/e2" || { echo "FAIL: message $(cat "$tmp/e2")"; fail=1; }
exit $fail
