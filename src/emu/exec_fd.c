/*
 * exec_fd.c — handlers for the F and D operations (all but the FP loads and stores, which
 * live with the other memory operations): arithmetic, fused multiply-add, sign injection,
 * min/max, compares, fclass, conversions and moves. The semantics are fpu.c's; this file
 * resolves the rounding mode (rm field, 7 = frm; 5, 6 and an invalid frm are illegal), reads
 * binary32 operands through the NaN-boxing check, NaN-boxes binary32 results and accrues
 * fflags.
 */
#include "emu/exec.h"
#include "emu/fpu.h"

/* ---- operand access ------------------------------------------------------------------- */

#define FD_F(r)   (h->f[(r) & 31])
#define FD_X(r)   (h->x[(r) & 31])
#define FD_S(r)   fpu_unbox_s(FD_F(r))

/* Write an integer destination; x0 (rd = 0) is no destination. */
static inline void fd_set_x(struct hart *h, const struct isa_insn *in, uint64_t v)
{
	if (in->rd - 1u < 31u)
		h->x[in->rd] = v;
}

static inline void fd_set_s(struct hart *h, const struct isa_insn *in, uint32_t v)
{
	FD_F(in->rd) = fpu_box_s(v);
}

static inline void fd_set_d(struct hart *h, const struct isa_insn *in, uint64_t v)
{
	FD_F(in->rd) = v;
}

/* The effective rounding mode, or -1 after raising an illegal-instruction trap. */
static inline int fd_rm(struct hart *h, const struct isa_insn *in)
{
	unsigned rm = in->rm == FPU_RM_DYN ? h->frm : in->rm;
	if (rm > FPU_RM_RMM)
		return hart_raise(h, HART_TRAP_ILLEGAL, in->raw);
	return (int)rm;
}

/* Handler bodies. The fpu functions accrue into fflags directly (fpu.h: passing the accrued
 * flags lets the host path skip resetting the host's own). */
#define FD_BEGIN_RM                      \
	int rm = fd_rm(h, in);           \
	if (rm < 0)                      \
		return -1;               \
	uint32_t *fl = &h->fflags
#define FD_END \
	return 0

/* ---- arithmetic ------------------------------------------------------------------------ */

#define FD_BINOP(name, fn)                                                          \
	int exec_##name##_s(struct hart *h, const struct isa_insn *in)              \
	{                                                                           \
		FD_BEGIN_RM;                                                        \
		fd_set_s(h, in, fpu_##fn##_s(FD_S(in->rs1), FD_S(in->rs2), (unsigned)rm, fl)); \
		FD_END;                                                             \
	}                                                                           \
	int exec_##name##_d(struct hart *h, const struct isa_insn *in)              \
	{                                                                           \
		FD_BEGIN_RM;                                                        \
		fd_set_d(h, in, fpu_##fn##_d(FD_F(in->rs1), FD_F(in->rs2), (unsigned)rm, fl)); \
		FD_END;                                                             \
	}

FD_BINOP(fadd, add)
FD_BINOP(fsub, sub)
FD_BINOP(fmul, mul)
FD_BINOP(fdiv, div)

int exec_fsqrt_s(struct hart *h, const struct isa_insn *in)
{
	FD_BEGIN_RM;
	fd_set_s(h, in, fpu_sqrt_s(FD_S(in->rs1), (unsigned)rm, fl));
	FD_END;
}

int exec_fsqrt_d(struct hart *h, const struct isa_insn *in)
{
	FD_BEGIN_RM;
	fd_set_d(h, in, fpu_sqrt_d(FD_F(in->rs1), (unsigned)rm, fl));
	FD_END;
}

#define FD_MADD(name, negate)                                                       \
	int exec_##name##_s(struct hart *h, const struct isa_insn *in)              \
	{                                                                           \
		FD_BEGIN_RM;                                                        \
		fd_set_s(h, in, fpu_madd_s(FD_S(in->rs1), FD_S(in->rs2), FD_S(in->rs3), \
		                           (negate), (unsigned)rm, fl));           \
		FD_END;                                                             \
	}                                                                           \
	int exec_##name##_d(struct hart *h, const struct isa_insn *in)              \
	{                                                                           \
		FD_BEGIN_RM;                                                        \
		fd_set_d(h, in, fpu_madd_d(FD_F(in->rs1), FD_F(in->rs2), FD_F(in->rs3), \
		                           (negate), (unsigned)rm, fl));           \
		FD_END;                                                             \
	}

FD_MADD(fmadd, 0)
FD_MADD(fmsub, FPU_MADD_NEG_ADDEND)
FD_MADD(fnmsub, FPU_MADD_NEG_PROD)
FD_MADD(fnmadd, FPU_MADD_NEG_PROD | FPU_MADD_NEG_ADDEND)

/* ---- sign injection, min/max (no rounding mode) ------------------------------------------ */

#define FD_SGNJ(name, mode)                                                         \
	int exec_##name##_s(struct hart *h, const struct isa_insn *in)              \
	{                                                                           \
		fd_set_s(h, in, fpu_sgnj_s(FD_S(in->rs1), FD_S(in->rs2), (mode)));  \
		return 0;                                                           \
	}                                                                           \
	int exec_##name##_d(struct hart *h, const struct isa_insn *in)              \
	{                                                                           \
		fd_set_d(h, in, fpu_sgnj_d(FD_F(in->rs1), FD_F(in->rs2), (mode)));  \
		return 0;                                                           \
	}

FD_SGNJ(fsgnj, 0)
FD_SGNJ(fsgnjn, 1)
FD_SGNJ(fsgnjx, 2)

#define FD_MINMAX(name, fn)                                                         \
	int exec_##name##_s(struct hart *h, const struct isa_insn *in)              \
	{                                                                           \
		uint32_t *fl = &h->fflags;                                                    \
		fd_set_s(h, in, fpu_##fn##_s(FD_S(in->rs1), FD_S(in->rs2), fl));   \
		FD_END;                                                             \
	}                                                                           \
	int exec_##name##_d(struct hart *h, const struct isa_insn *in)              \
	{                                                                           \
		uint32_t *fl = &h->fflags;                                                    \
		fd_set_d(h, in, fpu_##fn##_d(FD_F(in->rs1), FD_F(in->rs2), fl));   \
		FD_END;                                                             \
	}

FD_MINMAX(fmin, min)
FD_MINMAX(fmax, max)

/* ---- compares and fclass ---------------------------------------------------------------- */

#define FD_CMP(name, fn)                                                            \
	int exec_##name##_s(struct hart *h, const struct isa_insn *in)              \
	{                                                                           \
		uint32_t *fl = &h->fflags;                                                    \
		fd_set_x(h, in, (uint64_t)fpu_##fn##_s(FD_S(in->rs1), FD_S(in->rs2), fl)); \
		FD_END;                                                             \
	}                                                                           \
	int exec_##name##_d(struct hart *h, const struct isa_insn *in)              \
	{                                                                           \
		uint32_t *fl = &h->fflags;                                                    \
		fd_set_x(h, in, (uint64_t)fpu_##fn##_d(FD_F(in->rs1), FD_F(in->rs2), fl)); \
		FD_END;                                                             \
	}

FD_CMP(feq, eq)
FD_CMP(flt, lt)
FD_CMP(fle, le)

int exec_fclass_s(struct hart *h, const struct isa_insn *in)
{
	fd_set_x(h, in, fpu_class_s(FD_S(in->rs1)));
	return 0;
}

int exec_fclass_d(struct hart *h, const struct isa_insn *in)
{
	fd_set_x(h, in, fpu_class_d(FD_F(in->rs1)));
	return 0;
}

/* ---- conversions ----------------------------------------------------------------------- */

/* float -> integer: fcvt.<int>.<s|d> */
#define FD_CVT_TO_INT(name, fn, src)                                                \
	int exec_##name(struct hart *h, const struct isa_insn *in)                  \
	{                                                                           \
		FD_BEGIN_RM;                                                        \
		fd_set_x(h, in, (uint64_t)fn(src(in->rs1), (unsigned)rm, fl));     \
		FD_END;                                                             \
	}

FD_CVT_TO_INT(fcvt_w_s, fpu_cvt_w_s, FD_S)
FD_CVT_TO_INT(fcvt_wu_s, fpu_cvt_wu_s, FD_S)
FD_CVT_TO_INT(fcvt_l_s, fpu_cvt_l_s, FD_S)
FD_CVT_TO_INT(fcvt_lu_s, fpu_cvt_lu_s, FD_S)
FD_CVT_TO_INT(fcvt_w_d, fpu_cvt_w_d, FD_F)
FD_CVT_TO_INT(fcvt_wu_d, fpu_cvt_wu_d, FD_F)
FD_CVT_TO_INT(fcvt_l_d, fpu_cvt_l_d, FD_F)
FD_CVT_TO_INT(fcvt_lu_d, fpu_cvt_lu_d, FD_F)

/* integer -> float: fcvt.<s|d>.<int>; the 32-bit forms read the low word of rs1 */
#define FD_CVT_FROM_INT(name, fn, itype, set)                                       \
	int exec_##name(struct hart *h, const struct isa_insn *in)                  \
	{                                                                           \
		FD_BEGIN_RM;                                                        \
		set(h, in, fn((itype)FD_X(in->rs1), (unsigned)rm, fl));            \
		FD_END;                                                             \
	}

FD_CVT_FROM_INT(fcvt_s_w, fpu_cvt_s_w, int32_t, fd_set_s)
FD_CVT_FROM_INT(fcvt_s_wu, fpu_cvt_s_wu, uint32_t, fd_set_s)
FD_CVT_FROM_INT(fcvt_s_l, fpu_cvt_s_l, int64_t, fd_set_s)
FD_CVT_FROM_INT(fcvt_s_lu, fpu_cvt_s_lu, uint64_t, fd_set_s)
FD_CVT_FROM_INT(fcvt_d_w, fpu_cvt_d_w, int32_t, fd_set_d)
FD_CVT_FROM_INT(fcvt_d_wu, fpu_cvt_d_wu, uint32_t, fd_set_d)
FD_CVT_FROM_INT(fcvt_d_l, fpu_cvt_d_l, int64_t, fd_set_d)
FD_CVT_FROM_INT(fcvt_d_lu, fpu_cvt_d_lu, uint64_t, fd_set_d)

int exec_fcvt_s_d(struct hart *h, const struct isa_insn *in)
{
	FD_BEGIN_RM;
	fd_set_s(h, in, fpu_cvt_s_d(FD_F(in->rs1), (unsigned)rm, fl));
	FD_END;
}

/* Exact, but the rm field is still checked: an invalid rm is an illegal instruction. */
int exec_fcvt_d_s(struct hart *h, const struct isa_insn *in)
{
	FD_BEGIN_RM;
	fd_set_d(h, in, fpu_cvt_d_s(FD_S(in->rs1), fl));
	FD_END;
}

/* ---- moves: raw bits, no NaN-boxing check on the source ----------------------------------- */

int exec_fmv_x_w(struct hart *h, const struct isa_insn *in)
{
	fd_set_x(h, in, (uint64_t)(int64_t)(int32_t)(uint32_t)FD_F(in->rs1));
	return 0;
}

int exec_fmv_w_x(struct hart *h, const struct isa_insn *in)
{
	fd_set_s(h, in, (uint32_t)FD_X(in->rs1));
	return 0;
}

int exec_fmv_x_d(struct hart *h, const struct isa_insn *in)
{
	fd_set_x(h, in, FD_F(in->rs1));
	return 0;
}

int exec_fmv_d_x(struct hart *h, const struct isa_insn *in)
{
	fd_set_d(h, in, FD_X(in->rs1));
	return 0;
}
