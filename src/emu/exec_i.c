/*
 * exec_i.c — semantics of RV64I, Zicsr, Zifencei and the system instructions (ecall enters the
 * Linux syscall layer, ebreak traps). One short handler per row of isa_table.def; see exec.h
 * for the contract (return 0, -1 after hart_raise, or 1 when a store hit decoded code and the
 * run loop must look its code page up again).
 */
#include "emu/emu_priv.h"
#include "emu/exec_mem.h"

#define RD  h->x[in->rd]
#define RS1 h->x[in->rs1]
#define RS2 h->x[in->rs2]
#define IMM ((uint64_t)in->imm)

static inline uint64_t sext32(uint64_t v) { return (uint64_t)(int64_t)(int32_t)(uint32_t)v; }

/* ---- upper immediates, jumps, branches ------------------------------------------------- */

int exec_lui(struct hart *h, const struct isa_insn *in) { RD = IMM; return 0; }
int exec_auipc(struct hart *h, const struct isa_insn *in) { RD = h->pc + IMM; return 0; }

int exec_jal(struct hart *h, const struct isa_insn *in)
{
	RD = h->next_pc;
	h->next_pc = h->pc + IMM;
	return 0;
}

int exec_jalr(struct hart *h, const struct isa_insn *in)
{
	uint64_t target = (RS1 + IMM) & ~1ull;
	RD = h->next_pc;
	h->next_pc = target;
	return 0;
}

#define BRANCH(name, cond)                                                  \
	int exec_##name(struct hart *h, const struct isa_insn *in)          \
	{                                                                   \
		if (cond)                                                   \
			h->next_pc = h->pc + IMM;                           \
		return 0;                                                   \
	}
BRANCH(beq, RS1 == RS2)
BRANCH(bne, RS1 != RS2)
BRANCH(blt, (int64_t)RS1 < (int64_t)RS2)
BRANCH(bge, (int64_t)RS1 >= (int64_t)RS2)
BRANCH(bltu, RS1 < RS2)
BRANCH(bgeu, RS1 >= RS2)

/* ---- loads and stores ------------------------------------------------------------------- */

#define LOAD(name, width, type, ext)                                                     \
	int exec_##name(struct hart *h, const struct isa_insn *in)                       \
	{                                                                                \
		type v;                                                                  \
		if (gmem_load_##width(h->mem, RS1 + IMM, &v))                             \
			return exec_load_fault(h);                                       \
		RD = (uint64_t)(ext)v;                                                   \
		return 0;                                                                \
	}
LOAD(lb, u8, uint8_t, int8_t)
LOAD(lh, u16, uint16_t, int16_t)
LOAD(lw, u32, uint32_t, int32_t)
LOAD(ld, u64, uint64_t, uint64_t)
LOAD(lbu, u8, uint8_t, uint8_t)
LOAD(lhu, u16, uint16_t, uint16_t)
LOAD(lwu, u32, uint32_t, uint32_t)

#define STORE(name, width, type)                                                         \
	int exec_##name(struct hart *h, const struct isa_insn *in)                       \
	{                                                                                \
		int r = gmem_store_##width(h->mem, RS1 + IMM, (type)RS2);                 \
		return r ? exec_store_result(h, r) : 0;                                  \
	}
STORE(sb, u8, uint8_t)
STORE(sh, u16, uint16_t)
STORE(sw, u32, uint32_t)
STORE(sd, u64, uint64_t)

/* ---- integer computation ---------------------------------------------------------------- */

int exec_addi(struct hart *h, const struct isa_insn *in) { RD = RS1 + IMM; return 0; }
int exec_slti(struct hart *h, const struct isa_insn *in) { RD = (int64_t)RS1 < in->imm; return 0; }
int exec_sltiu(struct hart *h, const struct isa_insn *in) { RD = RS1 < IMM; return 0; }
int exec_xori(struct hart *h, const struct isa_insn *in) { RD = RS1 ^ IMM; return 0; }
int exec_ori(struct hart *h, const struct isa_insn *in) { RD = RS1 | IMM; return 0; }
int exec_andi(struct hart *h, const struct isa_insn *in) { RD = RS1 & IMM; return 0; }
int exec_slli(struct hart *h, const struct isa_insn *in) { RD = RS1 << (IMM & 63); return 0; }
int exec_srli(struct hart *h, const struct isa_insn *in) { RD = RS1 >> (IMM & 63); return 0; }
int exec_srai(struct hart *h, const struct isa_insn *in) { RD = (uint64_t)((int64_t)RS1 >> (IMM & 63)); return 0; }
int exec_add(struct hart *h, const struct isa_insn *in) { RD = RS1 + RS2; return 0; }
int exec_sub(struct hart *h, const struct isa_insn *in) { RD = RS1 - RS2; return 0; }
int exec_sll(struct hart *h, const struct isa_insn *in) { RD = RS1 << (RS2 & 63); return 0; }
int exec_slt(struct hart *h, const struct isa_insn *in) { RD = (int64_t)RS1 < (int64_t)RS2; return 0; }
int exec_sltu(struct hart *h, const struct isa_insn *in) { RD = RS1 < RS2; return 0; }
int exec_xor(struct hart *h, const struct isa_insn *in) { RD = RS1 ^ RS2; return 0; }
int exec_srl(struct hart *h, const struct isa_insn *in) { RD = RS1 >> (RS2 & 63); return 0; }
int exec_sra(struct hart *h, const struct isa_insn *in) { RD = (uint64_t)((int64_t)RS1 >> (RS2 & 63)); return 0; }
int exec_or(struct hart *h, const struct isa_insn *in) { RD = RS1 | RS2; return 0; }
int exec_and(struct hart *h, const struct isa_insn *in) { RD = RS1 & RS2; return 0; }
int exec_addiw(struct hart *h, const struct isa_insn *in) { RD = sext32(RS1 + IMM); return 0; }
int exec_slliw(struct hart *h, const struct isa_insn *in) { RD = sext32((uint32_t)RS1 << (IMM & 31)); return 0; }
int exec_srliw(struct hart *h, const struct isa_insn *in) { RD = sext32((uint32_t)RS1 >> (IMM & 31)); return 0; }
int exec_sraiw(struct hart *h, const struct isa_insn *in) { RD = (uint64_t)(int64_t)((int32_t)RS1 >> (IMM & 31)); return 0; }
int exec_addw(struct hart *h, const struct isa_insn *in) { RD = sext32(RS1 + RS2); return 0; }
int exec_subw(struct hart *h, const struct isa_insn *in) { RD = sext32(RS1 - RS2); return 0; }
int exec_sllw(struct hart *h, const struct isa_insn *in) { RD = sext32((uint32_t)RS1 << (RS2 & 31)); return 0; }
int exec_srlw(struct hart *h, const struct isa_insn *in) { RD = sext32((uint32_t)RS1 >> (RS2 & 31)); return 0; }
int exec_sraw(struct hart *h, const struct isa_insn *in) { RD = (uint64_t)(int64_t)((int32_t)RS1 >> (RS2 & 31)); return 0; }

/* ---- fences and system ------------------------------------------------------------------ */

/* One hart, sequentially consistent memory: fences order nothing. The decoded-instruction
 * cache follows every store, so fence.i has nothing to flush either. */
int exec_fence(struct hart *h, const struct isa_insn *in) { (void)h; (void)in; return 0; }
int exec_fence_i(struct hart *h, const struct isa_insn *in) { (void)h; (void)in; return 0; }

int exec_ecall(struct hart *h, const struct isa_insn *in)
{
	(void)in;
	return syscall_dispatch(h->emu);
}

int exec_ebreak(struct hart *h, const struct isa_insn *in)
{
	(void)in;
	return hart_raise(h, HART_TRAP_EBREAK, h->pc);
}

/* ---- Zicsr: the user-mode CSRs Linux exposes -------------------------------------------- */

#define CSR_FFLAGS  0x001
#define CSR_FRM     0x002
#define CSR_FCSR    0x003
#define CSR_CYCLE   0xc00
#define CSR_TIME    0xc01
#define CSR_INSTRET 0xc02
#define CSR_VSTART  0x008
#define CSR_VXSAT   0x009
#define CSR_VXRM    0x00a
#define CSR_VCSR    0x00f
#define CSR_VL      0xc20
#define CSR_VTYPE   0xc21
#define CSR_VLENB   0xc22

/* The vector CSRs exist when the guest has V (h->vlenb != 0). */
static int csr_is_vector(unsigned csr)
{
	return csr == CSR_VSTART || csr == CSR_VXSAT || csr == CSR_VXRM || csr == CSR_VCSR ||
	       csr == CSR_VL || csr == CSR_VTYPE || csr == CSR_VLENB;
}

/* Read a CSR; -1 if it does not exist for a user program. */
static int csr_read(struct hart *h, unsigned csr, uint64_t *v)
{
	if (csr_is_vector(csr) && !h->vlenb)
		return -1;
	switch (csr) {
	case CSR_VSTART: *v = h->vstart; return 0;
	case CSR_VXSAT: *v = h->vxsat & 1; return 0;
	case CSR_VXRM: *v = h->vxrm & 3; return 0;
	case CSR_VCSR: *v = (uint64_t)((h->vxrm & 3) << 1 | (h->vxsat & 1)); return 0;
	case CSR_VL: *v = h->vl; return 0;
	case CSR_VTYPE: *v = h->vtype; return 0;
	case CSR_VLENB: *v = h->vlenb; return 0;
	case CSR_FFLAGS: *v = h->fflags & 31; return 0;
	case CSR_FRM: *v = h->frm & 7; return 0;
	case CSR_FCSR: *v = ((h->frm & 7) << 5) | (h->fflags & 31); return 0;
	case CSR_CYCLE:
	case CSR_INSTRET: *v = h->instret; return 0;
	case CSR_TIME: *v = emu_time_ns(h->emu, 0) / 100; return 0;  /* 10 MHz timebase */
	default: return -1;
	}
}

/* Write a CSR; -1 if it does not exist or is read-only. */
static int csr_write(struct hart *h, unsigned csr, uint64_t v)
{
	switch (csr) {
	case CSR_FFLAGS: h->fflags = v & 31; return 0;
	case CSR_FRM: h->frm = v & 7; return 0;
	case CSR_FCSR: h->fflags = v & 31; h->frm = (v >> 5) & 7; return 0;
	/* vstart holds the element indices of VLEN at SEW 8 (log2(VLEN) bits), as qemu's */
	case CSR_VSTART: h->vstart = v & ((uint64_t)h->vlenb * 8u - 1u); return 0;
	case CSR_VXSAT: h->vxsat = v & 1; return 0;
	case CSR_VXRM: h->vxrm = v & 3; return 0;
	case CSR_VCSR: h->vxrm = (v >> 1) & 3; h->vxsat = v & 1; return 0;
	default: return -1;
	}
}

/* The common CSR operation: write = 0 (no write), 1 (set to src), 2 (set bits), 3 (clear). */
static int csr_op(struct hart *h, const struct isa_insn *in, int kind, uint64_t src, int do_write)
{
	uint64_t old = 0;
	if (csr_read(h, in->csr, &old))
		return hart_raise(h, HART_TRAP_ILLEGAL, in->raw);
	if (do_write) {
		uint64_t nv = kind == 1 ? src : kind == 2 ? old | src : old & ~src;
		if (csr_write(h, in->csr, nv))
			return hart_raise(h, HART_TRAP_ILLEGAL, in->raw);
	}
	RD = old;
	return 0;
}

int exec_csrrw(struct hart *h, const struct isa_insn *in) { return csr_op(h, in, 1, RS1, 1); }
int exec_csrrs(struct hart *h, const struct isa_insn *in) { return csr_op(h, in, 2, RS1, in->rs1 != 0); }
int exec_csrrc(struct hart *h, const struct isa_insn *in) { return csr_op(h, in, 3, RS1, in->rs1 != 0); }
int exec_csrrwi(struct hart *h, const struct isa_insn *in) { return csr_op(h, in, 1, IMM, 1); }
int exec_csrrsi(struct hart *h, const struct isa_insn *in) { return csr_op(h, in, 2, IMM, IMM != 0); }
int exec_csrrci(struct hart *h, const struct isa_insn *in) { return csr_op(h, in, 3, IMM, IMM != 0); }
