#!/usr/bin/env python3
# pprof_decode.py — a minimal decoder of gzip-compressed profile.proto (the protobuf wire
# format read by hand, no library), for e2e tests: prints one line per sample,
#   EVENT VALUE frame;frame;...;frame   (outermost first: pprof stores the leaf first)
# where a frame is the location's functions, outermost inline frame first, joined with ';'.
# Usage: pprof_decode.py FILE.pb.gz
import gzip
import sys


def varint(b, i):
    v = s = 0
    while True:
        c = b[i]
        i += 1
        v |= (c & 0x7F) << s
        s += 7
        if c < 0x80:
            return v, i


def fields(b):
    """(field number, wire type, value) of one message; value: int or bytes."""
    i = 0
    while i < len(b):
        key, i = varint(b, i)
        f, w = key >> 3, key & 7
        if w == 0:
            v, i = varint(b, i)
        elif w == 2:
            n, i = varint(b, i)
            v, i = b[i:i + n], i + n
        elif w == 1:
            v, i = b[i:i + 8], i + 8
        elif w == 5:
            v, i = b[i:i + 4], i + 4
        else:
            raise ValueError("wire type %d" % w)
        yield f, w, v


def ints(w, v):
    """A repeated integer field: packed (bytes) or one varint."""
    if w == 0:
        return [v]
    out, i = [], 0
    while i < len(v):
        x, i = varint(v, i)
        out.append(x)
    return out


def main():
    data = gzip.open(sys.argv[1]).read()
    strings, samples, locs, funcs, types = [], [], {}, {}, []
    for f, w, v in fields(data):
        if f == 6:
            strings.append(v.decode())
        elif f == 1:
            types.append(dict((g, x) for g, _, x in fields(v)).get(1, 0))
        elif f == 2:
            ids, vals = [], []
            for g, w2, x in fields(v):
                if g == 1:
                    ids += ints(w2, x)
                elif g == 2:
                    vals += ints(w2, x)
            samples.append((ids, vals))
        elif f == 4:
            lid, lines = 0, []
            for g, _, x in fields(v):
                if g == 1:
                    lid = x
                elif g == 4:
                    lines.append(dict((h, y) for h, _, y in fields(x)).get(1, 0))
            locs[lid] = lines
        elif f == 5:
            d = dict((g, x) for g, _, x in fields(v))
            funcs[d.get(1, 0)] = d.get(2, 0)
    for ids, vals in samples:
        frames = []
        for lid in reversed(ids):          # leaf first in the file: outermost first here
            names = [strings[funcs[fid]] for fid in locs[lid]]
            frames += list(reversed(names)) or ["[unknown]"]  # inlined first in the file
        for t, val in zip(types, vals):
            if val:
                print(strings[t], val, ";".join(frames))


main()
