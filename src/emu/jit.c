/*
 * jit.c — translation of a block's ops to x86-64 host code (see jit.h for the contract).
 *
 * Each op becomes a few host instructions on the guest registers in struct hart (int
 * registers at xb - 128, FP registers at xb + 128, both within an 8-bit displacement of rdi
 * and r11): an add is three moves and an add, with no dispatch between ops. The semantics are
 * block.c's handlers', op for op; where a handler has a fast case and a slow one, the code
 * does the fast case and returns the op's index for anything else, before writing anything,
 * so the handler does the whole op exactly:
 *
 *   - loads and stores go straight to host memory when the page's permission byte allows it
 *     and the access stays within the page (stores: writable and holding no decoded code),
 *     else return (the handler takes gmem's slow path: faults, self-modifying code);
 *   - FP arithmetic assumes what the caller checked at entry (fflags holds NX, frm is RNE, as
 *     block.c's FPD_OK) and keeps a result only when it is plain (finite, exponent >= 2: no
 *     flag but NX, and NX is accrued); a non-finite operand gives a non-plain result, so every
 *     NaN, infinity, zero and tiny result returns to the handler, which knows the exact rules;
 *   - a taken conditional branch returns its index with JIT_TAKEN.
 *
 * Registers: rdi = xb, rsi = guest memory base, rdx = permission bytes, r11 = xb + 256
 * (f + 128); rax, rcx, r8, r9, r10 are scratch. Nothing is saved: the code uses only
 * registers a call may clobber. Exit stubs ("mov eax, k; ret") follow the body.
 */
#include <string.h>

#include "emu/gmem.h"
#include "emu/jit.h"

#if defined(__x86_64__)

enum { RAX = 0, RCX = 1, RDX = 2, RSI = 6, RDI = 7, R8 = 8, R9 = 9, R10 = 10, R11 = 11 };
enum { CC_B = 2, CC_AE = 3, CC_E = 4, CC_NE = 5, CC_BE = 6, CC_A = 7, CC_P = 0xa, CC_L = 0xc,
       CC_GE = 0xd };

#define XB RDI  /* int register i at [rdi + 8 * i - 128] */
#define FB R11  /* FP register i at [r11 + 8 * i - 128] */

#define JIT_MAX_FIX 2048

struct jbuf {
	uint8_t *p, *end;
	int full;
	/* jumps to exit stubs: where their rel32 is, and the value the stub returns */
	uint32_t fix_at[JIT_MAX_FIX];
	uint32_t fix_ret[JIT_MAX_FIX];
	uint32_t n_fix;
	uint8_t *start;
};

static void b8(struct jbuf *j, uint32_t v)
{
	if (j->p < j->end)
		*j->p++ = (uint8_t)v;
	else
		j->full = 1;
}

static void b32(struct jbuf *j, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		b8(j, v >> (8 * i));
}

/* Opcode bytes are given as a number, most significant byte first (0x0fb6 = 0f b6). */
static void opbytes(struct jbuf *j, uint32_t opc)
{
	if (opc > 0xffff)
		b8(j, opc >> 16);
	if (opc > 0xff)
		b8(j, opc >> 8);
	b8(j, opc);
}

/* [prefix] [REX] opcode modrm [sib] [disp] for reg, [base + index + disp] (index < 0: none).
 * rex8: an 8-bit register operand in 4..7 needs a REX prefix to mean sil/dil/spl/bpl. */
static void op_m(struct jbuf *j, uint32_t prefix, int w, uint32_t opc, int reg, int base, int index,
		 int32_t disp, int rex8)
{
	if (prefix)
		b8(j, prefix);
	int idx = index < 0 ? 0 : index;
	uint32_t rex = 0x40 | (w ? 8 : 0) | ((reg >> 3) & 1) << 2 | ((idx >> 3) & 1) << 1 | ((base >> 3) & 1);
	if (rex != 0x40 || rex8)
		b8(j, rex);
	opbytes(j, opc);
	int mod = disp == 0 && (base & 7) != 5 ? 0 : (disp >= -128 && disp <= 127 ? 1 : 2);
	if (index < 0) {
		b8(j, (uint32_t)(mod << 6 | (reg & 7) << 3 | (base & 7)));
	} else {
		b8(j, (uint32_t)(mod << 6 | (reg & 7) << 3 | 4));
		b8(j, (uint32_t)((idx & 7) << 3 | (base & 7)));
	}
	if (mod == 1)
		b8(j, (uint32_t)disp);
	else if (mod == 2)
		b32(j, (uint32_t)disp);
}

/* register-register form: reg, rm */
static void op_r(struct jbuf *j, uint32_t prefix, int w, uint32_t opc, int reg, int rm)
{
	if (prefix)
		b8(j, prefix);
	uint32_t rex = 0x40 | (w ? 8 : 0) | ((reg >> 3) & 1) << 2 | ((rm >> 3) & 1);
	if (rex != 0x40)
		b8(j, rex);
	opbytes(j, opc);
	b8(j, (uint32_t)(0xc0 | (reg & 7) << 3 | (rm & 7)));
}

#define XD(i) ((int32_t)(i) * 8 - 128)

/* host reg <- guest int register i (64 bits) */
static void ld_x(struct jbuf *j, int reg, int i) { op_m(j, 0, 1, 0x8b, reg, XB, -1, XD(i), 0); }
/* guest int register i <- host reg; x0 is never written */
static void st_x(struct jbuf *j, int i, int reg)
{
	if (i)
		op_m(j, 0, 1, 0x89, reg, XB, -1, XD(i), 0);
}
static void ld_f(struct jbuf *j, int reg, int i) { op_m(j, 0, 1, 0x8b, reg, FB, -1, XD(i), 0); }
static void st_f(struct jbuf *j, int i, int reg) { op_m(j, 0, 1, 0x89, reg, FB, -1, XD(i), 0); }

/* jcc rel32 to the exit stub returning ret */
static void jcc_exit(struct jbuf *j, int cc, uint32_t ret)
{
	b8(j, 0x0f);
	b8(j, 0x80 | (uint32_t)cc);
	if (j->n_fix < JIT_MAX_FIX) {
		j->fix_at[j->n_fix] = (uint32_t)(j->p - j->start);
		j->fix_ret[j->n_fix++] = ret;
	} else {
		j->full = 1;
	}
	b32(j, 0);
}

/* ALU op with an immediate: 81 /digit id (83 /digit ib when it fits) */
static void alu_imm(struct jbuf *j, int w, int digit, int reg, int32_t imm)
{
	if (imm >= -128 && imm <= 127) {
		op_r(j, 0, w, 0x83, digit, reg);
		b8(j, (uint32_t)imm);
	} else {
		op_r(j, 0, w, 0x81, digit, reg);
		b32(j, (uint32_t)imm);
	}
}

static void shift_imm(struct jbuf *j, int w, int digit, int reg, uint32_t n)
{
	op_r(j, 0, w, 0xc1, digit, reg);
	b8(j, n);
}

/* rax <- sign-extended eax, then to guest register rd */
static void st_x_sext32(struct jbuf *j, int rd)
{
	op_r(j, 0, 1, 0x63, RAX, RAX);  /* movsxd rax, eax */
	st_x(j, rd, RAX);
}

/* setcc al; movzx eax, al; to rd */
static void st_x_cc(struct jbuf *j, int cc, int rd)
{
	op_r(j, 0, 0, 0x0f90 | (uint32_t)cc, 0, RAX);
	op_r(j, 0, 0, 0x0fb6, RAX, RAX);
	st_x(j, rd, RAX);
}

static int fits32(int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

/* rax <- guest address rs1 + imm; r8 <- its page; exits (to k) unless the page is below
 * GMEM_NPAGES, the access of size bytes stays in it and perm[page] & mask == want */
static void mem_addr(struct jbuf *j, const struct jit_op *o, uint32_t size, uint32_t mask,
		     uint32_t want, uint32_t k)
{
	ld_x(j, RAX, o->rs1);
	if (o->imm)
		alu_imm(j, 1, 0, RAX, (int32_t)o->imm);
	op_r(j, 0, 1, 0x8b, R8, RAX);             /* mov r8, rax */
	shift_imm(j, 1, 5, R8, GMEM_PAGE_SHIFT);  /* shr r8, 12 */
	alu_imm(j, 1, 7, R8, (int32_t)GMEM_NPAGES);  /* cmp r8, NPAGES */
	jcc_exit(j, CC_AE, k);
	if (size > 1) {
		op_r(j, 0, 0, 0x8b, RCX, RAX);    /* mov ecx, eax */
		alu_imm(j, 0, 4, RCX, GMEM_PAGE_MASK);  /* and ecx, 0xfff */
		alu_imm(j, 0, 7, RCX, (int32_t)(GMEM_PAGE_SIZE - size));
		jcc_exit(j, CC_A, k);
	}
	/* movzx ecx, byte [rdx + r8] */
	op_m(j, 0, 0, 0x0fb6, RCX, RDX, R8, 0, 0);
	if (mask == want) {
		/* test cl, mask; jz */
		op_r(j, 0, 0, 0xf6, 0, RCX);
		b8(j, mask);
		jcc_exit(j, CC_E, k);
	} else {
		alu_imm(j, 0, 4, RCX, (int32_t)mask);
		alu_imm(j, 0, 7, RCX, (int32_t)want);
		jcc_exit(j, CC_NE, k);
	}
}

/* The FP result in xmm0 to f[rd] when plain (exponent 2..0x7fe), else exit to k. */
static void fp_keep_plain(struct jbuf *j, int rd, uint32_t k)
{
	op_r(j, 0x66, 1, 0x0f7e, 0, RAX);         /* movq rax, xmm0 */
	op_r(j, 0, 1, 0x8b, RCX, RAX);            /* mov rcx, rax */
	shift_imm(j, 1, 5, RCX, 52);              /* shr rcx, 52 */
	alu_imm(j, 0, 4, RCX, 0x7ff);             /* and ecx, 0x7ff */
	alu_imm(j, 0, 5, RCX, 2);                 /* sub ecx, 2 */
	alu_imm(j, 0, 7, RCX, 0x7fd);             /* cmp ecx, 0x7fd */
	jcc_exit(j, CC_AE, k);
	st_f(j, rd, RAX);
}

/* xmm<reg> <- f[i] (movsd) */
static void ld_xmm(struct jbuf *j, int reg, int i) { op_m(j, 0xf2, 0, 0x0f10, reg, FB, -1, XD(i), 0); }

/* One op; returns 0 when it was translated, -1 when the block's code must stop before it. */
static int emit_op(struct jbuf *j, const struct jit_op *o, uint32_t k, int host_fma, int *fp_env)
{
	int32_t imm32 = (int32_t)o->imm;
	switch ((enum block_kind)o->kind) {
	case BK_NOP:
		return 0;
	case BK_LI:
		if (fits32(o->imm)) {
			op_m(j, 0, 1, 0xc7, 0, XB, -1, XD(o->rd), 0);  /* mov qword [rd], imm32 */
			b32(j, (uint32_t)imm32);
		} else {
			b8(j, 0x48);
			b8(j, 0xb8);  /* movabs rax, imm64 */
			for (int i = 0; i < 8; i++)
				b8(j, (uint32_t)((uint64_t)o->imm >> (8 * i)));
			st_x(j, o->rd, RAX);
		}
		return 0;
	case BK_ADDI:
		if (o->rd == o->rs1) {
			/* add qword [rd], imm */
			if (imm32 >= -128 && imm32 <= 127) {
				op_m(j, 0, 1, 0x83, 0, XB, -1, XD(o->rd), 0);
				b8(j, (uint32_t)imm32);
			} else {
				op_m(j, 0, 1, 0x81, 0, XB, -1, XD(o->rd), 0);
				b32(j, (uint32_t)imm32);
			}
			return 0;
		}
		ld_x(j, RAX, o->rs1);
		if (imm32)
			alu_imm(j, 1, 0, RAX, imm32);
		st_x(j, o->rd, RAX);
		return 0;
	case BK_XORI: case BK_ORI: case BK_ANDI:
		ld_x(j, RAX, o->rs1);
		alu_imm(j, 1, o->kind == BK_XORI ? 6 : o->kind == BK_ORI ? 1 : 4, RAX, imm32);
		st_x(j, o->rd, RAX);
		return 0;
	case BK_SLTI: case BK_SLTIU:
		ld_x(j, RAX, o->rs1);
		alu_imm(j, 1, 7, RAX, imm32);  /* the immediate sign-extends to 64 bits as in RV */
		st_x_cc(j, o->kind == BK_SLTI ? CC_L : CC_B, o->rd);
		return 0;
	case BK_SLLI: case BK_SRLI: case BK_SRAI:
		ld_x(j, RAX, o->rs1);
		shift_imm(j, 1, o->kind == BK_SLLI ? 4 : o->kind == BK_SRLI ? 5 : 7, RAX, (uint32_t)o->imm & 63);
		st_x(j, o->rd, RAX);
		return 0;
	case BK_ADDIW:
		ld_x(j, RAX, o->rs1);
		if (imm32)
			alu_imm(j, 0, 0, RAX, imm32);
		st_x_sext32(j, o->rd);
		return 0;
	case BK_SLLIW: case BK_SRLIW: case BK_SRAIW:
		op_m(j, 0, 0, 0x8b, RAX, XB, -1, XD(o->rs1), 0);  /* mov eax, dword [rs1] */
		shift_imm(j, 0, o->kind == BK_SLLIW ? 4 : o->kind == BK_SRLIW ? 5 : 7, RAX, (uint32_t)o->imm & 31);
		st_x_sext32(j, o->rd);
		return 0;
	case BK_ADD: case BK_SUB: case BK_XOR: case BK_OR: case BK_AND: case BK_MUL: {
		uint32_t opc = o->kind == BK_ADD ? 0x03 : o->kind == BK_SUB ? 0x2b : o->kind == BK_XOR ? 0x33 :
			       o->kind == BK_OR ? 0x0b : o->kind == BK_AND ? 0x23 : 0x0faf;
		ld_x(j, RAX, o->rs1);
		op_m(j, 0, 1, opc, RAX, XB, -1, XD(o->rs2), 0);
		st_x(j, o->rd, RAX);
		return 0;
	}
	case BK_ADDW: case BK_SUBW: case BK_MULW: {
		uint32_t opc = o->kind == BK_ADDW ? 0x03 : o->kind == BK_SUBW ? 0x2b : 0x0faf;
		op_m(j, 0, 0, 0x8b, RAX, XB, -1, XD(o->rs1), 0);
		op_m(j, 0, 0, opc, RAX, XB, -1, XD(o->rs2), 0);
		st_x_sext32(j, o->rd);
		return 0;
	}
	case BK_SLT: case BK_SLTU:
		ld_x(j, RAX, o->rs1);
		op_m(j, 0, 1, 0x3b, RAX, XB, -1, XD(o->rs2), 0);  /* cmp rax, [rs2] */
		st_x_cc(j, o->kind == BK_SLT ? CC_L : CC_B, o->rd);
		return 0;
	case BK_SLL: case BK_SRL: case BK_SRA: {
		/* x86 masks a 64-bit shift count to 6 bits, as RV64 does */
		int digit = o->kind == BK_SLL ? 4 : o->kind == BK_SRL ? 5 : 7;
		ld_x(j, RAX, o->rs1);
		op_m(j, 0, 0, 0x8b, RCX, XB, -1, XD(o->rs2), 0);  /* mov ecx, [rs2] */
		op_r(j, 0, 1, 0xd3, digit, RAX);
		st_x(j, o->rd, RAX);
		return 0;
	}
	case BK_SLLW: case BK_SRLW: case BK_SRAW: {
		int digit = o->kind == BK_SLLW ? 4 : o->kind == BK_SRLW ? 5 : 7;
		op_m(j, 0, 0, 0x8b, RAX, XB, -1, XD(o->rs1), 0);
		op_m(j, 0, 0, 0x8b, RCX, XB, -1, XD(o->rs2), 0);
		op_r(j, 0, 0, 0xd3, digit, RAX);  /* 32-bit: count masked to 5 bits */
		st_x_sext32(j, o->rd);
		return 0;
	}
	case BK_LB: case BK_LH: case BK_LW: case BK_LD: case BK_LBU: case BK_LHU: case BK_LWU:
	case BK_FLW: case BK_FLD: {
		static const uint8_t size[] = { [BK_LB] = 1, [BK_LH] = 2, [BK_LW] = 4, [BK_LD] = 8,
						[BK_LBU] = 1, [BK_LHU] = 2, [BK_LWU] = 4, [BK_FLW] = 4,
						[BK_FLD] = 8 };
		uint32_t sz = size[o->kind];
		mem_addr(j, o, sz, GMEM_R, GMEM_R, k);
		switch (o->kind) {
		case BK_LB: op_m(j, 0, 1, 0x0fbe, RCX, RSI, RAX, 0, 0); break;   /* movsx rcx, byte */
		case BK_LH: op_m(j, 0, 1, 0x0fbf, RCX, RSI, RAX, 0, 0); break;   /* movsx rcx, word */
		case BK_LW: op_m(j, 0, 1, 0x63, RCX, RSI, RAX, 0, 0); break;     /* movsxd rcx, dword */
		case BK_LBU: op_m(j, 0, 0, 0x0fb6, RCX, RSI, RAX, 0, 0); break;  /* movzx ecx, byte */
		case BK_LHU: op_m(j, 0, 0, 0x0fb7, RCX, RSI, RAX, 0, 0); break;  /* movzx ecx, word */
		case BK_LWU: case BK_FLW:
			op_m(j, 0, 0, 0x8b, RCX, RSI, RAX, 0, 0); break;         /* mov ecx, dword */
		default: op_m(j, 0, 1, 0x8b, RCX, RSI, RAX, 0, 0); break;        /* mov rcx, qword */
		}
		if (o->kind == BK_FLW) {
			/* NaN-boxed: the upper half all ones */
			b8(j, 0x48);
			b8(j, 0xb8);  /* movabs rax, 0xffffffff00000000 */
			b32(j, 0);
			b32(j, 0xffffffffu);
			op_r(j, 0, 1, 0x0b, RAX, RCX);  /* or rax, rcx */
			st_f(j, o->rd, RAX);
		} else if (o->kind == BK_FLD) {
			st_f(j, o->rd, RCX);
		} else {
			st_x(j, o->rd, RCX);
		}
		return 0;
	}
	case BK_SB: case BK_SH: case BK_SW: case BK_SD: case BK_FSW: case BK_FSD: {
		uint32_t sz = o->kind == BK_SB ? 1 : o->kind == BK_SH ? 2 :
			      o->kind == BK_SW || o->kind == BK_FSW ? 4 : 8;
		mem_addr(j, o, sz, GMEM_W | GMEM_CODE, GMEM_W, k);
		if (o->kind == BK_FSW || o->kind == BK_FSD)
			ld_f(j, RCX, o->rs2);
		else
			ld_x(j, RCX, o->rs2);
		switch (sz) {
		case 1: op_m(j, 0, 0, 0x88, RCX, RSI, RAX, 0, 0); break;
		case 2: op_m(j, 0x66, 0, 0x89, RCX, RSI, RAX, 0, 0); break;
		case 4: op_m(j, 0, 0, 0x89, RCX, RSI, RAX, 0, 0); break;
		default: op_m(j, 0, 1, 0x89, RCX, RSI, RAX, 0, 0); break;
		}
		return 0;
	}
	case BK_FADD_D: case BK_FSUB_D: case BK_FMUL_D: case BK_FDIV_D: {
		uint32_t opc = o->kind == BK_FADD_D ? 0x0f58 : o->kind == BK_FSUB_D ? 0x0f5c :
			       o->kind == BK_FMUL_D ? 0x0f59 : 0x0f5e;
		*fp_env = 1;
		ld_xmm(j, 0, o->rs1);
		op_m(j, 0xf2, 0, opc, 0, FB, -1, XD(o->rs2), 0);
		fp_keep_plain(j, o->rd, k);
		return 0;
	}
	case BK_FSQRT_D:
		*fp_env = 1;
		op_m(j, 0xf2, 0, 0x0f51, 0, FB, -1, XD(o->rs1), 0);  /* sqrtsd xmm0, [rs1] */
		fp_keep_plain(j, o->rd, k);
		return 0;
	case BK_FMA_D:
		if (!host_fma)
			return -1;
		*fp_env = 1;
		/* xmm0 = rs3 (sign flipped by imm bit 62), xmm1 = rs1 (by bit 63), xmm2 = rs2;
		 * vfmadd231sd xmm0, xmm1, xmm2: xmm0 = xmm1 * xmm2 + xmm0, rounded once */
		ld_f(j, RAX, o->rs3);
		if ((uint64_t)o->imm & (1ull << 62)) {
			op_r(j, 0, 1, 0x0fba, 7, RAX);  /* btc rax, 63 */
			b8(j, 63);
		}
		op_r(j, 0x66, 1, 0x0f6e, 0, RAX);       /* movq xmm0, rax */
		ld_f(j, RAX, o->rs1);
		if ((uint64_t)o->imm & (1ull << 63)) {
			op_r(j, 0, 1, 0x0fba, 7, RAX);
			b8(j, 63);
		}
		op_r(j, 0x66, 1, 0x0f6e, 1, RAX);       /* movq xmm1, rax */
		ld_xmm(j, 2, o->rs2);
		b8(j, 0xc4); b8(j, 0xe2); b8(j, 0xf1); b8(j, 0xb9); b8(j, 0xc2);
		fp_keep_plain(j, o->rd, k);
		return 0;
	case BK_FEQ_D: case BK_FLT_D: case BK_FLE_D:
		/* ucomisd: unordered (a NaN) sets PF: the handler decides NV */
		ld_xmm(j, 0, o->rs1);
		op_m(j, 0x66, 0, 0x0f2e, 0, FB, -1, XD(o->rs2), 0);
		jcc_exit(j, CC_P, k);
		st_x_cc(j, o->kind == BK_FEQ_D ? CC_E : o->kind == BK_FLT_D ? CC_B : CC_BE, o->rd);
		return 0;
	case BK_FSGNJ_D: case BK_FSGNJN_D: case BK_FSGNJX_D:
		ld_f(j, RAX, o->rs1);
		if (o->rs1 == o->rs2) {
			/* fmv.d / fneg.d / fabs.d */
			if (o->kind != BK_FSGNJ_D) {
				op_r(j, 0, 1, 0x0fba, o->kind == BK_FSGNJN_D ? 7 : 6, RAX);  /* btc / btr */
				b8(j, 63);
			}
		} else {
			ld_f(j, RCX, o->rs2);
			if (o->kind == BK_FSGNJN_D)
				op_r(j, 0, 1, 0xf7, 2, RCX);    /* not rcx */
			shift_imm(j, 1, 5, RCX, 63);        /* shr rcx, 63 */
			shift_imm(j, 1, 4, RCX, 63);        /* shl rcx, 63: the sign bit alone */
			if (o->kind != BK_FSGNJX_D) {
				op_r(j, 0, 1, 0x0fba, 6, RAX);  /* btr rax, 63 */
				b8(j, 63);
				op_r(j, 0, 1, 0x0b, RAX, RCX);  /* or rax, rcx */
			} else {
				op_r(j, 0, 1, 0x33, RAX, RCX);  /* xor rax, rcx */
			}
		}
		st_f(j, o->rd, RAX);
		return 0;
	case BK_FMV_D_X:
		ld_x(j, RAX, o->rs1);
		st_f(j, o->rd, RAX);
		return 0;
	case BK_FMV_X_D:
		ld_f(j, RAX, o->rs1);
		st_x(j, o->rd, RAX);
		return 0;
	case BK_FCVT_D_W:
		/* every int32 is a binary64: exact in any mode (the entry check covers a dynamic
		 * rounding mode's validity) */
		*fp_env = 1;
		op_m(j, 0xf2, 0, 0x0f2a, 0, XB, -1, XD(o->rs1), 0);  /* cvtsi2sd xmm0, dword [rs1] */
		op_r(j, 0x66, 1, 0x0f7e, 0, RAX);
		st_f(j, o->rd, RAX);
		return 0;
	case BK_BEQ: case BK_BNE: case BK_BLT: case BK_BGE: case BK_BLTU: case BK_BGEU: {
		static const uint8_t cc[] = { [BK_BEQ] = CC_E, [BK_BNE] = CC_NE, [BK_BLT] = CC_L,
					      [BK_BGE] = CC_GE, [BK_BLTU] = CC_B, [BK_BGEU] = CC_AE };
		ld_x(j, RAX, o->rs1);
		op_m(j, 0, 1, 0x3b, RAX, XB, -1, XD(o->rs2), 0);
		jcc_exit(j, cc[o->kind], k | JIT_TAKEN);
		return 0;
	}
	default:
		return -1;
	}
}

int jit_translate(const struct jit_op *ops, uint32_t n, int host_fma, uint8_t *buf, uint32_t cap,
		  struct jit_code *out)
{
	static struct jbuf jb;  /* one translation at a time (the emulator is single-threaded) */
	struct jbuf *j = &jb;
	j->start = j->p = buf;
	j->end = buf + cap;
	j->full = 0;
	j->n_fix = 0;
	int fp_env = 0;
	/* lea r11, [rdi + 256] */
	op_m(j, 0, 1, 0x8d, FB, XB, -1, 256, 0);
	uint32_t k = 0;
	for (; k < n; k++)
		if (emit_op(j, &ops[k], k, host_fma, &fp_env))
			break;
	if (k == 0)
		return -1;
	b8(j, 0xb8);  /* mov eax, k; ret */
	b32(j, k);
	b8(j, 0xc3);
	/* exit stubs, one per distinct return value */
	uint32_t stub_ret[JIT_MAX_FIX], stub_at[JIT_MAX_FIX], n_stub = 0;
	for (uint32_t i = 0; i < j->n_fix; i++) {
		uint32_t s = 0;
		while (s < n_stub && stub_ret[s] != j->fix_ret[i])
			s++;
		if (s == n_stub) {
			stub_ret[n_stub] = j->fix_ret[i];
			stub_at[n_stub++] = (uint32_t)(j->p - j->start);
			b8(j, 0xb8);
			b32(j, j->fix_ret[i]);
			b8(j, 0xc3);
		}
		if (j->full)
			return -1;
		uint32_t rel = stub_at[s] - (j->fix_at[i] + 4);
		memcpy(buf + j->fix_at[i], &rel, 4);
	}
	if (j->full)
		return -1;
	out->len = (uint32_t)(j->p - j->start);
	out->n_ops = k;
	out->fp_env = fp_env;
	return 0;
}

int jit_host_supported(void) { return 1; }

#else

int jit_translate(const struct jit_op *ops, uint32_t n, int host_fma, uint8_t *buf, uint32_t cap,
		  struct jit_code *out)
{
	(void)ops, (void)n, (void)host_fma, (void)buf, (void)cap, (void)out;
	return -1;
}

int jit_host_supported(void) { return 0; }

#endif
