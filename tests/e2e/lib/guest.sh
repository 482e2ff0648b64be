# Helpers for end-to-end tests that run riscv64 guest programs under robin and compare them
# with qemu-riscv64. Source it: `. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"`.
G="$ROBIN_ROOT/build/guest/tests"
SYSROOT=/usr/riscv64-linux-gnu
# The phases program's input file, relative to the checkout (tests run from $ROBIN_ROOT, as
# tests/run.sh starts them): an argument's length shifts the guest's initial stack and with it
# the simulated cycles, so an absolute path would make the cycle figures the simpoint tests
# check move with where the checkout lies (/work/main vs /check/work/main: e2e 330's interval
# missed the full run's CPI in one and held it in the other).
PHASES_IN=tests/guest/phases.c

# need_guest NAME...: skip (77) unless every build/guest/tests/NAME.{static,dyn} exists.
need_guest() {
	for n in "$@"; do
		for v in static dyn; do
			[ -x "$G/$n.$v" ] || { echo "skip: $G/$n.$v not built (make guest)"; exit 77; }
		done
	done
}

# json_counts FILE: "INSTRUCTIONS CYCLES" of a --stats-json file (cycles "-" when it has none:
# robin run's), for comparing two runs' counts.
json_counts() {
	python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['instructions'], d.get('cycles', '-'))" "$1"
}

have_qemu() { command -v qemu-riscv64 >/dev/null 2>&1; }

# same_as_qemu PROG [ARGS...]: robin and qemu give the same stdout and exit status.
same_as_qemu() {
	local out_r out_q rc_r rc_q
	out_r=$("$ROBIN" run --seed 1 -- "$@" 2>/tmp/robin_e2e_err.$$); rc_r=$?
	if have_qemu; then
		out_q=$(qemu-riscv64 -L "$SYSROOT" "$@" 2>/dev/null); rc_q=$?
		if [ "$out_r" != "$out_q" ] || [ $rc_r -ne $rc_q ]; then
			echo "MISMATCH for $*: robin exit $rc_r, qemu exit $rc_q"
			diff <(echo "$out_q") <(echo "$out_r") | head -20
			cat /tmp/robin_e2e_err.$$
			rm -f /tmp/robin_e2e_err.$$
			return 1
		fi
	fi
	rm -f /tmp/robin_e2e_err.$$
	return 0
}

# guest_run EXPECTED-STATUS EXPECTED-LAST-LINE COMMAND...: run COMMAND under a timeout that
# only a hang reaches, its output in $T/out and $T/err (the caller's temporary directory);
# exit 1 showing both when the status or the last line (unless "") is not the expected one.
guest_run() {
	local want=$1 line=$2; shift 2
	set +e; timeout -s KILL 120 "$@" > "$T/out" 2> "$T/err"; local rc=$?; set -e
	[ $rc -eq "$want" ] || { echo "$*: exit $rc, expected $want"; cat "$T/out" "$T/err"; exit 1; }
	[ -z "$line" ] || [ "$(tail -n 1 "$T/out")" = "$line" ] ||
		{ echo "$*: printed"; cat "$T/out"; exit 1; }
}

# run_saved DIR NAME ARGS...: `robin run --stats-json DIR/NAME.json ARGS...` under a timeout only
# a hang reaches; stdout, stderr and exit status in DIR/NAME.out, .err, .rc.
run_saved() {
	local dir=$1 name=$2
	shift 2
	timeout -s KILL 300 "$ROBIN" run --stats-json "$dir/$name.json" "$@" >"$dir/$name.out" 2>"$dir/$name.err"
	echo $? >"$dir/$name.rc"
}

# runs_agree TAG DIR A B: the runs saved as A and B (run_saved) have the same exit status,
# instruction count, stdout and stderr; else says how they differ and returns 1.
runs_agree() {
	local tag=$1 dir=$2 a=$3 b=$4 na nb
	na=$(sed -n 's/.*"instructions"[[:space:]]*:[[:space:]]*\([0-9]*\).*/\1/p' "$dir/$a.json" | head -n1)
	nb=$(sed -n 's/.*"instructions"[[:space:]]*:[[:space:]]*\([0-9]*\).*/\1/p' "$dir/$b.json" | head -n1)
	if [ "$(cat "$dir/$a.rc")" != "$(cat "$dir/$b.rc")" ] || [ "$na" != "$nb" ] ||
	   ! cmp -s "$dir/$a.out" "$dir/$b.out" || ! cmp -s "$dir/$a.err" "$dir/$b.err"; then
		echo "$tag: $a (exit $(cat "$dir/$a.rc"), ${na:-?} instructions) and $b (exit $(cat "$dir/$b.rc"), ${nb:-?}) differ"
		diff "$dir/$b.out" "$dir/$a.out" | head -5
		diff "$dir/$b.err" "$dir/$a.err" | head -5
		return 1
	fi
	return 0
}

# jit_modes TAG DIR PROG ARGS...: PROG run with its blocks translated on their 16th entry
# (saved as DIR/j16), on their first (--jit 1, DIR/j1) and never (--jit 0, DIR/j0), each
# under --virtual-time: the three runs agree (runs_agree) and --jit 1 translated blocks;
# else says what and returns 1.
jit_modes() {
	local tag=$1 dir=$2 rc=0 t1
	shift 2
	run_saved "$dir" j16 --virtual-time -- "$@"
	run_saved "$dir" j1 --jit 1 --virtual-time -- "$@"
	run_saved "$dir" j0 --jit 0 --virtual-time -- "$@"
	runs_agree "$tag --jit 16/0" "$dir" j16 j0 || rc=1
	runs_agree "$tag --jit 1/0" "$dir" j1 j0 || rc=1
	t1=$(sed -n 's/.*"translated_blocks"[[:space:]]*:[[:space:]]*\([0-9]*\).*/\1/p' "$dir/j1.json" | head -n1)
	[ "${t1:-0}" -gt 0 ] || { echo "$tag: no block translated with --jit 1"; rc=1; }
	return $rc
}
