#!/usr/bin/env bash
# 917: a checkpoint whose checksums are right but whose fields are not is refused with one
# line naming the file, the record and the field, exit 1, by both `robin run --restore` and
# `robin sim --restore` — not a crash. The checksums are recomputed after each rewrite so only
# the field checks can catch it. Before the fix, a page marked past-eof (mapped PROT_NONE)
# whose flags still granted read and execute made the decoder touch a host page that faults:
# exit 139 with no message.
set -u
W=$ROBIN_ROOT/build/guest/workloads
[ -x "$W/crc32.static" ] || { echo "skip: $W/crc32.static not built (make guest)"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
"$ROBIN" run --virtual-time --checkpoint-at 20000 --checkpoint-dir "$T" "$W/crc32.static" >/dev/null || exit 1
C="$T/insn-20000.ckpt"
[ -s "$C" ] || { echo "no checkpoint"; exit 1; }
# rewrite.py SRC DST CASE: rewrites one field of SRC, recomputing the section checksums
cat >"$T/rewrite.py" <<'PY'
import struct, sys, zlib
src, dst, case = sys.argv[1:4]
b = open(src, 'rb').read()
bits = struct.unpack_from('<I', b, 12)[0]
secs, order, at = {}, [], 40
while at < len(b):
    tag, _, n = struct.unpack_from('<4sIQ', b, at)
    secs[tag] = bytearray(b[at + 16:at + 16 + n]); order.append(tag); at += 16 + n
hart, proc, page = secs[b'HART'], secs[b'PROC'], secs[b'PAGE']
count = struct.unpack_from('<Q', page, 0)[0]
ents = [list(struct.unpack_from('<QBB', page, 8 + 10 * i)) for i in range(count)]
pc = struct.unpack_from('<Q', hart, 512)[0]
if case == 'pasteof':   # the page of pc says past-eof, its flags still r-x, no past-eof flag
    data = zlib.decompress(bytes(secs[b'DATA']))
    out, k = b'', 0
    for e in ents:
        if e[2] == 1:
            if e[0] != pc >> 12:
                out += data[k * 4096:(k + 1) * 4096]
            k += 1
        if e[0] == pc >> 12:
            e[2] = 2
    secs[b'DATA'] = bytearray(zlib.compress(out, 1))
elif case == 'eofperm':  # the past-eof flag and kind, with read permission
    e = next(e for e in ents if e[2] == 0)
    e[1] |= 0x40 | 0x01; e[2] = 2
elif case == 'beyond':   # the last page beyond the guest address space
    ents[-1][0] = 1 << (bits - 12)
elif case == 'pc':       # pc beyond the guest address space
    struct.pack_into('<Q', hart, 512, 1 << 40)
elif case == 'unaligned':  # the mmap search top not a page address
    struct.pack_into('<Q', proc, 16, struct.unpack_from('<Q', proc, 16)[0] + 8)
elif case == 'count':    # more pages than the file holds
    count = 1 << 40
body = struct.pack('<Q', count) + b''.join(struct.pack('<QBB', *e) for e in ents)
secs[b'PAGE'] = bytearray(body)
out = bytearray(b[:40])
for tag in order:
    d = bytes(secs[tag])
    out += struct.pack('<4sIQ', tag, zlib.crc32(d) & 0xffffffff, len(d)) + d
open(dst, 'wb').write(out)
PY
refused() {  # CASE PATTERN: both restores of the rewritten file fail with one matching line
	python3 "$T/rewrite.py" "$C" "$T/$1.ckpt" "$1" || exit 1
	for cmd in "run --restore" "sim --quiet --insns 10000 --restore"; do
		$ROBIN $cmd "$T/$1.ckpt" >/dev/null 2>"$T/err"; rc=$?
		[ $rc -eq 1 ] || { echo "$1: robin $cmd: exit $rc"; cat "$T/err"; exit 1; }
		[ "$(wc -l <"$T/err")" -eq 1 ] || { echo "$1: robin $cmd: not one line"; cat "$T/err"; exit 1; }
		grep -q "$1.ckpt" "$T/err" && grep -Eq "$2" "$T/err" ||
			{ echo "$1: robin $cmd: message"; cat "$T/err"; exit 1; }
	done
}
refused pasteof 'PAGE entry [0-9]+: kind past-eof without flag past-eof'
refused eofperm 'PAGE entry [0-9]+: flag past-eof with access permission'
refused beyond 'PAGE entry [0-9]+: address 0x[0-9a-f]+ beyond the [0-9]+-bit guest address space'
refused pc 'HART: pc 0x10000000000 unaligned or beyond the guest space'
refused unaligned 'PROC: mmap top 0x[0-9a-f]+ not a page address'
refused count 'PAGE: count 1099511627776 larger than the section'
# the untouched one still restores
"$ROBIN" run --restore "$C" >/dev/null || { echo "good checkpoint refused"; exit 1; }
exit 0
