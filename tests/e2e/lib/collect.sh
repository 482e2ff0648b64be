# Helpers for the collector's end-to-end tests (sourced, not run): building the host workload,
# reading per-offset counts straight from the profile database (sqlite3 + the chunk format of
# docs/profile-db.md: LEB128 pairs delta, count) and turning them into function shares.

cl_skip() { echo "$1"; exit 77; }

cl_need() {
	command -v sqlite3 >/dev/null || cl_skip "sqlite3 is not installed"
	command -v gcc >/dev/null || cl_skip "gcc is not installed"
	# perf_event_open must allow at least a per-process cpu-clock event
	[ -e /proc/sys/kernel/perf_event_paranoid ] || cl_skip "no perf_event_open on this kernel"
}

# cl_build_spin DIR -> DIR/collect_spin
cl_build_spin() {
	gcc -O1 -g -o "$1/collect_spin" "$ROBIN_ROOT/tests/host/collect_spin.c"
}

# cl_counts DB PATH_SUFFIX: "offset count" (decimal) for every profile of matching images,
# summed over profiles.
cl_counts() {
	sqlite3 -batch -noheader "$1" "select c.base, hex(c.data) from sample_chunk c
		join profile p on p.id = c.profile_id join image i on i.id = p.image_id
		where i.path like '%$2'" | awk -F'|' '
	function hexval(c) { return index("0123456789ABCDEF", c) - 1 }
	{
		base = $1; hex = $2; n = length(hex) / 2
		off = base; v = 0; sh = 1; which = 0
		for (k = 0; k < n; k++) {
			b = hexval(substr(hex, 2 * k + 1, 1)) * 16 + hexval(substr(hex, 2 * k + 2, 1))
			v += (b % 128) * sh; sh *= 128
			if (b < 128) {
				if (which == 0) { off += v; which = 1 } else { cnt[off] += v; which = 0 }
				v = 0; sh = 1
			}
		}
	}
	END { for (o in cnt) printf "%d %d\n", o, cnt[o] }' | sort -n
}

# cl_func_shares DB BINARY: "function percent" of the binary's samples, by nm symbols.
cl_func_shares() {
	local db=$1 bin=$2
	cl_counts "$db" "$(basename "$bin")" > "$CL_TMP/counts"
	nm -n --defined-only "$bin" | awk '$2 ~ /^[tTwW]$/ { printf "%d %s\n", strtonum("0x" $1), $3 }' \
		> "$CL_TMP/syms"
	awk 'NR == FNR { addr[++ns] = $1; name[ns] = $2; next }
	{
		lo = 1; hi = ns; f = ""
		while (lo <= hi) { mid = int((lo + hi) / 2); if (addr[mid] <= $1) { f = name[mid]; lo = mid + 1 } else hi = mid - 1 }
		if (f == "") f = "?"
		c[f] += $2; tot += $2
	}
	END { for (f in c) printf "%s %.2f\n", f, 100 * c[f] / tot }' "$CL_TMP/syms" "$CL_TMP/counts" |
		sort -k2 -nr
}

# cl_total DB KEY: a run total of the newest run
cl_total() {
	sqlite3 -batch -noheader "$1" "select cast(value as integer) from run_total
		where run_id = (select max(id) from run) and key = '$2'"
}

# cl_jit_shares PROF_TXT: the shares (%) of the synthetic JIT's functions in a `robin prof`
# listing of tests/host/collect_jitmap.c's run: "jit_spin jit_spin2 stale_name [unknown] total".
cl_jit_shares() {
	awk '$1 ~ /^[0-9]+$/ && $2 ~ /%$/ { all += $1; if ($4 == "jit_spin") a += $1
	     if ($4 == "jit_spin2" && $5 == "with" && $6 == "spaces") b += $1
	     if ($0 ~ /stale_name/) s += $1; if ($4 == "[unknown]") u += $1 }
	     END { if (!all) all = 1; printf "%.1f %.1f %.1f %.1f %d", 100 * a / all, 100 * b / all, 100 * s / all, 100 * u / all, all }' "$1"
}

# cl_need_nobody: skip unless this test can run commands as nobody (root and setpriv); makes
# $ROBIN absolute (nobody runs it from elsewhere). as_nobody CMD...: run CMD as nobody.
cl_need_nobody() {
	command -v setpriv > /dev/null || cl_skip "skip: setpriv is not installed"
	[ "$(id -u)" = 0 ] || cl_skip "skip: dropping privileges to nobody needs root"
	case $ROBIN in /*) ;; *) ROBIN=$PWD/$ROBIN ;; esac
}
as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups --inh-caps=-all "$@"; }

# cl_calls_top FOLDED: "stack percent samples" for the stacks of tests/host/collect_calls.c in a
# folded file (`a;b;c count`): its own functions only, stacks ending in a leaf, shares of their
# sum, largest first.
cl_calls_top() {
	awk '{ n = $NF; $NF = ""; sub(/ $/, ""); k = split($0, f, ";"); s = ""
	       for (i = 1; i <= k; i++) if (f[i] ~ /^(main|outer_a|outer_b|mid_c|leaf_x|leaf_y)$/)
	               s = s (s == "" ? "" : ";") f[i]
	       if (s ~ /leaf_/) c[s] += n }
	     END { for (s in c) t += c[s]; for (s in c) printf "%s %.1f %d\n", s, 100 * c[s] / t, c[s] }' \
		"$1" | sort -k2 -nr
}

# cl_calls_check TOP LABEL MARGIN MIN_SAMPLES: collect_calls.c's three stacks (50%, 33.3%, 16.7%
# by construction) each within MARGIN points, over at least MIN_SAMPLES samples (0: not counted).
cl_calls_check() {
	awk -v label="$2" -v m="$3" -v min="$4" '
	BEGIN { want["main;outer_a;leaf_x"] = 50; want["main;outer_a;mid_c;leaf_y"] = 33.3
	        want["main;outer_b;leaf_y"] = 16.7 }
	{ got[$1] = $2; tot += $3 }
	END { bad = 0
	      if (min > 0 && tot < min) { print "FAIL: " label ": only " tot " samples"; bad = 1 }
	      for (s in want) { d = got[s] - want[s]; if (d < 0) d = -d
	              if (!(s in got) || d > m) { printf "FAIL: %s: %s %.1f%%, want %.1f%% +-%d\n", label, s, got[s], want[s], m; bad = 1 } }
	      exit bad }' "$1"
}

# cl_perf_calls_top PERF_DATA: cl_calls_top's table from a perf.data (perf report's folded
# stacks, callers first, with sample counts).
cl_perf_calls_top() {
	perf report -i "$1" --stdio --no-children -g folded,0,caller,count 2> /dev/null |
	awk '/^[0-9]+ / { p = $1 + 0; n = split(substr($0, index($0, " ") + 1), f, ";"); s = ""
	       for (i = 1; i <= n; i++) if (f[i] ~ /^(main|outer_a|outer_b|mid_c|leaf_x|leaf_y)$/)
	               s = s (s == "" ? "" : ";") f[i]
	       if (s ~ /leaf_/) c[s] += p }
	     END { for (s in c) t += c[s]; for (s in c) printf "%s %.1f %d\n", s, 100 * c[s] / t, c[s] }' |
		sort -k2 -nr
}

# cl_daemon_dir ARGS: the set-up of the daemon tests that start their own daemons: T (removed at
# exit), the daemon's state $dir and database $db in it, fail=0; `ours` lists the daemons of
# this test (command lines "daemon start ARGS --dir $dir "), and the EXIT trap shows the end of
# the daemon's log on failure and kills every one of them.
cl_daemon_dir() {
	T=$(mktemp -d)
	dir=$T/state db=$T/d.db
	fail=0
	CL_OURS="daemon start ${1:-}${1:+ }--dir $dir "
	trap cl_daemon_dir_cleanup EXIT
}
ours() { pgrep -f -- "$CL_OURS" || true; }
cl_daemon_dir_cleanup() {
	[ "$fail" = 0 ] || { echo "--- daemon.log"; tail -40 "$dir/daemon.log" 2>/dev/null; }
	for p in $(ours); do kill -9 "$p" 2>/dev/null; done
	sleep 0.2
	rm -rf "$T"
}

# cl_daemon_tmpfs SIZE: the set-up of the daemon tests that need a full disk: CL_TMP for the
# daemon's state ($dir), the database $db on a tmpfs of SIZE of its own ($DBFS), fail=0, and an
# EXIT trap that shows the daemon's log on failure, kills the daemon and removes both. Skips
# (exit 77) where mount is not permitted.
cl_daemon_tmpfs() {
	CL_TMP=$(mktemp -d)
	DBFS=$(mktemp -d)
	mount -t tmpfs -o size="$1" tmpfs "$DBFS" 2>/dev/null ||
		{ rm -rf "$CL_TMP" "$DBFS"; cl_skip "skip: mount is not permitted here (a small file system is needed)"; }
	dir=$CL_TMP/state db=$DBFS/daemon.db
	fail=0
	trap cl_daemon_cleanup EXIT
}
cl_daemon_cleanup() {
	[ "$fail" = 0 ] || { echo "--- daemon.log"; cat "$dir/daemon.log" 2>/dev/null; }
	[ -f "$dir/daemon.pid" ] && kill -9 "$(cat "$dir/daemon.pid")" 2>/dev/null
	sleep 0.2
	umount "$DBFS" 2>/dev/null
	rm -rf "$CL_TMP" "$DBFS"
}
