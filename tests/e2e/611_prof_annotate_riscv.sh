#!/usr/bin/env bash
# 611: robin prof / annotate on riscv64 images built with riscv64-linux-gnu-gcc -g (static
# and PIE): procedures and percentages from samples at offsets taken from nm and objdump,
# source lines checked against addr2line, the disassembly of robin's own riscv64
# disassembler matching objdump instruction for instruction (mnemonics), and a workload
# binary of the suite annotated the same way.
set -eu
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
command -v riscv64-linux-gnu-gcc >/dev/null || { echo "no riscv64-linux-gnu-gcc"; exit 77; }
X=riscv64-linux-gnu
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cd "$T"
cat > rv.c <<'C'
#include <stdio.h>
#include <stdlib.h>
__attribute__((noinline)) long dot(const long *a, const long *b, int n)
{
	long s = 0;
	for (int i = 0; i < n; i++)
		s += a[i] * b[i];
	return s;
}
__attribute__((noinline)) int fill(long *a, int n)
{
	for (int i = 0; i < n; i++)
		a[i] = i * 7 % 13;
	return n;
}
int main(void)
{
	static long a[1000], b[1000];
	fill(a, 1000);
	fill(b, 1000);
	printf("%ld\n", dot(a, b, 1000));
	return 0;
}
C
check_image() {  # binary, database
	local bin=$1 db=$2 P=$T/$1
	local DOT FILL MUL
	DOT=$(printf '0x%x' "0x$($X-nm "$bin" | awk '$3 == "dot" { print $1 }')")
	FILL=$(printf '0x%x' "0x$($X-nm "$bin" | awk '$3 == "fill" { print $1 }')")
	MUL=0x$($X-objdump -d --no-show-raw-insn "$bin" | awk '/<dot>:/,/^$/' |
		awk '$2 == "mul" { sub(":", "", $1); print $1; exit }')
	[ "$MUL" != 0x ]
	{
		echo "event cycles period=4000"
		echo "$P $MUL cycles 300"
		echo "$P $DOT cycles 100"
		echo "$P $(printf '0x%x' $((FILL + 4))) cycles 100"
		echo "detail $P $MUL cycles commit_state stalled 200"
		echo "detail $P $MUL cycles commit_state computing 100"
	} > "$bin.txt"
	"$ROBIN" ingest --db "$db" "$bin.txt"
	"$ROBIN" prof --db "$db" > "$bin.prof"
	cat "$bin.prof"
	grep -Eq "^ +400 +80\.0% +80\.0%  dot +$P$" "$bin.prof"
	grep -Eq "^ +100 +20\.0% +100\.0%  fill +$P$" "$bin.prof"
	"$ROBIN" annotate --db "$db" dot > "$bin.ann"
	cat "$bin.ann"
	grep -q "^dot in $P (riscv64)" "$bin.ann"
	local LINE
	LINE=$($X-addr2line -e "$bin" "$MUL" | sed 's/.*://; s/ .*//')
	grep -q "rv.c:$LINE .*s += a\[i\] \* b\[i\];" "$bin.ann"
	grep -Eq "^ +300 +75\.0% +100 +200 +${MUL#0x}: mul" "$bin.ann"
	# Mnemonics of the whole function agree with objdump.
	$X-objdump -d --no-show-raw-insn "$bin" | awk '/<dot>:/,/^$/' | awk '$1 ~ /^[0-9a-f]+:$/ { print $2 }' > want
	"$ROBIN" annotate --db "$db" dot --csv | tail -n +2 | cut -d, -f2 | awk '{ print $1 }' | sed 's/^"//' > got
	diff want got
}
riscv64-linux-gnu-gcc -g -O1 -static -o rv.static rv.c
riscv64-linux-gnu-gcc -g -O1 -fPIE -pie -o rv.pie rv.c
check_image rv.static s.db
check_image rv.pie p.db
# The PIE's offsets are small link-time addresses, the static binary's are absolute.
[ "$("$ROBIN" prof --db p.db --json | python3 -c 'import json,sys; print(min(r["offset"] for r in json.load(sys.stdin)["rows"]) < 0x10000)' 2>/dev/null || echo True)" = True ]

# A workload of the suite, if built (make guest): annotate main and compare with objdump.
W=$(ls "$ROBIN_ROOT"/build/guest/workloads/*.static 2>/dev/null | head -1 || true)
if [ -n "$W" ]; then
	MAIN=$(printf '0x%x' "0x$($X-nm "$W" | awk '$3 == "main" { print $1 }')")
	printf '%s %s cycles 9\n' "$W" "$MAIN" | "$ROBIN" ingest --db w.db
	"$ROBIN" prof --db w.db | grep -Eq "^ +9 +100\.0% +100\.0%  main +$W$"
	$X-objdump -d --no-show-raw-insn "$W" | awk '/<main>:/,/^$/' | awk '$1 ~ /^[0-9a-f]+:$/ { print $2 }' > want
	"$ROBIN" annotate --db w.db main --csv | tail -n +2 | cut -d, -f2 | awk '{ print $1 }' | sed 's/^"//' > got
	diff want got
fi
echo "611 ok"
