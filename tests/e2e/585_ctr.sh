#!/usr/bin/env bash
# 585: control transfer records, `robin sim --profile ctr` (docs/ctr.md). On a branchy suite
# program (bsearch: coin-flip branches) and a dynamically linked one (qsort.dyn: glibc qsort
# and bsearch through the PLT with comparator callbacks), sampled at random every 2000 cycles
# (qsort.dyn: 1000) over 2-3 M instructions, the edge counts estimated from the snapshots are
# within 10% of the exact counts for at least 80% of the executed edges' executions (and
# blocks likewise); a snapshot every 300 transfers does as well. (qsort.dyn's 1126 edges
# from about 1200 snapshots at 2000 cycles sit near the bar: 86.3% when docs/ctr.md was
# measured, 74.1% on 2026-11-30 with robin of that date and of 51ea994 alike, the guest built
# on a new machine against riscv64 glibc 2.36-8cross1: the program's code moved, not robin;
# at 1000 cycles 94.5%.) --ctr-depth changes what a snapshot holds (16 vs
# 64 records), --ctr-filter any,-ret drops the returns, and bad options fail with one line.
set -u
cd "$ROBIN_ROOT"
command -v python3 >/dev/null || { echo "python3 not installed"; exit 77; }
W=build/guest/workloads
for f in bsearch.static qsort.dyn; do
	[ -x "$W/$f" ] || { echo "$W/$f not built (make guest)"; exit 77; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-e2e-585.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
die() { echo "FAIL: $*"; fail=1; }

# sim NAME INSNS OPTIONS... -- PROGRAM: the run's --stats-json in $tmp/NAME.json (the run
# stops at --max-insns: exit 124 is expected)
sim() {
	local name=$1 n=$2; shift 2
	"$ROBIN" sim --no-progress --profile ctr --top 0 --max-insns "$n" \
		--stats-json "$tmp/$name.json" "$@" >/dev/null 2>"$tmp/$name.err"
	local rc=$?
	{ [ $rc -eq 0 ] || [ $rc -eq 124 ]; } && [ -s "$tmp/$name.json" ] ||
		{ die "$name: sim failed (exit $rc)"; cat "$tmp/$name.err"; }
}

sim bsearch 2000000 --period 2000 --random -- $W/bsearch.static
sim qsortdyn 3000000 --period 1000 --random -- $W/qsort.dyn
sim qsortdyn_tr 3000000 --ctr-period 300 -- $W/qsort.dyn
sim d16 500000 --period 2000 --ctr-depth 16 -- $W/bsearch.static
sim d64 500000 --period 2000 --ctr-depth 64 -- $W/bsearch.static
sim any 500000 --period 2000 -- $W/qsort.dyn
sim noret 500000 --period 2000 --ctr-filter any,-ret -- $W/qsort.dyn
grep -q "^CTR (depth 32, filter any" "$tmp/bsearch.err" || die "no CTR summary on stderr"

python3 - "$tmp" <<'PY' || fail=1
import json, sys
t = sys.argv[1]
def ctr(name):
    return json.load(open("%s/%s.json" % (t, name)))["ctr"]
ok = True
def bad(m):
    global ok
    print("FAIL:", m); ok = False
for name in ("bsearch", "qsortdyn", "qsortdyn_tr"):
    c = ctr(name)
    print("%-11s %s every %d: %d samples, depth %d, filter %s: edges within 10%% %.3f (%d edges), "
          "blocks %.3f, block CPI error %.3f (Oracle %.3f)" % (name, c["trigger"], c["period"],
          c["samples"], c["depth"], c["filter"], c["edge_within_10pct"], c["edges"],
          c["block_within_10pct"], c["block_cpi_error"], c["block_cpi_error_oracle"]))
    if c["samples"] < 500: bad("%s: only %d samples" % (name, c["samples"]))
    if c["edge_within_10pct"] < 0.8: bad("%s: edge_within_10pct %.3f < 0.8" % (name, c["edge_within_10pct"]))
    if c["block_within_10pct"] < 0.8: bad("%s: block_within_10pct %.3f < 0.8" % (name, c["block_within_10pct"]))
    if not 0 <= c["block_cpi_error"] < 1: bad("%s: block_cpi_error %.3f" % (name, c["block_cpi_error"]))
d16, d64 = ctr("d16"), ctr("d64")
r16 = d16["snapshot_records"] / d16["samples"]; r64 = d64["snapshot_records"] / d64["samples"]
print("depth 16: %.1f records a snapshot, coverage %.3f; depth 64: %.1f, coverage %.3f" % (
    r16, d16["edge_coverage"], r64, d64["edge_coverage"]))
if d16["depth"] != 16 or d64["depth"] != 64: bad("depth not reported")
if not (15 <= r16 <= 16 and 60 <= r64 <= 64): bad("records a snapshot %.1f / %.1f" % (r16, r64))
if d64["edge_coverage"] < d16["edge_coverage"]: bad("depth 64 covers less than depth 16")
a, n = ctr("any"), ctr("noret")
print("filter any: %d returns of %d records; filter %s: %s returns of %d" % (
    a["snapshot_records_by_type"].get("ret", 0), a["snapshot_records"], n["filter"],
    n["snapshot_records_by_type"].get("ret", "no"), n["snapshot_records"]))
if a["snapshot_records_by_type"].get("ret", 0) < 100: bad("default filter records few returns")
if n["filter"] != "any,-ret": bad("filter reported as %r" % n["filter"])
if n["snapshot_records_by_type"].get("ret", 0) != 0: bad("returns recorded with any,-ret")
if n["transfers_recorded"] >= a["transfers_recorded"]: bad("any,-ret records as many transfers")
sys.exit(0 if ok else 1)
PY

# bad options: one line on stderr, exit 2
for o in "--ctr-depth 20" "--ctr-depth 512" "--ctr-filter bogus" "--ctr-filter -any" \
	"--ctr-period 0" "--ctr-depth"; do
	# shellcheck disable=SC2086
	"$ROBIN" sim --no-progress --profile ctr $o -- $W/bsearch.static >/dev/null 2>"$tmp/bad.err"
	rc=$?
	[ $rc -eq 2 ] || die "'$o' exited $rc, not 2"
	[ "$(wc -l <"$tmp/bad.err")" -eq 1 ] || { die "'$o' printed not one line"; cat "$tmp/bad.err"; }
done
exit $fail
