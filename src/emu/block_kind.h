#ifndef ROBIN_EMU_BLOCK_KIND_H
#define ROBIN_EMU_BLOCK_KIND_H

/* The kinds of op of the block loop (block.c): one handler label of block_run each, and what
 * the translator to host code (jit.c) knows how to translate. BK_GEN / BK_GENT run the
 * instruction's exec_table handler; BK_END is a block's closing pseudo-op. */
enum block_kind {
	BK_GEN, BK_GENT, BK_END, BK_NOP, BK_LI,
	BK_ADDI, BK_SLTI, BK_SLTIU, BK_XORI, BK_ORI, BK_ANDI, BK_SLLI, BK_SRLI, BK_SRAI,
	BK_ADDIW, BK_SLLIW, BK_SRLIW, BK_SRAIW,
	BK_ADD, BK_SUB, BK_SLL, BK_SLT, BK_SLTU, BK_XOR, BK_SRL, BK_SRA, BK_OR, BK_AND,
	BK_ADDW, BK_SUBW, BK_SLLW, BK_SRLW, BK_SRAW, BK_MUL, BK_MULW,
	BK_LB, BK_LH, BK_LW, BK_LD, BK_LBU, BK_LHU, BK_LWU, BK_FLW, BK_FLD,
	BK_SB, BK_SH, BK_SW, BK_SD, BK_FSW, BK_FSD,
	BK_FADD_D, BK_FSUB_D, BK_FMUL_D, BK_FMA_D, BK_FDIV_D, BK_FSQRT_D,
	BK_FADD_S, BK_FSUB_S, BK_FMUL_S, BK_FEQ_D, BK_FLT_D, BK_FLE_D, BK_FMV_D_X, BK_FMV_X_D,
	BK_FFLAGS_RW, BK_FFLAGS_RS,
	BK_FSGNJ_D, BK_FSGNJN_D, BK_FSGNJX_D, BK_FCVT_D_S, BK_FCVT_D_W, BK_FCVT_D_L, BK_FCVT_L_D,
	BK_MULHU, BK_FMIN_D, BK_FMAX_D, BK_FCLASS_D,
	BK_DIV, BK_DIVU, BK_REM, BK_REMU, BK_DIVW, BK_DIVUW, BK_REMW, BK_REMUW,
	BK_BEQ, BK_BNE, BK_BLT, BK_BGE, BK_BLTU, BK_BGEU, BK_JAL, BK_J, BK_JALR, BK_JR,
	/* fcvt.l.d rounding to nearest, down (floor), up (ceil): translated (jit.c), interpreted
	 * as BK_GEN */
	BK_FCVT_L_D_RNE, BK_FCVT_L_D_RDN, BK_FCVT_L_D_RUP,
	/* binary32 compares, sign injections, fused multiply-adds (RNE), division (RNE) and
	 * fcvt.w.s truncating or to nearest: translated (jit.c), interpreted as BK_GEN */
	BK_FEQ_S, BK_FLT_S, BK_FLE_S, BK_FSGNJ_S, BK_FSGNJN_S, BK_FSGNJX_S, BK_FMA_S, BK_FDIV_S,
	BK_FCVT_W_S, BK_FCVT_W_S_RNE,
	/* also: mulh; fcvt.s.w / fcvt.s.l / fcvt.s.d to nearest, fcvt.w.d truncating or to nearest,
	 * fmv.x.w, fmv.w.x */
	BK_MULH, BK_FCVT_S_W, BK_FCVT_S_L, BK_FCVT_S_D, BK_FCVT_W_D, BK_FCVT_W_D_RNE,
	BK_FMV_X_W, BK_FMV_W_X,
	/* unsigned conversions: fcvt.d.wu (any mode), fcvt.d.lu to nearest, fcvt.wu.d and
	 * fcvt.lu.d truncating */
	BK_FCVT_D_WU, BK_FCVT_D_LU, BK_FCVT_WU_D, BK_FCVT_LU_D,
	/* frrm (csrrs rd, frm, x0) */
	BK_FRM_R,
	/* Zba, Zbb, Zbs, Zicond (exec_b.c's semantics) */
	BK_SH1ADD, BK_SH2ADD, BK_SH3ADD, BK_ADD_UW, BK_SH1ADD_UW, BK_SH2ADD_UW, BK_SH3ADD_UW,
	BK_SLLI_UW,
	BK_ANDN, BK_ORN, BK_XNOR, BK_CLZ, BK_CTZ, BK_CPOP, BK_CLZW, BK_CTZW, BK_CPOPW,
	BK_MAX, BK_MAXU, BK_MIN, BK_MINU, BK_SEXT_B, BK_SEXT_H, BK_ZEXT_H,
	BK_ROL, BK_ROR, BK_ROLW, BK_RORW, BK_RORI, BK_RORIW, BK_ORC_B, BK_REV8,
	BK_BCLR, BK_BCLRI, BK_BEXT, BK_BEXTI, BK_BINV, BK_BINVI, BK_BSET, BK_BSETI,
	BK_CZERO_EQZ, BK_CZERO_NEZ,
	BK_COUNT
};

#endif
