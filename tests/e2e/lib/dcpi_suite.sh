# dcpi_suite.sh — shared by e2e 544 and 546: every other workload of the suite
# (scripts/lib/suite.sh; bench/dcpi.sh and bench/dcpi_sampled.sh run all 18) simulated on
# inorder-dual at size 1 with issue-head samples every 97 cycles and the given profiles, into
# one database, then `robin calc --evaluate --json` with the given options.
#   dcpi_suite_eval TAG PROFILES [CALC_OPTION...]   -> $tmp/eval.json; exits 77 when a
#   workload is not built, 1 when a run fails. Sets tmp (removed at exit) and W.
dcpi_suite_eval() {
	local tag=$1 profiles=$2 w
	shift 2
	cd "$ROBIN_ROOT" || exit 1
	command -v python3 >/dev/null || { echo "python3 not installed"; exit 77; }
	. scripts/lib/suite.sh
	local G=build/guest/workloads
	W=$(suite_names | awk 'NR % 2 == 1')
	for w in $W; do
		[ -x "$G/$w.static" ] || { echo "$G/$w.static not built (make guest)"; exit 77; }
	done
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-e2e-$tag.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	for w in $W; do
		"${SUITE_ENV[@]}" "$ROBIN" sim --quiet --no-progress --preset inorder-dual --top 0 \
			--profile "$profiles" --period 97 --db "$tmp/s.db" -- $G/$w.static 1 \
			>/dev/null 2>"$tmp/err" ||
			{ echo "FAIL: robin sim $w exited $?: $(tail -n1 "$tmp/err")"; exit 1; }
	done
	"$ROBIN" calc --evaluate --json "$@" --db "$tmp/s.db" >"$tmp/eval.json" 2>"$tmp/err" ||
		{ echo "FAIL: robin calc --evaluate --json failed: $(cat "$tmp/err")"; exit 1; }
}
