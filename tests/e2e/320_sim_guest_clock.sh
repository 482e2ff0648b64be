#!/usr/bin/env bash
# 320: under `robin sim` the guest's clocks are the simulated time. A guest times a fixed loop
# with clock_gettime; the loop's growth from 100k to 300k iterations must equal the growth of
# the simulated cycles divided by freq_mhz within 1% (the start-up and the reads cancel out),
# at 3200 MHz and at 1000 MHz; CPU time and gettimeofday agree with it; two runs print the same
# bytes; ITIMER_REAL fires on simulated time (100 us, within the 2 us the delivery, the
# sigreturn and the clock read take); --host-time gives the host's much slower clock back;
# `robin run --virtual-time` keeps one ns per instruction.
set -eu
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest simclock
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
P=$G/simclock.static
val() { awk -v k="$1" '$1 == k { print $2 }' "$2"; }
json() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['$1'])" "$2"; }
for f in 3200 1000; do
	for n in 100000 300000; do
		"$ROBIN" sim --quiet --set freq_mhz=$f --stats-json "$T/s$n.json" "$P" loop $n > "$T/o$n"
	done
	python3 - "$f" "$T" <<'PY'
import json, sys
f, t = float(sys.argv[1]), sys.argv[2]
def out(n):
    return {l.split()[0]: int(l.split()[1]) for l in open(f"{t}/o{n}")}
def cyc(n):
    return json.load(open(f"{t}/s{n}.json"))["cycles"]
a, b = out(100000), out(300000)
d_guest = b["loop_ns"] - a["loop_ns"]
d_truth = (cyc(300000) - cyc(100000)) * 1000.0 / f
print(f"freq {f:.0f} MHz: loop grew {d_guest} ns, cycles/freq grew {d_truth:.0f} ns")
assert abs(d_guest - d_truth) <= 0.01 * d_truth, "guest time is not the simulated time"
for o, n in ((a, 100000), (b, 300000)):
    total = cyc(n) * 1000.0 / f
    assert 0 < o["loop_ns"] <= total, f"loop {o['loop_ns']} ns outside the run's {total:.0f} ns"
    assert abs(o["cpu_ns"] - o["loop_ns"]) <= 0.01 * o["loop_ns"] + 1000, "CPU time disagrees"
    assert abs(o["gettimeofday_us"] * 1000 - o["loop_ns"]) <= 0.01 * o["loop_ns"] + 2000
    assert o["time_after_2020"] == 1
PY
done
"$ROBIN" sim --quiet --set freq_mhz=1000 "$P" loop 100000 > "$T/again"
cmp "$T/again" "$T/o100000" || { echo "two runs differ"; exit 1; }
"$ROBIN" sim --quiet "$P" timer 100 > "$T/timer"
tn=$(val timer_ns "$T/timer")
[ "$tn" -ge 100000 ] && [ "$tn" -le 102000 ] || { echo "timer took $tn ns of simulated time"; exit 1; }
grep -qx "spun 1" "$T/timer"
"$ROBIN" sim --quiet --set freq_mhz=1000 --host-time "$P" loop 100000 > "$T/host"
sim_ns=$(val loop_ns "$T/again") host_ns=$(val loop_ns "$T/host")
[ "$host_ns" -gt $((sim_ns * 10)) ] || { echo "--host-time: $host_ns ns, simulated $sim_ns"; exit 1; }
"$ROBIN" run --virtual-time "$P" loop 100000 > "$T/vt"
vt=$(val loop_ns "$T/vt")
# 8 instructions an iteration, plus the clock read
[ "$vt" -ge 800000 ] && [ "$vt" -le 801000 ] || { echo "--virtual-time: loop $vt ns"; exit 1; }
if "$ROBIN" sim --host-time --virtual-time "$P" loop 1 2> "$T/err"; then
	echo "--host-time --virtual-time accepted"; exit 1
fi
grep -q "exclude each other" "$T/err"
echo "320: ok"
