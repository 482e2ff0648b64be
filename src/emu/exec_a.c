/*
 * exec_a.c — semantics of RV64A for one hart: LR sets a reservation on its address, SC
 * succeeds (rd = 0) only if the reservation is still there for that address, and every AMO
 * is a load, an operation and a store. Misaligned atomics are SIGBUS, as on Linux; any fault
 * of an AMO or SC is a store/AMO fault.
 */
#include "emu/exec_mem.h"
#include "emu/exec.h"

#define RD  h->x[in->rd]
#define RS1 h->x[in->rs1]
#define RS2 h->x[in->rs2]

static inline uint64_t sext32(uint64_t v) { return (uint64_t)(int64_t)(int32_t)(uint32_t)v; }

/* A misaligned atomic access: SIGBUS (BUS_ADRALN). */
static int amo_misaligned(struct hart *h, uint64_t addr, uint32_t cause)
{
	h->mem->fault_kind = GMEM_FAULT_ALIGN;
	h->mem->fault_addr = addr;
	return hart_raise(h, cause, addr);
}

int exec_lr_w(struct hart *h, const struct isa_insn *in)
{
	uint64_t a = RS1;
	uint32_t v;
	if (a & 3)
		return amo_misaligned(h, a, HART_TRAP_LOAD_FAULT);
	if (gmem_load_u32(h->mem, a, &v))
		return exec_load_fault(h);
	RD = sext32(v);
	h->reservation = a;
	return 0;
}

int exec_lr_d(struct hart *h, const struct isa_insn *in)
{
	uint64_t a = RS1, v;
	if (a & 7)
		return amo_misaligned(h, a, HART_TRAP_LOAD_FAULT);
	if (gmem_load_u64(h->mem, a, &v))
		return exec_load_fault(h);
	RD = v;
	h->reservation = a;
	return 0;
}

int exec_sc_w(struct hart *h, const struct isa_insn *in)
{
	uint64_t a = RS1;
	if (a & 3)
		return amo_misaligned(h, a, HART_TRAP_STORE_FAULT);
	int ok = h->reservation == a;
	h->reservation = ~0ull;
	if (!ok) {
		RD = 1;
		return 0;
	}
	int r = gmem_store_u32(h->mem, a, (uint32_t)RS2);
	if (r < 0)
		return exec_store_result(h, r);
	RD = 0;
	return r;
}

int exec_sc_d(struct hart *h, const struct isa_insn *in)
{
	uint64_t a = RS1;
	if (a & 7)
		return amo_misaligned(h, a, HART_TRAP_STORE_FAULT);
	int ok = h->reservation == a;
	h->reservation = ~0ull;
	if (!ok) {
		RD = 1;
		return 0;
	}
	int r = gmem_store_u64(h->mem, a, RS2);
	if (r < 0)
		return exec_store_result(h, r);
	RD = 0;
	return r;
}

#define AMO_W(name, expr)                                                                  \
	int exec_##name(struct hart *h, const struct isa_insn *in)                         \
	{                                                                                  \
		uint64_t a = RS1;                                                          \
		uint32_t old, src = (uint32_t)RS2;                                         \
		if (a & 3)                                                                 \
			return amo_misaligned(h, a, HART_TRAP_STORE_FAULT);                \
		if (gmem_load_u32(h->mem, a, &old))                                         \
			return hart_raise(h, HART_TRAP_STORE_FAULT, h->mem->fault_addr);   \
		uint32_t nv = (expr);                                                      \
		int r = gmem_store_u32(h->mem, a, nv);                                      \
		if (r < 0)                                                                 \
			return exec_store_result(h, r);                                    \
		RD = sext32(old);                                                          \
		return r;                                                                  \
	}
#define AMO_D(name, expr)                                                                  \
	int exec_##name(struct hart *h, const struct isa_insn *in)                         \
	{                                                                                  \
		uint64_t a = RS1;                                                          \
		uint64_t old, src = RS2;                                                   \
		if (a & 7)                                                                 \
			return amo_misaligned(h, a, HART_TRAP_STORE_FAULT);                \
		if (gmem_load_u64(h->mem, a, &old))                                         \
			return hart_raise(h, HART_TRAP_STORE_FAULT, h->mem->fault_addr);   \
		uint64_t nv = (expr);                                                      \
		int r = gmem_store_u64(h->mem, a, nv);                                      \
		if (r < 0)                                                                 \
			return exec_store_result(h, r);                                    \
		RD = old;                                                                  \
		return r;                                                                  \
	}

AMO_W(amoswap_w, src)
AMO_W(amoadd_w, old + src)
AMO_W(amoxor_w, old ^ src)
AMO_W(amoand_w, old & src)
AMO_W(amoor_w, old | src)
AMO_W(amomin_w, (int32_t)old < (int32_t)src ? old : src)
AMO_W(amomax_w, (int32_t)old > (int32_t)src ? old : src)
AMO_W(amominu_w, old < src ? old : src)
AMO_W(amomaxu_w, old > src ? old : src)
AMO_D(amoswap_d, src)
AMO_D(amoadd_d, old + src)
AMO_D(amoxor_d, old ^ src)
AMO_D(amoand_d, old & src)
AMO_D(amoor_d, old | src)
AMO_D(amomin_d, (int64_t)old < (int64_t)src ? old : src)
AMO_D(amomax_d, (int64_t)old > (int64_t)src ? old : src)
AMO_D(amominu_d, old < src ? old : src)
AMO_D(amomaxu_d, old > src ? old : src)
