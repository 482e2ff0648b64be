// robin corpus: a JavaScript workload for Duktape: a recursive-descent parser and evaluator,
// prototype inheritance, typed arrays, exceptions, a hand-written base64, JSON with a
// replacer/reviver, multi-key sorting and UTC dates. @N@ scales every part (thousandths: 1000 is
// one unit of work); the output is a checksum per part, the same on every correct machine.
var N = @N@ / 1000;
(function () {   // in a function, as modules are: locals, not properties of the global object

function fnv(s) {
  var h = 2166136261;
  for (var i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = (((h & 0xff) << 24) + h * 403) >>> 0;   // h * 16777619 mod 2^32, exact in doubles
  }
  return h;
}
function times(k) { return Math.floor(k * N) + 1; }   // how many rounds of a loop
var seed = 987654321;
function rnd(m) { seed = (seed * 48271) % 2147483647; return seed % m; }

// 1. a tokenizer, recursive-descent parser and tree evaluator for arithmetic expressions
function genExpr(d) {
  if (d <= 0 || rnd(4) === 0) return rnd(3) === 0 ? "x" : String(rnd(100) + 1);
  var ops = ["+", "-", "*", "%"], op = ops[rnd(4)];
  var e = genExpr(d - 1) + " " + op + " " + genExpr(d - 1);
  return rnd(2) ? "(" + e + ")" : e;
}
function tokenize(src) {
  var toks = [], re = /\s*(\d+|[a-z]+|[-+*%()])/g, m;
  while ((m = re.exec(src)) !== null) toks.push(m[1]);
  return toks;
}
function parse(toks) {
  var p = 0;
  function primary() {
    var t = toks[p++];
    if (t === "(") { var e = sum(); p++; return e; }
    if (/^\d/.test(t)) return { k: "n", v: parseInt(t, 10) };
    return { k: "v", n: t };
  }
  function prod() {
    var l = primary();
    while (toks[p] === "*" || toks[p] === "%") { var op = toks[p++]; l = { k: op, l: l, r: primary() }; }
    return l;
  }
  function sum() {
    var l = prod();
    while (toks[p] === "+" || toks[p] === "-") { var op = toks[p++]; l = { k: op, l: l, r: prod() }; }
    return l;
  }
  return sum();
}
function evaluate(t, env) {
  switch (t.k) {
    case "n": return t.v;
    case "v": return env[t.n];
    case "+": return (evaluate(t.l, env) + evaluate(t.r, env)) % 1000003;
    case "-": return (evaluate(t.l, env) - evaluate(t.r, env)) % 1000003;
    case "*": return (evaluate(t.l, env) * evaluate(t.r, env)) % 1000003;
    default: var r = evaluate(t.r, env); return r === 0 ? 0 : evaluate(t.l, env) % r;
  }
}
var esum = 0, tcount = 0;
for (var i = 0, n = times(600); i < n; i++) {
  var src = genExpr(5), toks = tokenize(src), tree = parse(toks);
  tcount += toks.length;
  for (var x = 1; x <= 4; x++) esum = (esum + evaluate(tree, { x: x }) + 1000003) % 1000003;
}
print("parser", tcount, esum);

// 2. prototype inheritance and virtual dispatch
function Shape(name) { this.name = name; }
Shape.prototype.area = function () { return 0; };
Shape.prototype.describe = function () { return this.name + ":" + this.area().toFixed(2); };
function Rect(w, h) { Shape.call(this, "rect"); this.w = w; this.h = h; }
Rect.prototype = Object.create(Shape.prototype); Rect.prototype.constructor = Rect;
Rect.prototype.area = function () { return this.w * this.h; };
function Square(s) { Rect.call(this, s, s); this.name = "square"; }
Square.prototype = Object.create(Rect.prototype); Square.prototype.constructor = Square;
function Circle(r) { Shape.call(this, "circle"); this.r = r; }
Circle.prototype = Object.create(Shape.prototype); Circle.prototype.constructor = Circle;
Circle.prototype.area = function () { return 3.141592653589793 * this.r * this.r; };
var shapes = [], area = 0, nrect = 0, dh = 0;
for (i = 0, n = times(6000); i < n; i++) {
  var k = rnd(3), sh = k === 0 ? new Rect(rnd(20) + 1, rnd(20) + 1) : k === 1 ? new Square(rnd(15) + 1) : new Circle(rnd(10) + 1);
  shapes.push(sh);
}
for (i = 0; i < shapes.length; i++) {
  area += shapes[i].area();
  if (shapes[i] instanceof Rect) nrect++;
  if (i % 7 === 0) dh = (dh + fnv(shapes[i].describe())) % 1000000007;
}
print("objects", shapes.length, nrect, area.toFixed(3), dh);

// 3. typed arrays: a CRC-32 and a 3x3 blur of a generated greyscale image
var crcTab = new Uint32Array(16);   // a CRC-32 table of 16 entries: four bits a step
for (i = 0; i < 16; i++) {
  var c = i;
  for (k = 0; k < 4; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  crcTab[i] = c >>> 0;
}
var W = 64, H = times(135) + 2, img = new Uint8Array(W * H), out = new Uint8Array(W * H);
for (i = 0; i < W * H; i++) img[i] = ((i % W) * 3 + Math.floor(i / W) * 5 + rnd(32)) & 255;
for (var pass = 0; pass < 3; pass++) {
  for (var yy = 1; yy < H - 1; yy++)
    for (var xx = 1; xx < W - 1; xx++) {
      var o = yy * W + xx, s = 0;
      for (var dy = -W; dy <= W; dy += W) s += img[o + dy - 1] + 2 * img[o + dy] + img[o + dy + 1];
      out[o] = (s + 6) / 12;
    }
  var tmp = img; img = out; out = tmp;
}
var crc = 0xffffffff;
for (i = 0; i < img.length; i++) {
  crc = crcTab[(crc ^ img[i]) & 15] ^ (crc >>> 4);
  crc = crcTab[(crc ^ (img[i] >> 4)) & 15] ^ (crc >>> 4);
}
var fl = new Float64Array(128), fsum = 0;
for (i = 0; i < fl.length; i++) fl[i] = Math.sqrt(i + 1) / (1 + (i & 15));
for (i = 0, n = times(300); i < n; i++) for (k = 0; k < 64; k++) fsum += fl[(i * 64 + k) & 127];
print("typed", W, H, (crc ^ 0xffffffff) >>> 0, fsum.toFixed(6));

// 4. exceptions: a custom error type thrown, caught, rethrown, with finally
function AppError(code, msg) { this.code = code; this.message = msg; }
AppError.prototype = Object.create(Error.prototype); AppError.prototype.name = "AppError";
function risky(n) {
  if (n % 13 === 0) throw new AppError(n % 7, "bad " + n);
  if (n % 17 === 0) throw new RangeError("range " + n);
  if (n % 29 === 0) null.boom;   // a TypeError raised by the engine
  return n * 3;
}
var ok = 0, app = 0, range = 0, type = 0, fin = 0, codes = 0;
for (i = 1, n = times(20000); i <= n; i++) {
  try {
    try { ok += risky(i) & 15; } finally { fin++; }
  } catch (e) {
    if (e instanceof AppError) { app++; codes += e.code; }
    else if (e instanceof RangeError) range++;
    else if (e instanceof TypeError) type++;
  }
}
print("exceptions", ok, app, range, type, fin, codes);

// 5. strings: base64 by hand, String.fromCharCode, regexp replace with back-references
var B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
function b64enc(s) {
  var out = [], i;
  for (i = 0; i + 2 < s.length; i += 3) {
    var v = (s.charCodeAt(i) << 16) | (s.charCodeAt(i + 1) << 8) | s.charCodeAt(i + 2);
    out.push(B64.charAt(v >> 18), B64.charAt((v >> 12) & 63), B64.charAt((v >> 6) & 63), B64.charAt(v & 63));
  }
  if (i < s.length) {
    var a = s.charCodeAt(i), b = i + 1 < s.length ? s.charCodeAt(i + 1) : 0, w = (a << 16) | (b << 8);
    out.push(B64.charAt(w >> 18), B64.charAt((w >> 12) & 63), i + 1 < s.length ? B64.charAt((w >> 6) & 63) : "=", "=");
  }
  return out.join("");
}
function b64dec(s) {
  var out = [], bits = 0, n = 0;
  for (var i = 0; i < s.length && s.charAt(i) !== "="; i++) {
    bits = (bits << 6) | B64.indexOf(s.charAt(i)); n += 6;
    if (n >= 8) { n -= 8; out.push(String.fromCharCode((bits >> n) & 255)); }
  }
  return out.join("");
}
var syll = ["ka", "lo", "mi", "ne", "su", "ta", "ri", "po", "ve", "zu", "an", "el", "or"], lines = [];
for (i = 0, n = times(400); i < n; i++) {
  var ws = [];
  for (k = 0; k < 6; k++) ws.push(syll[rnd(13)] + syll[rnd(13)]);
  lines.push(ws.join(" ") + " " + (1900 + rnd(120)) + "-" + (rnd(12) + 1) + "-" + (rnd(28) + 1));
}
var text = lines.join("\n"), enc = b64enc(text), dec = b64dec(enc);
var swapped = text.replace(/(\d{4})-(\d+)-(\d+)/g, "$3/$2/$1").replace(/\b(\w)(\w*)\b/g, function (m, a, b) { return a.toUpperCase() + b; });
print("strings", text.length, enc.length, dec === text, fnv(enc), fnv(swapped));

// 6. JSON with a replacer and a reviver
var recs = [];
for (i = 0, n = times(300); i < n; i++)
  recs.push({ id: i, name: syll[i % 13] + syll[(i * 5) % 13], secret: "s" + i, when: Date.UTC(2000 + i % 20, i % 12, 1 + i % 28),
              vals: [i % 10, (i * 3) % 11, i / 4], sub: { a: i % 3 === 0, b: null } });
var js = JSON.stringify(recs, function (k, v) { return k === "secret" ? undefined : v; });
var back = JSON.parse(js, function (k, v) { return k === "when" ? new Date(v) : v; });
var ysum = 0;
for (i = 0; i < back.length; i++) ysum += back[i].when.getUTCFullYear() + back[i].vals[2];
print("json", js.length, fnv(js), back.length, ysum);

// 7. sorting: records by several keys, then splice and indexOf
var people = [];
for (i = 0, n = times(3000); i < n; i++) people.push({ last: syll[rnd(13)] + syll[rnd(13)], age: 18 + rnd(60), id: i });
people.sort(function (a, b) {
  if (a.last !== b.last) return a.last < b.last ? -1 : 1;
  if (a.age !== b.age) return b.age - a.age;
  return a.id - b.id;
});
var sig = [];
for (i = 0; i < people.length; i += Math.max(1, Math.floor(people.length / 20))) sig.push(people[i].id);
var ids = people.map(function (p) { return p.id; });
ids.splice(10, 50);
print("sort", people[0].last, people[people.length - 1].last, fnv(sig.join(",")), ids.length, ids.indexOf(Math.floor(people.length / 2)));

// 8. dates in UTC: day arithmetic and ISO formatting
var day = 86400000, t0 = Date.UTC(1970, 0, 1), dsum = 0, iso = "";
for (i = 0, n = times(4000); i < n; i++) {
  var d = new Date(t0 + (i * 37 % 20000) * day + (i % 86400) * 1000);
  dsum += d.getUTCDay() + d.getUTCMonth() + d.getUTCDate();
  if (i % 500 === 0) iso += d.toISOString();
}
print("dates", dsum, fnv(iso));
})();
