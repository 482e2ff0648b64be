/* 242: the V floating-point support: fpu.c's vector additions (the vfrec7/vfrsqrt7 estimates,
 * round-to-odd narrowing, binary32 -> 16-bit integers) on their special cases, and the
 * handlers of exec_vfp.c reached through exec_table on decoded instructions (so a stub bound
 * in their place fails here): element results, fflags, masking, vl, the invalid frm, a
 * reserved overlap, SEW 16 only for Zvfhmin, and a reduction summed in element order. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "emu/exec.h"
#include "emu/exec_v.h"
#include "emu/fpu.h"

static void test_estimates(void **state)
{
	(void)state;
	uint32_t fl = 0;
	assert_int_equal(fpu_rec7_s(0x3f800000, FPU_RM_RNE, &fl), 0x3f7f0000); /* 1/1 ~ 0.996 */
	assert_int_equal(fpu_rec7_s(0xc0000000, FPU_RM_RNE, &fl), 0xbeff0000); /* 1/-2 */
	assert_int_equal(fl, 0);
	/* 1/FLT_MAX is subnormal, exact: no UF */
	assert_int_equal(fpu_rec7_s(0x7f7fffff, FPU_RM_RNE, &fl), 0x00200000);
	assert_int_equal(fl, 0);
	assert_int_equal(fpu_rec7_s(0xff800000, FPU_RM_RNE, &fl), 0x80000000);
	assert_int_equal(fpu_rec7_s(0x80000000, FPU_RM_RNE, &fl), 0xff800000);
	assert_int_equal(fl, FPU_DZ);
	fl = 0;
	/* 1/2^-149 overflows: infinity or the largest finite value by rounding mode */
	assert_int_equal(fpu_rec7_s(0x00000001, FPU_RM_RNE, &fl), 0x7f800000);
	assert_int_equal(fl, FPU_OF | FPU_NX);
	assert_int_equal(fpu_rec7_s(0x00000001, FPU_RM_RTZ, &fl), 0x7f7fffff);
	assert_int_equal(fpu_rec7_s(0x80000001, FPU_RM_RUP, &fl), 0xff7fffff);
	assert_int_equal(fpu_rec7_s(0x80000001, FPU_RM_RDN, &fl), 0xff800000);
	fl = 0;
	assert_int_equal(fpu_rec7_s(0x7f800001, FPU_RM_RNE, &fl), FPU_CANON_NAN_S);
	assert_int_equal(fl, FPU_NV);
	fl = 0;
	assert_true(fpu_rec7_d(0x3ff0000000000000ull, FPU_RM_RNE, &fl) == 0x3fefe00000000000ull);

	assert_int_equal(fpu_rsqrt7_s(0x3f800000, &fl), 0x3f7f0000);  /* 1 */
	assert_int_equal(fpu_rsqrt7_s(0x40800000, &fl), 0x3eff0000);  /* 4 -> ~0.5 */
	assert_int_equal(fpu_rsqrt7_s(0x40000000, &fl), 0x3f340000);  /* 2 -> 0.703 */
	assert_int_equal(fpu_rsqrt7_s(0x7f800000, &fl), 0);
	assert_int_equal(fl, 0);
	assert_int_equal(fpu_rsqrt7_s(0x80000000, &fl), 0xff800000);
	assert_int_equal(fl, FPU_DZ);
	fl = 0;
	assert_int_equal(fpu_rsqrt7_s(0xbf800000, &fl), FPU_CANON_NAN_S);
	assert_int_equal(fl, FPU_NV);
	fl = 0;
	assert_int_equal(fpu_rsqrt7_s(0x7fc00001, &fl), FPU_CANON_NAN_S);
	assert_int_equal(fl, 0);
	/* the smallest subnormal, normalized: 2^-149 -> 2^74 * 1.xx */
	assert_int_equal(fpu_rsqrt7_s(0x00000001, &fl), 0x64b40000);
	assert_true(fpu_rsqrt7_d(0x3ff0000000000000ull, &fl) == 0x3fefe00000000000ull);
}

static void test_round_to_odd_and_int16(void **state)
{
	(void)state;
	uint32_t fl = 0;
	assert_int_equal(fpu_cvt_s_d_rod(0x3ff0000000000000ull, &fl), 0x3f800000);
	assert_int_equal(fl, 0);
	/* 1 + 2^-24 (a tie) keeps its odd LSB */
	assert_int_equal(fpu_cvt_s_d_rod(0x3ff0000010000000ull, &fl), 0x3f800001);
	assert_int_equal(fl, FPU_NX);
	assert_int_equal(fpu_cvt_s_d_rod(0xbff0000030000000ull, &fl), 0xbf800001);
	fl = 0;
	/* overflow: the largest finite value; 2^-150: the smallest subnormal, tiny */
	assert_int_equal(fpu_cvt_s_d_rod(0x7e37e43c8800759cull, &fl), 0x7f7fffff);
	assert_int_equal(fl, FPU_OF | FPU_NX);
	fl = 0;
	assert_int_equal(fpu_cvt_s_d_rod(0x3690000000000000ull, &fl), 0x00000001);
	assert_int_equal(fl, FPU_UF | FPU_NX);
	fl = 0;
	assert_int_equal(fpu_cvt_s_d_rod(0xfff0000000000000ull, &fl), 0xff800000);
	assert_int_equal(fpu_cvt_s_d_rod(0x7ff0000000000001ull, &fl), FPU_CANON_NAN_S);
	assert_int_equal(fl, FPU_NV);

	fl = 0;
	assert_int_equal(fpu_cvt_i16_s(0x471c4000, FPU_RM_RNE, &fl), 32767);  /* 40000 */
	assert_int_equal(fl, FPU_NV);
	fl = 0;
	assert_int_equal(fpu_cvt_i16_s(0xc7000066, FPU_RM_RNE, &fl), -32768); /* -32768.4 */
	assert_int_equal(fl, FPU_NX);
	fl = 0;
	assert_int_equal(fpu_cvt_u16_s(0x477fff80, FPU_RM_RNE, &fl), 65535);  /* 65535.5 */
	assert_int_equal(fl, FPU_NV);
	fl = 0;
	assert_int_equal(fpu_cvt_u16_s(0xbf000000, FPU_RM_RTZ, &fl), 0);      /* -0.5 */
	assert_int_equal(fl, FPU_NX);
	fl = 0;
	assert_int_equal(fpu_cvt_u16_s(0x7fc00000, FPU_RM_RNE, &fl), 65535);
	assert_int_equal(fl, FPU_NV);
}

/* ---- handlers ---- */

#define VLENB 16

static void hart_v(struct hart *h, unsigned sew, unsigned vl)
{
	memset(h, 0, sizeof(*h));
	h->vlenb = VLENB;
	h->vext = HART_VEXT_ZVFHMIN;
	h->vtype = (sew == 16 ? 1u : sew == 32 ? 2u : 3u) << 3; /* LMUL 1 */
	h->vl = vl;
}

/* An OP-V instruction: funct6/vm and funct3 from the row's match, vd, vs2, vs1/rs1. */
static int run(struct hart *h, uint32_t match, unsigned vd, unsigned vs2, unsigned vs1,
               int masked)
{
	struct isa_insn in;
	uint32_t raw = match | vd << 7 | vs1 << 15 | vs2 << 20 | (masked ? 0 : 1u << 25);
	assert_int_equal(isa_decode(raw, &in), 4);
	h->pc = 0x1000;
	h->next_pc = 0x1004;
	return exec_table[in.op](h, &in);
}

#define VFADD_VV  0x00001057u
#define VFWADD_VV 0xc0001057u
#define VFREDOSUM 0x0c001057u
#define VFMERGE   0x5c005057u
#define VFWCVT_FF 0x48061057u
#define VFCVT_RTZ_X_F 0x48039057u

static void test_handlers(void **state)
{
	(void)state;
	static struct hart h;
	uint32_t *v8, *v16, *v24;
	hart_v(&h, 32, 3);
	v8 = (uint32_t *)(void *)v_reg(&h, 8);
	v16 = (uint32_t *)(void *)v_reg(&h, 16);
	v24 = (uint32_t *)(void *)v_reg(&h, 24);
	const uint32_t a[4] = {0x3f800000, 0x7f7fffff, 0x7f800001, 0x40000000};
	const uint32_t b[4] = {0x33800000, 0x7f7fffff, 0x3f800000, 0x40000000};
	memcpy(v16, a, sizeof(a));
	memcpy(v24, b, sizeof(b));
	v8[3] = 0xdeadbeef;
	/* 1 + 2^-24 (tie, RUP), FLT_MAX + FLT_MAX (overflow), sNaN + 1; element 3 is tail */
	h.frm = FPU_RM_RUP;
	assert_int_equal(run(&h, VFADD_VV, 8, 16, 24, 0), 0);
	assert_int_equal(v8[0], 0x3f800001);
	assert_int_equal(v8[1], 0x7f800000);
	assert_int_equal(v8[2], FPU_CANON_NAN_S);
	assert_int_equal(v8[3], 0xdeadbeef);
	assert_int_equal(h.fflags, FPU_NV | FPU_OF | FPU_NX);
	/* masked by v0 = 0b010: only element 1 changes */
	h.fflags = 0;
	h.frm = FPU_RM_RNE;
	memset(v8, 0, 16);
	v_reg(&h, 0)[0] = 2;
	assert_int_equal(run(&h, VFADD_VV, 8, 16, 24, 1), 0);
	assert_int_equal(v8[0], 0);
	assert_int_equal(v8[1], 0x7f800000);
	assert_int_equal(v8[2], 0);
	assert_int_equal(h.fflags, FPU_OF | FPU_NX);
	/* masked with vd = v0, and an invalid frm: illegal, nothing written */
	assert_int_equal(run(&h, VFADD_VV, 0, 16, 24, 1), -1);
	h.frm = 5;
	assert_int_equal(run(&h, VFADD_VV, 8, 24, 24, 0), -1);
	h.vl = 0;
	assert_int_equal(run(&h, VFADD_VV, 8, 24, 24, 0), -1);
	assert_int_equal(v8[0], 0);
	h.frm = FPU_RM_RNE;
	h.vl = 3;

	/* vfmerge.vfm: f[1] where v0 is set, vs2 elsewhere, every element written */
	h.f[1] = 0xffffffff40400000ull;
	assert_int_equal(run(&h, VFMERGE, 8, 16, 1, 1), 0);
	assert_int_equal(v8[0], a[0]);
	assert_int_equal(v8[1], 0x40400000);
	assert_int_equal(v8[2], a[2]);

	/* vfwadd.vv: vs2 may not be vd's lowest register, may be its highest */
	assert_int_equal(run(&h, VFWADD_VV, 8, 8, 24, 0), -1);
	memcpy(v_reg(&h, 9), a, sizeof(a));
	h.fflags = 0;
	assert_int_equal(run(&h, VFWADD_VV, 8, 9, 24, 0), 0);
	uint64_t *w8 = (uint64_t *)(void *)v_reg(&h, 8);
	assert_true(w8[0] == 0x3ff0000010000000ull);     /* exact in binary64 */
	assert_true(w8[1] == 0x47ffffffe0000000ull);     /* 2 * FLT_MAX */
	assert_true(w8[2] == FPU_CANON_NAN_D);
	assert_int_equal(h.fflags, FPU_NV);

	/* vfredosum: ((1e30 + 1) - 1e30) + 1 in element order is 1, not 2 */
	const uint32_t s[4] = {0x7149f2ca, 0x3f800000, 0xf149f2ca, 0x3f800000};
	memcpy(v16, s, sizeof(s));
	v24[0] = 0;
	h.vl = 4;
	h.fflags = 0;
	assert_int_equal(run(&h, VFREDOSUM, 8, 16, 24, 0), 0);
	assert_int_equal(v8[0], 0x3f800000);
	assert_int_equal(h.fflags, FPU_NX);

	/* vfcvt.rtz.x.f.v ignores frm's rounding (RUP here) */
	h.frm = FPU_RM_RUP;
	const uint32_t c[4] = {0x3fc00000, 0xbfc00000, 0x4f000000, 0xcf000000};
	memcpy(v16, c, sizeof(c));
	h.fflags = 0;
	assert_int_equal(run(&h, VFCVT_RTZ_X_F, 8, 16, 0, 0), 0);
	assert_int_equal(v8[0], 1);
	assert_int_equal(v8[1], (uint32_t)-1);
	assert_int_equal(v8[2], 0x7fffffff);
	assert_int_equal(v8[3], 0x80000000);
	assert_int_equal(h.fflags, FPU_NV | FPU_NX);

	/* SEW 16: binary16 arithmetic is Zvfh's (absent), vfwcvt.f.f.v Zvfhmin's */
	hart_v(&h, 16, 2);
	((uint16_t *)(void *)v_reg(&h, 16))[0] = 0x3c00;  /* 1.0 */
	((uint16_t *)(void *)v_reg(&h, 16))[1] = 0x0001;  /* 2^-24 */
	assert_int_equal(run(&h, VFADD_VV, 8, 16, 16, 0), -1);
	assert_int_equal(run(&h, VFWCVT_FF, 8, 16, 0, 0), 0);
	assert_int_equal(((uint32_t *)(void *)v_reg(&h, 8))[0], 0x3f800000);
	assert_int_equal(((uint32_t *)(void *)v_reg(&h, 8))[1], 0x33800000);
	h.vext = 0;
	assert_int_equal(run(&h, VFWCVT_FF, 8, 16, 0, 0), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_estimates),
		cmocka_unit_test(test_round_to_odd_and_int16),
		cmocka_unit_test(test_handlers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
