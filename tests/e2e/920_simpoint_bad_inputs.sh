#!/usr/bin/env bash
# 920: robin simpoint refuses inputs it cannot read sensibly, with one line naming the file and
# line and exit 1, instead of what it did (issue 29, faults 6 and 10):
#  - -loadFVFile /dev/zero: read without bound (one endless line of NUL bytes, ASan gave up at
#    32 GiB; with a memory limit getline's failure passed for the end of the file and it said
#    "no frequency vectors"); now a NUL byte is refused at once (timeout 20 s here);
#  - a line longer than the reader's limit (64 MiB) is refused, not grown without bound;
#  - a line of text that is not a vector (T:id:count), a comment or blank is a format error;
#  - -loadExtraFile with values near 1e308: their squares overflow, every BIC was infinite and
#    k = 1 was chosen silently; now values beyond 1e150 are refused naming file:line.
set -u
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail=0
die() { echo "FAIL: $*"; fail=1; }
refuse() {  # name, expected message fragment, robin arguments...
	local name=$1 want=$2; shift 2
	timeout 20 "$ROBIN" simpoint "$@" -maxK 4 -saveSimpoints "$T/sp" 2>"$T/e" >/dev/null; rc=$?
	[ $rc -eq 1 ] || { die "$name: exit $rc (want 1): $(head -c 300 "$T/e")"; return; }
	[ "$(wc -l <"$T/e")" -eq 1 ] || die "$name: not one line: $(head -c 300 "$T/e")"
	grep -qF -- "$want" "$T/e" || die "$name: '$(head -c 300 "$T/e")' lacks '$want'"
}
# 40 intervals of two phases: a good file first
python3 - "$T" <<'PY'
import sys
T = sys.argv[1]
with open(T + '/good.bb', 'w') as f:
    f.write('# two phases\n\n')
    for i in range(40):
        f.write('T:1:%d :2:%d :%d:50\n' % (((900, 10) if i % 2 else (10, 900)) + (3 + i % 3,)))
with open(T + '/long.bb', 'w') as f:
    f.write('T:1:5\n')
    f.write('T' + ' :1:1' * (14 << 20) + '\n')
with open(T + '/text.bb', 'w') as f:
    f.write('T:1:5\nhello\nT:1:6\n')
with open(T + '/huge.extra', 'w') as f:
    for i in range(40):
        f.write('%r\n' % (1e308 if i % 2 else -1e308))
with open(T + '/ok.extra', 'w') as f:
    for i in range(40):
        f.write('%r\n' % (1e3 * (i % 2)))
PY
"$ROBIN" simpoint -loadFVFile "$T/good.bb" -maxK 4 -saveSimpoints "$T/sp" 2>"$T/e" || die "good.bb refused: $(cat "$T/e")"
"$ROBIN" simpoint -loadFVFile "$T/good.bb" -loadExtraFile "$T/ok.extra" -maxK 4 -saveSimpoints "$T/sp" 2>"$T/e" ||
	die "ok.extra refused: $(cat "$T/e")"
refuse zero "/dev/zero:1: a NUL byte" -loadFVFile /dev/zero
refuse long "long.bb:2: a line longer than 64 MiB" -loadFVFile "$T/long.bb"
refuse text "text.bb:2: not a frequency vector" -loadFVFile "$T/text.bb"
refuse huge "huge.extra:1: " -loadFVFile "$T/good.bb" -loadExtraFile "$T/huge.extra"
exit $fail
