# coproc.sh — for the e2e tests of `robin coproc asm`: source it after setting $tmp (a scratch
# directory) and die (records a failure).
# asm_refused NAME SOURCE FRAGMENT: assembling SOURCE (as $tmp/NAME.s) fails with exit 1 and
# exactly one line that names the file and contains "LINE:COL: message" FRAGMENT.
asm_refused() {
	printf '%s\n' "$2" >"$tmp/$1.s"
	out=$("$ROBIN" coproc asm "$tmp/$1.s" 2>&1)
	rc=$?
	[ $rc -eq 1 ] || die "$1: exit $rc (want 1): $out"
	[ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || die "$1: more than one line: $out"
	case "$out" in
	*"$tmp/$1.s:$3"*) ;;
	*) die "$1: '$out' lacks '$1.s:$3'" ;;
	esac
}
