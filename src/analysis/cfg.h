/*
 * cfg.h — control-flow graph of riscv64 code: basic blocks of a code region (usually one
 * function's bytes) found with robin's decoder (isa_decode). A block starts at the region's
 * start, at every in-region target of a branch or direct jump, and after every branch or
 * jump; it ends after a branch, a jump (jal/jalr that is not a call), a return, or before an
 * undecodable halfword. Calls (jal/jalr writing ra or t0) do not end a block, as in GCC's
 * basic blocks. Used for basic-block-granularity profile error (004_b28092482852db08.txt
 * Paper A §4) and by anything that needs block boundaries or successor edges.
 * With the image at hand (cfg_build_image) indirect jumps get their successors: the
 * region's address-taken code addresses (words of the image's data, auipc/lui + addi pairs of
 * its code, pointing inside it) start blocks, and each jump's register is traced back through
 * its block and unique predecessors (or to the one definition of a callee-saved register in
 * the region) to a jump table, absolute (8-byte pointers) or relative (gcc's 4-byte offsets),
 * whose entries are read up to the bound a guarding bltu/bgeu sets; a pointer from elsewhere
 * goes to the address-taken labels (computed goto), or leaves the region when it has none.
 * Entry points: cfg_build, cfg_build_image, cfg_block_of, cfg_free.
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
	CFG_END_INDIRECT,      /* jalr that is neither call nor return: successors in isucc
	                          when resolved (cfg_build_image), see enum cfg_ind */
	CFG_END_INVALID,       /* stopped before bytes that do not decode */
};

/* What is known of the successors of a block ending in an indirect jump. */
enum cfg_ind {
	CFG_IND_UNKNOWN,       /* nothing: the CFG misses its edges */
	CFG_IND_TABLE,         /* the entries of a jump table (absolute or relative) */
	CFG_IND_LABELS,        /* a pointer from elsewhere: every address-taken label of the
	                          region (a computed goto) */
	CFG_IND_CONST,         /* one address the register is known to hold */
	CFG_IND_LEAVES,        /* leaves the region (a tail call through a pointer, a table of
	                          functions): no successor inside it */
};

struct cfg_block {
	uint64_t start, end;   /* addresses [start, end) */
	uint32_t ninsns;
	uint8_t end_kind;      /* enum cfg_end */
	uint32_t succ[2];      /* block indices or CFG_NONE */
	uint64_t target;       /* branch / jump target address (also when outside the region) */
	uint8_t ind;           /* CFG_END_INDIRECT: enum cfg_ind */
	uint32_t isucc_first, isucc_n; /* CFG_END_INDIRECT: successors isucc[first, first + n) */
};

struct cfg {
	uint64_t base, limit;  /* the region [base, limit) */
	struct cfg_block *blocks;  /* sorted by start, contiguous over the decoded bytes */
	size_t nblocks;
	size_t ninsns;
	size_t invalid_halfwords;  /* undecodable halfwords skipped */
	uint32_t *isucc;       /* successor block indices of the indirect jumps */
	size_t n_isucc;
	uint64_t *labels;      /* address-taken code addresses inside (base, limit), sorted
	                          (cfg_build_image); each starts a block */
	size_t nlabels;
};

/* What cfg_build_image reads of the image around the region. */
struct cfg_image {
	/* n bytes at link-time address addr (jump tables); returns the bytes read */
	size_t (*read)(void *ctx, uint64_t addr, uint8_t *buf, size_t n);
	void *ctx;
	const uint64_t *code_ptrs;   /* code addresses stored as data, sorted (may be NULL) */
	size_t n_code_ptrs;
};

/* Build the CFG of code[0..len) at address base. Returns 0, -EINVAL (len 0 or odd base) or
 * -ENOMEM. Undecodable halfwords are skipped (they belong to no block). */
int cfg_build(const uint8_t *code, size_t len, uint64_t base, struct cfg *out)
	__attribute__((warn_unused_result));

/* cfg_build with the indirect jumps resolved from the image (see the top of this file).
 * img NULL: cfg_build. Returns 0, -EINVAL or -ENOMEM. */
int cfg_build_image(const uint8_t *code, size_t len, uint64_t base, const struct cfg_image *img,
		    struct cfg *out) __attribute__((warn_unused_result));

/* The index of the block containing addr, or CFG_NONE. O(log n). */
uint32_t cfg_block_of(const struct cfg *g, uint64_t addr);

void cfg_free(struct cfg *g);

#endif
