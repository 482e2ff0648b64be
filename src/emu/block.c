/*
 * block.c — the emulator's fast loop: blocks of pre-decoded instructions run by threaded
 * dispatch.
 *
 * A block is the run of instructions of one code page from its first PC up to and including
 * the first jump or system instruction (or to the page's end, or 128 instructions); a taken
 * conditional branch leaves it early (a side exit), a not-taken one goes on. It is
 * built once, on first execution, decoded from the page's bytes (emu_decode_raw) into an array of
 * struct emu_bop whose `lbl` is the address of the handler code inside block_run (GNU C
 * "labels as values"): each handler ends with `goto *(++op)->lbl`, so there is no call, no
 * return code and no per-instruction check of the instruction limit, of pending asynchronous
 * work or of the page. Those are hoisted to block entry:
 *
 *   block entry (label `dispatch`): PC -> block through a direct-mapped cache (e->jc) in front
 *   of a hash table of every block (e->bmap), or straight through the exit op's `chain` (the
 *   block this exit entered last time, while it is not dead; label `chained`), then ONE
 *   comparison: would the block run past min(limit, e->async_at)? If so the exact
 *   per-instruction loop (emu_run_slow) runs the next instructions instead, stops exactly at
 *   the limit and calls emu_async_service() exactly at the requested instruction boundary.
 *   Others request asynchronous work (a timer expiring, a signal from outside) with
 *   emu_async_request(); nothing else is needed for it to be exact. The optional block hook
 *   e->block_hook (e.g. basic-block vectors) is called here, one untaken branch when NULL:
 *   with the PC where the previous run of fast-path instructions started and how many of
 *   them retired (exact, side exits and faults included); also before every return.
 *
 * Exactness: the common integer, load/store and control-flow operations have their own
 * handler here (same semantics as exec_i.c / exec_m.c / exec_fmem.c; Zba, Zbb, Zbs and Zicond as
 * exec_b.c); every other operation
 * calls its exec_table handler with h->pc, h->next_pc and h->instret set as the slow loop
 * sets them. A load or store that faults records the trap with its own PC and the count of
 * the instructions before it (precise faults). A store into a page holding decoded code
 * (gmem's slow path calls emu_code_written, which drops the page and flushes e->jc) ends the
 * block right after the store, so the next instruction is decoded afresh (self-modifying
 * code). `--trace` runs through emu_step and never reaches this loop.
 *
 * Hot blocks (entered e->jit_hot times) are translated to host code (jit.c, contract in
 * jit.h): at block entry, after the same limit check, the translation runs the block's first
 * ops (and chains on to other translated blocks) and returns the op whose handler here goes
 * on, or the exit it left by; the handlers below stay the semantics and the slow paths.
 */
#if defined(__x86_64__)
#include <cpuid.h>
#endif
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "emu/emu_priv.h"
#include "emu/block_kind.h"
#include "emu/exec_div.h"
#include "emu/fpu.h"
#include "emu/jit.h"

#define BLOCK_MAX_INSNS 128
/* entries of the run log translated code keeps for a block hook (e->jit_runlog) */
#define BLOCK_RUNLOG_CAP 65536u
/* a run's log entry (jit.h, JIT_RUN_TAG): its block and instructions */
#define BLOCK_RUN_BLOCK(v) ((struct emu_block *)(uintptr_t)((v) & ((1ull << JIT_RUN_PTR_BITS) - 1)))
#define BLOCK_RUN_INSNS(v) ((uint32_t)((v) >> JIT_RUN_PTR_BITS) & 0x7fff)

void block_flush(struct emu *e)
{
	memset(e->jc, 0, sizeof(e->jc));  /* npc = 0: pc ~0, odd, never a valid PC */
}

/* Does this instruction end a block (it changes control flow, or may change anything)?
 * CSR instructions do not: the generic handler sees h->instret, h->pc exact, and the inline
 * FP operations read fflags/frm afresh each time.
 * Conditional branches do not: a taken one leaves the block (a side exit), a not-taken one
 * goes on with the next op, so a block is a superblock of the not-taken path. */
static int block_ends_with(const struct isa_insn *in)
{
	return in->cls == ISA_CLASS_JUMP || in->cls == ISA_CLASS_SYSTEM ||
	       in->op == ISA_OP_fence_i || in->op == ISA_OP_INVALID;
}

/* The handler labels of block_run, indexed by enum block_kind (filled on its first call). */
static const void *block_lbl[BK_COUNT];

/* The handler kind for a decoded instruction at pc. */
static enum block_kind block_kind_of(const struct isa_insn *in)
{
	int rd0 = in->rd == 0;  /* the result is discarded: a pure operation does nothing */
	switch (in->op) {
#define ALU(name, K) case ISA_OP_##name: return rd0 ? BK_NOP : K;
	ALU(lui, BK_LI) ALU(auipc, BK_LI)
	ALU(addi, BK_ADDI) ALU(slti, BK_SLTI) ALU(sltiu, BK_SLTIU) ALU(xori, BK_XORI)
	ALU(ori, BK_ORI) ALU(andi, BK_ANDI) ALU(slli, BK_SLLI) ALU(srli, BK_SRLI) ALU(srai, BK_SRAI)
	ALU(addiw, BK_ADDIW) ALU(slliw, BK_SLLIW) ALU(srliw, BK_SRLIW) ALU(sraiw, BK_SRAIW)
	ALU(add, BK_ADD) ALU(sub, BK_SUB) ALU(sll, BK_SLL) ALU(slt, BK_SLT) ALU(sltu, BK_SLTU)
	ALU(xor, BK_XOR) ALU(srl, BK_SRL) ALU(sra, BK_SRA) ALU(or, BK_OR) ALU(and, BK_AND)
	ALU(addw, BK_ADDW) ALU(subw, BK_SUBW) ALU(sllw, BK_SLLW) ALU(srlw, BK_SRLW) ALU(sraw, BK_SRAW)
	ALU(mul, BK_MUL) ALU(mulw, BK_MULW) ALU(mulhu, BK_MULHU) ALU(mulh, BK_MULH)
	ALU(div, BK_DIV) ALU(divu, BK_DIVU) ALU(rem, BK_REM) ALU(remu, BK_REMU)
	ALU(divw, BK_DIVW) ALU(divuw, BK_DIVUW) ALU(remw, BK_REMW) ALU(remuw, BK_REMUW)
	/* Zba, Zbb, Zbs, Zicond */
	ALU(sh1add, BK_SH1ADD) ALU(sh2add, BK_SH2ADD) ALU(sh3add, BK_SH3ADD) ALU(add_uw, BK_ADD_UW)
	ALU(sh1add_uw, BK_SH1ADD_UW) ALU(sh2add_uw, BK_SH2ADD_UW) ALU(sh3add_uw, BK_SH3ADD_UW)
	ALU(slli_uw, BK_SLLI_UW) ALU(andn, BK_ANDN) ALU(orn, BK_ORN) ALU(xnor, BK_XNOR)
	ALU(clz, BK_CLZ) ALU(ctz, BK_CTZ) ALU(cpop, BK_CPOP) ALU(clzw, BK_CLZW) ALU(ctzw, BK_CTZW)
	ALU(cpopw, BK_CPOPW) ALU(max, BK_MAX) ALU(maxu, BK_MAXU) ALU(min, BK_MIN) ALU(minu, BK_MINU)
	ALU(sext_b, BK_SEXT_B) ALU(sext_h, BK_SEXT_H) ALU(zext_h, BK_ZEXT_H) ALU(rol, BK_ROL)
	ALU(ror, BK_ROR) ALU(rolw, BK_ROLW) ALU(rorw, BK_RORW) ALU(rori, BK_RORI) ALU(roriw, BK_RORIW)
	ALU(orc_b, BK_ORC_B) ALU(rev8, BK_REV8) ALU(bclr, BK_BCLR) ALU(bclri, BK_BCLRI)
	ALU(bext, BK_BEXT) ALU(bexti, BK_BEXTI) ALU(binv, BK_BINV) ALU(binvi, BK_BINVI)
	ALU(bset, BK_BSET) ALU(bseti, BK_BSETI) ALU(czero_eqz, BK_CZERO_EQZ)
	ALU(czero_nez, BK_CZERO_NEZ)
#undef ALU
	/* loads into x0 still access memory (and may fault): the generic handler does that */
#define LD(name, K) case ISA_OP_##name: return rd0 ? BK_GEN : K;
	LD(lb, BK_LB) LD(lh, BK_LH) LD(lw, BK_LW) LD(ld, BK_LD) LD(lbu, BK_LBU) LD(lhu, BK_LHU)
	LD(lwu, BK_LWU)
#undef LD
	case ISA_OP_flw: return BK_FLW;
	case ISA_OP_fld: return BK_FLD;
	case ISA_OP_sb: return BK_SB;
	case ISA_OP_sh: return BK_SH;
	case ISA_OP_sw: return BK_SW;
	case ISA_OP_sd: return BK_SD;
	case ISA_OP_fsw: return BK_FSW;
	case ISA_OP_fsd: return BK_FSD;
	/* double-precision arithmetic in round-to-nearest (the op's or frm's): see L_FADD_D */
#define FPD(name, K) case ISA_OP_##name: return in->rm == FPU_RM_RNE || in->rm == FPU_RM_DYN ? K : BK_GEN;
	FPD(fadd_d, BK_FADD_D) FPD(fsub_d, BK_FSUB_D) FPD(fmul_d, BK_FMUL_D)
	FPD(fmadd_d, BK_FMA_D) FPD(fmsub_d, BK_FMA_D) FPD(fnmsub_d, BK_FMA_D) FPD(fnmadd_d, BK_FMA_D)
	FPD(fdiv_d, BK_FDIV_D) FPD(fsqrt_d, BK_FSQRT_D)
	FPD(fadd_s, BK_FADD_S) FPD(fsub_s, BK_FSUB_S) FPD(fmul_s, BK_FMUL_S)
	FPD(fmadd_s, BK_FMA_S) FPD(fmsub_s, BK_FMA_S) FPD(fnmsub_s, BK_FMA_S) FPD(fnmadd_s, BK_FMA_S)
	FPD(fdiv_s, BK_FDIV_S)
#undef FPD
	case ISA_OP_feq_s: return BK_FEQ_S;
	case ISA_OP_flt_s: return BK_FLT_S;
	case ISA_OP_fle_s: return BK_FLE_S;
	case ISA_OP_fsgnj_s: return BK_FSGNJ_S;
	case ISA_OP_fsgnjn_s: return BK_FSGNJN_S;
	case ISA_OP_fsgnjx_s: return BK_FSGNJX_S;
	case ISA_OP_fcvt_w_s:
		return in->rm == FPU_RM_RTZ ? BK_FCVT_W_S :
		       in->rm == FPU_RM_RNE || in->rm == FPU_RM_DYN ? BK_FCVT_W_S_RNE : BK_GEN;
	case ISA_OP_fcvt_w_d:
		return in->rm == FPU_RM_RTZ ? BK_FCVT_W_D :
		       in->rm == FPU_RM_RNE || in->rm == FPU_RM_DYN ? BK_FCVT_W_D_RNE : BK_GEN;
#define FPR(name, K) case ISA_OP_##name: return in->rm == FPU_RM_RNE || in->rm == FPU_RM_DYN ? K : BK_GEN;
	FPR(fcvt_s_w, BK_FCVT_S_W) FPR(fcvt_s_l, BK_FCVT_S_L) FPR(fcvt_s_d, BK_FCVT_S_D)
#undef FPR
	case ISA_OP_fmv_x_w: return BK_FMV_X_W;
	case ISA_OP_fmv_w_x: return BK_FMV_W_X;
	/* sign injections: bit operations, no flags, no rounding */
	case ISA_OP_fsgnj_d: return BK_FSGNJ_D;
	case ISA_OP_fsgnjn_d: return BK_FSGNJN_D;
	case ISA_OP_fsgnjx_d: return BK_FSGNJX_D;
	/* conversions that are exact for the operands L_FCVT_* accept; a reserved static rm
	 * (5, 6) is an illegal instruction, which fpu.c's path raises */
#define FCVT(name, K) case ISA_OP_##name: return in->rm <= FPU_RM_RMM || in->rm == FPU_RM_DYN ? K : BK_GEN;
	FCVT(fcvt_d_s, BK_FCVT_D_S) FCVT(fcvt_d_w, BK_FCVT_D_W) FCVT(fcvt_d_l, BK_FCVT_D_L)
	FCVT(fcvt_d_wu, BK_FCVT_D_WU)
#undef FCVT
	case ISA_OP_fcvt_d_lu:
		return in->rm == FPU_RM_RNE || in->rm == FPU_RM_DYN ? BK_FCVT_D_LU : BK_GEN;
	case ISA_OP_fcvt_wu_d: return in->rm == FPU_RM_RTZ ? BK_FCVT_WU_D : BK_GEN;
	case ISA_OP_fcvt_lu_d: return in->rm == FPU_RM_RTZ ? BK_FCVT_LU_D : BK_GEN;
	/* double -> int64 truncating (C's cast): rtz only */
	case ISA_OP_fcvt_l_d:
		return in->rm == FPU_RM_RTZ ? BK_FCVT_L_D :
		       in->rm == FPU_RM_RNE || in->rm == FPU_RM_DYN ? BK_FCVT_L_D_RNE :
		       in->rm == FPU_RM_RDN ? BK_FCVT_L_D_RDN : in->rm == FPU_RM_RUP ? BK_FCVT_L_D_RUP : BK_GEN;
	case ISA_OP_feq_d: return BK_FEQ_D;
	case ISA_OP_flt_d: return BK_FLT_D;
	case ISA_OP_fle_d: return BK_FLE_D;
	case ISA_OP_fmv_d_x: return BK_FMV_D_X;
	case ISA_OP_fmv_x_d: return BK_FMV_X_D;
	/* fpu.c's functions called directly, without the generic handler's set-up */
	case ISA_OP_fmin_d: return BK_FMIN_D;
	case ISA_OP_fmax_d: return BK_FMAX_D;
	case ISA_OP_fclass_d: return BK_FCLASS_D;
	/* fsflags / frflags (the CSR number 1 is fflags) */
	case ISA_OP_csrrw: return in->csr == 1 ? BK_FFLAGS_RW : BK_GEN;
	case ISA_OP_csrrs:
		return in->csr == 1 ? BK_FFLAGS_RS : in->csr == 2 && in->rs1 == 0 ? BK_FRM_R : BK_GEN;
	case ISA_OP_fence: return BK_NOP;  /* one hart: orders nothing (exec_fence) */
	case ISA_OP_beq: return BK_BEQ;
	case ISA_OP_bne: return BK_BNE;
	case ISA_OP_blt: return BK_BLT;
	case ISA_OP_bge: return BK_BGE;
	case ISA_OP_bltu: return BK_BLTU;
	case ISA_OP_bgeu: return BK_BGEU;
	case ISA_OP_jal: return rd0 ? BK_J : BK_JAL;
	case ISA_OP_jalr: return rd0 ? BK_JR : BK_JALR;
	default:
		return block_ends_with(in) ? BK_GENT : BK_GEN;
	}
}

/* An op reading x0 the way compilers write li, mv and sext.w (addi rd, x0, imm; add rd, x0,
 * rs; addw rd, rs, x0) as the op of the same result that reads no x0: BK_LI, BK_ADDI rd, rs,
 * 0 or BK_ADDIW rd, rs, 0 (the translated code then loads no x0). Returns the kind. */
static enum block_kind block_x0(struct emu_bop *op, enum block_kind k)
{
	switch (k) {
	case BK_ADDI: case BK_ORI: case BK_XORI: case BK_ADDIW:
		/* 0 op imm: the immediate (addiw's 12 bits sign-extended are their own sext32) */
		return op->rs1 ? k : BK_LI;
	case BK_ANDI: case BK_SLLI: case BK_SRLI: case BK_SRAI: case BK_SLLIW: case BK_SRLIW:
	case BK_SRAIW:
		if (op->rs1)
			return k;
		op->imm = 0;
		return BK_LI;
	case BK_AND: case BK_MUL: case BK_MULW:
		if (op->rs1 && op->rs2)
			return k;
		op->imm = 0;
		return BK_LI;
	case BK_ADD: case BK_OR: case BK_XOR: case BK_SUB: case BK_ADDW: case BK_SUBW: {
		int sub = k == BK_SUB || k == BK_SUBW, w = k == BK_ADDW || k == BK_SUBW;
		if (op->rs2 == 0) {
			/* rs1 op 0 */
		} else if (op->rs1 == 0 && !sub) {
			op->rs1 = op->rs2;  /* 0 op rs2 */
		} else {
			return k;
		}
		op->rs2 = 0;
		op->imm = 0;
		return w ? BK_ADDIW : BK_ADDI;
	}
	default:
		return k;
	}
}

/* Fill one op from the instruction in at pc (its index idx in the block); returns its kind. */
static enum block_kind block_fill(struct emu_bop *op, const struct isa_insn *in, uint64_t pc, uint32_t idx)
{
	enum block_kind k = block_kind_of(in);
	op->imm = in->imm;
	op->pc_off = (uint16_t)(pc & GMEM_PAGE_MASK);  /* block_build makes it relative */
	op->rd = in->rd & 31;      /* f registers: FLW/FLD index h->f */
	op->rs1 = in->rs1 & 31;
	op->rs2 = in->rs2 & 31;
	op->rs3 = in->rs3 & 31;
	op->lenf = (uint8_t)(in->len | (in->rm == FPU_RM_DYN ? 0x80 : 0));
	op->idx = (uint8_t)idx;
	op->slot = NULL;  /* generic handler: decoded into its slot when first needed (L_GEN);
	                     control flow: no block entered from here yet (`chain`) */
	/* fused multiply-adds: sign flips of the product (bit 63 of imm) and of the addend (of
	 * the rs3 operand, bit 62 of imm shifted up); exact, as the fpu's own negations */
	if (k == BK_FMA_D)
		op->imm = (int64_t)((in->op == ISA_OP_fnmsub_d || in->op == ISA_OP_fnmadd_d ? 1ull << 63 : 0) |
				    (in->op == ISA_OP_fmsub_d || in->op == ISA_OP_fnmadd_d ? 1ull << 62 : 0));
	if (k == BK_FMA_S)
		op->imm = (int64_t)((in->op == ISA_OP_fnmsub_s || in->op == ISA_OP_fnmadd_s ? 1ull << 63 : 0) |
				    (in->op == ISA_OP_fmsub_s || in->op == ISA_OP_fnmadd_s ? 1ull << 62 : 0));
	if (in->op == ISA_OP_auipc || in->cls == ISA_CLASS_BRANCH || in->op == ISA_OP_jal)
		op->imm = (int64_t)(pc + (uint64_t)in->imm);
	k = block_x0(op, k);
	op->lbl = block_lbl[k];
	return k;
}

/* ---- blocks by PC: open addressing over struct emu_jc_entry (npc = ~PC, 0 = empty) ---- */

#define BLOCK_MAP_MIN_BITS 10

static inline uint32_t block_map_hash(uint64_t pc, uint32_t bits)
{
	return (uint32_t)(((pc >> 1) * 0x9e3779b97f4a7c15ull) >> (64 - bits));
}

/* The entry of pc, or the empty one where it would go. */
static struct emu_jc_entry *block_map_find(struct emu *e, uint64_t pc)
{
	uint32_t mask = (1u << e->bmap_bits) - 1;
	for (uint32_t i = block_map_hash(pc, e->bmap_bits);; i = (i + 1) & mask) {
		struct emu_jc_entry *m = &e->bmap[i];
		if (m->npc == ~pc || m->npc == 0)
			return m;
	}
}

/* Make room for one more entry: the table stays at most half full; growing drops the dead
 * blocks' entries. Fresh zero pages from the kernel (no clearing). */
static void block_map_reserve(struct emu *e)
{
	if (e->bmap && (e->bmap_used + 1) * 2 <= (1u << e->bmap_bits))
		return;
	uint32_t live = 0;
	for (uint32_t i = 0; e->bmap && i < (1u << e->bmap_bits); i++)
		live += e->bmap[i].npc != 0 && !e->bmap[i].b->dead;
	uint32_t bits = BLOCK_MAP_MIN_BITS;
	while ((live + 1) * 4 > (1u << bits))  /* at most a quarter full after growing */
		bits++;
	struct emu_jc_entry *old = e->bmap;
	uint32_t old_bits = e->bmap_bits;
	struct emu_jc_entry *m = mmap(NULL, sizeof(*m) << bits, PROT_READ | PROT_WRITE,
				      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (m == MAP_FAILED) {
		fprintf(stderr, "robin: out of memory for decoded blocks\n");
		abort();
	}
	e->bmap = m;
	e->bmap_bits = bits;
	e->bmap_used = 0;
	for (uint32_t i = 0; old && i < (1u << old_bits); i++)
		if (old[i].npc != 0 && !old[i].b->dead) {
			*block_map_find(e, ~old[i].npc) = old[i];
			e->bmap_used++;
		}
	if (old)
		munmap(old, sizeof(*old) << old_bits);
}

void block_map_free(struct emu *e)
{
	if (e->bmap)
		munmap(e->bmap, sizeof(*e->bmap) << e->bmap_bits);
	e->bmap = NULL;
	e->bmap_bits = e->bmap_used = 0;
}

/* Build the block starting at pc from its page's bytes; NULL when its first instruction
 * cannot be fetched (the fault is recorded; the slow loop raises it). Instructions are
 * decoded afresh, not through their slots: the fast loop touches the slot pages (32 bytes
 * per 2 bytes of code) only for an op that runs the generic handler and for an instruction
 * that straddles the page end (emu_code_written looks at it). */
static struct emu_block *block_build(struct emu *e, uint64_t pc)
{
	if (!emu_code_slots(e, pc))
		return NULL;
	struct emu_code_page *cp = e->code[pc >> GMEM_PAGE_SHIFT];
	struct isa_insn insn[BLOCK_MAX_INSNS];
	/* pass 1: how far the block goes. A fetch fault in the middle (the second half of an
	 * instruction on a non-executable page) ends it before that instruction. */
	struct hart_trap saved = e->hart.trap;
	uint32_t n = 0;
	int term = 0;
	uint64_t p = pc;
	while (n < BLOCK_MAX_INSNS && (p >> GMEM_PAGE_SHIFT) == (pc >> GMEM_PAGE_SHIFT)) {
		if (emu_decode_raw(e, p, &insn[n]))
			break;
		if ((p & GMEM_PAGE_MASK) == GMEM_PAGE_SIZE - 2 && insn[n].len == 4 && !emu_slot_at(e, p))
			break;
		p += insn[n].len;
		if (block_ends_with(&insn[n++])) {
			term = 1;
			break;
		}
	}
	if (!n)
		return NULL;  /* the first instruction faults: keep the trap recorded */
	e->hart.trap = saved;
	uint32_t n_ops = n + !term;
	/* the ops, then their kinds (a byte each: what jit.c translates; labels may coincide) */
	struct emu_block *b = emu_arena_alloc(&e->blk_arena, sizeof(*b) + n_ops * (sizeof(b->op[0]) + 1));
	uint8_t *kinds = (uint8_t *)&b->op[n_ops];
	b->pc = pc;
	b->pc_end = p;
	b->n_insns = n;
	b->n_ops = n_ops;
	b->dead = 0;
	b->jit = b->jit_chain = NULL;
	b->hits = 0;
	b->jit_fp = b->jit_sp = 0;
	b->mt_plan[0] = b->mt_plan[1] = NULL;
	b->next_alloc = cp->blocks;
	cp->blocks = b;
	/* pass 2: the ops */
	p = pc;
	for (uint32_t i = 0; i < n; i++) {
		kinds[i] = (uint8_t)block_fill(&b->op[i], &insn[i], p, i);
		b->op[i].pc_off = (uint16_t)(p - pc);
		p += insn[i].len;
	}
	if (!term) {
		memset(&b->op[n], 0, sizeof(b->op[n]));
		b->op[n].lbl = block_lbl[BK_END];
		kinds[n] = BK_END;
		b->op[n].idx = (uint8_t)n;
	}
	return b;
}

/* The block starting at pc, built on first use; NULL when its first instruction cannot be
 * fetched (the slow loop then raises the fault). */
static struct emu_block *block_get(struct emu *e, uint64_t pc)
{
	block_map_reserve(e);
	struct emu_jc_entry *m = block_map_find(e, pc);
	struct emu_block *b = m->npc ? m->b : NULL;
	if (!b || b->dead) {
		b = block_build(e, pc);
		if (!b)
			return NULL;
		if (!m->npc) {
			m->npc = ~pc;
			e->bmap_used++;
		}
		m->b = b;
	}
	struct emu_jc_entry *j = &e->jc[(pc >> 1) & ((1u << EMU_JC_BITS) - 1)];
	j->npc = ~pc;
	j->b = b;
	return b;
}

static int block_host_fma;  /* the host has FMA3 (x86-64): fused multiply-adds inline */
static int block_host_sse41;  /* ... SSE4.1 (roundsd): fcvt.l.d rdn/rup translated */
static int block_host_lzcnt;  /* ... LZCNT, BMI1 (tzcnt), POPCNT: clz, ctz, cpop translated with */
static int block_host_bmi1;   /* them (jit.c has portable sequences for clz and ctz; cpop */
static int block_host_popcnt; /* without POPCNT is left to the handler) */

/* ---- translation of hot blocks to host code (jit.c) ---- */

/* What the memory trace names a translated op as: a load (1), a store (2), a branch or jump
 * (EMU_MEMTRACE_BRANCH; only with EMU_MEMTRACE_BRANCHES): the kinds jit.c logs an address for
 * and those whose instructions are of ISA_CLASS_BRANCH or ISA_CLASS_JUMP. */
static const uint8_t block_mem_kind[BK_COUNT] = {
	[BK_LB] = 1, [BK_LH] = 1, [BK_LW] = 1, [BK_LD] = 1, [BK_LBU] = 1, [BK_LHU] = 1,
	[BK_LWU] = 1, [BK_FLW] = 1, [BK_FLD] = 1,
	[BK_SB] = 2, [BK_SH] = 2, [BK_SW] = 2, [BK_SD] = 2, [BK_FSW] = 2, [BK_FSD] = 2,
	[BK_BEQ] = EMU_MEMTRACE_BRANCH, [BK_BNE] = EMU_MEMTRACE_BRANCH,
	[BK_BLT] = EMU_MEMTRACE_BRANCH, [BK_BGE] = EMU_MEMTRACE_BRANCH,
	[BK_BLTU] = EMU_MEMTRACE_BRANCH, [BK_BGEU] = EMU_MEMTRACE_BRANCH,
	[BK_JAL] = EMU_MEMTRACE_BRANCH, [BK_J] = EMU_MEMTRACE_BRANCH,
	[BK_JALR] = EMU_MEMTRACE_BRANCH, [BK_JR] = EMU_MEMTRACE_BRANCH,
};

/* The slot of pc in e->cont_pcs (bits of them): its own, or the empty one where it goes. */
static uint32_t block_cont_slot(const uint64_t *t, uint32_t bits, uint64_t pc)
{
	uint32_t i = block_map_hash(pc, bits), mask = (1u << bits) - 1;
	while (t[i] && t[i] != pc + 1)
		i = (i + 1) & mask;
	return i;
}

/* Is pc one a translated block's end goes on to with a basic block open (e->cont_pcs)? */
static int block_cont_has(const struct emu *e, uint64_t pc)
{
	return e->cont_pcs && e->cont_pcs[block_cont_slot(e->cont_pcs, e->cont_bits, pc)];
}

/* Add pc to e->cont_pcs (at most half full, doubled when not). 0, or -1 when out of memory. */
static int block_cont_add(struct emu *e, uint64_t pc)
{
	if (block_cont_has(e, pc))
		return 0;
	if (!e->cont_pcs || (e->cont_used + 1) * 2 > (1u << e->cont_bits)) {
		uint32_t bits = e->cont_pcs ? e->cont_bits + 1 : 8;
		uint64_t *t = calloc((size_t)1 << bits, sizeof(*t));
		if (!t)
			return -1;
		for (uint32_t k = 0; e->cont_pcs && k < (1u << e->cont_bits); k++)
			if (e->cont_pcs[k])
				t[block_cont_slot(t, bits, e->cont_pcs[k] - 1)] = e->cont_pcs[k];
		free(e->cont_pcs);
		e->cont_pcs = t;
		e->cont_bits = bits;
	}
	e->cont_pcs[block_cont_slot(e->cont_pcs, e->cont_bits, pc)] = pc + 1;
	e->cont_used++;
	return 0;
}

/* Translate b's ops (the first ones, up to the first the translator does not know), even a
 * block of one op (a `j` back to a loop's head after a call returns: translated, the code
 * chains through it instead of returning to block_run on every pass). Without executable
 * memory the emulator goes on interpreting. */
static void block_jit(struct emu *e, struct emu_block *b)
{
	static uint8_t buf[64 * 1024];  /* ample for 129 ops and their exits; when full, jit_translate
	                                   fails and the block stays interpreted */
	struct jit_op ops[BLOCK_MAX_INSNS + 1];
	const uint8_t *kinds = (const uint8_t *)&b->op[b->n_ops];
	for (uint32_t i = 0; i < b->n_ops; i++) {
		const struct emu_bop *op = &b->op[i];
		ops[i] = (struct jit_op){ .kind = kinds[i], .rd = op->rd,
					  .rs1 = op->rs1, .rs2 = op->rs2, .rs3 = op->rs3,
					  .len = op->lenf & 7u, .imm = op->imm, .pc = b->pc + op->pc_off };
	}
	_Static_assert(offsetof(struct emu, hart) == 0 && offsetof(struct hart, x) == 0,
		       "the translated code finds struct emu's fields from h->x");
#define JIT_OFF(f) ((int32_t)offsetof(struct emu, f) - 128)
	static const struct jit_env env0 = {
		.icount = JIT_OFF(jit_icount), .limit = JIT_OFF(jit_limit),
		.link = JIT_OFF(jit_link), .link_pc = JIT_OFF(jit_link_pc),
		.jc = JIT_OFF(jc), .chain_of = (int32_t)offsetof(struct emu_block, jit_chain),
		.jc_mask = (1u << EMU_JC_BITS) - 1, .run_log = JIT_OFF(jit_runlog_at),
		.hash_k = JIT_OFF(jit_hash_k), .force_log = JIT_OFF(jit_force_log),
	};
#undef JIT_OFF
	struct jit_env env = env0;
	env.host_fma = block_host_fma;
	env.host_sse41 = block_host_sse41;
	env.host_lzcnt = block_host_lzcnt;
	env.host_bmi1 = block_host_bmi1;
	env.host_popcnt = block_host_popcnt;
	/* while a block hook or the memory trace listens, the code logs its runs (and for the
	 * trace its accesses; block_run replays them) */
	int want = e->block_hook || e->memtrace || e->jit_log_always || e->access_hook;
	if (want && !e->jit_runlog)
		e->jit_runlog = malloc(BLOCK_RUNLOG_CAP * sizeof(*e->jit_runlog));
	env.log_runs = want && e->jit_runlog && (uintptr_t)b < (1ull << JIT_RUN_PTR_BITS);
	env.log_mem = env.log_runs && (e->memtrace || e->jit_log_always || e->access_hook);
	env.log_sample = env.log_mem && e->access_hook && e->access_sampled && !e->memtrace &&
	                 !e->jit_log_always;
	if (env.log_sample) {
		env.sample_shift = e->access_shift;
		env.sample_below = e->access_below;
	}
	if (e->memtrace && !env.log_runs)
		return;  /* the trace would miss it: it stays stepped */
	struct jit_block blk = { .block = b, .pc = b->pc, .n_insns = b->n_insns,
				 .pc_end = b->pc_end };
	if (e->jit_count && env.log_runs) {
		/* counted runs: only code whose log block_countlog_replay reads (no memory trace,
		 * no full access log); else the block stays interpreted */
		if (e->memtrace || e->jit_log_always || (env.log_mem && !env.log_sample))
			return;
		if (e->n_ctr_blocks == e->cap_ctr_blocks) {
			size_t cap = e->cap_ctr_blocks ? 2 * e->cap_ctr_blocks : 1024;
			struct emu_block **nb = realloc(e->ctr_blocks, cap * sizeof(*nb));
			if (!nb)
				return;
			e->ctr_blocks = nb;
			e->cap_ctr_blocks = cap;
		}
		if (!b->ctr) {
			/* the counters, the mask of those in use, the touched flag, the
			 * consumer's memos (zero) */
			size_t n = b->n_insns + 1u;
			b->ctr = emu_arena_alloc(&e->blk_arena, (n + JIT_CTR_MASK_WORDS + 1) *
			                         sizeof(*b->ctr) + n * sizeof(uint32_t));
			memset(b->ctr, 0xff, n * sizeof(*b->ctr));
		}
		env.count_runs = 1;
		blk.ctr = b->ctr;
		blk.cont = block_cont_has(e, b->pc);
		const uint8_t *kinds = (const uint8_t *)&b->op[b->n_ops];
		blk.open_end = block_mem_kind[kinds[b->n_insns - 1]] != EMU_MEMTRACE_BRANCH;
		if (blk.open_end) {
			/* its end goes on to the next block when that one's code tests the flag: a
			 * block translated there from now on will */
			struct emu_jc_entry *m = e->bmap ? block_map_find(e, b->pc_end) : NULL;
			int translated = m && m->npc && m->b->jit && !m->b->dead;
			blk.tail_goes_on = translated ? m->b->jit_cont :
			                   block_cont_add(e, b->pc_end) == 0;
		}
	}
	static struct jit_code c;
	if (jit_translate(&env, &blk, ops, b->n_ops, buf, sizeof(buf), &c) || c.n_ops < 1)
		return;
	uint8_t *code = emu_arena_alloc(&e->jit_arena, c.len);
	if (!code) {
		e->jit_on = 0;
		return;
	}
	jit_install(code, emu_arena_w(&e->jit_arena, code), buf, &c);
	if (jit_fault_add(&e->jit_arena.faults, e->jit_arena.rx,
			  EMU_JIT_CHUNKS * e->jit_arena.chunk_bytes, code, &c))
		return;  /* a host fault in it could not be sent back: it stays interpreted */
	jit_map_block(e, code, c.len, b->pc);
	if (env.count_runs) {
		memcpy(b->ctr + b->n_insns + 1, c.ctr_mask, sizeof(c.ctr_mask));
		e->ctr_blocks[e->n_ctr_blocks++] = b;
		b->jit_cont = (uint16_t)blk.cont;
	}
	b->jit_fp = (uint16_t)c.fp_env;
	b->jit_sp = (uint16_t)c.sp_below;
	if (!env.log_runs)
		e->jit_nolog = 1;
	if (!env.log_mem || env.log_sample)
		e->jit_nolog_mem = 1;  /* the memory trace cannot read this code's log */
	b->jit = code + c.body;
	b->jit_chain = code + c.chain;
	e->jit_blocks++;
	e->jit_bytes += c.len;
}

/* Finite (not infinite, not NaN) binary64 bits. */
static inline int block_finite_d(uint64_t v) { return (v & 0x7ff0000000000000ull) != 0x7ff0000000000000ull; }

/* A host result that needs no flag but NX: finite and at least 2^-1021 in magnitude (not
 * tiny, whatever the rounding before it; not an overflow; not a zero that could be an
 * underflowed product). */
static inline int block_plain_d(uint64_t v)
{
	uint64_t ex = (v >> 52) & 0x7ff;
	return ex >= 2 && ex != 0x7ff;
}

/* The same for binary32 results: finite, at least 2^-125 in magnitude. */
static inline int block_plain_s(uint32_t v)
{
	uint32_t ex = (v >> 23) & 0xff;
	return ex >= 2 && ex != 0xff;
}

/* A properly NaN-boxed, finite binary32 operand. */
static inline int block_boxed_finite_s(uint64_t v)
{
	return (v >> 32) == 0xffffffffu && (v & 0x7f800000u) != 0x7f800000u;
}

static inline float block_as_s(uint64_t v) { float x; uint32_t u = (uint32_t)v; memcpy(&x, &u, 4); return x; }
static inline uint32_t block_bits_s(float x) { uint32_t v; memcpy(&v, &x, 4); return v; }

/* Not a NaN (binary64 bits). */
static inline int block_not_nan_d(uint64_t v) { return (v & 0x7fffffffffffffffull) <= 0x7ff0000000000000ull; }

static inline double block_as_d(uint64_t v) { double d; memcpy(&d, &v, 8); return d; }
static inline uint64_t block_bits_d(double d) { uint64_t v; memcpy(&v, &d, 8); return v; }

/* x*y + z rounded once, to nearest (the host's mode: robin never changes it here) */
static inline double block_fma_host(double x, double y, double z)
{
#if defined(__x86_64__) && !defined(FPU_SOFT_ONLY)
	__asm__("vfmadd231sd %[y], %[x], %[z]" : [z] "+x"(z) : [x] "x"(x), [y] "x"(y));
	return z;
#else
	(void)x, (void)y;
	return z;  /* never used: block_host_fma stays 0 */
#endif
}

static const uint16_t *block_mem_before(struct emu *e, struct emu_block *b);

/* The runs the translated code logged (env->log_runs), to the block hook in order; the run not
 * yet reported then starts at the block the code returned in, b, at icount (the code returns
 * from b's chain entry, before running it, or from inside b, whose instructions before the
 * return are not yet counted; r is what it returned). With e->access_sampled the log holds
 * only the sampled lines' accesses, and each run counts its loads and stores from its block
 * (mem_before), the ops b ran before it handed one back too. */
static void block_runlog_replay(struct emu *e, struct emu_block *b, uint64_t icount, uint32_t r,
				uint64_t *hk_pc, uint64_t *hk_icount)
{
	const uint64_t *p = e->jit_runlog, *end = (const uint64_t *)(uintptr_t)e->jit_runlog_at;
	/* the loads and stores b ran before it handed an op back: after every logged run's */
	const uint64_t tail = e->access_hook && e->access_sampled && !(r & (JIT_LEFT | JIT_ENTER)) ?
	                      block_mem_before(e, b)[r & 0xffff] : 0;
	if (p == end) {
		e->access_seen += tail;
		return;
	}
	if (e->access_hook) {
		unsigned shift = e->access_shift;
		uint32_t below = e->access_below;
		uint64_t seen = e->access_seen;
		const int sampled = e->access_sampled;
		for (; p < end; p++) {
			uint64_t v = *p;
			if (v & JIT_RUN_TAG) {
				if (sampled)
					seen += block_mem_before(e, BLOCK_RUN_BLOCK(v))[BLOCK_RUN_INSNS(v)];
				if (e->block_hook) {
					e->access_seen = seen;  /* the run's accesses included */
					e->block_hook(e->block_hook_ctx, BLOCK_RUN_BLOCK(v)->pc,
						      BLOCK_RUN_INSNS(v));
				}
			} else if (seen += !sampled, emu_line_hash(v >> shift) < below) {
				e->access_hook(e->access_hook_ctx, v);
			}
		}
		e->access_seen = seen + tail;
	} else if (e->block_hook) {
		for (; p < end; p++)
			if (*p & JIT_RUN_TAG)  /* (a translation made for the memory trace logs
			                          addresses too) */
				e->block_hook(e->block_hook_ctx, BLOCK_RUN_BLOCK(*p)->pc,
					      BLOCK_RUN_INSNS(*p));
	}
	*hk_pc = b->pc;
	*hk_icount = icount;
}

/* The log of code that counts its runs (e->jit_count), to the hooks in order: pairs of an
 * entry (a run's first execution, or a sampled line's address) and env->limit less the count
 * at its block's start; the instructions between what the hooks were told and that count ran
 * in counted runs and go to block_hook_counted first. The code ran from instruction count
 * `from` to icount (before b, as block_runlog_replay). */
static void block_countlog_replay(struct emu *e, struct emu_block *b, uint64_t from,
				  uint64_t icount, uint32_t r, uint64_t *hk_pc, uint64_t *hk_icount)
{
	const uint64_t *p = e->jit_runlog, *end = (const uint64_t *)(uintptr_t)e->jit_runlog_at;
	const uint64_t lim = e->jit_limit;
	const int sampled = e->access_hook && e->access_sampled;
	uint64_t pos = from;  /* the count the block hook has been told of */
	for (; p < end; p += 2) {
		uint64_t v = p[0], at = lim - p[1];
		if (at > pos) {
			e->block_hook_counted(e->block_hook_ctx, at - pos);
			pos = at;
		}
		if (v & JIT_RUN_TAG) {
			struct emu_block *rb = BLOCK_RUN_BLOCK(v);
			uint64_t n = BLOCK_RUN_INSNS(v);
			if (sampled)
				e->access_seen += block_mem_before(e, rb)[n];
			e->block_hook(e->block_hook_ctx, rb->pc, n);
			if (e->block_hook_countable && rb->ctr[n] == UINT64_MAX)
				rb->ctr[n] = 0;  /* counted from its next execution on */
			pos += n;
		} else if (e->access_hook) {
			e->access_hook(e->access_hook_ctx, v);
		}
	}
	if (icount > pos)
		e->block_hook_counted(e->block_hook_ctx, icount - pos);
	if (sampled && !(r & (JIT_LEFT | JIT_ENTER)))
		e->access_seen += block_mem_before(e, b)[r & 0xffff];
	*hk_pc = b->pc;
	*hk_icount = icount;
}

int emu_block_counts(struct emu *e, void (*fn)(void *ctx, uint64_t n_insns))
{
	if (!fn) {
		e->block_hook_counted = NULL;
		e->block_hook_stop = UINT64_MAX;
		e->block_hook_open = 0;
		return 0;
	}
	if (!e->jit_on || e->jit_blocks || e->memtrace || e->jit_log_always)
		return -1;
	e->jit_count = 1;
	e->block_hook_counted = fn;
	return 0;
}

void emu_block_counts_fold(struct emu *e, void (*add)(void *ctx, uint64_t pc, uint64_t n,
                                                      uint64_t times, uint32_t *memo),
                           void *ctx)
{
	const int sampled = e->access_hook && e->access_sampled;
	for (size_t i = 0; i < e->n_ctr_blocks; i++) {
		struct emu_block *b = e->ctr_blocks[i];
		uint64_t *c = b->ctr;
		const uint64_t *mask = c + b->n_insns + 1;
		uint64_t *touched = c + b->n_insns + 1 + JIT_CTR_MASK_WORDS;
		if (!*touched)
			continue;
		*touched = 0;
		for (unsigned w = 0; w < JIT_CTR_MASK_WORDS; w++)
			for (uint64_t m = mask[w]; m; m &= m - 1) {
				uint32_t n = w * 64 + (uint32_t)__builtin_ctzll(m);
				uint64_t v = c[n];
				if (v + 1 <= 1)
					continue;  /* none since the last fold, or never run */
				c[n] = 0;
				if (sampled)
					e->access_seen += v * block_mem_before(e, b)[n];
				uint32_t *memo = (uint32_t *)(touched + 1) + n;
				add(ctx, b->pc, n, v, memo);
			}
	}
}


/* The loads and stores b's translated code logs among its first i ops, for i = 0 .. n_insns
 * (built at its first replay while a sampling access hook listens). */
static const uint16_t *block_mem_before(struct emu *e, struct emu_block *b)
{
	if (b->mem_before)
		return b->mem_before;
	const uint8_t *kinds = (const uint8_t *)&b->op[b->n_ops];
	uint16_t *m = emu_arena_alloc(&e->blk_arena, (b->n_insns + 1u) * sizeof(*m));
	m[0] = 0;
	for (uint32_t i = 0; i < b->n_insns; i++)
		m[i + 1] = (uint16_t)(m[i] + (block_mem_kind[kinds[i]] == 1 ||
		                              block_mem_kind[kinds[i]] == 2));
	b->mem_before = m;
	return m;
}

/* A replay of the log to the memory trace: the code line of the last instruction it named and
 * the instructions since then. */
struct block_mt {
	uint64_t line;
	uint64_t pend;
	uint64_t dline;          /* EMU_MEMTRACE_SAME_LINE: the data line + 1 of the last load or
	                            store named or left out, with no other event since (0: none) */
	uint64_t same;           /* the loads (low half) and stores (high half) left out since the
	                            last event: emu_mtev's same_ld and same_st in one word */
	struct emu_mtev *at, *lim; /* the next event's place in e->mt_ev, its end */
};

/* What the memory trace names of a block's instructions, built once per block and trace
 * (emu_memtrace's call): the ops it may name in order — the first (whether it starts a
 * new code line depends on the instruction before it), every op of a kind the trace names
 * (a branch with its decoded instruction) and every op on another code line than the op
 * before it or after a branch — then an entry with op UINT16_MAX. An op left out is on the
 * line of the one before it, which the replay named or left out likewise: it only counts. */
struct block_mt_ev {
	const struct isa_insn *in;  /* a branch's (NULL: not decodable, the trace is out of step) */
	uint16_t op, pc_off;
	uint16_t gap;               /* the ops left out before it (since the entry before) */
	int8_t kind;
};
struct block_mt_plan {
	uint32_t gen;
	struct block_mt_ev ev[];
};

static __attribute__((noinline)) const struct block_mt_plan *block_mt_plan_build(struct emu *e,
										    struct emu_block *b)
{
	const uint8_t *kinds = (const uint8_t *)&b->op[b->n_ops];
	const unsigned sh = e->memtrace_line_shift;
	uint32_t nbr = 0;
	for (uint32_t i = 0; i < b->n_insns; i++)
		nbr += e->memtrace_kinds[kinds[i]] == EMU_MEMTRACE_BRANCH;
	/* at most an entry per instruction, and the end; then a copy of each branch's decoding,
	 * which the reader finds beside the plan it reads anyway (the decoded slots lie far
	 * apart) (the arena never returns NULL) */
	size_t evb = sizeof(struct block_mt_plan) + (b->n_insns + 1u) * sizeof(struct block_mt_ev);
	struct block_mt_plan *pl = emu_arena_alloc(&e->blk_arena, evb + nbr * sizeof(struct isa_insn));
	struct isa_insn *copy = (struct isa_insn *)((char *)pl + evb);
	pl->gen = e->memtrace_gen;
	struct block_mt_ev *ev = pl->ev;
	int prev_branch = 0;
	uint32_t next = 0;  /* the op after the last entry */
	for (uint32_t i = 0; i < b->n_insns; i++) {
		int kind = e->memtrace_kinds[kinds[i]];
		uint64_t pc = b->pc + b->op[i].pc_off;
		if (i && !kind && !prev_branch &&
		    pc >> sh == (b->pc + b->op[i - 1].pc_off) >> sh)
			continue;
		ev->in = NULL;
		if (kind == EMU_MEMTRACE_BRANCH) {
			const struct isa_insn *in = emu_decode_at(e, pc);
			if (in) {
				*copy = *in;
				ev->in = copy++;
			}
		}
		ev->op = (uint16_t)i;
		ev->pc_off = b->op[i].pc_off;
		ev->gap = (uint16_t)(i - next);
		ev->kind = (int8_t)kind;
		ev++;
		next = i + 1;
		prev_branch = kind == EMU_MEMTRACE_BRANCH;
	}
	ev->op = UINT16_MAX;
	ev->gap = (uint16_t)(UINT16_MAX - next);
	b->mt_plan[e->memtrace_branches] = pl;
	return pl;
}

/* b's plan for the trace of this kind (built at its first replay). */
static inline const struct block_mt_plan *block_mt_plan(struct emu *e, struct emu_block *b)
{
	const struct block_mt_plan *pl = b->mt_plan[e->memtrace_branches];
	if (__builtin_expect(pl && pl->gen == e->memtrace_gen, 1))
		return pl;
	return block_mt_plan_build(e, b);
}

/* The events the memory trace hands its reader at once (struct emu.mt_ev). */
#define EMU_MT_BATCH 512u

/* Hand the trace's events gathered so far (up to at) to its reader; where the next goes. (The
 * replay's state, struct block_mt, never has its address taken by a call, so that it stays
 * in registers while events are written.) */
static __attribute__((noinline)) struct emu_mtev *block_mt_flush(struct emu *e,
								 struct emu_mtev *at)
{
	if (at != e->mt_ev)
		e->memtrace(e->memtrace_ctx, e->mt_ev, (size_t)(at - e->mt_ev));
	return e->mt_ev;
}

/* One event of the trace (emu_mtev's fields, the accesses left out before it from t),
 * handed over with its batch. */
static inline void block_mt_event(struct emu *e, struct block_mt *t, uint64_t pc, uint64_t addr,
				  int kind, uint64_t before, const struct isa_insn *in)
{
	struct emu_mtev *v = t->at;
	v->pc = pc;
	if (kind == EMU_MEMTRACE_BRANCH)
		v->in = in;
	else
		v->addr = addr;
	v->before = (uint32_t)before;
	v->kind = kind;
	v->same_ld = (uint32_t)t->same;
	v->same_st = (uint32_t)(t->same >> 32);
	t->same = 0;
	if (++t->at == t->lim)
		t->at = block_mt_flush(e, t->at);
}

/* The memory trace of the first n ops of b, their addresses from m on (not past end); where
 * the next address is. An address missing is the trace out of step: kind -1 says so. With
 * same (EMU_MEMTRACE_SAME_LINE) and the line shift sh as constants where the caller knows
 * them. */
static inline __attribute__((always_inline))
const uint64_t *block_memtrace_ops(struct emu *e, struct block_mt *t,
					  struct emu_block *b, uint32_t n,
					  const uint64_t *m, const uint64_t *end,
					  const int same, const unsigned sh)
{
	const struct block_mt_plan *pl = block_mt_plan(e, b);
	const uint64_t bpc = b->pc;
	const struct block_mt_ev *ev = pl->ev;
	for (; ev->op < n; ev++) {
		t->pend += ev->gap;  /* on the line named last (see block_mt_plan) */
		int kind = ev->kind;
		uint64_t pc = bpc + ev->pc_off, a = 0;
		const struct isa_insn *in = NULL;
		if (kind == EMU_MEMTRACE_BRANCH) {
			in = ev->in;
			if (!in)
				kind = -1;
		} else if (kind) {
			if (m >= end || (*m & JIT_RUN_TAG)) {
				kind = -1;
			} else {
				a = *m++;
				if (same && pc >> sh == t->line && (a >> sh) + 1 == t->dline) {
					/* the data line of the access before, nothing between */
					t->pend++;
					t->same += kind == 2 ? 1ull << 32 : 1;
					continue;
				}
			}
		} else if (pc >> sh == t->line) {
			t->pend++;
			continue;
		}
		block_mt_event(e, t, pc, a, kind, t->pend, in);
		t->pend = 0;
		t->dline = kind == 1 || kind == 2 ? (a >> sh) + 1 : 0;
		/* after a branch the next instruction is named: its pc is the branch's outcome */
		t->line = kind == EMU_MEMTRACE_BRANCH ? UINT64_MAX : pc >> sh;
	}
	/* the ops after the last entry run, left out (ev->op >= n: ev->gap counts from that
	 * entry to ev->op) */
	t->pend += n - ev->op + ev->gap;
	return m;
}

/* The runs of the log from p to end, each with the addresses logged before it (the replay's
 * loop, for one kind of trace; see block_memtrace_replay); where the addresses after the last
 * run begin. */
static inline __attribute__((always_inline))
const uint64_t *block_memtrace_runs(struct emu *e, struct block_mt *t, const uint64_t *p,
				    const uint64_t *end, const int same, const unsigned sh)
{
	const uint64_t *m = p;
	for (; p < end; p++)
		if (*p & JIT_RUN_TAG) {
			struct emu_block *rb = BLOCK_RUN_BLOCK(*p);
			if (block_memtrace_ops(e, t, rb, BLOCK_RUN_INSNS(*p), m, p, same, sh) != p)
				block_mt_event(e, t, rb->pc, 0, -1, 0, NULL);
			m = p + 1;
		}
	return m;
}

/* The log of the translated code, to the memory trace in order: each run with the addresses
 * logged before it; then, when the code handed op r & 0xffff of b back (not a JIT_LEFT or
 * JIT_ENTER return), b's ops before it (that op's own address, when it was logged before a
 * fault, is left: the caller steps the op). Every event is with the reader when it returns.
 * Out of line, so that its state has the registers to itself; the common trace (leaving out
 * accesses to the line before, 64-byte lines) with its constants. */
static __attribute__((noinline)) void block_memtrace_replay(struct emu *e, struct emu_block *b,
							     uint32_t r)
{
	const uint64_t *p = e->jit_runlog, *end = (const uint64_t *)(uintptr_t)e->jit_runlog_at;
	struct block_mt t = { UINT64_MAX, 0, 0, 0, e->mt_ev, e->mt_ev + EMU_MT_BATCH };
	const int same = e->memtrace_same;
	const unsigned sh = e->memtrace_line_shift;
	const uint64_t *m = same && sh == 6 ? block_memtrace_runs(e, &t, p, end, 1, 6)
	                                    : block_memtrace_runs(e, &t, p, end, same, sh);
	if (!(r & (JIT_LEFT | JIT_ENTER)))
		block_memtrace_ops(e, &t, b, r & 0xffff, m, end, same, sh);
	if (t.pend)  /* (accesses left out are among these instructions) */
		block_mt_event(e, &t, 0, 0, EMU_MEMTRACE_COUNT, t.pend, NULL);
	(void)block_mt_flush(e, t.at);
}

int emu_memtrace(struct emu *e, emu_memtrace_fn fn, void *ctx, unsigned line_shift,
		 unsigned flags)
{
	if (!e->jit_on || e->jit_nolog_mem || e->block_hook || e->memtrace || e->access_hook || !fn ||
	    line_shift < 1 ||
	    line_shift > 30)
		return -1;
	if (!e->mt_ev && !(e->mt_ev = malloc(EMU_MT_BATCH * sizeof(*e->mt_ev))))
		return -1;
	e->memtrace = fn;
	e->memtrace_ctx = ctx;
	e->memtrace_same = (flags & EMU_MEMTRACE_SAME_LINE) != 0;
	e->memtrace_line_shift = line_shift;
	for (unsigned k = 0; k < BK_COUNT; k++)
		e->memtrace_kinds[k] = block_mem_kind[k] != EMU_MEMTRACE_BRANCH ||
		                       (flags & EMU_MEMTRACE_BRANCHES) ? block_mem_kind[k] : 0;
	e->memtrace_saved_hot = e->jit_hot;
	/* the blocks' plans stay good for a trace of the same line size, one for each kind
	 * (SMARTS and every point begin one per warming gap, and a chain's warming changes
	 * kind at each point's predictor stretch: rebuilt each time, they would pile up in the
	 * block arena) */
	e->memtrace_branches = (flags & EMU_MEMTRACE_BRANCHES) != 0;
	uint32_t key = line_shift;
	if (key != e->memtrace_key) {
		e->memtrace_key = key;
		e->memtrace_gen++;
	}
	e->jit_hot = 1;
	return 0;
}

void emu_jit_log_always(struct emu *e)
{
	e->jit_log_always = 1;
}

int emu_set_access_hook(struct emu *e, emu_access_fn fn, void *ctx, unsigned line_shift,
			uint32_t below)
{
	if (!fn) {
		e->access_hook = NULL;
		return 0;
	}
	if (!e->jit_on || e->jit_nolog_mem || e->memtrace || e->access_hook || line_shift > 63)
		return -1;
	e->access_hook = fn;
	e->access_hook_ctx = ctx;
	e->access_shift = line_shift;
	e->access_below = below;
	e->access_seen = 0;
	e->access_sampled = e->jit_blocks == 0;  /* no code yet that logs every access */
	e->jit_hash_k = EMU_LINE_HASH_K;         /* the sampling code reads it */
	return 0;
}

uint64_t emu_accesses_seen(const struct emu *e)
{
	return e->access_seen;
}

void emu_memtrace_end(struct emu *e)
{
	if (!e->memtrace)
		return;
	e->memtrace = NULL;
	e->jit_hot = e->memtrace_saved_hot;
}

/* A load or store the interpreter runs while emu_set_access_hook listens: counted, and to the
 * hook when its line is sampled (the translated code's are in its log: block_runlog_replay). */
__attribute__((noinline)) void block_access(struct emu *e, uint64_t addr)
{
	e->access_seen++;
	if (emu_line_hash(addr >> e->access_shift) < e->access_below)
		e->access_hook(e->access_hook_ctx, addr);
}

/* Report the instructions run since the last report (*hk_icount, from *hk_pc) to the block
 * hook, and start the next run at pc / icount. */
static void block_hook_run(struct emu *e, uint64_t *hk_pc, uint64_t *hk_icount, uint64_t pc,
			   uint64_t icount)
{
	if (icount > *hk_icount)
		e->block_hook(e->block_hook_ctx, *hk_pc, icount - *hk_icount);
	*hk_pc = pc;
	*hk_icount = icount;
}

static inline uint64_t block_sext32(uint64_t v) { return (uint64_t)(int64_t)(int32_t)(uint32_t)v; }

/* rotations by s modulo the width (Zbb's rol, ror and their W forms) */
static inline uint64_t block_rol64(uint64_t v, unsigned s) { s &= 63; return s ? (v << s) | (v >> (64 - s)) : v; }
static inline uint64_t block_ror64(uint64_t v, unsigned s) { s &= 63; return s ? (v >> s) | (v << (64 - s)) : v; }
static inline uint32_t block_rol32(uint32_t v, unsigned s) { s &= 31; return s ? (v << s) | (v >> (32 - s)) : v; }
static inline uint32_t block_ror32(uint32_t v, unsigned s) { s &= 31; return s ? (v >> s) | (v << (32 - s)) : v; }

/* orc.b: each nonzero byte of v becomes 0xff. Bit 7 of ((b & 0x7f) + 0x7f) | b is set exactly
 * when byte b is nonzero (no carry leaves a byte); m holds those bits, m - (m >> 7) turns each
 * into 0x7f, | m into 0xff (jit.c emits the same sequence) */
static inline uint64_t block_orc_b(uint64_t v)
{
	const uint64_t lo7 = 0x7f7f7f7f7f7f7f7full;
	uint64_t m = (((v & lo7) + lo7) | v) & ~lo7;
	return (m - (m >> 7)) | m;
}

/* no-crossjumping: GCC would otherwise merge the identical tails of handlers (all the integer
 * loads ended in ONE shared `goto *op->lbl`), so one indirect jump had to predict the
 * successors of every load; each handler keeps its own. no-gcse, as GCC's manual advises for
 * computed gotos: fewer values kept live across handlers (spilled to the stack). */
__attribute__((optimize("no-crossjumping")))
enum emu_status block_run(struct emu *e, uint64_t limit)
{
	static const void *const lbl[BK_COUNT] = {
		[BK_GEN] = &&L_GEN, [BK_GENT] = &&L_GENT, [BK_END] = &&L_END, [BK_NOP] = &&L_NOP,
		[BK_LI] = &&L_LI, [BK_ADDI] = &&L_ADDI, [BK_SLTI] = &&L_SLTI, [BK_SLTIU] = &&L_SLTIU,
		[BK_XORI] = &&L_XORI, [BK_ORI] = &&L_ORI, [BK_ANDI] = &&L_ANDI, [BK_SLLI] = &&L_SLLI,
		[BK_SRLI] = &&L_SRLI, [BK_SRAI] = &&L_SRAI, [BK_ADDIW] = &&L_ADDIW,
		[BK_SLLIW] = &&L_SLLIW, [BK_SRLIW] = &&L_SRLIW, [BK_SRAIW] = &&L_SRAIW,
		[BK_ADD] = &&L_ADD, [BK_SUB] = &&L_SUB, [BK_SLL] = &&L_SLL, [BK_SLT] = &&L_SLT,
		[BK_SLTU] = &&L_SLTU, [BK_XOR] = &&L_XOR, [BK_SRL] = &&L_SRL, [BK_SRA] = &&L_SRA,
		[BK_OR] = &&L_OR, [BK_AND] = &&L_AND, [BK_ADDW] = &&L_ADDW, [BK_SUBW] = &&L_SUBW,
		[BK_SLLW] = &&L_SLLW, [BK_SRLW] = &&L_SRLW, [BK_SRAW] = &&L_SRAW, [BK_MUL] = &&L_MUL,
		[BK_MULW] = &&L_MULW, [BK_LB] = &&L_LB, [BK_LH] = &&L_LH, [BK_LW] = &&L_LW,
		[BK_LD] = &&L_LD, [BK_LBU] = &&L_LBU, [BK_LHU] = &&L_LHU, [BK_LWU] = &&L_LWU,
		[BK_FLW] = &&L_FLW, [BK_FLD] = &&L_FLD, [BK_SB] = &&L_SB, [BK_SH] = &&L_SH,
		[BK_SW] = &&L_SW, [BK_SD] = &&L_SD, [BK_FSW] = &&L_FSW, [BK_FSD] = &&L_FSD,
		[BK_FADD_D] = &&L_FADD_D, [BK_FSUB_D] = &&L_FSUB_D, [BK_FMUL_D] = &&L_FMUL_D,
		[BK_FMA_D] = &&L_FMA_D, [BK_FDIV_D] = &&L_FDIV_D, [BK_FSQRT_D] = &&L_FSQRT_D,
		[BK_FADD_S] = &&L_FADD_S, [BK_FSUB_S] = &&L_FSUB_S, [BK_FMUL_S] = &&L_FMUL_S,
		[BK_FEQ_D] = &&L_FEQ_D, [BK_FLT_D] = &&L_FLT_D, [BK_FLE_D] = &&L_FLE_D,
		[BK_FMV_D_X] = &&L_FMV_D_X, [BK_FMV_X_D] = &&L_FMV_X_D,
		[BK_FSGNJ_D] = &&L_FSGNJ_D, [BK_FSGNJN_D] = &&L_FSGNJN_D, [BK_FSGNJX_D] = &&L_FSGNJX_D,
		[BK_FCVT_D_S] = &&L_FCVT_D_S, [BK_FCVT_D_W] = &&L_FCVT_D_W, [BK_FCVT_D_L] = &&L_FCVT_D_L,
		[BK_FCVT_L_D] = &&L_FCVT_L_D, [BK_MULHU] = &&L_MULHU, [BK_FMIN_D] = &&L_FMIN_D,
		[BK_FMAX_D] = &&L_FMAX_D, [BK_FCLASS_D] = &&L_FCLASS_D, [BK_DIV] = &&L_DIV,
		[BK_DIVU] = &&L_DIVU, [BK_REM] = &&L_REM, [BK_REMU] = &&L_REMU, [BK_DIVW] = &&L_DIVW,
		[BK_DIVUW] = &&L_DIVUW, [BK_REMW] = &&L_REMW, [BK_REMUW] = &&L_REMUW,
		[BK_FFLAGS_RW] = &&L_FFLAGS_RW, [BK_FFLAGS_RS] = &&L_FFLAGS_RS, [BK_BEQ] = &&L_BEQ, [BK_BNE] = &&L_BNE, [BK_BLT] = &&L_BLT, [BK_BGE] = &&L_BGE,
		[BK_BLTU] = &&L_BLTU, [BK_BGEU] = &&L_BGEU, [BK_JAL] = &&L_JAL, [BK_J] = &&L_J,
		[BK_JALR] = &&L_JALR, [BK_JR] = &&L_JR, [BK_FCVT_L_D_RNE] = &&L_FCVT_L_D_RNE,
		[BK_FCVT_L_D_RDN] = &&L_FCVT_L_D_RNE, [BK_FCVT_L_D_RUP] = &&L_FCVT_L_D_RNE,
		[BK_FEQ_S] = &&L_FCVT_L_D_RNE, [BK_FLT_S] = &&L_FCVT_L_D_RNE,
		[BK_FLE_S] = &&L_FCVT_L_D_RNE, [BK_FSGNJ_S] = &&L_FCVT_L_D_RNE,
		[BK_FSGNJN_S] = &&L_FCVT_L_D_RNE, [BK_FSGNJX_S] = &&L_FCVT_L_D_RNE,
		[BK_FMA_S] = &&L_FCVT_L_D_RNE, [BK_FDIV_S] = &&L_FCVT_L_D_RNE,
		[BK_FCVT_W_S] = &&L_FCVT_L_D_RNE, [BK_FCVT_W_S_RNE] = &&L_FCVT_L_D_RNE,
		[BK_MULH] = &&L_FCVT_L_D_RNE, [BK_FCVT_S_W] = &&L_FCVT_L_D_RNE,
		[BK_FCVT_S_L] = &&L_FCVT_L_D_RNE, [BK_FCVT_S_D] = &&L_FCVT_L_D_RNE,
		[BK_FCVT_W_D] = &&L_FCVT_L_D_RNE, [BK_FCVT_W_D_RNE] = &&L_FCVT_L_D_RNE,
		[BK_FMV_X_W] = &&L_FCVT_L_D_RNE, [BK_FMV_W_X] = &&L_FCVT_L_D_RNE,
		[BK_FCVT_D_WU] = &&L_FCVT_L_D_RNE, [BK_FCVT_D_LU] = &&L_FCVT_L_D_RNE,
		[BK_FCVT_WU_D] = &&L_FCVT_L_D_RNE, [BK_FCVT_LU_D] = &&L_FCVT_L_D_RNE,
		[BK_FRM_R] = &&L_FCVT_L_D_RNE,
		[BK_SH1ADD] = &&L_SH1ADD, [BK_SH2ADD] = &&L_SH2ADD, [BK_SH3ADD] = &&L_SH3ADD,
		[BK_ADD_UW] = &&L_ADD_UW, [BK_SH1ADD_UW] = &&L_SH1ADD_UW, [BK_SH2ADD_UW] = &&L_SH2ADD_UW,
		[BK_SH3ADD_UW] = &&L_SH3ADD_UW, [BK_SLLI_UW] = &&L_SLLI_UW, [BK_ANDN] = &&L_ANDN,
		[BK_ORN] = &&L_ORN, [BK_XNOR] = &&L_XNOR, [BK_CLZ] = &&L_CLZ, [BK_CTZ] = &&L_CTZ,
		[BK_CPOP] = &&L_CPOP, [BK_CLZW] = &&L_CLZW, [BK_CTZW] = &&L_CTZW, [BK_CPOPW] = &&L_CPOPW,
		[BK_MAX] = &&L_MAX, [BK_MAXU] = &&L_MAXU, [BK_MIN] = &&L_MIN, [BK_MINU] = &&L_MINU,
		[BK_SEXT_B] = &&L_SEXT_B, [BK_SEXT_H] = &&L_SEXT_H, [BK_ZEXT_H] = &&L_ZEXT_H,
		[BK_ROL] = &&L_ROL, [BK_ROR] = &&L_ROR, [BK_ROLW] = &&L_ROLW, [BK_RORW] = &&L_RORW,
		[BK_RORI] = &&L_RORI, [BK_RORIW] = &&L_RORIW, [BK_ORC_B] = &&L_ORC_B, [BK_REV8] = &&L_REV8,
		[BK_BCLR] = &&L_BCLR, [BK_BCLRI] = &&L_BCLRI, [BK_BEXT] = &&L_BEXT, [BK_BEXTI] = &&L_BEXTI,
		[BK_BINV] = &&L_BINV, [BK_BINVI] = &&L_BINVI, [BK_BSET] = &&L_BSET, [BK_BSETI] = &&L_BSETI,
		[BK_CZERO_EQZ] = &&L_CZERO_EQZ, [BK_CZERO_NEZ] = &&L_CZERO_NEZ,
	};
	if (!block_lbl[0]) {
		memcpy(block_lbl, lbl, sizeof(lbl));
#if defined(__x86_64__) && !defined(FPU_SOFT_ONLY)
		__builtin_cpu_init();
		block_host_fma = __builtin_cpu_supports("fma") != 0;
		block_host_sse41 = __builtin_cpu_supports("sse4.1") != 0;
#endif
#if defined(__x86_64__)
		__builtin_cpu_init();
		/* LZCNT: CPUID 0x80000001 ECX bit 5 (ABM), which clang's __builtin_cpu_supports
		 * does not name */
		unsigned ca, cb, cc = 0, cd;
		block_host_lzcnt = __get_cpuid(0x80000001u, &ca, &cb, &cc, &cd) && (cc >> 5 & 1u);
		block_host_bmi1 = __builtin_cpu_supports("bmi") != 0;
		block_host_popcnt = __builtin_cpu_supports("popcnt") != 0;
#endif
	}

	struct hart *h = &e->hart;
	uint64_t *const x = h->x;
	uint64_t *const f = h->f;
	struct gmem *const mem = &e->mem;
	uint8_t *const base = mem->base;
	const uint8_t *const perm = mem->perm;
	const uint64_t jc_mask = (1u << EMU_JC_BITS) - 1;
	uint64_t pc = h->pc;
	uint64_t icount = h->instret;  /* instructions retired before the current block */
	uint64_t hk_pc = pc, hk_icount = icount;  /* the run not yet reported to block_hook */
	const struct emu_bop *op;
	struct emu_block *b;
	struct emu_block **chain_slot = NULL;  /* the op whose exit is being looked up */
	enum emu_status st;
	int r;

#define NEXT do { op++; goto *op->lbl; } while (0)
	/* the hart state the slow loop would have before running op */
#define OP_PC (b->pc + op->pc_off)     /* op is always one of b's */
#define OP_LEN (op->lenf & 7u)
#define OP_DYN_RM (op->lenf >> 7)
#define SYNC_HART do { h->pc = OP_PC; h->next_pc = OP_PC + OP_LEN; h->instret = icount + op->idx; } while (0)
	/* leave through a control-flow op to pc: enter the block this op led to last time when it
	 * still starts at pc (`same`: always so for a static target) and its page was not
	 * dropped; else look it up and remember it in the op */
#define CHAIN(same)                                                                          \
	do {                                                                                 \
		b = op->chain;                                                               \
		if (__builtin_expect(b != NULL && (same) && !b->dead, 1))                    \
			goto chained;                                                        \
		chain_slot = &((struct emu_bop *)op)->chain;                                 \
		goto dispatch;                                                               \
	} while (0)
	/* a block's last instruction went to pc: count the block, enter the next */
#define DONE(same) do { icount += b->n_insns; CHAIN(same); } while (0)

dispatch:
	if (__builtin_expect(e->block_hook != NULL, 0))
		block_hook_run(e, &hk_pc, &hk_icount, pc, icount);
	{
		struct emu_jc_entry *j = &e->jc[(pc >> 1) & jc_mask];
		if (__builtin_expect(j->npc == ~pc, 1)) {
			b = j->b;
		} else {
			b = block_get(e, pc);
			if (!b) {
				chain_slot = NULL;
				goto slow_one;
			}
		}
		if (chain_slot) {
			*chain_slot = b;
			chain_slot = NULL;
		}
		goto enter;
	}
chained:
	if (__builtin_expect(e->block_hook != NULL, 0))
		block_hook_run(e, &hk_pc, &hk_icount, pc, icount);
enter:
	{
		uint64_t stop = e->async_at < limit ? e->async_at : limit;
		if (__builtin_expect(icount + b->n_insns > stop, 0))
			goto slow_block;
		/* counted runs (e->jit_count) end short of the hook's next possible interval end:
		 * a block that could reach it runs interpreted, its run reported; so does one that
		 * continues the hook's open block, unless its code tests the flag that has its run
		 * logged (jit.h jit_block.cont) */
		if (e->block_hook_stop < stop)
			stop = e->block_hook_stop;
		if (b->jit && icount + b->n_insns <= stop &&
		    !(e->block_hook_open && !b->jit_cont)) {
			/* the translated ops, then their handlers from the op it returns (jit.h) */
			if ((!b->jit_fp || ((h->fflags & FPU_NX) && h->frm == FPU_RM_RNE)) &&
			    (!b->jit_sp || x[2] < mem->jit_limit)) {
				/* the exit that led here leaves to this block from now on */
				if (e->jit_link) {
					if (e->jit_link_pc == b->pc) {
						uint8_t *rel = (uint8_t *)(uintptr_t)e->jit_link;
						jit_link(emu_arena_w(&e->jit_arena, rel), rel, b->jit_chain);
					}
					e->jit_link = 0;
				}
				e->jit_icount = icount;
				e->jit_limit = stop;
				if (e->jit_runlog) {
					/* logging translations: at most two entries per instruction
					 * (counting ones: two pairs) */
					uint64_t most = BLOCK_RUNLOG_CAP / (e->jit_count ? 4 : 2);
					e->jit_runlog_at = (uint64_t)(uintptr_t)e->jit_runlog;
					if (stop - icount > most)
						e->jit_limit = icount + most;
				}
				const uint64_t from = icount;
				if (e->block_hook && (e->jit_nolog || !e->jit_runlog))
					e->jit_limit = 0;  /* every block back here, to be reported */
				/* a run that continues the hook's open block is logged, whatever its
				 * counter says */
				e->jit_force_log = e->block_hook_open;
				struct jit_ret jr = jit_call((uint8_t *)x + 128, base, mem->jit_limit,
							     b->jit, icount, b->n_insns, e->jit_limit,
							     &e->jit_limit);
				e->jit_force_log = 0;  /* the hook's state says it from here */
				b = jr.block;
				icount = e->jit_icount;
				uint32_t r = (uint32_t)jr.r;
				op = b->op + (r & 0xffff);
				if (e->jit_runlog) {
					if (e->memtrace) {
						block_memtrace_replay(e, b, r);
						if (!(r & (JIT_LEFT | JIT_ENTER))) {
							/* op's handler would run: the caller steps it */
							h->pc = OP_PC;
							h->instret = icount + op->idx;
							return EMU_LIMIT;
						}
					} else if (e->jit_count) {
						if (e->block_hook_counted)
							block_countlog_replay(e, b, from, icount, r,
									      &hk_pc, &hk_icount);
					} else if (e->block_hook || e->access_hook) {
						block_runlog_replay(e, b, icount, r, &hk_pc, &hk_icount);
					}  /* else no one reads it (emu_jit_log_always) */
				}
				if (__builtin_expect((r & (JIT_LEFT | JIT_ENTER)) != 0, 1)) {
					if (r & JIT_ENTER) {
						pc = b->pc;  /* not run: from the lookup */
						chain_slot = NULL;
						goto dispatch;
					}
					if (r & JIT_END) {
						pc = b->pc_end;
						CHAIN(1);
					}
					if (r & JIT_TAKEN) {
						pc = (uint64_t)op->imm;
						CHAIN(1);
					}
					pc = h->next_pc;
					/* the translated code missed the jump cache: the block this
					 * jump led to last time goes (back) into it, so the code finds
					 * it next time (a block reached by chaining is never looked up) */
					b = op->chain;
					if (__builtin_expect(b != NULL && b->pc == pc && !b->dead, 1)) {
						struct emu_jc_entry *j = &e->jc[(pc >> 1) & jc_mask];
						j->npc = ~pc;
						j->b = b;
						goto chained;
					}
					chain_slot = &((struct emu_bop *)op)->chain;
					goto dispatch;
				}
				goto *op->lbl;
			}
		} else if (!b->jit && __builtin_expect(++b->hits == e->jit_hot, 0) && e->jit_on) {
			block_jit(e, b);
			goto enter;
		}
		if (__builtin_expect(e->memtrace != NULL, 0))
			goto memtrace_step;
		op = b->op;
		goto *op->lbl;
	}

memtrace_step:
	/* the memory trace: translated code only; the caller steps the instruction at pc */
	h->pc = pc;
	h->instret = icount;
	return EMU_LIMIT;
slow_block:
	/* exact per-instruction execution of what the block would have run: stops at the
	 * limit, services the asynchronous request at its instruction */
	if (__builtin_expect(e->memtrace != NULL, 0))
		goto memtrace_step;
	h->pc = pc;
	h->instret = icount;
	st = emu_run_slow(e, icount + b->n_insns < limit ? icount + b->n_insns : limit);
	goto slow_done;
slow_one:
	if (__builtin_expect(e->memtrace != NULL, 0))
		goto memtrace_step;
	h->pc = pc;
	h->instret = icount;
	st = emu_run_slow(e, icount + 1 < limit ? icount + 1 : limit);
slow_done:
	/* the slow loop reported its instructions to the hook itself */
	hk_pc = h->pc;
	hk_icount = h->instret;
	if (st != EMU_LIMIT || h->instret >= limit)
		return st;
	pc = h->pc;
	icount = h->instret;
	goto dispatch;

	/* ---- generic: the exec_table handler, with the state the slow loop gives it ---- */
	/* the op's slot is decoded on the first generic execution (its page is live: a block
	 * whose page was dropped is left at once) */
#define GEN_SLOT (__builtin_expect(op->slot != NULL, 1) ? op->slot : \
		  (((struct emu_bop *)op)->slot = emu_slot_at(e, OP_PC)))
L_FCVT_L_D_RNE:  /* kinds of their own for the translator (jit.c) only */
L_GEN:
	SYNC_HART;
	{
		const struct emu_slot *sl = GEN_SLOT;
		r = exec_table[sl->insn.op](h, &sl->insn);
	}
	x[0] = 0;
	if (__builtin_expect(r == 0, 1))
		NEXT;
	goto gen_result;
L_GENT:
	SYNC_HART;
	{
		const struct emu_slot *sl = GEN_SLOT;
		r = exec_table[sl->insn.op](h, &sl->insn);
	}
	x[0] = 0;
gen_result:
	if (r < 0) {
		if (h->trap.cause == HART_TRAP_EXIT) {
			h->instret++;
			h->pc = h->next_pc;
			if (e->block_hook)
				block_hook_run(e, &hk_pc, &hk_icount, h->pc, h->instret);
			return EMU_EXITED;
		}
		goto trap;
	}
	/* completed; control, memory maps or code may have changed: look up afresh */
	icount = h->instret + 1;
	pc = h->next_pc;
	goto dispatch;
L_END:
	pc = b->pc_end;
	DONE(1);

trap:
	/* h->pc, h->next_pc, h->instret and h->trap describe the instruction that did not
	 * complete: a fatal fault, or a guest signal handler takes over at h->next_pc */
	st = emu_trap(e);
	if (st != EMU_RUNNING) {
		if (e->block_hook)
			block_hook_run(e, &hk_pc, &hk_icount, h->pc, h->instret);
		return st;
	}
	pc = h->next_pc;
	icount = h->instret;
	goto dispatch;
load_fault:
	SYNC_HART;
	hart_raise(h, HART_TRAP_LOAD_FAULT, mem->fault_addr);
	goto trap;
store_fault:
	SYNC_HART;
	hart_raise(h, HART_TRAP_STORE_FAULT, mem->fault_addr);
	goto trap;
code_written:
	/* the store completed into a page of decoded code: the rest of this block may be stale */
	icount += op->idx + 1;
	pc = OP_PC + OP_LEN;
	goto dispatch;

	/* ---- integer ---- */
#define RD  x[op->rd]
#define RS1 x[op->rs1]
#define RS2 x[op->rs2]
#define IMM ((uint64_t)op->imm)
L_NOP: NEXT;
L_LI: RD = IMM; NEXT;
L_ADDI: RD = RS1 + IMM; NEXT;
L_SLTI: RD = (int64_t)RS1 < op->imm; NEXT;
L_SLTIU: RD = RS1 < IMM; NEXT;
L_XORI: RD = RS1 ^ IMM; NEXT;
L_ORI: RD = RS1 | IMM; NEXT;
L_ANDI: RD = RS1 & IMM; NEXT;
L_SLLI: RD = RS1 << (IMM & 63); NEXT;
L_SRLI: RD = RS1 >> (IMM & 63); NEXT;
L_SRAI: RD = (uint64_t)((int64_t)RS1 >> (IMM & 63)); NEXT;
L_ADDIW: RD = block_sext32(RS1 + IMM); NEXT;
L_SLLIW: RD = block_sext32((uint32_t)RS1 << (IMM & 31)); NEXT;
L_SRLIW: RD = block_sext32((uint32_t)RS1 >> (IMM & 31)); NEXT;
L_SRAIW: RD = (uint64_t)(int64_t)((int32_t)RS1 >> (IMM & 31)); NEXT;
L_ADD: RD = RS1 + RS2; NEXT;
L_SUB: RD = RS1 - RS2; NEXT;
L_SLL: RD = RS1 << (RS2 & 63); NEXT;
L_SLT: RD = (int64_t)RS1 < (int64_t)RS2; NEXT;
L_SLTU: RD = RS1 < RS2; NEXT;
L_XOR: RD = RS1 ^ RS2; NEXT;
L_SRL: RD = RS1 >> (RS2 & 63); NEXT;
L_SRA: RD = (uint64_t)((int64_t)RS1 >> (RS2 & 63)); NEXT;
L_OR: RD = RS1 | RS2; NEXT;
L_AND: RD = RS1 & RS2; NEXT;
L_ADDW: RD = block_sext32(RS1 + RS2); NEXT;
L_SUBW: RD = block_sext32(RS1 - RS2); NEXT;
L_SLLW: RD = block_sext32((uint32_t)RS1 << (RS2 & 31)); NEXT;
L_SRLW: RD = block_sext32((uint32_t)RS1 >> (RS2 & 31)); NEXT;
L_SRAW: RD = (uint64_t)(int64_t)((int32_t)RS1 >> (RS2 & 31)); NEXT;
L_MUL: RD = RS1 * RS2; NEXT;
L_MULW: RD = block_sext32((uint32_t)RS1 * (uint32_t)RS2); NEXT;
L_MULHU: RD = (uint64_t)(((unsigned __int128)RS1 * (unsigned __int128)RS2) >> 64); NEXT;
L_DIV: RD = exec_div_v(RS1, RS2); NEXT;
L_DIVU: RD = exec_divu_v(RS1, RS2); NEXT;
L_REM: RD = exec_rem_v(RS1, RS2); NEXT;
L_REMU: RD = exec_remu_v(RS1, RS2); NEXT;
L_DIVW: RD = exec_divw_v(RS1, RS2); NEXT;
L_DIVUW: RD = exec_divuw_v(RS1, RS2); NEXT;
L_REMW: RD = exec_remw_v(RS1, RS2); NEXT;
L_REMUW: RD = exec_remuw_v(RS1, RS2); NEXT;
	/* Zba, Zbb, Zbs, Zicond: exec_b.c's semantics */
L_SH1ADD: RD = (RS1 << 1) + RS2; NEXT;
L_SH2ADD: RD = (RS1 << 2) + RS2; NEXT;
L_SH3ADD: RD = (RS1 << 3) + RS2; NEXT;
L_ADD_UW: RD = (uint64_t)(uint32_t)RS1 + RS2; NEXT;
L_SH1ADD_UW: RD = ((uint64_t)(uint32_t)RS1 << 1) + RS2; NEXT;
L_SH2ADD_UW: RD = ((uint64_t)(uint32_t)RS1 << 2) + RS2; NEXT;
L_SH3ADD_UW: RD = ((uint64_t)(uint32_t)RS1 << 3) + RS2; NEXT;
L_SLLI_UW: RD = (uint64_t)(uint32_t)RS1 << (IMM & 63); NEXT;
L_ANDN: RD = RS1 & ~RS2; NEXT;
L_ORN: RD = RS1 | ~RS2; NEXT;
L_XNOR: RD = ~(RS1 ^ RS2); NEXT;
L_CLZ: RD = RS1 ? (uint64_t)__builtin_clzll(RS1) : 64; NEXT;
L_CTZ: RD = RS1 ? (uint64_t)__builtin_ctzll(RS1) : 64; NEXT;
L_CPOP: RD = (uint64_t)__builtin_popcountll(RS1); NEXT;
L_CLZW: RD = (uint32_t)RS1 ? (uint64_t)__builtin_clz((uint32_t)RS1) : 32; NEXT;
L_CTZW: RD = (uint32_t)RS1 ? (uint64_t)__builtin_ctz((uint32_t)RS1) : 32; NEXT;
L_CPOPW: RD = (uint64_t)__builtin_popcount((uint32_t)RS1); NEXT;
L_MAX: RD = (int64_t)RS1 > (int64_t)RS2 ? RS1 : RS2; NEXT;
L_MAXU: RD = RS1 > RS2 ? RS1 : RS2; NEXT;
L_MIN: RD = (int64_t)RS1 < (int64_t)RS2 ? RS1 : RS2; NEXT;
L_MINU: RD = RS1 < RS2 ? RS1 : RS2; NEXT;
L_SEXT_B: RD = (uint64_t)(int64_t)(int8_t)RS1; NEXT;
L_SEXT_H: RD = (uint64_t)(int64_t)(int16_t)RS1; NEXT;
L_ZEXT_H: RD = (uint16_t)RS1; NEXT;
L_ROL: RD = block_rol64(RS1, (unsigned)RS2); NEXT;
L_ROR: RD = block_ror64(RS1, (unsigned)RS2); NEXT;
L_ROLW: RD = block_sext32(block_rol32((uint32_t)RS1, (unsigned)RS2)); NEXT;
L_RORW: RD = block_sext32(block_ror32((uint32_t)RS1, (unsigned)RS2)); NEXT;
L_RORI: RD = block_ror64(RS1, (unsigned)IMM); NEXT;
L_RORIW: RD = block_sext32(block_ror32((uint32_t)RS1, (unsigned)IMM)); NEXT;
L_ORC_B: RD = block_orc_b(RS1); NEXT;
L_REV8: RD = __builtin_bswap64(RS1); NEXT;
L_BCLR: RD = RS1 & ~(1ull << (RS2 & 63)); NEXT;
L_BCLRI: RD = RS1 & ~(1ull << (IMM & 63)); NEXT;
L_BEXT: RD = (RS1 >> (RS2 & 63)) & 1; NEXT;
L_BEXTI: RD = (RS1 >> (IMM & 63)) & 1; NEXT;
L_BINV: RD = RS1 ^ (1ull << (RS2 & 63)); NEXT;
L_BINVI: RD = RS1 ^ (1ull << (IMM & 63)); NEXT;
L_BSET: RD = RS1 | (1ull << (RS2 & 63)); NEXT;
L_BSETI: RD = RS1 | (1ull << (IMM & 63)); NEXT;
L_CZERO_EQZ: RD = RS2 ? RS1 : 0; NEXT;
L_CZERO_NEZ: RD = RS2 ? 0 : RS1; NEXT;

	/* ---- loads and stores: straight to host memory when the page allows ---- */
#define BLOCK_LOAD(L, type, dst, conv)                                                       \
L:	{                                                                                    \
		uint64_t a = RS1 + IMM, pg = a >> GMEM_PAGE_SHIFT;                           \
		if (__builtin_expect(e->access_hook != NULL, 0))                             \
			block_access(e, a);                                                  \
		type v;                                                                      \
		if (__builtin_expect(pg < GMEM_NPAGES &&                                     \
				     (a & GMEM_PAGE_MASK) <= GMEM_PAGE_SIZE - sizeof(type) &&    \
				     (perm[pg] & GMEM_R), 1)) {                                \
			memcpy(&v, base + a, sizeof(type));                                  \
		} else {                                                                     \
			type slow_v;  /* v's address does not escape: it stays in a register */ \
			if (gmem_load_slow(mem, a, &slow_v, sizeof(type)))                   \
				goto load_fault;                                             \
			v = slow_v;                                                          \
		}                                                                            \
		dst = conv;                                                                  \
		NEXT;                                                                        \
	}
BLOCK_LOAD(L_LB, uint8_t, RD, (uint64_t)(int64_t)(int8_t)v)
BLOCK_LOAD(L_LH, uint16_t, RD, (uint64_t)(int64_t)(int16_t)v)
BLOCK_LOAD(L_LW, uint32_t, RD, (uint64_t)(int64_t)(int32_t)v)
BLOCK_LOAD(L_LD, uint64_t, RD, v)
BLOCK_LOAD(L_LBU, uint8_t, RD, (uint64_t)v)
BLOCK_LOAD(L_LHU, uint16_t, RD, (uint64_t)v)
BLOCK_LOAD(L_LWU, uint32_t, RD, (uint64_t)v)
BLOCK_LOAD(L_FLW, uint32_t, f[op->rd], 0xffffffff00000000ull | v)  /* NaN-boxed */
BLOCK_LOAD(L_FLD, uint64_t, f[op->rd], v)
#define BLOCK_STORE(L, type, src)                                                            \
L:	{                                                                                    \
		uint64_t a = RS1 + IMM, pg = a >> GMEM_PAGE_SHIFT;                           \
		if (__builtin_expect(e->access_hook != NULL, 0))                             \
			block_access(e, a);                                                  \
		type v = (type)(src);                                                        \
		if (__builtin_expect(pg < GMEM_NPAGES &&                                     \
				     (a & GMEM_PAGE_MASK) <= GMEM_PAGE_SIZE - sizeof(type) &&    \
				     (perm[pg] & (GMEM_W | GMEM_CODE)) == GMEM_W, 1)) {        \
			memcpy(base + a, &v, sizeof(type));                                  \
		} else {                                                                     \
			type slow_v = v;  /* v's address does not escape */                  \
			r = gmem_store_slow(mem, a, &slow_v, sizeof(type));                  \
			if (r < 0)                                                           \
				goto store_fault;                                            \
			if (r > 0)                                                           \
				goto code_written;                                           \
		}                                                                            \
		NEXT;                                                                        \
	}
BLOCK_STORE(L_SB, uint8_t, RS2)
BLOCK_STORE(L_SH, uint16_t, RS2)
BLOCK_STORE(L_SW, uint32_t, RS2)
BLOCK_STORE(L_SD, uint64_t, RS2)
BLOCK_STORE(L_FSW, uint32_t, f[op->rs2])
BLOCK_STORE(L_FSD, uint64_t, f[op->rs2])

	/* ---- double-precision arithmetic, the common case inline ----
	 * Taken only when the accrued flags already hold NX, the rounding mode is RNE (the
	 * host's), the operands are finite and the result needs no flag but NX (block_plain_d):
	 * then finite operands rule out NV, the result rules out OF and UF, and NX is already
	 * set, so fflags stays as fpu.c would leave it, and the host's IEEE result is the value.
	 * Anything else (first inexact result, NaNs, infinities, tiny results, other modes) goes
	 * to the exec_table handler (fpu.c) with nothing written. */
#define FPD_OK (((h->fflags & FPU_NX) != 0) & (!OP_DYN_RM | (h->frm == FPU_RM_RNE)))
	/* A zero result is exact, raising nothing, when it is the exact value: a sum or
	 * difference of finite doubles is zero only when exactly zero (both are multiples of
	 * 2^-1074, so a nonzero one is at least that); a product or quotient only when an
	 * operand (the dividend) is zero, else it underflowed (zero_ok below). */
#define BLOCK_ZERO_D(v) (((v) << 1) == 0)
#define FPD_BINOP(L, expr, zero_ok)                                                          \
L:	{                                                                                    \
		uint64_t a = f[op->rs1], c = f[op->rs2];                                     \
		double x_ = block_as_d(a), y_ = block_as_d(c);                               \
		uint64_t v = block_bits_d(expr);                                             \
		if (__builtin_expect(FPD_OK & block_finite_d(a) & block_finite_d(c) &        \
				     (block_plain_d(v) | (zero_ok)), 1)) {                     \
			f[op->rd] = v;                                                       \
			NEXT;                                                                \
		}                                                                            \
		goto L_GEN;                                                                  \
	}
FPD_BINOP(L_FADD_D, x_ + y_, BLOCK_ZERO_D(v))
FPD_BINOP(L_FSUB_D, x_ - y_, BLOCK_ZERO_D(v))
FPD_BINOP(L_FMUL_D, x_ * y_, BLOCK_ZERO_D(v) & (BLOCK_ZERO_D(a) | BLOCK_ZERO_D(c)))
L_FMA_D:
	{
		uint64_t a = f[op->rs1], c = f[op->rs2], d = f[op->rs3];
		uint64_t v = block_bits_d(block_fma_host(block_as_d(a ^ (IMM & (1ull << 63))), block_as_d(c),
							 block_as_d(d ^ ((IMM << 1) & (1ull << 63)))));
		/* a zero result is exact when the product is (an operand is zero) */
		if (__builtin_expect(block_host_fma & FPD_OK & block_finite_d(a) & block_finite_d(c) &
				     block_finite_d(d) &
				     (block_plain_d(v) | (BLOCK_ZERO_D(v) & (BLOCK_ZERO_D(a) | BLOCK_ZERO_D(c)))), 1)) {
			f[op->rd] = v;
			NEXT;
		}
		goto L_GEN;
	}
L_FDIV_D:
	{
		/* a finite non-zero divisor: no DZ; finite operands: no NV (0/0 needs a zero
		 * divisor) */
		uint64_t a = f[op->rs1], c = f[op->rs2];
		uint64_t v = block_bits_d(block_as_d(a) / block_as_d(c));
		if (__builtin_expect(FPD_OK & block_finite_d(a) & block_finite_d(c) & ((c << 1) != 0) &
				     (block_plain_d(v) | (BLOCK_ZERO_D(v) & BLOCK_ZERO_D(a))), 1)) {
			f[op->rd] = v;
			NEXT;
		}
		goto L_GEN;
	}
L_FSQRT_D:
	{
		/* a positive finite non-zero operand: no NV, and a root far from tiny or huge */
		uint64_t a = f[op->rs1];
		if (__builtin_expect(FPD_OK & (a - 1 < 0x7fefffffffffffffull), 1)) {
			f[op->rd] = block_bits_d(__builtin_sqrt(block_as_d(a)));
			NEXT;
		}
		goto L_GEN;
	}
	/* binary32: the same rules (zeros too: binary32 values are multiples of 2^-149), on
	 * NaN-boxed operands, the result boxed */
#define BLOCK_ZERO_S(v) (((uint32_t)(v) << 1) == 0)
#define FPS_BINOP(L, expr, zero_ok)                                                          \
L:	{                                                                                    \
		uint64_t a = f[op->rs1], c = f[op->rs2];                                     \
		float x_ = block_as_s(a), y_ = block_as_s(c);                                \
		uint32_t v = block_bits_s(expr);                                             \
		if (__builtin_expect(FPD_OK & block_boxed_finite_s(a) & block_boxed_finite_s(c) & \
				     (block_plain_s(v) | (zero_ok)), 1)) {                     \
			f[op->rd] = 0xffffffff00000000ull | v;                               \
			NEXT;                                                                \
		}                                                                            \
		goto L_GEN;                                                                  \
	}
FPS_BINOP(L_FADD_S, x_ + y_, BLOCK_ZERO_S(v))
FPS_BINOP(L_FSUB_S, x_ - y_, BLOCK_ZERO_S(v))
FPS_BINOP(L_FMUL_S, x_ * y_, BLOCK_ZERO_S(v) & (BLOCK_ZERO_S(a) | BLOCK_ZERO_S(c)))
#undef FPS_BINOP
#undef FPD_BINOP
#undef BLOCK_ZERO_D
#undef BLOCK_ZERO_S
#undef FPD_OK
	/* compares of non-NaN operands raise nothing; NaNs go to fpu.c (NV rules) */
#define FPD_CMP(L, expr)                                                                     \
L:	{                                                                                    \
		uint64_t a = f[op->rs1], c = f[op->rs2];                                     \
		if (__builtin_expect(block_not_nan_d(a) & block_not_nan_d(c), 1)) {          \
			double x_ = block_as_d(a), y_ = block_as_d(c);                       \
			RD = (expr);                                                         \
			x[0] = 0;                                                            \
			NEXT;                                                                \
		}                                                                            \
		goto L_GEN;                                                                  \
	}
FPD_CMP(L_FEQ_D, x_ == y_)
FPD_CMP(L_FLT_D, x_ < y_)
FPD_CMP(L_FLE_D, x_ <= y_)
#undef FPD_CMP
	/* sign injection as fpu_sgnj_d: the magnitude of rs1, the sign from rs2 */
#define SGN_D (1ull << 63)
L_FSGNJ_D: f[op->rd] = (f[op->rs1] & ~SGN_D) | (f[op->rs2] & SGN_D); NEXT;
L_FSGNJN_D: f[op->rd] = (f[op->rs1] & ~SGN_D) | (~f[op->rs2] & SGN_D); NEXT;
L_FSGNJX_D: f[op->rd] = f[op->rs1] ^ (f[op->rs2] & SGN_D); NEXT;
#undef SGN_D
	/* conversions: inline only where the result is exact and raises nothing, with a valid
	 * rounding mode (a dynamic rm needs a valid frm, else fpu.c's path raises illegal
	 * instruction); anything else goes to the exec_table handler */
#define RM_OK (!OP_DYN_RM | (h->frm <= FPU_RM_RMM))
L_FCVT_D_S:
	{
		/* a NaN-boxed non-NaN binary32 (finite or infinite) widens exactly, no flag */
		uint64_t a = f[op->rs1];
		if (__builtin_expect(RM_OK & ((a >> 32) == 0xffffffffu) & ((a & 0x7fffffffu) <= 0x7f800000u), 1)) {
			f[op->rd] = block_bits_d((double)block_as_s(a));
			NEXT;
		}
		goto L_GEN;
	}
L_FCVT_D_W:
	/* every int32 is a binary64 */
	if (__builtin_expect(RM_OK, 1)) {
		f[op->rd] = block_bits_d((double)(int32_t)(uint32_t)RS1);
		NEXT;
	}
	goto L_GEN;
L_FCVT_D_L:
	{
		/* |v| <= 2^53: exact */
		uint64_t v = RS1;
		if (__builtin_expect(RM_OK & (v + (1ull << 53) <= (1ull << 54)), 1)) {
			f[op->rd] = block_bits_d((double)(int64_t)v);
			NEXT;
		}
		goto L_GEN;
	}
L_FCVT_L_D:
	{
		/* rtz (static): a finite operand with |x| < 2^63 truncates in range (no NV); the
		 * result is inexact (NX) only when x is not an integer, and then NX must already
		 * be accrued for fflags to stay as fpu.c would leave it */
		uint64_t a = f[op->rs1];
		double d = block_as_d(a);
		if (__builtin_expect(((a >> 52) & 0x7ff) < 1023 + 63, 1)) {
			int64_t v = (int64_t)d;
			if (__builtin_expect(((h->fflags & FPU_NX) != 0) | ((double)v == d), 1)) {
				RD = (uint64_t)v;
				x[0] = 0;
				NEXT;
			}
		}
		goto L_GEN;
	}
#undef RM_OK
L_FMV_D_X: f[op->rd] = RS1; NEXT;
	/* fmin/fmax raise only NV (signaling NaN), accrued as exec_fd.c does; fclass raises
	 * nothing */
L_FMIN_D: f[op->rd] = fpu_min_d(f[op->rs1], f[op->rs2], &h->fflags); NEXT;
L_FMAX_D: f[op->rd] = fpu_max_d(f[op->rs1], f[op->rs2], &h->fflags); NEXT;
L_FCLASS_D: RD = fpu_class_d(f[op->rs1]); x[0] = 0; NEXT;
L_FMV_X_D: RD = f[op->rs1]; x[0] = 0; NEXT;
	/* fsflags (csrrw rd, fflags, rs1) and frflags (csrrs rd, fflags, rs1) as exec_i.c's
	 * csr_op does them */
L_FFLAGS_RW:
	{
		uint64_t old = h->fflags & 31;
		h->fflags = (uint32_t)(RS1 & 31);
		RD = old;
		x[0] = 0;
		NEXT;
	}
L_FFLAGS_RS:
	{
		uint64_t old = h->fflags & 31;
		if (op->rs1)
			h->fflags = (uint32_t)((old | RS1) & 31);
		RD = old;
		x[0] = 0;
		NEXT;
	}

	/* ---- control flow ---- */
	/* conditional branches: taken leaves the block with the instructions up to it counted */
#define BLOCK_BRANCH(L, cond)                                                                \
L:	if (cond) {                                                                          \
		pc = IMM;                                                                    \
		icount += op->idx + 1u;                                                      \
		CHAIN(1);                                                                    \
	}                                                                                    \
	NEXT;
BLOCK_BRANCH(L_BEQ, RS1 == RS2)
BLOCK_BRANCH(L_BNE, RS1 != RS2)
BLOCK_BRANCH(L_BLT, (int64_t)RS1 < (int64_t)RS2)
BLOCK_BRANCH(L_BGE, (int64_t)RS1 >= (int64_t)RS2)
BLOCK_BRANCH(L_BLTU, RS1 < RS2)
BLOCK_BRANCH(L_BGEU, RS1 >= RS2)
L_JAL: RD = OP_PC + OP_LEN; pc = IMM; DONE(1);
L_J: pc = IMM; DONE(1);
	/* indirect: the block entered last time, when the target is the same again */
L_JALR:
	pc = (RS1 + IMM) & ~1ull;
	RD = OP_PC + OP_LEN;
	DONE(b->pc == pc);
L_JR: pc = (RS1 + IMM) & ~1ull; DONE(b->pc == pc);
#undef RD
#undef RS1
#undef RS2
#undef IMM
#undef NEXT
#undef DONE
#undef CHAIN
#undef GEN_SLOT
#undef OP_PC
#undef OP_LEN
#undef OP_DYN_RM
#undef SYNC_HART
}
