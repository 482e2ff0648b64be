/*
 * exec_vperm.c — the V 1.0 permutation instructions (specification section "Vector
 * Permutation Instructions": the scalar moves vmv.x.s, vmv.s.x, vfmv.f.s, vfmv.s.f, the slides,
 * the register gathers and vcompress.vm) and the integer reductions (section "Vector
 * Reduction Operations": vred<op>.vs, vwredsum[u].vs).
 *
 * qemu-riscv64 7.2 is the reference, and these are its choices where the specification leaves
 * room or where it departs from the general rule that an instruction runs elements vstart..vl-1
 * and then clears vstart: an instruction that writes a vector register does nothing at all
 * when vstart >= vl (vstart stays; vcompress.vm: only when vl = 0); vslideup and the four
 * scalar moves never clear vstart; vmv.s.x and vfmv.s.f write element 0 only when
 * vstart < vl; the FP forms take SEW 16, 32 and 64 (qemu 7.2 allows binary16 there without
 * Zvfh) and raise SIGILL at SEW 8 or with an invalid frm; vcompress.vm and the reductions
 * raise SIGILL when vstart is not 0 (qemu 7.2 as the specification; e2e 246 found both). The register checks are
 * those of qemu's trans_rvv.c.inc (alignment to LMUL or EMUL, vd differing from the sources of
 * slideup, the gathers and vcompress, a masked instruction not writing v0).
 */
#include "emu/exec.h"
#include "emu/exec_v.h"

/* Runs the statements with T, the unsigned element type of `sew` bits (switch once, typed
 * loop); VPERM_FOR_SEW_S also has S, the signed one. */
#define VPERM_FOR_SEW(sew, ...)                                                  \
	do {                                                                     \
		switch (sew) {                                                   \
		case 8: { typedef uint8_t T; __VA_ARGS__ } break;               \
		case 16: { typedef uint16_t T; __VA_ARGS__ } break;             \
		case 32: { typedef uint32_t T; __VA_ARGS__ } break;             \
		default: { typedef uint64_t T; __VA_ARGS__ } break;             \
		}                                                                \
	} while (0)

#define VPERM_FOR_SEW_S(sew, ...)                                                        \
	do {                                                                             \
		switch (sew) {                                                           \
		case 8: { typedef uint8_t T; typedef int8_t S; __VA_ARGS__ } break;     \
		case 16: { typedef uint16_t T; typedef int16_t S; __VA_ARGS__ } break;  \
		case 32: { typedef uint32_t T; typedef int32_t S; __VA_ARGS__ } break;  \
		default: { typedef uint64_t T; typedef int64_t S; __VA_ARGS__ } break;  \
		}                                                                        \
	} while (0)

#define VPERM_ELEMS(T, n) ((T *)(void *)v_reg(h, (n)))

/* The FP forms need an FP type of SEW bits: binary16 (as qemu 7.2), binary32 or binary64. */
static int vperm_fp_sew_ok(const struct hart *h)
{
	return v_sew(h) != 8;
}

/* ---- scalar moves -------------------------------------------------------------------------- */

/* x[rd] = vs2[0] sign-extended, whatever vl (LMUL is ignored). */
int exec_vmv_x_s(struct hart *h, const struct isa_insn *in)
{
	if (v_vill(h))
		return v_illegal(h, in);
	unsigned sew = v_sew(h);
	if (in->rd)
		h->x[in->rd] = (uint64_t)v_sext(v_elem(h, V_N(in->rs2), 0, sew), sew);
	return 0;
}

/* vd[0] = x[rs1] when vstart < vl. */
int exec_vmv_s_x(struct hart *h, const struct isa_insn *in)
{
	if (v_vill(h))
		return v_illegal(h, in);
	if (h->vstart < h->vl)
		v_set_elem(h, V_N(in->rd), 0, v_sew(h), h->x[in->rs1]);
	return 0;
}

/* f[rd] = vs2[0], NaN-boxed. */
int exec_vfmv_f_s(struct hart *h, const struct isa_insn *in)
{
	if (v_vill(h) || !vperm_fp_sew_ok(h) || v_frm_invalid(h))
		return v_illegal(h, in);
	unsigned sew = v_sew(h);
	v_set_fscalar(h, in->rd, sew, v_elem(h, V_N(in->rs2), 0, sew));
	return 0;
}

/* vd[0] = f[rs1] (a value not NaN-boxed reads as the canonical NaN) when vstart < vl. */
int exec_vfmv_s_f(struct hart *h, const struct isa_insn *in)
{
	if (v_vill(h) || !vperm_fp_sew_ok(h) || v_frm_invalid(h))
		return v_illegal(h, in);
	unsigned sew = v_sew(h);
	if (h->vstart < h->vl)
		v_set_elem(h, V_N(in->rd), 0, sew, v_fscalar(h, in->rs1, sew));
	return 0;
}

/* ---- slides -------------------------------------------------------------------------------- */

/* qemu's slide check: vd and vs2 aligned to LMUL, a masked slide not writing v0, and for the
 * up-slides vd != vs2 (aligned groups of one size either coincide or are disjoint). */
static int slide_illegal(const struct hart *h, const struct isa_insn *in, int up)
{
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2);
	int lmul = v_lmul_log2(h);
	return v_vill(h) || !v_aligned(vd, lmul) || !v_aligned(vs2, lmul) ||
	       v_mask_clobbers_v0(in, vd) || (up && vd == vs2);
}

/* vd[i] = vs2[i - off] for the active i in [max(vstart, off), vl); vstart stays (qemu 7.2). */
static int vslideup(struct hart *h, const struct isa_insn *in, uint64_t off)
{
	if (slide_illegal(h, in, 1))
		return v_illegal(h, in);
	uint64_t i0 = h->vstart > off ? h->vstart : off;
	VPERM_FOR_SEW(v_sew(h),
		T *d = VPERM_ELEMS(T, V_N(in->rd));
		const T *s = VPERM_ELEMS(T, V_N(in->rs2));
		for (uint64_t i = i0; i < h->vl; i++)
			if (v_active(h, in, i))
				d[i] = s[i - off];
	);
	return 0;
}

/* vd[i] = i + off < VLMAX ? vs2[i + off] : 0 for the active i in [vstart, vl). vd may be
 * vs2: element i + off >= i is read before it is written. */
static int vslidedown(struct hart *h, const struct isa_insn *in, uint64_t off)
{
	if (slide_illegal(h, in, 0))
		return v_illegal(h, in);
	if (h->vstart >= h->vl)
		return 0;
	uint64_t vlmax = v_vlmax(h, v_sew(h), v_lmul_log2(h));
	VPERM_FOR_SEW(v_sew(h),
		T *d = VPERM_ELEMS(T, V_N(in->rd));
		const T *s = VPERM_ELEMS(T, V_N(in->rs2));
		for (uint64_t i = h->vstart; i < h->vl; i++)
			if (v_active(h, in, i))
				d[i] = off < vlmax - i ? s[i + off] : 0;
	);
	h->vstart = 0;
	return 0;
}

/* vd[0] = x, vd[i] = vs2[i - 1] for the active i in [vstart, vl). */
static int vslide1up(struct hart *h, const struct isa_insn *in, uint64_t x)
{
	if (slide_illegal(h, in, 1))
		return v_illegal(h, in);
	if (h->vstart >= h->vl)
		return 0;
	VPERM_FOR_SEW(v_sew(h),
		T *d = VPERM_ELEMS(T, V_N(in->rd));
		const T *s = VPERM_ELEMS(T, V_N(in->rs2));
		for (uint64_t i = h->vstart; i < h->vl; i++)
			if (v_active(h, in, i))
				d[i] = i ? s[i - 1] : (T)x;
	);
	h->vstart = 0;
	return 0;
}

/* vd[i] = vs2[i + 1], vd[vl - 1] = x for the active i in [vstart, vl); vd may be vs2. */
static int vslide1down(struct hart *h, const struct isa_insn *in, uint64_t x)
{
	if (slide_illegal(h, in, 0))
		return v_illegal(h, in);
	if (h->vstart >= h->vl)
		return 0;
	VPERM_FOR_SEW(v_sew(h),
		T *d = VPERM_ELEMS(T, V_N(in->rd));
		const T *s = VPERM_ELEMS(T, V_N(in->rs2));
		for (uint64_t i = h->vstart; i < h->vl; i++)
			if (v_active(h, in, i))
				d[i] = i + 1 < h->vl ? s[i + 1] : (T)x;
	);
	h->vstart = 0;
	return 0;
}

int exec_vslideup_vx(struct hart *h, const struct isa_insn *in) { return vslideup(h, in, h->x[in->rs1]); }
int exec_vslideup_vi(struct hart *h, const struct isa_insn *in) { return vslideup(h, in, (uint64_t)in->imm); }
int exec_vslidedown_vx(struct hart *h, const struct isa_insn *in) { return vslidedown(h, in, h->x[in->rs1]); }
int exec_vslidedown_vi(struct hart *h, const struct isa_insn *in) { return vslidedown(h, in, (uint64_t)in->imm); }
int exec_vslide1up_vx(struct hart *h, const struct isa_insn *in) { return vslide1up(h, in, h->x[in->rs1]); }
int exec_vslide1down_vx(struct hart *h, const struct isa_insn *in) { return vslide1down(h, in, h->x[in->rs1]); }

int exec_vfslide1up_vf(struct hart *h, const struct isa_insn *in)
{
	if (v_vill(h) || !vperm_fp_sew_ok(h) || v_frm_invalid(h))
		return v_illegal(h, in);
	return vslide1up(h, in, v_fscalar(h, in->rs1, v_sew(h)));
}

int exec_vfslide1down_vf(struct hart *h, const struct isa_insn *in)
{
	if (v_vill(h) || !vperm_fp_sew_ok(h) || v_frm_invalid(h))
		return v_illegal(h, in);
	return vslide1down(h, in, v_fscalar(h, in->rs1, v_sew(h)));
}

/* ---- register gathers ---------------------------------------------------------------------- */

/* vd[i] = vs2[vs1[i]], 0 where the index is VLMAX or more. vd differs from vs1 and vs2 (all
 * aligned to LMUL, so differing means disjoint). */
int exec_vrgather_vv(struct hart *h, const struct isa_insn *in)
{
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2), vs1 = V_N(in->rs1);
	int lmul = v_lmul_log2(h);
	if (v_vill(h) || !v_aligned(vd, lmul) || !v_aligned(vs1, lmul) || !v_aligned(vs2, lmul) ||
	    vd == vs2 || vd == vs1 || v_mask_clobbers_v0(in, vd))
		return v_illegal(h, in);
	if (h->vstart >= h->vl)
		return 0;
	uint64_t vlmax = v_vlmax(h, v_sew(h), lmul);
	VPERM_FOR_SEW(v_sew(h),
		T *d = VPERM_ELEMS(T, vd);
		const T *s = VPERM_ELEMS(T, vs2), *ix = VPERM_ELEMS(T, vs1);
		for (uint64_t i = h->vstart; i < h->vl; i++)
			if (v_active(h, in, i))
				d[i] = ix[i] < vlmax ? s[ix[i]] : 0;
	);
	h->vstart = 0;
	return 0;
}

/* vrgatherei16.vv: the indices are 16-bit elements of a group of EMUL = 16 / SEW * LMUL. */
int exec_vrgatherei16_vv(struct hart *h, const struct isa_insn *in)
{
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2), vs1 = V_N(in->rs1);
	int lmul = v_lmul_log2(h);
	int emul = v_vill(h) ? 0 : 4 - __builtin_ctz(v_sew(h)) + lmul;  /* log2(16 / SEW) + lmul */
	if (v_vill(h) || emul < -3 || emul > 3 || !v_aligned(vd, lmul) || !v_aligned(vs1, emul) ||
	    !v_aligned(vs2, lmul) || vd == vs2 || vd == vs1 ||
	    v_overlap(vd, v_regs(lmul), vs1, v_regs(emul)) ||
	    v_overlap(vd, v_regs(lmul), vs2, v_regs(lmul)) || v_mask_clobbers_v0(in, vd))
		return v_illegal(h, in);
	if (h->vstart >= h->vl)
		return 0;
	uint64_t vlmax = v_vlmax(h, v_sew(h), lmul);
	const uint16_t *ix = VPERM_ELEMS(uint16_t, vs1);
	VPERM_FOR_SEW(v_sew(h),
		T *d = VPERM_ELEMS(T, vd);
		const T *s = VPERM_ELEMS(T, vs2);
		for (uint64_t i = h->vstart; i < h->vl; i++)
			if (v_active(h, in, i))
				d[i] = ix[i] < vlmax ? s[ix[i]] : 0;
	);
	h->vstart = 0;
	return 0;
}

/* vd[i] = idx < VLMAX ? vs2[idx] : 0 with one index for all elements. */
static int vrgather_scalar(struct hart *h, const struct isa_insn *in, uint64_t idx)
{
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2);
	int lmul = v_lmul_log2(h);
	if (v_vill(h) || !v_aligned(vd, lmul) || !v_aligned(vs2, lmul) || vd == vs2 ||
	    v_mask_clobbers_v0(in, vd))
		return v_illegal(h, in);
	if (h->vstart >= h->vl)
		return 0;
	uint64_t vlmax = v_vlmax(h, v_sew(h), lmul);
	VPERM_FOR_SEW(v_sew(h),
		T *d = VPERM_ELEMS(T, vd);
		T v = idx < vlmax ? VPERM_ELEMS(T, vs2)[idx] : 0;
		for (uint64_t i = h->vstart; i < h->vl; i++)
			if (v_active(h, in, i))
				d[i] = v;
	);
	h->vstart = 0;
	return 0;
}

int exec_vrgather_vx(struct hart *h, const struct isa_insn *in) { return vrgather_scalar(h, in, h->x[in->rs1]); }
int exec_vrgather_vi(struct hart *h, const struct isa_insn *in) { return vrgather_scalar(h, in, (uint64_t)in->imm); }

/* vcompress.vm: the elements of vs2 whose vs1 mask bit is set, i in [vstart, vl), packed from
 * vd[0]; the rest of vd stays. vd differs from vs2 and does not contain vs1. */
int exec_vcompress_vm(struct hart *h, const struct isa_insn *in)
{
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2), vs1 = V_N(in->rs1);
	int lmul = v_lmul_log2(h);
	if (v_vill(h) || v_vstart_nonzero(h) || !v_aligned(vd, lmul) || !v_aligned(vs2, lmul) ||
	    vd == vs2 || v_overlap(vd, v_regs(lmul), vs1, 1))
		return v_illegal(h, in);
	if (h->vl == 0)  /* qemu 7.2 tests vl here, not vstart >= vl */
		return 0;
	uint64_t k = 0;
	VPERM_FOR_SEW(v_sew(h),
		T *d = VPERM_ELEMS(T, vd);
		const T *s = VPERM_ELEMS(T, vs2);
		for (uint64_t i = h->vstart; i < h->vl; i++)
			if (v_mask_bit(h, vs1, i))
				d[k++] = s[i];
	);
	h->vstart = 0;
	return 0;
}

/* ---- integer reductions -------------------------------------------------------------------- */

enum vred_op { VRED_SUM, VRED_AND, VRED_OR, VRED_XOR, VRED_MINU, VRED_MIN, VRED_MAXU, VRED_MAX };

/* The loop of a reduction: stmt on the active elements e = vs2[i], i in [vstart, vl). */
#define VRED_LOOP(stmt)                                                  \
	for (uint64_t i = h->vstart; i < h->vl; i++) {                   \
		if (!v_active(h, in, i))                                 \
			continue;                                        \
		T e = s2[i];                                             \
		stmt;                                                    \
	}

/* vd[0] = vs1[0] op the active elements of vs2. vs2 aligned to LMUL; vd and vs1 are single
 * registers (any, v0 included); nothing happens when vstart >= vl. */
static int vred(struct hart *h, const struct isa_insn *in, enum vred_op op)
{
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2), vs1 = V_N(in->rs1);
	if (v_vill(h) || v_vstart_nonzero(h) || !v_aligned(vs2, v_lmul_log2(h)))
		return v_illegal(h, in);
	if (h->vstart >= h->vl)
		return 0;
	VPERM_FOR_SEW_S(v_sew(h),
		const T *s2 = VPERM_ELEMS(T, vs2);
		T acc = VPERM_ELEMS(T, vs1)[0];
		switch (op) {
		case VRED_SUM: VRED_LOOP(acc = (T)(acc + e)) break;
		case VRED_AND: VRED_LOOP(acc &= e) break;
		case VRED_OR: VRED_LOOP(acc |= e) break;
		case VRED_XOR: VRED_LOOP(acc ^= e) break;
		case VRED_MINU: VRED_LOOP(if (e < acc) acc = e) break;
		case VRED_MIN: VRED_LOOP(if ((S)e < (S)acc) acc = e) break;
		case VRED_MAXU: VRED_LOOP(if (e > acc) acc = e) break;
		default: VRED_LOOP(if ((S)e > (S)acc) acc = e) break;
		}
		VPERM_ELEMS(T, vd)[0] = acc;
	);
	h->vstart = 0;
	return 0;
}

int exec_vredsum_vs(struct hart *h, const struct isa_insn *in) { return vred(h, in, VRED_SUM); }
int exec_vredand_vs(struct hart *h, const struct isa_insn *in) { return vred(h, in, VRED_AND); }
int exec_vredor_vs(struct hart *h, const struct isa_insn *in) { return vred(h, in, VRED_OR); }
int exec_vredxor_vs(struct hart *h, const struct isa_insn *in) { return vred(h, in, VRED_XOR); }
int exec_vredminu_vs(struct hart *h, const struct isa_insn *in) { return vred(h, in, VRED_MINU); }
int exec_vredmin_vs(struct hart *h, const struct isa_insn *in) { return vred(h, in, VRED_MIN); }
int exec_vredmaxu_vs(struct hart *h, const struct isa_insn *in) { return vred(h, in, VRED_MAXU); }
int exec_vredmax_vs(struct hart *h, const struct isa_insn *in) { return vred(h, in, VRED_MAX); }

/* vd[0] (2 * SEW) = vs1[0] (2 * SEW) + the active elements of vs2, zero- or sign-extended.
 * SEW 64 is reserved. */
static int vwredsum(struct hart *h, const struct isa_insn *in, int is_signed)
{
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2), vs1 = V_N(in->rs1);
	if (v_vill(h) || v_vstart_nonzero(h) || !v_aligned(vs2, v_lmul_log2(h)) || v_sew(h) == 64)
		return v_illegal(h, in);
	if (h->vstart >= h->vl)
		return 0;
	unsigned sew = v_sew(h);
	uint64_t acc = v_elem(h, vs1, 0, 2 * sew);
	VPERM_FOR_SEW_S(sew,
		const T *s2 = VPERM_ELEMS(T, vs2);
		if (is_signed) {
			VRED_LOOP(acc += (uint64_t)(int64_t)(S)e)
		} else {
			VRED_LOOP(acc += e)
		}
	);
	v_set_elem(h, vd, 0, 2 * sew, acc);
	h->vstart = 0;
	return 0;
}

int exec_vwredsumu_vs(struct hart *h, const struct isa_insn *in) { return vwredsum(h, in, 0); }
int exec_vwredsum_vs(struct hart *h, const struct isa_insn *in) { return vwredsum(h, in, 1); }
