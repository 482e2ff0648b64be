#!/usr/bin/env bash
# test: serial (samples the host, kills or races on purpose, or waits on host time)
# 705: agreement with a peer: on the same program, the function shares of `robin record` and
# `perf record -e cpu-clock` at the same frequency agree within 5 percentage points for each
# of the top functions (each profile has ~2000 samples: the statistical spread of one share
# is about 1 point).
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
command -v perf >/dev/null || cl_skip "perf is not installed"
CL_TMP=$(mktemp -d); trap 'rm -rf "$CL_TMP"' EXIT
cl_build_spin "$CL_TMP" || exit 1
perf record -q -e cpu-clock -F 2000 -o "$CL_TMP/perf.data" -- "$CL_TMP/collect_spin" 100 \
	> "$CL_TMP/perf.out" 2>&1 || cl_skip "perf record cannot run here: $(tail -n 1 "$CL_TMP/perf.out")"
perf report -i "$CL_TMP/perf.data" --stdio -q --sort sym --dsos collect_spin 2>/dev/null |
	awk '$1 ~ /%$/ { sub(/%/, "", $1); print $NF, $1 }' > "$CL_TMP/perf.raw"
# renormalise to the program's own samples, as robin's shares are
awk '{ s[$1] = $2; t += $2 } END { for (f in s) printf "%s %.2f\n", f, 100 * s[f] / t }' \
	"$CL_TMP/perf.raw" | sort -k2 -nr > "$CL_TMP/perf.shares"
"$ROBIN" record -q --db "$CL_TMP/r.db" --freq 2000 -- "$CL_TMP/collect_spin" 100 ||
	{ echo "FAIL: robin record"; exit 1; }
cl_func_shares "$CL_TMP/r.db" "$CL_TMP/collect_spin" > "$CL_TMP/robin.shares"
echo "function robin% perf%"
join <(sort "$CL_TMP/robin.shares") <(sort "$CL_TMP/perf.shares") | sort -k2 -nr | head -n 10 |
	tee "$CL_TMP/both"
[ "$(wc -l < "$CL_TMP/both")" -ge 6 ] || { echo "FAIL: fewer than 6 functions in common"; exit 1; }
awk '{ d = $2 - $3; if (d < 0) d = -d; if (d > 5) { print "FAIL: " $1 " differs by " d " points"; bad = 1 } }
     END { exit bad }' "$CL_TMP/both"
