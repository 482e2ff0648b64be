#!/usr/bin/env bash
# 935: make install / make uninstall (issue 36). Installs the robin under test (ROBIN_BIN=$ROBIN,
# so nothing is rebuilt; the generated pages and completion go to a temporary GENDIR) twice:
# with PREFIX=DIR, and staged with DESTDIR=DIR PREFIX=/usr. Each time: the installed robin runs
# and `robin help CMD` is `robin CMD --help`; there is a manual page robin(1) and one per command
# of `robin --help`, man finds them under PREFIX/share/man, each renders at 80 columns without
# a warning from man (UTF-8 and C locales) or groff, robin-sim(1) documents --preset; the bash
# completion completes `robin si` to sim, `robin sim --pre` to --preset, --preset's presets,
# daemon's verbs, and offers every option that starts an option line of `robin CMD --help` for
# every command (so it cannot drift from the help texts); the docs are in PREFIX/share/doc/robin;
# the manifest lists exactly the files installed; make uninstall leaves no file behind.
set -u
command -v pandoc >/dev/null || { echo "skip: pandoc not installed (Debian package pandoc)"; exit 77; }
command -v man >/dev/null || { echo "skip: man not installed (Debian package man-db)"; exit 77; }
R=$ROBIN; case $R in /*) ;; *) R=$ROBIN_ROOT/$R ;; esac
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# a make of its own: no jobserver or flags inherited from `make check`
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$ROBIN_ROOT" --no-print-directory \
	ROBIN_BIN="$R" GENDIR="$tmp/gen" "$@"; }

cmds=$("$R" --help | awk '/^commands:/{on=1; next} on && /^  [a-z]/{print $1} on && /^$/{on=0}')
[ "$(echo $cmds | wc -w)" -ge 19 ] || fail "robin --help lists only: $cmds"

# complete WORD... : what the installed completion offers for the last word
complete_words() {
	bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _robin; printf "%s\n" "${COMPREPLY[@]}"' \
		_ "$comp" "$@"
}

# check ROOT PREFIX: the installation under ROOT$PREFIX (ROOT is DESTDIR)
check() {
	local root=$1 prefix=$2 P=$1$2 f c w
	[ -x "$P/bin/robin" ] || fail "$P/bin/robin not installed"
	"$P/bin/robin" help | grep -q '^  simpoint ' || fail "installed robin: no command list"
	cmp -s <("$P/bin/robin" help sim) <("$R" sim --help) || fail "robin help sim differs from robin sim --help"
	"$P/bin/robin" config --list | grep -q boom-large || fail "installed robin config --list"

	# manual pages: robin(1) and one per command, found by man under PREFIX/share/man
	local mandir=$P/share/man/man1
	for c in robin $(printf 'robin-%s\n' $cmds); do
		f=$mandir/$c.1
		[ -f "$f" ] || fail "no manual page $f"
		[ "$(man -M "$P/share/man" -w "$c" 2>/dev/null)" = "$f" ] || fail "man -M $P/share/man -w $c: not $f"
		MANWIDTH=80 man --warnings -l "$f" >"$tmp/page" 2>"$tmp/warn" || fail "man -l $f: exit $?"
		[ ! -s "$tmp/warn" ] || { cat "$tmp/warn"; fail "man --warnings -l $f warns"; }
		# and in the C locale, where man renders for an ASCII terminal
		LC_ALL=C MANWIDTH=80 man --warnings -l "$f" 2>&1 >/dev/null | grep . && fail "LC_ALL=C man --warnings -l $f warns"
		grep -q '^NAME' "$tmp/page" || fail "$f: no NAME section"
		grep -qE "^ +$c +- " "$tmp/page" || fail "$f: NAME is not '$c - ...'"
		groff -ww -z -k -t -man -Tutf8 "$f" 2>"$tmp/warn" && [ ! -s "$tmp/warn" ] || { cat "$tmp/warn"; fail "groff -ww $f warns"; }
	done
	MANWIDTH=80 man -l "$mandir/robin-sim.1" 2>/dev/null | grep -q -- '--preset NAME' || fail "robin-sim(1) lacks --preset"
	MANWIDTH=80 man -l "$mandir/robin-sim.1" 2>/dev/null | grep -q '^DESCRIPTION' || fail "robin-sim(1) lacks docs/robin-sim.md"
	MANWIDTH=80 man -l "$mandir/robin.1" 2>/dev/null | grep -q 'robin-topstalls(1)' || fail "robin(1) does not list robin-topstalls(1)"

	# bash completion
	comp=$P/share/bash-completion/completions/robin
	[ -f "$comp" ] || fail "no completion script $comp"
	complete_words robin si | grep -qx sim || fail "robin si<TAB>: $(complete_words robin si | tr '\n' ' ')"
	[ "$(complete_words robin sim --pre)" = --preset ] || fail "robin sim --pre<TAB>: $(complete_words robin sim --pre | tr '\n' ' ')"
	complete_words robin sim --preset inorder | grep -qx inorder-dual || fail "robin sim --preset inorder<TAB>"
	[ "$(complete_words robin daemon st | tr '\n' ' ')" = "start status stop " ] || fail "robin daemon st<TAB>: $(complete_words robin daemon st | tr '\n' ' ')"
	complete_words robin help topst | grep -qx topstalls || fail "robin help topst<TAB>"
	complete_words robin simpoint run --val | grep -qx -- --validate || fail "robin simpoint run --val<TAB>"
	for c in $cmds; do
		complete_words robin "$c" - >"$tmp/offered"
		for w in $("$R" "$c" --help | grep -oE -- '^ {1,4}(-[a-zA-Z], )?--?[a-zA-Z][a-zA-Z0-9-]*' | grep -oE -- '--?[a-zA-Z][a-zA-Z0-9-]*$' | sort -u); do
			grep -qx -- "$w" "$tmp/offered" || fail "robin $c -<TAB> does not offer $w"
		done
	done

	# docs, and the manifest names exactly what is there
	for f in README.md install.md robin-sim.md results/README.md; do
		[ -f "$P/share/doc/robin/$f" ] || fail "doc $f not installed"
	done
	diff <(cd "${root:-/}" && find ".$prefix" -type f | sed 's/^\.//' | sort) \
		<(sort "$P/share/doc/robin/install-manifest") >"$tmp/mdiff" || { cat "$tmp/mdiff"; fail "the manifest differs from the files installed"; }
	echo "installed under $root$prefix: $(wc -l <"$P/share/doc/robin/install-manifest") files, $(ls "$mandir" | wc -l) manual pages"
}

# 1: PREFIX=DIR
mk install PREFIX="$tmp/p" DESTDIR= >"$tmp/log" 2>&1 || { tail -20 "$tmp/log"; fail "make install PREFIX=$tmp/p"; }
check "" "$tmp/p"
mk uninstall PREFIX="$tmp/p" DESTDIR= >"$tmp/log" 2>&1 || { tail -20 "$tmp/log"; fail "make uninstall PREFIX=$tmp/p"; }
[ -z "$(find "$tmp/p" -type f)" ] || { find "$tmp/p" -type f | head; fail "make uninstall left files"; }
[ ! -e "$tmp/p/share/doc/robin" ] || fail "make uninstall left $tmp/p/share/doc/robin"

# 2: staged, DESTDIR=DIR PREFIX=/usr
mk install DESTDIR="$tmp/d" PREFIX=/usr >"$tmp/log" 2>&1 || { tail -20 "$tmp/log"; fail "make install DESTDIR=$tmp/d"; }
check "$tmp/d" /usr
grep -q "^/usr/bin/robin$" "$tmp/d/usr/share/doc/robin/install-manifest" || fail "the manifest does not name /usr/bin/robin"
mk uninstall DESTDIR="$tmp/d" PREFIX=/usr >"$tmp/log" 2>&1 || { tail -20 "$tmp/log"; fail "make uninstall DESTDIR=$tmp/d"; }
[ -z "$(find "$tmp/d" -type f)" ] || { find "$tmp/d" -type f | head; fail "make uninstall (DESTDIR) left files"; }

# uninstall of nothing fails clearly
mk uninstall PREFIX="$tmp/p" DESTDIR= >"$tmp/log" 2>&1 && fail "make uninstall of nothing succeeded"
grep -q 'install-manifest: no such file' "$tmp/log" || { cat "$tmp/log"; fail "make uninstall of nothing: unclear error"; }
echo "ok"
