#!/usr/bin/env bash
# valgrind.sh — `make valgrind`: every robin tool once under valgrind's memcheck on the release
# build (ASan/UBSan cover make check; this is the second opinion on leaks and uninitialised
# reads, without instrumentation): robin run, sim (with every simulated profiler and a
# database), config, disasm, ingest, prof, annotate, db, stats, diff, export, report and
# accuracy, run --isa, run --etrace and etrace, sim's RISC-V profilers (sscofpmf, ctr) and
# record --off-cpu. Small inputs keep it to a few minutes. Any leak ("definitely" or "indirectly
# lost") or memory error fails the step and the script; the log of each step is kept in
# build/valgrind/. env: ROBIN (default build/robin).
set -u
cd "$(dirname "$0")/.."
export ROBIN_ROOT=$PWD
ROBIN=${ROBIN:-build/robin}
command -v valgrind >/dev/null || { echo "valgrind.sh: valgrind is not installed (scripts/install-deps.sh installs it)" >&2; exit 2; }
[ -x "$ROBIN" ] || { echo "valgrind.sh: $ROBIN not found (make build/robin guest)" >&2; exit 2; }
# memcheck finds leaks by replacing malloc in a shared libc: a static robin (the release build)
# would pass vacuously
readelf -l "$ROBIN" 2>/dev/null | grep -q 'Requesting program interpreter' ||
	{ echo "valgrind.sh: $ROBIN is statically linked; use make valgrind (build/valgrind-bin/robin)" >&2; exit 2; }
LOG=build/valgrind
rm -rf "$LOG"; mkdir -p "$LOG"
T=$(mktemp -d "${TMPDIR:-/tmp}/robin-valgrind.XXXXXX")
trap 'rm -rf "$T"' EXIT
G=build/guest
HELLO=$G/tests/hello.static
CRC=$G/workloads/crc32.static
IMG=$G/workloads/imagick.dyn
fail=0 n=0

# step NAME EXPECTED_STATUS robin-args...: one tool under memcheck
step() {
	local name=$1 want=$2; shift 2
	n=$((n + 1))
	valgrind --quiet --leak-check=full --show-leak-kinds=definite,indirect \
		--errors-for-leak-kinds=definite,indirect --error-exitcode=99 --track-origins=yes \
		--log-file="$LOG/$name.log" "$ROBIN" "$@" >"$LOG/$name.out" 2>"$LOG/$name.err"
	local rc=$?
	if [ $rc -eq 99 ] || [ -s "$LOG/$name.log" ]; then
		echo "FAIL $name: memcheck reports (build/valgrind/$name.log):"; head -n 20 "$LOG/$name.log" | sed 's/^/    /'
		fail=1
	elif [ $rc -ne "$want" ]; then
		echo "FAIL $name: exit $rc, expected $want: $(tail -n 1 "$LOG/$name.err")"
		fail=1
	else
		echo "ok   $name"
	fi
}

step run 3 run -- "$HELLO"   # hello exits 3 on purpose (tests/guest/hello.c)
step run-dynamic 124 run --max-insns 300000 -- "$IMG"
step run-fault 139 run -- $G/tests/segv.static
step run-bad-elf 1 run -- scripts/valgrind.sh
step sim 124 sim --quiet --no-progress --max-insns 200000 --stats-json "$T/s.json" --pipeview "$T/p.txt" --pipeview-window 1000:1200 -- "$CRC"
step sim-profile 124 sim --quiet --no-progress --max-insns 200000 --profile all --period 997 --db "$T/sim.db" --stats-json "$T/sp.json" -- "$IMG"
step config 0 config --dump --preset boom-medium --set rob_entries=96
step config-bad 1 config --dump --set no_such_key=1
step disasm 0 disasm "$HELLO"
printf 'event cycles period=1000\n%s 0x10b0 cycles 5\n%s 0x10b4 cycles 7\n' "$PWD/$HELLO" "$PWD/$HELLO" >"$T/in.txt"
step ingest 0 ingest --db "$T/a.db" "$T/in.txt"
step ingest-bad 1 ingest --db "$T/a.db" scripts/valgrind.sh
step prof 0 prof --db "$T/sim.db"
step annotate 0 annotate --db "$T/sim.db" --event tip im_mean_shift
step db-info 0 db info --db "$T/sim.db"
step db-check 0 db check --db "$T/sim.db"
step stats 0 stats --db "$T/sim.db" --event tip
step diff 0 diff --db "$T/sim.db" run:1/event:tip run:1/event:oracle --reference B
step export-pprof 0 export --db "$T/sim.db" --pprof "$T/p.pb.gz"
step export-folded 0 export --db "$T/sim.db" --event tip --folded "$T/f.txt"
step report 0 report --db "$T/sim.db" --html "$T/r.html"
step accuracy 0 accuracy --quiet --size 1 --max-insns 150000 --period 499 --jobs 1 crc32
step sim-dcpi 3 sim --quiet --no-progress --preset inorder-dual --period 997 --profile issue-head,dcpix,dcpix-taken,dcpix-imiss --db "$T/dcpi.db" -- "$HELLO"
step calc 0 calc --db "$T/dcpi.db" main
step calc-evaluate 0 calc --db "$T/dcpi.db" --evaluate --summary
step topstalls 0 topstalls --db "$T/dcpi.db" --json
step run-isa 0 run --isa rva23 -- $G/tests/isa_ext.static
step run-vector 0 run --vlen 512 -- $G/vector/vintrin.static
step sim-vector 0 sim --quiet --no-progress --vlen 256 --max-insns 200000 --profile tip,tea --period 97 --stats-json "$T/v.json" -- $G/tests/vcore_loop.static add 64 300
step run-etrace 124 run --max-insns 300000 --etrace "$T/e.et" --stats-json "$T/e.json" -- "$CRC"
step etrace 0 etrace "$T/e.et"
step sim-riscv-profilers 124 sim --quiet --no-progress --max-insns 200000 --profile sscofpmf,ctr --period 997 --stats-json "$T/rv.json" -- "$IMG"
step record-off-cpu 0 record --off-cpu -g --path ring --db "$T/rec.db" -- sleep 0.3  # (libbpf's own kernel probes pass uninitialised union bytes: not robin's)

echo "$n tools under memcheck: $([ $fail -eq 0 ] && echo "no leaks, no errors" || echo "FAILED")"
exit $fail
