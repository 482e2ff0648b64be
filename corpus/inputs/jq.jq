# A report over an array of records {id, name, price, qty, tags, owner{user, level, active},
# score}: what jq is used for, group_by, sort_by, map/select, reduce, unique, string
# interpolation, object construction and formats (@csv, @base64). Generated for the corpus;
# lists are cut to @N@0 entries.
def r2: . * 100 | round / 100;
def top: .[:(@N@ * 10)];
. as $all
| {
  count: length,
  value: (map(.price * .qty) | add | r2),
  stats: (reduce .[] as $r ({n: 0, sum: 0, min: null, max: null, qty: 0};
            .n += 1 | .sum += $r.price | .qty += $r.qty
            | .min = (if .min == null or $r.price < .min then $r.price else .min end)
            | .max = (if .max == null or $r.price > .max then $r.price else .max end))
          | .mean = (.sum / .n | r2) | .sum |= r2),
  by_level: (group_by(.owner.level) | map({
               level: .[0].owner.level, n: length,
               active: map(select(.owner.active)) | length,
               avg_score: (map(.score) | add / length | r2),
               qty: (map(.qty) | add)})),
  by_tag: ([.[] | .tags[]] | group_by(.) | map({key: .[0], value: length}) | from_entries),
  tag_sets: (map(.tags | sort | join("+")) | group_by(.)
             | map([(if .[0] == "" then "-" else .[0] end), length]) | sort_by(-.[1], .[0]) | top),
  best_active: (map(select(.owner.active and .qty > 100)) | sort_by(-.score, .id) | top
                | map("\(.id):\(.name) score=\(.score) by \(.owner.user)/\(.owner.level)")),
  users: (group_by(.owner.user)
          | map({user: .[0].owner.user, n: length, spend: (map(.price * .qty) | add | r2),
                 ids: (map(.id) | .[:3] | map(tostring) | join(","))})
          | sort_by(-.spend, .user) | top),
  median_item: (map(.name | ltrimstr("item") | tonumber) | sort | .[length / 2 | floor]),
  distinct_keys: (map("\(.owner.user)-\(.id % 7)") | unique | length),
  buckets: (map(.price / 100 | floor) | group_by(.) | map({key: "p\(.[0])", value: length}) | from_entries),
  rows: (map(select(.id % 97 == 0) | [.id, .name, .price, (.tags | join(" "))] | @csv) | top),
  encoded: (map(select(.id % 211 == 0) | "\(.name)|\(.owner.user)" | @base64) | top),
  flags: (map(.owner | to_entries | map(select(.value == true) | .key)) | flatten | length),
  paths: ([$all[0:50][] | paths(type == "number")] | length),
  scored: (map(.score * .qty / (1 + .owner.level)) | sort | [.[0], .[length - 1], (add / length)] | map(r2))
}
