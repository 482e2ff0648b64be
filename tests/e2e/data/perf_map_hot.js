// 660_perf_map_node.sh: one clearly hot function, JIT-compiled by V8, for about 2 s.
function hotLoop(n) {
  let x = 0;
  for (let i = 0; i < n; i++) x = (x * 31 + i) % 1000003;
  return x;
}
const end = Date.now() + 2000;
let s = 0;
while (Date.now() < end) s += hotLoop(1e6);
console.log(s > 0 ? "ok" : "?");
