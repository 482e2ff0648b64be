#!/usr/bin/env bash
# 101: `robin disasm` prints exactly what `riscv64-linux-gnu-objdump -d` prints — every line,
# instruction text, symbol headers, "# <address>" notes and "..." runs included — for every
# object of glibc's libc.a (one robin process for the whole archive), the dynamic loader (a
# stripped shared object), the riscv64 programs under build/guest and V 1.0 objects (below).
# Nothing is skipped: the inputs contain no data-in-code ($d) regions, and any line that
# differs fails the test. Static programs: those with no dynamic twin
# and four others (crc32, stacks, blockexact, segv). Also checks --count and the one-line
# errors on non-riscv64 and truncated files.
set -u
OBJDUMP=riscv64-linux-gnu-objdump
LIBC=/usr/riscv64-linux-gnu/lib/libc.a
command -v $OBJDUMP >/dev/null || { echo "$OBJDUMP not installed"; exit 77; }
[ -f $LIBC ] || { echo "$LIBC not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 insns=0 files=0

compare() {  # file
	local f=$1 base; base=$(basename "$f")
	$OBJDUMP -d "$f" > "$tmp/o.txt" 2>/dev/null
	if ! "$ROBIN" disasm "$f" > "$tmp/r.txt" 2> "$tmp/err.txt"; then
		echo "FAIL: robin disasm $f exited non-zero: $(head -1 "$tmp/err.txt")"
		fail=1
		return
	fi
	local n; n=$(grep -cP '^ *[0-9a-f]+:\t' "$tmp/o.txt")
	insns=$((insns + n)); files=$((files + 1))
	if ! cmp -s "$tmp/o.txt" "$tmp/r.txt"; then
		local d; d=$(diff "$tmp/o.txt" "$tmp/r.txt" | grep -c '^<')
		echo "FAIL: $f: $d of $(wc -l < "$tmp/o.txt") lines differ from objdump; first ones:"
		diff "$tmp/o.txt" "$tmp/r.txt" | head -20
		fail=1
	fi
}

compare $LIBC
cp "$tmp/o.txt" "$tmp/libc.txt"
# a stripped shared object: symbols from .dynsym with versions, dynamic relocations
LD_SO=/usr/riscv64-linux-gnu/lib/ld-linux-riscv64-lp64d.so.1
[ -f $LD_SO ] && compare $LD_SO
# every dynamic program, and the static ones of a few: a static program is its dynamic twin's
# code plus libc's objects, which the archive above already covers line by line
for f in "$ROBIN_ROOT"/build/guest/*/*; do
	[ -f "$f" ] || continue
	head -c 4 "$f" | grep -q 'ELF' || continue
	case $f in
	*.static) [ ! -e "${f%.static}.dyn" ] || case ${f##*/} in crc32.*|stacks.*|blockexact.*|segv.*) ;; *) continue ;; esac ;;
	esac
	compare "$f"
done
# V 1.0 objects: loops clang 14 vectorizes and V intrinsics (when clang is there), and an
# assembler file of the forms with a text of their own (segment and whole-register names,
# the pseudo-instructions objdump prints, odd vtype immediates, reserved encodings as .insn);
# the same words in a file whose arch attribute lacks v print as .4byte
AS=riscv64-linux-gnu-as
cat > "$tmp/v.s" <<'EOF_S'
	.text
vfun:	vsetvli a0,a1,e32,m2,ta,ma
	vsetivli zero,31,e64,mf8,tu,mu
	vsetvl t0,a0,a1
	vle32.v v1,(a0),v0.t
	vlseg3e16ff.v v4,(a1)
	vlsseg8e64.v v8,(a2),a3,v0.t
	vloxseg2ei8.v v2,(a0),v4
	vsuxseg4ei32.v v4,(sp),v8,v0.t
	vl1re8.v v1,(a0)
	vl4re16.v v4,(a0)
	vs8r.v v8,(a0)
	vlm.v v0,(a1)
	vmand.mm v1,v2,v2
	vmxor.mm v3,v3,v3
	vmxnor.mm v3,v3,v3
	vmnand.mm v1,v2,v2
	vrsub.vx v1,v2,zero,v0.t
	vxor.vi v1,v2,-1
	vwadd.vx v2,v4,zero
	vwaddu.vx v2,v4,zero
	vnsrl.wx v2,v4,zero
	vfsgnjn.vv v1,v2,v2
	vfsgnjx.vv v1,v2,v2,v0.t
	vmsne.vv v1,v2,v2
	vmacc.vx v1,a0,v3
	vfwnmsac.vf v2,fa0,v3,v0.t
	vmerge.vim v1,v2,-16,v0
	vmadc.vi v1,v2,15
	vnclipu.wi v1,v2,31
	vmv.x.s a0,v2
	vfmv.f.s fa0,v2
	vcpop.m a0,v3,v0.t
	vid.v v3
	vmv8r.v v8,v16
	.insn 0x34007557
	.insn 0xc3f07557
	.insn 0x0a057557
	.insn 0x5e1100d7
	.insn 0x00850087
	.insn 0x04c58557
EOF_S
if $AS -march=rv64gcv "$tmp/v.s" -o "$tmp/v_asm.o" 2> "$tmp/as.txt"; then
	compare "$tmp/v_asm.o"
	$OBJDUMP -d "$tmp/v_asm.o" | grep -oP '^ *[0-9a-f]+:\t\K[0-9a-f]{8}' | sed 's/^/.insn 0x/' > "$tmp/w.s"
	$AS -march=rv64gc "$tmp/w.s" -o "$tmp/v_gate.o" && compare "$tmp/v_gate.o"
	if [ "$(grep -c '\.4byte' "$tmp/o.txt")" != "$(grep -cP '^ *[0-9a-f]+:\t' "$tmp/o.txt")" ]; then
		echo "FAIL: V words in an rv64gc file are not all .4byte"; fail=1
	fi
else
	echo "FAIL: $AS -march=rv64gcv: $(head -1 "$tmp/as.txt")"; fail=1
fi
if command -v clang >/dev/null; then
	cat > "$tmp/v.c" <<'EOF_C'
#include <riscv_vector.h>
#include <stddef.h>
#include <stdint.h>
void saxpy(float *restrict y, const float *restrict x, float a, size_t n)
{ for (size_t i = 0; i < n; i++) y[i] += a * x[i]; }
int64_t dot(const int32_t *a, const int32_t *b, size_t n)
{ int64_t s = 0; for (size_t i = 0; i < n; i++) s += (int64_t)a[i] * b[i]; return s; }
void cvt(double *restrict d, const int16_t *restrict s, size_t n)
{ for (size_t i = 0; i < n; i++) d[i] = s[i] * 0.5; }
uint8_t maxu(const uint8_t *p, size_t n)
{ uint8_t m = 0; for (size_t i = 0; i < n; i++) m = p[i] > m ? p[i] : m; return m; }
void gather(int32_t *restrict o, const int32_t *restrict t, const int32_t *restrict x, size_t n)
{ for (size_t i = 0; i < n; i++) o[i] = t[x[i]]; }
void seg(int32_t *o, const int32_t *p, size_t n)
{
	for (size_t vl; n > 0; n -= vl, p += 2 * vl, o += vl) {
		vl = vsetvl_e32m1(n);
		vint32m1_t a, b;
		vlseg2e32_v_i32m1(&a, &b, p, vl);
		vbool32_t m = vmslt_vx_i32m1_b32(a, 0, vl);
		vint32m1_t c = vadd_vv_i32m1_m(m, a, a, b, vl);
		c = vmerge_vxm_i32m1(m, c, 7, vl);
		c = vrgather_vv_i32m1(c, vid_v_u32m1(vl), vl);
		c = vslidedown_vx_i32m1(c, c, 1, vl);
		vse32_v_i32m1(o, vcompress_vm_i32m1(m, c, c, vl), vl);
	}
}
EOF_C
	if clang --target=riscv64-linux-gnu -march=rv64gcv -O2 -mllvm -riscv-v-vector-bits-min=128 \
		-c "$tmp/v.c" -o "$tmp/v_clang.o" 2> "$tmp/cc.txt"; then
		compare "$tmp/v_clang.o"
	else
		echo "FAIL: clang -march=rv64gcv: $(head -1 "$tmp/cc.txt")"; fail=1
	fi
fi
echo "compared $insns instructions in $files files (libc.a counts as one) with objdump -d"

# --count: the first N instruction lines, identical to objdump's
"$ROBIN" disasm --count 25 $LIBC > "$tmp/c.txt" || fail=1
if [ "$(grep -cP '^ *[0-9a-f]+:\t' "$tmp/c.txt")" != 25 ]; then
	echo "FAIL: --count 25 printed $(grep -cP '^ *[0-9a-f]+:\t' "$tmp/c.txt") instructions"; fail=1
fi
grep -P '^ *[0-9a-f]+:\t' "$tmp/libc.txt" | head -25 > "$tmp/o25.txt"
grep -P '^ *[0-9a-f]+:\t' "$tmp/c.txt" | cmp -s - "$tmp/o25.txt" || { echo "FAIL: --count lines differ"; fail=1; }

# bad input: one line naming the file, non-zero exit, no crash
for bad in /bin/sh "$tmp/trunc.o" "$tmp/missing.o" "$tmp/text.txt"; do
	case $bad in
	*trunc.o) ar p $LIBC memcpy.o | head -c 1000 > "$bad" ;;
	*text.txt) echo "hello" > "$bad" ;;
	esac
	"$ROBIN" disasm "$bad" > /dev/null 2> "$tmp/e.txt"
	rc=$?
	if [ $rc -eq 0 ] || [ $rc -gt 128 ] || [ "$(wc -l < "$tmp/e.txt")" -ne 1 ] || ! grep -q "$bad" "$tmp/e.txt"; then
		echo "FAIL: robin disasm $bad: exit $rc, stderr:"; cat "$tmp/e.txt"; fail=1
	fi
done
exit $fail
