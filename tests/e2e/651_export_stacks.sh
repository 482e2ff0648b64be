#!/usr/bin/env bash
# 651: `robin export` of simulated profiles with call stacks (tests/guest/stacks.c): the
# folded lines, the pprof samples (decoded by hand from the protobuf wire format,
# tests/e2e/lib/pprof_decode.py: every sample's locations leaf first, with functions) and the
# speedscope samples all give the same stacks with the same samples; the pprof stacks are
# full (from _start down to the leaf), and the recursion keeps its 6 levels.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest stacks
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail=0
"$ROBIN" sim --profile tip --period 97 --top 0 -g --db "$T/s.db" "$G/stacks.static" 5 \
	> "$T/out" 2> "$T/err" || { cat "$T/err"; echo "FAIL: sim"; exit 1; }
"$ROBIN" export --db "$T/s.db" --event tip --folded "$T/f" --pprof "$T/p.pb.gz" \
	--speedscope "$T/s.json" || { echo "FAIL: export"; exit 1; }
# folded: drop the image name; pprof values are samples x period (97)
cut -d';' -f2- "$T/f" | awk '{ c[$1] += $2 } END { for (k in c) printf "%s %.3f\n", k, c[k] }' |
	sort > "$T/folded.txt"
python3 "$ROBIN_ROOT/tests/e2e/lib/pprof_decode.py" "$T/p.pb.gz" > "$T/pprof.raw" ||
	{ echo "FAIL: pprof does not decode"; exit 1; }
awk '$1 == "tip" { c[$3] += $2 / 97 } END { for (k in c) printf "%s %.3f\n", k, c[k] }' \
	"$T/pprof.raw" | sort > "$T/pprof.txt"
python3 - "$T/s.json" > "$T/speedscope.txt" <<'PY' || { echo "FAIL: speedscope"; fail=1; }
import json, sys
d = json.load(open(sys.argv[1]))
f = d["shared"]["frames"]
c = {}
for p in d["profiles"]:
    assert p["type"] == "sampled" and p["name"] == "tip"
    assert len(p["samples"]) == len(p["weights"])
    for s, w in zip(p["samples"], p["weights"]):
        k = ";".join(f[i]["name"] for i in s)
        c[k] = c.get(k, 0) + w
for k in sorted(c):
    print("%s %.3f" % (k, c[k]))
PY
# the three agree within the rounding of folded counts and integer pprof values
cmp3() {
	join -j1 -a1 -a2 -e 0 -o 0,1.2,2.2 <(sed 's/ \([^ ]*\)$/\t\1/' "$1" | tr ' ' '\a' | sort) \
		<(sed 's/ \([^ ]*\)$/\t\1/' "$2" | tr ' ' '\a' | sort) -t "$(printf '\t')" |
		awk -F'\t' -v tol="$3" '{ d = $2 - $3; m = ($2 > $3 ? $2 : $3) * tol + 0.002
			if (d > m || -d > m) { n++; print "  " $0 } } END { exit n > 0 }'
}
# (pprof values are integers, samples x 97 rounded per (stack, instruction): within 1%)
cmp3 "$T/folded.txt" "$T/pprof.txt" 0.01 || { echo "FAIL: pprof stacks differ from the folded ones"; fail=1; }
cmp3 "$T/folded.txt" "$T/speedscope.txt" 0.00001 || { echo "FAIL: speedscope stacks differ from the folded ones"; fail=1; }
n=$(wc -l < "$T/folded.txt")
[ "$n" -gt 50 ] || { echo "FAIL: only $n stacks"; fail=1; }
grep -q '^_start;__libc_start_main;__libc_start_call_main;main;stacks_rec;stacks_rec;stacks_rec;stacks_rec;stacks_rec;stacks_rec;stacks_leaf ' "$T/pprof.txt" ||
	{ echo "FAIL: pprof lacks the full recursion stack"; fail=1; }
grep -q ';stacks_qsort_phase;__qsort_r;msort_with_tmp.part.0;.*stacks_cmp ' "$T/pprof.txt" ||
	{ echo "FAIL: pprof lacks qsort -> stacks_cmp"; fail=1; }
grep -v '^_start[; ]' "$T/pprof.txt" | grep -v '^\[unknown\]' | head -3 | grep . &&
	{ echo "FAIL: pprof stacks that do not start at _start"; fail=1; }
echo "$n stacks agree in folded, pprof and speedscope"
exit $fail
