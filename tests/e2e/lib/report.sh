# Helpers for the report tools' end-to-end tests (sourced, not run): a profile database with
# known counts on the functions of build/guest/tests/report_fixture.static, written with
# `robin ingest` (the same layout as tests/unit/report_fixture.h):
#   epoch 1: runs 1-3, cycles (period 1000): alpha/beta/gamma 10/20/30, 20/20/20, 30/20/10,
#            run 3 also 5 samples at an unmapped address;
#            run 4: oracle (period 1, divisor 12) and tip (period 4000) per instruction
#            A0 A2 (alpha's first block) A1 (alpha's next block) B0 (beta) G0 (gamma):
#            oracle 6 / 0 / 2.5 / 3.5 / 0, tip 1 / 1 / 4 / 3 / 1; oracle commit states
#            A0 stalled 5 + computing 1, A1 computing 2.5, B0 flushed 3.5.
#   epoch 2: no run, cycles: alpha 100, gamma 50.

rp_skip() { echo "$1"; exit 77; }

RP_ELF=$ROBIN_ROOT/build/guest/tests/report_fixture.static

rp_need() {
	[ -f "$RP_ELF" ] || rp_skip "$RP_ELF is missing (make guest)"
	command -v riscv64-linux-gnu-objdump >/dev/null || rp_skip "riscv64 binutils are not installed"
	"$ROBIN" ingest --help >/dev/null 2>&1 || rp_skip "this robin has no ingest command"
}

# rp_offsets: sets A0 A2 A1 B0 G0 (hex) from the fixture's disassembly
rp_offsets() {
	local d
	d=$(riscv64-linux-gnu-objdump -d "$RP_ELF")
	set -- $(echo "$d" | awk '/<fixture_alpha>:/ { on = 1; next } on && /^ +[0-9a-f]+:/ {
		sub(":", "", $1); print "0x" $1; if (++n == 3) exit }')
	A0=$1 A2=$2 A1=$3
	B0=0x$(echo "$d" | awk '/<fixture_beta>:/ { print $1; exit }')
	G0=0x$(echo "$d" | awk '/<fixture_gamma>:/ { print $1; exit }')
}

# rp_fixture_db DB
rp_fixture_db() {
	local db=$1 r a b g
	rp_offsets
	for r in "10 20 30" "20 20 20" "30 20 10"; do
		set -- $r
		{
			echo "event cycles period=1000"
			echo "$RP_ELF $A0 cycles $1"
			echo "$RP_ELF $B0 cycles $2"
			echo "$RP_ELF $G0 cycles $3"
			[ "$3" = 10 ] && echo "- 0xdead0 cycles 5"
		} | "$ROBIN" ingest --db "$db" --run-command "report_fixture 1000" --simulated - || return 1
	done
	cat <<-EOT | "$ROBIN" ingest --db "$db" --run-command "report_fixture 1000 (oracle, tip)" --simulated - || return 1
	event oracle period=1 divisor=12
	event tip period=4000
	$RP_ELF $A0 oracle 72
	$RP_ELF $A1 oracle 30
	$RP_ELF $B0 oracle 42
	detail $RP_ELF $A0 oracle commit_state stalled 60
	detail $RP_ELF $A0 oracle commit_state computing 12
	detail $RP_ELF $A1 oracle commit_state computing 30
	detail $RP_ELF $B0 oracle commit_state flushed 42
	$RP_ELF $A0 tip 1
	$RP_ELF $A2 tip 1
	$RP_ELF $A1 tip 4
	$RP_ELF $B0 tip 3
	$RP_ELF $G0 tip 1
	EOT
	"$ROBIN" db --db "$db" epoch new >/dev/null || return 1
	printf 'event cycles period=1000\n%s %s cycles 100\n%s %s cycles 50\n' \
		"$RP_ELF" "$A0" "$RP_ELF" "$G0" | "$ROBIN" ingest --db "$db" - || return 1
}

# rp_csv_field FILE KEYCOL KEY COL: the value of column COL (by header name) in the CSV row
# whose column KEYCOL equals KEY (fields without quotes).
rp_csv_field() {
	awk -F, -v kc="$2" -v k="$3" -v c="$4" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		$h[kc] == k { print $h[c]; exit }' "$1"
}

# rp_near A B [EPS]: |A - B| <= EPS (default 1e-9)
rp_near() {
	awk -v a="$1" -v b="$2" -v e="${3:-1e-9}" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= e) }'
}

# rp_check NAME ACTUAL EXPECTED: prints and records a failure when they differ numerically
rp_check() {
	if rp_near "$2" "$3" 1e-6; then echo "ok   $1 = $2"; else echo "FAIL $1 = '$2', want $3"; fail=1; fi
}
