#!/usr/bin/env bash
# 925: under --hermetic the kernel's random devices read from the --seed stream, as getrandom
# does (docs/hermetic.md): tests/guest/devrandom reads /dev/urandom by read, readv, pread, a
# dup and stdio, and /dev/random, then works for a length that follows the first bytes. The
# same --seed gives the same bytes and instruction count (robin run --hermetic, robin sim with
# its cycles, static and dynamic builds); another seed other bytes; each read goes on in the
# stream (no two lines alike); a device the guest was started with (stdin from /dev/urandom)
# too; plain robin run and robin sim --host-env read the host's devices (two runs differ).
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest devrandom
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
for v in static dyn; do
	P=$G/devrandom.$v
	for k in 1 2; do
		"$ROBIN" run --hermetic --seed 5 --stats-json "$T/r$k.json" "$P" >"$T/r$k.out" || { echo "$v run $k: exit $?"; exit 1; }
		"$ROBIN" sim --seed 5 --stats-json "$T/s$k.json" "$P" >"$T/s$k.out" 2>/dev/null || { echo "$v sim $k: exit $?"; exit 1; }
	done
	"$ROBIN" run --hermetic --seed 6 "$P" >"$T/r6.out" || { echo "$v run --seed 6: exit $?"; exit 1; }
	cmp -s "$T/r1.out" "$T/r2.out" || { echo "$v: run --hermetic --seed 5 twice differs"; diff "$T/r1.out" "$T/r2.out"; exit 1; }
	[ "$(json_counts "$T/r1.json")" = "$(json_counts "$T/r2.json")" ] || { echo "$v: run instructions $(json_counts "$T/r1.json") vs $(json_counts "$T/r2.json")"; exit 1; }
	cmp -s "$T/s1.out" "$T/s2.out" || { echo "$v: sim twice differs"; diff "$T/s1.out" "$T/s2.out"; exit 1; }
	[ "$(json_counts "$T/s1.json")" = "$(json_counts "$T/s2.json")" ] || { echo "$v: sim instructions/cycles $(json_counts "$T/s1.json") vs $(json_counts "$T/s2.json")"; exit 1; }
	cmp -s "$T/r1.out" "$T/s1.out" || { echo "$v: run --hermetic and sim read other bytes"; diff "$T/r1.out" "$T/s1.out"; exit 1; }
	[ "$(grep -v '^work' "$T/r1.out" | grep -c '^[a-z]* [0-9a-f]*$')" = 8 ] || { echo "$v: expected 8 lines of bytes"; cat "$T/r1.out"; exit 1; }
	[ "$(grep -v '^work' "$T/r1.out" | cut -d' ' -f2 | sort -u | wc -l)" = 8 ] || { echo "$v: lines repeat"; cat "$T/r1.out"; exit 1; }
	cmp -s <(grep -v '^work' "$T/r1.out") <(grep -v '^work' "$T/r6.out") && { echo "$v: --seed 6 read the bytes of --seed 5"; exit 1; }
	# the host's devices without --hermetic
	"$ROBIN" run "$P" >"$T/h1.out" && "$ROBIN" run "$P" >"$T/h2.out" || { echo "$v: plain run failed"; exit 1; }
	cmp -s "$T/h1.out" "$T/h2.out" && { echo "$v: plain robin run read the same bytes twice"; exit 1; }
	"$ROBIN" sim --host-env "$P" >"$T/h1.out" 2>/dev/null && "$ROBIN" sim --host-env "$P" >"$T/h2.out" 2>/dev/null ||
		{ echo "$v: sim --host-env failed"; exit 1; }
	cmp -s "$T/h1.out" "$T/h2.out" && { echo "$v: robin sim --host-env read the same bytes twice"; exit 1; }
	for k in 1 2; do
		"$ROBIN" run --hermetic --seed 5 "$P" stdin </dev/urandom >"$T/i$k.out" || { echo "$v: stdin run $k failed"; exit 1; }
	done
	cmp -s "$T/i1.out" "$T/i2.out" || { echo "$v: stdin from /dev/urandom read other bytes"; cat "$T/i1.out" "$T/i2.out"; exit 1; }
done
echo "ok: the same bytes and counts for one seed, run and sim, static and dynamic"
exit 0
