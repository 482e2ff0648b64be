#!/usr/bin/env bash
# 253: bad checkpoints are refused with one line naming the file and the offset, exit 1, no
# crash: not a checkpoint, a flipped byte in the header, in a section's data, a truncated
# file, a future format version, an empty file; and --checkpoint-at with bad lists, and a
# guest pipe whose other end it closed (a checkpoint cannot recreate it: refused at save).
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest phases ckpt_pipe
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
"$ROBIN" run --virtual-time --checkpoint-at 2000000 --checkpoint-dir "$T" "$G/phases.static" x 2 >/dev/null || exit 1
C="$T/insn-2000000.ckpt"
[ -s "$C" ] || { echo "no checkpoint"; exit 1; }
size=$(stat -c %s "$C")
refused() {  # FILE PATTERN: robin run --restore FILE fails with one line matching PATTERN
	"$ROBIN" run --restore "$1" >/dev/null 2>"$T/err"; rc=$?
	[ $rc -eq 1 ] || { echo "$1: exit $rc"; cat "$T/err"; exit 1; }
	[ "$(wc -l <"$T/err")" -eq 1 ] || { echo "$1: not one line"; cat "$T/err"; exit 1; }
	grep -q "$1" "$T/err" && grep -Eq "$2" "$T/err" || { echo "$1: message"; cat "$T/err"; exit 1; }
}
flip() {  # SRC DST OFFSET
	cp "$1" "$2"
	printf "$(printf '\\x%02x' $(( ($(od -An -tu1 -j "$3" -N1 "$1") ^ 0x5a) )))" |
		dd of="$2" bs=1 seek="$3" conv=notrunc status=none
}
printf 'hello world, not a checkpoint at all....................\n' >"$T/text"
refused "$T/text" 'offset 0: not a robin checkpoint'
: >"$T/empty"
refused "$T/empty" 'offset 0: not a robin checkpoint'
flip "$C" "$T/hdr" 20
refused "$T/hdr" 'offset 36: header checksum mismatch'
flip "$C" "$T/data" $((size / 2))
refused "$T/data" 'offset [0-9]+: section [A-Z_]{4} checksum mismatch'
head -c $((size - 100)) "$C" >"$T/trunc"
refused "$T/trunc" 'offset [0-9]+: .*(truncated|longer than the file)'
# a future version with a valid header checksum
python3 - "$C" "$T/v2" <<'PY'
import struct, sys, zlib
b = bytearray(open(sys.argv[1], 'rb').read())
b[8:12] = struct.pack('<I', 3)
b[36:40] = struct.pack('<I', zlib.crc32(bytes(b[:36])) & 0xffffffff)
open(sys.argv[2], 'wb').write(b)
PY
refused "$T/v2" 'offset 8: checkpoint format version 3; this robin reads version 2'
"$ROBIN" run --restore "$T/missing.ckpt" 2>"$T/err" >/dev/null && exit 1
grep -q 'missing.ckpt' "$T/err" || { cat "$T/err"; exit 1; }
# the good one still restores
"$ROBIN" run --restore "$C" >/dev/null || { echo "good checkpoint refused"; exit 1; }
for bad in '5,3' 'x' '1,,2' ''; do
	"$ROBIN" run --checkpoint-at "$bad" "$G/phases.static" 2>"$T/err" >/dev/null && { echo "accepted '$bad'"; exit 1; }
	grep -q 'checkpoint-at' "$T/err" || { cat "$T/err"; exit 1; }
done
"$ROBIN" run --checkpoint-at 1000 --checkpoint-dir /nonexistent/d "$G/phases.static" 2>"$T/err" >/dev/null && exit 1
grep -q '/nonexistent/d' "$T/err" || { cat "$T/err"; exit 1; }
# a lone read end of a pipe: the run stops at the checkpoint with one line naming the descriptor
"$ROBIN" run --virtual-time --checkpoint-at 1000000 --checkpoint-dir "$T" "$G/ckpt_pipe.static" lone >/dev/null 2>"$T/err"; rc=$?
[ $rc -ne 0 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && grep -q "descriptor 3 is pipe:.*other end" "$T/err" ||
	{ echo "lone pipe: exit $rc"; cat "$T/err"; exit 1; }
exit 0
