/*
 * exec_vint.h — what the integer, fixed-point and Zvbb handlers (exec_vint.c, exec_vfix.c,
 * exec_vbb.c) share: the operands of an OP-V instruction (struct vop), the legality checks
 * qemu's trans_rvv.c.inc makes for each shape of instruction, and loops that run an element
 * operation over the body elements vstart..vl-1 for one SEW.
 *
 * An element operation is a statement macro OP(T, S, DT, DS, W, x, y, r) that sets r from x
 * (the vs2 element) and y (the vs1 element, x[rs1] or the immediate, truncated to SEW), with T
 * and S the unsigned and signed types of SEW = W bits and DT and DS those of 2 * SEW (128 bits
 * for SEW 64). Multiply-adds take vd's element too (OP(..., x, y, z, r)), the carry shapes
 * v0's bit (OP(..., x, y, c, r)). The loops are expanded once per SEW, so an instruction costs
 * one switch on SEW, then a loop with the operation inlined; an operation may read `rm` (vxrm)
 * and set `sat` (vxsat), and a loop may read `h`, of the enclosing V_DEF_LOOP function.
 */
#ifndef ROBIN_EMU_EXEC_VINT_H
#define ROBIN_EMU_EXEC_VINT_H

#include <string.h>

#include "emu/exec.h"
#include "emu/exec_v.h"

typedef unsigned __int128 v_u128;
typedef __int128 v_s128;

/* The operands as the loops see them. */
struct vop {
	uint8_t *d;          /* vd's group */
	const uint8_t *a;    /* vs2's group (NULL when the row has none) */
	const uint8_t *b;    /* vs1's group, or NULL: the scalar s takes its place */
	const uint8_t *m;    /* v0 when the instruction is masked, else NULL */
	uint64_t s;          /* x[rs1] (OPIVX/OPMVX) or the immediate (OPIVI) */
	uint64_t i0, vl;     /* the body: elements i0 (vstart) .. vl - 1 */
};

static inline void vop_load(struct hart *h, const struct isa_insn *in, struct vop *o)
{
	o->d = v_reg(h, V_N(in->rd));
	o->a = ISA_REG_IS_V(in->rs2) ? v_reg(h, V_N(in->rs2)) : NULL;
	if (ISA_REG_IS_V(in->rs1)) {
		o->b = v_reg(h, V_N(in->rs1));
		o->s = 0;
	} else {
		o->b = NULL;
		o->s = in->rs1 == ISA_REG_NONE ? (uint64_t)in->imm : h->x[in->rs1];
	}
	o->m = in->masked ? h->vreg : NULL;
	o->i0 = h->vstart;
	o->vl = h->vl;
}

/* Bit i of the mask at m; whether element i is active. */
static inline int vm_bit(const uint8_t *m, uint64_t i)
{
	return (m[i >> 3] >> (i & 7u)) & 1;
}
#define V_ON(o, i) (!(o)->m || vm_bit((o)->m, (i)))

/* Writes the bits `set` of mask word k (64 mask bits) of register d to those of `val`: mask
 * results are built 64 elements at a time, the other bits (masked off, tail) stay. */
static inline void vm_flush(uint8_t *d, uint64_t k, uint64_t val, uint64_t set)
{
	uint64_t w;
	memcpy(&w, d + 8 * k, 8);
	w = (w & ~set) | (val & set);
	memcpy(d + 8 * k, &w, 8);
}

/* The rounding increment of a right shift by d (0..63) of a value whose low 64 bits are v
 * (V 1.0 "Vector Fixed-Point Rounding Mode Register vxrm"): rnu, rne, rdn, rod. */
static inline uint64_t v_round(uint64_t v, unsigned d, unsigned rm)
{
	if (d == 0)
		return 0;
	uint64_t half = (v >> (d - 1)) & 1u;
	uint64_t below = d > 1 ? v & ((1ull << (d - 1)) - 1u) : 0;  /* bits d-2 .. 0 */
	switch (rm & 3u) {
	case 0: return half;                                        /* rnu */
	case 1: return half & ((below != 0) | ((v >> d) & 1u));     /* rne */
	case 2: return 0;                                           /* rdn */
	default: return !((v >> d) & 1u) & ((half | (below != 0)) != 0); /* rod */
	}
}

/* ---- legality checks: 1 when the encoding is legal (qemu's vext_check_* of trans_rvv.c.inc,
 * V 1.0 sections 3.4.2, 5.2, 5.3) ------------------------------------------------------- */

/* Register r (an isa operand) is aligned to EMUL 2^emul; operands that are not vector
 * registers pass. */
static inline int vck_al(uint8_t r, int emul)
{
	return !ISA_REG_IS_V(r) || v_aligned(V_N(r), emul);
}

/* A destination group of EMUL 2^dl at dst may overlap a source group of EMUL 2^sl at src
 * only when they do not overlap, or (a wider destination) the source fills the destination's
 * highest-numbered part and its EMUL is at least 1. The caller allows dst == src itself where
 * the narrower destination sits in the source's lowest part. */
static inline int vck_noover(unsigned dst, int dl, unsigned src, int sl)
{
	unsigned dn = v_regs(dl), sn = v_regs(sl);
	if (dn > sn && dst < src && sl >= 0 && v_overlap(dst, dn, src, sn) &&
	    !v_overlap(dst, dn, src + sn, sn))
		return 1;
	return !v_overlap(dst, dn, src, sn);
}

/* SEW = SEW op SEW (and vd = op vs2 / vs1): all groups aligned to LMUL; masked: vd != v0. */
static inline int vck_sss(const struct hart *h, const struct isa_insn *in)
{
	int l = v_lmul_log2(h);
	return !v_mask_clobbers_v0(in, V_N(in->rd)) && vck_al(in->rd, l) && vck_al(in->rs2, l) &&
	       vck_al(in->rs1, l);
}

/* A mask from SEW operands (compares, vmadc, vmsbc): sources aligned; vd (one register) may
 * be a source's first register but no other register of a source group; vd may be v0. */
static inline int vck_mss(const struct hart *h, const struct isa_insn *in)
{
	int l = v_lmul_log2(h);
	unsigned vd = V_N(in->rd);
	if (!vck_al(in->rs2, l) || !vck_al(in->rs1, l))
		return 0;
	if (vd != V_N(in->rs2) && !vck_noover(vd, 0, V_N(in->rs2), l))
		return 0;
	if (ISA_REG_IS_V(in->rs1) && vd != V_N(in->rs1) && !vck_noover(vd, 0, V_N(in->rs1), l))
		return 0;
	return 1;
}

/* What every widening instruction needs: LMUL <= 4, SEW < 64, vd aligned to 2 * LMUL. */
static inline int vck_wide(const struct hart *h, const struct isa_insn *in)
{
	int l = v_lmul_log2(h);
	return l <= 2 && v_sew(h) < 64 && vck_al(in->rd, l + 1) &&
	       !v_mask_clobbers_v0(in, V_N(in->rd));
}

/* 2 * SEW = SEW op SEW: the sources aligned to LMUL, each in vd's highest part or apart. */
static inline int vck_dss(const struct hart *h, const struct isa_insn *in)
{
	int l = v_lmul_log2(h);
	unsigned vd = V_N(in->rd);
	if (!vck_wide(h, in) || !vck_al(in->rs2, l) || !vck_al(in->rs1, l))
		return 0;
	if (ISA_REG_IS_V(in->rs2) && !vck_noover(vd, l + 1, V_N(in->rs2), l))
		return 0;
	if (ISA_REG_IS_V(in->rs1) && !vck_noover(vd, l + 1, V_N(in->rs1), l))
		return 0;
	return 1;
}

/* 2 * SEW = 2 * SEW op SEW (.wv, .wx): vs2 aligned to 2 * LMUL, vs1 as in vck_dss. */
static inline int vck_dds(const struct hart *h, const struct isa_insn *in)
{
	int l = v_lmul_log2(h);
	if (!vck_wide(h, in) || !vck_al(in->rs2, l + 1) || !vck_al(in->rs1, l))
		return 0;
	return !ISA_REG_IS_V(in->rs1) || vck_noover(V_N(in->rd), l + 1, V_N(in->rs1), l);
}

/* SEW = 2 * SEW op SEW (narrowing): vs2 aligned to 2 * LMUL, vd to LMUL and in vs2's lowest
 * part or apart from it. */
static inline int vck_sds(const struct hart *h, const struct isa_insn *in)
{
	int l = v_lmul_log2(h);
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2);
	if (l > 2 || v_sew(h) >= 64 || !vck_al(in->rs2, l + 1) || !vck_al(in->rd, l) ||
	    v_mask_clobbers_v0(in, vd) || !vck_al(in->rs1, l))
		return 0;
	return vd == vs2 || vck_noover(vd, l, vs2, l + 1);
}

/* ---- loops ------------------------------------------------------------------------------- */

/* The four SEWs with their types: BODY(T, S, DT, DS, W, ...) */
#define V_SEW_SWITCH(sew, BODY, ...)                                                        \
	switch (sew) {                                                                      \
	case 8: BODY(uint8_t, int8_t, uint16_t, int16_t, 8, __VA_ARGS__); break;            \
	case 16: BODY(uint16_t, int16_t, uint32_t, int32_t, 16, __VA_ARGS__); break;        \
	case 32: BODY(uint32_t, int32_t, uint64_t, int64_t, 32, __VA_ARGS__); break;        \
	default: BODY(uint64_t, int64_t, v_u128, v_s128, 64, __VA_ARGS__); break;           \
	}

/* SEW 8, 16, 32 only (widening and narrowing: SEW 64 was refused before). */
#define V_SEW_SWITCH3(sew, BODY, ...)                                                       \
	switch (sew) {                                                                      \
	case 8: BODY(uint8_t, int8_t, uint16_t, int16_t, 8, __VA_ARGS__); break;            \
	case 16: BODY(uint16_t, int16_t, uint32_t, int32_t, 16, __VA_ARGS__); break;        \
	default: BODY(uint32_t, int32_t, uint64_t, int64_t, 32, __VA_ARGS__); break;        \
	}

/* A loop over the active body elements with y the vs1 element or the scalar; STMT is run with
 * x = XSRC[i], y set (the statement is the variadic argument, so it may hold commas). X_T,
 * Y_T: the element types of vs2 and of vs1 / the scalar. */
#define V_LOOP2(o, X_T, Y_T, XSRC, ...)                                                    \
	do {                                                                                \
		const X_T *XSRC = (const X_T *)(const void *)(o)->a;                        \
		if ((o)->b) {                                                               \
			const Y_T *bv_ = (const Y_T *)(const void *)(o)->b;                 \
			for (uint64_t i = (o)->i0; i < (o)->vl; i++) {                      \
				if (!V_ON(o, i))                                            \
					continue;                                           \
				X_T x = XSRC[i];                                            \
				Y_T y = bv_[i];                                             \
				(void)y;                                                    \
				__VA_ARGS__;                                                \
			}                                                                   \
		} else {                                                                    \
			const Y_T y = (Y_T)(o)->s;                                          \
			for (uint64_t i = (o)->i0; i < (o)->vl; i++) {                      \
				if (!V_ON(o, i))                                            \
					continue;                                           \
				X_T x = XSRC[i];                                            \
				(void)y;                                                    \
				__VA_ARGS__;                                                \
			}                                                                   \
		}                                                                           \
	} while (0)

/* vd[i] = OP(vs2[i], y): SEW = SEW op SEW */
#define V_BODY_BIN(T, S, DT, DS, W, o, OP)                                                  \
	do {                                                                                \
		T *d_ = (T *)(void *)(o)->d;                                                \
		V_LOOP2(o, T, T, a_, { T r; OP(T, S, DT, DS, W, x, y, r); d_[i] = r; });    \
	} while (0)

/* vd[i] = OP(vs2[i], y, vd[i]): multiply-adds (z is vd's element) */
#define V_BODY_MAC(T, S, DT, DS, W, o, OP)                                                  \
	do {                                                                                \
		T *d_ = (T *)(void *)(o)->d;                                                \
		V_LOOP2(o, T, T, a_, {                                                      \
			T z = d_[i], r;                                                     \
			OP(T, S, DT, DS, W, x, y, z, r);                                    \
			d_[i] = r;                                                          \
		});                                                                         \
	} while (0)

/* 2 * SEW = SEW op SEW */
#define V_BODY_WIDE(T, S, DT, DS, W, o, OP)                                                 \
	do {                                                                                \
		DT *d_ = (DT *)(void *)(o)->d;                                              \
		V_LOOP2(o, T, T, a_, { DT r; OP(T, S, DT, DS, W, x, y, r); d_[i] = r; });   \
	} while (0)

/* 2 * SEW = 2 * SEW op SEW (x is 2 * SEW) */
#define V_BODY_WIDEW(T, S, DT, DS, W, o, OP)                                                \
	do {                                                                                \
		DT *d_ = (DT *)(void *)(o)->d;                                              \
		V_LOOP2(o, DT, T, a_, { DT r; OP(T, S, DT, DS, W, x, y, r); d_[i] = r; });  \
	} while (0)

/* 2 * SEW += SEW op SEW (widening multiply-adds; z is vd's element) */
#define V_BODY_WMAC(T, S, DT, DS, W, o, OP)                                                 \
	do {                                                                                \
		DT *d_ = (DT *)(void *)(o)->d;                                              \
		V_LOOP2(o, T, T, a_, {                                                      \
			DT z = d_[i], r;                                                    \
			OP(T, S, DT, DS, W, x, y, z, r);                                    \
			d_[i] = r;                                                          \
		});                                                                         \
	} while (0)

/* SEW = 2 * SEW op SEW (narrowing; x is 2 * SEW) */
#define V_BODY_NARROW(T, S, DT, DS, W, o, OP)                                               \
	do {                                                                                \
		T *d_ = (T *)(void *)(o)->d;                                                \
		V_LOOP2(o, DT, T, a_, { T r; OP(T, S, DT, DS, W, x, y, r); d_[i] = r; });   \
	} while (0)

/* A static function running element operation OP in loop shape BODY over every SEW
 * (SWITCH: V_SEW_SWITCH or V_SEW_SWITCH3); it sets vxsat when OP saturated. */
#define V_DEF_LOOP(fname, SWITCH, BODY, OP)                                                 \
	static void fname(struct hart *h, struct vop *o)                                    \
	{                                                                                   \
		unsigned rm = h->vxrm;                                                      \
		int sat = 0;                                                                \
		(void)rm;                                                                   \
		SWITCH(v_sew(h), BODY, o, OP)                                               \
		if (sat)                                                                    \
			h->vxsat = 1;                                                       \
	}

/* A handler: the vill and shape checks (ok, an expression of h and in), then the loop fn, then
 * vstart = 0. */
#define V_EXEC(row, ok, fn)                                                                 \
	int exec_##row(struct hart *h, const struct isa_insn *in)                           \
	{                                                                                   \
		if (v_vill(h) || !(ok))                                                     \
			return v_illegal(h, in);                                            \
		struct vop o;                                                               \
		vop_load(h, in, &o);                                                        \
		fn(h, &o);                                                                  \
		h->vstart = 0;                                                              \
		return 0;                                                                   \
	}

/* Constants of the element types */
#define V_TMIN(T, W) ((T)((T)1 << ((W) - 1)))     /* the signed minimum as T */
#define V_TMAX(T, W) ((T)(V_TMIN(T, W) - 1u))     /* the signed maximum as T */

#endif
