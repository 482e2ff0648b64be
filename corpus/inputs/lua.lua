-- robin corpus: a Lua workload (tables, strings, closures, coroutines, floats, sorting).
-- @N@ scales every part; the output is a checksum per part, the same on every correct machine.
local N = @N@ / 100   -- hundredths: 100 is one unit of work

local function checksum(s)
  local h = 2166136261
  for i = 1, #s do h = ((h ~ s:byte(i)) * 16777619) & 0xffffffff end
  return h
end

-- 1. hash tables: word frequencies of generated text
local words = {}
local seed = 12345
local function rnd(m) seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % m end
local syll = {"ka","lo","mi","ne","su","ta","ri","po","ve","zu","an","el","or"}
for i = 1, math.floor(2000 * N) do
  local w = syll[rnd(#syll) + 1] .. syll[rnd(#syll) + 1]
  if rnd(3) == 0 then w = w .. syll[rnd(#syll) + 1] end
  words[#words + 1] = w
end
local freq = {}
for _, w in ipairs(words) do freq[w] = (freq[w] or 0) + 1 end
local keys = {}
for k in pairs(freq) do keys[#keys + 1] = k end
table.sort(keys, function(a, b) if freq[a] ~= freq[b] then return freq[a] > freq[b] end return a < b end)
print("words", #words, "distinct", #keys, "top", keys[1], freq[keys[1]])

-- 2. strings: building, patterns, gsub, formatting
local parts = {}
for i = 1, math.floor(300 * N) do parts[#parts + 1] = string.format("%05d:%s;", i, words[(i % #words) + 1]) end
local s = table.concat(parts)
local cnt = 0
for num, w in s:gmatch("(%d+):(%a+);") do if #w > 4 then cnt = cnt + 1 end end
local up = s:gsub("(%a+)", string.upper)
print("strings", #s, cnt, checksum(up))

-- 3. closures and higher-order functions
local function compose(f, g) return function(x) return f(g(x)) end end
local inc = function(x) return x + 1 end
local dbl = function(x) return x * 2 end
local acc = 0
local h = compose(inc, dbl)
for i = 1, math.floor(20000 * N) do acc = (acc + h(i)) % 1000000007 end
print("closures", acc)

-- 4. coroutines: a producer/consumer pipeline
local function producer(n)
  return coroutine.wrap(function() for i = 1, n do coroutine.yield(i * i % 97) end end)
end
local total = 0
for v in producer(math.floor(20000 * N)) do total = total + v end
print("coroutines", total)

-- 5. floating point: n-body-like integration
local bodies = {}
for i = 1, 5 do bodies[i] = {x = i, y = i * 0.5, z = -i, vx = 0, vy = 0.01 * i, vz = 0, m = 1 / i} end
for step = 1, math.floor(800 * N) do
  for i = 1, #bodies do
    local bi = bodies[i]
    for j = i + 1, #bodies do
      local bj = bodies[j]
      local dx, dy, dz = bi.x - bj.x, bi.y - bj.y, bi.z - bj.z
      local d2 = dx * dx + dy * dy + dz * dz + 0.01
      local mag = 0.001 / (d2 * math.sqrt(d2))
      bi.vx = bi.vx - dx * bj.m * mag; bi.vy = bi.vy - dy * bj.m * mag; bi.vz = bi.vz - dz * bj.m * mag
      bj.vx = bj.vx + dx * bi.m * mag; bj.vy = bj.vy + dy * bi.m * mag; bj.vz = bj.vz + dz * bi.m * mag
    end
  end
  for _, b in ipairs(bodies) do b.x = b.x + 0.01 * b.vx; b.y = b.y + 0.01 * b.vy; b.z = b.z + 0.01 * b.vz end
end
print("nbody", string.format("%.9f %.9f", bodies[1].x, bodies[5].z))

-- 6. arrays: sieve and sort of integers
local lim = math.floor(20000 * N)
local sieve = {}
for i = 2, lim do sieve[i] = true end
for i = 2, math.floor(math.sqrt(lim)) do
  if sieve[i] then for j = i * i, lim, i do sieve[j] = false end end
end
local primes = 0
for i = 2, lim do if sieve[i] then primes = primes + 1 end end
local arr = {}
for i = 1, math.floor(5000 * N) do arr[i] = rnd(1000000) end
table.sort(arr)
print("arrays", primes, arr[1], arr[#arr // 2], arr[#arr])
