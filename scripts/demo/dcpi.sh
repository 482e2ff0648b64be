#!/usr/bin/env bash
# dcpi.sh — demo section: DCPI's analysis (robin calc, 002_767b26a0b68559db.txt §6) of
# issue-head cycle samples on the in-order core: the pointer chase and the copy loop listed as
# dcpicalc's Figure 2 with every instruction's estimated execution count next to the exact
# one (dcpix), the copy loop's Figure 4 summary, the most stalled instructions, and Figure 8's
# accuracy over both runs; then colwalk's column loop, whose frequency the event counts prove.
set -u
cd "$(dirname "$0")/../.."
ROBIN=${ROBIN:-build/robin}
G=build/guest/workloads
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-demo-dcpi.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
echo "== robin calc: frequency, CPI and culprits from issue-head samples (inorder-dual) =="
echo "   (robin sim --preset inorder-dual --profile issue-head,dcpix,dcpix-taken,dcpix-imiss --period 97;"
echo "    Est.count = estimated frequency x period, Exact = dcpix, the simulator's count)"
for w in chase_llc copy; do
	[ -x "$G/$w.static" ] || { echo "demo/dcpi: $G/$w.static not built" >&2; exit 1; }
	env -i "$ROBIN" sim --quiet --no-progress --preset inorder-dual --top 0 \
		--profile issue-head,dcpix,dcpix-taken,dcpix-imiss --period 97 --db "$tmp/d.db" -- $G/$w.static 1 \
		>/dev/null 2>"$tmp/err" || { echo "demo/dcpi: robin sim $w failed: $(tail -n1 "$tmp/err")" >&2; exit 1; }
done
echo
"$ROBIN" calc chase_walk --run 1 --db "$tmp/d.db" | grep -v '^ *$' | sed -n '1,2p;/Best-case [0-9]*\/5 /,/bne/p' || exit 1
echo
"$ROBIN" calc cp_copy --run 2 --db "$tmp/d.db" | grep -v '^ *$' | sed -n '1,2p;/Best-case [0-9]*\/6 /,/bne/p' || exit 1
echo
"$ROBIN" calc cp_copy --summary --run 2 --db "$tmp/d.db" | sed -n '1,14p' || exit 1
echo
"$ROBIN" topstalls -n 5 --run 1 --db "$tmp/d.db" || exit 1
echo
"$ROBIN" calc --evaluate --db "$tmp/d.db" | grep -E '^ +[0-9]+ |^DCPI|samples on|^within|^edges' || exit 1
echo
echo "== colwalk's column loop: both issue points stall on every execution (the lwu on its own"
echo "   D-TLB walk, the add on its DRAM miss); the samples alone overestimate it 14.7x, the event"
echo "   counts (--profile ...,dcpix-dmiss,dcpix-dtlb,dcpix-mispredict) prove its executions =="
[ -x "$G/colwalk.static" ] || { echo "demo/dcpi: $G/colwalk.static not built" >&2; exit 1; }
env -i "$ROBIN" sim --quiet --no-progress --preset inorder-dual --top 0 --period 1009 \
	--profile issue-head,dcpix,dcpix-taken,dcpix-imiss,dcpix-dmiss,dcpix-dtlb,dcpix-mispredict \
	--db "$tmp/c.db" -- $G/colwalk.static 1 >/dev/null 2>"$tmp/err" ||
	{ echo "demo/dcpi: robin sim colwalk failed: $(tail -n1 "$tmp/err")" >&2; exit 1; }
"$ROBIN" calc cw_column_sums --db "$tmp/c.db" | grep -v '^ *$' | sed -n '1,3p;/Best-case 4\/4 /,/bne/p' || exit 1
