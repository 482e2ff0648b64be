#!/usr/bin/env bash
# test: serial (samples the host, kills or races on purpose, or waits on host time)
# 902: messages that say what happened, and exit statuses that agree. A selection (--run,
# --event, --image, --epoch) that matches nothing is named as such by annotate (not "no
# function"), and prof, annotate, export, report and diff all exit 1 for it; `robin record`
# at a high --freq warns when most samples land in the kernel (the sampling dominating).
set -eu
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
W=$ROBIN_ROOT/build/guest/workloads/bsearch.static
[ -x "$W" ] || { echo "skip: $W not built (make guest)"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cd "$T"
main_off=$(nm "$W" | awk '$3 == "main" { print "0x" $1 }')
for r in 1 2; do
	printf 'event cycles period=100\n%s %s cycles 5\n' "$W" "$main_off" |
		"$ROBIN" ingest --db a.db --run-command "run $r" > /dev/null 2>&1
done
"$ROBIN" annotate main --db a.db > /dev/null
for sel in "--run 99:run 99" "--event nosuch:event nosuch" "--image nosuch:image nosuch" \
	   "--epoch 7:epoch 7"; do
	opt=${sel%%:*} what=${sel#*:}
	if "$ROBIN" annotate main --db a.db $opt 2> e; then exit 1; fi
	grep -q "no profile matches $what" e || { cat e; exit 1; }
	grep -q "no function" e && { cat e; exit 1; }
	for cmd in "prof" "prof --images" "prof --json" "export --folded f.txt" "report --html r.html"; do
		set +e; $ROBIN $cmd --db a.db $opt > out 2> e; rc=$?; set -e
		[ $rc -eq 1 ] || { echo "robin $cmd $opt: exit $rc"; cat out e; exit 1; }
		grep -q "no profile matches $what" e || { echo "robin $cmd $opt"; cat e; exit 1; }
	done
done
# diff: a selector's run replaces --run, so the empty side is selected by its terms.
for args in "1 99" "1 2 --event nosuch" "1 2 --image nosuch"; do
	set +e; $ROBIN diff --db a.db $args > out 2> e; rc=$?; set -e
	[ $rc -eq 1 ] || { echo "robin diff $args: exit $rc"; exit 1; }
	grep -q "no profile matches" e
done
# A function the matching images lack is still "no function".
if "$ROBIN" annotate nosuchfn --db a.db 2> e; then exit 1; fi
grep -q "no function 'nosuchfn'" e

# record at 100 kHz: the warning appears exactly when the rule holds (rate above 10 kHz and
# more than half of the samples in the kernel); at 1 kHz never.
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
CL_TMP=$T
command -v gcc >/dev/null || { echo "skip: gcc not installed (record part)"; exit 77; }
cl_build_spin "$T"
for f in 1000 100000; do
	if ! "$ROBIN" record -q --db r$f.db --freq $f -- "$T/collect_spin" 0 2> e; then
		grep -qi "perf_event_open\|permission\|not supported" e && {
			echo "skip: perf_event_open unavailable here (record part)"; exit 77; }
		cat e; exit 1
	fi
	s=$(cl_total r$f.db samples) k=$(cl_total r$f.db samples_kernel)
	want=0
	[ $f -gt 10000 ] && [ $((2 * k)) -gt "$s" ] && want=1
	got=0; grep -q "warning: .* of the samples are in the kernel at $f Hz" e && got=1
	echo "freq $f: $k of $s samples in the kernel; warning $got (expected $want)"
	[ $got -eq $want ]
done
echo "902: ok"
