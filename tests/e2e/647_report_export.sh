#!/usr/bin/env bash
# 647: `robin export` on a database written with `robin ingest` (tests/e2e/lib/report.sh):
# folded stacks with exact lines (inline chain of fixture_beta from DWARF, --insns leaf
# addresses), a gzip-compressed pprof profile whose header, string table and sizes are checked
# (decoded field by field by unit test 642; by `go tool pprof` too when Go is installed).
set -u
. "$ROBIN_ROOT/tests/e2e/lib/report.sh"
rp_need
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
db=$T/p.db
rp_fixture_db "$db" || { echo "FAIL: building the fixture database"; exit 1; }
rp_offsets
fail=0

"$ROBIN" export --db "$db" --run 4 --event tip --folded "$T/tip.folded" || { echo "FAIL: folded"; exit 1; }
cat "$T/tip.folded"
printf '%s\n' "report_fixture.static;fixture_alpha 6" \
	"report_fixture.static;fixture_beta;fixture_helper 3" \
	"report_fixture.static;fixture_gamma 1" > "$T/want"
diff -u "$T/want" "$T/tip.folded" || { echo "FAIL: folded lines"; fail=1; }

"$ROBIN" export --db "$db" --run 4 --event oracle --folded - --insns > "$T/oracle.folded" ||
	{ echo "FAIL: folded --insns"; exit 1; }
cat "$T/oracle.folded"
printf '%s\n' "report_fixture.static;fixture_alpha;$(printf 0x%x $((A0))) 6" \
	"report_fixture.static;fixture_alpha;$(printf 0x%x $((A1))) 2.5" \
	"report_fixture.static;fixture_beta;fixture_helper;$(printf 0x%x $((B0))) 3.5" > "$T/want"
diff -u "$T/want" "$T/oracle.folded" || { echo "FAIL: folded --insns lines"; fail=1; }

"$ROBIN" export --db "$db" --event cycles --folded - > "$T/cycles.folded" || { echo "FAIL: all runs"; exit 1; }
grep -qx "report_fixture.static;fixture_alpha 160" "$T/cycles.folded" || { echo "FAIL: summed over epochs"; fail=1; }
grep -qx "\[unknown\];\[unknown\] 5" "$T/cycles.folded" || { echo "FAIL: unknown stack"; fail=1; }

"$ROBIN" export --db "$db" --run 4 --pprof "$T/p.pb.gz" --json > "$T/json" || { echo "FAIL: pprof"; exit 1; }
cat "$T/json"
grep -q '"samples": 5' "$T/json" && grep -q '"locations": 5' "$T/json" ||
	{ echo "FAIL: pprof summary"; fail=1; }
gzip -t "$T/p.pb.gz" || { echo "FAIL: not gzip"; fail=1; }
gzip -dc "$T/p.pb.gz" > "$T/p.pb"
# field 6 (string table) holds "" first: its first entry is the bytes 0x32 0x00
od -An -tx1 -v "$T/p.pb" | tr -d ' \n' | grep -q "3200" || { echo "FAIL: no empty string"; fail=1; }
for s in oracle tip count fixture_alpha fixture_helper report_fixture.c "$RP_ELF"; do
	grep -qa -- "$s" "$T/p.pb" || { echo "FAIL: string '$s' missing"; fail=1; }
done
if command -v go >/dev/null; then
	go tool pprof -raw "$T/p.pb.gz" > "$T/raw" 2>&1 || { cat "$T/raw"; echo "FAIL: go tool pprof"; fail=1; }
	grep -q fixture_alpha "$T/raw" || { echo "FAIL: pprof -raw output"; fail=1; }
else
	echo "go is not installed: pprof decoding is covered by unit test 642 (protobuf-c)"
fi

if "$ROBIN" export --db "$db" --folded - > /dev/null 2> "$T/err"; then echo "FAIL: folded of 3 events"; fail=1; fi
grep -q "needs one event; the selection has 3 (cycles, oracle, tip)" "$T/err" || { cat "$T/err"; fail=1; }
if "$ROBIN" export --db "$db" --pprof /nonexistent-dir/p.pb.gz 2> "$T/err"; then echo "FAIL: bad path"; fail=1; fi
grep -q "/nonexistent-dir/p.pb.gz: cannot create" "$T/err" || { cat "$T/err"; fail=1; }
if "$ROBIN" export --db "$db" 2> "$T/err"; then echo "FAIL: nothing to write"; fail=1; fi
exit $fail
