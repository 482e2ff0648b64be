/*
 * exec_zf.c — handlers for the half-precision (Zfh, Zfhmin) and Zfa rows. The semantics are
 * fpu.c's; as in exec_fd.c this file resolves the rounding mode (rm field, 7 = frm; 5, 6 and
 * an invalid frm are illegal), reads binary16/binary32 operands through the NaN-boxing check
 * (a half is valid only under 48 ones), NaN-boxes narrow results and accrues fflags. flh and
 * fsh are the memory operations of exec_fmem.c at 16 bits: flh NaN-boxes the loaded half,
 * fsh stores the low 16 bits of the register as they are.
 */
#include "emu/exec_mem.h"
#include "emu/exec.h"
#include "emu/fpu.h"

/* ---- operand access ------------------------------------------------------------------- */

#define ZF_F(r) (h->f[(r) & 31])
#define ZF_X(r) (h->x[(r) & 31])
#define ZF_H(r) fpu_unbox_h(ZF_F(r))
#define ZF_S(r) fpu_unbox_s(ZF_F(r))

/* Write an integer destination; x0 (rd = 0) is no destination. */
static inline void zf_set_x(struct hart *h, const struct isa_insn *in, uint64_t v)
{
	if (in->rd - 1u < 31u)
		h->x[in->rd] = v;
}

static inline void zf_set_h(struct hart *h, const struct isa_insn *in, uint16_t v)
{
	ZF_F(in->rd) = fpu_box_h(v);
}

static inline void zf_set_s(struct hart *h, const struct isa_insn *in, uint32_t v)
{
	ZF_F(in->rd) = fpu_box_s(v);
}

static inline void zf_set_d(struct hart *h, const struct isa_insn *in, uint64_t v)
{
	ZF_F(in->rd) = v;
}

/* The effective rounding mode, or -1 after raising an illegal-instruction trap. */
static inline int zf_rm(struct hart *h, const struct isa_insn *in)
{
	unsigned rm = in->rm == FPU_RM_DYN ? h->frm : in->rm;
	if (rm > FPU_RM_RMM)
		return hart_raise(h, HART_TRAP_ILLEGAL, in->raw);
	return (int)rm;
}

#define ZF_BEGIN_RM                      \
	int rm = zf_rm(h, in);           \
	if (rm < 0)                      \
		return -1;               \
	uint32_t *fl = &h->fflags

/* ---- Zfhmin: loads, stores, moves, conversions between the formats ------------------------ */

int exec_flh(struct hart *h, const struct isa_insn *in)
{
	uint16_t v;
	if (gmem_load_u16(h->mem, h->x[in->rs1] + (uint64_t)in->imm, &v))
		return exec_load_fault(h);
	zf_set_h(h, in, v);
	return 0;
}

int exec_fsh(struct hart *h, const struct isa_insn *in)
{
	int r = gmem_store_u16(h->mem, h->x[in->rs1] + (uint64_t)in->imm, (uint16_t)ZF_F(in->rs2));
	return r ? exec_store_result(h, r) : 0;
}

/* Raw bits, no NaN-boxing check on the source. */
int exec_fmv_x_h(struct hart *h, const struct isa_insn *in)
{
	zf_set_x(h, in, (uint64_t)(int64_t)(int16_t)(uint16_t)ZF_F(in->rs1));
	return 0;
}

int exec_fmv_h_x(struct hart *h, const struct isa_insn *in)
{
	zf_set_h(h, in, (uint16_t)ZF_X(in->rs1));
	return 0;
}

/* Exact widenings: the rm field is still checked (an invalid rm is illegal). */
int exec_fcvt_s_h(struct hart *h, const struct isa_insn *in)
{
	ZF_BEGIN_RM;
	zf_set_s(h, in, fpu_cvt_s_h(ZF_H(in->rs1), fl));
	return 0;
}

int exec_fcvt_d_h(struct hart *h, const struct isa_insn *in)
{
	ZF_BEGIN_RM;
	zf_set_d(h, in, fpu_cvt_d_h(ZF_H(in->rs1), fl));
	return 0;
}

int exec_fcvt_h_s(struct hart *h, const struct isa_insn *in)
{
	ZF_BEGIN_RM;
	zf_set_h(h, in, fpu_cvt_h_s(ZF_S(in->rs1), (unsigned)rm, fl));
	return 0;
}

int exec_fcvt_h_d(struct hart *h, const struct isa_insn *in)
{
	ZF_BEGIN_RM;
	zf_set_h(h, in, fpu_cvt_h_d(ZF_F(in->rs1), (unsigned)rm, fl));
	return 0;
}

/* ---- Zfh arithmetic ---------------------------------------------------------------------- */

#define ZF_BINOP_H(name, fn)                                                        \
	int exec_##name##_h(struct hart *h, const struct isa_insn *in)              \
	{                                                                           \
		ZF_BEGIN_RM;                                                        \
		zf_set_h(h, in, fn(ZF_H(in->rs1), ZF_H(in->rs2), (unsigned)rm, fl)); \
		return 0;                                                           \
	}

ZF_BINOP_H(fadd, fpu_add_h)
ZF_BINOP_H(fsub, fpu_sub_h)
ZF_BINOP_H(fmul, fpu_mul_h)
ZF_BINOP_H(fdiv, fpu_div_h)

int exec_fsqrt_h(struct hart *h, const struct isa_insn *in)
{
	ZF_BEGIN_RM;
	zf_set_h(h, in, fpu_sqrt_h(ZF_H(in->rs1), (unsigned)rm, fl));
	return 0;
}

#define ZF_MADD_H(name, negate)                                                     \
	int exec_##name##_h(struct hart *h, const struct isa_insn *in)              \
	{                                                                           \
		ZF_BEGIN_RM;                                                        \
		zf_set_h(h, in, fpu_madd_h(ZF_H(in->rs1), ZF_H(in->rs2), ZF_H(in->rs3), \
		                           (negate), (unsigned)rm, fl));           \
		return 0;                                                           \
	}

ZF_MADD_H(fmadd, 0)
ZF_MADD_H(fmsub, FPU_MADD_NEG_ADDEND)
ZF_MADD_H(fnmsub, FPU_MADD_NEG_PROD)
ZF_MADD_H(fnmadd, FPU_MADD_NEG_PROD | FPU_MADD_NEG_ADDEND)

#define ZF_SGNJ_H(name, mode)                                                       \
	int exec_##name##_h(struct hart *h, const struct isa_insn *in)              \
	{                                                                           \
		zf_set_h(h, in, fpu_sgnj_h(ZF_H(in->rs1), ZF_H(in->rs2), (mode)));  \
		return 0;                                                           \
	}

ZF_SGNJ_H(fsgnj, 0)
ZF_SGNJ_H(fsgnjn, 1)
ZF_SGNJ_H(fsgnjx, 2)

/* ---- no rounding mode: min/max, compares (one macro per result kind and format) ---------- */

#define ZF_FF_H(name, fn)                                                           \
	int exec_##name(struct hart *h, const struct isa_insn *in)                  \
	{                                                                           \
		zf_set_h(h, in, fn(ZF_H(in->rs1), ZF_H(in->rs2), &h->fflags));      \
		return 0;                                                           \
	}
#define ZF_FF_S(name, fn)                                                           \
	int exec_##name(struct hart *h, const struct isa_insn *in)                  \
	{                                                                           \
		zf_set_s(h, in, fn(ZF_S(in->rs1), ZF_S(in->rs2), &h->fflags));      \
		return 0;                                                           \
	}
#define ZF_FF_D(name, fn)                                                           \
	int exec_##name(struct hart *h, const struct isa_insn *in)                  \
	{                                                                           \
		zf_set_d(h, in, fn(ZF_F(in->rs1), ZF_F(in->rs2), &h->fflags));      \
		return 0;                                                           \
	}
#define ZF_CMP(name, fn, src)                                                       \
	int exec_##name(struct hart *h, const struct isa_insn *in)                  \
	{                                                                           \
		zf_set_x(h, in, (uint64_t)fn(src(in->rs1), src(in->rs2), &h->fflags)); \
		return 0;                                                           \
	}

ZF_FF_H(fmin_h, fpu_min_h)
ZF_FF_H(fmax_h, fpu_max_h)
ZF_CMP(feq_h, fpu_eq_h, ZF_H)
ZF_CMP(flt_h, fpu_lt_h, ZF_H)
ZF_CMP(fle_h, fpu_le_h, ZF_H)

int exec_fclass_h(struct hart *h, const struct isa_insn *in)
{
	zf_set_x(h, in, fpu_class_h(ZF_H(in->rs1)));
	return 0;
}

/* ---- Zfh conversions with the integers -------------------------------------------------- */

#define ZF_CVT_TO_INT(name, fn)                                                     \
	int exec_##name(struct hart *h, const struct isa_insn *in)                  \
	{                                                                           \
		ZF_BEGIN_RM;                                                        \
		zf_set_x(h, in, (uint64_t)fn(ZF_H(in->rs1), (unsigned)rm, fl));    \
		return 0;                                                           \
	}

ZF_CVT_TO_INT(fcvt_w_h, fpu_cvt_w_h)
ZF_CVT_TO_INT(fcvt_wu_h, fpu_cvt_wu_h)
ZF_CVT_TO_INT(fcvt_l_h, fpu_cvt_l_h)
ZF_CVT_TO_INT(fcvt_lu_h, fpu_cvt_lu_h)

/* the 32-bit forms read the low word of rs1 */
#define ZF_CVT_FROM_INT(name, fn, itype)                                            \
	int exec_##name(struct hart *h, const struct isa_insn *in)                  \
	{                                                                           \
		ZF_BEGIN_RM;                                                        \
		zf_set_h(h, in, fn((itype)ZF_X(in->rs1), (unsigned)rm, fl));       \
		return 0;                                                           \
	}

ZF_CVT_FROM_INT(fcvt_h_w, fpu_cvt_h_w, int32_t)
ZF_CVT_FROM_INT(fcvt_h_wu, fpu_cvt_h_wu, uint32_t)
ZF_CVT_FROM_INT(fcvt_h_l, fpu_cvt_h_l, int64_t)
ZF_CVT_FROM_INT(fcvt_h_lu, fpu_cvt_h_lu, uint64_t)

/* ---- Zfa ------------------------------------------------------------------------------- */

/* fli: the table index is the rs1 field, which the decoder puts in imm. */
int exec_fli_s(struct hart *h, const struct isa_insn *in)
{
	zf_set_s(h, in, fpu_fli_s((unsigned)in->imm));
	return 0;
}

int exec_fli_d(struct hart *h, const struct isa_insn *in)
{
	zf_set_d(h, in, fpu_fli_d((unsigned)in->imm));
	return 0;
}

int exec_fli_h(struct hart *h, const struct isa_insn *in)
{
	zf_set_h(h, in, fpu_fli_h((unsigned)in->imm));
	return 0;
}

ZF_FF_S(fminm_s, fpu_minm_s)
ZF_FF_S(fmaxm_s, fpu_maxm_s)
ZF_FF_D(fminm_d, fpu_minm_d)
ZF_FF_D(fmaxm_d, fpu_maxm_d)
ZF_FF_H(fminm_h, fpu_minm_h)
ZF_FF_H(fmaxm_h, fpu_maxm_h)

int exec_fround_s(struct hart *h, const struct isa_insn *in)
{
	ZF_BEGIN_RM;
	zf_set_s(h, in, fpu_round_s(ZF_S(in->rs1), (unsigned)rm, fl));
	return 0;
}

int exec_froundnx_s(struct hart *h, const struct isa_insn *in)
{
	ZF_BEGIN_RM;
	zf_set_s(h, in, fpu_roundnx_s(ZF_S(in->rs1), (unsigned)rm, fl));
	return 0;
}

int exec_fround_d(struct hart *h, const struct isa_insn *in)
{
	ZF_BEGIN_RM;
	zf_set_d(h, in, fpu_round_d(ZF_F(in->rs1), (unsigned)rm, fl));
	return 0;
}

int exec_froundnx_d(struct hart *h, const struct isa_insn *in)
{
	ZF_BEGIN_RM;
	zf_set_d(h, in, fpu_roundnx_d(ZF_F(in->rs1), (unsigned)rm, fl));
	return 0;
}

int exec_fround_h(struct hart *h, const struct isa_insn *in)
{
	ZF_BEGIN_RM;
	zf_set_h(h, in, fpu_round_h(ZF_H(in->rs1), (unsigned)rm, fl));
	return 0;
}

int exec_froundnx_h(struct hart *h, const struct isa_insn *in)
{
	ZF_BEGIN_RM;
	zf_set_h(h, in, fpu_roundnx_h(ZF_H(in->rs1), (unsigned)rm, fl));
	return 0;
}

/* The row's mask fixes rm = RTZ (the other values are reserved and do not decode). */
int exec_fcvtmod_w_d(struct hart *h, const struct isa_insn *in)
{
	zf_set_x(h, in, (uint64_t)fpu_cvtmod_w_d(ZF_F(in->rs1), &h->fflags));
	return 0;
}

ZF_CMP(fleq_s, fpu_leq_s, ZF_S)
ZF_CMP(fltq_s, fpu_ltq_s, ZF_S)
ZF_CMP(fleq_d, fpu_leq_d, ZF_F)
ZF_CMP(fltq_d, fpu_ltq_d, ZF_F)
ZF_CMP(fleq_h, fpu_leq_h, ZF_H)
ZF_CMP(fltq_h, fpu_ltq_h, ZF_H)
