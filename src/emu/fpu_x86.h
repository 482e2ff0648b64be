/*
 * fpu_x86.h — the exact x86-64 host shortcuts of fpu.c (private to it; included once there).
 * Defines FPU_HOST and the fpu_rne_* / fpu_mx_* helpers the entry points of fpu.c try before
 * the integer soft-float. Nothing here is used on other hosts or with -DFPU_SOFT_ONLY.
 */
#ifndef ROBIN_EMU_FPU_X86_H
#define ROBIN_EMU_FPU_X86_H

#include <stdint.h>

#include "emu/fpu.h"

#ifndef FPU_INLINE
#define FPU_INLINE static inline __attribute__((always_inline))
#endif

/* Two exact shortcuts past the integer path, both only for operands that are not NaN (RISC-V
 * wants canonical NaNs, and NV for inf*0+qNaN, which x86 does not give) and never for RMM.
 *
 * 1. Round to nearest even, in the host's own default mode (robin never changes the host's
 *    rounding mode; SSE2 arithmetic is correctly rounded IEEE 754): the host computes the
 *    result, and exactness (the only flag possible in the cases taken) comes from an
 *    error-free transformation: TwoSum for additions, an FMA residual for products, quotients
 *    and roots, an exact double product for binary32. Only results that are finite and far
 *    enough from the subnormal range for the residual to be representable take this path;
 *    binary32 quotients and roots are computed in binary64 and rounded again, which is
 *    innocuous since 53 >= 2*24 + 2. No MXCSR access (a load of MXCSR costs tens of cycles).
 * 2. Other modes, and the fused multiply-add in any mode: one SSE2/FMA3 instruction between
 *    MXCSR loads that select the rounding mode and collect the flags. With exceptions masked,
 *    x86 raises underflow only for a result tiny after rounding (with unbounded exponent)
 *    and inexact (Intel SDM vol. 1, 11.5.2.5), as RISC-V does. The caller's MXCSR is restored.
 *
 * Unit test 212 checks both against the integer path on millions of edge and random operands
 * in every mode; the differential test checks all three against qemu-riscv64. */
#if defined(__x86_64__) && !defined(FPU_SOFT_ONLY)
#define FPU_HOST 1

#include <string.h>

static int fpu_have_fma;

__attribute__((constructor)) static void fpu_detect_host(void)
{
	__builtin_cpu_init();
	fpu_have_fma = __builtin_cpu_supports("fma");
}

FPU_INLINE int fpu_nan_bits_s(uint32_t v) { return (v & 0x7fffffffu) > 0x7f800000u; }
FPU_INLINE int fpu_nan_bits_d(uint64_t v)
{
	return (v & 0x7fffffffffffffffull) > 0x7ff0000000000000ull;
}
FPU_INLINE int fpu_finite_bits_s(uint32_t v) { return (v & 0x7f800000u) != 0x7f800000u; }
FPU_INLINE int fpu_finite_bits_d(uint64_t v)
{
	return (v & 0x7ff0000000000000ull) != 0x7ff0000000000000ull;
}

FPU_INLINE double fpu_as_d(uint64_t v) { double d; memcpy(&d, &v, 8); return d; }
FPU_INLINE float fpu_as_s(uint32_t v) { float f; memcpy(&f, &v, 4); return f; }
FPU_INLINE uint64_t fpu_bits_d(double d) { uint64_t v; memcpy(&v, &d, 8); return v; }
FPU_INLINE uint32_t fpu_bits_s(float f) { uint32_t v; memcpy(&v, &f, 4); return v; }
FPU_INLINE double fpu_fabs(double d) { return fpu_as_d(fpu_bits_d(d) & ~(1ull << 63)); }

/* x*y - p, fused (needs FMA3) */
FPU_INLINE double fpu_fms_host(double x, double y, double p)
{
	__asm__("vfmsub231sd %[y], %[x], %[p]" : [p] "+x"(p) : [x] "x"(x), [y] "x"(y));
	return p;
}

/* Binary64 results whose product residual is representable: |r| >= 2^-969. */
#define FPU_D_EFT_MIN 0x1p-969
#define FPU_D_MAX 0x1.fffffffffffffp1023
#define FPU_S_MIN_NORMAL 0x1p-126
#define FPU_S_MAX 0x1.fffffep127

/* -- path 1: RNE without MXCSR. Each returns 1 and sets *r when it applies. -- */

FPU_INLINE int fpu_rne_add_d(uint64_t a, uint64_t b, uint64_t *r, uint32_t *flags)
{
	if (!fpu_finite_bits_d(a) || !fpu_finite_bits_d(b))
		return 0;
	double x = fpu_as_d(a), y = fpu_as_d(b), s = x + y;
	if (!(fpu_fabs(s) <= FPU_D_MAX))
		return 0;                                /* overflow */
	double bv = s - x, av = s - bv;
	if ((x - av) + (y - bv) != 0)
		*flags |= FPU_NX;
	*r = fpu_bits_d(s);                              /* subnormal sums are exact: no UF */
	return 1;
}

FPU_INLINE int fpu_rne_add_s(uint32_t a, uint32_t b, uint32_t *r, uint32_t *flags)
{
	if (!fpu_finite_bits_s(a) || !fpu_finite_bits_s(b))
		return 0;
	float x = fpu_as_s(a), y = fpu_as_s(b), s = x + y;
	if (!((double)s <= FPU_S_MAX && (double)s >= -FPU_S_MAX))
		return 0;
	float bv = s - x, av = s - bv;
	if ((x - av) + (y - bv) != 0)
		*flags |= FPU_NX;
	*r = fpu_bits_s(s);
	return 1;
}

FPU_INLINE int fpu_rne_mul_d(uint64_t a, uint64_t b, uint64_t *r, uint32_t *flags)
{
	if (!fpu_have_fma || !fpu_finite_bits_d(a) || !fpu_finite_bits_d(b))
		return 0;
	double x = fpu_as_d(a), y = fpu_as_d(b), p = x * y;
	if (x == 0 || y == 0) {
		*r = fpu_bits_d(p);
		return 1;
	}
	double ap = fpu_fabs(p);
	if (!(ap >= FPU_D_EFT_MIN && ap <= FPU_D_MAX))
		return 0;
	if (fpu_fms_host(x, y, p) != 0)
		*flags |= FPU_NX;
	*r = fpu_bits_d(p);
	return 1;
}

FPU_INLINE int fpu_rne_mul_s(uint32_t a, uint32_t b, uint32_t *r, uint32_t *flags)
{
	if (!fpu_finite_bits_s(a) || !fpu_finite_bits_s(b))
		return 0;
	double p = (double)fpu_as_s(a) * (double)fpu_as_s(b);   /* exact: 48 bits */
	double ap = fpu_fabs(p);
	if (p != 0 && !(ap >= FPU_S_MIN_NORMAL && ap <= FPU_D_MAX))
		return 0;
	float f = (float)p;
	if (!fpu_finite_bits_s(fpu_bits_s(f)))
		return 0;                                /* overflow */
	if ((double)f != p)
		*flags |= FPU_NX;
	*r = fpu_bits_s(f);
	return 1;
}

FPU_INLINE int fpu_rne_div_d(uint64_t a, uint64_t b, uint64_t *r, uint32_t *flags)
{
	if (!fpu_have_fma || !fpu_finite_bits_d(a) || !fpu_finite_bits_d(b))
		return 0;
	double x = fpu_as_d(a), y = fpu_as_d(b);
	if (y == 0)
		return 0;
	double q = x / y;
	if (x == 0) {
		*r = fpu_bits_d(q);
		return 1;
	}
	double aq = fpu_fabs(q);
	if (!(fpu_fabs(x) >= 0x1p-960 && aq >= FPU_D_EFT_MIN && aq <= FPU_D_MAX))
		return 0;
	/* the remainder x - q*y of a correctly rounded quotient is representable here */
	if (fpu_fms_host(q, y, x) != 0)
		*flags |= FPU_NX;
	*r = fpu_bits_d(q);
	return 1;
}

FPU_INLINE int fpu_rne_div_s(uint32_t a, uint32_t b, uint32_t *r, uint32_t *flags)
{
	if (!fpu_finite_bits_s(a) || !fpu_finite_bits_s(b))
		return 0;
	double x = (double)fpu_as_s(a), y = (double)fpu_as_s(b);
	if (y == 0)
		return 0;
	float q = (float)(x / y);                       /* double rounding is innocuous */
	if (x == 0) {
		*r = fpu_bits_s(q);
		return 1;
	}
	/* strictly above 2^-126: a quotient rounded up to it may be tiny (UF) */
	double aq = fpu_fabs((double)q);
	if (!(aq > FPU_S_MIN_NORMAL && aq <= FPU_S_MAX))
		return 0;
	if ((double)q * y != x)                         /* exact: 48-bit product */
		*flags |= FPU_NX;
	*r = fpu_bits_s(q);
	return 1;
}

FPU_INLINE int fpu_rne_sqrt_d(uint64_t a, uint64_t *r, uint32_t *flags)
{
	double x = fpu_as_d(a);
	if (!fpu_have_fma || !(x >= 0x1p-960 && x <= FPU_D_MAX))
		return 0;
	double q = __builtin_sqrt(x);
	if (fpu_fms_host(q, q, x) != 0)
		*flags |= FPU_NX;
	*r = fpu_bits_d(q);
	return 1;
}

FPU_INLINE int fpu_rne_sqrt_s(uint32_t a, uint32_t *r, uint32_t *flags)
{
	double x = (double)fpu_as_s(a);
	if (!(x > 0 && x <= FPU_S_MAX))
		return 0;
	float q = (float)__builtin_sqrt(x);             /* double rounding is innocuous */
	if ((double)q * (double)q != x)
		*flags |= FPU_NX;
	*r = fpu_bits_s(q);
	return 1;
}

/* -- path 2: one instruction under a chosen MXCSR. -- */

/* MXCSR with every exception masked, no flags, DAZ and FTZ off, rounding control for
 * RNE, RTZ, RDN, RUP (indexed by enum fpu_rm). */
static const uint32_t fpu_mxcsr[4] = { 0x1f80, 0x7f80, 0x3f80, 0x5f80 };

/* MXCSR status bits IE ZE OE UE PE -> NV DZ OF UF NX (DE, the denormal-operand flag, has no
 * RISC-V counterpart). */
FPU_INLINE uint32_t fpu_mxcsr_flags(uint32_t st)
{
	return ((st & 0x01u) << 4) | ((st & 0x04u) << 1) | ((st & 0x08u) >> 1) |
	       ((st & 0x10u) >> 3) | ((st & 0x20u) >> 5);
}

/* One instruction `insn` on X_ (in/out) and Y_ under MXCSR MODE_; ST_ gets the status. */
#define FPU_X86_2(insn, X_, Y_, MODE_, ST_)                                               \
	do {                                                                              \
		uint32_t fpu_old_, fpu_new_ = (MODE_);                                    \
		__asm__ volatile("stmxcsr %[old]\n\t"                                     \
		                 "ldmxcsr %[new]\n\t"                                     \
		                 insn " %[src], %[dst]\n\t"                               \
		                 "stmxcsr %[st]\n\t"                                      \
		                 "ldmxcsr %[old]"                                         \
		                 : [dst] "+x"(X_), [old] "+m"(fpu_old_), [st] "=m"(ST_)   \
		                 : [src] "x"(Y_), [new] "m"(fpu_new_));                   \
	} while (0)

/* Z_ = X_ * Y_ + Z_, fused. */
#define FPU_X86_FMA(insn, X_, Y_, Z_, MODE_, ST_)                                         \
	do {                                                                              \
		uint32_t fpu_old_, fpu_new_ = (MODE_);                                    \
		__asm__ volatile("stmxcsr %[old]\n\t"                                     \
		                 "ldmxcsr %[new]\n\t"                                     \
		                 insn " %[m2], %[m1], %[acc]\n\t"                         \
		                 "stmxcsr %[st]\n\t"                                      \
		                 "ldmxcsr %[old]"                                         \
		                 : [acc] "+x"(Z_), [old] "+m"(fpu_old_), [st] "=m"(ST_)   \
		                 : [m1] "x"(X_), [m2] "x"(Y_), [new] "m"(fpu_new_));      \
	} while (0)

FPU_INLINE uint64_t fpu_mx_div_d(uint64_t a, uint64_t b, unsigned rm, uint32_t *flags)
{
	double x = fpu_as_d(a), y = fpu_as_d(b);
	uint32_t st;
	FPU_X86_2("divsd", x, y, fpu_mxcsr[rm], st);
	uint64_t r = fpu_bits_d(x);
	*flags |= fpu_mxcsr_flags(st);
	return fpu_nan_bits_d(r) ? FPU_CANON_NAN_D : r;
}

FPU_INLINE uint64_t fpu_mx_sqrt_d(uint64_t a, unsigned rm, uint32_t *flags)
{
	double x = fpu_as_d(a);
	uint32_t st;
	FPU_X86_2("sqrtsd", x, x, fpu_mxcsr[rm], st);
	uint64_t r = fpu_bits_d(x);
	*flags |= fpu_mxcsr_flags(st);
	return fpu_nan_bits_d(r) ? FPU_CANON_NAN_D : r;
}

FPU_INLINE uint32_t fpu_mx_div_s(uint32_t a, uint32_t b, unsigned rm, uint32_t *flags)
{
	float x = fpu_as_s(a), y = fpu_as_s(b);
	uint32_t st;
	FPU_X86_2("divss", x, y, fpu_mxcsr[rm], st);
	uint32_t r = fpu_bits_s(x);
	*flags |= fpu_mxcsr_flags(st);
	return fpu_nan_bits_s(r) ? FPU_CANON_NAN_S : r;
}

FPU_INLINE uint32_t fpu_mx_sqrt_s(uint32_t a, unsigned rm, uint32_t *flags)
{
	float x = fpu_as_s(a);
	uint32_t st;
	FPU_X86_2("sqrtss", x, x, fpu_mxcsr[rm], st);
	uint32_t r = fpu_bits_s(x);
	*flags |= fpu_mxcsr_flags(st);
	return fpu_nan_bits_s(r) ? FPU_CANON_NAN_S : r;
}

#define FPU_HOST_OK_S(rm, a, b) ((rm) < FPU_RM_RMM && !fpu_nan_bits_s(a) && !fpu_nan_bits_s(b))
#define FPU_HOST_OK_D(rm, a, b) ((rm) < FPU_RM_RMM && !fpu_nan_bits_d(a) && !fpu_nan_bits_d(b))
#endif /* x86-64 */

#endif
