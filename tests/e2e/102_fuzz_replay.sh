#!/usr/bin/env bash
# 102: every libFuzzer target (tests/fuzz/fuzz_*.c), built by the Makefile as a plain ASan/UBSan
# replay driver next to the unit tests, runs cleanly over its saved corpus and over every
# crasher kept as a regression input (tests/fuzz/corpus/<target>/, tests/fuzz/regress/<target>/).
set -u
bindir=$(dirname "$ROBIN")/tests
n=0 fail=0
for src in "$ROBIN_ROOT"/tests/fuzz/fuzz_*.c; do
	[ -f "$src" ] || continue
	t=$(basename "$src" .c)
	bin=$bindir/$t
	if [ ! -x "$bin" ]; then
		echo "FAIL: replay driver $bin not built (make unit)"; fail=1; continue
	fi
	dirs=()
	for d in corpus regress; do
		p=$ROBIN_ROOT/tests/fuzz/$d/$t
		[ -d "$p" ] && [ -n "$(ls -A "$p")" ] && dirs+=("$p")
	done
	[ ${#dirs[@]} -eq 0 ] && continue
	if ! out=$("$bin" "${dirs[@]}" 2>&1); then
		echo "FAIL: $t"; echo "$out" | tail -20; fail=1
	else
		echo "$t: $out"
	fi
	n=$((n + 1))
done
[ $n -eq 0 ] && [ $fail -eq 0 ] && { echo "no fuzz targets with inputs"; exit 77; }
exit $fail
