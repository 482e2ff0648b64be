#!/usr/bin/env bash
# 101: `robin disasm` prints exactly what `riscv64-linux-gnu-objdump -d` prints — every line,
# instruction text, symbol headers, "# <address>" notes and "..." runs included — for every
# object of glibc's libc.a (one robin process for the whole archive), the dynamic loader (a
# stripped shared object) and the riscv64 programs under build/guest. Nothing is skipped: the inputs contain no data-in-code ($d)
# regions, and any line that differs fails the test. Static programs: those with no dynamic twin
# and four others (crc32, stacks, blockexact, segv). Also checks --count and the one-line
# errors on non-riscv64 and truncated files.
set -u
OBJDUMP=riscv64-linux-gnu-objdump
LIBC=/usr/riscv64-linux-gnu/lib/libc.a
command -v $OBJDUMP >/dev/null || { echo "$OBJDUMP not installed"; exit 77; }
[ -f $LIBC ] || { echo "$LIBC not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 insns=0 files=0

compare() {  # file
	local f=$1 base; base=$(basename "$f")
	$OBJDUMP -d "$f" > "$tmp/o.txt" 2>/dev/null
	if ! "$ROBIN" disasm "$f" > "$tmp/r.txt" 2> "$tmp/err.txt"; then
		echo "FAIL: robin disasm $f exited non-zero: $(head -1 "$tmp/err.txt")"
		fail=1
		return
	fi
	local n; n=$(grep -cP '^ *[0-9a-f]+:\t' "$tmp/o.txt")
	insns=$((insns + n)); files=$((files + 1))
	if ! cmp -s "$tmp/o.txt" "$tmp/r.txt"; then
		local d; d=$(diff "$tmp/o.txt" "$tmp/r.txt" | grep -c '^<')
		echo "FAIL: $f: $d of $(wc -l < "$tmp/o.txt") lines differ from objdump; first ones:"
		diff "$tmp/o.txt" "$tmp/r.txt" | head -20
		fail=1
	fi
}

compare $LIBC
cp "$tmp/o.txt" "$tmp/libc.txt"
# a stripped shared object: symbols from .dynsym with versions, dynamic relocations
LD_SO=/usr/riscv64-linux-gnu/lib/ld-linux-riscv64-lp64d.so.1
[ -f $LD_SO ] && compare $LD_SO
# every dynamic program, and the static ones of a few: a static program is its dynamic twin's
# code plus libc's objects, which the archive above already covers line by line
for f in "$ROBIN_ROOT"/build/guest/*/*; do
	[ -f "$f" ] || continue
	head -c 4 "$f" | grep -q 'ELF' || continue
	case $f in
	*.static) [ ! -e "${f%.static}.dyn" ] || case ${f##*/} in crc32.*|stacks.*|blockexact.*|segv.*) ;; *) continue ;; esac ;;
	esac
	compare "$f"
done
echo "compared $insns instructions in $files files (libc.a counts as one) with objdump -d"

# --count: the first N instruction lines, identical to objdump's
"$ROBIN" disasm --count 25 $LIBC > "$tmp/c.txt" || fail=1
if [ "$(grep -cP '^ *[0-9a-f]+:\t' "$tmp/c.txt")" != 25 ]; then
	echo "FAIL: --count 25 printed $(grep -cP '^ *[0-9a-f]+:\t' "$tmp/c.txt") instructions"; fail=1
fi
grep -P '^ *[0-9a-f]+:\t' "$tmp/libc.txt" | head -25 > "$tmp/o25.txt"
grep -P '^ *[0-9a-f]+:\t' "$tmp/c.txt" | cmp -s - "$tmp/o25.txt" || { echo "FAIL: --count lines differ"; fail=1; }

# bad input: one line naming the file, non-zero exit, no crash
for bad in /bin/sh "$tmp/trunc.o" "$tmp/missing.o" "$tmp/text.txt"; do
	case $bad in
	*trunc.o) ar p $LIBC memcpy.o | head -c 1000 > "$bad" ;;
	*text.txt) echo "hello" > "$bad" ;;
	esac
	"$ROBIN" disasm "$bad" > /dev/null 2> "$tmp/e.txt"
	rc=$?
	if [ $rc -eq 0 ] || [ $rc -gt 128 ] || [ "$(wc -l < "$tmp/e.txt")" -ne 1 ] || ! grep -q "$bad" "$tmp/e.txt"; then
		echo "FAIL: robin disasm $bad: exit $rc, stderr:"; cat "$tmp/e.txt"; fail=1
	fi
done
exit $fail
