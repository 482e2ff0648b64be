#!/usr/bin/env bash
# 269: every DRAM read has a cause in robin sim --stats-json (one core): dram.reads_by_cause
# (demand, prefetch, page_walk) adds up to dram.reads; the LLC's requests by cause count the
# L1D prefetcher's and the page walker's besides the demand ones (caches.llc.by_cause: its
# demand row is caches.llc's accesses and misses), and every LLC miss of any cause is one
# DRAM read. A streaming copy reads DRAM for its prefetches, a pointer chase over a large
# array for its page walks; with --preset boom-medium (a private L2) the same holds.
set -u
W="$ROBIN_ROOT/build/guest/workloads"
for w in copy chase_dram; do
	[ -x "$W/$w.static" ] || { echo "skip: $W/$w.static not built (make guest)"; exit 77; }
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for p in boom-large boom-medium; do
	for w in copy chase_dram; do
		# --max-insns stops it early (a nonzero exit); the statistics are written
		timeout 600 "$ROBIN" sim --quiet --no-progress --preset $p --max-insns 2000000 \
			--stats-json "$tmp/$p-$w.json" -- "$W/$w.static" >/dev/null 2>"$tmp/err"
		[ -s "$tmp/$p-$w.json" ] || { echo "$p $w: no statistics"; cat "$tmp/err"; exit 1; }
	done
done
python3 - "$tmp" <<'PY'
import json, sys
t = sys.argv[1]
for p in ("boom-large", "boom-medium"):
    for w in ("copy", "chase_dram"):
        d = json.load(open(f"{t}/{p}-{w}.json"))
        dram, llc = d["dram"], d["caches"]["llc"]
        by = dram["reads_by_cause"]
        assert sum(by.values()) == dram["reads"], (p, w, by, dram["reads"])
        assert llc["by_cause"]["demand"]["accesses"] == llc["accesses"], (p, w)
        assert llc["by_cause"]["demand"]["misses"] == llc["misses"], (p, w)
        for k in by:
            assert llc["by_cause"][k]["misses"] == by[k], (p, w, k)
        if w == "copy":
            assert by["prefetch"] > 0 and llc["by_cause"]["prefetch"]["accesses"] > 0, (p, w, by)
        else:
            assert by["page_walk"] > 0, (p, w, by)
PY
