#!/usr/bin/env bash
# 303: every workload of the suite behaves under `robin sim` exactly as under `robin run`:
# same stdout, same exit status, same instruction count. To keep `make check` short the
# programs stop after --max-insns instructions (the full-length comparison is in
# bench/sim.sh), with the probe-contract checker attached; the guest tests that end by exit,
# fault or signal (and those that take faults in signal handlers) run to the end.
set -u
"$ROBIN" sim --help >/dev/null 2>&1 || { echo "robin sim is not in this build"; exit 77; }
cd "$ROBIN_ROOT"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
N=${SIM_WORKLOAD_INSNS:-150000}
jv() { grep -m1 "\"$2\":" "$1" | sed 's/^[^:]*: *//; s/[",]//g'; }

compare() {  # name, max-insns (0 = none), program and args...
	local name=$1 max=$2; shift 2
	local lim=()
	[ "$max" -gt 0 ] && lim=(--max-insns "$max")
	"$ROBIN" run --hermetic "${lim[@]}" --stats-json "$tmp/run.json" -- "$@" >"$tmp/run.out" 2>"$tmp/run.err"
	local rc_run=$?
	"$ROBIN" sim --no-progress --probe-check --virtual-time "${lim[@]}" --stats-json "$tmp/sim.json" -- "$@" >"$tmp/sim.out" 2>"$tmp/sim.err"
	local rc_sim=$?
	[ $rc_run -eq $rc_sim ] || { tail -5 "$tmp/sim.err"; fail "$name: exit $rc_sim under sim, $rc_run under run"; }
	cmp -s "$tmp/run.out" "$tmp/sim.out" || fail "$name: stdout differs"
	local ir is
	ir=$(jv "$tmp/run.json" instructions)
	is=$(jv "$tmp/sim.json" instructions)
	[ "$ir" = "$is" ] || fail "$name: $is instructions under sim, $ir under run"
	echo "ok: $name: $is instructions, exit $rc_sim, IPC $(jv "$tmp/sim.json" ipc)"
}

n=0
if [ -f workloads/suite.tsv ]; then
	while IFS=$'\t' read -r name class what; do
		case "$name" in ''|'#'*) continue ;; esac
		prog=build/guest/workloads/$name.static
		[ -x "$prog" ] || fail "$prog not built"
		compare "$name" "$N" "$prog"
		n=$((n + 1))
	done < workloads/suite.tsv
else
	echo "note: no workloads/suite.tsv, comparing the guest test programs only"
fi

# idle-cycle skipping changes nothing but speed, on every preset
K=build/guest/tests/core_kernels.static
skip_progs=("chase_llc:build/guest/workloads/chase_llc.static" "fft:build/guest/workloads/fft.static")
[ -x build/guest/workloads/fft.static ] ||
	skip_progs=("chase:$K chase 20000 1024" "randbr:$K randbr 20000")
for preset in boom-large boom-medium inorder-dual; do
	for p in "${skip_progs[@]}"; do
		name=${p%%:*}
		read -r -a prog <<<"${p#*:}"
		for sk in 0 1; do
			"$ROBIN" sim --quiet --no-progress --preset "$preset" --set idle_skip=$sk --max-insns "$N" \
				--stats-json "$tmp/skip$sk.json" -- "${prog[@]}" >/dev/null 2>"$tmp/skip.err"
			[ $? -eq 124 ] || { tail -3 "$tmp/skip.err"; fail "$name on $preset (idle_skip=$sk) did not run"; }
		done
		c0=$(jv "$tmp/skip0.json" cycles)
		c1=$(jv "$tmp/skip1.json" cycles)
		[ "$c0" = "$c1" ] || fail "$name on $preset: $c1 cycles with idle skipping, $c0 without"
		echo "ok: $name on $preset: $c1 cycles with and without idle skipping"
	done
done

# programs that end by themselves: exit status, a fault, a signal handler
for t in hello:0 segv:0 abort:0 recursion:0 signals:0 selfmod:0 illegal:0 ebreak:0 busfault:0 misaligned:0; do
	name=${t%%:*}
	prog=build/guest/tests/$name.static
	[ -x "$prog" ] && compare "$name" 0 "$prog" && n=$((n + 1))
done
[ $n -gt 0 ] || { echo "no guest programs built (make guest)"; exit 77; }
exit 0
