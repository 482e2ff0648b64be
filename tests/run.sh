#!/usr/bin/env bash
# Runs every test: the cmocka unit binaries in $BUILD/tests/ and the end-to-end shell tests in
# tests/e2e/*.sh (each gets $ROBIN, exits 0 on pass, 77 on skip). Prints one closing line
# "N passed, N failed, N skipped" and exits non-zero if anything failed.
#
# The end-to-end tests run TEST_JOBS at a time (default: the number of CPUs), their reports
# printed in file order. A test that measures host time, samples the host or races on purpose
# says so with a line "# test: serial"; those run afterwards, one at a time, on a quiet machine.
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
export ROBIN=${ROBIN:-$BUILD/robin}
export ROBIN_ROOT=$PWD
JOBS=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || { echo "tests/run.sh: TEST_JOBS must be a positive integer" >&2; exit 2; }
pass=0 fail=0 skip=0 failed=()
res=$(mktemp -d)
trap 'rm -rf "$res"' EXIT

# run_one NAME RESULT_FILE COMMAND...: runs one test, writes its report line(s) and status
run_one() {
	local name=$1 out=$2; shift 2
	local log=$out.log t0=$SECONDS rc
	"$@" >"$log" 2>&1
	rc=$?
	if [ $rc -eq 0 ]; then
		echo "pass PASS $name ($((SECONDS - t0))s)"
	elif [ $rc -eq 77 ]; then
		echo "skip SKIP $name: $(tail -n 1 "$log")"
	else
		echo "fail FAIL $name (exit $rc)"; tail -n 40 "$log" | sed 's/^/    /'
	fi >"$out.part"
	rm -f "$log"
	mv "$out.part" "$out"
}

# report RESULT_FILE NAME: prints a finished test's report and counts it
report() {
	local status line
	read -r status line <"$1"
	echo "$line"
	tail -n +2 "$1"
	case $status in
	pass) pass=$((pass + 1)) ;;
	skip) skip=$((skip + 1)) ;;
	*) fail=$((fail + 1)); failed+=("$2") ;;
	esac
}

for t in "$BUILD"/tests/test_*; do
	[ -x "$t" ] || continue
	run_one "unit/$(basename "$t")" "$res/unit" "$t"
	report "$res/unit" "unit/$(basename "$t")"
done

par=() ser=()
for t in tests/e2e/*.sh; do
	[ -f "$t" ] || continue
	if grep -q '^# test: serial' "$t"; then ser+=("$t"); else par+=("$t"); fi
done
# the parallel pool: start up to JOBS, print reports in order as the head of the queue ends
i=0 next=0 running=0
while [ $next -lt ${#par[@]} ]; do
	while [ $i -lt ${#par[@]} ] && [ $running -lt "$JOBS" ]; do
		t=${par[$i]}
		run_one "e2e/$(basename "$t" .sh)" "$res/p$i" bash "$t" &
		i=$((i + 1)) running=$((running + 1))
	done
	wait -n 2>/dev/null
	running=$(jobs -rp | wc -l)
	while [ $next -lt $i ] && [ -f "$res/p$next" ]; do
		report "$res/p$next" "e2e/$(basename "${par[$next]}" .sh)"
		next=$((next + 1))
	done
done
wait
for t in "${ser[@]}"; do
	run_one "e2e/$(basename "$t" .sh)" "$res/s" bash "$t"
	report "$res/s" "e2e/$(basename "$t" .sh)"
done

echo
[ ${#failed[@]} -gt 0 ] && echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
