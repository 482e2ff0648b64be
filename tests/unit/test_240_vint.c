/* 240: the V integer, fixed-point and Zvbb handlers (exec_vint.c, exec_vfix.c, exec_vbb.c) on
 * hand-derived values: every Zvbb instruction (qemu 7.2, the oracle of the guest tests, lacks
 * Zvbb) including vror.vi's 6-bit amount, vwsll's 2 * SEW shift, masking, and SIGILL without
 * Zvbb; the four vxrm modes on a scaling shift; vnclipu and vsmul saturation setting vxsat;
 * division by zero and overflow; vmv<nr>r.v from a nonzero vstart (counted in SEW elements);
 * mask results leaving the tail alone; and reserved encodings (misaligned groups, a masked
 * op writing v0, widening at SEW 64 or LMUL 8) raising SIGILL. VLEN is 128. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "emu/exec.h"
#include "emu/exec_v.h"

static struct hart h;

/* An OP-V encoding: funct6, vm (1 = unmasked), vs2, vs1 / rs1 / imm field, funct3, vd */
static uint32_t vop(unsigned f6, unsigned vm, unsigned vs2, unsigned rs1, unsigned f3, unsigned vd)
{
	return f6 << 26 | vm << 25 | vs2 << 20 | rs1 << 15 | f3 << 12 | vd << 7 | 0x57u;
}

enum { IVV = 0, MVV = 2, IVI = 3, IVX = 4, MVX = 6 };

/* vtype = SEW / LMUL (lmul as the vlmul field), vl = VLMAX unless given (> 0) */
static void config(unsigned sew, unsigned lmul, uint64_t vl)
{
	h.vtype = (uint64_t)(__builtin_ctz(sew) - 3) << 3 | lmul;
	uint64_t max = v_vlmax(&h, v_sew(&h), v_lmul_log2(&h));
	h.vl = vl ? vl : max;
	h.vstart = 0;
}

static void reset(void)
{
	memset(&h, 0, sizeof(h));
	h.vlenb = 16;
	h.vext = HART_VEXT_ZVBB;
}

/* Decode raw and run it; returns the handler's result (-1 after a trap). */
static int run(uint32_t raw)
{
	struct isa_insn in;
	assert_int_equal(isa_decode(raw, &in), 4);
	h.trap.cause = 0;
	return exec_table[in.op](&h, &in);
}

static void set(unsigned reg, uint64_t i, unsigned sew, uint64_t v)
{
	v_set_elem(&h, reg, i, sew, v);
}

static uint64_t get(unsigned reg, uint64_t i, unsigned sew) { return v_elem(&h, reg, i, sew); }

static void test_zvbb_values(void **state)
{
	(void)state;
	reset();
	config(64, 0, 1);
	set(16, 0, 64, 0x0102040810204080ull);
	assert_int_equal(run(vop(0x12, 1, 16, 8, MVV, 8)), 0);      /* vbrev8.v */
	assert_true(get(8, 0, 64) == 0x8040201008040201ull);
	set(16, 0, 64, 0x0102030405060708ull);
	assert_int_equal(run(vop(0x12, 1, 16, 9, MVV, 8)), 0);      /* vrev8.v */
	assert_true(get(8, 0, 64) == 0x0807060504030201ull);
	set(16, 0, 64, 1);
	assert_int_equal(run(vop(0x12, 1, 16, 10, MVV, 8)), 0);     /* vbrev.v */
	assert_true(get(8, 0, 64) == 0x8000000000000000ull);
	assert_int_equal(run(vop(0x12, 1, 16, 12, MVV, 8)), 0);     /* vclz.v */
	assert_true(get(8, 0, 64) == 63);
	set(16, 0, 64, 0);
	assert_int_equal(run(vop(0x12, 1, 16, 13, MVV, 8)), 0);     /* vctz.v of 0: SEW */
	assert_true(get(8, 0, 64) == 64);
	/* SEW 16: four elements at once */
	config(16, 0, 4);
	set(16, 0, 16, 0x0001); set(16, 1, 16, 0x8000); set(16, 2, 16, 0); set(16, 3, 16, 0x00f0);
	assert_int_equal(run(vop(0x12, 1, 16, 12, MVV, 8)), 0);     /* vclz.v */
	assert_true(get(8, 0, 16) == 15 && get(8, 1, 16) == 0 && get(8, 2, 16) == 16 &&
	            get(8, 3, 16) == 8);
	assert_int_equal(run(vop(0x12, 1, 16, 14, MVV, 8)), 0);     /* vcpop.v */
	assert_true(get(8, 0, 16) == 1 && get(8, 2, 16) == 0 && get(8, 3, 16) == 4);
	assert_int_equal(run(vop(0x12, 1, 16, 10, MVV, 8)), 0);     /* vbrev.v */
	assert_true(get(8, 0, 16) == 0x8000 && get(8, 1, 16) == 1 && get(8, 3, 16) == 0x0f00);
	/* vandn.vx, vrol.vx, vror.vv at SEW 8 */
	config(8, 0, 2);
	set(16, 0, 8, 0xf0); set(16, 1, 8, 0x81);
	h.x[5] = 0x3c;
	assert_int_equal(run(vop(0x01, 1, 16, 5, IVX, 8)), 0);      /* vandn.vx */
	assert_true(get(8, 0, 8) == 0xc0 && get(8, 1, 8) == 0x81);
	h.x[5] = 9;                                                  /* 9 mod 8 = 1 */
	assert_int_equal(run(vop(0x15, 1, 16, 5, IVX, 8)), 0);      /* vrol.vx */
	assert_true(get(8, 0, 8) == 0xe1 && get(8, 1, 8) == 0x03);
	set(24, 0, 8, 4); set(24, 1, 8, 1);
	assert_int_equal(run(vop(0x14, 1, 16, 24, IVV, 8)), 0);     /* vror.vv */
	assert_true(get(8, 0, 8) == 0x0f && get(8, 1, 8) == 0xc0);
	/* vror.vi: amount 37 is funct6 0x15 with rs1 = 5; at SEW 64 it is 37, at SEW 32 it is 5 */
	config(64, 0, 1);
	set(16, 0, 64, 1ull << 37);
	assert_int_equal(run(vop(0x15, 1, 16, 5, IVI, 8)), 0);
	assert_true(get(8, 0, 64) == 1);
	config(32, 0, 1);
	set(16, 0, 32, 0x20);
	assert_int_equal(run(vop(0x15, 1, 16, 5, IVI, 8)), 0);
	assert_true(get(8, 0, 32) == 1);
	/* vwsll: 2 * SEW result, amount mod 2 * SEW */
	config(8, 0, 2);
	set(16, 0, 8, 0xff); set(16, 1, 8, 0xff);
	set(24, 0, 8, 9); set(24, 1, 8, 17);
	assert_int_equal(run(vop(0x35, 1, 16, 24, IVV, 8)), 0);     /* vwsll.vv */
	assert_true(get(8, 0, 16) == 0xfe00 && get(8, 1, 16) == 0x01fe);
	config(32, 0, 1);
	set(16, 0, 32, 0xffffffff);
	assert_int_equal(run(vop(0x35, 1, 16, 5, IVI, 8)), 0);      /* vwsll.vi 5 */
	assert_true(get(8, 0, 64) == 0x1fffffffe0ull);
}

static void test_zvbb_mask_and_illegal(void **state)
{
	(void)state;
	reset();
	config(32, 0, 4);
	for (unsigned i = 0; i < 4; i++) {
		set(16, i, 32, 0x11223344);
		set(8, i, 32, 0xdeadbeef);
	}
	h.vreg[0] = 0x5;  /* v0: elements 0 and 2 active */
	assert_int_equal(run(vop(0x12, 0, 16, 9, MVV, 8)), 0);      /* vrev8.v v8, v16, v0.t */
	assert_true(get(8, 0, 32) == 0x44332211 && get(8, 1, 32) == 0xdeadbeef &&
	            get(8, 2, 32) == 0x44332211 && get(8, 3, 32) == 0xdeadbeef);
	/* masked with vd = v0 */
	assert_int_equal(run(vop(0x12, 0, 16, 9, MVV, 0)), -1);
	assert_int_equal(h.trap.cause, HART_TRAP_ILLEGAL);
	/* vwsll at SEW 64 and at LMUL 8; vandn with vd misaligned at LMUL 2 */
	config(64, 0, 0);
	assert_int_equal(run(vop(0x35, 1, 16, 24, IVV, 8)), -1);
	config(8, 3, 0);
	assert_int_equal(run(vop(0x35, 1, 16, 24, IVV, 8)), -1);
	config(8, 1, 0);
	assert_int_equal(run(vop(0x01, 1, 16, 24, IVV, 9)), -1);
	assert_int_equal(run(vop(0x01, 1, 16, 24, IVV, 10)), 0);
	/* no Zvbb: SIGILL */
	h.vext = 0;
	assert_int_equal(run(vop(0x01, 1, 16, 24, IVV, 10)), -1);
	assert_int_equal(run(vop(0x12, 1, 16, 14, MVV, 8)), -1);
}

static void test_fixed_point(void **state)
{
	(void)state;
	reset();
	/* vssrl.vi 2 of 0b1011 (2.75) and 0b1010 (2.5) under rnu, rne, rdn, rod */
	static const uint8_t want[4][2] = { { 3, 3 }, { 3, 2 }, { 2, 2 }, { 3, 3 } };
	for (unsigned rm = 0; rm < 4; rm++) {
		config(8, 0, 2);
		h.vxrm = (uint8_t)rm;
		set(16, 0, 8, 11); set(16, 1, 8, 10);
		assert_int_equal(run(vop(0x2a, 1, 16, 2, IVI, 8)), 0);
		assert_int_equal(get(8, 0, 8), want[rm][0]);
		assert_int_equal(get(8, 1, 8), want[rm][1]);
	}
	assert_int_equal(h.vxsat, 0);
	/* vnclipu.wi 0 of 0x1ff at SEW 8: 255, saturated */
	config(8, 0, 1);
	set(16, 0, 16, 0x1ff);
	assert_int_equal(run(vop(0x2e, 1, 16, 0, IVI, 8)), 0);
	assert_int_equal(get(8, 0, 8), 0xff);
	assert_int_equal(h.vxsat, 1);
	/* vsmul.vv: INT_MIN * INT_MIN saturates to INT_MAX; 0.5 * 0.5 = 0.25 */
	h.vxsat = 0;
	config(16, 0, 2);
	set(16, 0, 16, 0x8000); set(24, 0, 16, 0x8000);
	set(16, 1, 16, 0x4000); set(24, 1, 16, 0x4000);
	assert_int_equal(run(vop(0x27, 1, 16, 24, IVV, 8)), 0);
	assert_int_equal(get(8, 0, 16), 0x7fff);
	assert_int_equal(get(8, 1, 16), 0x2000);
	assert_int_equal(h.vxsat, 1);
	/* vaadd.vv at SEW 64 keeps the carry: (INT64_MAX + INT64_MAX) / 2 = INT64_MAX */
	config(64, 0, 1);
	h.vxrm = 2;
	set(16, 0, 64, 0x7fffffffffffffffull); set(24, 0, 64, 0x7fffffffffffffffull);
	assert_int_equal(run(vop(0x09, 1, 16, 24, MVV, 8)), 0);
	assert_true(get(8, 0, 64) == 0x7fffffffffffffffull);
}

static void test_divide_and_moves(void **state)
{
	(void)state;
	reset();
	config(32, 0, 4);
	set(16, 0, 32, 7); set(24, 0, 32, 0);               /* x / 0 */
	set(16, 1, 32, 0x80000000); set(24, 1, 32, 0xffffffff);  /* INT_MIN / -1 */
	set(16, 2, 32, (uint32_t)-7); set(24, 2, 32, 2);
	set(16, 3, 32, 9); set(24, 3, 32, 4);
	assert_int_equal(run(vop(0x21, 1, 16, 24, MVV, 8)), 0);  /* vdiv.vv */
	assert_true(get(8, 0, 32) == 0xffffffff && get(8, 1, 32) == 0x80000000 &&
	            get(8, 2, 32) == (uint32_t)-3 && get(8, 3, 32) == 2);
	assert_int_equal(run(vop(0x23, 1, 16, 24, MVV, 8)), 0);  /* vrem.vv */
	assert_true(get(8, 0, 32) == 7 && get(8, 1, 32) == 0 && get(8, 2, 32) == (uint32_t)-1 &&
	            get(8, 3, 32) == 1);
	assert_int_equal(run(vop(0x20, 1, 16, 24, MVV, 8)), 0);  /* vdivu.vv */
	assert_true(get(8, 0, 32) == 0xffffffff && get(8, 1, 32) == 0);
	/* vmv2r.v v10, v20 from vstart 1 at SEW 32: the first 4 bytes stay */
	for (unsigned i = 0; i < 32; i++) {
		h.vreg[10 * 16 + i] = 0xaa;
		h.vreg[20 * 16 + i] = (uint8_t)i;
	}
	h.vstart = 1;
	assert_int_equal(run(vop(0x27, 1, 20, 1, IVI, 10)), 0);
	assert_int_equal(h.vstart, 0);
	assert_int_equal(h.vreg[10 * 16 + 3], 0xaa);
	assert_int_equal(h.vreg[10 * 16 + 4], 4);
	assert_int_equal(h.vreg[10 * 16 + 31], 31);
	assert_int_equal(run(vop(0x27, 1, 21, 1, IVI, 10)), -1);  /* vs2 misaligned */
	/* vmv2r.v works with vill set (it does not depend on vtype) */
	h.vtype = HART_VTYPE_VILL;
	assert_int_equal(run(vop(0x27, 1, 20, 1, IVI, 12)), 0);
	assert_int_equal(run(vop(0x00, 1, 16, 24, IVV, 8)), -1);  /* vadd.vv: vill */
}

static void test_masks_and_legality(void **state)
{
	(void)state;
	reset();
	/* vmseq.vi at SEW 8, vl 10: bits 0..9 written, the tail (10..127) and masked-off bits
	 * stay */
	config(8, 0, 10);
	memset(v_reg(&h, 8), 0xff, 16);
	for (unsigned i = 0; i < 16; i++)
		set(16, i, 8, i & 1);
	h.vreg[0] = 0xff;
	h.vreg[1] = 0x01;  /* v0: elements 0..8 active, 9 not */
	assert_int_equal(run(vop(0x18, 0, 16, 1, IVI, 8)), 0);   /* vmseq.vi v8, v16, 1, v0.t */
	assert_int_equal(h.vreg[8 * 16], 0xaa);      /* elements 0..7: 0,1,0,1 ... */
	assert_int_equal(h.vreg[8 * 16 + 1], 0xfe);  /* element 8 is 0; bit 9 masked off */
	for (unsigned i = 2; i < 16; i++)
		assert_int_equal(h.vreg[8 * 16 + i], 0xff);
	/* vadd.vv with vd misaligned at LMUL 2; masked writing v0 */
	config(32, 1, 0);
	assert_int_equal(run(vop(0x00, 1, 16, 24, IVV, 9)), -1);
	assert_int_equal(run(vop(0x00, 0, 16, 24, IVV, 0)), -1);
	/* compares may write v0 masked, and vs2's first register, but not its second */
	assert_int_equal(run(vop(0x18, 0, 16, 24, IVV, 0)), 0);
	assert_int_equal(run(vop(0x18, 1, 16, 24, IVV, 16)), 0);
	assert_int_equal(run(vop(0x18, 1, 16, 24, IVV, 17)), -1);
	/* widening: vd in vs2's lowest part is reserved; at LMUL 1 vs2 in vd's highest part is
	 * allowed */
	config(16, 0, 0);
	assert_int_equal(run(vop(0x31, 1, 8, 24, MVV, 8)), -1);   /* vwadd.vv v8, v8, v24 */
	assert_int_equal(run(vop(0x31, 1, 9, 24, MVV, 8)), 0);    /* vwadd.vv v8, v9, v24 */
	config(16, 7, 0);  /* LMUL 1/2: vd is one register; a source in it is reserved */
	assert_int_equal(run(vop(0x31, 1, 8, 24, MVV, 8)), -1);
	assert_int_equal(run(vop(0x31, 1, 9, 24, MVV, 8)), 0);
	/* narrowing: vd = vs2 allowed, vd in vs2's upper half not */
	config(16, 0, 0);
	assert_int_equal(run(vop(0x2c, 1, 16, 24, IVV, 16)), 0);  /* vnsrl.wv v16, v16, v24 */
	assert_int_equal(run(vop(0x2c, 1, 16, 24, IVV, 17)), -1);
	/* vzext.vf2: vd = vs2 reserved; SEW 8 has no vf2 source */
	assert_int_equal(run(vop(0x12, 1, 16, 6, MVV, 16)), -1);
	assert_int_equal(run(vop(0x12, 1, 16, 6, MVV, 8)), 0);
	config(8, 0, 0);
	assert_int_equal(run(vop(0x12, 1, 16, 6, MVV, 8)), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_zvbb_values),
		cmocka_unit_test(test_zvbb_mask_and_illegal),
		cmocka_unit_test(test_fixed_point),
		cmocka_unit_test(test_divide_and_moves),
		cmocka_unit_test(test_masks_and_legality),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
