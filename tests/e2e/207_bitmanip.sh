#!/usr/bin/env bash
# 207: a program built by GCC 12 for Zba/Zbb/Zbs (tests/guest/bitmanip.c: a bitset sieve, bit
# scans, hash mixing, scaled indexing; cpop, ctz, clz, bset, rev8, rol, sh3add, add.uw, max ...)
# runs as under qemu-riscv64 (with those extensions on): the same output from robin run
# translated (default), interpreted (--jit 0) and translated at once (--jit 1), static and
# dynamic, and from robin sim; robin disasm names its instructions as objdump does; under
# --isa rv64gc it stops at its first bit-manipulation instruction with SIGILL (exit 132, the
# PC named); robin sim's TIP attributes the new instructions' time as the Oracle does.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest bitmanip
command -v qemu-riscv64 >/dev/null || { echo "skip: qemu-riscv64 not installed"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
Q="qemu-riscv64 -cpu rv64,zba=true,zbb=true,zbs=true"
fail=0
die() { echo "FAIL: $*"; fail=1; }

for k in static dyn; do
	P=$G/bitmanip.$k
	$Q -L /usr/riscv64-linux-gnu "$P" >"$T/q.$k" || die "qemu $k exit $?"
	for jit in 16 0 1; do
		"$ROBIN" run --jit $jit "$P" >"$T/r.$k.$jit" || die "robin run --jit $jit $k exit $?"
		cmp -s "$T/q.$k" "$T/r.$k.$jit" || { die "robin run --jit $jit $k differs from qemu"; diff "$T/q.$k" "$T/r.$k.$jit" | head -5; }
	done
done
grep -q "^primes below 1048576: 82025$" "$T/q.static" || die "unexpected output: $(head -1 "$T/q.static")"

# the instructions are there, and robin disasm names them as objdump 2.40 does
P=$G/bitmanip.static
riscv64-linux-gnu-objdump -d --no-show-raw-insn "$P" | awk -F'\t' 'NF >= 2 {print $2}' |
	grep -Ex 'cpop|ctz|clz|bset|rev8|rol|sh3add|add\.uw|maxu|andn|orn|xnor|zext\.h|sh1add\.uw' | sort -u >"$T/mn"
[ "$(wc -l <"$T/mn")" -ge 12 ] || die "objdump finds only $(wc -l <"$T/mn") kinds of Zb* instruction: $(tr '\n' ' ' <"$T/mn")"
"$ROBIN" disasm "$P" >"$T/dis" 2>&1 || die "robin disasm exit $?"
riscv64-linux-gnu-objdump -d "$P" >"$T/objdump"
# every line of main's body as objdump prints it (Zb* included)
sed -n '/<main>:$/,/^$/p' "$T/objdump" >"$T/main.objdump"
sed -n '/<main>:$/,/^$/p' "$T/dis" >"$T/main.dis"
[ -s "$T/main.objdump" ] && cmp -s "$T/main.objdump" "$T/main.dis" ||
	{ die "robin disasm of main differs from objdump"; diff "$T/main.objdump" "$T/main.dis" | head -10; }

# --isa rv64gc: SIGILL at the first one
err=$("$ROBIN" run --isa rv64gc "$P" 2>&1 >/dev/null); rc=$?
[ $rc -eq 132 ] || die "--isa rv64gc: exit $rc, want 132"
grep -Eq 'SIGILL.* at pc 0x[0-9a-f]+' <<<"$err" || die "--isa rv64gc: $err"

# robin sim: the same output; TIP next to the Oracle on the new instructions
$Q "$P" 20000 15 >"$T/q.small" || die "qemu small"
"$ROBIN" sim --no-progress --profile tip --period 331 --stats-json "$T/s.json" "$P" 20000 15 \
	>"$T/s.out" 2>"$T/s.err" || { die "robin sim exit $?"; cat "$T/s.err"; }
cmp -s "$T/q.small" "$T/s.out" || die "robin sim output differs from qemu"
python3 - "$T/s.json" <<'PY' || fail=1
import json, re, sys
d = json.load(open(sys.argv[1]))
zb = re.compile(r'^(sh[123]add(\.uw)?|add\.uw|slli\.uw|andn|orn|xnor|c(lz|tz|pop)w?|maxu?|minu?|'
                r'sext\.[bh]|zext\.h|ro[lr]w?|roriw?|orc\.b|rev8|b(clr|ext|inv|set)i?)\b')
oracle = {r["pc"]: r for r in d["top"]["oracle"]}
tip = {r["pc"]: r for r in d["top"]["tip"]}
# the Zb* instructions in both top-10 lists: TIP's share within 0.5 points of the Oracle's
hot = [r for r in d["top"]["oracle"] if zb.match(r["disasm"]) and r["pc"] in tip]
if len(hot) < 2:
    print("FAIL: fewer than 2 Zb* instructions in both top 10s:", [r["disasm"] for r in d["top"]["oracle"]]); sys.exit(1)
for r in hot:
    t = tip[r["pc"]]
    if abs(t["share"] - r["share"]) > 0.005:
        print("FAIL: %s %s: Oracle %.4f, TIP %.4f" % (r["pc"], r["disasm"], r["share"], t["share"])); sys.exit(1)
err = d["profile_error"]["tip"]["instruction"]
if err > 0.10:
    print("FAIL: TIP's instruction-level error %.4f" % err); sys.exit(1)
print("bitmanip: %d Zb* instructions among the Oracle's top 10; TIP error %.4f (%d samples)" %
      (len(hot), err, d["profile_error"]["tip"]["samples"]))
PY
exit $fail
