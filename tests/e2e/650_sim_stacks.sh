#!/usr/bin/env bash
# 650: exact calling context of simulated samples (emu/callstack.c -> probe_insn.ctx ->
# pmu_stacks -> schema-3 stacks -> `robin export --folded`) on tests/guest/stacks.c, whose
# stacks are known: a recursion of depth D ending in stacks_leaf (exactly D+1 stacks_rec frames
# under main), libc's qsort calling stacks_cmp (always below main;stacks_qsort_phase;qsort's
# frames), a longjmp out of stacks_deep1..3 (afterwards stacks_after_jump directly under
# stacks_jump_phase), a signal handler (stacks_in_handler below raise's interrupted frame) and
# the code after it (directly under stacks_signal_phase). Every profiler's stacks must hold
# all of its samples, and tracking stacks must not change one simulated cycle.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest stacks
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail=0
P=stacks.static
M="$P;_start;__libc_start_main;__libc_start_call_main;main"

for v in static dyn; do
	prog=$G/stacks.$v
	"$ROBIN" sim --sysroot "$SYSROOT" --profile all --period 97 --top 0 --stacks --db "$T/$v.db" \
		"$prog" 7 > "$T/$v.out" 2> "$T/$v.err" || { cat "$T/$v.err"; echo "FAIL: sim $v"; fail=1; continue; }
	grep -q "shadow stack: .* 1 unwinds, 1 signals (1 returned)" "$T/$v.err" ||
		{ grep "shadow" "$T/$v.err"; echo "FAIL: $v: the shadow stack did not see one longjmp and one signal"; fail=1; }
	"$ROBIN" export --db "$T/$v.db" --event oracle --folded "$T/$v.oracle" ||
		{ echo "FAIL: export $v"; fail=1; continue; }
	# the frames above main differ between static and dynamic programs: take them from the
	# recursion's stack
	# (dynamic: libc.so.6 has no .symtab, its static functions are [unknown], as in perf)
	M=$(grep ';stacks_rec;' "$T/$v.oracle" | head -1 | sed 's/;stacks_rec;.*//')
	case "$M" in *";main") ;; *) echo "FAIL: $v: no stack through main;stacks_rec ($M)"; fail=1; continue ;; esac
	M=$(printf '%s' "$M" | sed 's/[].[]/\\&/g')  # a regular expression
	R="$M;stacks_rec;stacks_rec;stacks_rec;stacks_rec;stacks_rec;stacks_rec;stacks_rec;stacks_rec"
	chk() { # chk EVENT-FILE PATTERN WHAT: at least one line matches
		grep -Eq "$2" "$1" || { echo "FAIL: $v $(basename "$1"): no $3"; fail=1; }
	}
	none() { # none FILE PATTERN WHAT: no line matches
		if grep -Eq "$2" "$1"; then echo "FAIL: $v $(basename "$1"): $3"; grep -E "$2" "$1" | head -3; fail=1; fi
	}
	for ev in oracle tip nci lci; do
		f=$T/$v.$ev
		[ -s "$f" ] || "$ROBIN" export --db "$T/$v.db" --event $ev --folded "$f" || { echo "FAIL: export $ev"; fail=1; continue; }
		# the recursion: exactly 8 levels (depth 7) above the loop, never another depth
		chk "$f" "^$R;stacks_leaf [0-9.]+$" "stack main;8 x stacks_rec;stacks_leaf"
		none "$f" "^$(echo "$R" | sed 's/;stacks_rec$//');stacks_leaf |;stacks_rec;stacks_rec;stacks_rec;stacks_rec;stacks_rec;stacks_rec;stacks_rec;stacks_rec;stacks_rec;" \
			"a recursion of the wrong depth"
		# qsort's comparator: always called from libc's qsort under stacks_qsort_phase
		chk "$f" "^$M;stacks_qsort_phase;[^ ]*qsort[^ ]*;stacks_cmp [0-9.]+$" "qsort -> stacks_cmp"
		none "$f" "stacks_cmp;" "a frame below stacks_cmp"
		grep ';stacks_cmp ' "$f" | grep -Ev "^$M;stacks_qsort_phase;[^ ]*qsort" | head -3 | grep . &&
			{ echo "FAIL: $v $ev: stacks_cmp outside qsort"; fail=1; }
		# longjmp: the code after it runs directly under stacks_jump_phase
		chk "$f" "^$M;stacks_jump_phase;stacks_after_jump;stacks_leaf [0-9.]+$" "after the longjmp"
		none "$f" "stacks_deep[0-9];.*stacks_after_jump|stacks_after_jump;.*stacks_deep" "frames the longjmp left"
		# the signal handler below the interrupted frame, and the code after it
		chk "$f" "^$M;stacks_signal_phase;raise;[^ ]*;stacks_in_handler;stacks_leaf [0-9.]+$" "the handler's stack"
		chk "$f" "^$M;stacks_signal_phase;stacks_after_signal;stacks_leaf [0-9.]+$" "after the handler"
		none "$f" "stacks_in_handler;.*stacks_after_signal" "the handler's frame after it returned"
	done
done

# every sample keeps its stack: per event, the stacks sum to the flat profile; and the
# simulation with stacks takes exactly the cycles of one without
"$ROBIN" sim --sysroot "$SYSROOT" --profile all --period 97 --top 0 --no-stacks --db "$T/flat.db" \
	"$G/stacks.static" 7 > "$T/flat.out" 2> "$T/flat.err" || { cat "$T/flat.err"; echo "FAIL: sim --no-stacks"; fail=1; }
c1=$(grep -o "samples over [0-9]* cycles" "$T/static.err"); c2=$(grep -o "samples over [0-9]* cycles" "$T/flat.err")
[ -n "$c1" ] && [ "$c1" = "$c2" ] || { echo "FAIL: cycles with stacks '$c1' vs without '$c2'"; fail=1; }
sum() { awk '{ s += $NF } END { printf "%.3f\n", s }' "$1"; }
for ev in oracle tip tip-ilp nci nci-ilp lci software dispatch fetch; do
	"$ROBIN" export --db "$T/static.db" --event $ev --folded "$T/s.$ev" &&
	"$ROBIN" export --db "$T/flat.db" --event $ev --folded "$T/f.$ev" || { echo "FAIL: export $ev"; fail=1; continue; }
	a=$(sum "$T/s.$ev"); b=$(sum "$T/f.$ev")
	# equal but for the rounding of fractional lines to three decimals (0.0005 per line)
	n=$(cat "$T/s.$ev" "$T/f.$ev" | wc -l)
	awk -v a="$a" -v b="$b" -v n="$n" 'BEGIN { d = a - b; exit !(d <= 0.0005 * n && -d <= 0.0005 * n) }' ||
		{ echo "FAIL: $ev: stacks hold $a samples, the flat profile $b"; fail=1; }
	# a flat line has two frames (image;function); a stack line starts at _start
	grep -q "^$P;_start;" "$T/s.$ev" || { echo "FAIL: $ev has no full stacks"; fail=1; }
	echo "$ev: $a samples, $(wc -l < "$T/s.$ev") stacks"
done

# robin prof's call-graph views over the same stacks (TIP, the static program)
db=$T/static.db
"$ROBIN" prof --db "$db" --event tip --children --csv > "$T/children.csv" || { echo "FAIL: --children"; fail=1; }
head -3 "$T/children.csv"
# _start is on every stack: children 100%; stacks_leaf is a leaf: children = self
grep -q '^1,[^,]*,[0-9.]*,[0-9.]*,_start,' "$T/children.csv" || { echo "FAIL: _start not at 100% children"; fail=1; }
awk -F, '$5 == "stacks_leaf" { exit !($3 == $4 && $3 > 0) }' "$T/children.csv" ||
	{ echo "FAIL: stacks_leaf children != self"; fail=1; }
# children of stacks_rec = the samples of its recursion (leaf included), counted once
# although the procedure appears eight times on each stack
rec=$(awk -F, '$5 == "stacks_rec" { print $3 }' "$T/children.csv")
want=$(awk '/;stacks_rec[; ]/ { s += $NF } END { print s }' "$T/s.tip")
[ -n "$rec" ] && awk -v a="$rec" -v b="$want" 'BEGIN { exit !(a == b) }' ||
	{ echo "FAIL: stacks_rec children $rec, its stacks hold $want"; fail=1; }
"$ROBIN" prof --db "$db" --event tip --callers stacks_cmp --csv > "$T/callers.csv" || { echo "FAIL: --callers"; fail=1; }
cat "$T/callers.csv"
[ "$(tail -n +2 "$T/callers.csv" | cut -d, -f3)" = "msort_with_tmp.part.0" ] ||
	{ echo "FAIL: stacks_cmp's only caller is glibc's msort_with_tmp"; fail=1; }
"$ROBIN" prof --db "$db" --event tip --callees stacks_rec --csv > "$T/callees.csv" || { echo "FAIL: --callees"; fail=1; }
cat "$T/callees.csv"
[ "$(tail -n +2 "$T/callees.csv" | cut -d, -f3 | sort | tr '\n' ' ')" = "[self] stacks_leaf stacks_rec " ] ||
	{ echo "FAIL: stacks_rec's callees"; fail=1; }
if "$ROBIN" prof --db "$db" --event tip --callers nosuchfunc 2> "$T/err"; then echo "FAIL: unknown FUNC accepted"; fail=1; fi
grep -q "no procedure 'nosuchfunc'" "$T/err" || { cat "$T/err"; fail=1; }
if "$ROBIN" prof --db "$T/flat.db" --event tip --children 2> "$T/err"; then echo "FAIL: --children without stacks"; fail=1; fi
grep -q "holds no call stacks" "$T/err" || { cat "$T/err"; fail=1; }
exit $fail
