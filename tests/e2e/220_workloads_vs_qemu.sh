#!/usr/bin/env bash
# 220: every workload of the suite, static and dynamic, at size 1 (a tenth of the reference
# run, affordable under ASan), gives the same standard output and exit status under robin run
# as under qemu-riscv64, and passes its own self-checks; robin's instruction count is the same
# on a second run; workloads/suite.tsv lists every workloads/*.c; and the static imagick
# binary's floor/ceil still save and restore fflags with frflags/fsflags (the case study of
# seed 004_b28092482852db08.txt depends on it).
set -u
cd "$ROBIN_ROOT"
. scripts/lib/suite.sh
"$ROBIN" help 2>/dev/null | grep -q '^ *run ' || { echo "robin has no run command yet"; exit 77; }
QEMU=$(command -v qemu-riscv64) || { echo "qemu-riscv64 is not installed"; exit 77; }
SYSROOT=/usr/riscv64-linux-gnu
G=build/guest/workloads
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# the manifest and the sources agree
for f in workloads/*.c; do
	n=$(basename "$f" .c)
	[ -n "$(suite_class "$n")" ] || { echo "FAIL: $f is not listed in workloads/suite.tsv"; fail=1; }
done
for n in $(suite_names); do
	[ -f "workloads/$n.c" ] || { echo "FAIL: suite.tsv lists $n but workloads/$n.c does not exist"; fail=1; }
done

count=0
for n in $(suite_names); do
	for kind in static dyn; do
		bin=$G/$n.$kind
		[ -x "$bin" ] || { echo "FAIL: $bin is not built"; fail=1; continue; }
		"${SUITE_ENV[@]}" "$QEMU" -L "$SYSROOT" "$bin" 1 >"$tmp/q.out" 2>"$tmp/q.err"
		qrc=$?
		"${SUITE_ENV[@]}" "$ROBIN" run --stats-json "$tmp/r.json" -- "$bin" 1 >"$tmp/r.out" 2>"$tmp/r.err"
		rrc=$?
		count=$((count + 1))
		if [ "$qrc" != "$rrc" ]; then
			echo "FAIL: $n.$kind exit status qemu $qrc, robin $rrc: $(head -n1 "$tmp/r.err")"
			fail=1
		elif ! cmp -s "$tmp/q.out" "$tmp/r.out"; then
			echo "FAIL: $n.$kind output differs: qemu '$(tail -n1 "$tmp/q.out")', robin '$(tail -n1 "$tmp/r.out")'"
			fail=1
		elif [ "$(suite_verdict "$tmp/r.out" "$rrc")" != ok ]; then
			echo "FAIL: $n.$kind fails its self-check under both: $(tail -n1 "$tmp/r.out")"
			fail=1
		fi
		insns=$(suite_json_num "$tmp/r.json" instructions)
		[ -n "$insns" ] && [ "$insns" -gt 0 ] || { echo "FAIL: $n.$kind: no instruction count"; fail=1; }
		echo "$n.$kind: $(tail -n1 "$tmp/r.out"), $insns instructions"
	done
done

# deterministic instruction count (same program, arguments, empty environment)
b=$G/nqueens.dyn
"${SUITE_ENV[@]}" "$ROBIN" run --stats-json "$tmp/a.json" -- "$b" 1 >/dev/null 2>&1
"${SUITE_ENV[@]}" "$ROBIN" run --stats-json "$tmp/b.json" -- "$b" 1 >/dev/null 2>&1
a=$(suite_json_num "$tmp/a.json" instructions) c=$(suite_json_num "$tmp/b.json" instructions)
[ -n "$a" ] && [ "$a" = "$c" ] || { echo "FAIL: nqueens.dyn instruction count varies: $a vs $c"; fail=1; }

# glibc's floor/ceil in the static imagick binary contain frflags and fsflags
for fn in __floor __ceil; do
	body=$(riscv64-linux-gnu-objdump -d --no-show-raw-insn "$G/imagick.static" |
		awk -v f="<$fn>:" '$2 == f { on = 1; next } on && /^$/ { exit } on')
	grep -q frflags <<<"$body" && grep -q fsflags <<<"$body" ||
		{ echo "FAIL: $fn in imagick.static has no frflags/fsflags"; fail=1; }
done
riscv64-linux-gnu-objdump -d "$G/imagick.static" | awk '/<im_mean_shift>:/,/^$/' | grep -q 'jal.*<__floor>' ||
	{ echo "FAIL: im_mean_shift does not call floor"; fail=1; }

echo "$count workload runs compared"
exit $fail
