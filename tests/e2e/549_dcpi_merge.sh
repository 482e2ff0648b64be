#!/usr/bin/env bash
# 549: `robin calc --runs LIST|all` analyses several runs of one binary as one, as DCPI's
# profile database sums an image's samples over its runs (issue 32). bsearch (1 M
# instructions) simulated twice on inorder-dual with --profile dcpi, period 97, sample seeds
# 1 and 2 (the randomised periods differ, the program does not):
#  - merged (--runs 1,2 and --runs all) the image has the sum of both runs' samples and one
#    row with runs_merged 2; --runs 2 is run 2 alone; the merged listing of a function runs;
#  - a third run of another binary copied to the same path (another build-id) is refused by
#    --runs all with one line naming the run, non-zero exit; --runs 1,2 still merges;
#  - --runs naming a run without samples, --runs with --run, and a malformed list are
#    refused with one line.
set -u
cd "$ROBIN_ROOT"
command -v python3 >/dev/null || { echo "python3 not installed"; exit 77; }
G=build/guest/workloads
for w in bsearch colwalk; do
	[ -x "$G/$w.static" ] || { echo "$G/$w.static not built (make guest)"; exit 77; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-e2e-549.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
die() { echo "FAIL: $*"; fail=1; }
cp $G/bsearch.static "$tmp/prog"
sim() {
	local rc=0
	env -i "$ROBIN" sim --quiet --no-progress --preset inorder-dual --top 0 --profile dcpi \
		--period 97 --max-insns 1000000 --sample-seed "$1" --db "$tmp/p.db" -- "$tmp/prog" 1 \
		>/dev/null 2>"$tmp/err" || rc=$?
	[ $rc = 0 ] || [ $rc = 124 ] || die "robin sim (seed $1) exited $rc: $(tail -n1 "$tmp/err")"
}
sim 1
sim 2
[ $fail = 0 ] || exit 1
ev() { "$ROBIN" calc --evaluate --json --db "$tmp/p.db" "$@" 2>"$tmp/err"; }
ev --run 1 >"$tmp/r1.json" || die "calc --evaluate --run 1: $(tail -n1 "$tmp/err")"
ev --run 2 >"$tmp/r2.json" || die "calc --evaluate --run 2: $(tail -n1 "$tmp/err")"
ev --runs 1,2 >"$tmp/m.json" || die "calc --evaluate --runs 1,2: $(tail -n1 "$tmp/err")"
ev --runs all >"$tmp/a.json" || die "calc --evaluate --runs all: $(tail -n1 "$tmp/err")"
ev --runs 2 >"$tmp/o2.json" || die "calc --evaluate --runs 2: $(tail -n1 "$tmp/err")"
[ $fail = 0 ] || exit 1
python3 - "$tmp" <<'PY' || fail=1
import json, sys
d = sys.argv[1]
r1, r2, m, a, o2 = (json.load(open("%s/%s.json" % (d, n))) for n in ("r1", "r2", "m", "a", "o2"))
s1, s2 = r1["runs"][0]["samples"], r2["runs"][0]["samples"]
ok = s1 > 1000 and s2 > 1000 and s1 != s2
if o2["runs"][0]["samples"] != s2 or o2["runs"][0]["runs_merged"] != 1:
    print("FAIL: --runs 2: %s, want run 2 alone (%d samples)" % (o2["runs"], s2))
    ok = False
for name, x in (("--runs 1,2", m), ("--runs all", a)):
    row = x["runs"]
    if len(row) != 1 or row[0]["runs_merged"] != 2 or row[0]["samples"] != s1 + s2:
        print("FAIL: %s: %s, want one row of 2 runs and %d samples" % (name, row, s1 + s2))
        ok = False
print("samples: run 1 %d, run 2 %d, merged %d; within 5%%: %.1f%%, %.1f%%, merged %.1f%%"
      % (s1, s2, m["runs"][0]["samples"], 100 * r1["within_5pct"], 100 * r2["within_5pct"],
         100 * m["within_5pct"]))
sys.exit(0 if ok else 1)
PY
"$ROBIN" calc --db "$tmp/p.db" --runs all main >"$tmp/list.txt" 2>"$tmp/err" ||
	die "calc --runs all main: $(tail -n1 "$tmp/err")"
grep -q "Best-case" "$tmp/list.txt" || die "calc --runs all main printed no listing"
# another binary at the same path
cp $G/colwalk.static "$tmp/prog"
sim 3
rc=0
ev --runs all >/dev/null || rc=$?
[ $rc != 0 ] || die "--runs all merged another binary"
[ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "run [0-9]*: .*another binary" "$tmp/err" ||
	die "another binary: want one line naming the run, got: $(cat "$tmp/err")"
cp $G/bsearch.static "$tmp/prog"
ev --runs 1,2 >/dev/null || die "--runs 1,2 with a third binary present: $(tail -n1 "$tmp/err")"
for bad in "--runs 1,7" "--run 1 --runs 2" "--runs x"; do
	rc=0
	# shellcheck disable=SC2086
	ev $bad >/dev/null || rc=$?
	[ $rc != 0 ] && [ "$(wc -l <"$tmp/err")" = 1 ] ||
		die "calc $bad: want a one-line error, got exit $rc: $(cat "$tmp/err")"
done
exit $fail
