/*
 * exec_m.c — semantics of RV64M: multiplication (high halves through 128-bit products) and
 * division with the RISC-V results for division by zero (quotient all ones, remainder the
 * dividend) and overflow (INT_MIN / -1 = INT_MIN, remainder 0); no traps.
 */
#include "emu/exec.h"
#include "emu/exec_div.h"

#define RD  h->x[in->rd]
#define RS1 h->x[in->rs1]
#define RS2 h->x[in->rs2]

static inline uint64_t sext32(uint64_t v) { return (uint64_t)(int64_t)(int32_t)(uint32_t)v; }

int exec_mul(struct hart *h, const struct isa_insn *in) { RD = RS1 * RS2; return 0; }

int exec_mulh(struct hart *h, const struct isa_insn *in)
{
	RD = (uint64_t)(((__int128)(int64_t)RS1 * (__int128)(int64_t)RS2) >> 64);
	return 0;
}

int exec_mulhsu(struct hart *h, const struct isa_insn *in)
{
	RD = (uint64_t)(((__int128)(int64_t)RS1 * (__int128)(unsigned __int128)RS2) >> 64);
	return 0;
}

int exec_mulhu(struct hart *h, const struct isa_insn *in)
{
	RD = (uint64_t)(((unsigned __int128)RS1 * (unsigned __int128)RS2) >> 64);
	return 0;
}

int exec_div(struct hart *h, const struct isa_insn *in) { RD = exec_div_v(RS1, RS2); return 0; }

int exec_divu(struct hart *h, const struct isa_insn *in) { RD = exec_divu_v(RS1, RS2); return 0; }

int exec_rem(struct hart *h, const struct isa_insn *in) { RD = exec_rem_v(RS1, RS2); return 0; }

int exec_remu(struct hart *h, const struct isa_insn *in) { RD = exec_remu_v(RS1, RS2); return 0; }

int exec_mulw(struct hart *h, const struct isa_insn *in) { RD = sext32(RS1 * RS2); return 0; }

int exec_divw(struct hart *h, const struct isa_insn *in) { RD = exec_divw_v(RS1, RS2); return 0; }

int exec_divuw(struct hart *h, const struct isa_insn *in) { RD = exec_divuw_v(RS1, RS2); return 0; }

int exec_remw(struct hart *h, const struct isa_insn *in) { RD = exec_remw_v(RS1, RS2); return 0; }

int exec_remuw(struct hart *h, const struct isa_insn *in) { RD = exec_remuw_v(RS1, RS2); return 0; }
