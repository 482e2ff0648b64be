#!/usr/bin/env bash
# bench/report_tools.sh — speed of the report commands on a large profile: every instruction
# of the statically linked guest program build/guest/tests/report_fixture.static (~92k
# instructions, ~1,900 functions of libc) carries samples in 8 runs of `cycles` and in one run
# of `oracle` + `tip` with commit-state details. Times `stats` (8 runs), `diff --insns
# --reference` (error at three granularities, CFG of every sampled function), `export --pprof`,
# `export --folded --insns` and `report --html`: the median of 3 runs each of wall and CPU
# time in ms, and instructions per CPU second. Needs `robin ingest`.
set -u
cd "$(dirname "$0")/.."
ROBIN=${ROBIN:-build/robin}
ELF=$PWD/build/guest/tests/report_fixture.static
REPS=${REPS:-3}
if ! "$ROBIN" ingest --help >/dev/null 2>&1 || [ ! -f "$ELF" ]; then
	echo "report tools: skipped (needs robin ingest and $ELF)"
	exit 0
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
riscv64-linux-gnu-objdump -d "$ELF" | awk '/^ +[0-9a-f]+:/ { sub(":", "", $1); print "0x" $1 }' > "$T/offs"
n=$(wc -l < "$T/offs")
db=$T/bench.db
t0=$(date +%s%N)
for r in 1 2 3 4 5 6 7 8; do
	awk -v elf="$ELF" -v seed=$r 'BEGIN { srand(seed); print "event cycles period=1000" }
		{ printf "%s %s cycles %d\n", elf, $1, 1 + int(rand() * 50) }' "$T/offs" |
		"$ROBIN" ingest --db "$db" --run-command "bench run $r" - 2>/dev/null || exit 1
done
awk -v elf="$ELF" 'BEGIN { srand(99); print "event oracle period=1 divisor=12"; print "event tip period=4000" }
	{ o = 12 * (1 + int(rand() * 40)); printf "%s %s oracle %d\n", elf, $1, o
	  printf "detail %s %s oracle commit_state %s %d\n", elf, $1, (rand() < 0.5 ? "computing" : "stalled"), o
	  printf "%s %s tip %d\n", elf, $1, 1 + int(rand() * 40) }' "$T/offs" |
	"$ROBIN" ingest --db "$db" --run-command "bench oracle tip" --simulated - 2>/dev/null || exit 1
t1=$(date +%s%N)
echo "report tools: database of $n instructions x (8 cycles runs + oracle + tip): $(( (t1 - t0) / 1000000 )) ms to ingest, $(du -k "$db" | cut -f1) KiB"

# median_ms command...: "WALL CPU" medians over REPS runs in ms (CPU = user + sys: the machine
# is shared, so wall time includes waiting for a core)
median_ms() {
	local i walls=() cpus=() t
	for i in $(seq "$REPS"); do
		t=$( { TIMEFORMAT='%R %U %S'; time "$@" > /dev/null 2> "$T/err"; } 2>&1 ) ||
			{ cat "$T/err" >&2; echo "-1 -1"; return; }
		walls+=($(echo "$t" | awk '{ printf "%d", $1 * 1000 }'))
		cpus+=($(echo "$t" | awk '{ printf "%d", ($2 + $3) * 1000 }'))
	done
	local w c
	w=$(printf '%s\n' "${walls[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
	c=$(printf '%s\n' "${cpus[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
	echo "$w $c"
}
printf '%-44s %9s %9s %14s\n' "command" "wall ms" "cpu ms" "insns/cpu-s"
run() {  # label command...
	local label=$1; shift
	local r; r=$(median_ms "$@")
	set -- $r
	printf '%-44s %9s %9s %14s\n' "$label" "$1" "$2" "$(awk -v n="$n" -v ms="$2" 'BEGIN { if (ms > 0) printf "%.0f", n * 1000 / ms; else print "-" }')"
}
run "stats --event cycles (8 runs)" "$ROBIN" stats --db "$db" --event cycles
run "diff --insns --reference B (tip vs oracle)" "$ROBIN" diff --db "$db" --run 9 event:tip event:oracle --insns --reference B
run "export --pprof (2 events)" "$ROBIN" export --db "$db" --run 9 --pprof "$T/p.pb.gz"
run "export --folded --insns (tip)" "$ROBIN" export --db "$db" --run 9 --event tip --folded "$T/f.txt" --insns
run "report --html (oracle, tip, details)" "$ROBIN" report --db "$db" --run 9 --html "$T/r.html"
echo "pprof file: $(du -k "$T/p.pb.gz" | cut -f1) KiB, HTML page: $(du -k "$T/r.html" | cut -f1) KiB"
