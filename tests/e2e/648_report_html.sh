#!/usr/bin/env bash
# 648: `robin report --html` on a database written with `robin ingest`
# (tests/e2e/lib/report.sh): the page is self-contained (no external URL), holds the run
# metadata, the procedures with their shares, the hot instructions with disassembly and source
# line, and cycle stacks from the commit-state details; headless rendering is unit test 644.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/report.sh"
rp_need
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
db=$T/p.db
rp_fixture_db "$db" || { echo "FAIL: building the fixture database"; exit 1; }
fail=0
"$ROBIN" report --db "$db" --run 4 --html "$T/r.html" --title "fixture <run 4>" 2> "$T/err" ||
	{ cat "$T/err"; echo "FAIL: report"; exit 1; }
cat "$T/err"
h=$T/r.html
need() { grep -q -- "$1" "$h" || { echo "FAIL: page lacks $2"; fail=1; }; }
need "<title>fixture &lt;run 4&gt;</title>" "the escaped title"
need "report_fixture 1000 (oracle, tip)" "the run's command"
need ">fixture_alpha</td>" "the procedure table"
need "70.83%" "alpha's oracle share"
need "mv a2,a0" "the disassembly of alpha's first instruction"
need "report_fixture.c:[0-9]" "source lines"
need "fixture_helper .* fixture_beta" "the inline chain"
need "Cycle stacks" "the cycle-stack section"
need ">mispredict<\|misc flush" "the Paper A categories"
grep -Eq "(src|href)=\"(https?:)?//" "$h" && { echo "FAIL: external resource"; fail=1; }
grep -q "<link" "$h" && { echo "FAIL: <link> element"; fail=1; }
[ "$(grep -c "<svg" "$h")" -ge 4 ] || { echo "FAIL: charts missing"; fail=1; }

# all runs (no details for cycles): no cycle-stack section... but oracle details still exist
"$ROBIN" report --db "$db" --event cycles --html - > "$T/c.html" || { echo "FAIL: report to stdout"; fail=1; }
grep -q "Cycle stacks" "$T/c.html" && { echo "FAIL: cycle stacks without details"; fail=1; }
grep -q "\[unknown\]" "$T/c.html" || { echo "FAIL: [unknown] row"; fail=1; }
"$ROBIN" report --db "$db" --html "$T/j.html" --json > "$T/json" || { echo "FAIL: --json"; fail=1; }
grep -q '"runs": 4' "$T/json" || { cat "$T/json"; echo "FAIL: JSON summary"; fail=1; }

if "$ROBIN" report --db "$db" 2> "$T/err"; then echo "FAIL: no --html"; fail=1; fi
grep -q "give the page to write with --html FILE" "$T/err" || { cat "$T/err"; fail=1; }
if "$ROBIN" report --db "$db" --html "$T/x.html" --sort-event nope 2> "$T/err"; then echo "FAIL: bad sort event"; fail=1; fi
grep -q "no event 'nope'" "$T/err" || { cat "$T/err"; fail=1; }
exit $fail
