#!/usr/bin/env bash
# 645: `robin stats` (dcpistats) on a database written with `robin ingest` with known counts
# (tests/e2e/lib/report.sh): per-run totals, sum, mean, sample std-dev, min, max, range% =
# (max - min) / sum and range/mean against hand-computed values in text, CSV and JSON; runs
# chosen with --runs, epochs with --epochs, rows by image; one-line errors on bad input.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/report.sh"
rp_need
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
db=$T/p.db
rp_fixture_db "$db" || { echo "FAIL: building the fixture database"; exit 1; }
fail=0

"$ROBIN" stats --db "$db" --event cycles > "$T/text" || { echo "FAIL: stats"; exit 1; }
cat "$T/text"
grep -q "^set 1 (run 1) = 60  set 2 (run 2) = 60  set 3 (run 3) = 65$" "$T/text" ||
	{ echo "FAIL: per-run totals"; fail=1; }
grep -q "^TOTAL: 185$" "$T/text" || { echo "FAIL: TOTAL"; fail=1; }
# the [unknown] row {0,0,5} varies most, then alpha and gamma (33.3%), then beta (0%)
awk 'NR > 7 { print $NF == "[unknown]" ? "[unknown]" : $(NF - 1) }' "$T/text" | tr '\n' ' ' > "$T/order"
[ "$(cat "$T/order")" = "[unknown] fixture_alpha fixture_gamma fixture_beta " ] ||
	{ echo "FAIL: order '$(cat "$T/order")'"; fail=1; }

"$ROBIN" stats --db "$db" --event cycles --csv > "$T/csv" || { echo "FAIL: stats --csv"; exit 1; }
cat "$T/csv"
f() { rp_csv_field "$T/csv" procedure "$1" "$2"; }
rp_check "alpha sum" "$(f fixture_alpha sum)" 60
rp_check "alpha mean" "$(f fixture_alpha mean)" 20
rp_check "alpha stddev" "$(f fixture_alpha stddev)" 10
rp_check "alpha min" "$(f fixture_alpha min)" 10
rp_check "alpha max" "$(f fixture_alpha max)" 30
rp_check "alpha range%" "$(f fixture_alpha range_of_sum)" 0.333333333333
rp_check "alpha range/mean" "$(f fixture_alpha range_of_mean)" 1
rp_check "alpha share" "$(f fixture_alpha share)" "$(awk 'BEGIN { printf "%.12g", 60 / 185 }')"
rp_check "alpha run 3" "$(f fixture_alpha run_3)" 30
rp_check "unknown stddev" "$(f '[unknown]' stddev)" "$(awk 'BEGIN { printf "%.12g", sqrt(25 / 3) }')"
rp_check "unknown range/mean" "$(f '[unknown]' range_of_mean)" 3
rp_check "beta stddev" "$(f fixture_beta stddev)" 0

"$ROBIN" stats --db "$db" --event cycles --runs 1,3 --csv > "$T/csv" || { echo "FAIL: --runs"; exit 1; }
rp_check "runs 1,3: alpha stddev" "$(f fixture_alpha stddev)" "$(awk 'BEGIN { printf "%.12g", sqrt(200) }')"
rp_check "runs 1,3: beta n" "$(f fixture_beta n)" 2

"$ROBIN" stats --db "$db" --event cycles --epochs --csv > "$T/csv" || { echo "FAIL: --epochs"; exit 1; }
cat "$T/csv"
rp_check "epochs: alpha sum" "$(f fixture_alpha sum)" 160
rp_check "epochs: alpha range%" "$(f fixture_alpha range_of_sum)" 0.25
rp_check "epochs: gamma range%" "$(f fixture_gamma range_of_sum)" "$(awk 'BEGIN { printf "%.12g", 10 / 110 }')"
rp_check "epochs: beta range%" "$(f fixture_beta range_of_sum)" 1
head -n 2 "$T/csv" | tail -n 1 | grep -q ",fixture_beta," || { echo "FAIL: beta not first by epochs"; fail=1; }

"$ROBIN" stats --db "$db" --event cycles --epochs --by image --json > "$T/json" || { echo "FAIL: --json"; exit 1; }
cat "$T/json"
grep -q '"total": 335' "$T/json" || { echo "FAIL: JSON total"; fail=1; }
grep -q '"sets_are": "epochs"' "$T/json" || { echo "FAIL: JSON sets_are"; fail=1; }

# bad input: one line naming the problem, non-zero exit
check_err() {  # expected-text command...
	local want=$1; shift
	if "$@" > "$T/out" 2> "$T/err"; then echo "FAIL: '$*' succeeded"; fail=1; return; fi
	[ "$(wc -l < "$T/err")" -eq 1 ] && grep -q -- "$want" "$T/err" ||
		{ echo "FAIL: '$*' said: $(cat "$T/err")"; fail=1; }
}
check_err "several events (cycles, oracle, tip)" "$ROBIN" stats --db "$db"
check_err "no profile matches run 4, event cycles" "$ROBIN" stats --db "$db" --event cycles --runs 1,4
check_err "--runs: 'x' is not a list" "$ROBIN" stats --db "$db" --runs x
check_err "none.db: no such profile database" "$ROBIN" stats --db "$T/none.db" --event cycles
check_err "robin stats: unknown option '--bogus'" "$ROBIN" stats --db "$db" --bogus
check_err "robin stats: --top needs a value" "$ROBIN" stats --db "$db" --top
check_err "robin stats: --json and --csv exclude each other" "$ROBIN" stats --db "$db" --json --csv
check_err "no run has a profile of event nope" "$ROBIN" stats --db "$db" --event nope
"$ROBIN" stats --help | grep -q "range%" || { echo "FAIL: --help"; fail=1; }
exit $fail
