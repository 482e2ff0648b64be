/*
 * exec_m.c — semantics of RV64M: multiplication (high halves through 128-bit products) and
 * division with the RISC-V results for division by zero (quotient all ones, remainder the
 * dividend) and overflow (INT_MIN / -1 = INT_MIN, remainder 0); no traps.
 */
#include "emu/exec.h"

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

int exec_div(struct hart *h, const struct isa_insn *in)
{
	int64_t a = (int64_t)RS1, b = (int64_t)RS2;
	if (b == 0)
		RD = ~0ull;
	else if (a == INT64_MIN && b == -1)
		RD = (uint64_t)a;
	else
		RD = (uint64_t)(a / b);
	return 0;
}

int exec_divu(struct hart *h, const struct isa_insn *in)
{
	uint64_t b = RS2;
	RD = b ? RS1 / b : ~0ull;
	return 0;
}

int exec_rem(struct hart *h, const struct isa_insn *in)
{
	int64_t a = (int64_t)RS1, b = (int64_t)RS2;
	if (b == 0)
		RD = (uint64_t)a;
	else if (a == INT64_MIN && b == -1)
		RD = 0;
	else
		RD = (uint64_t)(a % b);
	return 0;
}

int exec_remu(struct hart *h, const struct isa_insn *in)
{
	uint64_t a = RS1, b = RS2;
	RD = b ? a % b : a;
	return 0;
}

int exec_mulw(struct hart *h, const struct isa_insn *in) { RD = sext32(RS1 * RS2); return 0; }

int exec_divw(struct hart *h, const struct isa_insn *in)
{
	int32_t a = (int32_t)RS1, b = (int32_t)RS2;
	if (b == 0)
		RD = ~0ull;
	else if (a == INT32_MIN && b == -1)
		RD = sext32((uint32_t)a);
	else
		RD = sext32((uint32_t)(a / b));
	return 0;
}

int exec_divuw(struct hart *h, const struct isa_insn *in)
{
	uint32_t a = (uint32_t)RS1, b = (uint32_t)RS2;
	RD = b ? sext32(a / b) : ~0ull;
	return 0;
}

int exec_remw(struct hart *h, const struct isa_insn *in)
{
	int32_t a = (int32_t)RS1, b = (int32_t)RS2;
	if (b == 0)
		RD = sext32((uint32_t)a);
	else if (a == INT32_MIN && b == -1)
		RD = 0;
	else
		RD = sext32((uint32_t)(a % b));
	return 0;
}

int exec_remuw(struct hart *h, const struct isa_insn *in)
{
	uint32_t a = (uint32_t)RS1, b = (uint32_t)RS2;
	RD = sext32(b ? a % b : a);
	return 0;
}
