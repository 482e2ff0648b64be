#!/usr/bin/env bash
# scripts/man.sh ROBIN OUTDIR — robin's manual pages, generated (never committed):
#   OUTDIR/robin.1         docs/robin.1.md, then the command list of `ROBIN --help`
#   OUTDIR/robin-CMD.1     for every command of `ROBIN --help`: NAME (its summary line),
#                          SYNOPSIS (`ROBIN CMD --help` verbatim, so every option is there),
#                          then docs/robin-CMD.md with its headings raised one level
# with pandoc (-s -t man; title, section 1, date, "robin" as footer). The date is the last
# commit of the page's markdown (the build date outside a git checkout). `make install` runs it
# through the build/man/ rule of the Makefile.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: scripts/man.sh ROBIN OUTDIR" >&2; exit 2; }
robin=$1 out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
command -v pandoc >/dev/null || { echo "scripts/man.sh: pandoc not found (Debian package pandoc)" >&2; exit 1; }
mkdir -p "$out"

help=$("$robin" --help)
# "  name   summary" lines of the command list
cmds=$(printf '%s\n' "$help" | awk '/^commands:/{on=1; next} on && /^  [a-z]/{print $1} on && /^$/{on=0}')
[ -n "$cmds" ] || { echo "scripts/man.sh: no commands in '$robin --help'" >&2; exit 1; }
summary() { printf '%s\n' "$help" | awk -v c="$1" '$1 == c { $1 = ""; sub(/^ +/, ""); print; exit }'; }

page_date() {
	local d
	d=$(git -C "$root" log -1 --format=%cs -- "$@" 2>/dev/null || true)
	[ -n "$d" ] || d=$(date -u +%Y-%m-%d)
	printf '%s\n' "$d"
}

# body FILE: the markdown without its first-level title, headings one level up (## -> #, the
# new first level in capitals as man pages have them), two-column tables (option | meaning) as
# definition lists, which man shows as its usual indented option lists (a table squeezes both
# columns into half the terminal each); fenced code blocks left alone
body() {
	awk 'function cells(line, a,   n, i) {
	         gsub(/\\\|/, "\001", line)   # an escaped pipe inside a cell
	         sub(/^ *\| */, "", line); sub(/ *\| *$/, "", line)
	         n = split(line, a, / *\| */)
	         for (i = 1; i <= n; i++) gsub(/\001/, "|", a[i])
	         return n
	     }
	     NR == 1 && /^# / { next }
	     /^(```|~~~)/ { fence = !fence }
	     fence { print; next }
	     dl && /^\|/ { cells($0, c); printf "%s\n:   %s\n\n", c[1], c[2]; next }
	     dl { dl = 0 }
	     held != "" {
	         if ($0 ~ /^\| *:?-+:? *\| *:?-+:? *\|? *$/ && cells(held, c) == 2) { dl = 1; held = ""; next }
	         print held; held = ""
	     }
	     /^\|/ && !intable { held = $0; intable = 1; next }
	     !/^\|/ { intable = 0 }
	     /^##+ / { sub(/^#/, "") }
	     /^# / { $0 = toupper($0) }
	     { print }
	     END { if (held != "") print held }' "$1"
}

# help_roff: `robin CMD --help` on stdin as roff, the way help2man lays out a --help text: the
# usage lines as they are (SYNOPSIS), then (OPTIONS) every option line ("  --opt ARG   what it
# does", with its more-indented continuation lines) as a tagged paragraph whose text man
# refills to the terminal's width, lines of prose refilled, heading lines ("core options:") as
# subsections, and anything else (indented examples, columns of verbs) kept as it is.
help_roff() {
	awk -v title="$1" '
	function esc(s) { gsub(/\\/, "\\e", s); gsub(/-/, "\\-", s); sub(/^[.'"'"']/, "\\\\\\&&", s); return s }
	function mode(m) {
		if (m == cur) return
		if (cur == "nf") print ".fi"
		if (m == "nf") print ".PP\n.nf"
		if (m == "prose") print ".PP"
		cur = m
	}
	# split an option line into term and description: at the first run of two blanks, else
	# after the option and its argument words (upper case, or with | [ < : =)
	function item(line,   t, n, w, i, term) {
		sub(/^ +/, "", line)
		if (match(line, /  +/)) { term = substr(line, 1, RSTART - 1); desc = substr(line, RSTART + RLENGTH); return term }
		n = split(line, w, / /); term = w[1]
		for (i = 2; i <= n; i++) {
			if (w[i - 1] ~ /,$/ || w[i] !~ /[a-z]/ || w[i] ~ /[|[<:=]/ || w[i] == "...") term = term " " w[i]
			else break
		}
		desc = ""
		for (; i <= n; i++) desc = desc (desc == "" ? "" : " ") w[i]
		return term
	}
	NR == 1 { print ".SH SYNOPSIS"; print ".nf"; cur = "nf"; inusage = 1 }
	# the usage lines end at a blank line or at one that is not indented
	inusage && NR > 1 && /^($|[^ ])/ {
		print ".fi"; cur = ""; inusage = 0
		print ".SH OPTIONS"; print "As \\fBrobin " title " \\-\\-help\\fR (or \\fBrobin help " title "\\fR) prints them."
		if ($0 == "") next
	}
	inusage { print esc($0); next }
	/^$/ { if (cur == "nf") { print ".fi"; cur = "" } else if (cur != "") cur = "gap"; next }
	/^[A-Za-z][A-Za-z -]*:$/ && length($0) < 40 { mode(""); sub(/:$/, ""); print ".SS \"" esc($0) "\""; next }
	/^ {1,4}-/ { mode("tp"); t = item($0); print ".TP"; print "\\fB" esc(t) "\\fR"; if (desc != "") print esc(desc); next }
	cur == "tp" && /^ {5,}[^ ]/ { sub(/^ +/, ""); print esc($0); next }
	/^[^ ]/ && !/[^ ]   / { if (cur != "prose") mode("prose"); print esc($0); next }
	{ mode("nf"); print esc($0) }
	END { if (cur == "nf") print ".fi" }'
}

# render NAME TITLE DATE < MARKDOWN > OUTDIR/NAME.1
render() {
	# --columns: pandoc wraps the roff source and sizes table columns to this width; 72 keeps
	# tables inside an 80-column terminal once man has indented them
	# -smart: "--config" stays two hyphens (not an en dash), quotes stay ASCII
	pandoc -s -f markdown-smart -t man --columns=72 \
		-M title="$2" -M section=1 -M date="$3" -M footer=robin -M header="robin manual" |
	# pandoc sizes a table's columns as shares of 70n, wider than an 80-column terminal once man
	# has indented the page (tbl: "table wider than line width"): scale them to 62n, gaps included
	awk '/^lw\(/ && prev ~ /^tab\(/ {
		n = split($0, w, /lw\(|n\)/); tot = 0; k = 0
		for (i = 1; i <= n; i++) if (w[i] ~ /^[0-9]+(\.[0-9]+)?$/) { v[++k] = w[i]; tot += w[i] }
		avail = 62 - 3 * (k - 1); line = ""
		for (i = 1; i <= k; i++) line = line (i > 1 ? " " : "") sprintf("lw(%dn)", int(v[i] * avail / tot))
		$0 = line "."
	     }
	     # left-adjusted text in the narrow cells (justified, tbl warns "cannot adjust line")
	     /^\.TS/ { print ".ad l" }
	     # no hyphenation: options and paths are not split across lines (pandoc turns it on
	     # with .hy after .TH)
	     /^\.hy$/ { $0 = ".nh" }
	     # a combining macron (docs: the mean w̄) has no glyph in the ASCII device that man uses
	     # in the C locale (troff warns); the spacing macron has, or prints nothing silently
	     { gsub(/\\\[u0304\]/, "\\[a-]") }
	     { prev = $0; print }
	     /^\.TE/ { print ".ad" }' >"$out/$1.1.tmp"
	mv "$out/$1.1.tmp" "$out/$1.1"
}

see_also=""
for c in $cmds; do
	see_also+="${see_also:+, }**robin-$c**(1)"
done

{
	cat "$root/docs/robin.1.md"
	printf '\n# COMMANDS\n\n'
	for c in $cmds; do
		printf '**%s**\n:   %s; see **robin-%s**(1).\n\n' "$c" "$(summary "$c")" "$c"
	done
	printf '# SEE ALSO\n\n%s\n\nThe documentation in /usr/local/share/doc/robin/ (or PREFIX/share/doc/robin/), README.md first.\n' "$see_also"
} | render robin ROBIN "$(page_date docs/robin.1.md)"

for c in $cmds; do
	md=$root/docs/robin-$c.md
	{
		printf '# NAME\n\nrobin-%s - %s\n\n' "$c" "$(summary "$c")"
		printf '```{=man}\n'
		"$robin" "$c" --help | help_roff "$c"
		printf '```\n\n'
		if [ -f "$md" ]; then
			printf '# DESCRIPTION\n\n'
			body "$md"
			printf '\n'
		fi
		printf '# SEE ALSO\n\n**robin**(1)\n'
	} | render "robin-$c" "ROBIN-${c^^}" "$(page_date "docs/robin-$c.md")"
done
