#!/usr/bin/env bash
# 919: robin simpoint merge validates the campaign manifest it loads (issue 29, fault 5). It
# accepted weights summing to 2, negative, NaN, inf or all zero, "k 0" and cluster numbers
# beyond k, and printed a CPI with exit 0. A real small campaign is made, then its
# campaign.txt edited for each bad case: merge must exit 1 with one line naming
# campaign.txt:LINE and what is wrong; the untouched campaign still merges. The campaign
# chooses its points' warming (warm_auto MIN MAX): a bad pair of bounds is refused too, and a
# directory of origin (cwd) that is not absolute.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest phases
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail=0
die() { echo "FAIL: $*"; fail=1; }
"$ROBIN" simpoint run --interval 300000 --warmup auto:100000:400000 --maxK 4 --jobs 2 --dir "$T/c" -- \
	"$G/phases.static" "$PHASES_IN" 5 2>"$T/err" || { cat "$T/err"; exit 1; }
M=$T/c/campaign.txt
cp "$M" "$T/good.txt"
"$ROBIN" simpoint merge "$T/c" >/dev/null 2>"$T/e" || { echo "the good campaign: $(cat "$T/e")"; exit 1; }
[ "$(grep -c '^P ' "$M")" -ge 2 ] || { echo "want at least 2 points"; cat "$M"; exit 1; }
P0=$(grep -n '^P 0 ' "$M" | cut -d: -f1)
P1=$(grep -n '^P 1 ' "$M" | cut -d: -f1)
KL=$(grep -n '^k ' "$M" | cut -d: -f1)
WL=$(grep -n '^warm_auto ' "$M" | cut -d: -f1)
[ -n "$WL" ] || { echo "no warm_auto line"; cat "$M"; exit 1; }
# bad NAME WANT PYTHON: edit the manifest with PYTHON (fields f of each line l; P lines as
# [P, index, interval, cluster, weight, start, length, warmup]), expect WANT in the message
bad() {
	python3 - "$T/good.txt" "$M" "$3" <<'PY'
import sys
src, dst, code = sys.argv[1:]
out = []
for l in open(src):
    f = l.split()
    exec(code)
    out.append(' '.join(f) + '\n' if f else l)
open(dst, 'w').writelines(out)
PY
	"$ROBIN" simpoint merge "$T/c" >"$T/o" 2>"$T/e"; rc=$?
	[ $rc -eq 1 ] || { die "$1: exit $rc (want 1): $(cat "$T/e") $(head -3 "$T/o")"; return; }
	[ "$(wc -l <"$T/e")" -eq 1 ] || die "$1: not one line: $(cat "$T/e")"
	grep -qF -- "$2" "$T/e" || die "$1: '$(cat "$T/e")' lacks '$2'"
}
bad sum2 "campaign.txt:$P0: the points' weights sum to 2" \
	"if f and f[0] == 'P': f[4] = repr(2 * float(f[4]))"
bad zero "campaign.txt:$P0: the points' weights sum to 0" \
	"if f and f[0] == 'P': f[4] = '0'"
bad negative "campaign.txt:$P1: point 1: weight -0.5" \
	"if f[:2] == ['P', '1']: f[4] = '-0.5'"
bad nan "campaign.txt:$P0: point 0: weight nan" \
	"if f[:2] == ['P', '0']: f[4] = 'nan'"
bad inf "campaign.txt:$P0: point 0: weight inf" \
	"if f[:2] == ['P', '0']: f[4] = 'inf'"
bad k0 "campaign.txt:$KL: k 0" \
	"if f[:1] == ['k']: f[1] = '0'"
bad cluster "campaign.txt:$P1: point 1: cluster 9 is not in" \
	"if f[:2] == ['P', '1']: f[3] = '9'"
bad cluster_neg "campaign.txt:$P0: point 0: cluster -1 is not in" \
	"if f[:2] == ['P', '0']: f[3] = '-1'"
bad interval "campaign.txt:$P1: point 1: interval 99999 is not one of the" \
	"if f[:2] == ['P', '1']: f[2] = '99999'"
bad start "campaign.txt:$P0: point 0: start 7 and length" \
	"if f[:2] == ['P', '0']: f[5] = '7'"
bad warmup "campaign.txt:$P0: point 0: warmup 99999999999" \
	"if f[:2] == ['P', '0']: f[7] = '99999999999'"
bad warm_auto "campaign.txt:$WL: warm_auto 400000 100000: not 0 < MIN <= MAX" \
	"if f[:1] == ['warm_auto']: f[1:] = ['400000', '100000']"
bad warm_auto_zero "campaign.txt:$WL: warm_auto 0 400000" \
	"if f[:1] == ['warm_auto']: f[1] = '0'"
bad warm_auto_short "campaign.txt:$WL: not a robin campaign manifest" \
	"if f[:1] == ['warm_auto']: f[2:] = []"
# the directory the campaign ran in, which its profiles' image paths are under
CL=$(grep -n '^cwd /' "$M" | cut -d: -f1)
[ -n "$CL" ] || die "no cwd line"
bad cwd "campaign.txt:$CL: cwd: not an absolute path" \
	"if f[:1] == ['cwd']: f[1] = 'relative/dir'"
exit $fail
