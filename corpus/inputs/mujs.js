// robin corpus: a JavaScript (ES5) workload for MuJS: objects, arrays, strings, regexps,
// closures, JSON, sorting. @N@ scales every part (hundredths: 100 is one unit of work); the
// output is a checksum per part, the same on every correct machine.
var N = @N@ / 100;
(function () {   // in a function, as modules are: locals, not properties of the global object

function fnv(s) {
  // MuJS keeps strings as UTF-8, so charCodeAt(i) walks from the start: split once instead.
  var h = 2166136261, c = s.split("");
  for (var i = 0; i < c.length; i++) {
    h ^= c[i].charCodeAt(0);
    h = (((h & 0xff) << 24) + h * 403) >>> 0;   // h * 16777619 mod 2^32, exact in doubles
  }
  return h;
}
// A Lehmer generator kept in exact integer arithmetic (products stay below 2^53).
var seed = 12345;
function rnd(m) { seed = (seed * 48271) % 2147483647; return seed % m; }

// 1. objects as hash tables: word frequencies of generated text
var syll = ["ka", "lo", "mi", "ne", "su", "ta", "ri", "po", "ve", "zu", "an", "el", "or"];
var words = [];
for (var i = 0; i < Math.floor(3000 * N); i++) {
  var w = syll[rnd(syll.length)] + syll[rnd(syll.length)];
  if (rnd(3) === 0) w += syll[rnd(syll.length)];
  words.push(w);
}
var freq = {};
for (i = 0; i < words.length; i++) freq[words[i]] = (freq[words[i]] || 0) + 1;
var keys = Object.keys(freq);
keys.sort(function (a, b) { return freq[b] - freq[a] || (a < b ? -1 : a > b ? 1 : 0); });
print("objects", words.length, keys.length, keys[0], freq[keys[0]], fnv(keys.slice(0, 20).join(",")));

// 2. strings: building, split/join, case, replace with a function
var parts = [];
for (i = 0; i < Math.floor(600 * N); i++) parts.push(("0000" + i).slice(-5) + ":" + words[i % words.length] + ";");
var s = parts.join("");
var fields = s.split(";");
var long = 0;
for (i = 0; i < fields.length; i++) if (fields[i].length > 10) long++;
var up = s.replace(/[a-z]+/g, function (m) { return m.toUpperCase().split("").reverse().join(""); });
print("strings", s.length, fields.length, long, fnv(up), up.indexOf("AKAK"), s.lastIndexOf("zu"));

// 3. regexps: matching, capture groups, global scans
var log = [];
for (i = 0; i < Math.floor(400 * N); i++)
  log.push("10." + rnd(256) + "." + rnd(256) + ".1 GET /p/" + words[i % words.length] + "/" + rnd(1000) +
           " " + [200, 200, 200, 404, 500, 301][rnd(6)] + " " + rnd(50000));
var re = /^(\d+)\.(\d+)\.(\d+)\.(\d+) (GET|POST) (\/[a-z\/0-9]+) (\d{3}) (\d+)$/;
var byStatus = {}, bytes = 0, hits = 0;
for (i = 0; i < log.length; i++) {
  var m = re.exec(log[i]);
  if (!m) continue;
  byStatus[m[7]] = (byStatus[m[7]] || 0) + 1;
  bytes += +m[8];
  if (/\/(ka|zu)[a-z]*\//.test(m[6])) hits++;
}
var all = log.join("\n"), nums = all.match(/\d+/g), total = 0;
for (i = 0; i < nums.length; i++) total = (total + parseInt(nums[i], 10)) % 1000000007;
print("regexps", byStatus["200"], byStatus["404"], byStatus["500"], bytes, hits, nums.length, total);

// 4. closures: counters, composition, memoization
function compose(f, g) { return function (x) { return f(g(x)); }; }
function counter() { var c = 0; return { inc: function (d) { c += d; return c; }, get: function () { return c; } }; }
var h = compose(function (x) { return x + 1; }, function (x) { return x * 2; });
var ctr = counter(), acc = 0;
for (i = 0; i < Math.floor(30000 * N); i++) { acc = (acc + h(i)) % 1000000007; ctr.inc(i & 7); }
function memo(f) { var cache = {}; return function (n) { return n in cache ? cache[n] : (cache[n] = f(n)); }; }
var fib = memo(function (n) { return n < 2 ? n : (fib(n - 1) + fib(n - 2)) % 1000000007; });
var fs = 0;
for (i = 0; i < Math.floor(2000 * N); i++) fs = (fs + fib(i % 1400)) % 1000000007;
print("closures", acc, ctr.get(), fs);

// 5. JSON: records to text and back
var recs = [];
for (i = 0; i < Math.floor(300 * N); i++)
  recs.push({ id: i, name: words[i % words.length], tags: [words[(i * 7) % words.length], "t" + (i % 13)],
              score: (i * 37 % 1000) / 8, ok: i % 3 === 0, nested: { x: i % 17, y: "v" + (i % 5) } });
var text = JSON.stringify(recs);
var back = JSON.parse(text), sum = 0;
for (i = 0; i < back.length; i++) sum += back[i].score + back[i].nested.x + (back[i].ok ? 1 : 0);
var pretty = JSON.stringify(back.slice(0, 50), null, 2);
print("json", text.length, fnv(text), sum, pretty.length, fnv(pretty));

// 6. arrays: sieve, sort with a comparator, map/filter/reduce
var lim = Math.floor(30000 * N), sieve = [];
for (i = 0; i <= lim; i++) sieve.push(true);
for (i = 2; i * i <= lim; i++) if (sieve[i]) for (var j = i * i; j <= lim; j += i) sieve[j] = false;
var primes = 0;
for (i = 2; i <= lim; i++) if (sieve[i]) primes++;
var arr = [];
for (i = 0; i < Math.floor(4000 * N); i++) arr.push(rnd(1000000));
arr.sort(function (a, b) { return a - b; });
var ev = arr.filter(function (x) { return x % 2 === 0; }).map(function (x) { return x >> 1; });
var red = ev.reduce(function (a, x) { return (a * 31 + x) % 1000000007; }, 7);
var objs = [];
for (i = 0; i < Math.floor(1500 * N); i++) objs.push({ k: words[i % words.length], v: rnd(100) });
objs.sort(function (a, b) { return a.k < b.k ? -1 : a.k > b.k ? 1 : a.v - b.v; });
print("arrays", primes, arr[0], arr[arr.length >> 1], arr[arr.length - 1], ev.length, red, objs[0].k, objs[objs.length - 1].k);

// 7. numbers: floating point and formatting
var x = 0, y = 0;
for (i = 1; i <= Math.floor(20000 * N); i++) { x += Math.sin(i * 0.001) * Math.sqrt(i); y += 1 / (i * i); }
print("numbers", x.toFixed(6), y.toPrecision(12), (1 / 3).toFixed(10), (123456.789).toExponential(4), Math.pow(2, 40).toString(16));
})();
