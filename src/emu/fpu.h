/*
 * fpu.h — exact IEEE 754 binary16/binary32/binary64 arithmetic as the RISC-V F, D, Zfh and
 * Zfhmin extensions define it, and the Zfa operations: five rounding modes (incl. RMM),
 * accrued flags NV/DZ/OF/UF/NX with tininess detected after rounding, canonical NaN results,
 * NaN-boxing, 2.2 fmin/fmax, saturating conversions.
 * Pure functions: operands are raw bit patterns, the rounding mode is explicit and flags are
 * OR-ed into *flags; no global state, so the emulator, the timing model and the tests can call
 * them alike. The semantics are an integer soft-float; on x86-64 the common cases take exact
 * host SSE2/FMA3 paths (fpu_x86.h) whose equality with it test 212 checks. Callers that keep
 * accrued flags (the emulator: &hart->fflags) should pass them, not a fresh 0 per call: the
 * result is the same, but the round-to-nearest host path then rarely needs to reset the
 * host's exception flags.
 */
#ifndef ROBIN_EMU_FPU_H
#define ROBIN_EMU_FPU_H

#include <stdint.h>

/* Rounding modes, numbered as the rm field and frm encode them. */
enum fpu_rm {
	FPU_RM_RNE = 0, /* to nearest, ties to even */
	FPU_RM_RTZ = 1, /* toward zero */
	FPU_RM_RDN = 2, /* toward -inf */
	FPU_RM_RUP = 3, /* toward +inf */
	FPU_RM_RMM = 4, /* to nearest, ties away from zero */
	FPU_RM_DYN = 7, /* rm field only: use frm */
};

/* Accrued exception flags, as fflags holds them. */
#define FPU_NX 0x01u /* inexact */
#define FPU_UF 0x02u /* underflow (tiny after rounding and inexact) */
#define FPU_OF 0x04u /* overflow */
#define FPU_DZ 0x08u /* divide by zero */
#define FPU_NV 0x10u /* invalid operation */

#define FPU_CANON_NAN_S 0x7fc00000u
#define FPU_CANON_NAN_D 0x7ff8000000000000ull
#define FPU_CANON_NAN_H 0x7e00u

/* fclass result bits. */
#define FPU_CLASS_NEG_INF   (1u << 0)
#define FPU_CLASS_NEG_NORM  (1u << 1)
#define FPU_CLASS_NEG_SUB   (1u << 2)
#define FPU_CLASS_NEG_ZERO  (1u << 3)
#define FPU_CLASS_POS_ZERO  (1u << 4)
#define FPU_CLASS_POS_SUB   (1u << 5)
#define FPU_CLASS_POS_NORM  (1u << 6)
#define FPU_CLASS_POS_INF   (1u << 7)
#define FPU_CLASS_SNAN      (1u << 8)
#define FPU_CLASS_QNAN      (1u << 9)

/* Fused multiply-add variants: `negate` bits of fpu_madd_*. */
#define FPU_MADD_NEG_PROD   1u /* -(a*b) */
#define FPU_MADD_NEG_ADDEND 2u /* -c */

/* NaN-boxing: the binary32 value a 64-bit f register holds (canonical NaN unless the upper
 * 32 bits are all ones), and the register image of a binary32 value. */
static inline uint32_t fpu_unbox_s(uint64_t reg)
{
	return (reg >> 32) == 0xffffffffu ? (uint32_t)reg : FPU_CANON_NAN_S;
}

static inline uint64_t fpu_box_s(uint32_t v)
{
	return 0xffffffff00000000ull | v;
}

/* The binary16 value a 64-bit f register holds (canonical NaN unless the upper 48 bits are
 * all ones), and the register image of a binary16 value. */
static inline uint16_t fpu_unbox_h(uint64_t reg)
{
	return (reg >> 16) == 0xffffffffffffull ? (uint16_t)reg : (uint16_t)FPU_CANON_NAN_H;
}

static inline uint64_t fpu_box_h(uint16_t v)
{
	return 0xffffffffffff0000ull | v;
}

/* Arithmetic with one rounding in mode rm (0..4). Results are raw bits; NaN results are the
 * canonical NaN. */
uint32_t fpu_add_s(uint32_t a, uint32_t b, unsigned rm, uint32_t *flags);
uint32_t fpu_sub_s(uint32_t a, uint32_t b, unsigned rm, uint32_t *flags);
uint32_t fpu_mul_s(uint32_t a, uint32_t b, unsigned rm, uint32_t *flags);
uint32_t fpu_div_s(uint32_t a, uint32_t b, unsigned rm, uint32_t *flags);
uint32_t fpu_sqrt_s(uint32_t a, unsigned rm, uint32_t *flags);
/* (±a*b) ± c, rounded once; negate is a mask of FPU_MADD_NEG_*:
 * fmadd 0, fmsub NEG_ADDEND, fnmsub NEG_PROD, fnmadd NEG_PROD|NEG_ADDEND. */
uint32_t fpu_madd_s(uint32_t a, uint32_t b, uint32_t c, unsigned negate, unsigned rm,
                    uint32_t *flags);

uint64_t fpu_add_d(uint64_t a, uint64_t b, unsigned rm, uint32_t *flags);
uint64_t fpu_sub_d(uint64_t a, uint64_t b, unsigned rm, uint32_t *flags);
uint64_t fpu_mul_d(uint64_t a, uint64_t b, unsigned rm, uint32_t *flags);
uint64_t fpu_div_d(uint64_t a, uint64_t b, unsigned rm, uint32_t *flags);
uint64_t fpu_sqrt_d(uint64_t a, unsigned rm, uint32_t *flags);
uint64_t fpu_madd_d(uint64_t a, uint64_t b, uint64_t c, unsigned negate, unsigned rm,
                    uint32_t *flags);

/* fmin/fmax (ISA 2.2: minimumNumber/maximumNumber, -0 < +0, NV on any signaling NaN, the
 * canonical NaN only when both operands are NaN). */
uint32_t fpu_min_s(uint32_t a, uint32_t b, uint32_t *flags);
uint32_t fpu_max_s(uint32_t a, uint32_t b, uint32_t *flags);
uint64_t fpu_min_d(uint64_t a, uint64_t b, uint32_t *flags);
uint64_t fpu_max_d(uint64_t a, uint64_t b, uint32_t *flags);

/* Comparisons, 1 or 0: feq is quiet (NV on signaling NaN only), flt/fle are signaling (NV on
 * any NaN). */
int fpu_eq_s(uint32_t a, uint32_t b, uint32_t *flags);
int fpu_lt_s(uint32_t a, uint32_t b, uint32_t *flags);
int fpu_le_s(uint32_t a, uint32_t b, uint32_t *flags);
int fpu_eq_d(uint64_t a, uint64_t b, uint32_t *flags);
int fpu_lt_d(uint64_t a, uint64_t b, uint32_t *flags);
int fpu_le_d(uint64_t a, uint64_t b, uint32_t *flags);

/* fclass: exactly one FPU_CLASS_* bit. */
unsigned fpu_class_s(uint32_t a);
unsigned fpu_class_d(uint64_t a);

/* Sign injection (no NaN canonicalisation): mode 0 = fsgnj, 1 = fsgnjn, 2 = fsgnjx. */
uint32_t fpu_sgnj_s(uint32_t a, uint32_t b, unsigned mode);
uint64_t fpu_sgnj_d(uint64_t a, uint64_t b, unsigned mode);

/* Float -> integer with rounding mode rm. Out-of-range values, infinities and NaN saturate
 * and raise NV only (NaN and +inf give the maximum); in-range inexact results raise NX.
 * 32-bit results (also the unsigned ones) come sign-extended to 64 bits, as RV64 writes them. */
int64_t fpu_cvt_w_s(uint32_t a, unsigned rm, uint32_t *flags);
int64_t fpu_cvt_wu_s(uint32_t a, unsigned rm, uint32_t *flags);
int64_t fpu_cvt_l_s(uint32_t a, unsigned rm, uint32_t *flags);
uint64_t fpu_cvt_lu_s(uint32_t a, unsigned rm, uint32_t *flags);
int64_t fpu_cvt_w_d(uint64_t a, unsigned rm, uint32_t *flags);
int64_t fpu_cvt_wu_d(uint64_t a, unsigned rm, uint32_t *flags);
int64_t fpu_cvt_l_d(uint64_t a, unsigned rm, uint32_t *flags);
uint64_t fpu_cvt_lu_d(uint64_t a, unsigned rm, uint32_t *flags);

/* Integer -> float, rounded in mode rm (NX when inexact). */
uint32_t fpu_cvt_s_w(int32_t v, unsigned rm, uint32_t *flags);
uint32_t fpu_cvt_s_wu(uint32_t v, unsigned rm, uint32_t *flags);
uint32_t fpu_cvt_s_l(int64_t v, unsigned rm, uint32_t *flags);
uint32_t fpu_cvt_s_lu(uint64_t v, unsigned rm, uint32_t *flags);
uint64_t fpu_cvt_d_w(int32_t v, unsigned rm, uint32_t *flags);
uint64_t fpu_cvt_d_wu(uint32_t v, unsigned rm, uint32_t *flags);
uint64_t fpu_cvt_d_l(int64_t v, unsigned rm, uint32_t *flags);
uint64_t fpu_cvt_d_lu(uint64_t v, unsigned rm, uint32_t *flags);

/* Between the formats: fcvt.s.d rounds (OF/UF/NX possible), fcvt.d.s is exact; NaN inputs
 * give the canonical NaN and signaling ones raise NV. */
uint32_t fpu_cvt_s_d(uint64_t a, unsigned rm, uint32_t *flags);
uint64_t fpu_cvt_d_s(uint32_t a, uint32_t *flags);

/* ---- binary16 (Zfh, Zfhmin): the same contracts as the _s functions above, computed by the
 * same soft-float core directly in binary16 (one rounding, tininess after rounding). ---- */
uint16_t fpu_add_h(uint16_t a, uint16_t b, unsigned rm, uint32_t *flags);
uint16_t fpu_sub_h(uint16_t a, uint16_t b, unsigned rm, uint32_t *flags);
uint16_t fpu_mul_h(uint16_t a, uint16_t b, unsigned rm, uint32_t *flags);
uint16_t fpu_div_h(uint16_t a, uint16_t b, unsigned rm, uint32_t *flags);
uint16_t fpu_sqrt_h(uint16_t a, unsigned rm, uint32_t *flags);
uint16_t fpu_madd_h(uint16_t a, uint16_t b, uint16_t c, unsigned negate, unsigned rm,
                    uint32_t *flags);
uint16_t fpu_min_h(uint16_t a, uint16_t b, uint32_t *flags);
uint16_t fpu_max_h(uint16_t a, uint16_t b, uint32_t *flags);
int fpu_eq_h(uint16_t a, uint16_t b, uint32_t *flags);
int fpu_lt_h(uint16_t a, uint16_t b, uint32_t *flags);
int fpu_le_h(uint16_t a, uint16_t b, uint32_t *flags);
unsigned fpu_class_h(uint16_t a);
uint16_t fpu_sgnj_h(uint16_t a, uint16_t b, unsigned mode);
int64_t fpu_cvt_w_h(uint16_t a, unsigned rm, uint32_t *flags);
int64_t fpu_cvt_wu_h(uint16_t a, unsigned rm, uint32_t *flags);
int64_t fpu_cvt_l_h(uint16_t a, unsigned rm, uint32_t *flags);
uint64_t fpu_cvt_lu_h(uint16_t a, unsigned rm, uint32_t *flags);
uint16_t fpu_cvt_h_w(int32_t v, unsigned rm, uint32_t *flags);
uint16_t fpu_cvt_h_wu(uint32_t v, unsigned rm, uint32_t *flags);
uint16_t fpu_cvt_h_l(int64_t v, unsigned rm, uint32_t *flags);
uint16_t fpu_cvt_h_lu(uint64_t v, unsigned rm, uint32_t *flags);
/* fcvt.s.h and fcvt.d.h are exact (NV only for a signaling NaN); fcvt.h.s and fcvt.h.d round
 * once, straight from the source format. */
uint32_t fpu_cvt_s_h(uint16_t a, uint32_t *flags);
uint64_t fpu_cvt_d_h(uint16_t a, uint32_t *flags);
uint16_t fpu_cvt_h_s(uint32_t a, unsigned rm, uint32_t *flags);
uint16_t fpu_cvt_h_d(uint64_t a, unsigned rm, uint32_t *flags);

/* ---- Zfa ---- */

/* fli: entry idx (0..31, the rs1 field) of the Zfa constant table; never raises flags. For
 * binary16, entry 1 is its own minimum normal 2^-14, entries 2 and 3 (2^-16, 2^-15) are
 * subnormal and entry 29 (2^16) is +inf. */
uint32_t fpu_fli_s(unsigned idx);
uint64_t fpu_fli_d(unsigned idx);
uint16_t fpu_fli_h(unsigned idx);

/* fminm/fmaxm (IEEE 754-2019 minimum/maximum): as fmin/fmax, but the canonical NaN whenever
 * either operand is a NaN (NV on a signaling one); -0 < +0. */
uint32_t fpu_minm_s(uint32_t a, uint32_t b, uint32_t *flags);
uint32_t fpu_maxm_s(uint32_t a, uint32_t b, uint32_t *flags);
uint64_t fpu_minm_d(uint64_t a, uint64_t b, uint32_t *flags);
uint64_t fpu_maxm_d(uint64_t a, uint64_t b, uint32_t *flags);
uint16_t fpu_minm_h(uint16_t a, uint16_t b, uint32_t *flags);
uint16_t fpu_maxm_h(uint16_t a, uint16_t b, uint32_t *flags);

/* fround: round to an integral value in mode rm, in the same format; zeros and infinities
 * pass unchanged (a value rounded to zero keeps its sign); NaN gives the canonical NaN, NV on
 * a signaling one; no other flag. froundnx also raises NX when the result differs from a
 * non-NaN input (roundToIntegralExact). */
uint32_t fpu_round_s(uint32_t a, unsigned rm, uint32_t *flags);
uint32_t fpu_roundnx_s(uint32_t a, unsigned rm, uint32_t *flags);
uint64_t fpu_round_d(uint64_t a, unsigned rm, uint32_t *flags);
uint64_t fpu_roundnx_d(uint64_t a, unsigned rm, uint32_t *flags);
uint16_t fpu_round_h(uint16_t a, unsigned rm, uint32_t *flags);
uint16_t fpu_roundnx_h(uint16_t a, unsigned rm, uint32_t *flags);

/* fcvtmod.w.d: bits 31:0 of the integer part (truncated toward zero, unbounded two's
 * complement), sign-extended to 64; NaN and infinities give 0. Flags are those of fcvt.w.d
 * with RTZ on the same input: NV for NaN, infinities and values outside int32 (then no NX),
 * else NX when inexact. */
int64_t fpu_cvtmod_w_d(uint64_t a, uint32_t *flags);

/* fltq/fleq: as flt/fle but quiet (NV only for a signaling NaN). */
int fpu_ltq_s(uint32_t a, uint32_t b, uint32_t *flags);
int fpu_leq_s(uint32_t a, uint32_t b, uint32_t *flags);
int fpu_ltq_d(uint64_t a, uint64_t b, uint32_t *flags);
int fpu_leq_d(uint64_t a, uint64_t b, uint32_t *flags);
int fpu_ltq_h(uint16_t a, uint16_t b, uint32_t *flags);
int fpu_leq_h(uint16_t a, uint16_t b, uint32_t *flags);

/* The integer soft-float path alone for the operations that have an exact host fast path
 * (on x86-64: SSE2/FMA3 when no operand is a NaN and the mode is not RMM). The functions
 * above give identical results and flags; these exist so tests can check that. */
uint32_t fpu_ref_add_s(uint32_t a, uint32_t b, unsigned rm, uint32_t *flags);
uint32_t fpu_ref_mul_s(uint32_t a, uint32_t b, unsigned rm, uint32_t *flags);
uint32_t fpu_ref_div_s(uint32_t a, uint32_t b, unsigned rm, uint32_t *flags);
uint32_t fpu_ref_sqrt_s(uint32_t a, unsigned rm, uint32_t *flags);
uint32_t fpu_ref_madd_s(uint32_t a, uint32_t b, uint32_t c, unsigned negate, unsigned rm,
                        uint32_t *flags);
uint64_t fpu_ref_add_d(uint64_t a, uint64_t b, unsigned rm, uint32_t *flags);
uint64_t fpu_ref_mul_d(uint64_t a, uint64_t b, unsigned rm, uint32_t *flags);
uint64_t fpu_ref_div_d(uint64_t a, uint64_t b, unsigned rm, uint32_t *flags);
uint64_t fpu_ref_sqrt_d(uint64_t a, unsigned rm, uint32_t *flags);
uint64_t fpu_ref_madd_d(uint64_t a, uint64_t b, uint64_t c, unsigned negate, unsigned rm,
                        uint32_t *flags);
uint32_t fpu_ref_cvt_s_d(uint64_t a, unsigned rm, uint32_t *flags);
int64_t fpu_ref_cvt_w_d(uint64_t a, unsigned rm, uint32_t *flags);
int64_t fpu_ref_cvt_l_d(uint64_t a, unsigned rm, uint32_t *flags);
uint64_t fpu_ref_cvt_d_l(int64_t v, unsigned rm, uint32_t *flags);

/* ---- V (vector) additions ---- */

/* vfrec7.v / vfrsqrt7.v: the 7-bit estimates of the V specification's tables. rec7: ±inf ->
 * ±0, ±0 -> ±inf (DZ), NaN -> canonical (NV if signaling), a subnormal whose reciprocal
 * overflows -> infinity or the largest finite value by rm (OF, NX), subnormal results exact
 * (no UF). rsqrt7: ±0 -> ±inf (DZ), +inf -> +0, a negative non-zero or NaN -> canonical NaN
 * (NV unless a quiet NaN). */
uint32_t fpu_rec7_s(uint32_t a, unsigned rm, uint32_t *flags);
uint64_t fpu_rec7_d(uint64_t a, unsigned rm, uint32_t *flags);
uint16_t fpu_rec7_h(uint16_t a, unsigned rm, uint32_t *flags);
uint32_t fpu_rsqrt7_s(uint32_t a, uint32_t *flags);
uint64_t fpu_rsqrt7_d(uint64_t a, uint32_t *flags);
uint16_t fpu_rsqrt7_h(uint16_t a, uint32_t *flags);

/* vfncvt.rod.f.f.w: narrowing rounded to odd (truncate, then set the LSB if inexact); an
 * overflow gives the largest finite value with OF and NX. */
uint32_t fpu_cvt_s_d_rod(uint64_t a, uint32_t *flags);
uint16_t fpu_cvt_h_s_rod(uint32_t a, uint32_t *flags);

/* binary32 -> 16-bit integers (vfncvt.x[u].f.w at SEW 16): saturating as fcvt.w[u].s. */
int16_t fpu_cvt_i16_s(uint32_t a, unsigned rm, uint32_t *flags);
uint16_t fpu_cvt_u16_s(uint32_t a, unsigned rm, uint32_t *flags);

#endif
