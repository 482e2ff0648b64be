#!/usr/bin/env bash
# 923: a profile database created in a directory the user cannot write says "Permission
# denied". It said "No such file or directory": SQLite, refused O_CREAT, retries read-only and
# reports that retry's errno. Root is not stopped by permissions, so the case runs as nobody
# (setpriv); skip (77) where that is not possible.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
. "$ROBIN_ROOT/tests/e2e/lib/collect.sh"
need_guest auxv
H=$G/auxv.static
T=$(mktemp -d); trap 'chmod 755 "$T/ro" 2>/dev/null; rm -rf "$T"' EXIT
chmod 755 "$T"
if [ "$(id -u)" = 0 ]; then
	cl_need_nobody
	as_user() { as_nobody "$@"; }
else
	as_user() { "$@"; }
fi
as_user "$ROBIN" --help > /dev/null 2>&1 && as_user test -r "$H" ||
	{ echo "skip: the unprivileged user cannot run $ROBIN or read $H"; exit 77; }
mkdir "$T/ro" && chmod 555 "$T/ro"
as_user test -w "$T/ro" && { echo "skip: $T/ro is writable for the unprivileged user"; exit 77; }
as_user "$ROBIN" sim --quiet --profile tip --period 97 --db "$T/ro/p.db" "$H" > /dev/null 2> "$T/err"
rc=$?
cat "$T/err"
fail=0
[ $rc -ne 0 ] || { echo "FAIL: sim --db in a read-only directory exited 0"; fail=1; }
grep -q "$T/ro/p.db: .*Permission denied" "$T/err" ||
	{ echo "FAIL: the message does not say Permission denied"; fail=1; }
[ "$(wc -l < "$T/err")" = 1 ] || { echo "FAIL: not one line"; fail=1; }
[ $fail -eq 0 ] && echo "ok: permission denied reported"
exit $fail
