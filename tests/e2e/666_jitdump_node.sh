#!/usr/bin/env bash
# test: serial (samples the host)
# 666: JIT-compiled code named from a jitdump file written by a real JIT. Debian's node with
# --perf-prof writes jit-PID.dump in its working directory (JIT_CODE_LOAD records for every
# function V8 compiles, plus debug and unwinding info records) and mmaps it PROT_EXEC, but
# writes no perf map; `robin record` finds the file in node's maps, sends the samples in
# node's anonymous code to the image "[jit] jit-PID.dump" and stores the loads' names in the
# database, so `robin prof` names the hot JavaScript function (tests/e2e/data/perf_map_hot.js:
# hotLoop, ~2 s of arithmetic): hotLoop must hold >= 30% of the samples and [unknown] < 20%.
# The names outlive the file: the report is the same once the dump is removed. Skipped only
# where node is not installed.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
command -v node > /dev/null || cl_skip "skip: node is not installed (apt-get install nodejs)"
CL_TMP=$(mktemp -d); trap 'rm -rf "$CL_TMP"' EXIT
cp "$ROBIN_ROOT/tests/e2e/data/perf_map_hot.js" "$CL_TMP/app.js"
ROBIN=$(cd "$(dirname "$ROBIN")" && pwd)/$(basename "$ROBIN")
cd "$CL_TMP" # node writes jit-PID.dump (and a V8 log) into its working directory
fail=0
shares() { # DB -> "hot PCT unknown PCT samples N" from robin prof
	"$ROBIN" prof --db "$1" > "$CL_TMP/prof.txt" 2>&1 || { cat "$CL_TMP/prof.txt"; echo "FAIL: robin prof" >&2; return 1; }
	awk '$1 ~ /^[0-9]+$/ && $2 ~ /%$/ { all += $1; if ($0 ~ /hotLoop/) hot += $1; if ($4 == "[unknown]") unk += $1 }
	     END { if (!all) all = 1; printf "hot %.1f unknown %.1f samples %d\n", 100 * hot / all, 100 * unk / all, all }' "$CL_TMP/prof.txt"
}
"$ROBIN" record -q --db "$CL_TMP/jit.db" -- node --perf-prof --interpreted-frames-native-stack "$CL_TMP/app.js" > "$CL_TMP/out" ||
	{ echo "FAIL: robin record node --perf-prof"; exit 1; }
jit=$(shares "$CL_TMP/jit.db") || exit 1
head -10 "$CL_TMP/prof.txt"
echo "with --perf-prof: $jit"
pid=$(sqlite3 "$CL_TMP/jit.db" "select path from image where path like '[jit] %'" | sed -n 's/^\[jit\] jit-\([0-9]*\)\.dump$/\1/p')
[ -n "$pid" ] || { echo "FAIL: no [jit] jit-PID.dump image in the database"; fail=1; }
[ -n "$pid" ] && [ -e "/tmp/perf-$pid.map" ] && { echo "FAIL: node wrote a perf map too: not a jitdump-only test"; fail=1; }
[ -n "$pid" ] && { [ -f "jit-$pid.dump" ] || { echo "FAIL: node wrote no jit-$pid.dump here"; fail=1; }; rm -f "jit-$pid.dump"; }
jit2=$(shares "$CL_TMP/jit.db") || exit 1
[ "$jit2" = "$jit" ] || { echo "FAIL: the report changed once the dump was removed: $jit2"; fail=1; }
set -- $jit; hot=$2 unk=$4
awk -v h="$hot" 'BEGIN { exit !(h >= 30) }' || { echo "FAIL: hotLoop holds $hot% of the samples (want >= 30%)"; fail=1; }
awk -v u="$unk" 'BEGIN { exit !(u < 20) }' || { echo "FAIL: [unknown] holds $unk% with the jitdump (want < 20%)"; fail=1; }
n=$(cl_total "$CL_TMP/jit.db" jit_symbols) m=$(cl_total "$CL_TMP/jit.db" jit_dump_malformed)
b=$(cl_total "$CL_TMP/jit.db" jit_dump_bad) t=$(cl_total "$CL_TMP/jit.db" jit_map_read_ns)
echo "jitdump entries stored: $n, malformed records: $m, bad files: $b, read+store time: ${t} ns"
[ "${n:-0}" -gt 0 ] || { echo "FAIL: run total jit_symbols is ${n:-none}"; fail=1; }
[ "${m:-0}" = 0 ] && [ "${b:-0}" = 0 ] || { echo "FAIL: node's dump had malformed records ($m) or a bad header ($b)"; fail=1; }
[ $fail = 0 ] && echo "PASS: 666 jitdump (node --perf-prof)"
exit $fail
