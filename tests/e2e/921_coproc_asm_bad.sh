#!/usr/bin/env bash
# 921: `robin coproc asm` refuses what only `robin sim --coproc` used to refuse, and its messages
# stay valid UTF-8 (issue 29, fault 10). A constant defined twice (the second silently won) and
# a base address beyond the default configuration's data array (assembled, then refused by the
# simulator) are one-line errors naming FILE:LINE:COL, exit 1. A long line of 3-byte UTF-8
# characters after a directive is quoted into a message cut at a fixed size: the cut falls on a
# character boundary for every alignment (it split a character in half before).
set -u
cd "$ROBIN_ROOT"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-e2e-921.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
die() { echo "FAIL: $*"; fail=1; }

HEAD='.filter load
.fields pc, value
.start load, a
a: done'
. "$ROBIN_ROOT/tests/e2e/lib/coproc.sh"
asm_refused const_twice "$HEAD
.const c1, 5
.const c1, 7" "6:8: constant c1 defined twice (first on line 5)"
asm_refused base_beyond "$HEAD
.base b2, 4096" "5:11: base register b2 = 4096 lies outside the 2048-byte data array"
asm_refused base_beyond_slots "$HEAD
.base b3, 64*slots" "5:11: base register b3 = "
# what is inside the array and a constant defined once still assemble
printf '%s\n' "$HEAD" '.const c1, 5' '.base b2, 2047' >"$tmp/ok.s"
out=$("$ROBIN" coproc asm --quiet "$tmp/ok.s" 2>&1) || die "ok.s: $out"
# a long line of 3-byte characters: each alignment of the cut
for pad in "" x xx; do
	python3 -c "import sys; sys.stdout.write('.filter load $pad' + '\u20ac' * 400 + '\n')" >"$tmp/utf8$pad.s"
	"$ROBIN" coproc asm "$tmp/utf8$pad.s" 2>"$tmp/e" >/dev/null; rc=$?
	[ $rc -eq 1 ] || die "utf8 '$pad': exit $rc"
	[ "$(wc -l <"$tmp/e")" -eq 1 ] || die "utf8 '$pad': more than one line"
	python3 -c "import sys; open(sys.argv[1], 'rb').read().decode('utf-8')" "$tmp/e" 2>/dev/null ||
		die "utf8 '$pad': the message is not valid UTF-8: $(head -c 300 "$tmp/e" | od -c | tail -3)"
done
exit $fail
