#!/usr/bin/env bash
# test: serial (samples the host)
# 667: robin's own translated code, named. `robin run --perf-map` writes a line per block it
# translates to /tmp/perf-PID.map ("HOSTADDR SIZE guest:FUNCTION+0xOFF"), so a profile of robin
# itself (robin record, or Linux's perf) attributes the time spent in translated code to the
# guest functions it runs. tests/guest/perfmap_hot spends ~4/5 of its work in hot_mix: profiled with
# the map, guest:hot_mix* must hold >= 30% of robin's samples and [unknown] < 20%; without it,
# the translated code is [unknown]. The guest's output is the same either way.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest perfmap_hot
cl_need
CL_TMP=$(mktemp -d); trap 'rm -rf "$CL_TMP"' EXIT
ROBIN=$(cd "$(dirname "$ROBIN")" && pwd)/$(basename "$ROBIN")
P=$G/perfmap_hot.static
fail=0
# the map's lines: one per translated block, in the format perf reads
"$ROBIN" run --perf-map "$P" 400 > "$CL_TMP/out.map" & pid=$!
wait $pid || { echo "FAIL: robin run --perf-map exit $?"; exit 1; }
map=/tmp/perf-$pid.map
[ -s "$map" ] || { echo "FAIL: $map not written"; exit 1; }
bad=$(grep -cvE '^[0-9a-f]+ [0-9a-f]+ guest:[^ ]+\+0x[0-9a-f]+( in [^ ]+)?$' "$map")
[ "$bad" = 0 ] || { echo "FAIL: $bad malformed lines in $map"; head -3 "$map"; fail=1; }
grep -q ' guest:hot_mix+0x' "$map" || { echo "FAIL: no block of hot_mix in $map"; fail=1; }
echo "perf map: $(wc -l < "$map") translated blocks"
rm -f "$map"
"$ROBIN" run "$P" 400 | cmp -s - "$CL_TMP/out.map" || { echo "FAIL: --perf-map changed the output"; fail=1; }
shares() { # DB -> "hot PCT guest PCT unknown PCT samples N"
	"$ROBIN" prof --db "$1" > "$CL_TMP/prof.txt" 2>&1 || { cat "$CL_TMP/prof.txt"; echo "FAIL: robin prof" >&2; return 1; }
	awk '$1 ~ /^[0-9]+$/ && $2 ~ /%$/ { all += $1; if ($4 ~ /^guest:hot_mix/) hot += $1;
	     if ($4 ~ /^guest:/) g += $1; if ($4 == "[unknown]") unk += $1 }
	     END { if (!all) all = 1; printf "hot %.1f guest %.1f unknown %.1f samples %d\n", 100 * hot / all, 100 * g / all, 100 * unk / all, all }' "$CL_TMP/prof.txt"
}
"$ROBIN" record -q --db "$CL_TMP/map.db" -- "$ROBIN" run --perf-map "$P" 12000 > "$CL_TMP/out" ||
	{ echo "FAIL: robin record robin run --perf-map"; exit 1; }
with=$(shares "$CL_TMP/map.db") || exit 1
head -8 "$CL_TMP/prof.txt"
"$ROBIN" record -q --db "$CL_TMP/plain.db" -- "$ROBIN" run "$P" 12000 > "$CL_TMP/out" ||
	{ echo "FAIL: robin record robin run"; exit 1; }
without=$(shares "$CL_TMP/plain.db") || exit 1
# the recorded robin's map stays in /tmp (perf's convention); its names are in the database
pid=$(sqlite3 "$CL_TMP/map.db" "select substr(path, 13) from image where path like '[jit] perf-%'" | sed 's/\.map$//')
[ -n "$pid" ] && rm -f "/tmp/perf-$pid.map"
echo "with --perf-map: $with"
echo "without:         $without"
# Linux's perf reads the map for anonymous executable memory only ("//anon", "/dev/zero"): the
# translated code is shared anonymous memory mapped twice, not a memfd, so perf names it too
if command -v perf >/dev/null; then
	if perf record -q -e cpu-clock -F 2000 -o "$CL_TMP/perf.data" -- \
		"$ROBIN" run --perf-map "$P" 12000 > "$CL_TMP/perf.out" 2>&1; then
		ppid=$(perf script -i "$CL_TMP/perf.data" -F pid 2>/dev/null | awk 'NF { print $1; exit }')
		phot=$(perf report -i "$CL_TMP/perf.data" --stdio -q --sort sym 2>/dev/null |
		       awk '$3 ~ /^guest:hot_mix/ { sub(/%/, "", $1); s += $1 } END { printf "%.1f", s }')
		[ -n "$ppid" ] && rm -f "/tmp/perf-$ppid.map"
		echo "perf report: guest:hot_mix* $phot%"
		awk -v h="$phot" 'BEGIN { exit !(h >= 30) }' ||
			{ echo "FAIL: perf names guest:hot_mix in $phot% of robin's samples (want >= 30%)"; fail=1; }
	else
		echo "perf record cannot run here (skipped): $(tail -n 1 "$CL_TMP/perf.out")"
	fi
fi
set -- $with; hot=$2 unk=$6
set -- $without; pguest=$4
awk -v h="$hot" 'BEGIN { exit !(h >= 30) }' || { echo "FAIL: guest:hot_mix holds $hot% (want >= 30%)"; fail=1; }
awk -v u="$unk" 'BEGIN { exit !(u < 20) }' || { echo "FAIL: [unknown] holds $unk% with the map (want < 20%)"; fail=1; }
awk -v g="$pguest" 'BEGIN { exit !(g == 0) }' || { echo "FAIL: guest names without --perf-map ($pguest%)"; fail=1; }
[ $fail = 0 ] && echo "PASS: 667 robin's translated code named by --perf-map"
exit $fail
