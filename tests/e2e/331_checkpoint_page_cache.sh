#!/usr/bin/env bash
# 331: checkpoint_save deflates each page alone and reuses the bytes of a page unchanged since
# the emulator's previous checkpoint (docs/checkpoint.md). A checkpoint saved after others in
# one run is byte-identical to the same checkpoint saved alone, so nothing stale of an earlier
# checkpoint's pages is reused; its DATA section is one valid zlib stream (Python's zlib checks
# the blocks and the Adler-32) holding 4096 bytes per data page of PAGE; and each checkpoint
# restores to the uninterrupted run's end.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest phases
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
P="$G/phases.static"
IN="$PHASES_IN"
"$ROBIN" run --hermetic --virtual-time "$P" "$IN" 6 >"$T/full.out" || exit 1
a=400000 b=2000000 c=3500000
mkdir -p "$T/many" "$T/one"
"$ROBIN" run --hermetic --virtual-time --checkpoint-at $a,$b,$c --checkpoint-dir "$T/many" "$P" "$IN" 6 >"$T/many.out" || exit 1
"$ROBIN" run --hermetic --virtual-time --checkpoint-at $c --checkpoint-dir "$T/one" "$P" "$IN" 6 >/dev/null || exit 1
cmp -s "$T/many.out" "$T/full.out" || { echo "checkpoints changed the output"; exit 1; }
cmp "$T/many/insn-$c.ckpt" "$T/one/insn-$c.ckpt" || { echo "the third checkpoint of a run differs from the same one saved alone"; exit 1; }
python3 - "$T/many" <<'PY' || exit 1
import glob, struct, sys, zlib
for p in sorted(glob.glob(sys.argv[1] + '/*.ckpt')):
    b, i, sec = open(p, 'rb').read(), 40, {}
    while i < len(b):
        tag, crc, n = struct.unpack('<4sIQ', b[i:i + 16])
        sec[tag] = b[i + 16:i + 16 + n]
        assert zlib.crc32(sec[tag]) == crc, (p, tag)
        i += 16 + n
    data = zlib.decompress(sec[b'DATA'])
    pages = struct.unpack('<Q', sec[b'PAGE'][:8])[0]
    kinds = [sec[b'PAGE'][8 + 10 * k + 9] for k in range(pages)]
    assert len(data) == 4096 * kinds.count(1), (p, len(data), kinds.count(1))
    assert kinds.count(1) > 10, (p, kinds.count(1))
PY
for n in $a $b $c; do
	"$ROBIN" run --restore "$T/many/insn-$n.ckpt" >"$T/post.out" || { echo "restore at $n failed"; exit 1; }
	[ "$(tail -n 1 "$T/post.out")" = "$(tail -n 1 "$T/full.out")" ] || { echo "restored at $n: last line differs"; exit 1; }
done
exit 0
