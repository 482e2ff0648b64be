#!/usr/bin/env bash
# test: serial (samples the host, kills or races on purpose, or waits on host time)
# 701: `robin record` on a host program, on both aggregation paths (BPF in the kernel and the
# ring-buffer path): the run is stored, the database is 0600, every sample maps to an image,
# and the function shares follow the program's known 40:25:15:10:6:4 split.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
CL_TMP=$(mktemp -d); trap 'rm -rf "$CL_TMP"' EXIT
cl_build_spin "$CL_TMP" || exit 1
fail=0
for path in bpf ring; do
	db=$CL_TMP/$path.db
	if ! "$ROBIN" record --db "$db" --path $path --freq 2000 -- "$CL_TMP/collect_spin" 60 \
		2> "$CL_TMP/err"; then
		if [ $path = bpf ] && grep -q "path bpf:" "$CL_TMP/err"; then
			echo "bpf path unavailable here: $(cat "$CL_TMP/err")"; continue
		fi
		cat "$CL_TMP/err"; echo "FAIL: robin record ($path) failed"; fail=1; continue
	fi
	cat "$CL_TMP/err"
	grep -q "path $path" "$CL_TMP/err" || { echo "FAIL: summary does not name path $path"; fail=1; }
	mode=$(stat -c %a "$db")
	[ "$mode" = 600 ] || { echo "FAIL: database mode $mode, want 600"; fail=1; }
	samples=$(cl_total "$db" samples); unknown=$(cl_total "$db" samples_unknown)
	[ "${samples:-0}" -ge 200 ] || { echo "FAIL: only ${samples:-0} samples"; fail=1; }
	[ "${unknown:-1}" -le $((samples / 100)) ] || { echo "FAIL: $unknown unknown of $samples"; fail=1; }
	sqlite3 "$db" "select 1 from image where path like '%collect_spin' and build_id != ''" | grep -q 1 ||
		{ echo "FAIL: no collect_spin image with a build-id"; fail=1; }
	cl_func_shares "$db" "$CL_TMP/collect_spin" > "$CL_TMP/shares.$path"
	cat "$CL_TMP/shares.$path"
	# the heaviest function must lead with roughly its share (40% of the spin functions)
	first=$(head -n 1 "$CL_TMP/shares.$path")
	case "$first" in spin_w40\ *) ;; *) echo "FAIL: top function is '$first'"; fail=1 ;; esac
	awk '$1 == "spin_w40" && ($2 < 30 || $2 > 50) { print "FAIL: spin_w40 share " $2; exit 1 }
	     $1 == "spin_w4" && $2 > 10 { print "FAIL: spin_w4 share " $2; exit 1 }' \
		"$CL_TMP/shares.$path" || fail=1
done
# bad input: a command that does not exist is reported, and robin exits non-zero
"$ROBIN" record --db "$CL_TMP/x.db" -- /nonexistent/prog 2> "$CL_TMP/err"; rc=$?
[ $rc -ne 0 ] && grep -q "cannot run '/nonexistent/prog'" "$CL_TMP/err" ||
	{ cat "$CL_TMP/err"; echo "FAIL: missing program not reported (rc $rc)"; fail=1; }
"$ROBIN" record --event no-such-event -- true 2> "$CL_TMP/err" && { echo "FAIL: bad event accepted"; fail=1; }
grep -q "unknown event 'no-such-event'" "$CL_TMP/err" || { cat "$CL_TMP/err"; fail=1; }
exit $fail
