/*
 * fpu.h — exact IEEE 754 binary32/binary64 arithmetic as the RISC-V F and D extensions define
 * it: five rounding modes (incl. RMM), accrued flags NV/DZ/OF/UF/NX with tininess detected
 * after rounding, canonical NaN results, NaN-boxing, 2.2 fmin/fmax, saturating conversions.
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

#endif
