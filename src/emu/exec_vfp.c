/*
 * exec_vfp.c — the V 1.0 floating-point instructions: single-width and widening arithmetic,
 * fused multiply-adds, sqrt and the 7-bit estimates, min/max, sign injection, classify, merge
 * and move, compares into masks, every conversion (single-width, widening, narrowing, rtz,
 * rod) and the FP reductions. The element semantics are fpu.c's (exact, qemu's fflags).
 *
 * As qemu-riscv64 7.2 (the differential tests' reference) behaves:
 * - every instruction here reads frm and raises SIGILL when it is invalid (5..7), even those
 *   that do not round (vfsgnj, vfmin, compares, vfclass, vfmerge, vfmv.v.f) and the rtz/rod
 *   conversions, and even when vl = 0;
 * - SEW 8 has no FP format; SEW 16 is binary16 only for Zvfhmin's two conversions
 *   (vfwcvt.f.f.v, vfncvt.f.f.w) and the integer sides of conversions (int16 <-> binary32),
 *   since robin has no Zvfh (qemu 7.2 executes binary16 arithmetic with F alone);
 * - register-group checks as its trans_rvv.c.inc: alignment to EMUL, widening LMUL <= 4,
 *   the overlap rules of widening, narrowing and mask-producing operations, a masked
 *   instruction (vfmerge included) never writing v0 unless it writes a mask or a reduction;
 * - the unordered reductions add in element order, as the ordered ones (qemu 7.2 does);
 *   every reduction raises SIGILL when vstart is not 0 (exec_v.h v_vstart_nonzero).
 * The element loops switch on SEW once; the operation is a compile-time constant of each
 * always-inlined loop, so no per-element dispatch is left in the handlers.
 */
#include "emu/exec.h"
#include "emu/exec_v.h"
#include "emu/fpu.h"

#define VFP_INLINE static inline __attribute__((always_inline))

/* Element arrays over the register file; may_alias because a widening or narrowing group
 * is read at one width where it may be written at another. */
typedef uint16_t __attribute__((may_alias)) vfp_u16;
typedef uint32_t __attribute__((may_alias)) vfp_u32;
typedef uint64_t __attribute__((may_alias)) vfp_u64;

#define VFP_R16(n) ((vfp_u16 *)(void *)v_reg(h, (n)))
#define VFP_R32(n) ((vfp_u32 *)(void *)v_reg(h, (n)))
#define VFP_R64(n) ((vfp_u64 *)(void *)v_reg(h, (n)))

/* Elements vstart..vl-1 that take part (v0.t when masked). */
#define VFP_FOR_ACTIVE(i)                                              \
	for (uint64_t i = h->vstart, vfp_vl_ = h->vl; i < vfp_vl_; i++) \
		if (!v_active(h, in, i))                                \
			continue;                                       \
		else

/* A handler that calls fn(h, in, args...). */
#define VFP_H(name, fn, ...)                                        \
	int exec_##name(struct hart *h, const struct isa_insn *in) \
	{                                                          \
		return fn(h, in, __VA_ARGS__);                     \
	}

/* ---- checks -------------------------------------------------------------------------- */

/* The rounding mode from frm, or -1 after raising SIGILL for an invalid one. */
static inline int vfp_rm(struct hart *h, const struct isa_insn *in)
{
	if (h->frm > FPU_RM_RMM)
		return v_illegal(h, in);
	return (int)h->frm;
}

/* SEW is a floating-point format robin's vectors compute in (binary32, binary64). */
static inline int vfp_sew_ok(unsigned sew)
{
	return sew == 32 || sew == 64;
}

/* qemu's require_noover: a destination group of EMUL 2^dl at dst may overlap a source of
 * EMUL 2^sl at src only when the destination is wider, the source EMUL is at least 1 and the
 * overlap is the destination's highest-numbered part (equal-width overlap is checked by the
 * callers, not here). */
static int vfp_noover(unsigned dst, int dl, unsigned src, int sl)
{
	unsigned dn = v_regs(dl), sn = v_regs(sl);
	if (dn > sn && dst < src && sl >= 0 && v_overlap(dst, dn, src, sn) &&
	    !v_overlap(dst, dn, src + sn, sn))
		return 1;
	return !v_overlap(dst, dn, src, sn);
}

/* Single-width: vd, vs2 (and vs1 when vv) aligned to LMUL, a masked vd not v0. */
static int vfp_check_sss(const struct hart *h, const struct isa_insn *in, int vv)
{
	int l = v_lmul_log2(h);
	unsigned vd = V_N(in->rd);
	return !v_mask_clobbers_v0(in, vd) && v_aligned(vd, l) && v_aligned(V_N(in->rs2), l) &&
	       (!vv || v_aligned(V_N(in->rs1), l));
}

/* Widening, 2*SEW = SEW op SEW (ds/dss) or 2*SEW = 2*SEW op SEW (dd/dds): LMUL <= 4, SEW < 64,
 * vd aligned to 2*LMUL, a masked vd not v0; a narrow source aligned to LMUL and overlapping vd
 * only in its highest part; a wide vs2 aligned to 2*LMUL. */
static int vfp_check_wide(const struct hart *h, const struct isa_insn *in, int wide_vs2,
                          int narrow_vs1)
{
	int l = v_lmul_log2(h);
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2), vs1 = V_N(in->rs1);
	if (l > 2 || v_sew(h) >= 64 || !v_aligned(vd, l + 1) || v_mask_clobbers_v0(in, vd))
		return 0;
	if (wide_vs2) {
		if (!v_aligned(vs2, l + 1))
			return 0;
	} else if (!v_aligned(vs2, l) || !vfp_noover(vd, l + 1, vs2, l)) {
		return 0;
	}
	return !narrow_vs1 || (v_aligned(vs1, l) && vfp_noover(vd, l + 1, vs1, l));
}

/* Narrowing, SEW = 2*SEW: LMUL <= 4, SEW < 64, vs2 aligned to 2*LMUL, vd to LMUL, a masked vd
 * not v0, vd overlapping vs2 only as its lowest part (vd == vs2). */
static int vfp_check_narrow(const struct hart *h, const struct isa_insn *in)
{
	int l = v_lmul_log2(h);
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2);
	if (l > 2 || v_sew(h) >= 64 || !v_aligned(vs2, l + 1) || !v_aligned(vd, l) ||
	    v_mask_clobbers_v0(in, vd))
		return 0;
	return vd == vs2 || vfp_noover(vd, l, vs2, l + 1);
}

/* A mask result: vs2 (and vs1) aligned to LMUL; vd one register, either a source's first
 * register or outside it. */
static int vfp_check_mask(const struct hart *h, const struct isa_insn *in, int vv)
{
	int l = v_lmul_log2(h);
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2), vs1 = V_N(in->rs1);
	if (!v_aligned(vs2, l) || (vd != vs2 && !vfp_noover(vd, 0, vs2, l)))
		return 0;
	return !vv || (v_aligned(vs1, l) && (vd == vs1 || vfp_noover(vd, 0, vs1, l)));
}

/* ---- single-width binary operations ---------------------------------------------------- */

enum vfp_bin {
	VFP_ADD, VFP_SUB, VFP_RSUB, VFP_MUL, VFP_DIV, VFP_RDIV, VFP_MIN, VFP_MAX,
	VFP_SGNJ, VFP_SGNJN, VFP_SGNJX,
};

/* a is the vs2 element, b the vs1 element or the scalar. */
VFP_INLINE uint32_t vfp_bin_s(enum vfp_bin op, uint32_t a, uint32_t b, unsigned rm,
                              uint32_t *fl)
{
	switch (op) {
	case VFP_ADD: return fpu_add_s(a, b, rm, fl);
	case VFP_SUB: return fpu_sub_s(a, b, rm, fl);
	case VFP_RSUB: return fpu_sub_s(b, a, rm, fl);
	case VFP_MUL: return fpu_mul_s(a, b, rm, fl);
	case VFP_DIV: return fpu_div_s(a, b, rm, fl);
	case VFP_RDIV: return fpu_div_s(b, a, rm, fl);
	case VFP_MIN: return fpu_min_s(a, b, fl);
	case VFP_MAX: return fpu_max_s(a, b, fl);
	case VFP_SGNJ: return fpu_sgnj_s(a, b, 0);
	case VFP_SGNJN: return fpu_sgnj_s(a, b, 1);
	default: return fpu_sgnj_s(a, b, 2);
	}
}

VFP_INLINE uint64_t vfp_bin_d(enum vfp_bin op, uint64_t a, uint64_t b, unsigned rm,
                              uint32_t *fl)
{
	switch (op) {
	case VFP_ADD: return fpu_add_d(a, b, rm, fl);
	case VFP_SUB: return fpu_sub_d(a, b, rm, fl);
	case VFP_RSUB: return fpu_sub_d(b, a, rm, fl);
	case VFP_MUL: return fpu_mul_d(a, b, rm, fl);
	case VFP_DIV: return fpu_div_d(a, b, rm, fl);
	case VFP_RDIV: return fpu_div_d(b, a, rm, fl);
	case VFP_MIN: return fpu_min_d(a, b, fl);
	case VFP_MAX: return fpu_max_d(a, b, fl);
	case VFP_SGNJ: return fpu_sgnj_d(a, b, 0);
	case VFP_SGNJN: return fpu_sgnj_d(a, b, 1);
	default: return fpu_sgnj_d(a, b, 2);
	}
}

/* vd = op(vs2, vs1) (vv) or op(vs2, f[rs1]) (vf). */
VFP_INLINE int vfp_binop(struct hart *h, const struct isa_insn *in, enum vfp_bin op, int vf)
{
	unsigned sew = v_sew(h);
	if (v_vill(h) || !vfp_sew_ok(sew) || !vfp_check_sss(h, in, !vf))
		return v_illegal(h, in);
	int rm = vfp_rm(h, in);
	if (rm < 0)
		return -1;
	uint32_t *fl = &h->fflags;
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2), vs1 = vf ? 0 : V_N(in->rs1);
	if (sew == 32) {
		vfp_u32 *d = VFP_R32(vd), *a = VFP_R32(vs2), *b = VFP_R32(vs1);
		uint32_t f = vf ? (uint32_t)v_fscalar(h, in->rs1, 32) : 0;
		VFP_FOR_ACTIVE(i)
			d[i] = vfp_bin_s(op, a[i], vf ? f : b[i], (unsigned)rm, fl);
	} else {
		vfp_u64 *d = VFP_R64(vd), *a = VFP_R64(vs2), *b = VFP_R64(vs1);
		uint64_t f = vf ? v_fscalar(h, in->rs1, 64) : 0;
		VFP_FOR_ACTIVE(i)
			d[i] = vfp_bin_d(op, a[i], vf ? f : b[i], (unsigned)rm, fl);
	}
	h->vstart = 0;
	return 0;
}

#define VFP_BIN_VV(name, op)                                          \
	int exec_##name##_vv(struct hart *h, const struct isa_insn *in) \
	{                                                             \
		return vfp_binop(h, in, op, 0);                       \
	}
#define VFP_BIN_VF(name, op)                                          \
	int exec_##name##_vf(struct hart *h, const struct isa_insn *in) \
	{                                                             \
		return vfp_binop(h, in, op, 1);                       \
	}

VFP_BIN_VV(vfadd, VFP_ADD)
VFP_BIN_VF(vfadd, VFP_ADD)
VFP_BIN_VV(vfsub, VFP_SUB)
VFP_BIN_VF(vfsub, VFP_SUB)
VFP_BIN_VF(vfrsub, VFP_RSUB)
VFP_BIN_VV(vfmul, VFP_MUL)
VFP_BIN_VF(vfmul, VFP_MUL)
VFP_BIN_VV(vfdiv, VFP_DIV)
VFP_BIN_VF(vfdiv, VFP_DIV)
VFP_BIN_VF(vfrdiv, VFP_RDIV)
VFP_BIN_VV(vfmin, VFP_MIN)
VFP_BIN_VF(vfmin, VFP_MIN)
VFP_BIN_VV(vfmax, VFP_MAX)
VFP_BIN_VF(vfmax, VFP_MAX)
VFP_BIN_VV(vfsgnj, VFP_SGNJ)
VFP_BIN_VF(vfsgnj, VFP_SGNJ)
VFP_BIN_VV(vfsgnjn, VFP_SGNJN)
VFP_BIN_VF(vfsgnjn, VFP_SGNJN)
VFP_BIN_VV(vfsgnjx, VFP_SGNJX)
VFP_BIN_VF(vfsgnjx, VFP_SGNJX)

/* ---- fused multiply-add ---------------------------------------------------------------- */

/* The *acc forms compute ±(vs1 * vs2) ± vd, the madd/msub forms ±(vs1 * vd) ± vs2; neg is
 * fpu.h's FPU_MADD_NEG_* mask (nmacc/nmadd: both, msac/msub: addend, nmsac/nmsub: product). */
VFP_INLINE int vfp_fma(struct hart *h, const struct isa_insn *in, unsigned neg, int acc, int vf)
{
	unsigned sew = v_sew(h);
	if (v_vill(h) || !vfp_sew_ok(sew) || !vfp_check_sss(h, in, !vf))
		return v_illegal(h, in);
	int rm = vfp_rm(h, in);
	if (rm < 0)
		return -1;
	uint32_t *fl = &h->fflags;
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2), vs1 = vf ? 0 : V_N(in->rs1);
	if (sew == 32) {
		vfp_u32 *d = VFP_R32(vd), *a = VFP_R32(vs2), *b = VFP_R32(vs1);
		uint32_t f = vf ? (uint32_t)v_fscalar(h, in->rs1, 32) : 0;
		VFP_FOR_ACTIVE(i) {
			uint32_t x = vf ? f : b[i];
			d[i] = acc ? fpu_madd_s(x, a[i], d[i], neg, (unsigned)rm, fl)
			           : fpu_madd_s(x, d[i], a[i], neg, (unsigned)rm, fl);
		}
	} else {
		vfp_u64 *d = VFP_R64(vd), *a = VFP_R64(vs2), *b = VFP_R64(vs1);
		uint64_t f = vf ? v_fscalar(h, in->rs1, 64) : 0;
		VFP_FOR_ACTIVE(i) {
			uint64_t x = vf ? f : b[i];
			d[i] = acc ? fpu_madd_d(x, a[i], d[i], neg, (unsigned)rm, fl)
			           : fpu_madd_d(x, d[i], a[i], neg, (unsigned)rm, fl);
		}
	}
	h->vstart = 0;
	return 0;
}

#define VFP_FMA(name, neg, acc)                                                \
	int exec_##name##_vv(struct hart *h, const struct isa_insn *in)       \
	{                                                                     \
		return vfp_fma(h, in, neg, acc, 0);                           \
	}                                                                     \
	int exec_##name##_vf(struct hart *h, const struct isa_insn *in)       \
	{                                                                     \
		return vfp_fma(h, in, neg, acc, 1);                           \
	}

#define VFP_NEG_BOTH (FPU_MADD_NEG_PROD | FPU_MADD_NEG_ADDEND)
VFP_FMA(vfmacc, 0, 1)
VFP_FMA(vfnmacc, VFP_NEG_BOTH, 1)
VFP_FMA(vfmsac, FPU_MADD_NEG_ADDEND, 1)
VFP_FMA(vfnmsac, FPU_MADD_NEG_PROD, 1)
VFP_FMA(vfmadd, 0, 0)
VFP_FMA(vfnmadd, VFP_NEG_BOTH, 0)
VFP_FMA(vfmsub, FPU_MADD_NEG_ADDEND, 0)
VFP_FMA(vfnmsub, FPU_MADD_NEG_PROD, 0)

/* ---- widening arithmetic (binary32 -> binary64) ----------------------------------------- */

/* The binary16 forms need Zvfh, so SEW 32 is the only legal one. The narrow operands are
 * widened exactly first (NV for a signaling NaN, which becomes the canonical NaN), then one
 * binary64 operation rounds, as qemu computes them. */
enum vfp_wop { VFP_WADD, VFP_WSUB, VFP_WMUL };

/* vd(2*SEW) = op(vs2, vs1 / f): vs2 narrow (vv, vf) or wide (wv, wf). */
VFP_INLINE int vfp_wbinop(struct hart *h, const struct isa_insn *in, enum vfp_wop op, int wide,
                          int vf)
{
	if (v_vill(h) || v_sew(h) != 32 || !vfp_check_wide(h, in, wide, !vf))
		return v_illegal(h, in);
	int rm = vfp_rm(h, in);
	if (rm < 0)
		return -1;
	uint32_t *fl = &h->fflags;
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2), vs1 = vf ? 0 : V_N(in->rs1);
	vfp_u64 *d = VFP_R64(vd), *aw = VFP_R64(vs2);
	vfp_u32 *an = VFP_R32(vs2), *b = VFP_R32(vs1);
	uint32_t f = vf ? (uint32_t)v_fscalar(h, in->rs1, 32) : 0;
	VFP_FOR_ACTIVE(i) {
		uint64_t x = wide ? aw[i] : fpu_cvt_d_s(an[i], fl);
		uint64_t y = fpu_cvt_d_s(vf ? f : b[i], fl);
		switch (op) {
		case VFP_WADD: d[i] = fpu_add_d(x, y, (unsigned)rm, fl); break;
		case VFP_WSUB: d[i] = fpu_sub_d(x, y, (unsigned)rm, fl); break;
		default: d[i] = fpu_mul_d(x, y, (unsigned)rm, fl); break;
		}
	}
	h->vstart = 0;
	return 0;
}

VFP_H(vfwadd_vv, vfp_wbinop, VFP_WADD, 0, 0)
VFP_H(vfwadd_vf, vfp_wbinop, VFP_WADD, 0, 1)
VFP_H(vfwadd_wv, vfp_wbinop, VFP_WADD, 1, 0)
VFP_H(vfwadd_wf, vfp_wbinop, VFP_WADD, 1, 1)
VFP_H(vfwsub_vv, vfp_wbinop, VFP_WSUB, 0, 0)
VFP_H(vfwsub_vf, vfp_wbinop, VFP_WSUB, 0, 1)
VFP_H(vfwsub_wv, vfp_wbinop, VFP_WSUB, 1, 0)
VFP_H(vfwsub_wf, vfp_wbinop, VFP_WSUB, 1, 1)
VFP_H(vfwmul_vv, vfp_wbinop, VFP_WMUL, 0, 0)
VFP_H(vfwmul_vf, vfp_wbinop, VFP_WMUL, 0, 1)

/* vd(2*SEW) = ±(vs1 * vs2) ± vd, the narrow factors widened exactly first. */
VFP_INLINE int vfp_wfma(struct hart *h, const struct isa_insn *in, unsigned neg, int vf)
{
	if (v_vill(h) || v_sew(h) != 32 || !vfp_check_wide(h, in, 0, !vf))
		return v_illegal(h, in);
	int rm = vfp_rm(h, in);
	if (rm < 0)
		return -1;
	uint32_t *fl = &h->fflags;
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2), vs1 = vf ? 0 : V_N(in->rs1);
	vfp_u64 *d = VFP_R64(vd);
	vfp_u32 *a = VFP_R32(vs2), *b = VFP_R32(vs1);
	uint32_t f = vf ? (uint32_t)v_fscalar(h, in->rs1, 32) : 0;
	VFP_FOR_ACTIVE(i) {
		uint64_t x = fpu_cvt_d_s(vf ? f : b[i], fl), y = fpu_cvt_d_s(a[i], fl);
		d[i] = fpu_madd_d(x, y, d[i], neg, (unsigned)rm, fl);
	}
	h->vstart = 0;
	return 0;
}

#define VFP_WFMA(name, neg)                                                    \
	int exec_##name##_vv(struct hart *h, const struct isa_insn *in)       \
	{                                                                     \
		return vfp_wfma(h, in, neg, 0);                               \
	}                                                                     \
	int exec_##name##_vf(struct hart *h, const struct isa_insn *in)       \
	{                                                                     \
		return vfp_wfma(h, in, neg, 1);                               \
	}

VFP_WFMA(vfwmacc, 0)
VFP_WFMA(vfwnmacc, VFP_NEG_BOTH)
VFP_WFMA(vfwmsac, FPU_MADD_NEG_ADDEND)
VFP_WFMA(vfwnmsac, FPU_MADD_NEG_PROD)

/* ---- unary single-width: sqrt, estimates, classify, conversions ------------------------ */

enum vfp_un {
	VFP_SQRT, VFP_RSQRT7, VFP_REC7, VFP_CLASS,
	VFP_CVT_XU_F, VFP_CVT_X_F, VFP_CVT_F_XU, VFP_CVT_F_X,
};

/* vd = op(vs2); rtz forces round-toward-zero (vfcvt.rtz.*), frm still being checked. */
VFP_INLINE int vfp_unop(struct hart *h, const struct isa_insn *in, enum vfp_un op, int rtz)
{
	unsigned sew = v_sew(h);
	if (v_vill(h) || !vfp_sew_ok(sew) || !vfp_check_sss(h, in, 0))
		return v_illegal(h, in);
	int rm = vfp_rm(h, in);
	if (rm < 0)
		return -1;
	unsigned r = rtz ? FPU_RM_RTZ : (unsigned)rm;
	uint32_t *fl = &h->fflags;
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2);
	if (sew == 32) {
		vfp_u32 *d = VFP_R32(vd), *a = VFP_R32(vs2);
		VFP_FOR_ACTIVE(i) {
			uint32_t x = a[i];
			switch (op) {
			case VFP_SQRT: d[i] = fpu_sqrt_s(x, r, fl); break;
			case VFP_RSQRT7: d[i] = fpu_rsqrt7_s(x, fl); break;
			case VFP_REC7: d[i] = fpu_rec7_s(x, r, fl); break;
			case VFP_CLASS: d[i] = fpu_class_s(x); break;
			case VFP_CVT_XU_F: d[i] = (uint32_t)fpu_cvt_wu_s(x, r, fl); break;
			case VFP_CVT_X_F: d[i] = (uint32_t)fpu_cvt_w_s(x, r, fl); break;
			case VFP_CVT_F_XU: d[i] = fpu_cvt_s_wu(x, r, fl); break;
			default: d[i] = fpu_cvt_s_w((int32_t)x, r, fl); break;
			}
		}
	} else {
		vfp_u64 *d = VFP_R64(vd), *a = VFP_R64(vs2);
		VFP_FOR_ACTIVE(i) {
			uint64_t x = a[i];
			switch (op) {
			case VFP_SQRT: d[i] = fpu_sqrt_d(x, r, fl); break;
			case VFP_RSQRT7: d[i] = fpu_rsqrt7_d(x, fl); break;
			case VFP_REC7: d[i] = fpu_rec7_d(x, r, fl); break;
			case VFP_CLASS: d[i] = fpu_class_d(x); break;
			case VFP_CVT_XU_F: d[i] = fpu_cvt_lu_d(x, r, fl); break;
			case VFP_CVT_X_F: d[i] = (uint64_t)fpu_cvt_l_d(x, r, fl); break;
			case VFP_CVT_F_XU: d[i] = fpu_cvt_d_lu(x, r, fl); break;
			default: d[i] = fpu_cvt_d_l((int64_t)x, r, fl); break;
			}
		}
	}
	h->vstart = 0;
	return 0;
}

#define VFP_UN(name, op, rtz)                                               \
	int exec_##name(struct hart *h, const struct isa_insn *in)         \
	{                                                                  \
		return vfp_unop(h, in, op, rtz);                           \
	}

VFP_UN(vfsqrt_v, VFP_SQRT, 0)
VFP_UN(vfrsqrt7_v, VFP_RSQRT7, 0)
VFP_UN(vfrec7_v, VFP_REC7, 0)
VFP_UN(vfclass_v, VFP_CLASS, 0)
VFP_UN(vfcvt_xu_f_v, VFP_CVT_XU_F, 0)
VFP_UN(vfcvt_x_f_v, VFP_CVT_X_F, 0)
VFP_UN(vfcvt_f_xu_v, VFP_CVT_F_XU, 0)
VFP_UN(vfcvt_f_x_v, VFP_CVT_F_X, 0)
VFP_UN(vfcvt_rtz_xu_f_v, VFP_CVT_XU_F, 1)
VFP_UN(vfcvt_rtz_x_f_v, VFP_CVT_X_F, 1)

/* ---- widening conversions (SEW -> 2*SEW) ------------------------------------------------ */

enum vfp_wcvt { VFP_WCVT_XU_F, VFP_WCVT_X_F, VFP_WCVT_F_XU, VFP_WCVT_F_X, VFP_WCVT_F_F };

/* Legal SEWs: float -> integer reads binary32 (SEW 32); integer -> float writes binary32
 * or binary64 (SEW 16, 32); float -> float is binary32 -> binary64, or binary16 -> binary32
 * with Zvfhmin. */
VFP_INLINE int vfp_wcvt(struct hart *h, const struct isa_insn *in, enum vfp_wcvt op, int rtz)
{
	unsigned sew = v_sew(h);
	int ok;
	switch (op) {
	case VFP_WCVT_XU_F:
	case VFP_WCVT_X_F: ok = sew == 32; break;
	case VFP_WCVT_F_XU:
	case VFP_WCVT_F_X: ok = sew == 16 || sew == 32; break;
	default: ok = sew == 32 || (sew == 16 && (h->vext & HART_VEXT_ZVFHMIN)); break;
	}
	if (v_vill(h) || !ok || !vfp_check_wide(h, in, 0, 0))
		return v_illegal(h, in);
	int rm = vfp_rm(h, in);
	if (rm < 0)
		return -1;
	unsigned r = rtz ? FPU_RM_RTZ : (unsigned)rm;
	uint32_t *fl = &h->fflags;
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2);
	if (sew == 32) {
		vfp_u64 *d = VFP_R64(vd);
		vfp_u32 *a = VFP_R32(vs2);
		VFP_FOR_ACTIVE(i) {
			uint32_t x = a[i];
			switch (op) {
			case VFP_WCVT_XU_F: d[i] = fpu_cvt_lu_s(x, r, fl); break;
			case VFP_WCVT_X_F: d[i] = (uint64_t)fpu_cvt_l_s(x, r, fl); break;
			case VFP_WCVT_F_XU: d[i] = fpu_cvt_d_wu(x, r, fl); break;
			case VFP_WCVT_F_X: d[i] = fpu_cvt_d_w((int32_t)x, r, fl); break;
			default: d[i] = fpu_cvt_d_s(x, fl); break;
			}
		}
	} else {
		vfp_u32 *d = VFP_R32(vd);
		vfp_u16 *a = VFP_R16(vs2);
		VFP_FOR_ACTIVE(i) {
			uint16_t x = a[i];
			switch (op) {
			case VFP_WCVT_F_XU: d[i] = fpu_cvt_s_wu(x, r, fl); break;
			case VFP_WCVT_F_X: d[i] = fpu_cvt_s_w((int16_t)x, r, fl); break;
			default: d[i] = fpu_cvt_s_h(x, fl); break;
			}
		}
	}
	h->vstart = 0;
	return 0;
}

#define VFP_WCVT(name, op, rtz)                                             \
	int exec_##name(struct hart *h, const struct isa_insn *in)         \
	{                                                                  \
		return vfp_wcvt(h, in, op, rtz);                           \
	}

VFP_WCVT(vfwcvt_xu_f_v, VFP_WCVT_XU_F, 0)
VFP_WCVT(vfwcvt_x_f_v, VFP_WCVT_X_F, 0)
VFP_WCVT(vfwcvt_f_xu_v, VFP_WCVT_F_XU, 0)
VFP_WCVT(vfwcvt_f_x_v, VFP_WCVT_F_X, 0)
VFP_WCVT(vfwcvt_f_f_v, VFP_WCVT_F_F, 0)
VFP_WCVT(vfwcvt_rtz_xu_f_v, VFP_WCVT_XU_F, 1)
VFP_WCVT(vfwcvt_rtz_x_f_v, VFP_WCVT_X_F, 1)

/* ---- narrowing conversions (2*SEW -> SEW) ----------------------------------------------- */

enum vfp_ncvt { VFP_NCVT_XU_F, VFP_NCVT_X_F, VFP_NCVT_F_XU, VFP_NCVT_F_X, VFP_NCVT_F_F,
                VFP_NCVT_ROD };

enum vfp_nrm { VFP_NRM_FRM, VFP_NRM_RTZ, VFP_NRM_ROD };

/* Legal SEWs: float -> integer reads binary32 or binary64 (SEW 16, 32); integer -> float
 * writes binary32 (SEW 32); float -> float writes binary32, or binary16 with Zvfhmin (not the
 * rod form, which Zvfhmin does not include). */
VFP_INLINE int vfp_ncvt(struct hart *h, const struct isa_insn *in, enum vfp_ncvt op,
                        enum vfp_nrm mode)
{
	unsigned sew = v_sew(h);
	int ok;
	switch (op) {
	case VFP_NCVT_XU_F:
	case VFP_NCVT_X_F: ok = sew == 16 || sew == 32; break;
	case VFP_NCVT_F_F: ok = sew == 32 || (sew == 16 && (h->vext & HART_VEXT_ZVFHMIN)); break;
	default: ok = sew == 32; break;
	}
	if (v_vill(h) || !ok || !vfp_check_narrow(h, in))
		return v_illegal(h, in);
	int rm = vfp_rm(h, in);
	if (rm < 0)
		return -1;
	unsigned r = mode == VFP_NRM_RTZ ? FPU_RM_RTZ : (unsigned)rm;
	uint32_t *fl = &h->fflags;
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2);
	if (sew == 32) {
		vfp_u32 *d = VFP_R32(vd);
		vfp_u64 *a = VFP_R64(vs2);
		VFP_FOR_ACTIVE(i) {
			uint64_t x = a[i];
			switch (op) {
			case VFP_NCVT_XU_F: d[i] = (uint32_t)fpu_cvt_wu_d(x, r, fl); break;
			case VFP_NCVT_X_F: d[i] = (uint32_t)fpu_cvt_w_d(x, r, fl); break;
			case VFP_NCVT_F_XU: d[i] = fpu_cvt_s_lu(x, r, fl); break;
			case VFP_NCVT_F_X: d[i] = fpu_cvt_s_l((int64_t)x, r, fl); break;
			case VFP_NCVT_F_F: d[i] = fpu_cvt_s_d(x, r, fl); break;
			default: d[i] = fpu_cvt_s_d_rod(x, fl); break;
			}
		}
	} else {
		vfp_u16 *d = VFP_R16(vd);
		vfp_u32 *a = VFP_R32(vs2);
		VFP_FOR_ACTIVE(i) {
			uint32_t x = a[i];
			switch (op) {
			case VFP_NCVT_XU_F: d[i] = fpu_cvt_u16_s(x, r, fl); break;
			case VFP_NCVT_X_F: d[i] = (uint16_t)fpu_cvt_i16_s(x, r, fl); break;
			default: d[i] = fpu_cvt_h_s(x, r, fl); break;
			}
		}
	}
	h->vstart = 0;
	return 0;
}

#define VFP_NCVT(name, op, mode)                                            \
	int exec_##name(struct hart *h, const struct isa_insn *in)         \
	{                                                                  \
		return vfp_ncvt(h, in, op, mode);                          \
	}

VFP_NCVT(vfncvt_xu_f_w, VFP_NCVT_XU_F, VFP_NRM_FRM)
VFP_NCVT(vfncvt_x_f_w, VFP_NCVT_X_F, VFP_NRM_FRM)
VFP_NCVT(vfncvt_f_xu_w, VFP_NCVT_F_XU, VFP_NRM_FRM)
VFP_NCVT(vfncvt_f_x_w, VFP_NCVT_F_X, VFP_NRM_FRM)
VFP_NCVT(vfncvt_f_f_w, VFP_NCVT_F_F, VFP_NRM_FRM)
VFP_NCVT(vfncvt_rod_f_f_w, VFP_NCVT_ROD, VFP_NRM_ROD)
VFP_NCVT(vfncvt_rtz_xu_f_w, VFP_NCVT_XU_F, VFP_NRM_RTZ)
VFP_NCVT(vfncvt_rtz_x_f_w, VFP_NCVT_X_F, VFP_NRM_RTZ)

/* ---- merge, move ----------------------------------------------------------------------- */

/* vfmerge.vfm (masked: v0 picks f[rs1] over vs2, every element written) and vfmv.v.f (vm = 1,
 * rs2 = 0: f[rs1] everywhere). */
VFP_INLINE int vfp_merge(struct hart *h, const struct isa_insn *in, int merge)
{
	unsigned sew = v_sew(h), vd = V_N(in->rd), vs2 = V_N(in->rs2);
	int l = v_lmul_log2(h);
	if (v_vill(h) || !vfp_sew_ok(sew) || !v_aligned(vd, l) ||
	    (merge && (!v_aligned(vs2, l) || v_mask_clobbers_v0(in, vd))))
		return v_illegal(h, in);
	if (vfp_rm(h, in) < 0)
		return -1;
	uint64_t f = v_fscalar(h, in->rs1, sew);
	/* vfmerge is always masked (vm = 0 is its encoding), vfmv.v.f never */
	if (sew == 32) {
		vfp_u32 *d = VFP_R32(vd), *a = VFP_R32(vs2);
		for (uint64_t i = h->vstart; i < h->vl; i++)
			d[i] = !merge || v_mask_bit(h, 0, i) ? (uint32_t)f : a[i];
	} else {
		vfp_u64 *d = VFP_R64(vd), *a = VFP_R64(vs2);
		for (uint64_t i = h->vstart; i < h->vl; i++)
			d[i] = !merge || v_mask_bit(h, 0, i) ? f : a[i];
	}
	h->vstart = 0;
	return 0;
}

int exec_vfmerge_vfm(struct hart *h, const struct isa_insn *in)
{
	return vfp_merge(h, in, 1);
}

int exec_vfmv_v_f(struct hart *h, const struct isa_insn *in)
{
	return vfp_merge(h, in, 0);
}

/* ---- compares into a mask --------------------------------------------------------------- */

enum vfp_cmp { VFP_EQ, VFP_NE, VFP_LT, VFP_LE, VFP_GT, VFP_GE };

/* Mask bit i of vd = vs2[i] op vs1[i] (or f): eq/ne are quiet (NV on a signaling NaN), the
 * ordering relations signaling; ne holds for unordered operands. Inactive bits stay. */
VFP_INLINE int vfp_cmp_s(enum vfp_cmp op, uint32_t a, uint32_t b, uint32_t *fl)
{
	switch (op) {
	case VFP_EQ: return fpu_eq_s(a, b, fl);
	case VFP_NE: return !fpu_eq_s(a, b, fl);
	case VFP_LT: return fpu_lt_s(a, b, fl);
	case VFP_LE: return fpu_le_s(a, b, fl);
	case VFP_GT: return fpu_lt_s(b, a, fl);
	default: return fpu_le_s(b, a, fl);
	}
}

VFP_INLINE int vfp_cmp_d(enum vfp_cmp op, uint64_t a, uint64_t b, uint32_t *fl)
{
	switch (op) {
	case VFP_EQ: return fpu_eq_d(a, b, fl);
	case VFP_NE: return !fpu_eq_d(a, b, fl);
	case VFP_LT: return fpu_lt_d(a, b, fl);
	case VFP_LE: return fpu_le_d(a, b, fl);
	case VFP_GT: return fpu_lt_d(b, a, fl);
	default: return fpu_le_d(b, a, fl);
	}
}

VFP_INLINE int vfp_cmp(struct hart *h, const struct isa_insn *in, enum vfp_cmp op, int vf)
{
	unsigned sew = v_sew(h);
	if (v_vill(h) || !vfp_sew_ok(sew) || !vfp_check_mask(h, in, !vf))
		return v_illegal(h, in);
	if (vfp_rm(h, in) < 0)
		return -1;
	uint32_t *fl = &h->fflags;
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2), vs1 = vf ? 0 : V_N(in->rs1);
	/* in element order: a source may be vd's register, whose lower elements are then
	 * already read when their bits are written */
	if (sew == 32) {
		vfp_u32 *a = VFP_R32(vs2), *b = VFP_R32(vs1);
		uint32_t f = vf ? (uint32_t)v_fscalar(h, in->rs1, 32) : 0;
		VFP_FOR_ACTIVE(i) {
			int bit = vfp_cmp_s(op, a[i], vf ? f : b[i], fl);
			v_set_mask_bit(h, vd, i, bit);
		}
	} else {
		vfp_u64 *a = VFP_R64(vs2), *b = VFP_R64(vs1);
		uint64_t f = vf ? v_fscalar(h, in->rs1, 64) : 0;
		VFP_FOR_ACTIVE(i) {
			int bit = vfp_cmp_d(op, a[i], vf ? f : b[i], fl);
			v_set_mask_bit(h, vd, i, bit);
		}
	}
	h->vstart = 0;
	return 0;
}

VFP_INLINE int vfp_cmp_vv(struct hart *h, const struct isa_insn *in, enum vfp_cmp op)
{
	return vfp_cmp(h, in, op, 0);
}

VFP_INLINE int vfp_cmp_vf(struct hart *h, const struct isa_insn *in, enum vfp_cmp op)
{
	return vfp_cmp(h, in, op, 1);
}

VFP_H(vmfeq_vv, vfp_cmp_vv, VFP_EQ)
VFP_H(vmfeq_vf, vfp_cmp_vf, VFP_EQ)
VFP_H(vmfne_vv, vfp_cmp_vv, VFP_NE)
VFP_H(vmfne_vf, vfp_cmp_vf, VFP_NE)
VFP_H(vmflt_vv, vfp_cmp_vv, VFP_LT)
VFP_H(vmflt_vf, vfp_cmp_vf, VFP_LT)
VFP_H(vmfle_vv, vfp_cmp_vv, VFP_LE)
VFP_H(vmfle_vf, vfp_cmp_vf, VFP_LE)
VFP_H(vmfgt_vf, vfp_cmp_vf, VFP_GT)
VFP_H(vmfge_vf, vfp_cmp_vf, VFP_GE)

/* ---- reductions ------------------------------------------------------------------------ */

enum vfp_red { VFP_RSUM, VFP_RMIN, VFP_RMAX };

/* vd[0] = vs1[0] op vs2[active elements], folded in element order from vs1[0] (the ordered
 * sum's order, which qemu 7.2 also gives the unordered one); vl = 0 writes nothing. */
VFP_INLINE int vfp_red(struct hart *h, const struct isa_insn *in, enum vfp_red op)
{
	unsigned sew = v_sew(h);
	if (v_vill(h) || v_vstart_nonzero(h) || !vfp_sew_ok(sew) ||
	    !v_aligned(V_N(in->rs2), v_lmul_log2(h)))
		return v_illegal(h, in);
	int rm = vfp_rm(h, in);
	if (rm < 0)
		return -1;
	uint32_t *fl = &h->fflags;
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2), vs1 = V_N(in->rs1);
	if (h->vstart >= h->vl) {
		h->vstart = 0;
		return 0;
	}
	if (sew == 32) {
		vfp_u32 *a = VFP_R32(vs2);
		uint32_t s = VFP_R32(vs1)[0];
		VFP_FOR_ACTIVE(i) {
			switch (op) {
			case VFP_RSUM: s = fpu_add_s(s, a[i], (unsigned)rm, fl); break;
			case VFP_RMIN: s = fpu_min_s(s, a[i], fl); break;
			default: s = fpu_max_s(s, a[i], fl); break;
			}
		}
		VFP_R32(vd)[0] = s;
	} else {
		vfp_u64 *a = VFP_R64(vs2);
		uint64_t s = VFP_R64(vs1)[0];
		VFP_FOR_ACTIVE(i) {
			switch (op) {
			case VFP_RSUM: s = fpu_add_d(s, a[i], (unsigned)rm, fl); break;
			case VFP_RMIN: s = fpu_min_d(s, a[i], fl); break;
			default: s = fpu_max_d(s, a[i], fl); break;
			}
		}
		VFP_R64(vd)[0] = s;
	}
	h->vstart = 0;
	return 0;
}

VFP_H(vfredusum_vs, vfp_red, VFP_RSUM)
VFP_H(vfredosum_vs, vfp_red, VFP_RSUM)
VFP_H(vfredmin_vs, vfp_red, VFP_RMIN)
VFP_H(vfredmax_vs, vfp_red, VFP_RMAX)

/* vd[0] (binary64) = vs1[0] + each active binary32 element of vs2 widened exactly, in
 * element order. */
static int vfp_wred(struct hart *h, const struct isa_insn *in)
{
	if (v_vill(h) || v_vstart_nonzero(h) || v_sew(h) != 32 ||
	    !v_aligned(V_N(in->rs2), v_lmul_log2(h)))
		return v_illegal(h, in);
	int rm = vfp_rm(h, in);
	if (rm < 0)
		return -1;
	uint32_t *fl = &h->fflags;
	if (h->vstart >= h->vl) {
		h->vstart = 0;
		return 0;
	}
	vfp_u32 *a = VFP_R32(V_N(in->rs2));
	uint64_t s = VFP_R64(V_N(in->rs1))[0];
	VFP_FOR_ACTIVE(i)
		s = fpu_add_d(s, fpu_cvt_d_s(a[i], fl), (unsigned)rm, fl);
	VFP_R64(V_N(in->rd))[0] = s;
	h->vstart = 0;
	return 0;
}

int exec_vfwredusum_vs(struct hart *h, const struct isa_insn *in)
{
	return vfp_wred(h, in);
}

int exec_vfwredosum_vs(struct hart *h, const struct isa_insn *in)
{
	return vfp_wred(h, in);
}
