#!/usr/bin/env bash
# 252: checkpoint round trips. robin run --checkpoint-at N1,N2 saves the state without changing
# the run; robin run --restore CKPT continues from it: the output before N (robin run
# --max-insns N) followed by the restored run's output is the uninterrupted run's output, and
# the restored run ends at the same instruction count. The program keeps state in brk and
# mmap memory and reads an open file across the checkpoint; the dynamic build also restores
# the interpreter's and libc's mappings. A self-pipe holding bytes (tests/guest/ckpt_pipe.c)
# comes back with its bytes, at its descriptor numbers.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest phases ckpt_pipe
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
IN="$PHASES_IN"
count() { grep -o '"instructions": [0-9]*' "$1" | grep -o '[0-9]*$'; }
for v in static dyn; do
	P="$G/phases.$v"
	"$ROBIN" run --virtual-time --stats-json "$T/full.json" "$P" "$IN" 10 >"$T/full.out" || exit 1
	total=$(count "$T/full.json")
	a=$((total / 3)); b=$((total * 4 / 5))
	mkdir -p "$T/ck"
	"$ROBIN" run --virtual-time --checkpoint-at $a,$b --checkpoint-dir "$T/ck" --stats-json "$T/ck.json" \
		"$P" "$IN" 10 >"$T/ck.out" || { echo "$v: checkpointing run failed"; exit 1; }
	cmp -s "$T/full.out" "$T/ck.out" || { echo "$v: checkpoints changed the output"; exit 1; }
	[ "$(count "$T/ck.json")" = "$total" ] || { echo "$v: checkpoints changed the count"; exit 1; }
	for n in $a $b; do
		[ -s "$T/ck/insn-$n.ckpt" ] || { echo "$v: no checkpoint at $n"; ls "$T/ck"; exit 1; }
		"$ROBIN" run --virtual-time --max-insns $n "$P" "$IN" 10 >"$T/pre.out" 2>/dev/null
		"$ROBIN" run --restore "$T/ck/insn-$n.ckpt" --stats-json "$T/r.json" >"$T/post.out" || { echo "$v: restore at $n failed"; exit 1; }
		cat "$T/pre.out" "$T/post.out" | cmp -s - "$T/full.out" || { echo "$v: output after restoring at $n differs"; diff <(cat "$T/pre.out" "$T/post.out") "$T/full.out" | head; exit 1; }
		[ "$(count "$T/r.json")" = "$total" ] || { echo "$v: restored at $n ends at $(count "$T/r.json"), not $total"; exit 1; }
	done
	# the second checkpoint restored twice gives the same run (nothing of the first restore leaks)
	"$ROBIN" run --restore "$T/ck/insn-$b.ckpt" >"$T/again.out" || exit 1
	cmp -s "$T/post.out" "$T/again.out" || { echo "$v: second restore differs"; exit 1; }
	rm -rf "$T/ck"
	echo "$v: ok ($total instructions, checkpoints at $a and $b)"
done
# a pipe whose both ends the guest holds, with 7 bytes waiting across the checkpoint
for v in static dyn; do
	P="$G/ckpt_pipe.$v"
	"$ROBIN" run --virtual-time --stats-json "$T/pf.json" "$P" >"$T/pf.out" || exit 1
	total=$(count "$T/pf.json"); a=$((total / 2))
	mkdir -p "$T/pk"
	"$ROBIN" run --virtual-time --checkpoint-at $a --checkpoint-dir "$T/pk" "$P" >/dev/null || { echo "$v: pipe checkpoint failed"; exit 1; }
	"$ROBIN" run --virtual-time --max-insns $a "$P" >"$T/pre.out" 2>/dev/null
	"$ROBIN" run --restore "$T/pk/insn-$a.ckpt" --stats-json "$T/pr.json" >"$T/post.out" || { echo "$v: pipe restore failed"; exit 1; }
	cat "$T/pre.out" "$T/post.out" | cmp -s - "$T/pf.out" || { echo "$v: pipe output differs"; cat "$T/post.out"; exit 1; }
	grep -q '^read 7: abc def' "$T/pf.out" || { echo "$v: pipe program output"; cat "$T/pf.out"; exit 1; }
	[ "$(count "$T/pr.json")" = "$total" ] || { echo "$v: pipe restore count"; exit 1; }
	rm -rf "$T/pk"
	echo "$v: self-pipe ok"
done
exit 0
