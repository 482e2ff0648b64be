#!/usr/bin/env bash
# 304: robin sim's command line: usage errors, configuration errors naming the key, the
# --stats-json keys, the O3PipeView window, no progress line off a terminal.
set -u
"$ROBIN" sim --help >/dev/null 2>&1 || { echo "robin sim is not in this build"; exit 77; }
P=${ROBIN_ROOT}/build/guest/tests/core_kernels.static
[ -x "$P" ] || { echo "core_kernels not built (make guest)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$ROBIN" sim >/dev/null 2>&1; [ $? -eq 2 ] || fail "no program: exit status not 2"
"$ROBIN" sim --bogus "$P" >/dev/null 2>"$tmp/e"; [ $? -eq 2 ] || fail "unknown option: not 2"
grep -q -- "--bogus" "$tmp/e" || fail "unknown option not named"
"$ROBIN" sim --set rob_entriez=3 "$P" dep 1 >/dev/null 2>"$tmp/e"; [ $? -eq 2 ] || fail "bad key: not 2"
grep -q "rob_entriez" "$tmp/e" || fail "bad key not named: $(cat "$tmp/e")"
"$ROBIN" sim --set l1d_kb=24 "$P" dep 1 >/dev/null 2>"$tmp/e"; [ $? -eq 2 ] || fail "bad geometry: not 2"
grep -q "l1d_kb" "$tmp/e" || fail "bad geometry not named: $(cat "$tmp/e")"
"$ROBIN" sim --pipeview-window 5:2 "$P" dep 1 >/dev/null 2>"$tmp/e"; [ $? -eq 2 ] || fail "bad window: not 2"
"$ROBIN" sim /nonexistent/prog >/dev/null 2>&1; [ $? -eq 127 ] || fail "missing program: not 127"

# statistics, pipeline view, summary
"$ROBIN" sim --stats-json "$tmp/s.json" --pipeview "$tmp/pv" --pipeview-window 5000:5100 \
	-- "$P" dep 100 >"$tmp/out" 2>"$tmp/err" || fail "run failed: $(tail -3 "$tmp/err")"
grep -q "^dep 100 -> 3200$" "$tmp/out" || fail "guest output: $(cat "$tmp/out")"
for k in cycles instructions ipc host_seconds mips cycle_stack computing branches caches config; do
	grep -q "\"$k\":" "$tmp/s.json" || fail "--stats-json lacks $k"
done
for l in "^cycles " "^instructions " "^IPC " "^branch MPKI " "^cache MPKI " "cycle stack" "^  total "; do
	grep -q "$l" "$tmp/err" || fail "summary lacks '$l'"
done
grep -q $'\r' "$tmp/err" && fail "progress line written to a non-terminal"
lines=$(wc -l <"$tmp/pv")
[ $((lines % 7)) -eq 0 ] && [ "$lines" -ge 700 ] || fail "pipeview: $lines lines"
[ "$(grep -c '^O3PipeView:fetch:' "$tmp/pv")" -eq $((lines / 7)) ] || fail "pipeview blocks"
awk -F: '/^O3PipeView:fetch:/ { if ($6 + 0 <= last) bad = 1; last = $6 + 0 } END { exit bad }' "$tmp/pv" ||
	fail "pipeview not in fetch order"
echo "ok: $((lines / 7)) pipeview blocks"

# --max-insns stops at exactly that many instructions, exit 124 as robin run
"$ROBIN" sim --quiet --max-insns 5000 --stats-json "$tmp/m.json" -- "$P" dep 1000 >/dev/null 2>&1
[ $? -eq 124 ] || fail "--max-insns: exit status not 124"
grep -q '"instructions": 5000,' "$tmp/m.json" || fail "--max-insns: instruction count"
exit 0
