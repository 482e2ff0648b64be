/* 210: fpu.c against hand-checked vectors: rounding in each mode, overflow per mode, underflow
 * with tininess after rounding, one rounding in the fused multiply-add, special operands,
 * fcvt saturation boundaries, fmin/fmax signed zeros and NaNs, compares, fclass of every
 * class. Each expected value was worked out from the ISA manual's rules, not by running fpu.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "emu/fpu.h"

enum { RNE = FPU_RM_RNE, RTZ = FPU_RM_RTZ, RDN = FPU_RM_RDN, RUP = FPU_RM_RUP, RMM = FPU_RM_RMM };
#define NV FPU_NV
#define DZ FPU_DZ
#define OF FPU_OF
#define UF FPU_UF
#define NX FPU_NX

enum vop {
	ADD_S, SUB_S, MUL_S, DIV_S, SQRT_S, MADD_S, MSUB_S, NMSUB_S, NMADD_S,
	ADD_D, SUB_D, MUL_D, DIV_D, SQRT_D, MADD_D, MSUB_D, NMSUB_D, NMADD_D,
	MIN_S, MAX_S, MIN_D, MAX_D, EQ_S, LT_S, LE_S, EQ_D, LT_D, LE_D,
	CVT_W_S, CVT_WU_S, CVT_L_S, CVT_LU_S, CVT_W_D, CVT_WU_D, CVT_L_D, CVT_LU_D,
	CVT_S_W, CVT_S_WU, CVT_S_L, CVT_S_LU, CVT_D_W, CVT_D_WU, CVT_D_L, CVT_D_LU,
	CVT_S_D, CVT_D_S, CLASS_S, CLASS_D,
};

static const char *const vop_name[] = {
	"add.s", "sub.s", "mul.s", "div.s", "sqrt.s", "madd.s", "msub.s", "nmsub.s", "nmadd.s",
	"add.d", "sub.d", "mul.d", "div.d", "sqrt.d", "madd.d", "msub.d", "nmsub.d", "nmadd.d",
	"min.s", "max.s", "min.d", "max.d", "eq.s", "lt.s", "le.s", "eq.d", "lt.d", "le.d",
	"cvt.w.s", "cvt.wu.s", "cvt.l.s", "cvt.lu.s", "cvt.w.d", "cvt.wu.d", "cvt.l.d", "cvt.lu.d",
	"cvt.s.w", "cvt.s.wu", "cvt.s.l", "cvt.s.lu", "cvt.d.w", "cvt.d.wu", "cvt.d.l", "cvt.d.lu",
	"cvt.s.d", "cvt.d.s", "class.s", "class.d",
};

#include "fpu_vec.h"

static uint64_t run(const struct vec *v, uint32_t *fl)
{
	uint32_t a = (uint32_t)v->a, b = (uint32_t)v->b, c = (uint32_t)v->c;
	unsigned rm = v->rm;
	switch (v->op) {
	case ADD_S: return fpu_add_s(a, b, rm, fl);
	case SUB_S: return fpu_sub_s(a, b, rm, fl);
	case MUL_S: return fpu_mul_s(a, b, rm, fl);
	case DIV_S: return fpu_div_s(a, b, rm, fl);
	case SQRT_S: return fpu_sqrt_s(a, rm, fl);
	case MADD_S: return fpu_madd_s(a, b, c, 0, rm, fl);
	case MSUB_S: return fpu_madd_s(a, b, c, FPU_MADD_NEG_ADDEND, rm, fl);
	case NMSUB_S: return fpu_madd_s(a, b, c, FPU_MADD_NEG_PROD, rm, fl);
	case NMADD_S: return fpu_madd_s(a, b, c, FPU_MADD_NEG_PROD | FPU_MADD_NEG_ADDEND, rm, fl);
	case ADD_D: return fpu_add_d(v->a, v->b, rm, fl);
	case SUB_D: return fpu_sub_d(v->a, v->b, rm, fl);
	case MUL_D: return fpu_mul_d(v->a, v->b, rm, fl);
	case DIV_D: return fpu_div_d(v->a, v->b, rm, fl);
	case SQRT_D: return fpu_sqrt_d(v->a, rm, fl);
	case MADD_D: return fpu_madd_d(v->a, v->b, v->c, 0, rm, fl);
	case MSUB_D: return fpu_madd_d(v->a, v->b, v->c, FPU_MADD_NEG_ADDEND, rm, fl);
	case NMSUB_D: return fpu_madd_d(v->a, v->b, v->c, FPU_MADD_NEG_PROD, rm, fl);
	case NMADD_D:
		return fpu_madd_d(v->a, v->b, v->c, FPU_MADD_NEG_PROD | FPU_MADD_NEG_ADDEND, rm, fl);
	case MIN_S: return fpu_min_s(a, b, fl);
	case MAX_S: return fpu_max_s(a, b, fl);
	case MIN_D: return fpu_min_d(v->a, v->b, fl);
	case MAX_D: return fpu_max_d(v->a, v->b, fl);
	case EQ_S: return (uint64_t)fpu_eq_s(a, b, fl);
	case LT_S: return (uint64_t)fpu_lt_s(a, b, fl);
	case LE_S: return (uint64_t)fpu_le_s(a, b, fl);
	case EQ_D: return (uint64_t)fpu_eq_d(v->a, v->b, fl);
	case LT_D: return (uint64_t)fpu_lt_d(v->a, v->b, fl);
	case LE_D: return (uint64_t)fpu_le_d(v->a, v->b, fl);
	case CVT_W_S: return (uint64_t)fpu_cvt_w_s(a, rm, fl);
	case CVT_WU_S: return (uint64_t)fpu_cvt_wu_s(a, rm, fl);
	case CVT_L_S: return (uint64_t)fpu_cvt_l_s(a, rm, fl);
	case CVT_LU_S: return fpu_cvt_lu_s(a, rm, fl);
	case CVT_W_D: return (uint64_t)fpu_cvt_w_d(v->a, rm, fl);
	case CVT_WU_D: return (uint64_t)fpu_cvt_wu_d(v->a, rm, fl);
	case CVT_L_D: return (uint64_t)fpu_cvt_l_d(v->a, rm, fl);
	case CVT_LU_D: return fpu_cvt_lu_d(v->a, rm, fl);
	case CVT_S_W: return fpu_cvt_s_w((int32_t)a, rm, fl);
	case CVT_S_WU: return fpu_cvt_s_wu(a, rm, fl);
	case CVT_S_L: return fpu_cvt_s_l((int64_t)v->a, rm, fl);
	case CVT_S_LU: return fpu_cvt_s_lu(v->a, rm, fl);
	case CVT_D_W: return fpu_cvt_d_w((int32_t)a, rm, fl);
	case CVT_D_WU: return fpu_cvt_d_wu(a, rm, fl);
	case CVT_D_L: return fpu_cvt_d_l((int64_t)v->a, rm, fl);
	case CVT_D_LU: return fpu_cvt_d_lu(v->a, rm, fl);
	case CVT_S_D: return fpu_cvt_s_d(v->a, rm, fl);
	case CVT_D_S: return fpu_cvt_d_s(a, fl);
	case CLASS_S: return fpu_class_s(a);
	case CLASS_D: return fpu_class_d(v->a);
	}
	fail_msg("unknown op %d", v->op);
	return 0;
}


/* Single constants. */
#define S_ONE     0x3f800000u
#define S_MONE    0xbf800000u
#define S_TWO     0x40000000u
#define S_MAX     0x7f7fffffu
#define S_INF     0x7f800000u
#define S_NINF    0xff800000u
#define S_QNAN    0x7fc00000u
#define S_SNAN    0x7f800001u
#define S_NZERO   0x80000000u
#define S_MINNORM 0x00800000u
#define S_MAXSUB  0x007fffffu
/* Double constants. */
#define D_ONE     0x3ff0000000000000ull
#define D_MONE    0xbff0000000000000ull
#define D_TWO     0x4000000000000000ull
#define D_MAX     0x7fefffffffffffffull
#define D_INF     0x7ff0000000000000ull
#define D_NINF    0xfff0000000000000ull
#define D_QNAN    0x7ff8000000000000ull
#define D_SNAN    0x7ff0000000000001ull
#define D_NZERO   0x8000000000000000ull
#define D_MINNORM 0x0010000000000000ull

/* 1 + 2^-24 is a tie between 1 and 1 + 2^-23; 1 + 3*2^-25 is above the midpoint. */
static const struct vec rounding[] = {
	{ ADD_S, RNE, S_ONE, 0x33800000, 0, 0x3f800000, NX },
	{ ADD_S, RTZ, S_ONE, 0x33800000, 0, 0x3f800000, NX },
	{ ADD_S, RDN, S_ONE, 0x33800000, 0, 0x3f800000, NX },
	{ ADD_S, RUP, S_ONE, 0x33800000, 0, 0x3f800001, NX },
	{ ADD_S, RMM, S_ONE, 0x33800000, 0, 0x3f800001, NX },
	{ ADD_S, RNE, S_MONE, 0xb3800000, 0, 0xbf800000, NX },
	{ ADD_S, RTZ, S_MONE, 0xb3800000, 0, 0xbf800000, NX },
	{ ADD_S, RDN, S_MONE, 0xb3800000, 0, 0xbf800001, NX },
	{ ADD_S, RUP, S_MONE, 0xb3800000, 0, 0xbf800000, NX },
	{ ADD_S, RMM, S_MONE, 0xb3800000, 0, 0xbf800001, NX },
	/* tie with an odd neighbour below: ties-to-even and ties-away agree */
	{ ADD_S, RNE, 0x3f800001, 0x33800000, 0, 0x3f800002, NX },
	{ ADD_S, RMM, 0x3f800001, 0x33800000, 0, 0x3f800002, NX },
	{ ADD_S, RTZ, 0x3f800001, 0x33800000, 0, 0x3f800001, NX },
	/* 1 + 0.75 ulp */
	{ ADD_S, RNE, S_ONE, 0x33c00000, 0, 0x3f800001, NX },
	{ ADD_S, RTZ, S_ONE, 0x33c00000, 0, 0x3f800000, NX },
	{ ADD_S, RDN, S_ONE, 0x33c00000, 0, 0x3f800000, NX },
	{ ADD_S, RUP, S_ONE, 0x33c00000, 0, 0x3f800001, NX },
	{ ADD_S, RMM, S_ONE, 0x33c00000, 0, 0x3f800001, NX },
	/* 1/3 */
	{ DIV_S, RNE, S_ONE, 0x40400000, 0, 0x3eaaaaab, NX },
	{ DIV_S, RTZ, S_ONE, 0x40400000, 0, 0x3eaaaaaa, NX },
	{ DIV_S, RDN, S_ONE, 0x40400000, 0, 0x3eaaaaaa, NX },
	{ DIV_S, RUP, S_ONE, 0x40400000, 0, 0x3eaaaaab, NX },
	{ DIV_S, RMM, S_ONE, 0x40400000, 0, 0x3eaaaaab, NX },
	{ DIV_D, RNE, D_ONE, 0x4008000000000000, 0, 0x3fd5555555555555, NX },
	{ DIV_D, RUP, D_ONE, 0x4008000000000000, 0, 0x3fd5555555555556, NX },
	{ DIV_D, RDN, 0xbff0000000000000, 0x4008000000000000, 0, 0xbfd5555555555556, NX },
	/* sqrt(2) = 1.41421356237309504880..., 0x3ff6a09e667f3bcd is just above it */
	{ SQRT_D, RNE, D_TWO, 0, 0, 0x3ff6a09e667f3bcd, NX },
	{ SQRT_D, RUP, D_TWO, 0, 0, 0x3ff6a09e667f3bcd, NX },
	{ SQRT_D, RTZ, D_TWO, 0, 0, 0x3ff6a09e667f3bcc, NX },
	{ SQRT_D, RDN, D_TWO, 0, 0, 0x3ff6a09e667f3bcc, NX },
	{ SQRT_D, RMM, D_TWO, 0, 0, 0x3ff6a09e667f3bcd, NX },
	{ SQRT_D, RNE, 0x4010000000000000, 0, 0, D_TWO, 0 },
	{ SQRT_S, RNE, 0x40800000, 0, 0, S_TWO, 0 },
	/* double with a tie in the last place: (1 + 2^-52) + 2^-53 */
	{ ADD_D, RNE, 0x3ff0000000000001, 0x3ca0000000000000, 0, 0x3ff0000000000002, NX },
	{ ADD_D, RMM, D_ONE, 0x3ca0000000000000, 0, 0x3ff0000000000001, NX },
	{ ADD_D, RNE, D_ONE, 0x3ca0000000000000, 0, D_ONE, NX },
	/* exact products and sums raise nothing */
	{ MUL_S, RNE, 0x40400000, 0x40400000, 0, 0x41100000, 0 },
	{ MUL_D, RDN, 0xc008000000000000, 0x4008000000000000, 0, 0xc022000000000000, 0 },
	{ SUB_D, RNE, D_ONE, D_ONE, 0, 0, 0 },
};

static void test_rounding(void **state)
{
	(void)state;
	check_all(rounding, N(rounding));
}

/* Overflow: RNE/RMM to infinity; RTZ to the largest finite; RDN/RUP by sign. */
static const struct vec overflow[] = {
	{ MUL_S, RNE, S_MAX, S_TWO, 0, S_INF, OF | NX },
	{ MUL_S, RTZ, S_MAX, S_TWO, 0, S_MAX, OF | NX },
	{ MUL_S, RDN, S_MAX, S_TWO, 0, S_MAX, OF | NX },
	{ MUL_S, RUP, S_MAX, S_TWO, 0, S_INF, OF | NX },
	{ MUL_S, RMM, S_MAX, S_TWO, 0, S_INF, OF | NX },
	{ MUL_S, RDN, S_MAX | 0x80000000u, S_TWO, 0, S_NINF, OF | NX },
	{ MUL_S, RUP, S_MAX | 0x80000000u, S_TWO, 0, S_MAX | 0x80000000u, OF | NX },
	{ MUL_S, RTZ, S_MAX | 0x80000000u, S_TWO, 0, S_MAX | 0x80000000u, OF | NX },
	/* FLT_MAX + half an ulp (2^103): a tie that RNE resolves upward into overflow, while
	 * RTZ rounds to FLT_MAX without overflowing */
	{ ADD_S, RNE, S_MAX, 0x73000000, 0, S_INF, OF | NX },
	{ ADD_S, RTZ, S_MAX, 0x73000000, 0, S_MAX, NX },
	{ ADD_S, RDN, S_MAX, 0x73000000, 0, S_MAX, NX },
	{ ADD_S, RUP, S_MAX, 0x73000000, 0, S_INF, OF | NX },
	{ ADD_S, RMM, S_MAX, 0x73000000, 0, S_INF, OF | NX },
	{ MUL_D, RNE, D_MAX, D_TWO, 0, D_INF, OF | NX },
	{ MUL_D, RTZ, D_MAX, D_TWO, 0, D_MAX, OF | NX },
	{ MUL_D, RUP, D_MAX | D_NZERO, D_TWO, 0, D_MAX | D_NZERO, OF | NX },
	{ MUL_D, RDN, D_MAX | D_NZERO, D_TWO, 0, D_NINF, OF | NX },
	{ CVT_S_D, RNE, D_MAX, 0, 0, S_INF, OF | NX },
	{ CVT_S_D, RTZ, D_MAX, 0, 0, S_MAX, OF | NX },
	{ CVT_S_D, RDN, D_MAX, 0, 0, S_MAX, OF | NX },
	/* infinities are exact: no OF */
	{ ADD_S, RNE, S_INF, S_ONE, 0, S_INF, 0 },
	{ CVT_S_D, RNE, D_INF, 0, 0, S_INF, 0 },
};

static void test_overflow(void **state)
{
	(void)state;
	check_all(overflow, N(overflow));
}

/* Underflow: UF when the result is tiny after rounding (as if the exponent were unbounded)
 * and inexact. */
static const struct vec underflow[] = {
	/* (1 - 2^-24) * 2^-126 is tiny even after rounding; on the subnormal grid it is a tie
	 * between 0x007fffff and 0x00800000 */
	{ MUL_S, RNE, 0x3f7fffff, S_MINNORM, 0, S_MINNORM, UF | NX },
	{ MUL_S, RTZ, 0x3f7fffff, S_MINNORM, 0, S_MAXSUB, UF | NX },
	{ MUL_S, RDN, 0x3f7fffff, S_MINNORM, 0, S_MAXSUB, UF | NX },
	{ MUL_S, RUP, 0x3f7fffff, S_MINNORM, 0, S_MINNORM, UF | NX },
	{ MUL_S, RMM, 0x3f7fffff, S_MINNORM, 0, S_MINNORM, UF | NX },
	/* 2^-126 - 2^-151 = 2^-126 * (1 - 2^-25) rounds at 24 bits to 2^-126 in RNE, RMM and
	 * RUP: not tiny after rounding, so no UF (tininess before rounding would raise it).
	 * RTZ and RDN round it below 2^-126: tiny. Built with one fma: 2^-75 * -2^-76 + 2^-126. */
	{ MADD_S, RNE, 0x1a000000, 0x99800000, S_MINNORM, S_MINNORM, NX },
	{ MADD_S, RMM, 0x1a000000, 0x99800000, S_MINNORM, S_MINNORM, NX },
	{ MADD_S, RUP, 0x1a000000, 0x99800000, S_MINNORM, S_MINNORM, NX },
	{ MADD_S, RTZ, 0x1a000000, 0x99800000, S_MINNORM, S_MAXSUB, UF | NX },
	{ MADD_S, RDN, 0x1a000000, 0x99800000, S_MINNORM, S_MAXSUB, UF | NX },
	/* the same in double: 2^-538 * -2^-539 + 2^-1022 = 2^-1022 * (1 - 2^-55) */
	{ MADD_D, RNE, 0x1e50000000000000, 0x9e40000000000000, D_MINNORM, D_MINNORM, NX },
	{ MADD_D, RTZ, 0x1e50000000000000, 0x9e40000000000000, D_MINNORM, 0x000fffffffffffff,
	  UF | NX },
	/* and across formats: double 2^-126 - 2^-151 to single */
	{ CVT_S_D, RNE, 0x380ffffff0000000, 0, 0, S_MINNORM, NX },
	{ CVT_S_D, RTZ, 0x380ffffff0000000, 0, 0, S_MAXSUB, UF | NX },
	/* 2^-150 is half the smallest subnormal */
	{ CVT_S_D, RNE, 0x3690000000000000, 0, 0, 0, UF | NX },
	{ CVT_S_D, RMM, 0x3690000000000000, 0, 0, 1, UF | NX },
	{ CVT_S_D, RUP, 0x3690000000000000, 0, 0, 1, UF | NX },
	{ CVT_S_D, RDN, 0xb690000000000000, 0, 0, 0x80000001, UF | NX },
	{ CVT_S_D, RTZ, 0xb690000000000000, 0, 0, 0x80000000, UF | NX },
	/* exact subnormal results raise nothing */
	{ MUL_S, RNE, S_MAXSUB, S_ONE, 0, S_MAXSUB, 0 },
	{ SUB_S, RNE, S_MINNORM, 0x00000001, 0, S_MAXSUB, 0 },
	{ MUL_S, RNE, 0x00000002, 0x3f000000, 0, 0x00000001, 0 },
	/* min subnormal * 0.5 is a tie with zero */
	{ MUL_S, RNE, 0x00000001, 0x3f000000, 0, 0, UF | NX },
	{ MUL_S, RMM, 0x00000001, 0x3f000000, 0, 1, UF | NX },
	{ MUL_D, RUP, 0x0000000000000001, 0x0000000000000001, 0, 1, UF | NX },
	{ MUL_D, RNE, 0x0000000000000001, 0x0000000000000001, 0, 0, UF | NX },
	{ MUL_D, RDN, 0x8000000000000001, 0x0000000000000001, 0, 0x8000000000000001, UF | NX },
	{ CVT_D_S, RNE, 0x00000001, 0, 0, 0x36a0000000000000, 0 },
};

static void test_underflow(void **state)
{
	(void)state;
	check_all(underflow, N(underflow));
}

/* Fused multiply-add: one rounding, signs of zero, invalid cases. */
static const struct vec fma_vecs[] = {
	/* (1 + 2^-23)(1 - 2^-23) - 1 = -2^-46 exactly; separate rounding would give 0 */
	{ MADD_S, RNE, 0x3f800001, 0x3f7ffffe, S_MONE, 0xa8800000, 0 },
	{ MSUB_S, RNE, 0x3f800001, 0x3f7ffffe, S_ONE, 0xa8800000, 0 },
	{ NMSUB_S, RNE, 0x3f800001, 0x3f7ffffe, S_ONE, 0x28800000, 0 },
	{ NMADD_S, RNE, 0x3f800001, 0x3f7ffffe, S_MONE, 0x28800000, 0 },
	/* double: (1 + 2^-52)(1 - 2^-52) - 1 = -2^-104 */
	{ MADD_D, RNE, 0x3ff0000000000001, 0x3feffffffffffffe, D_MONE, 0xb970000000000000, 0 },
	/* exact zero sums: +0 except in RDN; -0 + -0 keeps the sign */
	{ MADD_S, RNE, S_ONE, S_ONE, S_MONE, 0, 0 },
	{ MADD_S, RDN, S_ONE, S_ONE, S_MONE, S_NZERO, 0 },
	{ MADD_S, RNE, 0, S_ONE, S_NZERO, 0, 0 },
	{ MADD_S, RDN, 0, S_ONE, S_NZERO, S_NZERO, 0 },
	{ MADD_S, RNE, S_NZERO, S_ONE, S_NZERO, S_NZERO, 0 },
	{ NMADD_S, RNE, 0, S_ONE, 0, S_NZERO, 0 },
	{ NMSUB_S, RNE, 0, S_ONE, 0, 0, 0 },
	{ MSUB_D, RNE, 0, D_ONE, 0, 0, 0 },
	{ MSUB_D, RDN, 0, D_ONE, 0, D_NZERO, 0 },
	/* zero product: the addend comes back exactly, even a subnormal */
	{ MADD_S, RNE, 0, S_ONE, 0x00000003, 0x00000003, 0 },
	{ NMADD_S, RNE, 0, S_ONE, 0x00000003, 0x80000003, 0 },
	/* inf * 0 is invalid even with a quiet NaN addend */
	{ MADD_S, RNE, S_INF, 0, S_QNAN, S_QNAN, NV },
	{ MADD_D, RNE, 0, D_NINF, 0x7ff8000000000123, D_QNAN, NV },
	{ MADD_S, RNE, S_INF, 0, S_ONE, S_QNAN, NV },
	/* inf - inf */
	{ MADD_S, RNE, S_INF, S_ONE, S_NINF, S_QNAN, NV },
	{ MSUB_S, RNE, S_INF, S_ONE, S_INF, S_QNAN, NV },
	{ MADD_S, RNE, S_INF, S_ONE, S_INF, S_INF, 0 },
	{ NMADD_S, RNE, S_INF, S_ONE, S_ONE, S_NINF, 0 },
	/* NaN operands: canonical result, NV only for signaling ones */
	{ MADD_S, RNE, S_ONE, S_ONE, 0x7fc00123, S_QNAN, 0 },
	{ MADD_S, RNE, S_ONE, S_SNAN, S_ONE, S_QNAN, NV },
	{ MADD_D, RNE, D_SNAN, D_ONE, D_ONE, D_QNAN, NV },
	/* overflow and underflow through the fused path */
	{ MADD_S, RNE, S_MAX, S_TWO, S_MONE, S_INF, OF | NX },
	{ MADD_S, RTZ, S_MAX, S_TWO, S_MONE, S_MAX, OF | NX },
	/* huge addend, tiny product: the product only decides the rounding direction */
	{ MADD_D, RUP, D_MINNORM, D_MINNORM, D_ONE, 0x3ff0000000000001, NX },
	{ MADD_D, RNE, D_MINNORM, D_MINNORM, D_ONE, D_ONE, NX },
	{ MADD_D, RDN, D_MINNORM | D_NZERO, D_MINNORM, D_ONE, 0x3fefffffffffffff, NX },
	{ MADD_D, RTZ, D_MINNORM | D_NZERO, D_MINNORM, D_ONE, 0x3fefffffffffffff, NX },
};

static void test_fma(void **state)
{
	(void)state;
	check_all(fma_vecs, N(fma_vecs));
}

/* Special operands of add/mul/div/sqrt. */
static const struct vec special[] = {
	{ ADD_S, RNE, S_ONE, S_MONE, 0, 0, 0 },
	{ ADD_S, RDN, S_ONE, S_MONE, 0, S_NZERO, 0 },
	{ ADD_S, RNE, S_NZERO, S_NZERO, 0, S_NZERO, 0 },
	{ ADD_S, RNE, 0, S_NZERO, 0, 0, 0 },
	{ ADD_S, RDN, 0, S_NZERO, 0, S_NZERO, 0 },
	{ SUB_S, RNE, 0, 0, 0, 0, 0 },
	{ SUB_S, RDN, 0, 0, 0, S_NZERO, 0 },
	{ SUB_D, RDN, D_ONE, D_ONE, 0, D_NZERO, 0 },
	{ ADD_S, RNE, S_INF, S_NINF, 0, S_QNAN, NV },
	{ SUB_D, RNE, D_INF, D_INF, 0, D_QNAN, NV },
	{ ADD_S, RNE, 0x7fc01234, S_ONE, 0, S_QNAN, 0 },
	{ ADD_S, RNE, S_ONE, 0xff800001, 0, S_QNAN, NV },
	{ ADD_D, RNE, 0xfff8000000000001, D_SNAN, 0, D_QNAN, NV },
	{ MUL_S, RNE, S_INF, 0, 0, S_QNAN, NV },
	{ MUL_S, RNE, S_NINF, S_MONE, 0, S_INF, 0 },
	{ MUL_S, RNE, S_NZERO, S_ONE, 0, S_NZERO, 0 },
	{ DIV_S, RNE, S_ONE, 0, 0, S_INF, DZ },
	{ DIV_S, RNE, S_MONE, 0, 0, S_NINF, DZ },
	{ DIV_S, RNE, S_ONE, S_NZERO, 0, S_NINF, DZ },
	{ DIV_D, RNE, D_ONE, 0, 0, D_INF, DZ },
	{ DIV_S, RNE, 0, 0, 0, S_QNAN, NV },
	{ DIV_S, RNE, S_INF, S_NINF, 0, S_QNAN, NV },
	{ DIV_S, RNE, S_INF, 0, 0, S_INF, 0 },       /* inf / 0 is exact inf, no DZ */
	{ DIV_S, RNE, S_ONE, S_NINF, 0, S_NZERO, 0 },
	{ DIV_S, RNE, S_QNAN, 0, 0, S_QNAN, 0 },
	{ DIV_D, RNE, D_SNAN, 0, 0, D_QNAN, NV },
	{ SQRT_S, RNE, S_NZERO, 0, 0, S_NZERO, 0 },
	{ SQRT_S, RNE, S_MONE, 0, 0, S_QNAN, NV },
	{ SQRT_S, RNE, S_NINF, 0, 0, S_QNAN, NV },
	{ SQRT_S, RNE, S_INF, 0, 0, S_INF, 0 },
	{ SQRT_S, RNE, 0xffc00000, 0, 0, S_QNAN, 0 },
	{ SQRT_D, RNE, 0xfff0000000000001, 0, 0, D_QNAN, NV },
	{ SQRT_D, RNE, D_NZERO, 0, 0, D_NZERO, 0 },
	/* sqrt of the smallest subnormal: 2^-74.5, inexact but far from underflow */
	{ SQRT_S, RNE, 0x00000001, 0, 0, 0x1a3504f3, NX },
	{ SQRT_D, RNE, 0x0000000000000004, 0, 0, 0x1e70000000000000, 0 },
};

static void test_special(void **state)
{
	(void)state;
	check_all(special, N(special));
}

/* Conversions to integers: the ISA manual's table of saturated results and NV. */
static const struct vec to_int[] = {
	{ CVT_W_S, RNE, 0x4f000000, 0, 0, 0x7fffffff, NV },          /* 2^31 */
	{ CVT_W_S, RNE, 0x4effffff, 0, 0, 0x7fffff80, 0 },
	{ CVT_W_S, RNE, 0xcf000000, 0, 0, 0xffffffff80000000, 0 },   /* -2^31 fits */
	{ CVT_W_S, RNE, 0xcf000001, 0, 0, 0xffffffff80000000, NV },
	{ CVT_W_S, RNE, S_QNAN, 0, 0, 0x7fffffff, NV },
	{ CVT_W_S, RNE, 0xffc00000, 0, 0, 0x7fffffff, NV },          /* -NaN: still the max */
	{ CVT_W_S, RNE, S_SNAN, 0, 0, 0x7fffffff, NV },
	{ CVT_W_S, RNE, S_INF, 0, 0, 0x7fffffff, NV },
	{ CVT_W_S, RNE, S_NINF, 0, 0, 0xffffffff80000000, NV },
	{ CVT_W_S, RNE, 0x3fc00000, 0, 0, 2, NX },                   /* 1.5 */
	{ CVT_W_S, RNE, 0x40200000, 0, 0, 2, NX },                   /* 2.5 */
	{ CVT_W_S, RMM, 0x40200000, 0, 0, 3, NX },
	{ CVT_W_S, RMM, 0xc0200000, 0, 0, 0xfffffffffffffffd, NX },  /* -2.5 -> -3 */
	{ CVT_W_S, RDN, 0xbf000000, 0, 0, 0xffffffffffffffff, NX },  /* -0.5 -> -1 */
	{ CVT_W_S, RUP, 0xbf000000, 0, 0, 0, NX },
	{ CVT_W_S, RNE, S_NZERO, 0, 0, 0, 0 },
	{ CVT_W_S, RNE, 0x00000001, 0, 0, 0, NX },
	{ CVT_W_S, RUP, 0x00000001, 0, 0, 1, NX },
	/* 2147483647.5: RNE/RUP/RMM round out of range, RTZ/RDN stay in */
	{ CVT_W_D, RNE, 0x41dfffffffe00000, 0, 0, 0x7fffffff, NV },
	{ CVT_W_D, RTZ, 0x41dfffffffe00000, 0, 0, 0x7fffffff, NX },
	{ CVT_W_D, RDN, 0x41dfffffffe00000, 0, 0, 0x7fffffff, NX },
	{ CVT_W_D, RUP, 0x41dfffffffe00000, 0, 0, 0x7fffffff, NV },
	{ CVT_W_D, RMM, 0x41dfffffffe00000, 0, 0, 0x7fffffff, NV },
	/* -2147483648.5: ties-to-even keeps -2^31, RDN and RMM leave the range */
	{ CVT_W_D, RNE, 0xc1e0000000100000, 0, 0, 0xffffffff80000000, NX },
	{ CVT_W_D, RTZ, 0xc1e0000000100000, 0, 0, 0xffffffff80000000, NX },
	{ CVT_W_D, RUP, 0xc1e0000000100000, 0, 0, 0xffffffff80000000, NX },
	{ CVT_W_D, RDN, 0xc1e0000000100000, 0, 0, 0xffffffff80000000, NV },
	{ CVT_W_D, RMM, 0xc1e0000000100000, 0, 0, 0xffffffff80000000, NV },
	{ CVT_W_D, RNE, 0xc1e0000000080000, 0, 0, 0xffffffff80000000, NX },
	{ CVT_W_D, RNE, D_QNAN | D_NZERO, 0, 0, 0x7fffffff, NV },
	/* unsigned word: negative values that round to 0 are fine, -1 is not; the 32-bit result
	 * is sign-extended */
	{ CVT_WU_D, RNE, 0xbfe0000000000000, 0, 0, 0, NX },          /* -0.5 */
	{ CVT_WU_D, RTZ, 0xbfe0000000000000, 0, 0, 0, NX },
	{ CVT_WU_D, RUP, 0xbfe0000000000000, 0, 0, 0, NX },
	{ CVT_WU_D, RDN, 0xbfe0000000000000, 0, 0, 0, NV },
	{ CVT_WU_D, RMM, 0xbfe0000000000000, 0, 0, 0, NV },
	{ CVT_WU_D, RNE, D_MONE, 0, 0, 0, NV },
	{ CVT_WU_D, RNE, D_NZERO, 0, 0, 0, 0 },
	{ CVT_WU_D, RNE, 0x41efffffffe00000, 0, 0, 0xffffffffffffffff, 0 },   /* 2^32 - 1 */
	{ CVT_WU_D, RNE, 0x41effffffff00000, 0, 0, 0xffffffffffffffff, NV },  /* 2^32 - 0.5 */
	{ CVT_WU_D, RTZ, 0x41effffffff00000, 0, 0, 0xffffffffffffffff, NX },
	{ CVT_WU_D, RNE, 0x41e0000000000000, 0, 0, 0xffffffff80000000, 0 },   /* 2^31 */
	{ CVT_WU_D, RNE, D_QNAN, 0, 0, 0xffffffffffffffff, NV },
	{ CVT_WU_D, RNE, D_NINF, 0, 0, 0, NV },
	{ CVT_WU_S, RNE, S_INF, 0, 0, 0xffffffffffffffff, NV },
	{ CVT_WU_S, RNE, 0x4f800000, 0, 0, 0xffffffffffffffff, NV },          /* 2^32 */
	/* longs */
	{ CVT_L_D, RNE, 0x43e0000000000000, 0, 0, 0x7fffffffffffffff, NV },   /* 2^63 */
	{ CVT_L_D, RNE, 0xc3e0000000000000, 0, 0, 0x8000000000000000, 0 },    /* -2^63 */
	{ CVT_L_D, RNE, 0xc3e0000000000001, 0, 0, 0x8000000000000000, NV },
	{ CVT_L_D, RNE, 0x43dfffffffffffff, 0, 0, 0x7ffffffffffffc00, 0 },
	{ CVT_L_D, RNE, D_SNAN, 0, 0, 0x7fffffffffffffff, NV },
	{ CVT_L_D, RNE, D_NINF, 0, 0, 0x8000000000000000, NV },
	{ CVT_L_D, RNE, 0x7fe0000000000000, 0, 0, 0x7fffffffffffffff, NV },
	{ CVT_L_S, RNE, 0x5f000000, 0, 0, 0x7fffffffffffffff, NV },
	{ CVT_L_S, RNE, 0xdf000000, 0, 0, 0x8000000000000000, 0 },
	{ CVT_L_S, RNE, 0x5effffff, 0, 0, 0x7fffff8000000000, 0 },
	{ CVT_LU_D, RNE, 0x43f0000000000000, 0, 0, 0xffffffffffffffff, NV },  /* 2^64 */
	{ CVT_LU_D, RNE, 0x43efffffffffffff, 0, 0, 0xfffffffffffff800, 0 },
	{ CVT_LU_D, RNE, D_NINF, 0, 0, 0, NV },
	{ CVT_LU_D, RNE, D_QNAN, 0, 0, 0xffffffffffffffff, NV },
	{ CVT_LU_D, RNE, 0xbfe0000000000000, 0, 0, 0, NX },
	{ CVT_LU_D, RDN, 0xbfe0000000000000, 0, 0, 0, NV },
	{ CVT_LU_S, RNE, 0x5f800000, 0, 0, 0xffffffffffffffff, NV },
	{ CVT_LU_S, RNE, 0x5f7fffff, 0, 0, 0xffffff0000000000, 0 },
	{ CVT_LU_S, RUP, 0x3f800001, 0, 0, 2, NX },
};

static void test_to_int(void **state)
{
	(void)state;
	check_all(to_int, N(to_int));
}

/* Conversions from integers and between formats. */
static const struct vec from_int[] = {
	{ CVT_S_W, RNE, 0x7fffffff, 0, 0, 0x4f000000, NX },
	{ CVT_S_W, RTZ, 0x7fffffff, 0, 0, 0x4effffff, NX },
	{ CVT_S_W, RDN, 0x7fffffff, 0, 0, 0x4effffff, NX },
	{ CVT_S_W, RUP, 0x7fffffff, 0, 0, 0x4f000000, NX },
	{ CVT_S_W, RMM, 0x7fffffff, 0, 0, 0x4f000000, NX },
	{ CVT_S_W, RNE, 0x80000000, 0, 0, 0xcf000000, 0 },
	{ CVT_S_W, RNE, 0x01000001, 0, 0, 0x4b800000, NX },   /* 2^24 + 1: a tie */
	{ CVT_S_W, RMM, 0x01000001, 0, 0, 0x4b800001, NX },
	{ CVT_S_W, RUP, 0x01000001, 0, 0, 0x4b800001, NX },
	{ CVT_S_W, RTZ, 0x01000001, 0, 0, 0x4b800000, NX },
	{ CVT_S_W, RDN, 0xfeffffff, 0, 0, 0xcb800001, NX },   /* -(2^24 + 1) */
	{ CVT_S_W, RDN, 0, 0, 0, 0, 0 },                      /* +0 even in RDN */
	{ CVT_S_WU, RNE, 0xffffffff, 0, 0, 0x4f800000, NX },
	{ CVT_S_WU, RTZ, 0xffffffff, 0, 0, 0x4f7fffff, NX },
	{ CVT_S_L, RNE, 0x8000000000000000, 0, 0, 0xdf000000, 0 },
	{ CVT_S_L, RNE, 0x7fffffffffffffff, 0, 0, 0x5f000000, NX },
	{ CVT_S_LU, RNE, 0xffffffffffffffff, 0, 0, 0x5f800000, NX },
	{ CVT_S_LU, RTZ, 0xffffffffffffffff, 0, 0, 0x5f7fffff, NX },
	{ CVT_D_W, RNE, 0x80000000, 0, 0, 0xc1e0000000000000, 0 },
	{ CVT_D_WU, RNE, 0xffffffff, 0, 0, 0x41efffffffe00000, 0 },
	{ CVT_D_L, RNE, 0x8000000000000000, 0, 0, 0xc3e0000000000000, 0 },
	{ CVT_D_L, RNE, 0x0020000000000001, 0, 0, 0x4340000000000000, NX }, /* 2^53 + 1 */
	{ CVT_D_L, RMM, 0x0020000000000001, 0, 0, 0x4340000000000001, NX },
	{ CVT_D_LU, RNE, 0xffffffffffffffff, 0, 0, 0x43f0000000000000, NX },
	{ CVT_D_LU, RTZ, 0xffffffffffffffff, 0, 0, 0x43efffffffffffff, NX },
	/* binary64 -> binary32 */
	{ CVT_S_D, RNE, 0x3ff0000010000000, 0, 0, S_ONE, NX },         /* 1 + 2^-24: tie */
	{ CVT_S_D, RMM, 0x3ff0000010000000, 0, 0, 0x3f800001, NX },
	{ CVT_S_D, RNE, D_SNAN, 0, 0, S_QNAN, NV },
	{ CVT_S_D, RNE, 0xfff8000012345678, 0, 0, S_QNAN, 0 },
	{ CVT_S_D, RNE, D_NZERO, 0, 0, S_NZERO, 0 },
	{ CVT_S_D, RNE, D_NINF, 0, 0, S_NINF, 0 },
	{ CVT_D_S, RNE, S_SNAN, 0, 0, D_QNAN, NV },
	{ CVT_D_S, RNE, 0xffc00001, 0, 0, D_QNAN, 0 },
	{ CVT_D_S, RNE, S_MAX, 0, 0, 0x47efffffe0000000, 0 },
	{ CVT_D_S, RNE, S_NZERO, 0, 0, D_NZERO, 0 },
};

static void test_from_int_and_formats(void **state)
{
	(void)state;
	check_all(from_int, N(from_int));
}

/* fmin/fmax (2.2), compares. */
static const struct vec minmax_cmp[] = {
	{ MIN_S, 0, S_NZERO, 0, 0, S_NZERO, 0 },
	{ MIN_S, 0, 0, S_NZERO, 0, S_NZERO, 0 },
	{ MAX_S, 0, S_NZERO, 0, 0, 0, 0 },
	{ MAX_S, 0, 0, S_NZERO, 0, 0, 0 },
	{ MIN_D, 0, D_NZERO, 0, 0, D_NZERO, 0 },
	{ MAX_D, 0, 0, D_NZERO, 0, 0, 0 },
	{ MIN_S, 0, S_QNAN, S_ONE, 0, S_ONE, 0 },
	{ MIN_S, 0, S_ONE, 0x7fc01234, 0, S_ONE, 0 },
	{ MIN_S, 0, S_SNAN, S_ONE, 0, S_ONE, NV },
	{ MAX_S, 0, S_ONE, 0xff800001, 0, S_ONE, NV },
	{ MIN_S, 0, 0x7fc01234, 0xffc00000, 0, S_QNAN, 0 },
	{ MIN_S, 0, S_SNAN, S_QNAN, 0, S_QNAN, NV },
	{ MAX_D, 0, D_SNAN, D_SNAN, 0, D_QNAN, NV },
	{ MAX_D, 0, 0xfff8000000000001, D_MONE, 0, D_MONE, 0 },
	{ MIN_S, 0, S_ONE, S_TWO, 0, S_ONE, 0 },
	{ MAX_S, 0, S_ONE, S_TWO, 0, S_TWO, 0 },
	{ MIN_S, 0, S_MONE, 0xc0000000, 0, 0xc0000000, 0 },
	{ MAX_S, 0, S_MONE, 0xc0000000, 0, S_MONE, 0 },
	{ MIN_S, 0, S_NINF, S_MAX, 0, S_NINF, 0 },
	{ MAX_D, 0, D_INF, D_MAX, 0, D_INF, 0 },
	{ MIN_D, 0, 0x8000000000000001, 0x0000000000000001, 0, 0x8000000000000001, 0 },
	{ EQ_S, 0, S_QNAN, S_QNAN, 0, 0, 0 },
	{ EQ_S, 0, S_SNAN, S_ONE, 0, 0, NV },
	{ EQ_S, 0, S_NZERO, 0, 0, 1, 0 },
	{ EQ_S, 0, S_ONE, S_ONE, 0, 1, 0 },
	{ LT_S, 0, S_QNAN, S_ONE, 0, 0, NV },
	{ LE_S, 0, S_ONE, S_QNAN, 0, 0, NV },
	{ LT_S, 0, S_NZERO, 0, 0, 0, 0 },
	{ LE_S, 0, 0, S_NZERO, 0, 1, 0 },
	{ LT_S, 0, S_NINF, S_INF, 0, 1, 0 },
	{ LT_S, 0, S_MONE, 0xc0000000, 0, 0, 0 },
	{ LT_S, 0, 0xc0000000, S_MONE, 0, 1, 0 },
	{ LE_S, 0, S_ONE, S_ONE, 0, 1, 0 },
	{ LT_S, 0, S_ONE, S_ONE, 0, 0, 0 },
	{ EQ_D, 0, D_QNAN, D_ONE, 0, 0, 0 },
	{ EQ_D, 0, D_SNAN, D_SNAN, 0, 0, NV },
	{ LT_D, 0, D_ONE, D_SNAN, 0, 0, NV },
	{ LE_D, 0, D_NZERO, 0, 0, 1, 0 },
	{ LT_D, 0, 0x8000000000000001, 0x0000000000000001, 0, 1, 0 },
	{ LE_D, 0, D_TWO, D_ONE, 0, 0, 0 },
};

static void test_minmax_cmp(void **state)
{
	(void)state;
	check_all(minmax_cmp, N(minmax_cmp));
}

static const struct vec classes[] = {
	{ CLASS_S, 0, S_NINF, 0, 0, FPU_CLASS_NEG_INF, 0 },
	{ CLASS_S, 0, S_MONE, 0, 0, FPU_CLASS_NEG_NORM, 0 },
	{ CLASS_S, 0, 0x807fffff, 0, 0, FPU_CLASS_NEG_SUB, 0 },
	{ CLASS_S, 0, S_NZERO, 0, 0, FPU_CLASS_NEG_ZERO, 0 },
	{ CLASS_S, 0, 0, 0, 0, FPU_CLASS_POS_ZERO, 0 },
	{ CLASS_S, 0, 0x00000001, 0, 0, FPU_CLASS_POS_SUB, 0 },
	{ CLASS_S, 0, S_MINNORM, 0, 0, FPU_CLASS_POS_NORM, 0 },
	{ CLASS_S, 0, S_INF, 0, 0, FPU_CLASS_POS_INF, 0 },
	{ CLASS_S, 0, 0xffbfffff, 0, 0, FPU_CLASS_SNAN, 0 },
	{ CLASS_S, 0, 0xffc00000, 0, 0, FPU_CLASS_QNAN, 0 },
	{ CLASS_D, 0, D_NINF, 0, 0, 1u << 0, 0 },
	{ CLASS_D, 0, D_MAX | D_NZERO, 0, 0, 1u << 1, 0 },
	{ CLASS_D, 0, 0x8000000000000001, 0, 0, 1u << 2, 0 },
	{ CLASS_D, 0, D_NZERO, 0, 0, 1u << 3, 0 },
	{ CLASS_D, 0, 0, 0, 0, 1u << 4, 0 },
	{ CLASS_D, 0, 0x000fffffffffffff, 0, 0, 1u << 5, 0 },
	{ CLASS_D, 0, D_MINNORM, 0, 0, 1u << 6, 0 },
	{ CLASS_D, 0, D_INF, 0, 0, 1u << 7, 0 },
	{ CLASS_D, 0, D_SNAN, 0, 0, 1u << 8, 0 },
	{ CLASS_D, 0, D_QNAN, 0, 0, 1u << 9, 0 },
};

static void test_class(void **state)
{
	(void)state;
	check_all(classes, N(classes));
}

static void test_sgnj_and_boxing(void **state)
{
	(void)state;
	/* sign injection never touches NaN payloads */
	assert_int_equal(fpu_sgnj_s(0x7f800001, S_MONE, 0), 0xff800001);
	assert_int_equal(fpu_sgnj_s(0xff800001, S_MONE, 1), 0x7f800001);
	assert_int_equal(fpu_sgnj_s(0xff800001, S_MONE, 2), 0x7f800001);
	assert_int_equal(fpu_sgnj_s(S_ONE, S_ONE, 2), S_ONE);
	assert_true(fpu_sgnj_d(0x7ff0000000000123ull, D_MONE, 0) == 0xfff0000000000123ull);
	assert_true(fpu_sgnj_d(D_MONE, D_MONE, 2) == D_ONE);
	assert_true(fpu_sgnj_d(D_MONE, D_ONE, 1) == D_MONE);
	/* NaN-boxing */
	assert_int_equal(fpu_unbox_s(0xffffffff3f800000ull), S_ONE);
	assert_int_equal(fpu_unbox_s(0x000000003f800000ull), S_QNAN);
	assert_int_equal(fpu_unbox_s(0xfffffffe3f800000ull), S_QNAN);
	assert_true(fpu_box_s(S_ONE) == 0xffffffff3f800000ull);
	/* flags accumulate: the functions OR into *flags and never clear */
	uint32_t fl = FPU_DZ;
	fpu_add_s(S_ONE, 0x33800000, RNE, &fl);
	assert_int_equal(fl, FPU_DZ | FPU_NX);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rounding),
		cmocka_unit_test(test_overflow),
		cmocka_unit_test(test_underflow),
		cmocka_unit_test(test_fma),
		cmocka_unit_test(test_special),
		cmocka_unit_test(test_to_int),
		cmocka_unit_test(test_from_int_and_formats),
		cmocka_unit_test(test_minmax_cmp),
		cmocka_unit_test(test_class),
		cmocka_unit_test(test_sgnj_and_boxing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
