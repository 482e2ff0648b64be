#!/usr/bin/env bash
# 560: `robin coproc asm`: the shipped programs assemble (with the word counts they have), the
# listing shows the configuration, and wrong programs fail with exit 1 and one line naming
# FILE:LINE:COLUMN and what is wrong (unknown operation, operand, field, condition, label,
# directive; two memory operations or two branches in one word; a branch out of reach; a
# write to a read-only register; a full microcode array; missing .filter/.start/.fields;
# an unreadable file; a NUL byte). `robin sim --coproc` reports the same errors.
set -u
cd "$ROBIN_ROOT"
"$ROBIN" coproc --help >/dev/null 2>&1 || { echo "robin has no coproc command yet"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-e2e-560.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
die() { echo "FAIL: $*"; fail=1; }

for p in value_profile:24 edge_profile:11 memdep_profile:18; do
	name=${p%%:*} words=${p##*:}
	out=$("$ROBIN" coproc asm --quiet coproc/$name.s 2>&1) || die "coproc/$name.s: $out"
	[ "$out" = "coproc/$name.s: $words words" ] || die "coproc/$name.s: '$out' (want $words words)"
done
"$ROBIN" coproc asm coproc/value_profile.s >"$tmp/list" || die "listing failed"
grep -q '^filter: load->0$' "$tmp/list" || die "listing: no filter line"
grep -q 'c2=4\*slots' "$tmp/list" || die "listing: c2 is not 4*slots"
grep -q 'cmatch' "$tmp/list" || die "listing: no cmatch word"

HEAD='.filter load
.fields pc, value
.start load, a
a:'
# body (after the label a:) | expected message fragment (line 4 unless said)
. "$ROBIN_ROOT/tests/e2e/lib/coproc.sh"
asm_refused unknown_op "$HEAD  frob v0, v1" "4:5: unknown operation 'frob'"
asm_refused unknown_operand "$HEAD  mov v0, x9" "4:13: unknown operand 'x9'"
asm_refused unknown_field "$HEAD  mov v0, f.color" "4:13: unknown field 'f.color'"
asm_refused readonly "$HEAD  mov c0, v1" "4:9: the destination must be a value or index register"
asm_refused two_mem "$HEAD  ldw v0, b0[i0] | stw v1, b1[i1]" "4:22: a word has one memory operation"
asm_refused two_br "$HEAD  done | interrupt" "4:12: a word has one branch slot"
asm_refused bad_cond "$HEAD  br often, done" "4:8: unknown condition 'often'"
asm_refused bad_label "$HEAD  br hit, nowhere" "4:13: unknown label 'nowhere'"
asm_refused far "$HEAD  br hit, far
$(for k in $(seq 1 9); do echo "  nop"; done)
far: done" "4:13: label 'far' is 10 words away"
asm_refused dup_label "$HEAD  done
a: done" "5:1: label 'a' defined twice"
asm_refused bad_directive ".filtre load" "1:1: unknown directive '.filtre'"
asm_refused bad_class ".filter loads" "1:9: unknown opcode class 'loads'"
asm_refused bad_shift "$HEAD  shl v0, v0, 40" "4:17: shift amount 40 out of range 0..31"
asm_refused bad_width ".index_width 20" "1:14: index width 20 out of range 1..16"
asm_refused bad_base ".base b9, 0" "1:7: expected b0-b7"
asm_refused trailing "$HEAD  mov v0, v1 v2" "4:16: unexpected 'v2' after the operation"
asm_refused bad_address "$HEAD  ldw v0, x[i0]" "4:13: expected a data-array address"
asm_refused full "$HEAD  nop
$(for k in $(seq 1 64); do echo "  nop"; done)" "68:3: more than 64 words"
# whole-program checks name the file only
printf '.fields pc\n.filter load\na: done\n' >"$tmp/nostart.s"
out=$("$ROBIN" coproc asm "$tmp/nostart.s" 2>&1); rc=$?
[ $rc -eq 1 ] && [[ "$out" == *"no .start directive"* ]] || die "nostart: $rc '$out'"
printf '.start load, a\na: done\n' >"$tmp/nofilter.s"
out=$("$ROBIN" coproc asm "$tmp/nofilter.s" 2>&1); rc=$?
[ $rc -eq 1 ] && [[ "$out" == *"no .filter directive"* ]] || die "nofilter: $rc '$out'"
printf '.filter load, store\n.fields pc\n.start load, a\na: done\n' >"$tmp/nostore.s"
out=$("$ROBIN" coproc asm "$tmp/nostore.s" 2>&1); rc=$?
[ $rc -eq 1 ] && [[ "$out" == *"class store is filtered in but has no .start"* ]] || die "nostore: $rc '$out'"
printf '.filter load\n.fields pc\n.start load, a\na: do\0ne\n' >"$tmp/nul.s"
out=$("$ROBIN" coproc asm "$tmp/nul.s" 2>&1); rc=$?
[ $rc -eq 1 ] && [[ "$out" == *"nul.s:4:6: NUL byte"* ]] || die "nul: $rc '$out'"
out=$("$ROBIN" coproc asm "$tmp/missing.s" 2>&1); rc=$?
[ $rc -eq 1 ] && [[ "$out" == *"cannot read $tmp/missing.s"* ]] || die "missing: $rc '$out'"
out=$("$ROBIN" coproc frob 2>&1); rc=$?
[ $rc -eq 2 ] || die "unknown subcommand: exit $rc"
# robin sim --coproc says the same and runs nothing
if [ -x build/guest/tests/hello.static ]; then
	out=$("$ROBIN" sim --coproc "$tmp/unknown_op.s" -- build/guest/tests/hello.static 2>&1); rc=$?
	[ $rc -eq 2 ] && [[ "$out" == *"unknown_op.s:4:5: unknown operation 'frob'"* ]] ||
		die "sim --coproc with a bad program: $rc '$out'"
	out=$("$ROBIN" sim --coproc-clock-ratio 2 -- build/guest/tests/hello.static 2>&1); rc=$?
	[ $rc -eq 2 ] || die "--coproc-clock-ratio without --coproc: exit $rc"
	out=$("$ROBIN" sim --coproc coproc/value_profile.s --coproc-clock-ratio 0 -- \
		build/guest/tests/hello.static 2>&1); rc=$?
	[ $rc -eq 2 ] || die "--coproc-clock-ratio 0: exit $rc"
fi
[ $fail -eq 0 ] && echo "560: ok"
exit $fail
