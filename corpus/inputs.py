#!/usr/bin/env python3
"""Deterministic inputs for the corpus programs (no downloads): python3 inputs.py KIND N FILE [ARG].

KIND and N:
  text N        N bytes of English-like text: a 6,000-word vocabulary drawn with a Zipf law,
                sentences, punctuation, numbers and paragraphs (what grep, awk and compressors meet)
  binary N      N bytes mixing what an archive holds: text, little-endian records, a
                dictionary-friendly log, runs and incompressible stretches
  log N         N bytes of web-server log lines (status codes, paths, sizes, agents)
  csv N         N rows of comma-separated records (ids, names, cities, amounts, dates)
  json N        N JSON records, one array
  ppm N         a binary PPM (P6) image N pixels wide and 3N/4 high: gradients, shapes, texture
  pgm N         the same as greyscale (P5)
  wav N         N seconds of 16-bit stereo PCM at 44.1 kHz: chords, a sweep, noise, silence
  wavframes N   the same, N frames long (small inputs: a second is already a long encode)
  csrc N        a C translation unit of about N functions (loops, switches, structs, calls)
  template N T  corpus/inputs/T with every @N@ replaced by N
The same KIND, N and ARG always give the same bytes: the generator is seeded by them alone.
"""
import math
import os
import random
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def rng(kind, n, extra=""):
    return random.Random(zlib.crc32(f"{kind}:{n}:{extra}".encode()))


def vocabulary(r, size=6000):
    cons = "bcdfghjklmnprstvwyz"
    vows = "aeiou"
    common = ("the of and to in is was that for it with as his on be at by had are but from or "
              "have an they which one you were her all she there would their we him been has when "
              "who will more no if out so said what up its about into than them can only other").split()
    words = list(common)
    seen = set(words)
    while len(words) < size:
        k = r.choice((1, 2, 2, 3, 3, 3, 4))
        w = "".join(r.choice(cons) + r.choice(vows) + (r.choice(cons) if r.random() < 0.3 else "")
                    for _ in range(k))
        if w not in seen:
            seen.add(w)
            words.append(w)
    weights = [1.0 / (i + 1) for i in range(len(words))]
    cum = []
    t = 0.0
    for w in weights:
        t += w
        cum.append(t)
    return words, cum


def text(n, r):
    words, cum = vocabulary(r)
    out = []
    size = 0
    line = []
    linelen = 0
    sentence_left = 0
    para_left = r.randint(4, 12)
    while size < n:
        batch = r.choices(words, cum_weights=cum, k=4096)
        for w in batch:
            if sentence_left == 0:
                sentence_left = r.randint(5, 22)
                w = w.capitalize()
            if r.random() < 0.01:
                w = str(r.randint(0, 99999))
            sentence_left -= 1
            if sentence_left == 0:
                w += r.choice("....!?")
            elif r.random() < 0.06:
                w += r.choice(",,,;:")
            if linelen + len(w) + 1 > 72:
                s = " ".join(line) + "\n"
                out.append(s)
                size += len(s)
                line, linelen = [], 0
                para_left -= 1
                if para_left == 0:
                    out.append("\n")
                    size += 1
                    para_left = r.randint(4, 12)
            line.append(w)
            linelen += len(w) + 1
    return "".join(out).encode()[:n]


def log_lines(n, r):
    paths = ["/", "/index.html", "/api/v1/items", "/api/v1/users", "/static/app.js", "/static/site.css",
             "/images/logo.png", "/search", "/login", "/cart", "/checkout", "/docs/guide.html"]
    agents = ["Mozilla/5.0 (X11; Linux x86_64)", "curl/7.88.1", "Wget/1.21.3",
              "Mozilla/5.0 (Macintosh; Intel Mac OS X 13_4)", "robot/2.1 (+crawler)"]
    codes = [200] * 20 + [304] * 4 + [404] * 2 + [301, 500, 403]
    out = []
    size = 0
    t = 1700000000
    while size < n:
        t += r.randint(0, 3)
        ip = f"10.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}"
        p = r.choice(paths)
        if p.startswith("/api") and r.random() < 0.7:
            p += f"/{r.randint(1, 50000)}"
        if p == "/search":
            p += f"?q=item{r.randint(1, 999)}&page={r.randint(1, 9)}"
        s = (f'{ip} - - [{t}] "{r.choice(("GET", "GET", "GET", "POST"))} {p} HTTP/1.1" '
             f'{r.choice(codes)} {r.randint(0, 90000)} "{r.choice(agents)}"\n')
        out.append(s)
        size += len(s)
    return "".join(out).encode()[:n]


def binary(n, r):
    out = bytearray()
    while len(out) < n:
        k = r.random()
        m = r.randint(4096, 65536)
        if k < 0.35:
            out += text(m, r)
        elif k < 0.55:
            base = r.randint(0, 1 << 30)
            for i in range(m // 16):
                out += struct.pack("<IIff", base + i, r.randint(0, 1000), i * 0.5, r.random())
        elif k < 0.75:
            out += log_lines(m, r)
        elif k < 0.85:
            while m > 0:
                c = r.randint(1, 600)
                out += bytes([r.randint(0, 255)]) * c
                m -= c
        else:
            out += r.randbytes(m)
    return bytes(out[:n])


def csv_rows(n, r):
    first = ["Ada", "Alan", "Grace", "Linus", "Edsger", "Barbara", "Donald", "Ken", "Dennis", "Frances",
             "John", "Margaret", "Niklaus", "Radia", "Leslie", "Sophie", "Tony", "Hedy"]
    last = ["Lovelace", "Turing", "Hopper", "Torvalds", "Dijkstra", "Liskov", "Knuth", "Thompson",
            "Ritchie", "Allen", "Backus", "Hamilton", "Wirth", "Perlman", "Lamport", "Wilson", "Hoare"]
    cities = ["Lisbon", "Oslo", "Lima", "Quito", "Osaka", "Accra", "Perth", "Tunis", "Hanoi", "Bern",
              "Kyiv", "Dakar", "Porto", "Cusco", "Malmo", "Split"]
    out = ["id,first,last,city,amount,quantity,date,category\n"]
    for i in range(n):
        out.append(f"{i + 1},{r.choice(first)},{r.choice(last)},{r.choice(cities)},"
                   f"{r.randint(1, 999999) / 100:.2f},{r.randint(1, 40)},"
                   f"2026-{r.randint(1, 12):02d}-{r.randint(1, 28):02d},{r.choice('ABCDEFG')}\n")
    return "".join(out).encode()


def json_records(n, r):
    tags = ["red", "green", "blue", "fast", "slow", "new", "old", "big", "small", "rare"]
    out = ["["]
    for i in range(n):
        rec = (f'{{"id":{i},"name":"item{r.randint(0, 99999)}","price":{r.randint(1, 100000) / 100},'
               f'"qty":{r.randint(0, 500)},"tags":[{",".join(chr(34) + t + chr(34) for t in r.sample(tags, r.randint(0, 4)))}],'
               f'"owner":{{"user":"u{r.randint(1, 5000)}","level":{r.randint(1, 9)},"active":{"true" if r.random() < 0.7 else "false"}}},'
               f'"score":{r.random() * 100:.4f}}}')
        out.append(("," if i else "") + "\n" + rec)
    out.append("\n]\n")
    return "".join(out).encode()


def image(n, r, channels):
    w, h = n, max(1, n * 3 // 4)
    shapes = [(r.randint(0, w), r.randint(0, h), r.randint(8, max(9, w // 4)),
               (r.randint(0, 255), r.randint(0, 255), r.randint(0, 255))) for _ in range(24)]
    noise = r.randbytes(4096)
    rows = []
    for y in range(h):
        row = bytearray(w * 3)
        for x in range(w):
            c0 = (x * 255 // max(1, w - 1)) & 255
            c1 = (y * 255 // max(1, h - 1)) & 255
            c2 = int(127 + 120 * math.sin((x + y) / 37.0)) & 255
            for (sx, sy, sr, col) in shapes:
                if (x - sx) * (x - sx) + (y - sy) * (y - sy) < sr * sr:
                    c0, c1, c2 = col
                    break
            t = noise[(x * 7 + y * 13) & 4095] & 15
            row[3 * x] = min(255, c0 + t)
            row[3 * x + 1] = min(255, c1 + t)
            row[3 * x + 2] = min(255, c2 + t)
        rows.append(bytes(row))
    data = b"".join(rows)
    if channels == 1:
        data = bytes((data[i] * 30 + data[i + 1] * 59 + data[i + 2] * 11) // 100
                     for i in range(0, len(data), 3))
        return b"P5\n%d %d\n255\n" % (w, h) + data
    return b"P6\n%d %d\n255\n" % (w, h) + data


def wav(frames, r):
    rate = 44100
    n = frames
    notes = [220.0, 246.9, 261.6, 293.7, 329.6, 349.2, 392.0, 440.0, 493.9, 523.3]
    frames = bytearray()
    chord = [notes[0], notes[2], notes[4]]
    for i in range(n):
        if i % (rate // 2) == 0:
            chord = r.sample(notes, 3)
        t = i / rate
        sec = i // rate
        if sec % 7 == 6:
            left = right = 0.0 if (i // 4410) % 2 else r.uniform(-0.02, 0.02)
        else:
            left = sum(math.sin(2 * math.pi * f * t) for f in chord) / 3
            sweep = math.sin(2 * math.pi * (100 + 2000 * (t % 3) / 3) * t)
            right = 0.7 * left + 0.2 * sweep + r.uniform(-0.05, 0.05)
            left = 0.9 * left + r.uniform(-0.05, 0.05)
        frames += struct.pack("<hh", int(left * 20000), int(right * 20000))
    hdr = b"RIFF" + struct.pack("<I", 36 + len(frames)) + b"WAVEfmt " + struct.pack(
        "<IHHIIHH", 16, 1, 2, rate, rate * 4, 4, 16) + b"data" + struct.pack("<I", len(frames))
    return hdr + bytes(frames)


def csrc(n, r):
    out = ["/* generated by robin's corpus/inputs.py */\n",
           "typedef unsigned long u64;\nstruct node { int key; int val; struct node *next; };\n",
           "static int table[256];\n"]
    for i in range(n):
        k = r.randint(0, 3)
        if k == 0:
            out.append(f"int f{i}(int a, int b) {{\n  int s = 0;\n  for (int i = 0; i < a; i++) {{\n"
                       f"    s += (i * {r.randint(2, 99)}) ^ b;\n    if (s > {r.randint(1000, 99999)}) s -= a;\n  }}\n"
                       f"  return s + table[(a + b) & 255];\n}}\n")
        elif k == 1:
            cases = "".join(f"  case {c}: return x * {r.randint(2, 50)} + {r.randint(0, 9)};\n"
                            for c in range(r.randint(3, 12)))
            out.append(f"int f{i}(int x, int y) {{\n  switch (x & 15) {{\n{cases}  default: return y - x;\n  }}\n}}\n")
        elif k == 2:
            out.append(f"int f{i}(struct node *p, int key) {{\n  while (p) {{\n    if (p->key == key) return p->val;\n"
                       f"    p = p->next;\n  }}\n  return -{r.randint(1, 9)};\n}}\n")
        else:
            callee = r.randint(0, max(0, i - 1))
            out.append(f"u64 f{i}(u64 v, int n) {{\n  u64 h = {r.randint(1, 1 << 30)}u;\n"
                       f"  for (int i = 0; i < n; i++) h = (h ^ (v >> (i & 31))) * 1099511628211u;\n"
                       f"  return h ^ (u64)table[n & 255];\n}}\n" if callee == i or i == 0 else
                       f"int f{i}(int a, int b) {{ return a > b ? a - b : b - a + {r.randint(0, 99)}; }}\n")
    return "".join(out).encode()


def template(n, name):
    with open(os.path.join(HERE, "inputs", name), "rb") as f:
        return f.read().replace(b"@N@", str(n).encode())


def main(argv):
    if len(argv) < 4 or argv[1] in ("-h", "--help"):
        sys.stderr.write(__doc__)
        return 2
    kind, n, path = argv[1], int(argv[2]), argv[3]
    extra = argv[4] if len(argv) > 4 else ""
    r = rng(kind, n, extra)
    makers = {
        "text": lambda: text(n, r), "binary": lambda: binary(n, r), "log": lambda: log_lines(n, r),
        "csv": lambda: csv_rows(n, r), "json": lambda: json_records(n, r),
        "ppm": lambda: image(n, r, 3), "pgm": lambda: image(n, r, 1), "wav": lambda: wav(n * 44100, r), "wavframes": lambda: wav(n, r),
        "csrc": lambda: csrc(n, r), "template": lambda: template(n, extra),
    }
    if kind not in makers:
        sys.stderr.write(f"inputs.py: unknown kind '{kind}'\n")
        return 2
    data = makers[kind]()
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
