#!/usr/bin/env bash
# test: serial (samples the host, starts a server on a loopback port)
# 660: a stripped binary symbolised through debuginfod (docs/collect.md "Stripped binaries"):
# a host program built with -g and a build-id is copied and stripped; Debian's debuginfod
# server is started on loopback over a directory holding the unstripped build; `robin record`
# samples the stripped copy. With DEBUGINFOD_URLS pointing at the server (and a fresh
# DEBUGINFOD_CACHE_PATH), `robin prof` names its hot function stripped_hot and `robin
# annotate` shows its source line; without DEBUGINFOD_URLS and with an empty cache (the
# control) the name is absent; once fetched, a report with the server stopped and
# DEBUGINFOD_URLS unset still names it from the library's cache; a server that refuses
# connections costs no more than one failed lookup.
set -u
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
command -v debuginfod >/dev/null || { echo "debuginfod is not installed"; exit 77; }
command -v curl >/dev/null || { echo "curl is not installed"; exit 77; }
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
CL_TMP=$(mktemp -d)
SRV=
cleanup() { [ -n "$SRV" ] && kill "$SRV" 2>/dev/null && wait "$SRV" 2>/dev/null; rm -rf "$CL_TMP"; }
trap cleanup EXIT
cd "$CL_TMP"
mkdir dbg
cat > dbg/prog.c <<'C'
#include <stdlib.h>
__attribute__((noinline)) long stripped_hot(long n)
{
	long s = 0;
	for (long i = 0; i < n; i++)
		s += (i * i) ^ (s >> 3);   /* HOT_LINE */
	return s;
}
int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 300000000;
	return (int)(stripped_hot(n) & 1);
}
C
gcc -O1 -g -Wl,--build-id -o dbg/prog dbg/prog.c || exit 1
cp dbg/prog prog && strip --strip-all prog
BID=$(readelf -n prog | awk '/Build ID/ { print $3 }')
[ -n "$BID" ] || { echo "FAIL: no build-id"; exit 1; }
LINE=$(grep -n HOT_LINE dbg/prog.c | cut -d: -f1)
nm prog 2>&1 | grep -q stripped_hot && { echo "FAIL: the copy is not stripped"; exit 1; }

# A free loopback port, then the server over dbg/ (scanned once at start).
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null ||
	echo $((20000 + RANDOM % 20000)))
debuginfod -p "$PORT" -d "$CL_TMP/srv.sqlite" -F "$CL_TMP/dbg" -t 0 -g 0 > srv.log 2>&1 &
SRV=$!
ok=0
for _ in $(seq 1 100); do
	if curl -sf -o /dev/null "http://127.0.0.1:$PORT/buildid/$BID/debuginfo"; then ok=1; break; fi
	kill -0 "$SRV" 2>/dev/null || break
	sleep 0.2
done
[ $ok = 1 ] || { cat srv.log; echo "FAIL: debuginfod did not serve $BID within 20 s"; exit 1; }

fail=0
env -u DEBUGINFOD_URLS "$ROBIN" record --db r.db --freq 1000 -- ./prog 2> rec.err ||
	{ cat rec.err; echo "FAIL: robin record"; exit 1; }

# Control: no DEBUGINFOD_URLS, empty cache: the stripped image has no name for its samples.
env -u DEBUGINFOD_URLS DEBUGINFOD_CACHE_PATH="$CL_TMP/cache" "$ROBIN" prof --db r.db > ctl.txt 2>&1
if grep -q stripped_hot ctl.txt; then
	cat ctl.txt; echo "FAIL: stripped_hot named without debuginfod"; fail=1
fi

# Through the server.
DEBUGINFOD_URLS=http://127.0.0.1:$PORT DEBUGINFOD_CACHE_PATH="$CL_TMP/cache" DEBUGINFOD_TIMEOUT=10 \
	"$ROBIN" prof --db r.db > prof.txt 2> prof.err || { cat prof.err; echo "FAIL: robin prof"; fail=1; }
head -n 12 prof.txt
awk '$NF ~ /\/prog$/ && $(NF-1) == "stripped_hot" && $2 + 0 >= 50 { f = 1 } END { exit !f }' prof.txt ||
	{ cat prof.err; echo "FAIL: prof does not name stripped_hot with >= 50% of the samples"; fail=1; }
[ -s "$CL_TMP/cache/$BID/debuginfo" ] ||
	{ ls -R "$CL_TMP/cache" 2>&1 | head; echo "FAIL: nothing in DEBUGINFOD_CACHE_PATH"; fail=1; }
DEBUGINFOD_URLS=http://127.0.0.1:$PORT DEBUGINFOD_CACHE_PATH="$CL_TMP/cache" \
	"$ROBIN" annotate --db r.db stripped_hot > ann.txt 2>&1 ||
	{ cat ann.txt; echo "FAIL: robin annotate stripped_hot"; fail=1; }
grep -q "prog.c:$LINE" ann.txt || { head -n 30 ann.txt; echo "FAIL: annotate lacks prog.c:$LINE"; fail=1; }

# Later reports need no server: stop it; the library's cache still names the function.
kill "$SRV"; wait "$SRV" 2>/dev/null; SRV=
env -u DEBUGINFOD_URLS DEBUGINFOD_CACHE_PATH="$CL_TMP/cache" "$ROBIN" prof --db r.db > later.txt 2>&1
grep -q stripped_hot later.txt || { cat later.txt; echo "FAIL: not named from the cache"; fail=1; }

# A dead server: one failed lookup, then none; the report still completes promptly.
t0=$(date +%s)
DEBUGINFOD_URLS=http://127.0.0.1:$PORT DEBUGINFOD_CACHE_PATH="$CL_TMP/cache2" DEBUGINFOD_TIMEOUT=5 \
	"$ROBIN" prof --db r.db > dead.txt 2> dead.err || { cat dead.err; echo "FAIL: prof with a dead server"; fail=1; }
t1=$(date +%s)
cat dead.err
[ $((t1 - t0)) -le 15 ] || { echo "FAIL: prof with a dead server took $((t1 - t0)) s"; fail=1; }
[ "$(grep -c 'no further lookups' dead.err)" -le 1 ] || { echo "FAIL: more than one failed lookup"; fail=1; }
[ $fail = 0 ] && echo "PASS: stripped_hot named through debuginfod"
exit $fail
