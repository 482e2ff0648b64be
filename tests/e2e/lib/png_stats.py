#!/usr/bin/env python3
# png_stats.py — decode an 8-bit RGB/RGBA non-interlaced PNG (zlib only) and print
# "WIDTH HEIGHT COLOURS WARM_FRACTION" for the rows [Y0, Y1) (default all): COLOURS the
# distinct RGB values, WARM_FRACTION the share of pixels in flame-graph colours (red clearly
# above blue: r > 180, r - b > 80). Usage: png_stats.py FILE.png [Y0 Y1]
import struct
import sys
import zlib


def main():
    data = open(sys.argv[1], "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    i, idat, w = 8, b"", 0
    while i < len(data):
        n, typ = struct.unpack(">I4s", data[i:i + 8])
        body = data[i + 8:i + 8 + n]
        if typ == b"IHDR":
            w, h, depth, ctype, _, _, inter = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and inter == 0, "unsupported PNG"
            bpp = 3 if ctype == 2 else 4
        elif typ == b"IDAT":
            idat += body
        i += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    y0 = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    y1 = int(sys.argv[3]) if len(sys.argv) > 3 else h
    prev = bytearray(stride)
    colours, warm, total = set(), 0, 0
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        if y0 <= y < y1:
            for x in range(0, stride, bpp):
                r, g, bl = line[x], line[x + 1], line[x + 2]
                if len(colours) < 4096:
                    colours.add((r, g, bl))
                total += 1
                warm += r > 180 and r - bl > 80
    print(w, h, len(colours), "%.4f" % (warm / max(total, 1)))


main()
