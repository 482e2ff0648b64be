#!/usr/bin/env bash
# 924: --hermetic (issue 29): the guest's world is fixed. tests/guest/hermetic seeds work from
# its pid, starts 4 threads, forks a child it kills and waits for, and prints what it sees.
# Under `robin run --hermetic` and under `robin sim` (hermetic by default) it sees pid 1000,
# tids 1001-1004, child 1005 (whose parent is 1000), /robin/hermetic.static as its path,
# uname "robin", PATH and HOME only (plus --env); and the same program gives the same output,
# instruction count and cycles from another directory, another spelling of its path and
# another caller environment. --host-env (sim) and plain `robin run` show the host's pid. A
# hermetic execve keeps the pid; bad --env values fail clearly.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
for f in hermetic.static exec.static threads_share.static; do
	[ -x "$G/$f" ] || { echo "skip: $G/$f not built (make guest)"; exit 77; }
done
R=$ROBIN; case $R in /*) ;; *) R=$ROBIN_ROOT/$R ;; esac
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/a/deeper/dir"
cp "$G/hermetic.static" "$tmp/a/deeper/dir/hermetic.static"

# robin run --hermetic: what the guest sees
(cd "$tmp" && env -i "$R" run --hermetic --env ROBIN_T=x --stats-json "$tmp/r1.json" "$G/hermetic.static" >"$tmp/r1.out") ||
	{ echo "run --hermetic: exit $?"; exit 1; }
cat >"$tmp/want" <<'W'
pid 1000 ppid 999 tid 1000
tids 1001 1002 1003 1004
child 1005 sees "1005 1000" kill 0 waitpid same signal 15
stat 1000 999 argv0 /robin/hermetic.static exe /robin/hermetic.static uname Linux robin riscv64
env 3 PATH=/usr/local/bin:/usr/bin:/bin HOME=/ ROBIN_T=x
W
head -5 "$tmp/r1.out" | diff "$tmp/want" - || { echo "run --hermetic: the guest's world differs"; exit 1; }
# the same from another directory, path spelling and caller environment
(cd "$tmp/a/deeper" && FOO=bar LONG_VARIABLE=$(head -c 3000 /dev/zero | tr '\0' x) "$R" run --hermetic --env ROBIN_T=x \
	--stats-json "$tmp/r2.json" dir/hermetic.static >"$tmp/r2.out") || { echo "run --hermetic (2): exit $?"; exit 1; }
cmp -s "$tmp/r1.out" "$tmp/r2.out" || { echo "run --hermetic: output differs by directory/environment"; diff "$tmp/r1.out" "$tmp/r2.out"; exit 1; }
[ "$(json_counts "$tmp/r1.json")" = "$(json_counts "$tmp/r2.json")" ] || { echo "run --hermetic: instructions $(json_counts "$tmp/r1.json") vs $(json_counts "$tmp/r2.json")"; exit 1; }

# robin sim: hermetic by default; cycles too
for k in 1 2 3; do
	case $k in
	1) (cd "$tmp" && env -i "$R" sim --stats-json "$tmp/s$k.json" "$G/hermetic.static" >"$tmp/s$k.out" 2>/dev/null) ;;
	2) (cd "$tmp/a/deeper" && FOO=bar "$R" sim --stats-json "$tmp/s$k.json" dir/hermetic.static >"$tmp/s$k.out" 2>/dev/null) ;;
	3) (cd / && HOME=/nowhere "$R" sim --stats-json "$tmp/s$k.json" "$tmp/a/deeper/dir/hermetic.static" >"$tmp/s$k.out" 2>/dev/null) ;;
	esac || { echo "sim $k: exit $?"; exit 1; }
done
grep -q "^pid 1000 ppid 999" "$tmp/s1.out" || { echo "sim is not hermetic by default:"; head -3 "$tmp/s1.out"; exit 1; }
for k in 2 3; do
	cmp -s "$tmp/s1.out" "$tmp/s$k.out" || { echo "sim $k: output differs"; diff "$tmp/s1.out" "$tmp/s$k.out"; exit 1; }
	[ "$(json_counts "$tmp/s1.json")" = "$(json_counts "$tmp/s$k.json")" ] || { echo "sim $k: instructions/cycles $(json_counts "$tmp/s1.json") vs $(json_counts "$tmp/s$k.json")"; exit 1; }
done

# a 4-thread program: the same cycles from two directories and environments
(cd "$tmp" && env -i "$R" sim --stats-json "$tmp/t1.json" "$G/threads_share.static" padded 4 >/dev/null 2>&1) || { echo "threads 1: exit $?"; exit 1; }
cp "$G/threads_share.static" "$tmp/a/deeper/threads_share.static"
(cd "$tmp/a/deeper" && X=$(head -c 999 /dev/zero | tr '\0' y) "$R" sim --stats-json "$tmp/t2.json" ./threads_share.static padded 4 >/dev/null 2>&1) ||
	{ echo "threads 2: exit $?"; exit 1; }
[ "$(json_counts "$tmp/t1.json")" = "$(json_counts "$tmp/t2.json")" ] || { echo "threads: $(json_counts "$tmp/t1.json") vs $(json_counts "$tmp/t2.json")"; exit 1; }

# opting out: the host's pid
"$R" sim --host-env "$G/hermetic.static" 2>/dev/null | grep -q "^pid 1000 " && { echo "sim --host-env still shows pid 1000"; exit 1; }
"$R" run "$G/hermetic.static" 2>/dev/null | grep -q "^pid 1000 " && { echo "plain run shows pid 1000"; exit 1; }

# a hermetic execve: the new program runs hermetic too, its script interpreter found by its
# guest path
"$R" run --hermetic "$G/exec.static" "$tmp" >"$tmp/x.out" 2>/dev/null
grep -q "exec of a program: status 4" "$tmp/x.out" && grep -q "exec of a script: status 5" "$tmp/x.out" ||
	{ echo "hermetic execve:"; cat "$tmp/x.out"; exit 1; }

"$R" run --hermetic --env NOVALUE "$G/hermetic.static" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && grep -q "env needs VAR=VALUE, got 'NOVALUE'" "$tmp/err" || { echo "--env NOVALUE: exit $rc"; cat "$tmp/err"; exit 1; }
exit 0
