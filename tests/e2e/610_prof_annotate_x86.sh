#!/usr/bin/env bash
# 610: robin prof / annotate on a native x86-64 program built with gcc -g -O1: samples
# ingested at offsets taken from nm and objdump give the right procedures, percentages and
# source lines (checked against addr2line); a stripped copy is symbolised through its
# build-id debug file; --json and --csv parse.
set -eu
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
[ "$(uname -m)" = x86_64 ] || { echo "not an x86-64 host"; exit 77; }
command -v gcc >/dev/null || { echo "no gcc"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cd "$T"
cat > prog.c <<'C'
#include <stdio.h>
#include <stdlib.h>
static inline int sq(int x) { return x * x; }
__attribute__((noinline)) long hot_loop(int n)
{
	long s = 0;
	for (int i = 0; i < n; i++)
		s += sq(i) ^ (s >> 3);
	return s;
}
__attribute__((noinline)) long cold_path(int n)
{
	return n * 3 + 1;
}
int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000;
	printf("%ld %ld\n", hot_loop(n), cold_path(n));
	return 0;
}
C
gcc -g -O1 -o prog prog.c
addr() { printf "0x%x" "0x$(nm prog | awk -v f="$1" '$3 == f { print $1 }')"; }
HOT=$(addr hot_loop); COLD=$(addr cold_path); MAIN=$(addr main)
[ -n "$HOT" ] && [ -n "$COLD" ] && [ -n "$MAIN" ]
# The imul of the inlined sq() and the xor in hot_loop, from objdump.
IMUL=0x$(objdump -d --no-show-raw-insn prog | awk '/<hot_loop>:/,/^$/' | awk '/imul/ { sub(":", "", $1); print $1; exit }')
XOR=0x$(objdump -d --no-show-raw-insn prog | awk '/<hot_loop>:/,/^$/' | awk '/xor/ { sub(":", "", $1); print $1; exit }')
[ "$IMUL" != 0x ] && [ "$XOR" != 0x ]
P=$T/prog
{
	echo "event cycles period=10000"
	echo "$P $IMUL cycles 500"
	echo "$P $XOR cycles 200"
	echo "$P $(printf '0x%x' $((COLD + 2))) cycles 200"
	echo "$P $(printf '0x%x' $((MAIN + 4))) cycles 100"
	echo "$P $IMUL imiss 30"
	echo "$P $(printf '0x%x' $((MAIN + 4))) imiss 10"
	echo "- 0xffffffff81000010 cycles 0"
} > s.txt
DB=$T/t.db
"$ROBIN" ingest --db "$DB" s.txt
"$ROBIN" prof --db "$DB" > prof.txt
cat prof.txt
grep -q "Total samples for event type cycles = 1000, imiss = 40" prof.txt
grep -Eq "^ +700 +70\.0% +70\.0% +30 +75\.0% +75\.0%  hot_loop +$P$" prof.txt
grep -Eq "^ +200 +20\.0% +90\.0% +0 +0\.0% +75\.0%  cold_path +$P$" prof.txt
grep -Eq "^ +100 +10\.0% +100\.0% +10 +25\.0% +100\.0%  main +$P$" prof.txt
# Sorted by the second event when asked to.
"$ROBIN" prof --db "$DB" --event imiss --event cycles | grep -A1 procedure | tail -1 | grep -q hot_loop
"$ROBIN" prof --db "$DB" -n 1 | grep -q "2 more rows not shown"
"$ROBIN" prof --db "$DB" --images | grep -Eq "^ +1000 +100\.0% +100\.0% +40 +100\.0% +100\.0%  $P$"

# annotate: the hot instruction with its source line from addr2line and the text of it.
"$ROBIN" annotate --db "$DB" hot_loop > ann.txt
cat ann.txt
LINE=$(addr2line -e prog -i "$IMUL" | head -1 | sed 's/.*://; s/ .*//')
grep -q "prog.c:$LINE" ann.txt
grep -q "return x \* x;" ann.txt
grep -q "sq inlined into hot_loop" ann.txt
grep -Eq "^ +500 +71\.4% +30 +100\.0% +${IMUL#0x}: imul" ann.txt
grep -Eq "^ +200 +28\.6% +${XOR#0x}: xor" ann.txt
grep -q "700 samples in the function, 70.0% of the image's 1000" ann.txt
# By offset, and a function that is not there.
"$ROBIN" annotate --db "$DB" "$XOR" | head -1 | grep -q "^hot_loop in"
if "$ROBIN" annotate --db "$DB" no_such_fn 2> err.txt; then exit 1; fi
grep -q "no function 'no_such_fn'" err.txt

# JSON and CSV parse and agree.
if command -v python3 >/dev/null; then
	"$ROBIN" prof --db "$DB" --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
r = {x["procedure"]: x for x in d["rows"]}
assert r["hot_loop"]["events"]["cycles"]["count"] == 700
assert abs(r["cold_path"]["events"]["cycles"]["cum_pct"] - 90.0) < 1e-9
assert [e["name"] for e in d["events"]] == ["cycles", "imiss"]'
	"$ROBIN" annotate --db "$DB" hot_loop --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
hot = [i for i in d["instructions"] if i["counts"]["cycles"] == 500]
assert len(hot) == 1 and hot[0]["source"][0]["line"] == '"$LINE"'
assert hot[0]["source"][0]["function"] == "sq" and hot[0]["source"][1]["function"] == "hot_loop"'
fi
"$ROBIN" prof --db "$DB" --csv > p.csv
head -1 p.csv | grep -q "^procedure,offset,size,image,cycles,cycles_pct,cycles_cum_pct,imiss"
grep -q "^hot_loop,$HOT," p.csv
"$ROBIN" annotate --db "$DB" hot_loop --csv | grep -q "^$IMUL,"

# A stripped copy symbolised through ROBIN_DEBUG_ROOT/.build-id/xx/rest.debug.
BID=$(readelf -n prog | awk '/Build ID/ { print $3 }')
[ -n "$BID" ]
mkdir -p "dbg/.build-id/${BID:0:2}"
objcopy --only-keep-debug prog "dbg/.build-id/${BID:0:2}/${BID:2}.debug"
cp prog stripped && strip stripped
S=$T/stripped
sed "s|^$P |$S |" s.txt > s2.txt
"$ROBIN" ingest --db s.db s2.txt
"$ROBIN" prof --db s.db | grep -Eq "^ +700 .* hot_loop +$S$" && exit 1  # no symbols without the debug file
ROBIN_DEBUG_ROOT=$T/dbg "$ROBIN" prof --db s.db | grep -Eq "^ +700 .* hot_loop +$S$"
ROBIN_DEBUG_ROOT=$T/dbg "$ROBIN" annotate --db s.db hot_loop | grep -q "prog.c:$LINE"
# A rebuilt binary at the recorded path (other build-id) is not used for symbols.
gcc -g -O0 -o prog prog.c -DREBUILT
"$ROBIN" prof --db "$DB" | grep -q "hot_loop" && exit 1
"$ROBIN" prof --db "$DB" | grep -q "could not be read"
echo "610 ok"
