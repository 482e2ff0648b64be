#!/usr/bin/env bash
# 203: robin run's options: --stats, --stats-json, --max-insns, --trace/--trace-file,
# --seed and --virtual-time (identical output and instruction count on every run).
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest hello seeded
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
# --stats: one summary line
err=$("$ROBIN" run --stats "$G/hello.static" 2>&1 >/dev/null)
[[ $err =~ ^robin:\ [0-9]+\ instructions\ in\ [0-9.]+\ s\ \([0-9.]+\ MIPS\;\ CPU\ [0-9.]+\ s,\ [0-9.]+\ MIPS\) ]] || { echo "stats: $err"; exit 1; }
# --stats-json: the keys
"$ROBIN" run --stats-json "$T/s.json" "$G/hello.dyn" >/dev/null; rc=$?
[ $rc -eq 3 ] || { echo "exit $rc"; exit 1; }
for k in instructions host_seconds cpu_seconds mips mips_cpu exit_code; do
	grep -q "\"$k\"" "$T/s.json" || { echo "stats json lacks $k"; cat "$T/s.json"; exit 1; }
done
grep -q '"exit_code": 3' "$T/s.json" || { echo "exit_code"; cat "$T/s.json"; exit 1; }
# --max-insns: stops with status 124 after exactly N instructions
"$ROBIN" run --max-insns 1000 --stats-json "$T/m.json" "$G/hello.static" >/dev/null 2>"$T/m.err"; rc=$?
[ $rc -eq 124 ] || { echo "max-insns exit $rc"; exit 1; }
grep -q '"instructions": 1000,' "$T/m.json" || { echo "max-insns count"; cat "$T/m.json"; exit 1; }
grep -q 'stopped after 1000 instructions' "$T/m.err" || { echo "max-insns message"; cat "$T/m.err"; exit 1; }
# --trace N: N lines "seq pc: encoding disassembly [reg=value]"
"$ROBIN" run --trace 50 --trace-file "$T/trace" "$G/hello.static" >/dev/null
[ "$(wc -l <"$T/trace")" -eq 50 ] || { echo "trace lines $(wc -l <"$T/trace")"; exit 1; }
head -1 "$T/trace" | grep -Eq '^ +0 +[0-9a-f]+: +[0-9a-f]{4,8}  [a-z]' || { echo "trace format"; head -3 "$T/trace"; exit 1; }
grep -Eq ' (sp|ra|gp|a[0-7])=0x[0-9a-f]{16}' "$T/trace" || { echo "trace lacks register values"; exit 1; }
# the trace on stderr with the run continuing normally
n=$("$ROBIN" run --trace 5 "$G/hello.static" 2>&1 >/dev/null | wc -l)
[ "$n" -eq 5 ] || { echo "stderr trace lines $n"; exit 1; }
# --virtual-time --seed: identical output and instruction count, every time
for i in 1 2 3; do
	"$ROBIN" run --virtual-time --seed 7 --stats-json "$T/v$i.json" "$G/seeded.static" >"$T/v$i.out" || exit 1
	grep '"instructions"' "$T/v$i.json" >"$T/v$i.n"
done
cmp -s "$T/v1.out" "$T/v2.out" && cmp -s "$T/v1.out" "$T/v3.out" || { echo "virtual-time output differs"; diff "$T/v1.out" "$T/v2.out"; exit 1; }
cmp -s "$T/v1.n" "$T/v2.n" && cmp -s "$T/v1.n" "$T/v3.n" || { echo "instruction counts differ"; cat "$T"/v*.n; exit 1; }
"$ROBIN" run --virtual-time --seed 8 "$G/seeded.static" >"$T/s8.out"
! cmp -s "$T/v1.out" "$T/s8.out" || { echo "--seed has no effect"; exit 1; }
"$ROBIN" run --virtual-time --seed 7 "$G/seeded.dyn" >"$T/d1.out"
"$ROBIN" run --virtual-time --seed 7 "$G/seeded.dyn" >"$T/d2.out"
cmp -s "$T/d1.out" "$T/d2.out" || { echo "dynamic virtual-time output differs"; exit 1; }
# usage errors
"$ROBIN" run 2>/dev/null; [ $? -eq 2 ] || { echo "no program: not 2"; exit 1; }
"$ROBIN" run --bogus "$G/hello.static" 2>/dev/null; [ $? -eq 2 ] || { echo "bad option: not 2"; exit 1; }
"$ROBIN" run --max-insns x "$G/hello.static" 2>/dev/null; [ $? -eq 2 ] || { echo "bad number: not 2"; exit 1; }
exit 0
