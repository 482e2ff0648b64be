#!/usr/bin/env bash
# test: serial (samples the host)
# 662: JIT-compiled code named from the process's perf map. Debian's node with
# --perf-basic-prof writes /tmp/perf-PID.map ("START SIZE NAME" per function V8 compiles);
# `robin record` sends the samples in node's anonymous code to the image "[jit] perf-PID.map"
# and stores the map's entries in the database, so `robin prof` names the hot JavaScript
# function (tests/e2e/data/perf_map_hot.js: hotLoop, ~2 s of arithmetic) instead of
# [unknown]: hotLoop must hold >= 30% of the samples and [unknown] < 20%, where without the
# flag the same run is mostly [unknown]. The names outlive node: the report runs after it
# exited and its map file is removed. Skipped only where node is not installed.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
command -v node > /dev/null || cl_skip "skip: node is not installed (apt-get install nodejs)"
CL_TMP=$(mktemp -d); trap 'rm -rf "$CL_TMP"' EXIT
cp "$ROBIN_ROOT/tests/e2e/data/perf_map_hot.js" "$CL_TMP/app.js"
ROBIN=$(cd "$(dirname "$ROBIN")" && pwd)/$(basename "$ROBIN")
cd "$CL_TMP" # node may leave a V8 log (isolate-*.log) in its working directory
fail=0
shares() { # DB -> "hot PCT unknown PCT" from robin prof
	"$ROBIN" prof --db "$1" > "$CL_TMP/prof.txt" 2>&1 || { cat "$CL_TMP/prof.txt"; echo "FAIL: robin prof" >&2; return 1; }
	awk '$1 ~ /^[0-9]+$/ && $2 ~ /%$/ { all += $1; if ($0 ~ /hotLoop/) hot += $1; if ($4 == "[unknown]") unk += $1 }
	     END { if (!all) all = 1; printf "hot %.1f unknown %.1f samples %d\n", 100 * hot / all, 100 * unk / all, all }' "$CL_TMP/prof.txt"
}
"$ROBIN" record -q --db "$CL_TMP/jit.db" -- node --perf-basic-prof "$CL_TMP/app.js" > "$CL_TMP/out" ||
	{ echo "FAIL: robin record node --perf-basic-prof"; exit 1; }
"$ROBIN" record -q --db "$CL_TMP/plain.db" -- node "$CL_TMP/app.js" > "$CL_TMP/out" ||
	{ echo "FAIL: robin record node"; exit 1; }
jit=$(shares "$CL_TMP/jit.db") || exit 1
head -12 "$CL_TMP/prof.txt"
plain=$(shares "$CL_TMP/plain.db") || exit 1
echo "with --perf-basic-prof: $jit"
echo "without:                $plain"
# the map the JIT run wrote, gone before reporting again: the names are in the database
pid=$(sqlite3 "$CL_TMP/jit.db" "select substr(path, 13) from image where path like '[jit] perf-%'" | sed 's/\.map$//')
[ -n "$pid" ] || { echo "FAIL: no [jit] perf-PID.map image in the database"; fail=1; }
[ -n "$pid" ] && rm -f "/tmp/perf-$pid.map"
jit2=$(shares "$CL_TMP/jit.db") || exit 1
[ "$jit2" = "$jit" ] || { echo "FAIL: the report changed once the map file was removed: $jit2"; fail=1; }
set -- $jit; hot=$2 unk=$4
set -- $plain; punk=$4
awk -v h="$hot" 'BEGIN { exit !(h >= 30) }' || { echo "FAIL: hotLoop holds $hot% of the samples (want >= 30%)"; fail=1; }
awk -v u="$unk" 'BEGIN { exit !(u < 20) }' || { echo "FAIL: [unknown] holds $unk% with the perf map (want < 20%)"; fail=1; }
awk -v u="$unk" -v p="$punk" 'BEGIN { exit !(u < p) }' || { echo "FAIL: [unknown] did not drop ($punk% -> $unk%)"; fail=1; }
n=$(cl_total "$CL_TMP/jit.db" jit_symbols)
echo "perf map entries stored: $n"
[ "${n:-0}" -gt 0 ] || { echo "FAIL: run total jit_symbols is ${n:-none}"; fail=1; }
[ $fail = 0 ] && echo "PASS: 662 perf map (node)"
exit $fail
