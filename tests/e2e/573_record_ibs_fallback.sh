#!/usr/bin/env bash
# test: serial (samples the host, kills or races on purpose, or waits on host time)
# 573: `robin record --event ibs-op` / `ibs-fetch` on a host without AMD IBS (no
# /sys/bus/event_source/devices/ibs_op): the command still records, and says in one line that
# this host has no IBS and which source it used instead; the run is stored with samples.
# On an IBS host the samples carry the IBS detail rows (event_bits, ibs_data_src).
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
CL_TMP=$(mktemp -d); trap 'rm -rf "$CL_TMP"' EXIT
cl_build_spin "$CL_TMP" || exit 1
fail=0
for ev in ibs-op ibs-fetch; do
	db=$CL_TMP/$ev.db
	"$ROBIN" record --db "$db" --event $ev --freq 2000 -- "$CL_TMP/collect_spin" 20 2>"$CL_TMP/err" ||
		{ cat "$CL_TMP/err"; echo "FAIL: record --event $ev failed"; fail=1; continue; }
	samples=$(cl_total "$db" samples)
	[ "${samples:-0}" -ge 10 ] || { echo "FAIL: $ev: only ${samples:-0} samples"; fail=1; }
	if [ -e /sys/bus/event_source/devices/${ev/-/_} ]; then
		[ "$ev" = ibs-op ] && ! sqlite3 "$db" "select 1 from detail_kind where name = 'ibs_data_src'" | grep -q 1 &&
			{ echo "FAIL: IBS host, no ibs_data_src rows"; fail=1; }
		continue
	fi
	n=$(grep -c "this host has no IBS" "$CL_TMP/err")
	[ "$n" = 1 ] || { cat "$CL_TMP/err"; echo "FAIL: $ev: $n lines say the host has no IBS"; fail=1; }
	grep "this host has no IBS" "$CL_TMP/err" | grep -q "recorded with [a-z]" ||
		{ cat "$CL_TMP/err"; echo "FAIL: $ev: the line does not name what was used"; fail=1; }
	grep "this host has no IBS" "$CL_TMP/err"
done
exit $fail
