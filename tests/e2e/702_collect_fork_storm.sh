#!/usr/bin/env bash
# test: serial (samples the host, kills or races on purpose, or waits on host time)
# 702: a fork storm (thousands of short fork/exec) under `robin record` on both paths: no
# lost samples, every process's samples map to an image (unknown under 2%), the dynamic
# loader and libc every exec runs through show up as images, and the database checks out.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
CL_TMP=$(mktemp -d); trap 'rm -rf "$CL_TMP"' EXIT
fail=0
N=${COLLECT_FORKS:-1500}
for path in bpf ring; do
	db=$CL_TMP/$path.db
	"$ROBIN" record --db "$db" --path $path --freq 4000 -- \
		sh -c "i=0; while [ \$i -lt $N ]; do /bin/true; i=\$((i+1)); done" 2> "$CL_TMP/err"
	rc=$?
	cat "$CL_TMP/err"
	if [ $rc -ne 0 ]; then
		[ $path = bpf ] && grep -q "path bpf:" "$CL_TMP/err" && continue
		echo "FAIL: robin record ($path) exit $rc"; fail=1; continue
	fi
	samples=$(cl_total "$db" samples); unknown=$(cl_total "$db" samples_unknown)
	lost=$(cl_total "$db" samples_lost)
	echo "$path: $samples samples, $unknown unknown, $lost lost"
	[ "${samples:-0}" -ge 100 ] || { echo "FAIL: only ${samples:-0} samples"; fail=1; }
	[ "${lost:-1}" -eq 0 ] || { echo "FAIL: $lost samples lost"; fail=1; }
	[ $((unknown * 50)) -le "$samples" ] || { echo "FAIL: $unknown of $samples unknown"; fail=1; }
	images=$(sqlite3 "$db" "select path from image")
	# the loader and libc every exec runs through (the shell's and true's own code run too
	# briefly to be sampled reliably: a few samples in 2000)
	echo "$images" | grep -q 'libc.so' || { echo "FAIL: libc never attributed: $images"; fail=1; }
	echo "$images" | grep -q 'ld-linux' || { echo "FAIL: the dynamic loader never attributed"; fail=1; }
	[ "$(sqlite3 "$db" 'pragma integrity_check')" = ok ] || { echo "FAIL: integrity"; fail=1; }
done
exit $fail
