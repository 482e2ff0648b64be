/*
 * exec_fmem.c — the FP loads and stores (flw, fld, fsw, fsd): memory operations on the FP
 * registers. flw NaN-boxes its 32-bit value (upper 32 bits all ones); fsw stores the low 32
 * bits as they are. Register operands use isa.h's numbering (f registers are 32..63).
 */
#include "emu/exec_mem.h"
#include "emu/exec.h"

#define FRD  h->f[in->rd & 31]
#define FRS2 h->f[in->rs2 & 31]
#define ADDR (h->x[in->rs1] + (uint64_t)in->imm)

int exec_flw(struct hart *h, const struct isa_insn *in)
{
	uint32_t v;
	if (gmem_load_u32(h->mem, ADDR, &v))
		return exec_load_fault(h);
	FRD = 0xffffffff00000000ull | v;
	return 0;
}

int exec_fld(struct hart *h, const struct isa_insn *in)
{
	uint64_t v;
	if (gmem_load_u64(h->mem, ADDR, &v))
		return exec_load_fault(h);
	FRD = v;
	return 0;
}

int exec_fsw(struct hart *h, const struct isa_insn *in)
{
	int r = gmem_store_u32(h->mem, ADDR, (uint32_t)FRS2);
	return r ? exec_store_result(h, r) : 0;
}

int exec_fsd(struct hart *h, const struct isa_insn *in)
{
	int r = gmem_store_u64(h->mem, ADDR, FRS2);
	return r ? exec_store_result(h, r) : 0;
}
