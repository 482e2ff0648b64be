/*
 * fpu_x86.h — the exact x86-64 host shortcuts of fpu.c (private to it, included once there).
 * Defines FPU_HOST and fpu_host_*: one SSE2/FMA3 instruction computes a RISC-V F/D result with
 * its flags. Nothing here is used on other hosts or with -DFPU_SOFT_ONLY.
 *
 * Why it is exact: SSE2 and FMA3 arithmetic is IEEE 754, correctly rounded in the four MXCSR
 * rounding modes, and with exceptions masked x86 raises underflow only for a result that is
 * tiny after rounding (with unbounded exponent) and inexact (Intel SDM vol. 1, 11.5.2.5) — the
 * RISC-V rule. What x86 does differently is excluded by the callers: NaN operands (RISC-V
 * returns the canonical NaN, and raises NV for inf*0+qNaN) and RMM (no MXCSR encoding).
 * Invalid operations still give the canonical NaN here (any NaN result is replaced).
 *
 * Three ways to get the flags:
 * - Round to nearest, no MXCSR access: exactness from error-free transformations (TwoSum, FMA
 *   residuals) for results far from the subnormal range — additions, products, quotients,
 *   roots and conversions (fpu_rne_*).
 * - Round to nearest (the host's own mode) otherwise, and fused multiply-adds: the MXCSR
 *   flags are sticky, so
 *   they are kept a subset of the caller's accrued flags (*flags, e.g. &hart->fflags): if they
 *   are not on entry, they are cleared first. Then after the instruction, *flags |= MXCSR
 *   flags is exactly "accrue what this instruction raised" — a flag already in *flags cannot
 *   be missed, one not in it was clear in MXCSR. Costs a store of MXCSR per operation and no
 *   load of it while the caller's flags cover the host's (a load costs tens of cycles). The
 *   host's exception flags may stay set afterwards; robin does not read them.
 * - Other modes: load an MXCSR with the mode and no flags, run the instruction, store the
 *   status, restore the caller's MXCSR.
 * Unit test 212 checks these paths against the integer soft-float on millions of edge and
 * random operands in every mode; the differential test checks both against qemu-riscv64.
 */
#ifndef ROBIN_EMU_FPU_X86_H
#define ROBIN_EMU_FPU_X86_H

#include <stdint.h>

#include "emu/fpu.h"

#if defined(__x86_64__) && !defined(FPU_SOFT_ONLY)
#define FPU_HOST 1

#include <string.h>

#define FPU_HOST_INLINE static inline __attribute__((always_inline))

static int fpu_have_fma;

__attribute__((constructor)) static void fpu_detect_host(void)
{
	__builtin_cpu_init();
	fpu_have_fma = __builtin_cpu_supports("fma");
}

enum { FPU_HOST_ADD, FPU_HOST_MUL, FPU_HOST_DIV, FPU_HOST_SQRT, FPU_HOST_FMA };

FPU_HOST_INLINE int fpu_nan_bits_s(uint32_t v) { return (v & 0x7fffffffu) > 0x7f800000u; }
FPU_HOST_INLINE int fpu_nan_bits_d(uint64_t v)
{
	return (v & 0x7fffffffffffffffull) > 0x7ff0000000000000ull;
}

/* The host may compute this: a mode MXCSR can express, no NaN operand, FMA3 for fma. */
FPU_HOST_INLINE int fpu_host_ok_s(int op, unsigned rm, uint32_t a, uint32_t b, uint32_t c)
{
	return rm < FPU_RM_RMM && !fpu_nan_bits_s(a) && !fpu_nan_bits_s(b) &&
	       (op != FPU_HOST_FMA || (fpu_have_fma && !fpu_nan_bits_s(c)));
}

FPU_HOST_INLINE int fpu_host_ok_d(int op, unsigned rm, uint64_t a, uint64_t b, uint64_t c)
{
	return rm < FPU_RM_RMM && !fpu_nan_bits_d(a) && !fpu_nan_bits_d(b) &&
	       (op != FPU_HOST_FMA || (fpu_have_fma && !fpu_nan_bits_d(c)));
}

FPU_HOST_INLINE double fpu_as_d(uint64_t v) { double d; memcpy(&d, &v, 8); return d; }
FPU_HOST_INLINE float fpu_as_s(uint32_t v) { float f; memcpy(&f, &v, 4); return f; }
FPU_HOST_INLINE uint64_t fpu_bits_d(double d) { uint64_t v; memcpy(&v, &d, 8); return v; }
FPU_HOST_INLINE uint32_t fpu_bits_s(float f) { uint32_t v; memcpy(&v, &f, 4); return v; }

FPU_HOST_INLINE int fpu_finite_bits_s(uint32_t v) { return (v & 0x7f800000u) != 0x7f800000u; }
FPU_HOST_INLINE int fpu_finite_bits_d(uint64_t v)
{
	return (v & 0x7ff0000000000000ull) != 0x7ff0000000000000ull;
}
FPU_HOST_INLINE double fpu_fabs(double d) { return fpu_as_d(fpu_bits_d(d) & ~(1ull << 63)); }

/* ---- round to nearest by error-free transformations ----------------------------------------
 * The host computes in its default mode (RNE, no DAZ/FTZ: robin never changes it), and
 * exactness — the only flag possible in the cases taken — comes from TwoSum for additions, an
 * FMA residual for products, quotients and roots, an exact binary64 product for binary32.
 * Only results that are finite and far enough from the subnormal range for the residual to be
 * representable qualify; binary32 quotients and roots are computed in binary64 and rounded
 * again, which is innocuous since 53 >= 2*24 + 2. No MXCSR access at all. */

/* x*y - p, fused (needs FMA3) */
FPU_HOST_INLINE double fpu_fms_host(double x, double y, double p)
{
	__asm__("vfmsub231sd %[y], %[x], %[p]" : [p] "+x"(p) : [x] "x"(x), [y] "x"(y));
	return p;
}

/* Binary64 results whose product residual is representable: |r| >= 2^-969. */
#define FPU_D_EFT_MIN 0x1p-969
#define FPU_D_MAX 0x1.fffffffffffffp1023
#define FPU_S_MIN_NORMAL 0x1p-126
#define FPU_S_MAX 0x1.fffffep127

/* Round to nearest without touching MXCSR: each returns 1 and sets *r when it applies. */

FPU_HOST_INLINE int fpu_rne_add_d(uint64_t a, uint64_t b, uint64_t *r, uint32_t *flags)
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

FPU_HOST_INLINE int fpu_rne_add_s(uint32_t a, uint32_t b, uint32_t *r, uint32_t *flags)
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

FPU_HOST_INLINE int fpu_rne_mul_d(uint64_t a, uint64_t b, uint64_t *r, uint32_t *flags)
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

FPU_HOST_INLINE int fpu_rne_mul_s(uint32_t a, uint32_t b, uint32_t *r, uint32_t *flags)
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

FPU_HOST_INLINE int fpu_rne_div_d(uint64_t a, uint64_t b, uint64_t *r, uint32_t *flags)
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

FPU_HOST_INLINE int fpu_rne_div_s(uint32_t a, uint32_t b, uint32_t *r, uint32_t *flags)
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

FPU_HOST_INLINE int fpu_rne_sqrt_d(uint64_t a, uint64_t *r, uint32_t *flags)
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

FPU_HOST_INLINE int fpu_rne_sqrt_s(uint32_t a, uint32_t *r, uint32_t *flags)
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

/* Conversions by C's own: casts truncate (RTZ), int -> double and double -> float round to
 * nearest; exact iff the value converts back unchanged. */
FPU_HOST_INLINE int fpu_rtz_cvt_l_d(uint64_t a, int64_t *r, uint32_t *flags)
{
	double x = fpu_as_d(a);
	if (!(x >= -0x1p63 && x < 0x1p63))
		return 0;
	*r = (int64_t)x;
	if ((double)*r != x)
		*flags |= FPU_NX;
	return 1;
}

FPU_HOST_INLINE int fpu_rtz_cvt_w_d(uint64_t a, int64_t *r, uint32_t *flags)
{
	double x = fpu_as_d(a);
	if (!(x > -2147483649.0 && x < 2147483648.0))
		return 0;
	*r = (int32_t)x;
	if ((double)*r != x)
		*flags |= FPU_NX;
	return 1;
}

FPU_HOST_INLINE uint64_t fpu_rne_cvt_d_l(int64_t v, uint32_t *flags)
{
	double d = (double)v;
	if (d == 0x1p63 || (int64_t)d != v)   /* 2^63 is only ever a rounded result */
		*flags |= FPU_NX;
	return fpu_bits_d(d);
}

FPU_HOST_INLINE int fpu_rne_cvt_s_d(uint64_t a, uint32_t *r, uint32_t *flags)
{
	double x = fpu_as_d(a), ax = fpu_fabs(x);
	if (!(x == 0 || (ax >= FPU_S_MIN_NORMAL && ax <= FPU_S_MAX)))
		return 0;
	float f = (float)x;
	if ((double)f != x)
		*flags |= FPU_NX;
	*r = fpu_bits_s(f);
	return 1;
}

/* ---- one instruction, flags from MXCSR ----------------------------------------------------- */

/* MXCSR with every exception masked, no flags, DAZ and FTZ off, and the rounding control of
 * RNE, RTZ, RDN, RUP (indexed by enum fpu_rm). */
static const uint32_t fpu_mxcsr[4] = { 0x1f80, 0x7f80, 0x3f80, 0x5f80 };

/* MXCSR status bits IE ZE OE UE PE -> NV DZ OF UF NX (DE, the denormal-operand flag, has no
 * RISC-V counterpart). */
FPU_HOST_INLINE uint32_t fpu_mxcsr_flags(uint32_t st)
{
	return ((st & 0x01u) << 4) | ((st & 0x04u) << 1) | ((st & 0x08u) >> 1) |
	       ((st & 0x10u) >> 3) | ((st & 0x20u) >> 5);
}

/* Round-to-nearest path: 1 if the host MXCSR is in its default mode (RNE, masked, no DAZ or
 * FTZ), after making its flags a subset of *flags; 0 to take the explicit-mode path. */
FPU_HOST_INLINE int fpu_sticky_ready(const uint32_t *flags)
{
	uint32_t mx;
	__asm__ volatile("stmxcsr %0" : "=m"(mx));
	if ((mx & 0xffc0u) != 0x1f80u)
		return 0;
	if (fpu_mxcsr_flags(mx) & ~*flags) {
		mx &= ~0x3fu;
		__asm__ volatile("ldmxcsr %0" : : "m"(mx));
	}
	return 1;
}

/* `insn src, dst` then the status into ST_ (round-to-nearest path). */
#define FPU_X86_STICKY(insn, DST_, SRC_, DC_, SC_, ST_)                                   \
	__asm__ volatile(insn " %[src], %[dst]\n\t"                                       \
	                 "stmxcsr %[st]"                                                  \
	                 : [dst] DC_(DST_), [st] "=m"(ST_)                                \
	                 : [src] SC_(SRC_))

/* The same under MXCSR MODE_, restoring the caller's MXCSR afterwards. */
#define FPU_X86_MODE(insn, DST_, SRC_, DC_, SC_, MODE_, ST_)                              \
	do {                                                                              \
		uint32_t fpu_old_, fpu_new_ = (MODE_);                                    \
		__asm__ volatile("stmxcsr %[old]\n\t"                                     \
		                 "ldmxcsr %[new]\n\t"                                     \
		                 insn " %[src], %[dst]\n\t"                               \
		                 "stmxcsr %[st]\n\t"                                      \
		                 "ldmxcsr %[old]"                                         \
		                 : [dst] DC_(DST_), [old] "+m"(fpu_old_), [st] "=m"(ST_)  \
		                 : [src] SC_(SRC_), [new] "m"(fpu_new_));                 \
	} while (0)

/* One instruction in mode rm, either path. */
#define FPU_X86_OP(insn, DST_, SRC_, DC_, SC_, rm, flags, ST_)                            \
	do {                                                                              \
		if ((rm) == FPU_RM_RNE && fpu_sticky_ready(flags))                        \
			FPU_X86_STICKY(insn, DST_, SRC_, DC_, SC_, ST_);                  \
		else                                                                      \
			FPU_X86_MODE(insn, DST_, SRC_, DC_, SC_, fpu_mxcsr[rm], ST_);     \
	} while (0)

/* Z_ = X_ * Y_ + Z_, fused, in mode rm. */
#define FPU_X86_FMA(insn, X_, Y_, Z_, rm, flags, ST_)                                     \
	do {                                                                              \
		if ((rm) == FPU_RM_RNE && fpu_sticky_ready(flags)) {                      \
			__asm__ volatile(insn " %[m2], %[m1], %[acc]\n\t"                 \
			                 "stmxcsr %[st]"                                  \
			                 : [acc] "+x"(Z_), [st] "=m"(ST_)                 \
			                 : [m1] "x"(X_), [m2] "x"(Y_));                   \
		} else {                                                                  \
			uint32_t fpu_old_, fpu_new_ = fpu_mxcsr[rm];                      \
			__asm__ volatile("stmxcsr %[old]\n\t"                             \
			                 "ldmxcsr %[new]\n\t"                             \
			                 insn " %[m2], %[m1], %[acc]\n\t"                 \
			                 "stmxcsr %[st]\n\t"                              \
			                 "ldmxcsr %[old]"                                 \
			                 : [acc] "+x"(Z_), [old] "+m"(fpu_old_), [st] "=m"(ST_) \
			                 : [m1] "x"(X_), [m2] "x"(Y_), [new] "m"(fpu_new_)); \
		}                                                                         \
	} while (0)

/* binary64 op (FPU_HOST_*) on a, b (and c for FMA); the caller checked fpu_host_ok_d. */
FPU_HOST_INLINE uint64_t fpu_host_d(int op, uint64_t a, uint64_t b, uint64_t c, unsigned rm,
                                    uint32_t *flags)
{
	double x = fpu_as_d(a), y = fpu_as_d(b);
	uint32_t st;
	switch (op) {
	case FPU_HOST_ADD: FPU_X86_OP("addsd", x, y, "+x", "x", rm, flags, st); break;
	case FPU_HOST_MUL: FPU_X86_OP("mulsd", x, y, "+x", "x", rm, flags, st); break;
	case FPU_HOST_DIV: FPU_X86_OP("divsd", x, y, "+x", "x", rm, flags, st); break;
	case FPU_HOST_SQRT: FPU_X86_OP("sqrtsd", x, x, "+x", "x", rm, flags, st); break;
	default: {
		double z = fpu_as_d(c);
		FPU_X86_FMA("vfmadd231sd", x, y, z, rm, flags, st);
		x = z;
		break;
	}
	}
	uint64_t r = fpu_bits_d(x);
	*flags |= fpu_mxcsr_flags(st);
	return fpu_nan_bits_d(r) ? FPU_CANON_NAN_D : r;
}

FPU_HOST_INLINE uint32_t fpu_host_s(int op, uint32_t a, uint32_t b, uint32_t c, unsigned rm,
                                    uint32_t *flags)
{
	float x = fpu_as_s(a), y = fpu_as_s(b);
	uint32_t st;
	switch (op) {
	case FPU_HOST_ADD: FPU_X86_OP("addss", x, y, "+x", "x", rm, flags, st); break;
	case FPU_HOST_MUL: FPU_X86_OP("mulss", x, y, "+x", "x", rm, flags, st); break;
	case FPU_HOST_DIV: FPU_X86_OP("divss", x, y, "+x", "x", rm, flags, st); break;
	case FPU_HOST_SQRT: FPU_X86_OP("sqrtss", x, x, "+x", "x", rm, flags, st); break;
	default: {
		float z = fpu_as_s(c);
		FPU_X86_FMA("vfmadd231ss", x, y, z, rm, flags, st);
		x = z;
		break;
	}
	}
	uint32_t r = fpu_bits_s(x);
	*flags |= fpu_mxcsr_flags(st);
	return fpu_nan_bits_s(r) ? FPU_CANON_NAN_S : r;
}

/* fcvt.s.d of a non-NaN in a mode below RMM. */
FPU_HOST_INLINE uint32_t fpu_host_cvt_s_d(uint64_t a, unsigned rm, uint32_t *flags)
{
	double x = fpu_as_d(a);
	float r;
	uint32_t st;
	FPU_X86_OP("cvtsd2ss", r, x, "=x", "x", rm, flags, st);
	*flags |= fpu_mxcsr_flags(st);
	return fpu_bits_s(r);
}

/* fcvt.d.l in a mode below RMM. */
FPU_HOST_INLINE uint64_t fpu_host_cvt_d_l(int64_t v, unsigned rm, uint32_t *flags)
{
	double r;
	uint32_t st;
	FPU_X86_OP("cvtsi2sdq", r, v, "=x", "r", rm, flags, st);
	*flags |= fpu_mxcsr_flags(st);
	return fpu_bits_d(r);
}

/* fcvt.l.d / fcvt.w.d of a non-NaN in RTZ (cvtt*, C's cast) or RNE: 1 and *out when the
 * rounded value is in range. x86 returns the "integer indefinite" (the minimum) for values out
 * of range; a minimum is left to the soft-float too, which saturates and flags correctly (a
 * legitimate minimum comes back the same from it). */
FPU_HOST_INLINE int fpu_host_cvt_l_d(uint64_t a, unsigned rm, uint32_t *flags, int64_t *out)
{
	double x = fpu_as_d(a);
	int64_t r;
	uint32_t st;
	if (rm == FPU_RM_RTZ) {
		if (!fpu_sticky_ready(flags))
			return 0;
		FPU_X86_STICKY("cvttsd2si", r, x, "=r", "x", st);
	} else if (rm == FPU_RM_RNE) {
		if (!fpu_sticky_ready(flags))
			return 0;
		FPU_X86_STICKY("cvtsd2si", r, x, "=r", "x", st);
	} else {
		return 0;
	}
	if (r == INT64_MIN)
		return 0;
	*flags |= fpu_mxcsr_flags(st);
	*out = r;
	return 1;
}

FPU_HOST_INLINE int fpu_host_cvt_w_d(uint64_t a, unsigned rm, uint32_t *flags, int64_t *out)
{
	double x = fpu_as_d(a);
	int32_t r;
	uint32_t st;
	if (rm == FPU_RM_RTZ) {
		if (!fpu_sticky_ready(flags))
			return 0;
		FPU_X86_STICKY("cvttsd2si", r, x, "=r", "x", st);
	} else if (rm == FPU_RM_RNE) {
		if (!fpu_sticky_ready(flags))
			return 0;
		FPU_X86_STICKY("cvtsd2si", r, x, "=r", "x", st);
	} else {
		return 0;
	}
	if (r == INT32_MIN)
		return 0;
	*flags |= fpu_mxcsr_flags(st);
	*out = r;
	return 1;
}

#endif /* x86-64 */
#endif
