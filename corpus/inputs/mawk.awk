# A report over a csv of orders (id,first,last,city,amount,quantity,date,category), in the style
# of everyday awk: group-by sums and counts in associative arrays, split/substr/index/match/gsub,
# sprintf/printf, and sorted output through its own merge sort (for-in order is unspecified).
# Generated for the corpus: @N@ (the template parameter) times 10 is the length of the top lists.
BEGIN { FS = ","; top = @N@ * 10 }
NR == 1 { next }
{
  city = $4; amt = $5 + 0; qty = $6 + 0; cat = $8
  name = $2 " " $3
  split($7, d, "-")
  month = d[1] "-" d[2]
  # per-group aggregates
  n_city[city]++; sum_city[city] += amt; qty_city[city] += qty
  if (!(city in max_city) || amt > max_city[city]) max_city[city] = amt
  sum_cat[cat] += amt; n_cat[cat]++
  sum_month[month] += amt * qty
  cc = city SUBSEP cat; sum_cc[cc] += amt
  spent[name] += amt; orders[name]++
  # string work: initials, a normalised key, vowels, a checksum of the letters
  ini = substr($2, 1, 1) substr($3, 1, 1)
  initials[ini]++
  key = tolower(name); gsub(/[aeiou]/, "", key)
  consonants[key]++
  v = name; nv = gsub(/[AEIOUaeiou]/, "", v); vowels += nv
  if (match(city, /[aeiou][^aeiou]+[aeiou]/)) mid[substr(city, RSTART, RLENGTH)]++
  if (index(name, "th") > 0) th++
  w = sprintf("%s/%05.1f/%d", toupper(substr(city, 1, 3)), amt % 1000, qty % 7)
  buckets[substr(w, 1, 5)]++
  len += length(name) + length(w)
  # day of year and a weekday, by arithmetic
  y = d[1] + 0; m = d[2] + 0; dd = d[3] + 0
  if (m < 3) { y--; m += 12 }
  wd = (dd + int(13 * (m + 1) / 5) + y + int(y / 4) - int(y / 100) + int(y / 400)) % 7
  sum_wd[wd] += amt; n_wd[wd]++
  total += amt; tq += qty
}
function msort(a, n,    i, j, k, m, t, w, o, b) {   # sort a[1..n] (strings) ascending, stable
  for (w = 1; w < n; w *= 2) {
    for (i = 1; i <= n; i += 2 * w) {
      m = i + w; if (m > n + 1) m = n + 1
      k = i + 2 * w; if (k > n + 1) k = n + 1
      j = i; t = m; o = i
      while (j < m && t < k) {
        if (a[t] < a[j]) b[o++] = a[t++]; else b[o++] = a[j++]
      }
      while (j < m) b[o++] = a[j++]
      while (t < k) b[o++] = a[t++]
    }
    for (i = 1; i <= n; i++) a[i] = b[i]
  }
}
function keys(arr, out,    k, n) { n = 0; for (k in arr) out[++n] = k; msort(out, n); return n }
# rank keys by a numeric value (descending), ties by key: sort "zero-padded complement|key"
function rank(arr, out,    k, n, s) {
  n = 0
  for (k in arr) out[++n] = sprintf("%015.2f|%s", 1e12 - arr[k], k)
  msort(out, n)
  for (k = 1; k <= n; k++) { s = out[k]; out[k] = substr(s, index(s, "|") + 1) }
  return n
}
END {
  printf "rows %d total %.2f qty %d vowels %d th %d len %d\n", NR - 1, total, tq, vowels, th, len
  n = keys(n_city, ks)
  for (i = 1; i <= n; i++) {
    c = ks[i]
    printf "city %-12s %6d %14.2f %8d avg %9.3f max %8.2f\n", c, n_city[c], sum_city[c], qty_city[c], sum_city[c] / n_city[c], max_city[c]
  }
  n = keys(n_cat, ks)
  for (i = 1; i <= n; i++) printf "cat %s %d %.2f\n", ks[i], n_cat[ks[i]], sum_cat[ks[i]]
  n = keys(sum_month, ks)
  for (i = 1; i <= n; i++) printf "month %s %.2f\n", ks[i], sum_month[ks[i]]
  for (i = 0; i < 7; i++) printf "weekday %d %d %.2f\n", i, n_wd[i], sum_wd[i]
  n = keys(sum_cc, ks)
  for (i = 1; i <= n; i++) { split(ks[i], p, SUBSEP); s = s sprintf("%s:%s=%.0f ", p[1], p[2], sum_cc[ks[i]]) }
  print "city-cat " length(s) " " substr(s, 1, 200)
  n = rank(spent, rk)
  for (i = 1; i <= n && i <= top; i++) printf "spender %3d %-24s %12.2f %5d\n", i, rk[i], spent[rk[i]], orders[rk[i]]
  n = rank(initials, rk)
  for (i = 1; i <= n && i <= top; i++) printf "initials %s %d\n", rk[i], initials[rk[i]]
  n = rank(consonants, rk)
  for (i = 1; i <= n && i <= top; i++) printf "consonants %s %d\n", rk[i], consonants[rk[i]]
  n = rank(mid, rk)
  for (i = 1; i <= n && i <= top; i++) printf "mid %s %d\n", rk[i], mid[rk[i]]
  n = rank(buckets, rk)
  printf "buckets %d", n
  for (i = 1; i <= n && i <= top; i++) printf " %s=%d", rk[i], buckets[rk[i]]
  printf "\n"
}
