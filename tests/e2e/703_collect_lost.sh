#!/usr/bin/env bash
# test: serial (samples the host, kills or races on purpose, or waits on host time)
# 703: ring overflow is counted, never silent: with a one-page ring read only every 400 ms
# (ring-buffer path), samples are lost; the loss is reported in the summary and stored as the
# run's samples_lost, and delivered + lost together account for the time sampled.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
CL_TMP=$(mktemp -d); trap 'rm -rf "$CL_TMP"' EXIT
cl_build_spin "$CL_TMP" || exit 1
db=$CL_TMP/lost.db
"$ROBIN" record --db "$db" --path ring --mmap-pages 1 --drain-ms 400 --freq 4000 -- \
	"$CL_TMP/collect_spin" 100 2> "$CL_TMP/err" || { cat "$CL_TMP/err"; exit 1; }
cat "$CL_TMP/err"
samples=$(cl_total "$db" samples); lost=$(cl_total "$db" samples_lost)
echo "delivered $samples, lost $lost"
fail=0
[ "${lost:-0}" -gt 0 ] || { echo "FAIL: no loss recorded with a one-page ring"; fail=1; }
grep -q " $lost lost" "$CL_TMP/err" || { echo "FAIL: summary does not report $lost lost"; fail=1; }
# delivered + lost ~ CPU time x frequency (the workload is one single-threaded process)
TIMEFORMAT=%U
cpu_ms=$( { time "$CL_TMP/collect_spin" 100; } 2>&1 | awk '{ print int($1 * 1000) }')
expect=$((cpu_ms * 4))
echo "expected about $expect samples from $cpu_ms ms of CPU"
tot=$((samples + lost))
[ $tot -ge $((expect * 6 / 10)) ] && [ $tot -le $((expect * 15 / 10)) ] ||
	{ echo "FAIL: delivered + lost = $tot, far from $expect"; fail=1; }
exit $fail
