#!/usr/bin/env bash
# 652: the HTML report's flame graph (report/flame_html.c) of a simulated TIP profile with
# call stacks (tests/guest/stacks.c): the page stays self-contained, the SVG holds the frames
# of the known stacks; in headless Chromium its scripts run without error, a click on a
# stacks_rec frame zooms (frames outside its subtree hidden, it spans the full width), a
# search for stacks_cmp colours the matches and reports their share (checked against the
# folded export), and the screenshot shows the flame graph (many colours, a large share of
# flame-coloured pixels, tests/e2e/lib/png_stats.py). Skips (77) without Chromium.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest stacks
C=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$C" ] || { echo "skip: chromium is not installed"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail=0
"$ROBIN" sim --profile tip --period 97 --top 0 --stacks --db "$T/s.db" "$G/stacks.static" 5 \
	> "$T/out" 2> "$T/err" || { cat "$T/err"; echo "FAIL: sim"; exit 1; }
"$ROBIN" report --db "$T/s.db" --event tip --html "$T/r.html" 2> "$T/err" || { cat "$T/err"; echo "FAIL: report"; exit 1; }
h=$T/r.html
grep -q '<h2 id="flame-graph">Flame graph</h2>' "$h" || { echo "FAIL: no flame-graph section"; fail=1; }
grep -q '<svg id="flame"' "$h" || { echo "FAIL: no flame SVG"; fail=1; }
for f in main stacks_rec stacks_qsort_phase stacks_cmp stacks_leaf stacks_in_handler; do
	grep -q "<title>$f (" "$h" || { echo "FAIL: no frame $f"; fail=1; }
done
grep -Eq "(src|href)=\"(https?:)?//" "$h" && { echo "FAIL: external resource"; fail=1; }
# the share of stacks_cmp the search must report: the folded stacks through it
"$ROBIN" export --db "$T/s.db" --event tip --folded "$T/f" 2> /dev/null
want=$(awk '{ t += $NF } /;stacks_cmp[; ]/ { s += $NF } END { printf "%.2f", 100 * s / t }' "$T/f")

# drive the page: zoom into the outermost stacks_rec frame, then search
cat "$h" > "$T/drive.html"
cat >> "$T/drive.html" <<'JS'
<script>
(function(){
var root=document.documentElement, gs=document.querySelectorAll('#flame g.fg'), rec=null;
gs.forEach(function(g){var n=g.querySelector('title').textContent;
if(n.indexOf('stacks_rec (')===0&&(!rec||+g.getAttribute('data-d')<+rec.getAttribute('data-d')))rec=g;});
rec.dispatchEvent(new MouseEvent('click',{bubbles:true}));
var hidden=0,shown=0;gs.forEach(function(g){if(g.style.display==='none')hidden++;else shown++;});
root.setAttribute('data-zoom-hidden',hidden);root.setAttribute('data-zoom-shown',shown);
root.setAttribute('data-zoom-width',rec.querySelector('rect').getAttribute('width'));
var cmpShown=0;gs.forEach(function(g){if(g.querySelector('title').textContent.indexOf('stacks_cmp (')===0&&g.style.display!=='none')cmpShown++;});
root.setAttribute('data-zoom-cmp',cmpShown);
document.querySelector('#flame g.fg[data-d="0"]').dispatchEvent(new MouseEvent('click',{bubbles:true}));
var box=document.getElementById('flame-search');box.value='^stacks_cmp$';
box.dispatchEvent(new Event('input'));
var purple=0;gs.forEach(function(g){if(g.querySelector('rect').getAttribute('fill')==='rgb(190,90,230)')purple++;});
root.setAttribute('data-search-purple',purple);
root.setAttribute('data-search-text',document.getElementById('flame-match').textContent);
})();
</script>
JS
timeout 120 "$C" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$T/chrome" \
	--dump-dom "file://$T/drive.html" > "$T/dom" 2> "$T/chrome.log" || { echo "FAIL: chromium"; exit 1; }
attr() { grep -o "$1=\"[^\"]*\"" "$T/dom" | head -1 | sed 's/.*="\(.*\)"/\1/'; }
[ "$(attr data-robin-ready)" = 1 ] || { echo "FAIL: page scripts did not finish"; fail=1; }
grep -q 'data-robin-errors=' "$T/dom" && { echo "FAIL: script errors: $(attr data-robin-errors)"; fail=1; }
echo "zoom: $(attr data-zoom-shown) shown, $(attr data-zoom-hidden) hidden, width $(attr data-zoom-width), stacks_cmp shown $(attr data-zoom-cmp)"
[ "$(attr data-zoom-hidden)" -gt 10 ] 2>/dev/null || { echo "FAIL: the zoom hid nothing"; fail=1; }
[ "$(attr data-zoom-width)" = 1160 ] || { echo "FAIL: the zoomed frame does not span the width"; fail=1; }
[ "$(attr data-zoom-cmp)" = 0 ] || { echo "FAIL: stacks_cmp visible inside stacks_rec's zoom"; fail=1; }
echo "search: $(attr data-search-purple) frames, '$(attr data-search-text)', folded says $want%"
[ "$(attr data-search-purple)" -ge 3 ] 2>/dev/null || { echo "FAIL: the search coloured no frames"; fail=1; }
got=$(attr data-search-text | grep -o '[0-9.]*%' | tr -d %)
awk -v a="$got" -v b="$want" 'BEGIN { d = a - b; exit !(a != "" && d < 0.1 && -d < 0.1) }' ||
	{ echo "FAIL: search share $got% vs $want% (frames under 0.05% are not drawn)"; fail=1; }

# the screenshot shows the flame graph
timeout 120 "$C" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$T/chrome" \
	--screenshot="$T/shot.png" --window-size=1250,900 "file://$h" > /dev/null 2>&1 ||
	{ echo "FAIL: screenshot"; exit 1; }
read -r w hh colours warm < <(python3 "$ROBIN_ROOT/tests/e2e/lib/png_stats.py" "$T/shot.png" 450 900)
echo "screenshot ${w}x$hh: $colours colours, $warm flame-coloured below y=450"
[ "$colours" -ge 64 ] || { echo "FAIL: too few colours"; fail=1; }
awk -v f="$warm" 'BEGIN { exit !(f > 0.2) }' || { echo "FAIL: no flame graph in the screenshot"; fail=1; }
# control: the same page without stacks has no flame graph and no flame colours there
"$ROBIN" sim --profile tip --period 97 --top 0 --no-stacks --db "$T/n.db" "$G/stacks.static" 5 \
	> /dev/null 2>&1 && "$ROBIN" report --db "$T/n.db" --event tip --html "$T/n.html" 2> /dev/null
grep -q 'id="flame"' "$T/n.html" && { echo "FAIL: a flame graph without stacks"; fail=1; }
timeout 120 "$C" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$T/chrome" \
	--screenshot="$T/n.png" --window-size=1250,900 "file://$T/n.html" > /dev/null 2>&1
read -r w hh colours warm < <(python3 "$ROBIN_ROOT/tests/e2e/lib/png_stats.py" "$T/n.png" 450 900)
awk -v f="$warm" 'BEGIN { exit !(f < 0.05) }' || { echo "FAIL: the control shows flame colours ($warm)"; fail=1; }
exit $fail
