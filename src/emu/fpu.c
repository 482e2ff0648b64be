/*
 * fpu.c — integer soft-float for RISC-V F and D (see fpu.h for the contract).
 *
 * Every operation unpacks its operands into (sign, unbiased exponent, significand with the
 * leading one at bit 62), computes an exact or sticky-jammed result in 64 or 128 bits, and
 * hands it to one rounding routine (fpu_round_pack) that implements the five rounding modes,
 * overflow, and underflow with tininess detected after rounding, as RISC-V requires. The
 * format (exponent and fraction widths) is a compile-time constant of each always-inlined
 * generic routine, so binary16, binary32 and binary64 get their own specialised code. On x86-64 the
 * common cases take exact host shortcuts (fpu_x86.h); fpu_ref_* are the soft-float alone.
 */
#include "emu/fpu.h"

#include <stddef.h>
#include <stdint.h>

#include "emu/fpu_x86.h"

typedef unsigned __int128 fpu_u128;

#define FPU_INLINE static inline __attribute__((always_inline))

/* Formats: exponent bits E, fraction bits M. */
#define FPU_S_E 8
#define FPU_S_M 23
#define FPU_D_E 11
#define FPU_D_M 52
#define FPU_H_E 5
#define FPU_H_M 10

/* Round to odd (V's vfncvt.rod): an internal mode beyond rm's 0..4, as the public functions
 * never receive it from an instruction's rm field. Overflow gives the largest finite value. */
#define FPU_RM_ROD 5

enum fpu_cls { FPU_ZERO, FPU_FINITE, FPU_INF, FPU_QNAN, FPU_SNAN };

/* An unpacked operand: value = sig * 2^(exp - 62) for FPU_FINITE, sig has bit 62 set. */
struct fpu_unp {
	int cls;
	int sign;
	int32_t exp;
	uint64_t sig;
};

/* ---- bit helpers ------------------------------------------------------------------------ */

FPU_INLINE int fpu_clz64(uint64_t x)
{
	return x ? __builtin_clzll(x) : 64;
}

FPU_INLINE int fpu_clz128(fpu_u128 x)
{
	uint64_t hi = (uint64_t)(x >> 64);
	return hi ? __builtin_clzll(hi) : 64 + fpu_clz64((uint64_t)x);
}

/* x >> d with every shifted-out one OR-ed into bit 0 ("jamming"). */
FPU_INLINE uint64_t fpu_jam64(uint64_t x, unsigned d)
{
	if (d == 0)
		return x;
	if (d >= 64)
		return x != 0;
	return (x >> d) | ((x << (64 - d)) != 0);
}

FPU_INLINE fpu_u128 fpu_jam128(fpu_u128 x, unsigned d)
{
	if (d == 0)
		return x;
	if (d >= 128)
		return x != 0;
	return (x >> d) | (fpu_u128)((x << (128 - d)) != 0);
}

/* sig >> shift rounded in mode rm for a value of the given sign; *inexact set when bits
 * were dropped. Requires bit 63 of sig clear when shift >= 64. */
FPU_INLINE uint64_t fpu_round_shift(uint64_t sig, unsigned shift, int sign, unsigned rm,
                                    int *inexact)
{
	uint64_t kept, rem, half;
	if (shift == 0) {
		*inexact = 0;
		return sig;
	}
	if (shift >= 64) {
		kept = 0;
		rem = sig;
		half = shift == 64 ? 1ull << 63 : 0; /* rem < half always (bit 63 clear) */
		*inexact = rem != 0;
		if (!rem)
			return 0;
		switch (rm) {
		case FPU_RM_RDN: return sign ? 1 : 0;
		case FPU_RM_RUP: return sign ? 0 : 1;
		case FPU_RM_ROD: return 1;
		default: (void)half; return 0;
		}
	}
	kept = sig >> shift;
	rem = sig & ((1ull << shift) - 1);
	half = 1ull << (shift - 1);
	*inexact = rem != 0;
	int up;
	switch (rm) {
	case FPU_RM_RNE: up = rem > half || (rem == half && (kept & 1)); break;
	case FPU_RM_RDN: up = rem != 0 && sign; break;
	case FPU_RM_RUP: up = rem != 0 && !sign; break;
	case FPU_RM_RMM: up = rem >= half; break;
	case FPU_RM_ROD: up = rem != 0 && !(kept & 1); break; /* jam into the LSB */
	default: up = 0; break; /* RTZ */
	}
	return kept + (uint64_t)up;
}

/* ---- pack / unpack --------------------------------------------------------------------- */

#define FPU_BIAS(E) ((1 << ((E) - 1)) - 1)
#define FPU_EMAX_FIELD(E) ((1u << (E)) - 1)
#define FPU_MAN_MASK(M) ((1ull << (M)) - 1)
#define FPU_SIGN_BIT(E, M) (1ull << ((E) + (M)))

FPU_INLINE uint64_t fpu_inf(int sign, int E, int M)
{
	return (sign ? FPU_SIGN_BIT(E, M) : 0) | ((uint64_t)FPU_EMAX_FIELD(E) << M);
}

FPU_INLINE uint64_t fpu_zero(int sign, int E, int M)
{
	return sign ? FPU_SIGN_BIT(E, M) : 0;
}

FPU_INLINE uint64_t fpu_canon_nan(int E, int M)
{
	return ((uint64_t)FPU_EMAX_FIELD(E) << M) | (1ull << (M - 1));
}

FPU_INLINE struct fpu_unp fpu_unpack(uint64_t bits, int E, int M)
{
	struct fpu_unp u;
	uint32_t ef = (uint32_t)(bits >> M) & FPU_EMAX_FIELD(E);
	uint64_t frac = bits & FPU_MAN_MASK(M);
	u.sign = (int)((bits >> (E + M)) & 1);
	u.exp = 0;
	u.sig = 0;
	if (ef == FPU_EMAX_FIELD(E)) {
		if (!frac)
			u.cls = FPU_INF;
		else
			u.cls = (frac >> (M - 1)) & 1 ? FPU_QNAN : FPU_SNAN;
	} else if (ef == 0) {
		if (!frac) {
			u.cls = FPU_ZERO;
		} else {
			int s = fpu_clz64(frac) - 1; /* bring the leading one to bit 62 */
			u.cls = FPU_FINITE;
			u.sig = frac << s;
			/* value = frac * 2^(1 - bias - M) = sig * 2^(exp - 62) */
			u.exp = 1 - FPU_BIAS(E) - M - (s - 62);
		}
	} else {
		u.cls = FPU_FINITE;
		u.sig = (frac | (1ull << M)) << (62 - M);
		u.exp = (int32_t)ef - FPU_BIAS(E);
	}
	return u;
}

FPU_INLINE int fpu_is_nan(const struct fpu_unp *u)
{
	return u->cls >= FPU_QNAN;
}

/* Round value = sig * 2^(exp - 62) (sig != 0, any bit may be the leading one) to the format,
 * raise OF/UF/NX as RISC-V defines them and return the bits. */
FPU_INLINE uint64_t fpu_round_pack(int sign, int32_t exp, uint64_t sig, unsigned rm,
                                   uint32_t *flags, int E, int M)
{
	const int32_t emin = 1 - FPU_BIAS(E), emax = FPU_BIAS(E);
	const unsigned drop = 62 - M;
	const uint64_t sbit = sign ? FPU_SIGN_BIT(E, M) : 0;
	int inexact;

	if (sig >> 63) {
		sig = fpu_jam64(sig, 1);
		exp++;
	} else {
		int s = fpu_clz64(sig) - 1;
		sig <<= s;
		exp -= s;
	}
	if (exp >= emin) {
		uint64_t r = fpu_round_shift(sig, drop, sign, rm, &inexact);
		if (r >> (M + 1)) { /* rounding carried into a new bit: r == 2^(M+1) */
			r >>= 1;
			exp++;
		}
		if (exp > emax) {
			*flags |= FPU_OF | FPU_NX;
			int to_inf;
			switch (rm) {
			case FPU_RM_RTZ:
			case FPU_RM_ROD: to_inf = 0; break;
			case FPU_RM_RDN: to_inf = sign; break;
			case FPU_RM_RUP: to_inf = !sign; break;
			default: to_inf = 1; break;
			}
			if (to_inf)
				return fpu_inf(sign, E, M);
			return sbit | ((uint64_t)(FPU_EMAX_FIELD(E) - 1) << M) | FPU_MAN_MASK(M);
		}
		if (inexact)
			*flags |= FPU_NX;
		return sbit | ((uint64_t)(exp + FPU_BIAS(E)) << M) | (r & FPU_MAN_MASK(M));
	}
	/* Below the normal range. Tininess is decided after rounding: only a value just below
	 * 2^emin that rounds (at full precision, unbounded exponent) up to 2^emin is not tiny. */
	int tiny = 1;
	if (exp == emin - 1) {
		int ix;
		if (fpu_round_shift(sig, drop, sign, rm, &ix) >> (M + 1))
			tiny = 0;
	}
	/* The subnormal LSB weighs 2^(emin - M); a result of 2^M is the smallest normal, whose
	 * encoding is exactly r (exponent field 1, fraction 0). */
	uint64_t r = fpu_round_shift(sig, drop + (unsigned)(emin - exp), sign, rm, &inexact);
	if (inexact) {
		*flags |= FPU_NX;
		if (tiny)
			*flags |= FPU_UF;
	}
	return sbit | r;
}

/* ---- add / mul / div / sqrt / fma -------------------------------------------------------- */

FPU_INLINE uint64_t fpu_nan_result(const struct fpu_unp *a, const struct fpu_unp *b,
                                   uint32_t *flags, int E, int M)
{
	if (a->cls == FPU_SNAN || (b && b->cls == FPU_SNAN))
		*flags |= FPU_NV;
	return fpu_canon_nan(E, M);
}

FPU_INLINE uint64_t fpu_add_gen(uint64_t abits, uint64_t bbits, unsigned rm, uint32_t *flags,
                                int E, int M)
{
	struct fpu_unp a = fpu_unpack(abits, E, M), b = fpu_unpack(bbits, E, M);
	if (fpu_is_nan(&a) || fpu_is_nan(&b))
		return fpu_nan_result(&a, &b, flags, E, M);
	if (a.cls == FPU_INF || b.cls == FPU_INF) {
		if (a.cls == FPU_INF && b.cls == FPU_INF && a.sign != b.sign) {
			*flags |= FPU_NV;
			return fpu_canon_nan(E, M);
		}
		return a.cls == FPU_INF ? abits : bbits;
	}
	if (a.cls == FPU_ZERO && b.cls == FPU_ZERO)
		return fpu_zero(a.sign == b.sign ? a.sign : rm == FPU_RM_RDN, E, M);
	if (a.cls == FPU_ZERO)
		return bbits;
	if (b.cls == FPU_ZERO)
		return abits;
	if (a.exp < b.exp || (a.exp == b.exp && a.sig < b.sig)) {
		struct fpu_unp t = a;
		a = b;
		b = t;
	}
	/* |a| >= |b| now; the jammed bits of b lie far below the rounding position */
	uint64_t bs = fpu_jam64(b.sig, (unsigned)(a.exp - b.exp));
	if (a.sign == b.sign)
		return fpu_round_pack(a.sign, a.exp, a.sig + bs, rm, flags, E, M);
	uint64_t d = a.sig - bs;
	if (!d)
		return fpu_zero(rm == FPU_RM_RDN, E, M);
	return fpu_round_pack(a.sign, a.exp, d, rm, flags, E, M);
}

FPU_INLINE uint64_t fpu_mul_gen(uint64_t abits, uint64_t bbits, unsigned rm, uint32_t *flags,
                                int E, int M)
{
	struct fpu_unp a = fpu_unpack(abits, E, M), b = fpu_unpack(bbits, E, M);
	int sign = a.sign ^ b.sign;
	if (fpu_is_nan(&a) || fpu_is_nan(&b))
		return fpu_nan_result(&a, &b, flags, E, M);
	if (a.cls == FPU_INF || b.cls == FPU_INF) {
		if (a.cls == FPU_ZERO || b.cls == FPU_ZERO) {
			*flags |= FPU_NV;
			return fpu_canon_nan(E, M);
		}
		return fpu_inf(sign, E, M);
	}
	if (a.cls == FPU_ZERO || b.cls == FPU_ZERO)
		return fpu_zero(sign, E, M);
	fpu_u128 p = (fpu_u128)a.sig * b.sig; /* < 2^126, value p * 2^(ea + eb - 124) */
	uint64_t s = (uint64_t)(p >> 62) | ((uint64_t)p & ((1ull << 62) - 1) ? 1 : 0);
	return fpu_round_pack(sign, a.exp + b.exp, s, rm, flags, E, M);
}

FPU_INLINE uint64_t fpu_div_gen(uint64_t abits, uint64_t bbits, unsigned rm, uint32_t *flags,
                                int E, int M)
{
	struct fpu_unp a = fpu_unpack(abits, E, M), b = fpu_unpack(bbits, E, M);
	int sign = a.sign ^ b.sign;
	if (fpu_is_nan(&a) || fpu_is_nan(&b))
		return fpu_nan_result(&a, &b, flags, E, M);
	if (a.cls == FPU_INF) {
		if (b.cls == FPU_INF) {
			*flags |= FPU_NV;
			return fpu_canon_nan(E, M);
		}
		return fpu_inf(sign, E, M);
	}
	if (b.cls == FPU_INF)
		return fpu_zero(sign, E, M);
	if (b.cls == FPU_ZERO) {
		if (a.cls == FPU_ZERO) {
			*flags |= FPU_NV;
			return fpu_canon_nan(E, M);
		}
		*flags |= FPU_DZ;
		return fpu_inf(sign, E, M);
	}
	if (a.cls == FPU_ZERO)
		return fpu_zero(sign, E, M);
	uint64_t q, r;
	if (M <= 30) {
		/* binary32: a 64-bit division is enough. b.sig >> 39 is the 24-bit significand, so
		 * q = a.sig / sb lies in (2^38, 2^40) and value = q * 2^(ea - eb - 39). */
		uint64_t dv = b.sig >> (62 - M);
		q = a.sig / dv;
		r = a.sig % dv;
		return fpu_round_pack(sign, a.exp - b.exp + M, q | (r != 0), rm, flags, E, M);
	}
	fpu_u128 n = (fpu_u128)a.sig << 62; /* q = n / b.sig in (2^61, 2^63) */
	q = (uint64_t)(n / b.sig);
	r = (uint64_t)(n % b.sig);
	return fpu_round_pack(sign, a.exp - b.exp, q | (r != 0), rm, flags, E, M);
}

/* floor(sqrt(x)) of a 128-bit x < 2^126, and whether the root is inexact. */
static uint64_t fpu_isqrt128(fpu_u128 x, int *inexact)
{
	/* Start from the host's double root (good to ~50 bits), then correct exactly. */
	uint64_t hi = (uint64_t)(x >> 64), lo = (uint64_t)x;
	double xd = (double)hi * 18446744073709551616.0 + (double)lo;
	double rd = __builtin_sqrt(xd);
	uint64_t r = rd >= 9223372036854775808.0 ? (1ull << 63) - 1 : (uint64_t)rd;
	/* Newton step in integers: r = (r + x / r) / 2 brings the error to a few units */
	if (r == 0)
		r = 1;
	fpu_u128 q = x / r;
	fpu_u128 t = ((fpu_u128)r + q) >> 1;
	r = t > (((fpu_u128)1 << 63) - 1) ? (1ull << 63) - 1 : (uint64_t)t;
	while ((fpu_u128)r * r > x)
		r--;
	while ((fpu_u128)(r + 1) * (r + 1) <= x)
		r++;
	*inexact = (fpu_u128)r * r != x;
	return r;
}

FPU_INLINE uint64_t fpu_sqrt_gen(uint64_t abits, unsigned rm, uint32_t *flags, int E, int M)
{
	struct fpu_unp a = fpu_unpack(abits, E, M);
	if (fpu_is_nan(&a))
		return fpu_nan_result(&a, NULL, flags, E, M);
	if (a.cls == FPU_ZERO)
		return abits;
	if (a.sign) {
		*flags |= FPU_NV;
		return fpu_canon_nan(E, M);
	}
	if (a.cls == FPU_INF)
		return abits;
	/* value = sig * 2^(exp - 62); scale sig by 2^k so that exp - 62 - k is even */
	unsigned k = 62 + (unsigned)(a.exp & 1);
	int inexact;
	uint64_t r = fpu_isqrt128((fpu_u128)a.sig << k, &inexact);
	int32_t e = (a.exp - 62 - (int32_t)k) / 2 + 62;
	return fpu_round_pack(0, e, r | (uint64_t)inexact, rm, flags, E, M);
}

FPU_INLINE uint64_t fpu_madd_gen(uint64_t abits, uint64_t bbits, uint64_t cbits,
                                 unsigned negate, unsigned rm, uint32_t *flags, int E, int M)
{
	struct fpu_unp a = fpu_unpack(abits, E, M), b = fpu_unpack(bbits, E, M);
	struct fpu_unp c = fpu_unpack(cbits, E, M);
	int inf_times_zero = (a.cls == FPU_INF && b.cls == FPU_ZERO) ||
	                     (a.cls == FPU_ZERO && b.cls == FPU_INF);
	if (fpu_is_nan(&a) || fpu_is_nan(&b) || fpu_is_nan(&c)) {
		/* inf * 0 is invalid even when the addend is a quiet NaN */
		if (a.cls == FPU_SNAN || b.cls == FPU_SNAN || c.cls == FPU_SNAN || inf_times_zero)
			*flags |= FPU_NV;
		return fpu_canon_nan(E, M);
	}
	if (inf_times_zero) {
		*flags |= FPU_NV;
		return fpu_canon_nan(E, M);
	}
	int sp = a.sign ^ b.sign ^ (int)(negate & FPU_MADD_NEG_PROD);
	int sc = c.sign ^ (int)((negate & FPU_MADD_NEG_ADDEND) >> 1);
	if (a.cls == FPU_INF || b.cls == FPU_INF) {
		if (c.cls == FPU_INF && sc != sp) {
			*flags |= FPU_NV;
			return fpu_canon_nan(E, M);
		}
		return fpu_inf(sp, E, M);
	}
	if (c.cls == FPU_INF)
		return fpu_inf(sc, E, M);
	if (a.cls == FPU_ZERO || b.cls == FPU_ZERO) {
		if (c.cls == FPU_ZERO)
			return fpu_zero(sp == sc ? sp : rm == FPU_RM_RDN, E, M);
		return (cbits & ~FPU_SIGN_BIT(E, M)) | (sc ? FPU_SIGN_BIT(E, M) : 0);
	}
	fpu_u128 p = (fpu_u128)a.sig * b.sig; /* value p * 2^(ep - 124), p < 2^126 */
	int32_t ep = a.exp + b.exp;
	if (c.cls == FPU_ZERO) {
		uint64_t s = (uint64_t)(p >> 62) | ((uint64_t)p & ((1ull << 62) - 1) ? 1 : 0);
		return fpu_round_pack(sp, ep, s, rm, flags, E, M);
	}
	fpu_u128 cc = (fpu_u128)c.sig << 62; /* value cc * 2^(ec - 124), cc < 2^125 */
	int32_t ex;
	if (ep >= c.exp) {
		cc = fpu_jam128(cc, (unsigned)(ep - c.exp));
		ex = ep;
	} else {
		p = fpu_jam128(p, (unsigned)(c.exp - ep));
		ex = c.exp;
	}
	fpu_u128 x;
	int sign;
	if (sp == sc) {
		x = p + cc;
		sign = sp;
	} else if (p >= cc) {
		x = p - cc;
		sign = sp;
	} else {
		x = cc - p;
		sign = sc;
	}
	if (!x)
		return fpu_zero(rm == FPU_RM_RDN, E, M);
	/* value x * 2^(ex - 124); bring the leading one (bit L) to bit 62 of a 64-bit sig */
	int lead = 127 - fpu_clz128(x);
	uint64_t s;
	if (lead >= 62)
		s = (uint64_t)fpu_jam128(x, (unsigned)(lead - 62));
	else
		s = (uint64_t)x << (62 - lead);
	return fpu_round_pack(sign, ex - 124 + lead, s, rm, flags, E, M);
}

/* ---- min / max / compare / class -------------------------------------------------------- */

/* a < b in the total order of non-NaN values with -0 < +0. */
FPU_INLINE int fpu_less_signed_zero(uint64_t a, uint64_t b, int E, int M)
{
	int sa = (int)((a >> (E + M)) & 1), sb = (int)((b >> (E + M)) & 1);
	if (sa != sb)
		return sa;
	return sa ? a > b : a < b;
}

FPU_INLINE uint64_t fpu_minmax_gen(uint64_t abits, uint64_t bbits, int is_max, uint32_t *flags,
                                   int E, int M)
{
	struct fpu_unp a = fpu_unpack(abits, E, M), b = fpu_unpack(bbits, E, M);
	if (a.cls == FPU_SNAN || b.cls == FPU_SNAN)
		*flags |= FPU_NV;
	if (fpu_is_nan(&a) && fpu_is_nan(&b))
		return fpu_canon_nan(E, M);
	if (fpu_is_nan(&a))
		return bbits;
	if (fpu_is_nan(&b))
		return abits;
	int a_less = fpu_less_signed_zero(abits, bbits, E, M);
	return (a_less ^ is_max) ? abits : bbits;
}

/* Comparison ops of fpu_cmp_gen: the signaling ones raise NV on any NaN operand, the quiet
 * ones (eq, and Zfa's ltq/leq) on a signaling NaN only. */
enum { FPU_CMP_EQ, FPU_CMP_LT, FPU_CMP_LE, FPU_CMP_LTQ, FPU_CMP_LEQ };

/* 1 if the relation op holds (IEEE: -0 == +0), 0 if not or unordered. */
FPU_INLINE int fpu_cmp_gen(uint64_t abits, uint64_t bbits, int op, uint32_t *flags, int E, int M)
{
	struct fpu_unp a = fpu_unpack(abits, E, M), b = fpu_unpack(bbits, E, M);
	if (fpu_is_nan(&a) || fpu_is_nan(&b)) {
		int signaling = op == FPU_CMP_LT || op == FPU_CMP_LE;
		if (signaling || a.cls == FPU_SNAN || b.cls == FPU_SNAN)
			*flags |= FPU_NV;
		return 0;
	}
	int both_zero = a.cls == FPU_ZERO && b.cls == FPU_ZERO;
	int eq = abits == bbits || both_zero;
	if (op == FPU_CMP_EQ)
		return eq;
	int lt = !both_zero && fpu_less_signed_zero(abits, bbits, E, M);
	return op == FPU_CMP_LT || op == FPU_CMP_LTQ ? lt : (lt || eq);
}

FPU_INLINE unsigned fpu_class_gen(uint64_t bits, int E, int M)
{
	uint32_t ef = (uint32_t)(bits >> M) & FPU_EMAX_FIELD(E);
	uint64_t frac = bits & FPU_MAN_MASK(M);
	int sign = (int)((bits >> (E + M)) & 1);
	if (ef == FPU_EMAX_FIELD(E)) {
		if (frac)
			return (frac >> (M - 1)) & 1 ? FPU_CLASS_QNAN : FPU_CLASS_SNAN;
		return sign ? FPU_CLASS_NEG_INF : FPU_CLASS_POS_INF;
	}
	if (ef == 0) {
		if (!frac)
			return sign ? FPU_CLASS_NEG_ZERO : FPU_CLASS_POS_ZERO;
		return sign ? FPU_CLASS_NEG_SUB : FPU_CLASS_POS_SUB;
	}
	return sign ? FPU_CLASS_NEG_NORM : FPU_CLASS_POS_NORM;
}

FPU_INLINE uint64_t fpu_sgnj_gen(uint64_t a, uint64_t b, unsigned mode, int E, int M)
{
	const uint64_t sb = FPU_SIGN_BIT(E, M);
	uint64_t s;
	switch (mode) {
	case 0: s = b & sb; break;
	case 1: s = ~b & sb; break;
	default: s = (a ^ b) & sb; break;
	}
	return (a & ~sb) | s;
}

/* ---- conversions --------------------------------------------------------------------- */

/* To an integer of `bits` (32 or 64) width, signed or not. Returns the two's-complement
 * pattern of the result in 64 bits (32-bit results not yet sign-extended). */
FPU_INLINE uint64_t fpu_to_int_gen(uint64_t abits, unsigned rm, uint32_t *flags, int is_signed,
                                   int bits, int E, int M)
{
	const uint64_t umax = bits == 64 ? ~0ull : (1ull << bits) - 1;
	const uint64_t smax = umax >> 1;        /* 2^(bits-1) - 1 */
	const uint64_t max = is_signed ? smax : umax;
	const uint64_t min = is_signed ? smax + 1 : 0; /* pattern of -2^(bits-1) (mod 2^bits) */
	struct fpu_unp a = fpu_unpack(abits, E, M);
	uint64_t mag;
	int inexact = 0;
	switch (a.cls) {
	case FPU_QNAN:
	case FPU_SNAN:
		*flags |= FPU_NV;
		return max;
	case FPU_INF:
		*flags |= FPU_NV;
		return a.sign ? min : max;
	case FPU_ZERO:
		return 0;
	default:
		break;
	}
	if (a.exp >= 64)
		goto invalid;
	if (a.exp >= 62)
		mag = a.sig << (a.exp - 62);
	else
		mag = fpu_round_shift(a.sig, (unsigned)(62 - a.exp), a.sign, rm, &inexact);
	if (is_signed) {
		if (a.sign ? mag > smax + 1 : mag > smax)
			goto invalid;
		mag = a.sign ? 0 - mag : mag;
	} else {
		if (a.sign ? mag != 0 : mag > umax)
			goto invalid;
	}
	if (inexact)
		*flags |= FPU_NX;
	return bits == 64 ? mag : mag & umax;
invalid:
	*flags |= FPU_NV;
	return a.sign ? min : max;
}

FPU_INLINE uint64_t fpu_from_int_gen(int sign, uint64_t mag, unsigned rm, uint32_t *flags,
                                     int E, int M)
{
	if (!mag)
		return 0;
	return fpu_round_pack(sign, 62, mag, rm, flags, E, M);
}

/* ---- public entry points --------------------------------------------------------------- */

#define S_ FPU_S_E, FPU_S_M
#define D_ FPU_D_E, FPU_D_M

/* The integer path alone: the reference the host path below is tested against. */

uint32_t fpu_ref_add_s(uint32_t a, uint32_t b, unsigned rm, uint32_t *flags)
{
	return (uint32_t)fpu_add_gen(a, b, rm, flags, S_);
}

uint32_t fpu_ref_mul_s(uint32_t a, uint32_t b, unsigned rm, uint32_t *flags)
{
	return (uint32_t)fpu_mul_gen(a, b, rm, flags, S_);
}

uint32_t fpu_ref_div_s(uint32_t a, uint32_t b, unsigned rm, uint32_t *flags)
{
	return (uint32_t)fpu_div_gen(a, b, rm, flags, S_);
}

uint32_t fpu_ref_sqrt_s(uint32_t a, unsigned rm, uint32_t *flags)
{
	return (uint32_t)fpu_sqrt_gen(a, rm, flags, S_);
}

uint32_t fpu_ref_madd_s(uint32_t a, uint32_t b, uint32_t c, unsigned negate, unsigned rm,
                        uint32_t *flags)
{
	return (uint32_t)fpu_madd_gen(a, b, c, negate, rm, flags, S_);
}

uint64_t fpu_ref_add_d(uint64_t a, uint64_t b, unsigned rm, uint32_t *flags)
{
	return fpu_add_gen(a, b, rm, flags, D_);
}

uint64_t fpu_ref_mul_d(uint64_t a, uint64_t b, unsigned rm, uint32_t *flags)
{
	return fpu_mul_gen(a, b, rm, flags, D_);
}

uint64_t fpu_ref_div_d(uint64_t a, uint64_t b, unsigned rm, uint32_t *flags)
{
	return fpu_div_gen(a, b, rm, flags, D_);
}

uint64_t fpu_ref_sqrt_d(uint64_t a, unsigned rm, uint32_t *flags)
{
	return fpu_sqrt_gen(a, rm, flags, D_);
}

uint64_t fpu_ref_madd_d(uint64_t a, uint64_t b, uint64_t c, unsigned negate, unsigned rm,
                        uint32_t *flags)
{
	return fpu_madd_gen(a, b, c, negate, rm, flags, D_);
}

uint32_t fpu_ref_cvt_s_d(uint64_t a, unsigned rm, uint32_t *flags)
{
	struct fpu_unp u = fpu_unpack(a, D_);
	switch (u.cls) {
	case FPU_QNAN:
	case FPU_SNAN:
		return (uint32_t)fpu_nan_result(&u, NULL, flags, S_);
	case FPU_INF:
		return (uint32_t)fpu_inf(u.sign, S_);
	case FPU_ZERO:
		return (uint32_t)fpu_zero(u.sign, S_);
	default:
		return (uint32_t)fpu_round_pack(u.sign, u.exp, u.sig, rm, flags, S_);
	}
}

int64_t fpu_ref_cvt_l_d(uint64_t a, unsigned rm, uint32_t *flags)
{
	return (int64_t)fpu_to_int_gen(a, rm, flags, 1, 64, D_);
}

int64_t fpu_ref_cvt_w_d(uint64_t a, unsigned rm, uint32_t *flags)
{
	return (int32_t)(uint32_t)fpu_to_int_gen(a, rm, flags, 1, 32, D_);
}

uint64_t fpu_ref_cvt_d_l(int64_t v, unsigned rm, uint32_t *flags)
{
	uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	return fpu_from_int_gen(v < 0, mag, rm, flags, D_);
}

uint32_t fpu_add_s(uint32_t a, uint32_t b, unsigned rm, uint32_t *flags)
{
#ifdef FPU_HOST
	uint32_t r;
	if (rm == FPU_RM_RNE && fpu_rne_add_s(a, b, &r, flags))
		return r;
	if (fpu_host_ok_s(FPU_HOST_ADD, rm, a, b, 0))
		return fpu_host_s(FPU_HOST_ADD, a, b, 0, rm, flags);
#endif
	return (uint32_t)fpu_add_gen(a, b, rm, flags, S_);
}

uint32_t fpu_sub_s(uint32_t a, uint32_t b, unsigned rm, uint32_t *flags)
{
	return fpu_add_s(a, b ^ 0x80000000u, rm, flags);
}

uint32_t fpu_mul_s(uint32_t a, uint32_t b, unsigned rm, uint32_t *flags)
{
#ifdef FPU_HOST
	uint32_t r;
	if (rm == FPU_RM_RNE && fpu_rne_mul_s(a, b, &r, flags))
		return r;
	if (fpu_host_ok_s(FPU_HOST_MUL, rm, a, b, 0))
		return fpu_host_s(FPU_HOST_MUL, a, b, 0, rm, flags);
#endif
	return (uint32_t)fpu_mul_gen(a, b, rm, flags, S_);
}

uint32_t fpu_div_s(uint32_t a, uint32_t b, unsigned rm, uint32_t *flags)
{
#ifdef FPU_HOST
	uint32_t r;
	if (rm == FPU_RM_RNE && fpu_rne_div_s(a, b, &r, flags))
		return r;
	if (fpu_host_ok_s(FPU_HOST_DIV, rm, a, b, 0))
		return fpu_host_s(FPU_HOST_DIV, a, b, 0, rm, flags);
#endif
	return (uint32_t)fpu_div_gen(a, b, rm, flags, S_);
}

uint32_t fpu_sqrt_s(uint32_t a, unsigned rm, uint32_t *flags)
{
#ifdef FPU_HOST
	uint32_t r;
	if (rm == FPU_RM_RNE && fpu_rne_sqrt_s(a, &r, flags))
		return r;
	if (fpu_host_ok_s(FPU_HOST_SQRT, rm, a, a, 0))
		return fpu_host_s(FPU_HOST_SQRT, a, a, 0, rm, flags);
#endif
	return (uint32_t)fpu_sqrt_gen(a, rm, flags, S_);
}

uint32_t fpu_madd_s(uint32_t a, uint32_t b, uint32_t c, unsigned negate, unsigned rm,
                    uint32_t *flags)
{
#ifdef FPU_HOST
	/* -(a*b) is (-a)*b exactly, signs of zero included */
	if (fpu_host_ok_s(FPU_HOST_FMA, rm, a, b, c))
		return fpu_host_s(FPU_HOST_FMA, a ^ (negate & FPU_MADD_NEG_PROD ? 0x80000000u : 0), b,
		                  c ^ (negate & FPU_MADD_NEG_ADDEND ? 0x80000000u : 0), rm, flags);
#endif
	return (uint32_t)fpu_madd_gen(a, b, c, negate, rm, flags, S_);
}

uint64_t fpu_add_d(uint64_t a, uint64_t b, unsigned rm, uint32_t *flags)
{
#ifdef FPU_HOST
	uint64_t r;
	if (rm == FPU_RM_RNE && fpu_rne_add_d(a, b, &r, flags))
		return r;
	if (fpu_host_ok_d(FPU_HOST_ADD, rm, a, b, 0))
		return fpu_host_d(FPU_HOST_ADD, a, b, 0, rm, flags);
#endif
	return fpu_add_gen(a, b, rm, flags, D_);
}

uint64_t fpu_sub_d(uint64_t a, uint64_t b, unsigned rm, uint32_t *flags)
{
	return fpu_add_d(a, b ^ (1ull << 63), rm, flags);
}

uint64_t fpu_mul_d(uint64_t a, uint64_t b, unsigned rm, uint32_t *flags)
{
#ifdef FPU_HOST
	uint64_t r;
	if (rm == FPU_RM_RNE && fpu_rne_mul_d(a, b, &r, flags))
		return r;
	if (fpu_host_ok_d(FPU_HOST_MUL, rm, a, b, 0))
		return fpu_host_d(FPU_HOST_MUL, a, b, 0, rm, flags);
#endif
	return fpu_mul_gen(a, b, rm, flags, D_);
}

uint64_t fpu_div_d(uint64_t a, uint64_t b, unsigned rm, uint32_t *flags)
{
#ifdef FPU_HOST
	uint64_t r;
	if (rm == FPU_RM_RNE && fpu_rne_div_d(a, b, &r, flags))
		return r;
	if (fpu_host_ok_d(FPU_HOST_DIV, rm, a, b, 0))
		return fpu_host_d(FPU_HOST_DIV, a, b, 0, rm, flags);
#endif
	return fpu_div_gen(a, b, rm, flags, D_);
}

uint64_t fpu_sqrt_d(uint64_t a, unsigned rm, uint32_t *flags)
{
#ifdef FPU_HOST
	uint64_t r;
	if (rm == FPU_RM_RNE && fpu_rne_sqrt_d(a, &r, flags))
		return r;
	if (fpu_host_ok_d(FPU_HOST_SQRT, rm, a, a, 0))
		return fpu_host_d(FPU_HOST_SQRT, a, a, 0, rm, flags);
#endif
	return fpu_sqrt_gen(a, rm, flags, D_);
}

uint64_t fpu_madd_d(uint64_t a, uint64_t b, uint64_t c, unsigned negate, unsigned rm,
                    uint32_t *flags)
{
#ifdef FPU_HOST
	if (fpu_host_ok_d(FPU_HOST_FMA, rm, a, b, c))
		return fpu_host_d(FPU_HOST_FMA, a ^ (negate & FPU_MADD_NEG_PROD ? 1ull << 63 : 0), b,
		                  c ^ (negate & FPU_MADD_NEG_ADDEND ? 1ull << 63 : 0), rm, flags);
#endif
	return fpu_madd_gen(a, b, c, negate, rm, flags, D_);
}

uint32_t fpu_min_s(uint32_t a, uint32_t b, uint32_t *flags)
{
	return (uint32_t)fpu_minmax_gen(a, b, 0, flags, S_);
}

uint32_t fpu_max_s(uint32_t a, uint32_t b, uint32_t *flags)
{
	return (uint32_t)fpu_minmax_gen(a, b, 1, flags, S_);
}

uint64_t fpu_min_d(uint64_t a, uint64_t b, uint32_t *flags)
{
	return fpu_minmax_gen(a, b, 0, flags, D_);
}

uint64_t fpu_max_d(uint64_t a, uint64_t b, uint32_t *flags)
{
	return fpu_minmax_gen(a, b, 1, flags, D_);
}

int fpu_eq_s(uint32_t a, uint32_t b, uint32_t *flags)
{
	return fpu_cmp_gen(a, b, FPU_CMP_EQ, flags, S_);
}
int fpu_lt_s(uint32_t a, uint32_t b, uint32_t *flags)
{
	return fpu_cmp_gen(a, b, FPU_CMP_LT, flags, S_);
}
int fpu_le_s(uint32_t a, uint32_t b, uint32_t *flags)
{
	return fpu_cmp_gen(a, b, FPU_CMP_LE, flags, S_);
}
int fpu_eq_d(uint64_t a, uint64_t b, uint32_t *flags)
{
	return fpu_cmp_gen(a, b, FPU_CMP_EQ, flags, D_);
}
int fpu_lt_d(uint64_t a, uint64_t b, uint32_t *flags)
{
	return fpu_cmp_gen(a, b, FPU_CMP_LT, flags, D_);
}
int fpu_le_d(uint64_t a, uint64_t b, uint32_t *flags)
{
	return fpu_cmp_gen(a, b, FPU_CMP_LE, flags, D_);
}

unsigned fpu_class_s(uint32_t a) { return fpu_class_gen(a, S_); }
unsigned fpu_class_d(uint64_t a) { return fpu_class_gen(a, D_); }

uint32_t fpu_sgnj_s(uint32_t a, uint32_t b, unsigned mode)
{
	return (uint32_t)fpu_sgnj_gen(a, b, mode, S_);
}

uint64_t fpu_sgnj_d(uint64_t a, uint64_t b, unsigned mode)
{
	return fpu_sgnj_gen(a, b, mode, D_);
}

int64_t fpu_cvt_w_s(uint32_t a, unsigned rm, uint32_t *flags)
{
	return (int32_t)(uint32_t)fpu_to_int_gen(a, rm, flags, 1, 32, S_);
}

int64_t fpu_cvt_wu_s(uint32_t a, unsigned rm, uint32_t *flags)
{
	return (int32_t)(uint32_t)fpu_to_int_gen(a, rm, flags, 0, 32, S_);
}

int64_t fpu_cvt_l_s(uint32_t a, unsigned rm, uint32_t *flags)
{
	return (int64_t)fpu_to_int_gen(a, rm, flags, 1, 64, S_);
}

uint64_t fpu_cvt_lu_s(uint32_t a, unsigned rm, uint32_t *flags)
{
	return fpu_to_int_gen(a, rm, flags, 0, 64, S_);
}

int64_t fpu_cvt_w_d(uint64_t a, unsigned rm, uint32_t *flags)
{
#ifdef FPU_HOST
	int64_t r;
	if (rm == FPU_RM_RTZ ? fpu_rtz_cvt_w_d(a, &r, flags) : fpu_host_cvt_w_d(a, rm, flags, &r))
		return r;
#endif
	return fpu_ref_cvt_w_d(a, rm, flags);
}

int64_t fpu_cvt_wu_d(uint64_t a, unsigned rm, uint32_t *flags)
{
	return (int32_t)(uint32_t)fpu_to_int_gen(a, rm, flags, 0, 32, D_);
}

int64_t fpu_cvt_l_d(uint64_t a, unsigned rm, uint32_t *flags)
{
#ifdef FPU_HOST
	int64_t r;
	if (rm == FPU_RM_RTZ ? fpu_rtz_cvt_l_d(a, &r, flags) : fpu_host_cvt_l_d(a, rm, flags, &r))
		return r;
#endif
	return fpu_ref_cvt_l_d(a, rm, flags);
}

uint64_t fpu_cvt_lu_d(uint64_t a, unsigned rm, uint32_t *flags)
{
	return fpu_to_int_gen(a, rm, flags, 0, 64, D_);
}

uint32_t fpu_cvt_s_w(int32_t v, unsigned rm, uint32_t *flags)
{
	uint64_t mag = v < 0 ? 0 - (uint64_t)(int64_t)v : (uint64_t)v;
	return (uint32_t)fpu_from_int_gen(v < 0, mag, rm, flags, S_);
}

uint32_t fpu_cvt_s_wu(uint32_t v, unsigned rm, uint32_t *flags)
{
	return (uint32_t)fpu_from_int_gen(0, v, rm, flags, S_);
}

uint32_t fpu_cvt_s_l(int64_t v, unsigned rm, uint32_t *flags)
{
	uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	return (uint32_t)fpu_from_int_gen(v < 0, mag, rm, flags, S_);
}

uint32_t fpu_cvt_s_lu(uint64_t v, unsigned rm, uint32_t *flags)
{
	return (uint32_t)fpu_from_int_gen(0, v, rm, flags, S_);
}

uint64_t fpu_cvt_d_w(int32_t v, unsigned rm, uint32_t *flags)
{
	uint64_t mag = v < 0 ? 0 - (uint64_t)(int64_t)v : (uint64_t)v;
	return fpu_from_int_gen(v < 0, mag, rm, flags, D_);
}

uint64_t fpu_cvt_d_wu(uint32_t v, unsigned rm, uint32_t *flags)
{
	return fpu_from_int_gen(0, v, rm, flags, D_);
}

uint64_t fpu_cvt_d_l(int64_t v, unsigned rm, uint32_t *flags)
{
#ifdef FPU_HOST
	if (rm == FPU_RM_RNE)
		return fpu_rne_cvt_d_l(v, flags);
	if (rm < FPU_RM_RMM)
		return fpu_host_cvt_d_l(v, rm, flags);
#endif
	return fpu_ref_cvt_d_l(v, rm, flags);
}

uint64_t fpu_cvt_d_lu(uint64_t v, unsigned rm, uint32_t *flags)
{
	return fpu_from_int_gen(0, v, rm, flags, D_);
}

uint32_t fpu_cvt_s_d(uint64_t a, unsigned rm, uint32_t *flags)
{
#ifdef FPU_HOST
	uint32_t r;
	if (rm == FPU_RM_RNE && fpu_rne_cvt_s_d(a, &r, flags))
		return r;
	if (rm < FPU_RM_RMM && !fpu_nan_bits_d(a))
		return fpu_host_cvt_s_d(a, rm, flags);
#endif
	return fpu_ref_cvt_s_d(a, rm, flags);
}

uint64_t fpu_cvt_d_s(uint32_t a, uint32_t *flags)
{
	struct fpu_unp u = fpu_unpack(a, S_);
	switch (u.cls) {
	case FPU_QNAN:
	case FPU_SNAN:
		return fpu_nan_result(&u, NULL, flags, D_);
	case FPU_INF:
		return fpu_inf(u.sign, D_);
	case FPU_ZERO:
		return fpu_zero(u.sign, D_);
	default:
		return fpu_round_pack(u.sign, u.exp, u.sig, FPU_RM_RNE, flags, D_);
	}
}


/* ---- binary16 (Zfh, Zfhmin) ------------------------------------------------------------- */

#define H_ FPU_H_E, FPU_H_M

/* A finite or special value of one format converted to another: NaN to the canonical NaN
 * (NV if signaling), infinities and zeros keep their sign, finite values round once. */
FPU_INLINE uint64_t fpu_cvt_fmt_gen(uint64_t bits, unsigned rm, uint32_t *flags, int E1, int M1,
                                    int E2, int M2)
{
	struct fpu_unp u = fpu_unpack(bits, E1, M1);
	switch (u.cls) {
	case FPU_QNAN:
	case FPU_SNAN:
		return fpu_nan_result(&u, NULL, flags, E2, M2);
	case FPU_INF:
		return fpu_inf(u.sign, E2, M2);
	case FPU_ZERO:
		return fpu_zero(u.sign, E2, M2);
	default:
		return fpu_round_pack(u.sign, u.exp, u.sig, rm, flags, E2, M2);
	}
}

uint16_t fpu_add_h(uint16_t a, uint16_t b, unsigned rm, uint32_t *flags)
{
	return (uint16_t)fpu_add_gen(a, b, rm, flags, H_);
}

uint16_t fpu_sub_h(uint16_t a, uint16_t b, unsigned rm, uint32_t *flags)
{
	return (uint16_t)fpu_add_gen(a, b ^ 0x8000u, rm, flags, H_);
}

uint16_t fpu_mul_h(uint16_t a, uint16_t b, unsigned rm, uint32_t *flags)
{
	return (uint16_t)fpu_mul_gen(a, b, rm, flags, H_);
}

uint16_t fpu_div_h(uint16_t a, uint16_t b, unsigned rm, uint32_t *flags)
{
	return (uint16_t)fpu_div_gen(a, b, rm, flags, H_);
}

uint16_t fpu_sqrt_h(uint16_t a, unsigned rm, uint32_t *flags)
{
	return (uint16_t)fpu_sqrt_gen(a, rm, flags, H_);
}

uint16_t fpu_madd_h(uint16_t a, uint16_t b, uint16_t c, unsigned negate, unsigned rm,
                    uint32_t *flags)
{
	return (uint16_t)fpu_madd_gen(a, b, c, negate, rm, flags, H_);
}

uint16_t fpu_min_h(uint16_t a, uint16_t b, uint32_t *flags)
{
	return (uint16_t)fpu_minmax_gen(a, b, 0, flags, H_);
}

uint16_t fpu_max_h(uint16_t a, uint16_t b, uint32_t *flags)
{
	return (uint16_t)fpu_minmax_gen(a, b, 1, flags, H_);
}

int fpu_eq_h(uint16_t a, uint16_t b, uint32_t *flags)
{
	return fpu_cmp_gen(a, b, FPU_CMP_EQ, flags, H_);
}

int fpu_lt_h(uint16_t a, uint16_t b, uint32_t *flags)
{
	return fpu_cmp_gen(a, b, FPU_CMP_LT, flags, H_);
}

int fpu_le_h(uint16_t a, uint16_t b, uint32_t *flags)
{
	return fpu_cmp_gen(a, b, FPU_CMP_LE, flags, H_);
}

unsigned fpu_class_h(uint16_t a)
{
	return fpu_class_gen(a, H_);
}

uint16_t fpu_sgnj_h(uint16_t a, uint16_t b, unsigned mode)
{
	return (uint16_t)fpu_sgnj_gen(a, b, mode, H_);
}

int64_t fpu_cvt_w_h(uint16_t a, unsigned rm, uint32_t *flags)
{
	return (int32_t)(uint32_t)fpu_to_int_gen(a, rm, flags, 1, 32, H_);
}

int64_t fpu_cvt_wu_h(uint16_t a, unsigned rm, uint32_t *flags)
{
	return (int32_t)(uint32_t)fpu_to_int_gen(a, rm, flags, 0, 32, H_);
}

int64_t fpu_cvt_l_h(uint16_t a, unsigned rm, uint32_t *flags)
{
	return (int64_t)fpu_to_int_gen(a, rm, flags, 1, 64, H_);
}

uint64_t fpu_cvt_lu_h(uint16_t a, unsigned rm, uint32_t *flags)
{
	return fpu_to_int_gen(a, rm, flags, 0, 64, H_);
}

uint16_t fpu_cvt_h_w(int32_t v, unsigned rm, uint32_t *flags)
{
	uint64_t mag = v < 0 ? 0 - (uint64_t)(int64_t)v : (uint64_t)v;
	return (uint16_t)fpu_from_int_gen(v < 0, mag, rm, flags, H_);
}

uint16_t fpu_cvt_h_wu(uint32_t v, unsigned rm, uint32_t *flags)
{
	return (uint16_t)fpu_from_int_gen(0, v, rm, flags, H_);
}

uint16_t fpu_cvt_h_l(int64_t v, unsigned rm, uint32_t *flags)
{
	uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	return (uint16_t)fpu_from_int_gen(v < 0, mag, rm, flags, H_);
}

uint16_t fpu_cvt_h_lu(uint64_t v, unsigned rm, uint32_t *flags)
{
	return (uint16_t)fpu_from_int_gen(0, v, rm, flags, H_);
}

uint32_t fpu_cvt_s_h(uint16_t a, uint32_t *flags)
{
	return (uint32_t)fpu_cvt_fmt_gen(a, FPU_RM_RNE, flags, H_, S_);
}

uint64_t fpu_cvt_d_h(uint16_t a, uint32_t *flags)
{
	return fpu_cvt_fmt_gen(a, FPU_RM_RNE, flags, H_, D_);
}

uint16_t fpu_cvt_h_s(uint32_t a, unsigned rm, uint32_t *flags)
{
	return (uint16_t)fpu_cvt_fmt_gen(a, rm, flags, S_, H_);
}

uint16_t fpu_cvt_h_d(uint64_t a, unsigned rm, uint32_t *flags)
{
	return (uint16_t)fpu_cvt_fmt_gen(a, rm, flags, D_, H_);
}

/* ---- Zfa -------------------------------------------------------------------------------- */

/* The fli table as binary32 bits; entry 1 (the format's minimum normal) and entry 31 (its
 * canonical NaN) are per format and handled by the callers. Every entry converts exactly
 * to binary64, and to binary16 except 2^16 (entry 29), which overflows to +inf as the
 * Zfa chapter specifies. */
static const uint32_t fpu_fli_table_s[32] = {
	0xbf800000u, /*  0: -1.0 */
	0x00800000u, /*  1: minimum positive normal */
	0x37800000u, /*  2: 2^-16 */
	0x38000000u, /*  3: 2^-15 */
	0x3b800000u, /*  4: 2^-8 */
	0x3c000000u, /*  5: 2^-7 */
	0x3d800000u, /*  6: 0.0625 */
	0x3e000000u, /*  7: 0.125 */
	0x3e800000u, /*  8: 0.25 */
	0x3ea00000u, /*  9: 0.3125 */
	0x3ec00000u, /* 10: 0.375 */
	0x3ee00000u, /* 11: 0.4375 */
	0x3f000000u, /* 12: 0.5 */
	0x3f200000u, /* 13: 0.625 */
	0x3f400000u, /* 14: 0.75 */
	0x3f600000u, /* 15: 0.875 */
	0x3f800000u, /* 16: 1.0 */
	0x3fa00000u, /* 17: 1.25 */
	0x3fc00000u, /* 18: 1.5 */
	0x3fe00000u, /* 19: 1.75 */
	0x40000000u, /* 20: 2.0 */
	0x40200000u, /* 21: 2.5 */
	0x40400000u, /* 22: 3 */
	0x40800000u, /* 23: 4 */
	0x41000000u, /* 24: 8 */
	0x41800000u, /* 25: 16 */
	0x43000000u, /* 26: 128 */
	0x43800000u, /* 27: 256 */
	0x47000000u, /* 28: 2^15 */
	0x47800000u, /* 29: 2^16 */
	0x7f800000u, /* 30: +inf */
	FPU_CANON_NAN_S, /* 31: canonical NaN */
};

uint32_t fpu_fli_s(unsigned idx)
{
	return fpu_fli_table_s[idx & 31];
}

uint64_t fpu_fli_d(unsigned idx)
{
	uint32_t fl = 0;
	idx &= 31;
	if (idx == 1)
		return 0x0010000000000000ull;
	return fpu_cvt_d_s(fpu_fli_table_s[idx], &fl);
}

uint16_t fpu_fli_h(unsigned idx)
{
	uint32_t fl = 0;
	idx &= 31;
	if (idx == 1)
		return 0x0400u;
	return fpu_cvt_h_s(fpu_fli_table_s[idx], FPU_RM_RNE, &fl);
}

FPU_INLINE uint64_t fpu_minmaxm_gen(uint64_t abits, uint64_t bbits, int is_max, uint32_t *flags,
                                    int E, int M)
{
	struct fpu_unp a = fpu_unpack(abits, E, M), b = fpu_unpack(bbits, E, M);
	if (fpu_is_nan(&a) || fpu_is_nan(&b))
		return fpu_nan_result(&a, &b, flags, E, M);
	return fpu_minmax_gen(abits, bbits, is_max, flags, E, M);
}

uint32_t fpu_minm_s(uint32_t a, uint32_t b, uint32_t *flags)
{
	return (uint32_t)fpu_minmaxm_gen(a, b, 0, flags, S_);
}

uint32_t fpu_maxm_s(uint32_t a, uint32_t b, uint32_t *flags)
{
	return (uint32_t)fpu_minmaxm_gen(a, b, 1, flags, S_);
}

uint64_t fpu_minm_d(uint64_t a, uint64_t b, uint32_t *flags)
{
	return fpu_minmaxm_gen(a, b, 0, flags, D_);
}

uint64_t fpu_maxm_d(uint64_t a, uint64_t b, uint32_t *flags)
{
	return fpu_minmaxm_gen(a, b, 1, flags, D_);
}

uint16_t fpu_minm_h(uint16_t a, uint16_t b, uint32_t *flags)
{
	return (uint16_t)fpu_minmaxm_gen(a, b, 0, flags, H_);
}

uint16_t fpu_maxm_h(uint16_t a, uint16_t b, uint32_t *flags)
{
	return (uint16_t)fpu_minmaxm_gen(a, b, 1, flags, H_);
}

/* Round to an integral value in mode rm; NX (when exact_flag) if the value changed. */
FPU_INLINE uint64_t fpu_round_int_gen(uint64_t abits, unsigned rm, int exact_flag,
                                      uint32_t *flags, int E, int M)
{
	struct fpu_unp a = fpu_unpack(abits, E, M);
	if (fpu_is_nan(&a))
		return fpu_nan_result(&a, NULL, flags, E, M);
	if (a.cls != FPU_FINITE || a.exp >= M)
		return abits; /* zero, infinity, or already integral (the ulp is >= 1) */
	/* value = sig * 2^(exp - 62) with exp < M <= 52: the integer has at most M + 1 bits */
	int inexact;
	uint64_t mag = fpu_round_shift(a.sig, (unsigned)(62 - a.exp), a.sign, rm, &inexact);
	if (inexact && exact_flag)
		*flags |= FPU_NX;
	if (!mag)
		return fpu_zero(a.sign, E, M);
	uint32_t none = 0; /* mag <= 2^M is exactly representable */
	return fpu_round_pack(a.sign, 62, mag, rm, &none, E, M);
}

uint32_t fpu_round_s(uint32_t a, unsigned rm, uint32_t *flags)
{
	return (uint32_t)fpu_round_int_gen(a, rm, 0, flags, S_);
}

uint32_t fpu_roundnx_s(uint32_t a, unsigned rm, uint32_t *flags)
{
	return (uint32_t)fpu_round_int_gen(a, rm, 1, flags, S_);
}

uint64_t fpu_round_d(uint64_t a, unsigned rm, uint32_t *flags)
{
	return fpu_round_int_gen(a, rm, 0, flags, D_);
}

uint64_t fpu_roundnx_d(uint64_t a, unsigned rm, uint32_t *flags)
{
	return fpu_round_int_gen(a, rm, 1, flags, D_);
}

uint16_t fpu_round_h(uint16_t a, unsigned rm, uint32_t *flags)
{
	return (uint16_t)fpu_round_int_gen(a, rm, 0, flags, H_);
}

uint16_t fpu_roundnx_h(uint16_t a, unsigned rm, uint32_t *flags)
{
	return (uint16_t)fpu_round_int_gen(a, rm, 1, flags, H_);
}

int64_t fpu_cvtmod_w_d(uint64_t a, uint32_t *flags)
{
	/* the flags are fcvt.w.d's by definition; its saturated result is not used */
	(void)fpu_ref_cvt_w_d(a, FPU_RM_RTZ, flags);
	struct fpu_unp u = fpu_unpack(a, D_);
	if (u.cls != FPU_FINITE || u.exp < 0)
		return 0; /* NaN, infinities, zeros and |a| < 1 */
	uint64_t low; /* the integer part modulo 2^64 */
	if (u.exp <= 62)
		low = u.sig >> (62 - u.exp);
	else if (u.exp - 62 < 64)
		low = u.sig << (u.exp - 62);
	else
		low = 0;
	if (u.sign)
		low = 0 - low;
	return (int32_t)(uint32_t)low;
}

int fpu_ltq_s(uint32_t a, uint32_t b, uint32_t *flags)
{
	return fpu_cmp_gen(a, b, FPU_CMP_LTQ, flags, S_);
}

int fpu_leq_s(uint32_t a, uint32_t b, uint32_t *flags)
{
	return fpu_cmp_gen(a, b, FPU_CMP_LEQ, flags, S_);
}

int fpu_ltq_d(uint64_t a, uint64_t b, uint32_t *flags)
{
	return fpu_cmp_gen(a, b, FPU_CMP_LTQ, flags, D_);
}

int fpu_leq_d(uint64_t a, uint64_t b, uint32_t *flags)
{
	return fpu_cmp_gen(a, b, FPU_CMP_LEQ, flags, D_);
}

int fpu_ltq_h(uint16_t a, uint16_t b, uint32_t *flags)
{
	return fpu_cmp_gen(a, b, FPU_CMP_LTQ, flags, H_);
}

int fpu_leq_h(uint16_t a, uint16_t b, uint32_t *flags)
{
	return fpu_cmp_gen(a, b, FPU_CMP_LEQ, flags, H_);
}

/* ---- V: estimates, round-to-odd narrowing, 16-bit integer results ----------------------- */

/* The 7-bit significand estimates of the V specification's vfrec7.v and vfrsqrt7.v tables
 * (its recip.cc generates them; these are the values qemu-riscv64 returns). rec7 is indexed
 * by the top 7 fraction bits; rsqrt7 by the exponent's LSB and the top 6 fraction bits. */
static const uint8_t fpu_rec7_table[128] = {
	127, 125, 123, 121, 119, 117, 116, 114, 112, 110, 109, 107, 105, 104, 102, 100,
	99, 97, 96, 94, 93, 91, 90, 88, 87, 85, 84, 83, 81, 80, 79, 77,
	76, 75, 74, 72, 71, 70, 69, 68, 66, 65, 64, 63, 62, 61, 60, 59,
	58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43,
	42, 41, 40, 40, 39, 38, 37, 36, 35, 35, 34, 33, 32, 31, 31, 30,
	29, 28, 28, 27, 26, 25, 25, 24, 23, 23, 22, 21, 21, 20, 19, 19,
	18, 17, 17, 16, 15, 15, 14, 14, 13, 12, 12, 11, 11, 10, 9, 9,
	8, 8, 7, 7, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0,
};

static const uint8_t fpu_rsqrt7_table[128] = {
	52, 51, 50, 48, 47, 46, 44, 43, 42, 41, 40, 39, 38, 36, 35, 34,
	33, 32, 31, 30, 30, 29, 28, 27, 26, 25, 24, 23, 23, 22, 21, 20,
	19, 19, 18, 17, 16, 16, 15, 14, 14, 13, 12, 12, 11, 10, 10, 9,
	9, 8, 7, 7, 6, 6, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0,
	127, 125, 123, 121, 119, 118, 116, 114, 113, 111, 109, 108, 106, 105, 103, 102,
	100, 99, 97, 96, 95, 93, 92, 91, 90, 88, 87, 86, 85, 84, 83, 82,
	80, 79, 78, 77, 76, 75, 74, 73, 72, 71, 70, 70, 69, 68, 67, 66,
	65, 64, 63, 63, 62, 61, 60, 59, 59, 58, 57, 56, 56, 55, 54, 53,
};

/* A subnormal's fraction brought to a normal one (its implicit one dropped) and the
 * exponent field it would have, 0 or below. */
FPU_INLINE void fpu_est_normalize(int32_t *exp, uint64_t *frac, int M)
{
	while (!(*frac & (1ull << (M - 1)))) {
		(*exp)--;
		*frac <<= 1;
	}
	*frac = (*frac << 1) & FPU_MAN_MASK(M);
}

FPU_INLINE uint64_t fpu_rec7_gen(uint64_t bits, unsigned rm, uint32_t *flags, int E, int M)
{
	const int32_t bias = FPU_BIAS(E);
	int sign = (int)((bits >> (E + M)) & 1);
	int32_t exp = (int32_t)((bits >> M) & FPU_EMAX_FIELD(E));
	uint64_t frac = bits & FPU_MAN_MASK(M);
	uint64_t sbit = sign ? FPU_SIGN_BIT(E, M) : 0;
	if (exp == (int32_t)FPU_EMAX_FIELD(E)) {
		if (!frac)
			return fpu_zero(sign, E, M);
		if (!(frac >> (M - 1)))
			*flags |= FPU_NV;
		return fpu_canon_nan(E, M);
	}
	if (exp == 0 && !frac) {
		*flags |= FPU_DZ;
		return fpu_inf(sign, E, M);
	}
	if (exp == 0) {
		fpu_est_normalize(&exp, &frac, M);
		if (exp != 0 && exp != -1) {
			/* 1/x overflows: the largest finite value or infinity, by rounding mode */
			*flags |= FPU_OF | FPU_NX;
			if (rm == FPU_RM_RTZ || (rm == FPU_RM_RDN && !sign) || (rm == FPU_RM_RUP && sign))
				return sbit | ((uint64_t)(FPU_EMAX_FIELD(E) - 1) << M) | FPU_MAN_MASK(M);
			return fpu_inf(sign, E, M);
		}
	}
	int32_t out_exp = 2 * bias - 1 - exp;
	uint64_t out_sig = (uint64_t)fpu_rec7_table[frac >> (M - 7)] << (M - 7);
	if (out_exp == 0 || out_exp == -1) {
		/* a subnormal result, exact, so without UF */
		out_sig = (out_sig >> 1) | (1ull << (M - 1));
		if (out_exp == -1) {
			out_sig >>= 1;
			out_exp = 0;
		}
	}
	return sbit | ((uint64_t)out_exp << M) | out_sig;
}

FPU_INLINE uint64_t fpu_rsqrt7_gen(uint64_t bits, uint32_t *flags, int E, int M)
{
	const int32_t bias = FPU_BIAS(E);
	int sign = (int)((bits >> (E + M)) & 1);
	int32_t exp = (int32_t)((bits >> M) & FPU_EMAX_FIELD(E));
	uint64_t frac = bits & FPU_MAN_MASK(M);
	if (exp == 0 && !frac) {
		*flags |= FPU_DZ;
		return fpu_inf(sign, E, M);
	}
	if (exp == (int32_t)FPU_EMAX_FIELD(E) && frac) {
		if (!(frac >> (M - 1)))
			*flags |= FPU_NV;
		return fpu_canon_nan(E, M);
	}
	if (sign) {
		*flags |= FPU_NV;
		return fpu_canon_nan(E, M);
	}
	if (exp == (int32_t)FPU_EMAX_FIELD(E))
		return 0;
	if (exp == 0)
		fpu_est_normalize(&exp, &frac, M);
	unsigned idx = ((unsigned)exp & 1u) << 6 | (unsigned)(frac >> (M - 6));
	uint64_t out_sig = (uint64_t)fpu_rsqrt7_table[idx] << (M - 7);
	int32_t out_exp = (3 * bias - 1 - exp) / 2; /* the numerator is positive */
	return ((uint64_t)out_exp << M) | out_sig;
}

uint32_t fpu_rec7_s(uint32_t a, unsigned rm, uint32_t *flags)
{
	return (uint32_t)fpu_rec7_gen(a, rm, flags, S_);
}

uint64_t fpu_rec7_d(uint64_t a, unsigned rm, uint32_t *flags)
{
	return fpu_rec7_gen(a, rm, flags, D_);
}

uint16_t fpu_rec7_h(uint16_t a, unsigned rm, uint32_t *flags)
{
	return (uint16_t)fpu_rec7_gen(a, rm, flags, H_);
}

uint32_t fpu_rsqrt7_s(uint32_t a, uint32_t *flags)
{
	return (uint32_t)fpu_rsqrt7_gen(a, flags, S_);
}

uint64_t fpu_rsqrt7_d(uint64_t a, uint32_t *flags)
{
	return fpu_rsqrt7_gen(a, flags, D_);
}

uint16_t fpu_rsqrt7_h(uint16_t a, uint32_t *flags)
{
	return (uint16_t)fpu_rsqrt7_gen(a, flags, H_);
}

uint32_t fpu_cvt_s_d_rod(uint64_t a, uint32_t *flags)
{
	return fpu_ref_cvt_s_d(a, FPU_RM_ROD, flags);
}

uint16_t fpu_cvt_h_s_rod(uint32_t a, uint32_t *flags)
{
	return (uint16_t)fpu_cvt_fmt_gen(a, FPU_RM_ROD, flags, S_, H_);
}

int16_t fpu_cvt_i16_s(uint32_t a, unsigned rm, uint32_t *flags)
{
	return (int16_t)(uint16_t)fpu_to_int_gen(a, rm, flags, 1, 16, S_);
}

uint16_t fpu_cvt_u16_s(uint32_t a, unsigned rm, uint32_t *flags)
{
	return (uint16_t)fpu_to_int_gen(a, rm, flags, 0, 16, S_);
}
