#!/usr/bin/env bash
# test: serial (samples the host)
# 664: JIT code named from a jitdump file (perf's jit-PID.dump) without a perf map
# (tests/host/collect_jitmap.c --jitdump, x86-64): the program copies a counting loop into
# anonymous executable memory, writes ./jit-PID.dump in its working directory (not /tmp) and
# mmaps it PROT_EXEC, as JITs do for perf, so robin finds the file in its maps. The dump holds
# what a reader must survive: debug and unwinding info records to skip, two malformed loads,
# an earlier "stale_name" load over the same code that the later "jit_spin" load overrides;
# half-way a load of "jit_spin2 with spaces" elsewhere and a JIT_CODE_MOVE of it onto a second
# copy, written in two parts a second apart (a commit in between sees a partial record), then
# the program runs that copy and removes its dump. With commits every second, on both sampling
# paths (bpf, ring): jit_spin and "jit_spin2 with spaces" each hold >= 35% of the samples, the
# overridden "stale_name" and [unknown] none (< 5%), 2 malformed records are counted (run total
# jit_dump_malformed) and 4 entries stored (3 loads and the move); the image is
# "[jit] jit-PID.dump"; `robin annotate` of a JIT function and the folded export do not fail.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
[ "$(uname -m)" = x86_64 ] || cl_skip "skip: the test's JIT code is x86-64"
CL_TMP=$(mktemp -d); trap 'rm -rf "$CL_TMP"' EXIT
gcc -O1 -o "$CL_TMP/jitmap" "$ROBIN_ROOT/tests/host/collect_jitmap.c" || exit 1
ROBIN=$(cd "$(dirname "$ROBIN")" && pwd)/$(basename "$ROBIN")
mkdir "$CL_TMP/cwd" && cd "$CL_TMP/cwd"
fail=0
for path in bpf ring; do
	db=$CL_TMP/$path.db
	if ! "$ROBIN" record -q --db "$db" --path $path --flush-s 1 -- "$CL_TMP/jitmap" --jitdump 4 2> "$CL_TMP/err"; then
		cat "$CL_TMP/err"
		[ $path = bpf ] && grep -q "^robin record: --path bpf:" "$CL_TMP/err" && { echo "(no BPF here)"; continue; }
		echo "FAIL: robin record --path $path"; fail=1; continue
	fi
	"$ROBIN" prof --db "$db" > "$CL_TMP/prof.txt" 2>&1 || { cat "$CL_TMP/prof.txt"; echo "FAIL: prof ($path)"; fail=1; continue; }
	r=$(cl_jit_shares "$CL_TMP/prof.txt")
	set -- $r
	echo "$path: jit_spin $1%, jit_spin2 $2%, stale_name $3%, [unknown] $4% of $5 samples"
	awk -v a="$1" -v b="$2" -v s="$3" -v u="$4" 'BEGIN { exit !(a >= 35 && b >= 35 && s == 0 && u < 5) }' ||
		{ echo "FAIL: $path: the JIT functions are not named as the jitdump says"; sed -n 5,12p "$CL_TMP/prof.txt"; fail=1; }
	m=$(cl_total "$db" jit_dump_malformed) n=$(cl_total "$db" jit_symbols)
	[ "$m" = 2 ] && [ "$n" = 4 ] || { echo "FAIL: $path: $n entries stored, $m malformed records (want 4 and 2)"; fail=1; }
	img=$(sqlite3 "$db" "select count(*) from image where path like '[jit] jit-%.dump'")
	[ "$img" = 1 ] || { echo "FAIL: $path: no [jit] jit-PID.dump image in the database"; fail=1; }
	"$ROBIN" annotate --db "$db" jit_spin > "$CL_TMP/ann.txt" 2>&1 ||
		{ cat "$CL_TMP/ann.txt"; echo "FAIL: $path: annotate jit_spin"; fail=1; }
	"$ROBIN" export --db "$db" --folded "$CL_TMP/f.txt" > /dev/null 2>&1 ||
		{ echo "FAIL: $path: export --folded"; fail=1; }
done
[ $fail = 0 ] && echo "PASS: 664 jitdump (synthetic JIT)"
exit $fail
