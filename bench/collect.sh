#!/usr/bin/env bash
# bench/collect.sh — the collector's overhead, side by side in one run (`make bench-collect`):
# CPU-bound workloads (gzip compression, sort of a big file, a perl loop, a gcc -j2 build of
# several C files) timed alone, under `robin record` (default path: BPF aggregation in the
# kernel; and the ring-buffer path), and under `perf record -e cpu-clock` at the same
# frequency, at 1 kHz and 4 kHz; medians of BENCH_RUNS runs (default 5), configurations
# interleaved run by run so machine noise hits them alike. Then the daemon: CPU time per
# sample (DCPI Table VI), peak RSS and database growth, over a few minutes of system-wide
# profiling of the same workloads.
# Call stacks: `robin record -g` (frame pointers; ring path, and BPF path with the stacks counted
# in the kernel) and `--call-graph dwarf` beside `perf record -g` and `--call-graph dwarf` at the
# same rate, CPU seconds of the profiled program and of the
# collector apart (medians, interleaved), and the CPU perf report needs to turn perf's stack
# copies into stacks (robin unwinds while it records).
# Environment: ROBIN (default build/robin), BENCH_RUNS, BENCH_FREQS ("1000 4000"),
# BENCH_PARTS (default "flat stacks daemon").
set -u
cd "$(dirname "$0")/.."
ROBIN=${ROBIN:-$PWD/build/robin}
RUNS=${BENCH_RUNS:-5}
FREQS=${BENCH_FREQS:-"1000 4000"}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
have_perf=1
command -v perf >/dev/null || have_perf=0

# ---- inputs ------------------------------------------------------------------------------
head -c 24000000 /dev/urandom | base64 > "$T/data.txt"          # ~32 MB of text
head -c 6000000 /dev/urandom | od -An -tx4 -w16 -v > "$T/sort.txt" # 375k lines
mkdir -p "$T/src"
for i in 1 2 3 4 5 6; do cp tests/host/collect_spin.c "$T/src/f$i.c"; done
cp src/collect/procmap.c src/collect/collector.c src/collect/daemon.c "$T/src/"
cat > "$T/build.sh" <<EOS
cd "$T/src" && ls *.c | xargs -P2 -I{} gcc -O2 -D_GNU_SOURCE -I$PWD/src -c {} -o "$T/src/{}.o"
EOS
declare -A WL
WL[gzip]="gzip -6 -c $T/data.txt > /dev/null"
WL[sort]="LC_ALL=C sort $T/sort.txt > /dev/null"
WL[perl]="perl -e 'my \$s = 0; for my \$i (1 .. 4000000) { \$s += (\$i * \$i) % 7 } print \"\" . (\$s > 0 ? \"\" : \"x\")'"
WL[build]="bash $T/build.sh"
ORDER="gzip sort perl build"

runit() { # config freq workload -> "wall_s cpu_s"
	local cfg=$1 f=$2 w=${WL[$3]} t
	TIMEFORMAT="%R %U %S"
	case $cfg in
	alone) t=$( { time bash -c "$w" >/dev/null 2>&1; } 2>&1 ) ;;
	robin) t=$( { time "$ROBIN" record -q --db "$T/r.db" --freq "$f" -- bash -c "$w" >/dev/null 2>&1; } 2>&1 ) ;;
	robin-ring) t=$( { time "$ROBIN" record -q --path ring --db "$T/r.db" --freq "$f" -- bash -c "$w" >/dev/null 2>&1; } 2>&1 ) ;;
	perf) t=$( { time perf record -q -e cpu-clock -F "$f" -o "$T/perf.data" -- bash -c "$w" >/dev/null 2>&1; } 2>&1 ) ;;
	esac
	echo "$t" | awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }'
}

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

PARTS=${BENCH_PARTS:-"flat stacks daemon"}
part() { case " $PARTS " in *" $1 "*) return 0 ;; esac; return 1; }

CONFIGS="alone robin robin-ring"
[ $have_perf = 1 ] && CONFIGS="$CONFIGS perf"
echo "# robin bench-collect: $(uname -r), $(nproc) CPUs, $RUNS runs per cell, event cpu-clock"
echo "# robin record path: $("$ROBIN" record --db "$T/probe.db" -- true 2>&1 | sed -n 's/.*; path \([a-z]*\) .*/\1/p' | head -n 1)"
[ $have_perf = 1 ] || echo "# perf is not installed: no perf column"
for f in $FREQS; do
	part flat || continue
	echo
	echo "## $f Hz per CPU: median wall seconds (slowdown vs alone); median CPU seconds of the whole run"
	printf "| %-6s |" workload
	for c in $CONFIGS; do printf " %-22s |" "$c"; done
	echo
	printf "| --- |"; for c in $CONFIGS; do printf " --- |"; done; echo
	for w in $ORDER; do
		for c in $CONFIGS; do : > "$T/$w.$c.wall"; : > "$T/$w.$c.cpu"; done
		for r in $(seq "$RUNS"); do
			for c in $CONFIGS; do
				rm -f "$T/r.db"*
				set -- $(runit "$c" "$f" "$w")
				echo "$1" >> "$T/$w.$c.wall"; echo "$2" >> "$T/$w.$c.cpu"
			done
		done
		base=$(median < "$T/$w.alone.wall")
		printf "| %-6s |" "$w"
		for c in $CONFIGS; do
			m=$(median < "$T/$w.$c.wall"); cpu=$(median < "$T/$w.$c.cpu")
			printf " %6.3f (%+5.1f%%) %5.2fc |" "$m" "$(echo "$m $base" | awk '{ print 100 * ($1 / $2 - 1) }')" "$cpu"
		done
		echo
	done
done

# ---- call stacks: -g and --call-graph dwarf beside perf's ----------------------------------
# stack_run CONFIG FREQ WORKLOAD -> "program_cpu collector_cpu report_cpu" (seconds)
stack_run() {
	local cfg=$1 f=$2 w="$3; times > $T/times" t post=0
	rm -f "$T/times" "$T/s.db"* "$T/p.data"
	TIMEFORMAT="%U %S"
	case $cfg in
	alone) t=$( { time bash -c "$w" >/dev/null 2>&1; } 2>&1 ) ;;
	robin-fp) t=$( { time "$ROBIN" record -q -g --path ring --db "$T/s.db" --freq "$f" -- bash -c "$w" >/dev/null 2>&1; } 2>&1 ) ;;
	robin-fp-bpf) t=$( { time "$ROBIN" record -q -g --path bpf --db "$T/s.db" --freq "$f" -- bash -c "$w" >/dev/null 2>&1; } 2>&1 ) ;;
	robin-dwarf) t=$( { time "$ROBIN" record -q --call-graph dwarf --db "$T/s.db" --freq "$f" -- bash -c "$w" >/dev/null 2>&1; } 2>&1 ) ;;
	perf-fp) t=$( { time perf record -q -g -e cpu-clock -F "$f" -o "$T/p.data" -- bash -c "$w" >/dev/null 2>&1; } 2>&1 ) ;;
	perf-dwarf) t=$( { time perf record -q --call-graph dwarf -e cpu-clock -F "$f" -o "$T/p.data" -- bash -c "$w" >/dev/null 2>&1; } 2>&1 ) ;;
	esac
	case $cfg in perf-*)
		TIMEFORMAT="%U %S"
		post=$( { time perf report -i "$T/p.data" --stdio --no-children -g folded > /dev/null 2>&1; } 2>&1 |
			awk '{ print $1 + $2 }') ;;
	esac
	# bash's `times`: its own user/sys, then its children's, as 0m1.234s
	local prog
	prog=$(tr -s ' \n' '\n' < "$T/times" | awk '{ split($1, a, "m"); sub(/s$/, "", a[2]); s += a[1] * 60 + a[2] } END { print s }')
	echo "$t" | awk -v p="$prog" -v post="$post" '{ printf "%.3f %.3f %.3f\n", p, $1 + $2 - p, post }'
}

if part stacks; then
	gcc -O1 -g -fno-omit-frame-pointer -o "$T/calls-fp" tests/host/collect_calls.c
	gcc -O2 -g -fomit-frame-pointer -o "$T/calls-nofp" tests/host/collect_calls.c
	SCONFIGS="alone robin-fp robin-fp-bpf robin-dwarf"
	[ $have_perf = 1 ] && SCONFIGS="alone robin-fp robin-fp-bpf perf-fp robin-dwarf perf-dwarf"
	for f in $FREQS; do
		echo
		echo "## call stacks at $f Hz: median CPU seconds of the profiled program (vs alone), of the"
		echo "## collector (robin: sampling, unwinding, storing; perf: writing perf.data), and of"
		echo "## perf report -g to get the stacks perf recorded (robin has them in its database)"
		printf "| %-22s |" "workload"
		for c in $SCONFIGS; do printf " %-26s |" "$c"; done
		echo
		printf "| --- |"; for c in $SCONFIGS; do printf " --- |"; done; echo
		for w in calls-fp calls-nofp gzip; do
			case $w in
			calls-*) cmd="$T/$w 200" ;;
			gzip) cmd=${WL[gzip]} ;;
			esac
			for c in $SCONFIGS; do : > "$T/s.$c"; done
			for r in $(seq "$RUNS"); do
				for c in $SCONFIGS; do stack_run "$c" "$f" "$cmd" >> "$T/s.$c"; done
			done
			base=$(awk '{ print $1 }' "$T/s.alone" | median)
			printf "| %-22s |" "$w"
			for c in $SCONFIGS; do
				p=$(awk '{ print $1 }' "$T/s.$c" | median)
				k=$(awk '{ print $2 }' "$T/s.$c" | median)
				q=$(awk '{ print $3 }' "$T/s.$c" | median)
				if [ "$c" = alone ]; then
					printf " prog %6.3f                |" "$p"
				else
					printf " prog %6.3f (%+5.1f%%) coll %5.3f%s |" "$p" \
						"$(echo "$p $base" | awk '{ print 100 * ($1 / $2 - 1) }')" "$k" \
						"$(case $c in perf-*) printf " rep %5.3f" "$q" ;; esac)"
				fi
			done
			echo
		done
	done
fi

# ---- the daemon: CPU per sample, memory, database growth ------------------------------------
part daemon || exit 0
echo
echo "## daemon (system-wide, 1 kHz, merge every 10 s) over the workloads run twice"
dir=$T/daemon db=$T/daemon.db
"$ROBIN" daemon start --dir "$dir" --db "$db" --interval 10 --freq 1000 > "$T/d.out" 2>&1 ||
	{ cat "$T/d.out"; exit 1; }
pid=$(cat "$dir/daemon.pid")
ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
sleep 1
c0=$(ticks); t0=$(date +%s.%N)
s0=$("$ROBIN" daemon status --dir "$dir" | sed -n 's/^aggregation: \([0-9]*\) samples.*/\1/p')
dbsize() { cat "$db" "$db-wal" 2>/dev/null | wc -c; }
size0=$(dbsize)
for pass in 1 2; do for w in $ORDER; do bash -c "${WL[$w]}" > /dev/null 2>&1; done; done
"$ROBIN" daemon flush --dir "$dir" > /dev/null
c1=$(ticks); t1=$(date +%s.%N)
"$ROBIN" daemon status --dir "$dir" > "$T/status"
s1=$(sed -n 's/^aggregation: \([0-9]*\) samples.*/\1/p' "$T/status")
"$ROBIN" daemon stop --dir "$dir" > /dev/null
size2=$(stat -c %s "$db") # checkpointed: the daemon closes the database before it is gone
cat "$T/status" | sed 's/^/    /'
awk -v c0="$c0" -v c1="$c1" -v hz="$hz" -v s0="$s0" -v s1="$s1" -v t0="$t0" -v t1="$t1" \
    -v z0="$size0" -v z2="$size2" 'BEGIN {
	cpu = (c1 - c0) / hz; n = s1 - s0; el = t1 - t0
	printf "daemon CPU %.3f s for %d samples in %.1f s: %.2f us per sample (%.3f%% of one CPU)\n", cpu, n, el, n ? 1e6 * cpu / n : 0, 100 * cpu / el
	printf "database %d -> %d bytes in %.1f s of profiling: %.1f MB per hour at this rate (first hour; growth slows as images and offsets repeat)\n", z0, z2, el, (z2 - z0) / el * 3600 / 1048576
}'
