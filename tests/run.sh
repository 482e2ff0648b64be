#!/usr/bin/env bash
# Runs every test: the cmocka unit binaries in $BUILD/tests/ and the end-to-end shell tests in
# tests/e2e/*.sh (each gets $ROBIN, exits 0 on pass, 77 on skip). Prints one closing line
# "N passed, N failed, N skipped" and exits non-zero if anything failed.
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
export ROBIN=${ROBIN:-$BUILD/robin}
export ROBIN_ROOT=$PWD
pass=0 fail=0 skip=0 failed=()

run_one() {  # name, command...
	local name=$1; shift
	local log; log=$(mktemp)
	local t0=$SECONDS
	"$@" >"$log" 2>&1
	local rc=$?
	if [ $rc -eq 0 ]; then
		pass=$((pass + 1)); echo "PASS $name ($((SECONDS - t0))s)"
	elif [ $rc -eq 77 ]; then
		skip=$((skip + 1)); echo "SKIP $name: $(tail -n 1 "$log")"
	else
		fail=$((fail + 1)); failed+=("$name"); echo "FAIL $name (exit $rc)"; tail -n 40 "$log" | sed 's/^/    /'
	fi
	rm -f "$log"
}

for t in "$BUILD"/tests/test_*; do
	[ -x "$t" ] || continue
	run_one "unit/$(basename "$t")" "$t"
done
for t in tests/e2e/*.sh; do
	[ -f "$t" ] || continue
	run_one "e2e/$(basename "$t" .sh)" bash "$t"
done

echo
[ ${#failed[@]} -gt 0 ] && echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
