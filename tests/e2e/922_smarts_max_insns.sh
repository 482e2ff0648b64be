#!/usr/bin/env bash
# 922: robin sim --smarts honours --max-insns (issue 29, fault 7: it simulated all 31.9 M
# instructions of crc32 when limited to 2 M). With the limit the sampling stops at exactly that
# many instructions, the estimate covers the units inside it, and robin exits 124 with the
# one-line limit message, as robin sim does at --max-insns; on 2 cores as well. Without a limit
# the program runs to its end (exit 0).
set -u
W=$ROBIN_ROOT/build/guest/workloads/crc32.static
P=$ROBIN_ROOT/build/guest/tests/threads_share.static
for f in "$W" "$P"; do [ -x "$f" ] || { echo "skip: $f not built (make guest)"; exit 77; }; done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
j() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

timeout 300 "$ROBIN" sim --max-insns 2000000 --smarts 10000:2000:20 --stats-json "$tmp/l.json" "$W" \
	>/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 124 ] || { echo "limited smarts: exit $rc (want 124)"; cat "$tmp/err"; exit 1; }
grep -q "stopped after 2000000 instructions (--max-insns)" "$tmp/err" || { cat "$tmp/err"; exit 1; }
[ "$(j "$tmp/l.json" "d['instructions'], d['smarts']['units']")" = "(2000000, 10)" ] ||
	{ echo "limited smarts: $(j "$tmp/l.json" "d['instructions'], d['smarts']['units']")"; exit 1; }

timeout 600 "$ROBIN" sim --cores 2 --max-insns 1000000 --smarts 10000:2000:10 --stats-json "$tmp/c.json" \
	"$P" padded 4 >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 124 ] && [ "$(j "$tmp/c.json" "d['instructions']")" = 1000000 ] ||
	{ echo "limited smarts on 2 cores: exit $rc"; cat "$tmp/err"; exit 1; }

timeout 300 "$ROBIN" sim --smarts 100000:2000:20 --stats-json "$tmp/f.json" "$W" >/dev/null 2>"$tmp/err" ||
	{ echo "smarts to the end: exit $?"; cat "$tmp/err"; exit 1; }
n=$(j "$tmp/f.json" "d['instructions']")
[ "$n" -gt 30000000 ] || { echo "smarts without a limit stopped at $n instructions"; exit 1; }
exit 0
