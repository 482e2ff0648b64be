/*
 * exec_vint.c — the V 1.0 integer arithmetic instructions (chapter "Vector Integer Arithmetic
 * Instructions"): add, subtract, with carry, min/max, logic, shifts, narrowing shifts,
 * compares, merges and moves (vmv.v.*, vmv<nr>r.v), extensions, widening add/subtract,
 * multiplies, divides and multiply-adds. The fixed-point ones are in exec_vfix.c, Zvbb's in
 * exec_vbb.c; the loops and checks they share in exec_vint.h.
 *
 * Results for division by zero and overflow are the scalar M extension's: x / 0 = all ones,
 * x % 0 = x, INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0. The immediate of OPIVI is
 * sign-extended, but for the shifts (unsigned, ISA_T_UIMM); a scalar operand is truncated to
 * SEW (then extended where an operation widens it).
 */
#include "emu/exec_vint.h"

/* ---- element operations (see exec_vint.h): OP(T, S, DT, DS, W, x, y, r) ---------------- */

#define E_ADD(T, S, DT, DS, W, x, y, r) r = (T)((uint64_t)(x) + (y))
#define E_SUB(T, S, DT, DS, W, x, y, r) r = (T)((uint64_t)(x) - (y))
#define E_RSUB(T, S, DT, DS, W, x, y, r) r = (T)((uint64_t)(y) - (x))
#define E_MINU(T, S, DT, DS, W, x, y, r) r = (x) < (y) ? (x) : (y)
#define E_MIN(T, S, DT, DS, W, x, y, r) r = (S)(x) < (S)(y) ? (x) : (y)
#define E_MAXU(T, S, DT, DS, W, x, y, r) r = (x) > (y) ? (x) : (y)
#define E_MAX(T, S, DT, DS, W, x, y, r) r = (S)(x) > (S)(y) ? (x) : (y)
#define E_AND(T, S, DT, DS, W, x, y, r) r = (T)((x) & (y))
#define E_OR(T, S, DT, DS, W, x, y, r) r = (T)((x) | (y))
#define E_XOR(T, S, DT, DS, W, x, y, r) r = (T)((x) ^ (y))
#define E_SLL(T, S, DT, DS, W, x, y, r) r = (T)((uint64_t)(x) << ((y) & ((W) - 1)))
#define E_SRL(T, S, DT, DS, W, x, y, r) r = (T)((x) >> ((y) & ((W) - 1)))
#define E_SRA(T, S, DT, DS, W, x, y, r) r = (T)((S)(x) >> ((y) & ((W) - 1)))
#define E_MUL(T, S, DT, DS, W, x, y, r) r = (T)((uint64_t)(x) * (y))
#define E_MULH(T, S, DT, DS, W, x, y, r) r = (T)(((DS)(S)(x) * (DS)(S)(y)) >> (W))
#define E_MULHU(T, S, DT, DS, W, x, y, r) r = (T)(((DT)(x) * (DT)(y)) >> (W))
#define E_MULHSU(T, S, DT, DS, W, x, y, r) r = (T)(((DS)(S)(x) * (DS)(y)) >> (W))
#define E_DIVU(T, S, DT, DS, W, x, y, r) r = (y) ? (T)((x) / (y)) : (T)~(T)0
#define E_REMU(T, S, DT, DS, W, x, y, r) r = (y) ? (T)((x) % (y)) : (x)
#define E_DIV(T, S, DT, DS, W, x, y, r)                                                     \
	r = !(y) ? (T)~(T)0 : ((x) == V_TMIN(T, W) && (S)(y) == -1) ? (x)                   \
	  : (T)((S)(x) / (S)(y))
#define E_REM(T, S, DT, DS, W, x, y, r)                                                     \
	r = !(y) ? (x) : ((x) == V_TMIN(T, W) && (S)(y) == -1) ? (T)0 : (T)((S)(x) % (S)(y))

V_DEF_LOOP(l_add, V_SEW_SWITCH, V_BODY_BIN, E_ADD)
V_DEF_LOOP(l_sub, V_SEW_SWITCH, V_BODY_BIN, E_SUB)
V_DEF_LOOP(l_rsub, V_SEW_SWITCH, V_BODY_BIN, E_RSUB)
V_DEF_LOOP(l_minu, V_SEW_SWITCH, V_BODY_BIN, E_MINU)
V_DEF_LOOP(l_min, V_SEW_SWITCH, V_BODY_BIN, E_MIN)
V_DEF_LOOP(l_maxu, V_SEW_SWITCH, V_BODY_BIN, E_MAXU)
V_DEF_LOOP(l_max, V_SEW_SWITCH, V_BODY_BIN, E_MAX)
V_DEF_LOOP(l_and, V_SEW_SWITCH, V_BODY_BIN, E_AND)
V_DEF_LOOP(l_or, V_SEW_SWITCH, V_BODY_BIN, E_OR)
V_DEF_LOOP(l_xor, V_SEW_SWITCH, V_BODY_BIN, E_XOR)
V_DEF_LOOP(l_sll, V_SEW_SWITCH, V_BODY_BIN, E_SLL)
V_DEF_LOOP(l_srl, V_SEW_SWITCH, V_BODY_BIN, E_SRL)
V_DEF_LOOP(l_sra, V_SEW_SWITCH, V_BODY_BIN, E_SRA)
V_DEF_LOOP(l_mul, V_SEW_SWITCH, V_BODY_BIN, E_MUL)
V_DEF_LOOP(l_mulh, V_SEW_SWITCH, V_BODY_BIN, E_MULH)
V_DEF_LOOP(l_mulhu, V_SEW_SWITCH, V_BODY_BIN, E_MULHU)
V_DEF_LOOP(l_mulhsu, V_SEW_SWITCH, V_BODY_BIN, E_MULHSU)
V_DEF_LOOP(l_divu, V_SEW_SWITCH, V_BODY_BIN, E_DIVU)
V_DEF_LOOP(l_div, V_SEW_SWITCH, V_BODY_BIN, E_DIV)
V_DEF_LOOP(l_remu, V_SEW_SWITCH, V_BODY_BIN, E_REMU)
V_DEF_LOOP(l_rem, V_SEW_SWITCH, V_BODY_BIN, E_REM)

/* ---- single-width: vd = vs2 op vs1 / x[rs1] / imm ---------------------------------------- */

V_EXEC(vadd_vv, vck_sss(h, in), l_add)
V_EXEC(vadd_vx, vck_sss(h, in), l_add)
V_EXEC(vadd_vi, vck_sss(h, in), l_add)
V_EXEC(vsub_vv, vck_sss(h, in), l_sub)
V_EXEC(vsub_vx, vck_sss(h, in), l_sub)
V_EXEC(vrsub_vx, vck_sss(h, in), l_rsub)
V_EXEC(vrsub_vi, vck_sss(h, in), l_rsub)
V_EXEC(vminu_vv, vck_sss(h, in), l_minu)
V_EXEC(vminu_vx, vck_sss(h, in), l_minu)
V_EXEC(vmin_vv, vck_sss(h, in), l_min)
V_EXEC(vmin_vx, vck_sss(h, in), l_min)
V_EXEC(vmaxu_vv, vck_sss(h, in), l_maxu)
V_EXEC(vmaxu_vx, vck_sss(h, in), l_maxu)
V_EXEC(vmax_vv, vck_sss(h, in), l_max)
V_EXEC(vmax_vx, vck_sss(h, in), l_max)
V_EXEC(vand_vv, vck_sss(h, in), l_and)
V_EXEC(vand_vx, vck_sss(h, in), l_and)
V_EXEC(vand_vi, vck_sss(h, in), l_and)
V_EXEC(vor_vv, vck_sss(h, in), l_or)
V_EXEC(vor_vx, vck_sss(h, in), l_or)
V_EXEC(vor_vi, vck_sss(h, in), l_or)
V_EXEC(vxor_vv, vck_sss(h, in), l_xor)
V_EXEC(vxor_vx, vck_sss(h, in), l_xor)
V_EXEC(vxor_vi, vck_sss(h, in), l_xor)
V_EXEC(vsll_vv, vck_sss(h, in), l_sll)
V_EXEC(vsll_vx, vck_sss(h, in), l_sll)
V_EXEC(vsll_vi, vck_sss(h, in), l_sll)
V_EXEC(vsrl_vv, vck_sss(h, in), l_srl)
V_EXEC(vsrl_vx, vck_sss(h, in), l_srl)
V_EXEC(vsrl_vi, vck_sss(h, in), l_srl)
V_EXEC(vsra_vv, vck_sss(h, in), l_sra)
V_EXEC(vsra_vx, vck_sss(h, in), l_sra)
V_EXEC(vsra_vi, vck_sss(h, in), l_sra)
V_EXEC(vmul_vv, vck_sss(h, in), l_mul)
V_EXEC(vmul_vx, vck_sss(h, in), l_mul)
V_EXEC(vmulh_vv, vck_sss(h, in), l_mulh)
V_EXEC(vmulh_vx, vck_sss(h, in), l_mulh)
V_EXEC(vmulhu_vv, vck_sss(h, in), l_mulhu)
V_EXEC(vmulhu_vx, vck_sss(h, in), l_mulhu)
V_EXEC(vmulhsu_vv, vck_sss(h, in), l_mulhsu)
V_EXEC(vmulhsu_vx, vck_sss(h, in), l_mulhsu)
V_EXEC(vdivu_vv, vck_sss(h, in), l_divu)
V_EXEC(vdivu_vx, vck_sss(h, in), l_divu)
V_EXEC(vdiv_vv, vck_sss(h, in), l_div)
V_EXEC(vdiv_vx, vck_sss(h, in), l_div)
V_EXEC(vremu_vv, vck_sss(h, in), l_remu)
V_EXEC(vremu_vx, vck_sss(h, in), l_remu)
V_EXEC(vrem_vv, vck_sss(h, in), l_rem)
V_EXEC(vrem_vx, vck_sss(h, in), l_rem)

/* ---- multiply-adds: OP(T, S, DT, DS, W, x = vs2, y = vs1 / x[rs1], z = vd, r) ------------ */

#define E_MACC(T, S, DT, DS, W, x, y, z, r) r = (T)((uint64_t)(y) * (x) + (z))
#define E_NMSAC(T, S, DT, DS, W, x, y, z, r) r = (T)((z) - (uint64_t)(y) * (x))
#define E_MADD(T, S, DT, DS, W, x, y, z, r) r = (T)((uint64_t)(y) * (z) + (x))
#define E_NMSUB(T, S, DT, DS, W, x, y, z, r) r = (T)((x) - (uint64_t)(y) * (z))

V_DEF_LOOP(l_macc, V_SEW_SWITCH, V_BODY_MAC, E_MACC)
V_DEF_LOOP(l_nmsac, V_SEW_SWITCH, V_BODY_MAC, E_NMSAC)
V_DEF_LOOP(l_madd, V_SEW_SWITCH, V_BODY_MAC, E_MADD)
V_DEF_LOOP(l_nmsub, V_SEW_SWITCH, V_BODY_MAC, E_NMSUB)

V_EXEC(vmacc_vv, vck_sss(h, in), l_macc)
V_EXEC(vmacc_vx, vck_sss(h, in), l_macc)
V_EXEC(vnmsac_vv, vck_sss(h, in), l_nmsac)
V_EXEC(vnmsac_vx, vck_sss(h, in), l_nmsac)
V_EXEC(vmadd_vv, vck_sss(h, in), l_madd)
V_EXEC(vmadd_vx, vck_sss(h, in), l_madd)
V_EXEC(vnmsub_vv, vck_sss(h, in), l_nmsub)
V_EXEC(vnmsub_vx, vck_sss(h, in), l_nmsub)

/* ---- add with carry, subtract with borrow, merge, move ----------------------------------- */

/* Every body element is written; c is v0's bit (vadc, vsbc: the carry; vmerge: the choice). */
#define V_BODY_CARRY(T, S, DT, DS, W, o, OP)                                                \
	do {                                                                                \
		T *d_ = (T *)(void *)(o)->d;                                                \
		const T *a_ = (const T *)(const void *)(o)->a;                              \
		const T *b_ = (const T *)(const void *)(o)->b;                              \
		const T ys_ = (T)(o)->s;                                                    \
		for (uint64_t i = (o)->i0; i < (o)->vl; i++) {                              \
			T x = a_[i], y = b_ ? b_[i] : ys_, r;                               \
			unsigned c = (unsigned)vm_bit(h->vreg, i);                          \
			OP(T, S, DT, DS, W, x, y, c, r);                                    \
			d_[i] = r;                                                          \
		}                                                                           \
	} while (0)

#define E_ADC(T, S, DT, DS, W, x, y, c, r) r = (T)((uint64_t)(x) + (y) + (c))
#define E_SBC(T, S, DT, DS, W, x, y, c, r) r = (T)((uint64_t)(x) - (y) - (c))
#define E_MERGE(T, S, DT, DS, W, x, y, c, r) r = (c) ? (y) : (x)

V_DEF_LOOP(l_adc, V_SEW_SWITCH, V_BODY_CARRY, E_ADC)
V_DEF_LOOP(l_sbc, V_SEW_SWITCH, V_BODY_CARRY, E_SBC)
V_DEF_LOOP(l_merge, V_SEW_SWITCH, V_BODY_CARRY, E_MERGE)

/* vadc, vsbc and vmerge are encoded masked (vm = 0), so vck_sss refuses vd = v0. */
V_EXEC(vadc_vvm, vck_sss(h, in), l_adc)
V_EXEC(vadc_vxm, vck_sss(h, in), l_adc)
V_EXEC(vadc_vim, vck_sss(h, in), l_adc)
V_EXEC(vsbc_vvm, vck_sss(h, in), l_sbc)
V_EXEC(vsbc_vxm, vck_sss(h, in), l_sbc)
V_EXEC(vmerge_vvm, vck_sss(h, in), l_merge)
V_EXEC(vmerge_vxm, vck_sss(h, in), l_merge)
V_EXEC(vmerge_vim, vck_sss(h, in), l_merge)

/* vmv.v.v / .x / .i: vd[i] = vs1[i] / x[rs1] / imm for every body element */
#define V_BODY_MOVE(T, S, DT, DS, W, o, OP)                                                 \
	do {                                                                                \
		T *d_ = (T *)(void *)(o)->d;                                                \
		if ((o)->b)                                                                 \
			memmove(d_ + (o)->i0, (const T *)(const void *)(o)->b + (o)->i0,    \
			        ((o)->vl - (o)->i0) * sizeof(T));                           \
		else                                                                        \
			for (uint64_t i = (o)->i0; i < (o)->vl; i++)                        \
				d_[i] = (T)(o)->s;                                          \
	} while (0)

static void l_move(struct hart *h, struct vop *o)
{
	if (o->i0 >= o->vl)
		return;
	V_SEW_SWITCH(v_sew(h), V_BODY_MOVE, o, 0)
}

V_EXEC(vmv_v_v, vck_sss(h, in), l_move)
V_EXEC(vmv_v_x, vck_sss(h, in), l_move)
V_EXEC(vmv_v_i, vck_sss(h, in), l_move)

/* vmv<nr>r.v: nr whole registers (nr = imm + 1), vd and vs2 aligned to nr; they do not depend
 * on vtype (no vill check), and run as if EEW = SEW: from element vstart, so from byte
 * vstart * SEW / 8 of the group. */
static int vmvr(struct hart *h, const struct isa_insn *in)
{
	unsigned nr = (unsigned)in->imm + 1u, vd = V_N(in->rd), vs2 = V_N(in->rs2);
	if (!h->vlenb || (vd & (nr - 1u)) || (vs2 & (nr - 1u)))
		return v_illegal(h, in);
	uint64_t size = (uint64_t)nr * h->vlenb, from = h->vstart * (v_sew(h) / 8u);
	if (from < size && vd != vs2)
		memmove(v_reg(h, vd) + from, v_reg(h, vs2) + from, size - from);
	h->vstart = 0;
	return 0;
}

int exec_vmv1r_v(struct hart *h, const struct isa_insn *in) { return vmvr(h, in); }
int exec_vmv2r_v(struct hart *h, const struct isa_insn *in) { return vmvr(h, in); }
int exec_vmv4r_v(struct hart *h, const struct isa_insn *in) { return vmvr(h, in); }
int exec_vmv8r_v(struct hart *h, const struct isa_insn *in) { return vmvr(h, in); }

/* ---- mask results: compares, vmadc, vmsbc ------------------------------------------------ */

/* Bit i of vd = OP(vs2[i], y) for the active body elements; the others keep their bits. The
 * bits are gathered 64 at a time; a word is written once its elements were all read (vd may
 * be vs2's or vs1's first register, or v0). */
#define V_BODY_CMP(T, S, DT, DS, W, o, OP)                                                  \
	do {                                                                                \
		const T *a_ = (const T *)(const void *)(o)->a;                              \
		const T *b_ = (const T *)(const void *)(o)->b;                              \
		const T ys_ = (T)(o)->s;                                                    \
		uint64_t acc_ = 0, set_ = 0;                                                \
		for (uint64_t i = (o)->i0; i < (o)->vl; i++) {                              \
			if (!(i & 63u) && set_) {                                           \
				vm_flush((o)->d, (i >> 6) - 1u, acc_, set_);                \
				acc_ = set_ = 0;                                            \
			}                                                                   \
			if (!V_ON(o, i))                                                    \
				continue;                                                   \
			T x = a_[i], y = b_ ? b_[i] : ys_;                                  \
			uint64_t r;                                                         \
			OP(T, S, DT, DS, W, x, y, r);                                       \
			acc_ |= r << (i & 63u);                                             \
			set_ |= 1ull << (i & 63u);                                          \
		}                                                                           \
		if (set_)                                                                   \
			vm_flush((o)->d, ((o)->vl - 1u) >> 6, acc_, set_);                  \
	} while (0)

#define E_SEQ(T, S, DT, DS, W, x, y, r) r = (x) == (y)
#define E_SNE(T, S, DT, DS, W, x, y, r) r = (x) != (y)
#define E_SLTU(T, S, DT, DS, W, x, y, r) r = (x) < (y)
#define E_SLT(T, S, DT, DS, W, x, y, r) r = (S)(x) < (S)(y)
#define E_SLEU(T, S, DT, DS, W, x, y, r) r = (x) <= (y)
#define E_SLE(T, S, DT, DS, W, x, y, r) r = (S)(x) <= (S)(y)
#define E_SGTU(T, S, DT, DS, W, x, y, r) r = (x) > (y)
#define E_SGT(T, S, DT, DS, W, x, y, r) r = (S)(x) > (S)(y)

V_DEF_LOOP(l_seq, V_SEW_SWITCH, V_BODY_CMP, E_SEQ)
V_DEF_LOOP(l_sne, V_SEW_SWITCH, V_BODY_CMP, E_SNE)
V_DEF_LOOP(l_sltu, V_SEW_SWITCH, V_BODY_CMP, E_SLTU)
V_DEF_LOOP(l_slt, V_SEW_SWITCH, V_BODY_CMP, E_SLT)
V_DEF_LOOP(l_sleu, V_SEW_SWITCH, V_BODY_CMP, E_SLEU)
V_DEF_LOOP(l_sle, V_SEW_SWITCH, V_BODY_CMP, E_SLE)
V_DEF_LOOP(l_sgtu, V_SEW_SWITCH, V_BODY_CMP, E_SGTU)
V_DEF_LOOP(l_sgt, V_SEW_SWITCH, V_BODY_CMP, E_SGT)

V_EXEC(vmseq_vv, vck_mss(h, in), l_seq)
V_EXEC(vmseq_vx, vck_mss(h, in), l_seq)
V_EXEC(vmseq_vi, vck_mss(h, in), l_seq)
V_EXEC(vmsne_vv, vck_mss(h, in), l_sne)
V_EXEC(vmsne_vx, vck_mss(h, in), l_sne)
V_EXEC(vmsne_vi, vck_mss(h, in), l_sne)
V_EXEC(vmsltu_vv, vck_mss(h, in), l_sltu)
V_EXEC(vmsltu_vx, vck_mss(h, in), l_sltu)
V_EXEC(vmslt_vv, vck_mss(h, in), l_slt)
V_EXEC(vmslt_vx, vck_mss(h, in), l_slt)
V_EXEC(vmsleu_vv, vck_mss(h, in), l_sleu)
V_EXEC(vmsleu_vx, vck_mss(h, in), l_sleu)
V_EXEC(vmsleu_vi, vck_mss(h, in), l_sleu)
V_EXEC(vmsle_vv, vck_mss(h, in), l_sle)
V_EXEC(vmsle_vx, vck_mss(h, in), l_sle)
V_EXEC(vmsle_vi, vck_mss(h, in), l_sle)
V_EXEC(vmsgtu_vx, vck_mss(h, in), l_sgtu)
V_EXEC(vmsgtu_vi, vck_mss(h, in), l_sgtu)
V_EXEC(vmsgt_vx, vck_mss(h, in), l_sgt)
V_EXEC(vmsgt_vi, vck_mss(h, in), l_sgt)

/* vmadc / vmsbc: the carry (borrow) out of vs2 + y + c (vs2 - y - c) for every body element,
 * c = v0's bit for the .v?m forms (encoded masked), 0 for the others. */
#define V_BODY_MADC(T, S, DT, DS, W, o, OP)                                                 \
	do {                                                                                \
		const T *a_ = (const T *)(const void *)(o)->a;                              \
		const T *b_ = (const T *)(const void *)(o)->b;                              \
		const T ys_ = (T)(o)->s;                                                    \
		uint64_t acc_ = 0, set_ = 0;                                                \
		for (uint64_t i = (o)->i0; i < (o)->vl; i++) {                              \
			if (!(i & 63u) && set_) {                                           \
				vm_flush((o)->d, (i >> 6) - 1u, acc_, set_);                \
				acc_ = set_ = 0;                                            \
			}                                                                   \
			T x = a_[i], y = b_ ? b_[i] : ys_;                                  \
			unsigned c = (o)->m ? (unsigned)vm_bit((o)->m, i) : 0u;             \
			uint64_t r;                                                         \
			OP(T, S, DT, DS, W, x, y, c, r);                                    \
			acc_ |= r << (i & 63u);                                             \
			set_ |= 1ull << (i & 63u);                                          \
		}                                                                           \
		if (set_)                                                                   \
			vm_flush((o)->d, ((o)->vl - 1u) >> 6, acc_, set_);                  \
	} while (0)

#define E_MADC(T, S, DT, DS, W, x, y, c, r)                                                 \
	do {                                                                                \
		T s_ = (T)((uint64_t)(x) + (y) + (c));                                      \
		r = (c) ? s_ <= (x) : s_ < (x);                                             \
	} while (0)
#define E_MSBC(T, S, DT, DS, W, x, y, c, r) r = (c) ? (x) <= (y) : (x) < (y)

V_DEF_LOOP(l_madc, V_SEW_SWITCH, V_BODY_MADC, E_MADC)
V_DEF_LOOP(l_msbc, V_SEW_SWITCH, V_BODY_MADC, E_MSBC)

V_EXEC(vmadc_vvm, vck_mss(h, in), l_madc)
V_EXEC(vmadc_vxm, vck_mss(h, in), l_madc)
V_EXEC(vmadc_vim, vck_mss(h, in), l_madc)
V_EXEC(vmadc_vv, vck_mss(h, in), l_madc)
V_EXEC(vmadc_vx, vck_mss(h, in), l_madc)
V_EXEC(vmadc_vi, vck_mss(h, in), l_madc)
V_EXEC(vmsbc_vvm, vck_mss(h, in), l_msbc)
V_EXEC(vmsbc_vxm, vck_mss(h, in), l_msbc)
V_EXEC(vmsbc_vv, vck_mss(h, in), l_msbc)
V_EXEC(vmsbc_vx, vck_mss(h, in), l_msbc)

/* ---- vzext / vsext: SEW = extend(SEW / f) ------------------------------------------------- */

#define V_EXT_LOOP(DT, ST, o)                                                               \
	do {                                                                                \
		DT *d_ = (DT *)(void *)(o)->d;                                              \
		const ST *a_ = (const ST *)(const void *)(o)->a;                            \
		for (uint64_t i = (o)->i0; i < (o)->vl; i++)                                \
			if (V_ON(o, i))                                                     \
				d_[i] = (DT)a_[i];                                          \
	} while (0)

/* The source EEW SEW / 2^lf must be 8 or more and its EMUL LMUL / 2^lf at least 1/8; vd and
 * vs2 aligned to their EMULs, vd != v0 when masked, and vd not overlapping vs2 but in its
 * highest part (the source's EEW is narrower). */
static int vext_ok(const struct hart *h, const struct isa_insn *in, int lf)
{
	int l = v_lmul_log2(h), sl = l - lf;
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2);
	return (v_sew(h) >> lf) >= 8 && sl >= -3 && vd != vs2 && v_aligned(vd, l) &&
	       v_aligned(vs2, sl) && !v_mask_clobbers_v0(in, vd) && vck_noover(vd, l, vs2, sl);
}

static int vext(struct hart *h, const struct isa_insn *in, int lf, int sgn)
{
	if (v_vill(h) || !vext_ok(h, in, lf))
		return v_illegal(h, in);
	struct vop o;
	vop_load(h, in, &o);
	switch (v_sew(h) * 16u + (unsigned)(lf * 2 + sgn)) {
	case 16 * 16 + 2: V_EXT_LOOP(uint16_t, uint8_t, &o); break;
	case 16 * 16 + 3: V_EXT_LOOP(uint16_t, int8_t, &o); break;
	case 32 * 16 + 2: V_EXT_LOOP(uint32_t, uint16_t, &o); break;
	case 32 * 16 + 3: V_EXT_LOOP(uint32_t, int16_t, &o); break;
	case 32 * 16 + 4: V_EXT_LOOP(uint32_t, uint8_t, &o); break;
	case 32 * 16 + 5: V_EXT_LOOP(uint32_t, int8_t, &o); break;
	case 64 * 16 + 2: V_EXT_LOOP(uint64_t, uint32_t, &o); break;
	case 64 * 16 + 3: V_EXT_LOOP(uint64_t, int32_t, &o); break;
	case 64 * 16 + 4: V_EXT_LOOP(uint64_t, uint16_t, &o); break;
	case 64 * 16 + 5: V_EXT_LOOP(uint64_t, int16_t, &o); break;
	case 64 * 16 + 6: V_EXT_LOOP(uint64_t, uint8_t, &o); break;
	default: V_EXT_LOOP(uint64_t, int8_t, &o); break;  /* 64 * 16 + 7 */
	}
	h->vstart = 0;
	return 0;
}

int exec_vzext_vf2(struct hart *h, const struct isa_insn *in) { return vext(h, in, 1, 0); }
int exec_vsext_vf2(struct hart *h, const struct isa_insn *in) { return vext(h, in, 1, 1); }
int exec_vzext_vf4(struct hart *h, const struct isa_insn *in) { return vext(h, in, 2, 0); }
int exec_vsext_vf4(struct hart *h, const struct isa_insn *in) { return vext(h, in, 2, 1); }
int exec_vzext_vf8(struct hart *h, const struct isa_insn *in) { return vext(h, in, 3, 0); }
int exec_vsext_vf8(struct hart *h, const struct isa_insn *in) { return vext(h, in, 3, 1); }

/* ---- widening add, subtract, multiply, multiply-add; narrowing shifts --------------------- */

#define E_WADDU(T, S, DT, DS, W, x, y, r) r = (DT)((DT)(x) + (DT)(y))
#define E_WADD(T, S, DT, DS, W, x, y, r) r = (DT)((DT)(DS)(S)(x) + (DT)(DS)(S)(y))
#define E_WSUBU(T, S, DT, DS, W, x, y, r) r = (DT)((DT)(x) - (DT)(y))
#define E_WSUB(T, S, DT, DS, W, x, y, r) r = (DT)((DT)(DS)(S)(x) - (DT)(DS)(S)(y))
#define E_WADDU_W(T, S, DT, DS, W, x, y, r) r = (DT)((x) + (DT)(y))
#define E_WADD_W(T, S, DT, DS, W, x, y, r) r = (DT)((x) + (DT)(DS)(S)(y))
#define E_WSUBU_W(T, S, DT, DS, W, x, y, r) r = (DT)((x) - (DT)(y))
#define E_WSUB_W(T, S, DT, DS, W, x, y, r) r = (DT)((x) - (DT)(DS)(S)(y))
#define E_WMULU(T, S, DT, DS, W, x, y, r) r = (DT)((DT)(x) * (DT)(y))
#define E_WMUL(T, S, DT, DS, W, x, y, r) r = (DT)((DS)(S)(x) * (DS)(S)(y))
#define E_WMULSU(T, S, DT, DS, W, x, y, r) r = (DT)((DS)(S)(x) * (DS)(y))

V_DEF_LOOP(l_waddu, V_SEW_SWITCH3, V_BODY_WIDE, E_WADDU)
V_DEF_LOOP(l_wadd, V_SEW_SWITCH3, V_BODY_WIDE, E_WADD)
V_DEF_LOOP(l_wsubu, V_SEW_SWITCH3, V_BODY_WIDE, E_WSUBU)
V_DEF_LOOP(l_wsub, V_SEW_SWITCH3, V_BODY_WIDE, E_WSUB)
V_DEF_LOOP(l_waddu_w, V_SEW_SWITCH3, V_BODY_WIDEW, E_WADDU_W)
V_DEF_LOOP(l_wadd_w, V_SEW_SWITCH3, V_BODY_WIDEW, E_WADD_W)
V_DEF_LOOP(l_wsubu_w, V_SEW_SWITCH3, V_BODY_WIDEW, E_WSUBU_W)
V_DEF_LOOP(l_wsub_w, V_SEW_SWITCH3, V_BODY_WIDEW, E_WSUB_W)
V_DEF_LOOP(l_wmulu, V_SEW_SWITCH3, V_BODY_WIDE, E_WMULU)
V_DEF_LOOP(l_wmul, V_SEW_SWITCH3, V_BODY_WIDE, E_WMUL)
V_DEF_LOOP(l_wmulsu, V_SEW_SWITCH3, V_BODY_WIDE, E_WMULSU)

V_EXEC(vwaddu_vv, vck_dss(h, in), l_waddu)
V_EXEC(vwaddu_vx, vck_dss(h, in), l_waddu)
V_EXEC(vwadd_vv, vck_dss(h, in), l_wadd)
V_EXEC(vwadd_vx, vck_dss(h, in), l_wadd)
V_EXEC(vwsubu_vv, vck_dss(h, in), l_wsubu)
V_EXEC(vwsubu_vx, vck_dss(h, in), l_wsubu)
V_EXEC(vwsub_vv, vck_dss(h, in), l_wsub)
V_EXEC(vwsub_vx, vck_dss(h, in), l_wsub)
V_EXEC(vwaddu_wv, vck_dds(h, in), l_waddu_w)
V_EXEC(vwaddu_wx, vck_dds(h, in), l_waddu_w)
V_EXEC(vwadd_wv, vck_dds(h, in), l_wadd_w)
V_EXEC(vwadd_wx, vck_dds(h, in), l_wadd_w)
V_EXEC(vwsubu_wv, vck_dds(h, in), l_wsubu_w)
V_EXEC(vwsubu_wx, vck_dds(h, in), l_wsubu_w)
V_EXEC(vwsub_wv, vck_dds(h, in), l_wsub_w)
V_EXEC(vwsub_wx, vck_dds(h, in), l_wsub_w)
V_EXEC(vwmulu_vv, vck_dss(h, in), l_wmulu)
V_EXEC(vwmulu_vx, vck_dss(h, in), l_wmulu)
V_EXEC(vwmul_vv, vck_dss(h, in), l_wmul)
V_EXEC(vwmul_vx, vck_dss(h, in), l_wmul)
V_EXEC(vwmulsu_vv, vck_dss(h, in), l_wmulsu)
V_EXEC(vwmulsu_vx, vck_dss(h, in), l_wmulsu)

/* vd (2 * SEW) += products of x = vs2 and y = vs1 / x[rs1]: vwmaccsu takes y signed and x
 * unsigned, vwmaccus (.vx only) y unsigned and x signed. */
#define E_WMACCU(T, S, DT, DS, W, x, y, z, r) r = (DT)((z) + (DT)((DT)(y) * (DT)(x)))
#define E_WMACC(T, S, DT, DS, W, x, y, z, r) r = (DT)((z) + (DT)((DS)(S)(y) * (DS)(S)(x)))
#define E_WMACCSU(T, S, DT, DS, W, x, y, z, r) r = (DT)((z) + (DT)((DS)(S)(y) * (DS)(x)))
#define E_WMACCUS(T, S, DT, DS, W, x, y, z, r) r = (DT)((z) + (DT)((DS)(y) * (DS)(S)(x)))

V_DEF_LOOP(l_wmaccu, V_SEW_SWITCH3, V_BODY_WMAC, E_WMACCU)
V_DEF_LOOP(l_wmacc, V_SEW_SWITCH3, V_BODY_WMAC, E_WMACC)
V_DEF_LOOP(l_wmaccsu, V_SEW_SWITCH3, V_BODY_WMAC, E_WMACCSU)
V_DEF_LOOP(l_wmaccus, V_SEW_SWITCH3, V_BODY_WMAC, E_WMACCUS)

V_EXEC(vwmaccu_vv, vck_dss(h, in), l_wmaccu)
V_EXEC(vwmaccu_vx, vck_dss(h, in), l_wmaccu)
V_EXEC(vwmacc_vv, vck_dss(h, in), l_wmacc)
V_EXEC(vwmacc_vx, vck_dss(h, in), l_wmacc)
V_EXEC(vwmaccsu_vv, vck_dss(h, in), l_wmaccsu)
V_EXEC(vwmaccsu_vx, vck_dss(h, in), l_wmaccsu)
V_EXEC(vwmaccus_vx, vck_dss(h, in), l_wmaccus)

/* vnsrl / vnsra: vd (SEW) = vs2 (2 * SEW) >> (y mod 2 * SEW) */
#define E_NSRL(T, S, DT, DS, W, x, y, r) r = (T)((x) >> ((y) & (2 * (W) - 1)))
#define E_NSRA(T, S, DT, DS, W, x, y, r) r = (T)((DS)(x) >> ((y) & (2 * (W) - 1)))

V_DEF_LOOP(l_nsrl, V_SEW_SWITCH3, V_BODY_NARROW, E_NSRL)
V_DEF_LOOP(l_nsra, V_SEW_SWITCH3, V_BODY_NARROW, E_NSRA)

V_EXEC(vnsrl_wv, vck_sds(h, in), l_nsrl)
V_EXEC(vnsrl_wx, vck_sds(h, in), l_nsrl)
V_EXEC(vnsrl_wi, vck_sds(h, in), l_nsrl)
V_EXEC(vnsra_wv, vck_sds(h, in), l_nsra)
V_EXEC(vnsra_wx, vck_sds(h, in), l_nsra)
V_EXEC(vnsra_wi, vck_sds(h, in), l_nsra)
