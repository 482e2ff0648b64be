#!/usr/bin/env bash
# 537: ProfileMe counting fetch opportunities (000_424085ad3398c1f4.txt §4.1.1,
# `robin sim --profileme --pm-fetch-slots`): the counter counts fetch_width slots a cycle,
# tagged slots that hold no instruction are counted as empty samples, and their kS estimate
# of the empty fetch slots is checked against the simulator's exact count, which must equal
# fetch_width x cycles - instructions fetched from the core's own statistics. Margins: the
# estimate within 4 standard deviations (S·√k) of the exact count and within 3% of it
# (measured -0.29%, -0.12%, -0.23%, +0.71% over 15,903-1,067,162 empty samples, z between
# -1.29 and +1.00, on the four runs below); records = non-empty tags; the retire-count envelope fraction stays near two thirds
# (0.45-0.90) and paired sampling still gives a wasted-slot correlation.
set -u
cd "$ROBIN_ROOT"
command -v python3 >/dev/null || { echo "python3 not installed"; exit 77; }
G=build/guest/workloads
for w in nqueens copy bsearch; do
	[ -x "$G/$w.static" ] || { echo "$G/$w.static not built (make guest)"; exit 77; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-e2e-537.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
die() { echo "FAIL: $*"; fail=1; }

i=0
for run in "nqueens|" "copy|--preset inorder-dual" "bsearch|--pm-paired" \
	"nqueens|--preset inorder-dual --pm-paired"; do
	w=${run%%|*}
	opts=${run#*|}
	i=$((i + 1))
	# shellcheck disable=SC2086
	env -i "$ROBIN" sim --no-progress --profileme --pm-fetch-slots --pm-interval 200 $opts \
		--stats-json "$tmp/$i.json" -- $G/$w.static 1 >/dev/null 2>"$tmp/$i.err" ||
		{ die "robin sim $w $opts failed"; cat "$tmp/$i.err"; continue; }
	grep -q "fetch slots ([0-9]* a cycle): .* empty slots estimated" "$tmp/$i.err" ||
		die "$w $opts: no fetch-slot line in the summary"
	python3 - "$tmp/$i.json" "$w $opts" <<'PY' || fail=1
import json, math, sys
d = json.load(open(sys.argv[1]))
name = sys.argv[2]
p = d["profileme"]
f = p["fetch_slots"]
ok = True
def bad(msg):
    global ok
    print("FAIL: %s: %s" % (name, msg)); ok = False
k = f["empty_samples"]
if f["slots_exact"] != d["cycles"] * f["per_cycle"]:
    bad("slots %d != cycles %d x %d" % (f["slots_exact"], d["cycles"], f["per_cycle"]))
if f["empty_exact"] != f["slots_exact"] - d["pipeline"]["fetched"]:
    bad("exact empty slots %d != slots - fetched %d" % (f["empty_exact"],
        f["slots_exact"] - d["pipeline"]["fetched"]))
if k < 1000:
    bad("only %d empty samples" % k)
if p["samples"] + k + p["dropped"] != f["tagged"] * (2 if p["paired"] else 1) - \
        (k if p["paired"] else 0):
    bad("records %d + empty %d + dropped %d do not add up to %d tags" %
        (p["samples"], k, p["dropped"], f["tagged"]))
est, exact = f["empty_est"], f["empty_exact"]
sd = p["interval"] * math.sqrt(k)
z = (est - exact) / sd
err = est / exact - 1
print("%s: %d tags, %d empty samples; empty slots estimated %.0f, exact %d of %d "
      "(%+.2f%%, z %+.2f)" % (name, f["tagged"], k, est, exact, f["slots_exact"], 100 * err, z))
if abs(z) > 4 or abs(err) > 0.03:
    bad("estimate %.0f vs exact %d: z %.2f, error %.2f%%" % (est, exact, z, 100 * err))
if not f["empty_lo95"] <= est <= f["empty_hi95"]:
    bad("interval does not contain the estimate")
env = p["envelope_fraction"]["retire_count"]
if not 0.45 <= env <= 0.90:
    bad("retire-count envelope fraction %.2f" % env)
if p["paired"] and (p["wasted_slots_pearson"] is None or p["wasted_slots_pearson"] < 0.5):
    bad("paired: wasted-slot correlation %s" % p["wasted_slots_pearson"])
sys.exit(0 if ok else 1)
PY
done

# without --profileme the option is refused
env -i "$ROBIN" sim --no-progress --pm-fetch-slots -- $G/nqueens.static 1 >/dev/null 2>"$tmp/e.err"
rc=$?
[ $rc -ne 0 ] || die "--pm-fetch-slots without --profileme accepted"
[ "$(wc -l <"$tmp/e.err")" -eq 1 ] || die "not a one-line error: $(cat "$tmp/e.err")"
exit $fail
