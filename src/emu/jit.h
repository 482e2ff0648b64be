#ifndef ROBIN_EMU_JIT_H
#define ROBIN_EMU_JIT_H

/*
 * jit.h — translation of a hot block's ops to x86-64 host code (jit.c), run by block_run.
 *
 * The translation covers a block's ops from the first up to the first op it does not
 * translate (block_kind.h names the kinds it knows); block_run calls it as
 *
 *     uint32_t r = code(xb, base, perm);   xb = (uint8_t *)h->x + 128 (h->f follows h->x)
 *
 * and it returns where the block loop goes on: the op index k (r & 0xffff) whose handler runs
 * next (the first op not translated, or an op that needs its exact handler: a load or store
 * that does not go straight to host memory, an FP result that is not plain); nothing of op k
 * has happened then, so the handler does all of it (exact faults, flags, self-modifying
 * code), and everything before k has. Or op k left the block, completed:
 *   JIT_TAKEN     a taken conditional branch, jal or j: to op k's imm (its absolute target);
 *   JIT_INDIRECT  jalr or jr: to the target the code wrote to h->next_pc;
 *   JIT_END       the block's closing pseudo-op: to the block's pc_end. Guest registers stay in struct hart; the code keeps nothing in host
 * registers across ops.
 */
#include <stdint.h>

#include "emu/block_kind.h"

#define JIT_TAKEN    0x10000u
#define JIT_INDIRECT 0x20000u
#define JIT_END      0x40000u
#define JIT_LEFT     (JIT_TAKEN | JIT_INDIRECT | JIT_END)

typedef uint32_t (*jit_code_fn)(uint8_t *xb, uint8_t *base, const uint8_t *perm);

/* One op as the translator sees it. */
struct jit_op {
	uint8_t kind;           /* enum block_kind */
	uint8_t rd, rs1, rs2, rs3;
	uint8_t len;            /* instruction length in bytes */
	int64_t imm;            /* as struct emu_bop's imm */
	uint64_t pc;            /* its address (jal/jalr: the link is pc + len) */
};

/* The translation result. */
struct jit_code {
	uint32_t len;           /* bytes of code in buf */
	uint32_t n_ops;         /* ops translated (the code returns n_ops at their end) */
	int fp_env;             /* the code assumes fflags holds NX and frm is RNE: the caller
	                           checks that before calling it */
};

/* Translate ops[0..n) into buf (cap bytes); host_fma: the host has FMA3. Returns 0 and fills
 * *out, or -1 when the first op is not translatable or buf is too small. */
int jit_translate(const struct jit_op *ops, uint32_t n, int host_fma, uint8_t *buf, uint32_t cap,
		  struct jit_code *out);

/* Is this host one the translator emits code for? */
int jit_host_supported(void);

#endif
