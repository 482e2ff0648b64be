/*
 * coproc_filter.c — the filters in front of the sample buffer (§3.2, Figure 3): the opcode
 * class filter, PC filter 1 (a hashed PC under a variable-width mask compared with a match
 * value: the program split into 2^n regions) and PC filter 2 (a 4-Kbit table indexed by a
 * hashed PC that masks individual instructions), with four hash functions to choose from;
 * and the size of a sample in the buffer.
 */
#include "coproc/coproc.h"

#include <string.h>

uint32_t coproc_hash(unsigned h, uint64_t pc)
{
	uint64_t x = pc >> 1;   /* RISC-V instructions are 2-byte aligned */
	switch (h & 3) {
	case 0:                 /* the PC itself */
		return (uint32_t)x;
	case 1:                 /* xor-fold of the upper bits into the lower */
		return (uint32_t)(x ^ (x >> 12) ^ (x >> 24));
	case 2:                 /* multiplicative (Fibonacci) hashing */
		return (uint32_t)((x * 0x9e3779b97f4a7c15ull) >> 32);
	default: {              /* xorshift mix: neighbours land far apart */
		uint64_t y = x;
		y ^= y >> 7;
		y ^= y << 9;
		y ^= y >> 13;
		return (uint32_t)(y ^ (y >> 32));
	}
	}
}

int coproc_filter_pass(const struct coproc_filter *f, unsigned cls, uint64_t pc)
{
	if (!(f->class_mask >> cls & 1))
		return 0;
	if (f->pf1_mask &&
	    ((coproc_hash(f->pf1_hash, pc) ^ f->pf1_match) & f->pf1_mask))
		return 0;
	uint32_t b = coproc_hash(f->pf2_hash, pc) & (COPROC_PF2_BITS - 1);
	return !(f->pf2[b >> 6] >> (b & 63) & 1);
}

void coproc_filter_mask_pc(struct coproc_filter *f, uint64_t pc)
{
	uint32_t b = coproc_hash(f->pf2_hash, pc) & (COPROC_PF2_BITS - 1);
	f->pf2[b >> 6] |= 1ull << (b & 63);
}

void coproc_filter_clear(struct coproc_filter *f)
{
	memset(f->pf2, 0, sizeof(f->pf2));
}

uint32_t coproc_sample_bytes(uint32_t field_mask)
{
	static const uint8_t bytes[COPROC_F_COUNT] = {
		[COPROC_F_PC] = 8, [COPROC_F_VALUE] = 8, [COPROC_F_ADDR] = 8, [COPROC_F_INSN] = 4,
		[COPROC_F_CLASS] = 1, [COPROC_F_RD] = 1, [COPROC_F_RS1] = 1, [COPROC_F_RS2] = 1,
		[COPROC_F_IMM] = 8, [COPROC_F_TARGET] = 8, [COPROC_F_TAKEN] = 1,
		[COPROC_F_EVENTS] = 4, [COPROC_F_SIZE] = 1, [COPROC_F_LATENCY] = 4,
		[COPROC_F_VLO] = 0,      /* the DFE extracts it from value */
	};
	uint32_t n = 1;   /* the opcode class always travels: it picks the start PC */
	for (int k = 0; k < COPROC_F_COUNT; k++)
		if (field_mask >> k & 1)
			n += bytes[k];
	return (n + 7) & ~7u;
}
