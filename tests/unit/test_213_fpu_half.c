/* 213: fpu.c's binary16 (Zfh, Zfhmin) and Zfa operations against hand-checked vectors:
 * rounding in each mode, overflow per mode, underflow with tininess after rounding, one
 * rounding in the fused multiply-add and in fcvt.h.d, special operands, saturating
 * conversions, NaN-boxing of halves, the fli tables, fminm/fmaxm, fround/froundnx in each
 * mode, fcvtmod.w.d and the quiet compares. Each expected value was worked out from the ISA
 * manual's rules (the Zfh and Zfa chapters), not by running fpu.c. */
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
	ADD, SUB, MUL, DIV, SQRT, MADD, MSUB, NMSUB, NMADD, MIN, MAX, EQ, LT, LE, LTQ, LEQ,
	CVT_W, CVT_WU, CVT_L, CVT_LU, CVT_H_W, CVT_H_WU, CVT_H_L, CVT_H_LU,
	CVT_S_H, CVT_D_H, CVT_H_S, CVT_H_D, MINM, MAXM, ROUND, ROUNDNX,
	MINM_S, MAXM_S, ROUND_S, ROUNDNX_S, LTQ_S, LEQ_S,
	MINM_D, MAXM_D, ROUND_D, ROUNDNX_D, LTQ_D, LEQ_D, CVTMOD,
};

static const char *const vop_name[] = {
	"add.h", "sub.h", "mul.h", "div.h", "sqrt.h", "madd.h", "msub.h", "nmsub.h", "nmadd.h",
	"min.h", "max.h", "eq.h", "lt.h", "le.h", "ltq.h", "leq.h",
	"cvt.w.h", "cvt.wu.h", "cvt.l.h", "cvt.lu.h", "cvt.h.w", "cvt.h.wu", "cvt.h.l", "cvt.h.lu",
	"cvt.s.h", "cvt.d.h", "cvt.h.s", "cvt.h.d", "minm.h", "maxm.h", "round.h", "roundnx.h",
	"minm.s", "maxm.s", "round.s", "roundnx.s", "ltq.s", "leq.s",
	"minm.d", "maxm.d", "round.d", "roundnx.d", "ltq.d", "leq.d", "cvtmod.w.d",
};

#include "fpu_vec.h"

static uint64_t run(const struct vec *v, uint32_t *fl)
{
	uint16_t a = (uint16_t)v->a, b = (uint16_t)v->b, c = (uint16_t)v->c;
	uint32_t as = (uint32_t)v->a, bs = (uint32_t)v->b;
	unsigned rm = v->rm;
	switch (v->op) {
	case ADD: return fpu_add_h(a, b, rm, fl);
	case SUB: return fpu_sub_h(a, b, rm, fl);
	case MUL: return fpu_mul_h(a, b, rm, fl);
	case DIV: return fpu_div_h(a, b, rm, fl);
	case SQRT: return fpu_sqrt_h(a, rm, fl);
	case MADD: return fpu_madd_h(a, b, c, 0, rm, fl);
	case MSUB: return fpu_madd_h(a, b, c, FPU_MADD_NEG_ADDEND, rm, fl);
	case NMSUB: return fpu_madd_h(a, b, c, FPU_MADD_NEG_PROD, rm, fl);
	case NMADD: return fpu_madd_h(a, b, c, FPU_MADD_NEG_PROD | FPU_MADD_NEG_ADDEND, rm, fl);
	case MIN: return fpu_min_h(a, b, fl);
	case MAX: return fpu_max_h(a, b, fl);
	case EQ: return (uint64_t)fpu_eq_h(a, b, fl);
	case LT: return (uint64_t)fpu_lt_h(a, b, fl);
	case LE: return (uint64_t)fpu_le_h(a, b, fl);
	case LTQ: return (uint64_t)fpu_ltq_h(a, b, fl);
	case LEQ: return (uint64_t)fpu_leq_h(a, b, fl);
	case CVT_W: return (uint64_t)fpu_cvt_w_h(a, rm, fl);
	case CVT_WU: return (uint64_t)fpu_cvt_wu_h(a, rm, fl);
	case CVT_L: return (uint64_t)fpu_cvt_l_h(a, rm, fl);
	case CVT_LU: return fpu_cvt_lu_h(a, rm, fl);
	case CVT_H_W: return fpu_cvt_h_w((int32_t)as, rm, fl);
	case CVT_H_WU: return fpu_cvt_h_wu(as, rm, fl);
	case CVT_H_L: return fpu_cvt_h_l((int64_t)v->a, rm, fl);
	case CVT_H_LU: return fpu_cvt_h_lu(v->a, rm, fl);
	case CVT_S_H: return fpu_cvt_s_h(a, fl);
	case CVT_D_H: return fpu_cvt_d_h(a, fl);
	case CVT_H_S: return fpu_cvt_h_s(as, rm, fl);
	case CVT_H_D: return fpu_cvt_h_d(v->a, rm, fl);
	case MINM: return fpu_minm_h(a, b, fl);
	case MAXM: return fpu_maxm_h(a, b, fl);
	case ROUND: return fpu_round_h(a, rm, fl);
	case ROUNDNX: return fpu_roundnx_h(a, rm, fl);
	case MINM_S: return fpu_minm_s(as, bs, fl);
	case MAXM_S: return fpu_maxm_s(as, bs, fl);
	case ROUND_S: return fpu_round_s(as, rm, fl);
	case ROUNDNX_S: return fpu_roundnx_s(as, rm, fl);
	case LTQ_S: return (uint64_t)fpu_ltq_s(as, bs, fl);
	case LEQ_S: return (uint64_t)fpu_leq_s(as, bs, fl);
	case MINM_D: return fpu_minm_d(v->a, v->b, fl);
	case MAXM_D: return fpu_maxm_d(v->a, v->b, fl);
	case ROUND_D: return fpu_round_d(v->a, rm, fl);
	case ROUNDNX_D: return fpu_roundnx_d(v->a, rm, fl);
	case LTQ_D: return (uint64_t)fpu_ltq_d(v->a, v->b, fl);
	case LEQ_D: return (uint64_t)fpu_leq_d(v->a, v->b, fl);
	case CVTMOD: return (uint64_t)fpu_cvtmod_w_d(v->a, fl);
	}
	fail_msg("unknown op %d", v->op);
	return 0;
}


/* Half constants. */
#define H_ONE     0x3c00u
#define H_MONE    0xbc00u
#define H_TWO     0x4000u
#define H_HALF    0x3800u
#define H_MAX     0x7bffu /* 65504 */
#define H_INF     0x7c00u
#define H_NINF    0xfc00u
#define H_QNAN    0x7e00u
#define H_SNAN    0x7c01u
#define H_NZERO   0x8000u
#define H_MINNORM 0x0400u /* 2^-14 */
#define H_MAXSUB  0x03ffu
#define H_MINSUB  0x0001u /* 2^-24 */
#define H_2P5     0x4100u /* 2.5 */

/* 1 + 2^-11 (0x1000 is 2^-11) is a tie between 1 and 1 + 2^-10; 1/3 = 1.0101010101|0101.. * 2^-2;
 * sqrt(2) = 1.0110101000|0010.. */
static const struct vec rounding[] = {
	{ ADD, RNE, H_ONE, 0x1000, 0, 0x3c00, NX },
	{ ADD, RTZ, H_ONE, 0x1000, 0, 0x3c00, NX },
	{ ADD, RDN, H_ONE, 0x1000, 0, 0x3c00, NX },
	{ ADD, RUP, H_ONE, 0x1000, 0, 0x3c01, NX },
	{ ADD, RMM, H_ONE, 0x1000, 0, 0x3c01, NX },
	{ ADD, RDN, H_MONE, 0x9000, 0, 0xbc01, NX },
	{ ADD, RUP, H_MONE, 0x9000, 0, 0xbc00, NX },
	{ ADD, RNE, 0x3c01, 0x1000, 0, 0x3c02, NX }, /* tie, odd neighbour below */
	{ ADD, RTZ, 0x3c01, 0x1000, 0, 0x3c01, NX },
	{ SUB, RNE, H_ONE, H_ONE, 0, 0x0000, 0 },
	{ SUB, RDN, H_ONE, H_ONE, 0, H_NZERO, 0 },
	{ DIV, RNE, H_ONE, 0x4200, 0, 0x3555, NX },
	{ DIV, RTZ, H_ONE, 0x4200, 0, 0x3555, NX },
	{ DIV, RUP, H_ONE, 0x4200, 0, 0x3556, NX },
	{ DIV, RMM, H_ONE, 0x4200, 0, 0x3555, NX },
	{ DIV, RDN, H_MONE, 0x4200, 0, 0xb556, NX },
	{ SQRT, RNE, H_TWO, 0, 0, 0x3da8, NX },
	{ SQRT, RUP, H_TWO, 0, 0, 0x3da9, NX },
	{ SQRT, RNE, 0x4400, 0, 0, H_TWO, 0 },
	{ MUL, RNE, 0x4200, 0x4200, 0, 0x4880, 0 }, /* 3 * 3 = 9 */
};

static void test_rounding(void **state)
{
	(void)state;
	check_all(rounding, N(rounding));
}

/* 65504 + 16 = 65520 is the midpoint between 65504 (odd) and 2^16: overflow in RNE only. */
static const struct vec overflow[] = {
	{ ADD, RNE, H_MAX, H_MAX, 0, H_INF, OF | NX },
	{ ADD, RTZ, H_MAX, H_MAX, 0, H_MAX, OF | NX },
	{ ADD, RDN, H_MAX, H_MAX, 0, H_MAX, OF | NX },
	{ ADD, RUP, H_MAX, H_MAX, 0, H_INF, OF | NX },
	{ ADD, RMM, H_MAX, H_MAX, 0, H_INF, OF | NX },
	{ ADD, RDN, 0xfbff, 0xfbff, 0, H_NINF, OF | NX },
	{ ADD, RUP, 0xfbff, 0xfbff, 0, 0xfbff, OF | NX },
	{ MUL, RNE, 0x5c00, 0x5c00, 0, H_INF, OF | NX }, /* 256 * 256 */
	{ ADD, RNE, H_MAX, 0x4c00, 0, H_INF, OF | NX },
	{ ADD, RTZ, H_MAX, 0x4c00, 0, H_MAX, NX },
	{ ADD, RNE, H_MAX, 0x4800, 0, H_MAX, NX }, /* 65512: below the midpoint */
};

static void test_overflow(void **state)
{
	(void)state;
	check_all(overflow, N(overflow));
}

/* 0x3555 * 3*2^-14 (0x0a00) = 2^-14 - 2^-26: with an unbounded exponent it rounds to 2^-14 in
 * RNE and RUP (not tiny: NX only), stays below in RTZ and RDN (tiny: UF). 0x3bff * 2^-14 is
 * 2^-14 - 2^-25, exact with an unbounded exponent, hence tiny. */
static const struct vec underflow[] = {
	{ MUL, RNE, H_MINSUB, H_HALF, 0, 0x0000, UF | NX },
	{ MUL, RTZ, H_MINSUB, H_HALF, 0, 0x0000, UF | NX },
	{ MUL, RUP, H_MINSUB, H_HALF, 0, 0x0001, UF | NX },
	{ MUL, RMM, H_MINSUB, H_HALF, 0, 0x0001, UF | NX },
	{ MUL, RDN, 0x8001, H_HALF, 0, 0x8001, UF | NX },
	{ MUL, RNE, 0x0002, H_HALF, 0, 0x0001, 0 }, /* tiny but exact */
	{ MUL, RNE, 0x3555, 0x0a00, 0, H_MINNORM, NX },
	{ MUL, RUP, 0x3555, 0x0a00, 0, H_MINNORM, NX },
	{ MUL, RTZ, 0x3555, 0x0a00, 0, H_MAXSUB, UF | NX },
	{ MUL, RDN, 0x3555, 0x0a00, 0, H_MAXSUB, UF | NX },
	{ MUL, RNE, 0x3bff, H_MINNORM, 0, H_MINNORM, UF | NX },
	{ MUL, RTZ, 0x3bff, H_MINNORM, 0, H_MAXSUB, UF | NX },
	{ SUB, RNE, 0x0401, H_MINNORM, 0, H_MINSUB, 0 }, /* subnormal differences are exact */
};

static void test_underflow(void **state)
{
	(void)state;
	check_all(underflow, N(underflow));
}

/* (1 + 2^-10)^2 - (1 + 2^-9) = 2^-20 (0x0010) fused; a separate multiply would round the
 * product to 1 + 2^-9 and give 0. */
static const struct vec fma[] = {
	{ MADD, RNE, 0x3c01, 0x3c01, 0xbc02, 0x0010, 0 },
	{ MSUB, RNE, 0x3c01, 0x3c01, 0x3c02, 0x0010, 0 },
	{ NMSUB, RNE, 0x3c01, 0x3c01, 0x3c02, 0x8010, 0 },
	{ NMADD, RNE, 0x3c01, 0x3c01, 0xbc02, 0x8010, 0 },
	{ MADD, RNE, H_ONE, H_ONE, H_MONE, 0x0000, 0 },
	{ MADD, RDN, H_ONE, H_ONE, H_MONE, H_NZERO, 0 },
	{ MADD, RNE, H_INF, 0x0000, H_QNAN, H_QNAN, NV }, /* inf * 0 even with a quiet NaN */
	{ MADD, RNE, H_INF, H_ONE, H_NINF, H_QNAN, NV },
	{ MADD, RNE, H_MAX, H_TWO, 0xfbff, H_MAX, 0 }, /* exact despite the product's overflow */
	{ MADD, RNE, H_ONE, H_ONE, H_SNAN, H_QNAN, NV },
};

static void test_fma(void **state)
{
	(void)state;
	check_all(fma, N(fma));
}

static const struct vec special[] = {
	{ DIV, RNE, 0, 0, 0, H_QNAN, NV },
	{ DIV, RNE, H_ONE, 0, 0, H_INF, DZ },
	{ DIV, RNE, H_MONE, 0, 0, H_NINF, DZ },
	{ SQRT, RNE, H_MONE, 0, 0, H_QNAN, NV },
	{ SQRT, RNE, H_NZERO, 0, 0, H_NZERO, 0 },
	{ ADD, RNE, H_INF, H_NINF, 0, H_QNAN, NV },
	{ ADD, RNE, H_SNAN, H_ONE, 0, H_QNAN, NV },
	{ ADD, RNE, 0x7e55, H_ONE, 0, H_QNAN, 0 }, /* NaN payloads are not propagated */
	{ MUL, RNE, H_INF, 0, 0, H_QNAN, NV },
};

static void test_special(void **state)
{
	(void)state;
	check_all(special, N(special));
}

static const struct vec to_int[] = {
	{ CVT_W, RNE, H_MAX, 0, 0, 65504, 0 },
	{ CVT_W, RNE, 0xfbff, 0, 0, (uint64_t)-65504, 0 },
	{ CVT_W, RNE, H_INF, 0, 0, 0x7fffffff, NV },
	{ CVT_W, RNE, H_NINF, 0, 0, 0xffffffff80000000ull, NV },
	{ CVT_W, RNE, H_QNAN, 0, 0, 0x7fffffff, NV },
	{ CVT_WU, RNE, H_MONE, 0, 0, 0, NV },
	{ CVT_WU, RTZ, 0xb800, 0, 0, 0, NX }, /* -0.5 -> -0 is in range */
	{ CVT_WU, RNE, 0xb800, 0, 0, 0, NX },
	{ CVT_WU, RDN, 0xb800, 0, 0, 0, NV },
	{ CVT_WU, RNE, H_MAX, 0, 0, 65504, 0 },
	{ CVT_WU, RNE, H_INF, 0, 0, ~0ull, NV }, /* 0xffffffff, sign-extended */
	{ CVT_WU, RNE, H_SNAN, 0, 0, ~0ull, NV },
	{ CVT_L, RNE, H_2P5, 0, 0, 2, NX },
	{ CVT_L, RTZ, H_2P5, 0, 0, 2, NX },
	{ CVT_L, RDN, H_2P5, 0, 0, 2, NX },
	{ CVT_L, RUP, H_2P5, 0, 0, 3, NX },
	{ CVT_L, RMM, H_2P5, 0, 0, 3, NX },
	{ CVT_L, RDN, 0xc100, 0, 0, (uint64_t)-3, NX },
	{ CVT_L, RNE, H_NINF, 0, 0, 0x8000000000000000ull, NV },
	{ CVT_LU, RNE, H_INF, 0, 0, ~0ull, NV },
	{ CVT_LU, RNE, H_ONE, 0, 0, 1, 0 },
	{ CVT_LU, RUP, H_MINSUB, 0, 0, 1, NX },
};

static void test_to_int(void **state)
{
	(void)state;
	check_all(to_int, N(to_int));
}

/* 2049 is a tie between 2048 and 2050 (the ulp is 2 there); 65520 between 65504 and 2^16. */
static const struct vec from_int[] = {
	{ CVT_H_W, RNE, 65504, 0, 0, H_MAX, 0 },
	{ CVT_H_W, RNE, 65519, 0, 0, H_MAX, NX },
	{ CVT_H_W, RNE, 65520, 0, 0, H_INF, OF | NX },
	{ CVT_H_W, RTZ, 65520, 0, 0, H_MAX, NX },
	{ CVT_H_W, RNE, (uint32_t)-65520, 0, 0, H_NINF, OF | NX },
	{ CVT_H_W, RNE, 2049, 0, 0, 0x6800, NX },
	{ CVT_H_W, RUP, 2049, 0, 0, 0x6801, NX },
	{ CVT_H_W, RNE, (uint32_t)-1, 0, 0, H_MONE, 0 },
	{ CVT_H_W, RNE, 0, 0, 0, 0, 0 },
	{ CVT_H_WU, RNE, 0xffffffff, 0, 0, H_INF, OF | NX },
	{ CVT_H_WU, RTZ, 0xffffffff, 0, 0, H_MAX, OF | NX },
	{ CVT_H_L, RNE, 0x8000000000000000ull, 0, 0, H_NINF, OF | NX },
	{ CVT_H_L, RTZ, 0x8000000000000000ull, 0, 0, 0xfbff, OF | NX },
	{ CVT_H_LU, RNE, 3, 0, 0, 0x4200, 0 },
	{ CVT_H_LU, RDN, ~0ull, 0, 0, H_MAX, OF | NX },
};

static void test_from_int(void **state)
{
	(void)state;
	check_all(from_int, N(from_int));
}

/* 1 + 2^-11 + 2^-40 as a double (0x3ff0020000001000) is just above a half tie: one rounding
 * gives 1 + 2^-10, rounding through binary32 first would give 1. */
static const struct vec formats[] = {
	{ CVT_S_H, RNE, H_MINSUB, 0, 0, 0x33800000, 0 },
	{ CVT_S_H, RNE, H_MAX, 0, 0, 0x477fe000, 0 },
	{ CVT_S_H, RNE, H_SNAN, 0, 0, 0x7fc00000, NV },
	{ CVT_S_H, RNE, 0xfe00, 0, 0, 0x7fc00000, 0 },
	{ CVT_S_H, RNE, H_NINF, 0, 0, 0xff800000, 0 },
	{ CVT_S_H, RNE, H_NZERO, 0, 0, 0x80000000, 0 },
	{ CVT_D_H, RNE, H_ONE, 0, 0, 0x3ff0000000000000ull, 0 },
	{ CVT_D_H, RNE, H_MINSUB, 0, 0, 0x3e70000000000000ull, 0 },
	{ CVT_D_H, RNE, H_MAXSUB, 0, 0, 0x3f0ff80000000000ull, 0 },
	{ CVT_D_H, RNE, H_SNAN, 0, 0, 0x7ff8000000000000ull, NV },
	{ CVT_H_S, RNE, 0x477fe000, 0, 0, H_MAX, 0 },
	{ CVT_H_S, RNE, 0x477ff000, 0, 0, H_INF, OF | NX }, /* 65520.0f */
	{ CVT_H_S, RTZ, 0x477ff000, 0, 0, H_MAX, NX },
	{ CVT_H_S, RNE, 0x3f801001, 0, 0, 0x3c01, NX }, /* 1 + 2^-11 + 2^-23 */
	{ CVT_H_S, RNE, 0x3f801000, 0, 0, 0x3c00, NX }, /* 1 + 2^-11: a tie */
	{ CVT_H_S, RMM, 0x3f801000, 0, 0, 0x3c01, NX },
	{ CVT_H_S, RNE, 0x7f800001, 0, 0, H_QNAN, NV },
	{ CVT_H_S, RNE, 0x00000001, 0, 0, 0x0000, UF | NX },
	{ CVT_H_S, RUP, 0x00000001, 0, 0, 0x0001, UF | NX },
	{ CVT_H_D, RNE, 0x3ff0020000001000ull, 0, 0, 0x3c01, NX },
	{ CVT_H_D, RNE, 0x3e60000000000000ull, 0, 0, 0x0000, UF | NX }, /* 2^-25: a tie */
	{ CVT_H_D, RNE, 0x3e60000000020000ull, 0, 0, 0x0001, UF | NX },
	{ CVT_H_D, RNE, 0x7ff0000000000001ull, 0, 0, H_QNAN, NV },
	{ CVT_H_D, RNE, 0xfff0000000000000ull, 0, 0, H_NINF, 0 },
	{ CVT_H_D, RTZ, 0x7e37e43c8800759cull, 0, 0, H_MAX, OF | NX }, /* 1e300 */
};

static void test_formats(void **state)
{
	(void)state;
	check_all(formats, N(formats));
}

static const struct vec minmax_cmp[] = {
	{ MIN, 0, H_NZERO, 0, 0, H_NZERO, 0 },
	{ MAX, 0, H_NZERO, 0, 0, 0, 0 },
	{ MIN, 0, H_QNAN, H_ONE, 0, H_ONE, 0 },
	{ MIN, 0, H_SNAN, H_ONE, 0, H_ONE, NV },
	{ MAX, 0, 0x7e55, 0xfe00, 0, H_QNAN, 0 },
	{ MIN, 0, H_NINF, H_ONE, 0, H_NINF, 0 },
	{ MINM, 0, H_QNAN, H_ONE, 0, H_QNAN, 0 },
	{ MAXM, 0, H_ONE, H_SNAN, 0, H_QNAN, NV },
	{ MINM, 0, H_NZERO, 0, 0, H_NZERO, 0 },
	{ MAXM, 0, H_NZERO, 0, 0, 0, 0 },
	{ MAXM, 0, H_ONE, H_TWO, 0, H_TWO, 0 },
	{ MINM_S, 0, 0x7fc00000, 0x3f800000, 0, 0x7fc00000, 0 },
	{ MAXM_S, 0, 0x80000000, 0x00000000, 0, 0x00000000, 0 },
	{ MINM_S, 0, 0x80000000, 0x00000000, 0, 0x80000000, 0 },
	{ MAXM_D, 0, 0x7ff0000000000001ull, 0x3ff0000000000000ull, 0, 0x7ff8000000000000ull, NV },
	{ MINM_D, 0, 0xbff0000000000000ull, 0x3ff0000000000000ull, 0, 0xbff0000000000000ull, 0 },
	{ EQ, 0, H_QNAN, H_ONE, 0, 0, 0 },
	{ EQ, 0, H_SNAN, H_ONE, 0, 0, NV },
	{ EQ, 0, H_NZERO, 0, 0, 1, 0 },
	{ LT, 0, H_QNAN, H_ONE, 0, 0, NV },
	{ LE, 0, H_NZERO, 0, 0, 1, 0 },
	{ LT, 0, H_NZERO, 0, 0, 0, 0 },
	{ LT, 0, H_ONE, H_TWO, 0, 1, 0 },
	{ LTQ, 0, H_QNAN, H_ONE, 0, 0, 0 },
	{ LEQ, 0, H_ONE, H_QNAN, 0, 0, 0 },
	{ LEQ, 0, H_SNAN, H_ONE, 0, 0, NV },
	{ LEQ, 0, H_ONE, H_ONE, 0, 1, 0 },
	{ LTQ, 0, H_ONE, H_ONE, 0, 0, 0 },
	{ LTQ, 0, H_MONE, H_ONE, 0, 1, 0 },
	{ LEQ, 0, H_NZERO, 0, 0, 1, 0 },
	{ LTQ_S, 0, 0x7fc00000, 0x3f800000, 0, 0, 0 },
	{ LEQ_S, 0, 0x7f800001, 0x3f800000, 0, 0, NV },
	{ LTQ_S, 0, 0xbf800000, 0x3f800000, 0, 1, 0 },
	{ LEQ_D, 0, 0x7ff8000000000000ull, 0x3ff0000000000000ull, 0, 0, 0 },
	{ LTQ_D, 0, 0xbff0000000000000ull, 0x3ff0000000000000ull, 0, 1, 0 },
	{ LEQ_D, 0, 0x3ff0000000000000ull, 0x3ff0000000000000ull, 0, 1, 0 },
};

static void test_minmax_cmp(void **state)
{
	(void)state;
	check_all(minmax_cmp, N(minmax_cmp));
}

/* fround never raises NX, froundnx does when the value changes; 2.5 and -2.5 in every mode. */
static const struct vec rounds[] = {
	{ ROUND_S, RNE, 0x40200000, 0, 0, 0x40000000, 0 },
	{ ROUND_S, RTZ, 0x40200000, 0, 0, 0x40000000, 0 },
	{ ROUND_S, RDN, 0x40200000, 0, 0, 0x40000000, 0 },
	{ ROUND_S, RUP, 0x40200000, 0, 0, 0x40400000, 0 },
	{ ROUND_S, RMM, 0x40200000, 0, 0, 0x40400000, 0 },
	{ ROUNDNX_S, RNE, 0x40200000, 0, 0, 0x40000000, NX },
	{ ROUNDNX_S, RUP, 0x40200000, 0, 0, 0x40400000, NX },
	{ ROUNDNX_S, RNE, 0xc0200000, 0, 0, 0xc0000000, NX },
	{ ROUNDNX_S, RTZ, 0xc0200000, 0, 0, 0xc0000000, NX },
	{ ROUNDNX_S, RDN, 0xc0200000, 0, 0, 0xc0400000, NX },
	{ ROUNDNX_S, RUP, 0xc0200000, 0, 0, 0xc0000000, NX },
	{ ROUNDNX_S, RMM, 0xc0200000, 0, 0, 0xc0400000, NX },
	{ ROUNDNX_S, RUP, 0xbf000000, 0, 0, 0x80000000, NX }, /* -0.5 -> -0 */
	{ ROUNDNX_S, RDN, 0x3e99999a, 0, 0, 0x00000000, NX }, /* 0.3 -> +0 */
	{ ROUNDNX_S, RNE, 0x3f800000, 0, 0, 0x3f800000, 0 },
	{ ROUNDNX_S, RNE, 0x4b000001, 0, 0, 0x4b000001, 0 }, /* 2^23 + 1: integral */
	{ ROUNDNX_S, RNE, 0x7f800001, 0, 0, 0x7fc00000, NV },
	{ ROUNDNX_S, RNE, 0xffc00000, 0, 0, 0x7fc00000, 0 },
	{ ROUNDNX_S, RNE, 0xff800000, 0, 0, 0xff800000, 0 },
	{ ROUND_S, RUP, 0x00000001, 0, 0, 0x3f800000, 0 },
	{ ROUND, RNE, H_2P5, 0, 0, H_TWO, 0 },
	{ ROUND, RTZ, H_2P5, 0, 0, H_TWO, 0 },
	{ ROUND, RDN, H_2P5, 0, 0, H_TWO, 0 },
	{ ROUND, RUP, H_2P5, 0, 0, 0x4200, 0 },
	{ ROUND, RMM, H_2P5, 0, 0, 0x4200, 0 },
	{ ROUNDNX, RNE, H_2P5, 0, 0, H_TWO, NX },
	{ ROUNDNX, RMM, H_HALF, 0, 0, H_ONE, NX },
	{ ROUNDNX, RNE, H_HALF, 0, 0, 0x0000, NX },
	{ ROUNDNX, RUP, H_MAXSUB, 0, 0, H_ONE, NX },
	{ ROUNDNX, RNE, 0x63ff, 0, 0, 0x6400, NX }, /* 1023.5 */
	{ ROUNDNX, RTZ, 0x63ff, 0, 0, 0x63fe, NX },
	{ ROUNDNX, RNE, H_MAX, 0, 0, H_MAX, 0 },
	{ ROUNDNX, RNE, H_SNAN, 0, 0, H_QNAN, NV },
	{ ROUND, RNE, H_NZERO, 0, 0, H_NZERO, 0 },
	{ ROUND_D, RNE, 0x4004000000000000ull, 0, 0, 0x4000000000000000ull, 0 },
	{ ROUNDNX_D, RNE, 0x432fffffffffffffull, 0, 0, 0x4330000000000000ull, NX }, /* 2^52-0.5 */
	{ ROUNDNX_D, RTZ, 0x432fffffffffffffull, 0, 0, 0x432ffffffffffffeull, NX },
	{ ROUNDNX_D, RNE, 0x7ff0000000000001ull, 0, 0, 0x7ff8000000000000ull, NV },
	{ ROUND_D, RDN, 0x8000000000000001ull, 0, 0, 0xbff0000000000000ull, 0 },
};

static void test_round(void **state)
{
	(void)state;
	check_all(rounds, N(rounds));
}

/* fcvtmod.w.d: the flags are fcvt.w.d's (NV alone outside int32, NX only in range). */
static const struct vec cvtmod[] = {
	{ CVTMOD, 0, 0x41f0000000580000ull, 0, 0, 5, NV },                    /* 2^32 + 5.5 */
	{ CVTMOD, 0, 0xc1f0000000500000ull, 0, 0, (uint64_t)-5, NV },         /* -(2^32 + 5) */
	{ CVTMOD, 0, 0xbff8000000000000ull, 0, 0, (uint64_t)-1, NX },         /* -1.5 */
	{ CVTMOD, 0, 0x41e0000000000000ull, 0, 0, 0xffffffff80000000ull, NV }, /* 2^31 */
	{ CVTMOD, 0, 0xc1e0000000000000ull, 0, 0, 0xffffffff80000000ull, 0 },  /* -2^31 */
	{ CVTMOD, 0, 0x41e65a0bc0000000ull, 0, 0, 0xffffffffb2d05e00ull, NV }, /* 3e9 */
	{ CVTMOD, 0, 0x43b0000000000001ull, 0, 0, 256, NV },                  /* 2^60 + 2^8 */
	{ CVTMOD, 0, 0x43e0000000000001ull, 0, 0, 2048, NV },                 /* 2^63 + 2^11 */
	{ CVTMOD, 0, 0x4520000000000001ull, 0, 0, 0xffffffff80000000ull, NV }, /* 2^83 + 2^31 */
	{ CVTMOD, 0, 0x4530000000000000ull, 0, 0, 0, NV },                    /* 2^84 */
	{ CVTMOD, 0, 0x7ff8000000000000ull, 0, 0, 0, NV },
	{ CVTMOD, 0, 0xfff0000000000000ull, 0, 0, 0, NV },
	{ CVTMOD, 0, 0x8000000000000000ull, 0, 0, 0, 0 },
	{ CVTMOD, 0, 0x3fe0000000000000ull, 0, 0, 0, NX },                    /* 0.5 */
	{ CVTMOD, 0, 0x40c3880000000000ull, 0, 0, 10000, 0 },
};

static void test_cvtmod(void **state)
{
	(void)state;
	check_all(cvtmod, N(cvtmod));
}

static void test_fli(void **state)
{
	(void)state;
	/* the Zfa chapter's table: -1, min normal, 2^-16, 2^-15, 2^-8, 2^-7, 2^-4, 2^-3, 0.25,
	 * 0.3125, 0.375, 0.4375, 0.5, 0.625, 0.75, 0.875, 1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4, 8,
	 * 16, 128, 256, 2^15, 2^16, +inf, canonical NaN */
	static const uint16_t want_h[32] = {
		0xbc00, 0x0400, 0x0100, 0x0200, 0x1c00, 0x2000, 0x2c00, 0x3000,
		0x3400, 0x3500, 0x3600, 0x3700, 0x3800, 0x3900, 0x3a00, 0x3b00,
		0x3c00, 0x3d00, 0x3e00, 0x3f00, 0x4000, 0x4100, 0x4200, 0x4400,
		0x4800, 0x4c00, 0x5800, 0x5c00, 0x7800, 0x7c00, 0x7c00, 0x7e00,
	};
	static const uint32_t want_s[32] = {
		0xbf800000, 0x00800000, 0x37800000, 0x38000000, 0x3b800000, 0x3c000000, 0x3d800000,
		0x3e000000, 0x3e800000, 0x3ea00000, 0x3ec00000, 0x3ee00000, 0x3f000000, 0x3f200000,
		0x3f400000, 0x3f600000, 0x3f800000, 0x3fa00000, 0x3fc00000, 0x3fe00000, 0x40000000,
		0x40200000, 0x40400000, 0x40800000, 0x41000000, 0x41800000, 0x43000000, 0x43800000,
		0x47000000, 0x47800000, 0x7f800000, 0x7fc00000,
	};
	for (unsigned i = 0; i < 32; i++) {
		assert_int_equal(fpu_fli_h(i), want_h[i]);
		assert_int_equal(fpu_fli_s(i), want_s[i]);
	}
	/* binary64: the format's own minimum normal; a few others spelt out */
	assert_true(fpu_fli_d(0) == 0xbff0000000000000ull);
	assert_true(fpu_fli_d(1) == 0x0010000000000000ull);
	assert_true(fpu_fli_d(2) == 0x3ef0000000000000ull);
	assert_true(fpu_fli_d(9) == 0x3fd4000000000000ull);
	assert_true(fpu_fli_d(21) == 0x4004000000000000ull);
	assert_true(fpu_fli_d(29) == 0x40f0000000000000ull);
	assert_true(fpu_fli_d(30) == 0x7ff0000000000000ull);
	assert_true(fpu_fli_d(31) == 0x7ff8000000000000ull);
}

static void test_class_sgnj_boxing(void **state)
{
	(void)state;
	static const uint16_t in[10] = { H_NINF, H_MONE, 0x8001, H_NZERO, 0, H_MAXSUB, H_MAX,
	                                 H_INF, H_SNAN, H_QNAN };
	for (unsigned i = 0; i < 10; i++)
		assert_int_equal(fpu_class_h(in[i]), 1u << i);
	assert_int_equal(fpu_sgnj_h(H_ONE, H_MONE, 0), H_MONE);
	assert_int_equal(fpu_sgnj_h(H_ONE, H_MONE, 1), H_ONE);
	assert_int_equal(fpu_sgnj_h(H_MONE, H_MONE, 2), H_ONE);
	assert_int_equal(fpu_sgnj_h(H_SNAN, H_NZERO, 0), 0xfc01); /* payload kept */
	assert_int_equal(fpu_unbox_h(0xffffffffffff3c00ull), H_ONE);
	assert_int_equal(fpu_unbox_h(0xffffffff00003c00ull), H_QNAN);
	assert_int_equal(fpu_unbox_h(0x7fffffffffff3c00ull), H_QNAN);
	assert_int_equal(fpu_unbox_h(0x0000000000003c00ull), H_QNAN);
	assert_true(fpu_box_h(H_ONE) == 0xffffffffffff3c00ull);
	/* a boxed single is not a valid half */
	assert_int_equal(fpu_unbox_h(fpu_box_s(0x3f800000)), H_QNAN);
	/* flags accumulate */
	uint32_t fl = FPU_DZ;
	fpu_add_h(H_ONE, 0x1000, RNE, &fl);
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
		cmocka_unit_test(test_from_int),
		cmocka_unit_test(test_formats),
		cmocka_unit_test(test_minmax_cmp),
		cmocka_unit_test(test_round),
		cmocka_unit_test(test_cvtmod),
		cmocka_unit_test(test_fli),
		cmocka_unit_test(test_class_sgnj_boxing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
