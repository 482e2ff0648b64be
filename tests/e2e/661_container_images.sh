#!/usr/bin/env bash
# test: serial (samples the host)
# 661: a process in another mount namespace (docs/collect.md "Containers"): a static program
# copied to T/root/opt/app/prog runs as /opt/app/prog inside `unshare -m` with T/root/opt
# bind-mounted on /opt, a path that does not exist (or is another file) in robin's namespace.
# `robin record` reads its image through /proc/PID/root and keeps a copy by build-id in
# ROBIN_CACHE_DIR, so `robin prof` — run after the namespace is gone — names its hot function
# container_hot under the path /opt/app/prog. With the copy removed the name is gone (the
# control: the host cannot see the file).
set -u
case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
command -v unshare >/dev/null || { echo "unshare is not installed"; exit 77; }
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
cl_need
CL_TMP=$(mktemp -d); trap 'rm -rf "$CL_TMP"' EXIT
cd "$CL_TMP"
[ -e /opt/app/prog ] && { echo "/opt/app/prog exists on this host"; exit 77; }
unshare -m sh -c "mount --bind '$CL_TMP' /opt && test -d /opt" 2>/dev/null ||
	{ echo "unshare -m with a bind mount is not permitted here"; exit 77; }
cat > prog.c <<'C'
#include <stdlib.h>
__attribute__((noinline)) long container_hot(long n)
{
	long s = 0;
	for (long i = 0; i < n; i++)
		s += (i * i) ^ (s >> 3);
	return s;
}
int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 300000000;
	return (int)(container_hot(n) & 1);
}
C
mkdir -p root/opt/app
gcc -O1 -g -static -Wl,--build-id -o root/opt/app/prog prog.c 2>/dev/null ||
	{ echo "gcc -static failed (no static libc)"; exit 77; }
BID=$(readelf -n root/opt/app/prog | awk '/Build ID/ { print $3 }')
[ -n "$BID" ] || { echo "FAIL: no build-id"; exit 1; }
fail=0
ROBIN_CACHE_DIR=$CL_TMP/cache "$ROBIN" record --db r.db --freq 1000 -- \
	unshare -m sh -c "mount --bind '$CL_TMP/root/opt' /opt && exec /opt/app/prog" 2> rec.err ||
	{ cat rec.err; echo "FAIL: robin record"; exit 1; }
[ -s "cache/.build-id/${BID:0:2}/${BID:2}" ] ||
	{ cat rec.err; ls -R cache 2>&1 | head; echo "FAIL: no copy of the image in ROBIN_CACHE_DIR"; fail=1; }
ROBIN_CACHE_DIR=$CL_TMP/cache "$ROBIN" prof --db r.db > prof.txt 2>&1 ||
	{ cat prof.txt; echo "FAIL: robin prof"; exit 1; }
head -n 10 prof.txt
awk '$NF == "/opt/app/prog" && $(NF-1) == "container_hot" && $2 + 0 >= 50 { f = 1 } END { exit !f }' prof.txt ||
	{ echo "FAIL: prof does not name container_hot in /opt/app/prog with >= 50% of the samples"; fail=1; }
# Control: without the copy the host has no such file, so no name.
ROBIN_CACHE_DIR=$CL_TMP/empty "$ROBIN" prof --db r.db > ctl.txt 2>&1
grep -q container_hot ctl.txt && { cat ctl.txt; echo "FAIL: named without the copy"; fail=1; }
[ $fail = 0 ] && echo "PASS: container_hot named through /proc/PID/root"
exit $fail
