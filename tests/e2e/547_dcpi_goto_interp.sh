#!/usr/bin/env bash
# 547: DCPI's CFG through an interpreter's dispatch (002_767b26a0b68559db.txt §6.1.1: "for
# indirect jumps, we analyze the preceding instructions to try to determine the possible
# targets"). tests/guest/goto_interp.c runs a bytecode loop dispatched by computed gotos
# (`goto *goto_labels[op]`, copied by gcc into every handler, the table's base set once at
# the entry) and by a switch (gcc's relative table); inorder-dual, period 97, 300 runs of
# the loop. Margins (measured when written in brackets):
#  - calc resolves both procedures' indirect jumps: no "unknown targets" note;
#  - the edges out of the dispatches get their flows: of goto_interp_run's edge executions
#    at least 90% within 10% [97.6%; 0.0% while the jumps had no targets], of
#    switch_interp_run's at least 90% [99.6%];
#  - instruction frequencies: at least 90% of goto_interp_run's samples within 5% [97.1%].
set -u
cd "$ROBIN_ROOT"
P=build/guest/tests/goto_interp.static
[ -x "$P" ] || { echo "$P not built (make guest)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-e2e-547.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
die() { echo "FAIL: $*"; fail=1; }
env -i "$ROBIN" sim --quiet --no-progress --preset inorder-dual --top 0 --profile dcpi \
	--period 97 --db "$tmp/g.db" -- "$P" 300 >"$tmp/out" 2>"$tmp/err" ||
	die "robin sim exited $?: $(tail -n1 "$tmp/err")"
[ "$(cat "$tmp/out")" = "44850 44850" ] || die "goto_interp printed '$(cat "$tmp/out")'"
[ $fail = 0 ] || exit 1
# pct LINE-PREFIX FIELD FILE: the FIELD-th percentage of the line starting with LINE-PREFIX
pct() { grep "^$1" "$3" | head -n1 | grep -o '[0-9.]*%' | sed -n "$2p" | tr -d %; }
for f in goto_interp_run switch_interp_run; do
	"$ROBIN" calc "$f" --db "$tmp/g.db" >"$tmp/$f.txt" 2>"$tmp/err" ||
		die "calc $f exited $?: $(tail -n1 "$tmp/err")"
	grep -q "unknown targets" "$tmp/$f.txt" && die "calc $f: an indirect jump left unresolved"
	"$ROBIN" calc --evaluate "$f" --db "$tmp/g.db" >"$tmp/$f.eval" 2>"$tmp/err" ||
		die "calc --evaluate $f exited $?: $(tail -n1 "$tmp/err")"
	e10=$(pct "edges within" 4 "$tmp/$f.eval")
	python3 -c "import sys; sys.exit(0 if float('${e10:-0}') >= 90 else 1)" 2>/dev/null ||
		die "$f: edges within 10% ${e10:-?}% < 90%"
done
w5=$(pct "within 5%" 2 "$tmp/goto_interp_run.eval")
python3 -c "import sys; sys.exit(0 if float('${w5:-0}') >= 90 else 1)" 2>/dev/null ||
	die "goto_interp_run: samples within 5% ${w5:-?}% < 90%"
[ $fail = 0 ] && echo "ok: edges within 10% $(pct "edges within" 4 "$tmp/goto_interp_run.eval")% / $(pct "edges within" 4 "$tmp/switch_interp_run.eval")%, samples within 5% $w5%"
exit $fail
