#!/usr/bin/env bash
# 901: a FIFO where robin expects a regular file never blocks a command: `robin run` of a FIFO,
# a program whose PT_INTERP names a FIFO, every tool reading an image whose stored path is now
# a FIFO (prof, annotate, diff, export, report, disasm), and a FIFO given as the database.
# Each answers at once (under a 20 s timeout that only a hang reaches) with one line naming it.
set -eu
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
W=$ROBIN_ROOT/build/guest/workloads/bsearch
[ -x "$W.static" ] && [ -x "$W.dyn" ] || { echo "skip: $W not built (make guest)"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cd "$T"
# quick CMD...: runs CMD with a timeout; 124 (timed out) fails the test, other statuses are kept
quick() {
	set +e
	timeout -s KILL 20 "$@" > out 2> e
	rc=$?
	set -e
	[ $rc -ne 137 ] || { echo "hangs: $*"; exit 1; }
	return 0
}

mkfifo f; chmod 755 f
quick "$ROBIN" run ./f
[ $rc -ne 0 ]; grep -q "f: not a regular file" e; [ "$(wc -l < e)" -eq 1 ] || { cat e; exit 1; }

# PT_INTERP naming a FIFO (the interpreter is looked up in --sysroot first).
interp=$(readelf -l "$W.dyn" | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
mkdir -p "sys$(dirname "$interp")"; mkfifo "sys$interp"
quick "$ROBIN" run --sysroot "$T/sys" "$W.dyn"
[ $rc -ne 0 ]; grep -q "interpreter.*not a regular file" e || { cat e; exit 1; }

# Tools on an image whose stored path is now a FIFO.
cp "$W.static" img
main_off=$(nm img | awk '$3 == "main" { print "0x" $1 }')
for r in 1 2; do
	printf 'event cycles period=100\n%s/img %s cycles 5\n' "$T" "$main_off" |
		"$ROBIN" ingest --db a.db --run-command "run $r" > /dev/null
done
"$ROBIN" prof --db a.db | grep -q main   # the image was readable
rm img; mkfifo img
for cmd in "prof" "prof --images" "annotate main" "diff run:1 run:2" "diff run:1 run:2 --insns" \
	   "export --folded f.txt" "export --pprof p.pb.gz" "report --html r.html"; do
	quick $ROBIN $cmd --db a.db
	[ $rc -le 1 ] || { echo "robin $cmd: exit $rc"; cat e; exit 1; }
done
quick "$ROBIN" prof --db a.db
[ $rc -eq 0 ]; grep -q "not a regular file" out e || { cat out e; exit 1; }
quick "$ROBIN" disasm img
[ $rc -ne 0 ]; grep -q "img: not a regular file" e
# The database itself a FIFO: refused, named.
mkfifo b.db
for cmd in "prof" "db info" "db check"; do
	quick $ROBIN $cmd --db b.db
	[ $rc -ne 0 ]; grep -q "b.db: not a regular file" out e || { echo "robin $cmd"; cat out e; exit 1; }
done
printf 'img 0x10 cycles 1\n' > in.txt
quick "$ROBIN" ingest --db b.db in.txt
[ $rc -ne 0 ]; grep -q "b.db: not a regular file" e
echo "901: ok"
