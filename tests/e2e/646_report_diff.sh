#!/usr/bin/env bash
# 646: `robin diff` on a database written with `robin ingest` (tests/e2e/lib/report.sh): tip
# against the oracle of one run per procedure and per instruction, shares and differences,
# and the profile error of 004_b28092482852db08.txt Paper A §4 at instruction (40%),
# basic-block (30%, blocks from robin's riscv64 CFG) and function (10.83%) granularity, all
# computed by hand; epochs as sides; one-line errors on bad selectors.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/report.sh"
rp_need
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
db=$T/p.db
rp_fixture_db "$db" || { echo "FAIL: building the fixture database"; exit 1; }
fail=0

"$ROBIN" diff --db "$db" run:4/event:tip run:4/event:oracle --reference B > "$T/text" ||
	{ echo "FAIL: diff"; exit 1; }
cat "$T/text"
grep -q "^A: run:4/event:tip, 10 samples$" "$T/text" || { echo "FAIL: side A"; fail=1; }
grep -q "^B: run:4/event:oracle, 12 samples$" "$T/text" || { echo "FAIL: side B"; fail=1; }
grep -Eq "^instruction +12.00 +7.20 +40.00% +5$" "$T/text" || { echo "FAIL: instruction error"; fail=1; }
grep -Eq "^basic-block +12.00 +8.40 +30.00% +4$" "$T/text" || { echo "FAIL: basic-block error"; fail=1; }
grep -Eq "^function +12.00 +10.70 +10.83% +3$" "$T/text" || { echo "FAIL: function error"; fail=1; }

"$ROBIN" diff --db "$db" run:4/event:tip run:4/event:oracle --csv > "$T/csv" || { echo "FAIL: --csv"; exit 1; }
cat "$T/csv"
f() { rp_csv_field "$T/csv" procedure "$1" "$2"; }
rp_check "alpha A share" "$(f fixture_alpha share_a)" 0.6
rp_check "alpha B share" "$(f fixture_alpha share_b)" "$(awk 'BEGIN { printf "%.12g", 8.5 / 12 }')"
rp_check "alpha delta" "$(f fixture_alpha delta)" "$(awk 'BEGIN { printf "%.12g", 8.5 / 12 - 0.6 }')"
rp_check "gamma delta" "$(f fixture_gamma delta)" -0.1
rp_check "beta B samples" "$(f fixture_beta b)" 3.5
sed -n 2p "$T/csv" | grep -q fixture_alpha || { echo "FAIL: alpha is not first"; fail=1; }
sed -n 3p "$T/csv" | grep -q fixture_gamma || { echo "FAIL: gamma is not second"; fail=1; }

# per instruction, the shared --run option, the oracle as reference A; JSON
rp_offsets
"$ROBIN" diff --db "$db" --run 4 event:oracle event:tip --insns --reference A --json > "$T/json" ||
	{ echo "FAIL: --insns --json"; exit 1; }
cat "$T/json"
grep -q "\"offset\": $((A0))," "$T/json" || { echo "FAIL: no row for $A0"; fail=1; }
tr -d ' \n' < "$T/json" > "$T/flat"
j() {  # granularity field: the number in the flattened JSON
	grep -o "\"$1\":{\"c_total\":[^}]*}" "$T/flat" | grep -o "\"$2\":[-0-9.e]*" | cut -d: -f2
}
rp_check "JSON instruction c_total" "$(j instruction c_total)" 12
rp_check "JSON instruction c_correct" "$(j instruction c_correct)" 7.2
rp_check "JSON instruction error" "$(j instruction error)" 0.4
rp_check "JSON basic-block error" "$(j basic-block error)" 0.3
rp_check "JSON function error" "$(j function error)" "$(awk 'BEGIN { printf "%.12g", 1 - 0.6 - 3.5 / 12 }')"
grep -q '"reference":"A"' "$T/flat" || { echo "FAIL: JSON reference"; fail=1; }
# the first row is alpha's first instruction (-40%), disassembled, with its source line
awk '/"rows"/ { on = 1 } on && /"offset"/ { print; exit }' "$T/json" | grep -q "$((A0))" ||
	{ echo "FAIL: first instruction row"; fail=1; }
grep -q '"source": "report_fixture.c:[0-9]*"' "$T/json" || { echo "FAIL: source lines"; fail=1; }
grep -q '"instruction": "mv a2,a0"' "$T/json" || { echo "FAIL: disassembly"; fail=1; }

# epochs as sides, one event
"$ROBIN" diff --db "$db" --event cycles epoch:1 epoch:2 --csv > "$T/csv" || { echo "FAIL: epochs"; exit 1; }
rp_check "epochs: alpha A share" "$(f fixture_alpha share_a)" "$(awk 'BEGIN { printf "%.12g", 60 / 185 }')"
rp_check "epochs: alpha B share" "$(f fixture_alpha share_b)" "$(awk 'BEGIN { printf "%.12g", 100 / 150 }')"

check_err() {  # expected-text command...
	local want=$1; shift
	if "$@" > "$T/out" 2> "$T/err"; then echo "FAIL: '$*' succeeded"; fail=1; return; fi
	[ "$(wc -l < "$T/err")" -eq 1 ] && grep -q -- "$want" "$T/err" ||
		{ echo "FAIL: '$*' said: $(cat "$T/err")"; fail=1; }
}
check_err "A (run:4) has several events (oracle, tip)" "$ROBIN" diff --db "$db" run:4 run:4/event:tip
check_err "unknown key 'cpu'" "$ROBIN" diff --db "$db" cpu:1 run:4/event:tip
check_err "B (run:9/event:tip): .*no profile matches run 9" "$ROBIN" diff --db "$db" run:4/event:tip run:9/event:tip
check_err "need two selectors" "$ROBIN" diff --db "$db" run:4
check_err "--reference: 'C' is not A or B" "$ROBIN" diff --db "$db" 1 2 --reference C
exit $fail
