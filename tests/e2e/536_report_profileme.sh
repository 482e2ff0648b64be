#!/usr/bin/env bash
# 536: `robin report --html` shows ProfileMe's Figure 3 (000_424085ad3398c1f4.txt §5.1) for a
# database written by `robin sim --profileme --db`: the envelope table by k (rows per k
# range, then "all") and one SVG scatter per property with one point per PC that had at
# least one expected sample, the 1 ± 1/√k envelope drawn; reports of databases without
# ProfileMe have no such section. The "all" fraction for the retire count lies within
# 0.55-0.90 (printf at interval 100 measured 0.787 over 3046 PCs: k = 1 is always inside,
# k >= 4 gives 0.66-0.78).
set -u
cd "$ROBIN_ROOT"
W=build/guest/workloads/printf.static
[ -x "$W" ] || { echo "$W not built (make guest)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-e2e-536.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
env -i "$ROBIN" sim --no-progress --quiet --profileme --pm-interval 100 --db "$tmp/p.db" -- $W 1 >/dev/null 2>&1 \
	|| { echo "FAIL: sim"; exit 1; }
"$ROBIN" report --db "$tmp/p.db" --html "$tmp/r.html" >/dev/null 2>"$tmp/err" || { echo "FAIL: report"; cat "$tmp/err"; exit 1; }
grep -q "ProfileMe: estimates against the exact counts (Figure 3" "$tmp/r.html" || { echo "FAIL: no Figure 3 section"; fail=1; }
rows=$(grep -o '<tr><td>retire count</td><td>all</td><td>[0-9]*</td><td>[0-9.]*%' "$tmp/r.html")
n=$(echo "$rows" | sed 's/.*<td>\([0-9]*\)<\/td><td>[0-9.]*%$/\1/')
frac=$(echo "$rows" | sed 's/.*<td>\([0-9.]*\)%$/\1/')
circles=$(grep -c "<circle" "$tmp/r.html")
[ -n "$n" ] && [ "$n" -gt 1000 ] || { echo "FAIL: retire-count points '$n'"; fail=1; }
dm=$(grep -o '<tr><td>D-cache misses</td><td>all</td><td>[0-9]*' "$tmp/r.html" | sed 's/.*<td>//')
[ "$circles" -eq $(( n + ${dm:-0} )) ] || { echo "FAIL: $circles points drawn for $n + ${dm:-0} PCs"; fail=1; }
awk -v f="$frac" 'BEGIN { exit !(f >= 55 && f <= 90) }' || { echo "FAIL: envelope fraction $frac%"; fail=1; }
[ "$(grep -c '<polyline fill="none" stroke="#c0392b"' "$tmp/r.html")" -ge 2 ] || { echo "FAIL: no envelope curves"; fail=1; }
# a database without ProfileMe: no section
env -i "$ROBIN" sim --no-progress --quiet --profile tip --period 997 --db "$tmp/t.db" -- $W 1 >/dev/null 2>&1 || { echo "FAIL: sim --profile"; exit 1; }
"$ROBIN" report --db "$tmp/t.db" --html "$tmp/t.html" >/dev/null 2>&1 || { echo "FAIL: report t.db"; exit 1; }
grep -q "Figure 3 of" "$tmp/t.html" && { echo "FAIL: Figure 3 without ProfileMe"; fail=1; }
exit $fail
