/* 241: the V mask, permutation and integer-reduction handlers (exec_vmask.c, exec_vperm.c) on
 * decoded instructions at VLEN 128: gather indices at and past VLMAX read 0, slides past VLMAX
 * fill 0, vcompress packs and leaves the rest, reductions (signed, widening, masked, vl = 0),
 * vcpop/vfirst to x, the scalar moves (vl = 0, vstart >= vl, sign extension, NaN-boxing),
 * the mask logical ops' tail, and the encodings qemu 7.2 refuses (SIGILL, nothing written). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "emu/exec.h"
#include "emu/exec_v.h"

/* OP-V: match | vd | vs1/rs1 | vs2 | vm (1: unmasked) */
static uint32_t opv(uint32_t match, unsigned vd, unsigned vs2, unsigned vs1, int vm)
{
	return (match & ~(1u << 25)) | vd << 7 | vs1 << 15 | vs2 << 20 | (vm ? 1u << 25 : 0u);
}

#define M_VRGATHER_VV 0x30000057u
#define M_VRGATHER_VX 0x30004057u
#define M_VRGATHEREI16 0x38000057u
#define M_VSLIDEUP_VX 0x38004057u
#define M_VSLIDEDOWN_VX 0x3c004057u
#define M_VSLIDE1DOWN_VX 0x3c006057u
#define M_VCOMPRESS 0x5e002057u
#define M_VREDSUM 0x00002057u
#define M_VREDMAX 0x1c002057u
#define M_VWREDSUM 0xc4000057u
#define M_VCPOP 0x40082057u
#define M_VFIRST 0x4008a057u
#define M_VMV_X_S 0x42002057u
#define M_VMV_S_X 0x42006057u
#define M_VFMV_F_S 0x42001057u
#define M_VMAND 0x66002057u
#define M_VMSBF 0x5000a057u
#define M_VIOTA 0x50082057u
#define M_VID 0x5008a057u

static struct hart h;

/* vtype for SEW and log2 LMUL, vl elements, VLEN 128 */
static void setv(unsigned sew, int lmul, uint64_t vl)
{
	h.vlenb = 16;
	h.vtype = (uint64_t)(__builtin_ctz(sew) - 3) << 3 | (unsigned)(lmul & 7);
	h.vl = vl;
	h.vstart = 0;
}

static int run(uint32_t raw)
{
	struct isa_insn in;
	assert_int_equal(isa_decode(raw, &in), 4);
	h.pc = 0x1000;
	h.next_pc = 0x1004;
	h.trap.cause = 0;
	return exec_table[in.op](&h, &in);
}

static void set32(unsigned n, const uint32_t *v, unsigned k)
{
	for (unsigned i = 0; i < k; i++)
		v_set_elem(&h, n, i, 32, v[i]);
}

static void test_gather_slide(void **state)
{
	(void)state;
	memset(&h, 0, sizeof(h));
	setv(32, 0, 4);
	set32(16, (const uint32_t[]){10, 20, 30, 40}, 4);
	set32(24, (const uint32_t[]){3, 0, 4, 1000}, 4);
	assert_int_equal(run(opv(M_VRGATHER_VV, 8, 16, 24, 1)), 0);
	assert_int_equal(v_elem(&h, 8, 0, 32), 40);
	assert_int_equal(v_elem(&h, 8, 1, 32), 10);
	assert_int_equal(v_elem(&h, 8, 2, 32), 0);  /* index = VLMAX */
	assert_int_equal(v_elem(&h, 8, 3, 32), 0);
	/* vrgather.vx with a huge index: 0 everywhere below vl */
	h.x[5] = 1ull << 40;
	assert_int_equal(run(opv(M_VRGATHER_VX, 8, 16, 5, 1)), 0);
	assert_int_equal(v_elem(&h, 8, 0, 32), 0);
	/* vrgatherei16 at SEW 32: 16-bit indices 1, 3, 4, 0xffff in v26 */
	v_set_elem(&h, 26, 0, 16, 1);
	v_set_elem(&h, 26, 1, 16, 3);
	v_set_elem(&h, 26, 2, 16, 4);
	v_set_elem(&h, 26, 3, 16, 0xffff);
	assert_int_equal(run(opv(M_VRGATHEREI16, 8, 16, 26, 1)), 0);
	assert_int_equal(v_elem(&h, 8, 0, 32), 20);
	assert_int_equal(v_elem(&h, 8, 1, 32), 40);
	assert_int_equal(v_elem(&h, 8, 2, 32), 0);
	assert_int_equal(v_elem(&h, 8, 3, 32), 0);
	/* vslidedown by 2: the elements past VLMAX read 0 */
	h.x[6] = 2;
	assert_int_equal(run(opv(M_VSLIDEDOWN_VX, 8, 16, 6, 1)), 0);
	assert_int_equal(v_elem(&h, 8, 0, 32), 30);
	assert_int_equal(v_elem(&h, 8, 1, 32), 40);
	assert_int_equal(v_elem(&h, 8, 2, 32), 0);
	/* vslideup by 1 leaves vd[0] */
	v_set_elem(&h, 8, 0, 32, 7);
	h.x[6] = 1;
	assert_int_equal(run(opv(M_VSLIDEUP_VX, 8, 16, 6, 1)), 0);
	assert_int_equal(v_elem(&h, 8, 0, 32), 7);
	assert_int_equal(v_elem(&h, 8, 1, 32), 10);
	assert_int_equal(v_elem(&h, 8, 3, 32), 30);
	/* vslide1down in place with vl = 3: vd[2] = x, vd[3] stays */
	h.vl = 3;
	h.x[7] = 99;
	assert_int_equal(run(opv(M_VSLIDE1DOWN_VX, 16, 16, 7, 1)), 0);
	assert_int_equal(v_elem(&h, 16, 0, 32), 20);
	assert_int_equal(v_elem(&h, 16, 2, 32), 99);
	assert_int_equal(v_elem(&h, 16, 3, 32), 40);
}

static void test_compress_reduce(void **state)
{
	(void)state;
	memset(&h, 0, sizeof(h));
	setv(32, 0, 4);
	set32(16, (const uint32_t[]){1, 2, 3, 0xfffffffbu}, 4);  /* 1, 2, 3, -5 */
	set32(8, (const uint32_t[]){9, 9, 9, 9}, 4);
	h.vreg[24 * 16] = 0x0a;  /* v24 mask: elements 1 and 3 */
	assert_int_equal(run(opv(M_VCOMPRESS, 8, 16, 24, 1)), 0);
	assert_int_equal(v_elem(&h, 8, 0, 32), 2);
	assert_int_equal(v_elem(&h, 8, 1, 32), 0xfffffffbu);
	assert_int_equal(v_elem(&h, 8, 2, 32), 9);
	/* vredsum: vs1[0] = 100 + 1 + 2 + 3 - 5 */
	v_set_elem(&h, 24, 0, 32, 100);
	assert_int_equal(run(opv(M_VREDSUM, 8, 16, 24, 1)), 0);
	assert_int_equal(v_elem(&h, 8, 0, 32), 101);
	assert_int_equal(v_elem(&h, 8, 1, 32), 0xfffffffbu);  /* only element 0 */
	/* vredmax is signed; masked by v0 = elements 0 and 3 */
	v_set_elem(&h, 24, 0, 32, 0xfffffff0u);  /* -16 */
	h.vreg[0] = 0x09;
	assert_int_equal(run(opv(M_VREDMAX, 8, 16, 24, 0)), 0);
	assert_int_equal(v_elem(&h, 8, 0, 32), 1);
	/* vwredsum at SEW 32: the 64-bit sum of sign-extended elements */
	v_set_elem(&h, 24, 0, 64, 1ull << 40);
	assert_int_equal(run(opv(M_VWREDSUM, 8, 16, 24, 1)), 0);
	assert_true(v_elem(&h, 8, 0, 64) == (1ull << 40) + 1);
	/* vl = 0: vd unchanged */
	h.vl = 0;
	v_set_elem(&h, 8, 0, 64, 0x1234);
	assert_int_equal(run(opv(M_VREDSUM, 8, 16, 24, 1)), 0);
	assert_true(v_elem(&h, 8, 0, 64) == 0x1234);
}

static void test_mask_scalar(void **state)
{
	(void)state;
	memset(&h, 0, sizeof(h));
	setv(8, 0, 12);
	h.vreg[16 * 16] = 0x50;      /* bits 4, 6 */
	h.vreg[16 * 16 + 1] = 0x18;  /* bits 11, 12 (12 is past vl) */
	assert_int_equal(run(opv(M_VCPOP, 10, 16, 0, 1)), 0);
	assert_int_equal(h.x[10], 3);
	assert_int_equal(run(opv(M_VFIRST, 10, 16, 0, 1)), 0);
	assert_int_equal(h.x[10], 4);
	h.vreg[0] = 0;  /* masked by v0 = bits 8.. only */
	h.vreg[1] = 0xff;
	assert_int_equal(run(opv(M_VFIRST, 10, 16, 0, 0)), 0);
	assert_int_equal(h.x[10], 11);
	h.vreg[1] = 0;
	assert_int_equal(run(opv(M_VFIRST, 10, 16, 0, 0)), 0);
	assert_true(h.x[10] == ~0ull);
	/* vmand.mm: bits 0..11 written, the tail (12..) stays */
	memset(v_reg(&h, 8), 0xff, 16);
	memset(v_reg(&h, 24), 0xff, 16);
	assert_int_equal(run(opv(M_VMAND, 8, 16, 24, 1)), 0);
	assert_int_equal(h.vreg[8 * 16], 0x50);
	assert_int_equal(h.vreg[8 * 16 + 1], 0xf8);
	/* vmsbf.m: bits before the first set bit (4) */
	memset(v_reg(&h, 8), 0, 16);
	assert_int_equal(run(opv(M_VMSBF, 8, 16, 0, 1)), 0);
	assert_int_equal(h.vreg[8 * 16], 0x0f);
	assert_int_equal(h.vreg[8 * 16 + 1], 0x00);
	/* viota.m, vid.v */
	assert_int_equal(run(opv(M_VIOTA, 8, 16, 0, 1)), 0);
	assert_int_equal(v_elem(&h, 8, 4, 8), 0);
	assert_int_equal(v_elem(&h, 8, 5, 8), 1);
	assert_int_equal(v_elem(&h, 8, 11, 8), 2);
	assert_int_equal(run(opv(M_VID, 8, 0, 0, 1)), 0);
	assert_int_equal(v_elem(&h, 8, 11, 8), 11);
	/* vmv.x.s sign-extends element 0, even with vl = 0 */
	setv(16, 0, 0);
	v_set_elem(&h, 16, 0, 16, 0x8001);
	assert_int_equal(run(opv(M_VMV_X_S, 11, 16, 0, 1)), 0);
	assert_true(h.x[11] == 0xffffffffffff8001ull);
	/* vmv.s.x writes nothing when vstart >= vl; vstart stays (qemu 7.2) */
	h.vl = 2;
	h.vstart = 2;
	h.x[12] = 0x7777;
	assert_int_equal(run(opv(M_VMV_S_X, 16, 0, 12, 1)), 0);
	assert_int_equal(v_elem(&h, 16, 0, 16), 0x8001);
	assert_int_equal(h.vstart, 2);
	h.vstart = 0;
	assert_int_equal(run(opv(M_VMV_S_X, 16, 0, 12, 1)), 0);
	assert_int_equal(v_elem(&h, 16, 0, 16), 0x7777);
	/* vfmv.f.s at SEW 16 NaN-boxes */
	assert_int_equal(run(opv(M_VFMV_F_S, 3, 16, 0, 1)), 0);
	assert_true(h.f[3] == 0xffffffffffff7777ull);
}

static void expect_ill(uint32_t raw)
{
	uint8_t before[32 * 16];
	memcpy(before, h.vreg, sizeof(before));
	assert_int_equal(run(raw), -1);
	assert_int_equal(h.trap.cause, HART_TRAP_ILLEGAL);
	assert_memory_equal(before, h.vreg, sizeof(before));
}

static void test_illegal(void **state)
{
	(void)state;
	memset(&h, 0, sizeof(h));
	setv(32, 1, 8);                                  /* LMUL 2 */
	expect_ill(opv(M_VSLIDEUP_VX, 16, 16, 5, 1));   /* vd = vs2 */
	expect_ill(opv(M_VSLIDEDOWN_VX, 8, 17, 5, 1));  /* vs2 not aligned */
	expect_ill(opv(M_VSLIDEDOWN_VX, 0, 16, 5, 0));  /* masked, vd = v0 */
	expect_ill(opv(M_VRGATHER_VV, 24, 16, 24, 1));  /* vd = vs1 */
	expect_ill(opv(M_VCOMPRESS, 8, 16, 9, 1));      /* vs1 inside vd */
	expect_ill(opv(M_VIOTA, 8, 9, 0, 1));           /* vs2 inside vd */
	expect_ill(opv(M_VMSBF, 16, 16, 0, 1));         /* vd = vs2 */
	expect_ill(opv(M_VID, 0, 0, 0, 0));             /* masked, vd = v0 */
	expect_ill(opv(M_VREDSUM, 8, 17, 24, 1));       /* vs2 not aligned */
	setv(8, 3, 8);                                   /* SEW 8, LMUL 8: EMUL 16 */
	expect_ill(opv(M_VRGATHEREI16, 8, 16, 24, 1));
	expect_ill(opv(M_VFMV_F_S, 3, 16, 0, 1));       /* no 8-bit FP */
	setv(64, 0, 2);
	expect_ill(opv(M_VWREDSUM, 8, 16, 24, 1));
	h.vtype = HART_VTYPE_VILL;
	expect_ill(opv(M_VMAND, 8, 16, 24, 1));
	expect_ill(opv(M_VMV_X_S, 10, 16, 0, 1));
	/* what stays legal: vd = vs2 for vslidedown, vd = v0 for an unmasked mask op */
	setv(32, 1, 8);
	assert_int_equal(run(opv(M_VSLIDEDOWN_VX, 16, 16, 0, 1)), 0);
	assert_int_equal(run(opv(M_VMSBF, 0, 16, 0, 1)), 0);
	assert_int_equal(run(opv(M_VREDSUM, 0, 16, 0, 0)), 0);
	/* vstart != 0: SIGILL for the instructions that require 0 (the specification allows it,
	 * qemu 7.2 does it), the rest run */
	h.vstart = 1;
	expect_ill(opv(M_VREDSUM, 8, 16, 24, 1));
	h.vstart = 1;
	expect_ill(opv(M_VCOMPRESS, 8, 16, 24, 1));
	h.vstart = 1;
	expect_ill(opv(M_VIOTA, 8, 16, 0, 1));
	h.vstart = 1;
	expect_ill(opv(M_VMSBF, 8, 16, 0, 1));
	h.vstart = 1;
	assert_int_equal(run(opv(M_VSLIDEDOWN_VX, 16, 16, 0, 1)), 0);
	assert_int_equal(h.vstart, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gather_slide),
		cmocka_unit_test(test_compress_reduce),
		cmocka_unit_test(test_mask_scalar),
		cmocka_unit_test(test_illegal),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
