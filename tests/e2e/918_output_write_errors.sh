#!/usr/bin/env bash
# 918: a write that fails is an error. Every output file robin writes (--stats-json,
# --pipeview, --trace-file, export's files) and stdout for the tools' listings are checked at
# their end (flush, error flag, close): on /dev/full each command says "robin CMD: FILE:
# reason" on one line and exits non-zero. They exited 0 silently before (export even said
# "wrote"), and `robin run --stats-json` into a missing directory printed an error and
# exited 0 where `robin sim` exited 1.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest auxv threads_share
H=$G/auxv.static   # exits 0: a non-zero status is robin's
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail=0

# expect FILE COMMAND...: COMMAND exits non-zero with one stderr line naming FILE and why.
expect() {
	local file=$1; shift
	timeout 300 "$@" > /dev/null 2> "$T/err"; local rc=$?
	local lines
	lines=$(grep -cF "robin $2: $file: " "$T/err")
	if [ $rc -eq 0 ] || [ "$lines" != 1 ]; then
		echo "FAIL: $* exited $rc; stderr:"; cat "$T/err"; fail=1
	fi
}

# expect_stdout COMMAND...: COMMAND with stdout on /dev/full says so and exits non-zero.
expect_stdout() {
	timeout 300 "$@" > /dev/full 2> "$T/err"; local rc=$?
	if [ $rc -eq 0 ] || [ "$(grep -cF "robin $2: stdout: " "$T/err")" != 1 ]; then
		echo "FAIL: $* > /dev/full exited $rc; stderr:"; cat "$T/err"; fail=1
	fi
}

expect /dev/full "$ROBIN" run --stats-json /dev/full "$H"
expect /nonexistent/x.json "$ROBIN" run --stats-json /nonexistent/x.json "$H"
expect /dev/full "$ROBIN" run --trace 1000 --trace-file /dev/full "$H"
expect /dev/full "$ROBIN" sim --stats-json /dev/full "$H"
expect /dev/full "$ROBIN" sim --pipeview /dev/full "$H"
expect /dev/full "$ROBIN" sim --trace 1000 --trace-file /dev/full "$H"
expect /dev/full "$ROBIN" sim --cores 2 --stats-json /dev/full "$G/threads_share.static" padded 2

# the tools: a profile to list and export
"$ROBIN" sim --quiet --profile tip --period 97 --db "$T/p.db" "$H" > /dev/null 2> "$T/err" ||
	{ cat "$T/err"; echo "FAIL: sim --db"; exit 1; }
expect_stdout "$ROBIN" prof --db "$T/p.db"
for f in speedscope folded; do
	expect /dev/full "$ROBIN" export --db "$T/p.db" --event tip --$f /dev/full
	grep -q "wrote" "$T/err" && { echo "FAIL: export says it wrote /dev/full"; fail=1; }
done
# and the good case still exits 0
"$ROBIN" prof --db "$T/p.db" > "$T/list" 2> "$T/err" && [ -s "$T/list" ] ||
	{ cat "$T/err"; echo "FAIL: prof to a file"; fail=1; }
[ $fail -eq 0 ] && echo "ok: every failed write is reported"
exit $fail
