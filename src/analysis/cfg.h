/*
 * cfg.h — control-flow graph of riscv64 code: basic blocks of a code region (usually one
 * function's bytes) found with robin's decoder (isa_decode). A block starts at the region's
 * start, at every in-region target of a branch or direct jump, and after every branch or
 * jump; it ends after a branch, a jump (jal/jalr that is not a call), a return, or before an
 * undecodable halfword. Calls (jal/jalr writing ra or t0) do not end a block, as in GCC's
 * basic blocks. Used for basic-block-granularity profile error (004_b28092482852db08.txt
 * Paper A §4) and by anything that needs block boundaries or successor edges.
 * Entry points: cfg_build, cfg_block_of, cfg_free.
 */
#ifndef ROBIN_ANALYSIS_CFG_H
#define ROBIN_ANALYSIS_CFG_H

#include <stddef.h>
#include <stdint.h>

#define CFG_NONE UINT32_MAX

/* How a block ends. */
enum cfg_end {
	CFG_END_FALLTHROUGH,   /* the next block is a branch target (or the region ends) */
	CFG_END_BRANCH,        /* conditional branch: succ[0] taken, succ[1] fall-through */
	CFG_END_JUMP,          /* direct jump: succ[0] (CFG_NONE when outside the region: tail call) */
	CFG_END_RETURN,        /* ret */
	CFG_END_INDIRECT,      /* jalr that is neither call nor return: successors unknown */
	CFG_END_INVALID,       /* stopped before bytes that do not decode */
};

struct cfg_block {
	uint64_t start, end;   /* addresses [start, end) */
	uint32_t ninsns;
	uint8_t end_kind;      /* enum cfg_end */
	uint32_t succ[2];      /* block indices or CFG_NONE */
	uint64_t target;       /* branch / jump target address (also when outside the region) */
};

struct cfg {
	uint64_t base, limit;  /* the region [base, limit) */
	struct cfg_block *blocks;  /* sorted by start, contiguous over the decoded bytes */
	size_t nblocks;
	size_t ninsns;
	size_t invalid_halfwords;  /* undecodable halfwords skipped */
};

/* Build the CFG of code[0..len) at address base. Returns 0, -EINVAL (len 0 or odd base) or
 * -ENOMEM. Undecodable halfwords are skipped (they belong to no block). */
int cfg_build(const uint8_t *code, size_t len, uint64_t base, struct cfg *out)
	__attribute__((warn_unused_result));

/* The index of the block containing addr, or CFG_NONE. O(log n). */
uint32_t cfg_block_of(const struct cfg *g, uint64_t addr);

void cfg_free(struct cfg *g);

#endif
