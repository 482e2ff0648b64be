#ifndef ROBIN_EMU_JIT_H
#define ROBIN_EMU_JIT_H

/*
 * jit.h — translation of a hot block's ops to x86-64 host code (jit.c), run by block_run.
 *
 * The translation covers a block's ops from the first up to the first op it does not
 * translate (block_kind.h names the kinds it knows). block_run calls its body as
 *
 *     struct jit_ret r = jit_call(xb, base, limit, code + body, icount, n_insns, stop, env_limit);
 *
 * (xb = (uint8_t *)h->x + 128, h->f follows) with the run's instruction count before the
 * block (icount), the block's instruction count, and the instruction limit or e->async_at,
 * whichever comes first (stop; nothing changes e->async_at while the code runs). jit_call
 * hands the code the instructions it may run beyond that block (its room: the code counts it
 * down in a register, each block taking its own instructions off as it enters) and leaves at
 * env->limit (env_limit: relative to h->x, so the code reaches it from xb) the count at which
 * the room is used up; before it returns, the code stores the run's count at env->icount.
 * The code returns the block it ended in
 * (r.block: exits chain from block to block without returning) and r.r, where the block
 * loop goes on: the op index k (r & 0xffff) whose handler runs next (the first op not
 * translated, or an op that needs its exact handler: a load or store that does not go
 * straight to host memory, an FP result that is not plain); nothing of op k has happened
 * then, so the handler does all of it (exact faults, flags, self-modifying code), and
 * everything before k has. Loads and stores at guest addresses below `limit` (gmem's
 * jit_limit) go straight to host memory, whose protections mirror the guest's: a host fault
 * there goes to the op's exit as a failed check would (jit_fault.c, which needs each
 * translation's accesses: jit_fault_add). Or op k left the block, completed, its instructions counted:
 *   JIT_TAKEN     a taken conditional branch, jal or j: to op k's imm (its absolute target);
 *   JIT_INDIRECT  jalr or jr: to the target the code wrote to h->next_pc;
 *   JIT_END       the block's closing pseudo-op: to the block's pc_end;
 * for JIT_TAKEN and JIT_END the code also leaves in env->link the address of the rel32 of
 * the exit's jump and in env->link_pc the target: when block_run enters the translated block
 * at that target next, it points the jump at the block's chain entry (jit_link), and from
 * then on the exit jumps there directly. Before returning JIT_INDIRECT the code looks the target up in
 * block_run's jump cache (env->jc) and goes straight on to a translated block found there,
 * through its chain entry. A chain entry returns JIT_ENTER (r.block: that block, not run) when the
 * block would run past the room (stop 0 when every block must go through block_run), when its
 * FP code does not find NX and RNE, or once jit_retire was called on it (its page dropped).
 * An exit to the block's own start (a loop of one block: jit_block.pc) makes the same checks
 * and goes on inside the code, or returns JIT_ENTER as the chain entry would.
 * The code keeps a few guest int registers (jit.c's JIT_PINS) in host registers in all
 * translated code, and within a block the others it uses most; struct hart holds every guest
 * register whenever jit_enter returns, and all but the pinned ones when a block goes on to
 * another.
 */
#include <stddef.h>
#include <stdint.h>

#include "emu/block_kind.h"

#define JIT_TAKEN    0x10000u
#define JIT_INDIRECT 0x20000u
#define JIT_END      0x40000u
#define JIT_LEFT     (JIT_TAKEN | JIT_INDIRECT | JIT_END)
#define JIT_ENTER    0x80000u

struct jit_ret {
	uint64_t r;
	void *block;
};

/* Where the code finds the emulator's fields: offsets of uint64_t fields from h->x. */
struct jit_env {
	int host_fma;           /* the host has FMA3 */
	int host_sse41;         /* ... SSE4.1 */
	int host_lzcnt;         /* ... LZCNT (clz: else bsr) */
	int host_bmi1;          /* ... BMI1 (ctz: tzcnt, else bsf) */
	int host_popcnt;        /* ... POPCNT (cpop: else the handler) */
	int32_t icount, limit, link, link_pc;
	int32_t force_log;      /* count_runs: a uint64_t, nonzero: log the next run (see below) */
	/* indirect jumps look their target up in e->jc (struct emu_jc_entry: ~PC, block), at
	 * offset jc, jc_mask + 1 entries, and go to the block's chain entry (a pointer at
	 * offset chain_of in the block; NULL when not translated) */
	int32_t jc, chain_of;
	uint32_t jc_mask;
	/* log_runs: every exit that leaves the block (JIT_LEFT, and a loop of one block going
	 * round) first appends the run it ends, JIT_RUN_TAG | (instructions it ran << 48) |
	 * jit_block.block, to the uint64_t array whose next free entry the pointer at offset
	 * run_log gives (and advances it); log_mem: each load and store first appends its guest
	 * address (below 2^48, tag clear) once it passed the check against limit (the access
	 * itself may still fault: the op's handler then does it). The caller bounds env->limit
	 * so that the array cannot overflow: at most two entries per instruction. (A block hook
	 * and the memory trace see the runs so without every block coming back to block_run.)
	 * log_sample (with log_mem): only the addresses whose line a >> sample_shift hashes
	 * (emu_line_hash, its multiplier the uint64_t at offset hash_k) below sample_below */
	int log_runs, log_mem, log_sample;
	/* count_runs (with log_runs): a run that ends at a branch or jump adds one to its counter,
	 * jit_block.ctr[instructions it ran] (a uint64_t the caller sets to UINT64_MAX), and is
	 * logged when that wraps to 0 (the code then puts UINT64_MAX back: logged until the caller
	 * sets the counter to 0, then counted); one that ends elsewhere (the
	 * block's end on a page boundary or at its size limit) is always logged: with
	 * jit_block.tail_goes_on it sets the word at offset force_log, which makes the next run
	 * logged whatever its counter says (the exits of a block with jit_block.cont test it; the
	 * run's exit clears it), else it returns. Every entry then has a second word,
	 * r11 + n_insns of its block: env->limit less it is the instruction count at the block's
	 * start. */
	int count_runs;
	int32_t run_log, hash_k;
	uint32_t sample_shift, sample_below;
};

/* The block being translated. */
struct jit_block {
	const void *block;      /* returned as jit_ret.block */
	uint64_t pc;            /* where it starts (0: unknown) */
	uint32_t n_insns;
	uint64_t pc_end;
	uint64_t *ctr;          /* env->count_runs: n_insns + 1 run counters */
	int cont;               /* ... its counting exits test env->force_log (a block another
	                           may go on to with a basic block open) */
	int open_end;           /* ... its last instruction is not a branch or jump: the run
	                           that ends at its end leaves a basic block open */
	int tail_goes_on;       /* ... that end goes on to the next block (which has cont)
	                           instead of returning */
};

#define JIT_MAX_SLOTS 160
#define JIT_CTR_MASK_WORDS ((JIT_MAX_SLOTS + 64) / 64)
/* env->log_runs: a run's entry; jit_block.block must fit its low 48 bits */
#define JIT_RUN_TAG (1ull << 63)
#define JIT_RUN_PTR_BITS 48

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
	uint32_t n_ops;         /* ops translated */
	int fp_env;             /* the code assumes fflags holds NX and frm is RNE: the caller
	                           checks that before calling it */
	int sp_below;           /* the code assumes sp below the memory limit (JIT_SP_BELOW):
	                           the caller checks that before calling it */
	uint32_t chain;         /* offset of the chain entry */
	uint32_t body;          /* offset of the body (the entry block_run calls) */
	uint32_t n_fault;       /* host memory accesses: where each is, and its op's exit stub */
	uint32_t fault_at[JIT_MAX_SLOTS], fault_to[JIT_MAX_SLOTS];
	/* env->count_runs: the counters the code adds to, bit n of ctr_mask[n / 64] for
	 * jit_block.ctr[n] */
	uint64_t ctr_mask[JIT_CTR_MASK_WORDS];
};

/* Host faults in translated code (jit_fault.c): the accesses of an arena's translations. */
struct jit_faults;
/* Record c's accesses, installed at code inside the arena [lo, lo + size) (*t: the arena's
 * table, made on first use; the SIGSEGV/SIGBUS handlers are installed then). Returns 0, or
 * -1 when it cannot (the translation must not run). */
int jit_fault_add(struct jit_faults **t, const uint8_t *lo, size_t size, const uint8_t *code,
		  const struct jit_code *c) __attribute__((warn_unused_result));
/* Make sure the handlers are robin's (another may have been installed since: it is then
 * called for the faults that are not translated accesses). 0, or -1 when they cannot be.
 * Once they are, it asks the kernel again only after jit_fault_recheck (robin changes them
 * nowhere else; a program around it, a test harness, may between emulators). */
int jit_fault_ready(void);
void jit_fault_recheck(void);
/* Forget an arena's table (its code is gone). */
void jit_fault_free(struct jit_faults *t);

/* Run translated code (from its body or a chain entry) on the hart whose h->x + 128 is xb:
 * saves the host registers the code keeps guest registers in, loads the pinned guest
 * registers, calls it, stores them back to struct hart, restores the host registers (jit.c's
 * assembly). Guest memory is at base; accesses at limit or above take their handler. room:
 * the instructions the code may run beyond the block entered at its body (at most
 * JIT_ROOM_MAX; the code counts it down); env->limit must hold the count at which it is used
 * up. jit_call does that for block_run. */
struct jit_ret jit_enter(uint8_t *xb, uint8_t *base, uint64_t limit, const void *code,
			 uint64_t room);
#define JIT_ROOM_MAX (1ull << 62)

/* JIT_SP_BELOW: translated code assumes that sp (x2) is below the memory limit (jit_enter's
 * `limit`) whenever it runs: its loads and stores through sp have no check of their own (an
 * address within 4 KiB of one below the limit is inside the guest's space or gmem's guards,
 * GMEM_GUARD); every write of sp in translated code checks it and returns the next op's
 * index when it is not below; the caller enters code with jit_code.sp_below set only when
 * it is. (Not when the code logs addresses, env->log_mem: it checks every access then, and
 * sp_below is 0.) */

/* Run the code at `code`, the body of a block of n_insns instructions (n_insns 0: a chain
 * entry, which takes its own), with the run's count icount before it and its limit stop (no
 * block the code chains to may end past it; the caller checked the block it enters at its
 * body): the room to jit_enter, the count at which it is used up to *env_limit. */
static inline struct jit_ret jit_call(uint8_t *xb, uint8_t *base, uint64_t limit, const void *code,
				      uint64_t icount, uint32_t n_insns, uint64_t stop,
				      uint64_t *env_limit)
{
	uint64_t from = icount + n_insns;
	uint64_t room = stop > from ? stop - from : 0;
	if (room > JIT_ROOM_MAX)
		room = JIT_ROOM_MAX;
	*env_limit = from + room;
	return jit_enter(xb, base, limit, code, room);
}

/* Translate ops[0..n) of blk into buf (cap bytes). Returns 0 and fills *out, or -1 when the
 * first op is not translatable or buf is too small. */
int jit_translate(const struct jit_env *env, const struct jit_block *blk, const struct jit_op *ops,
		  uint32_t n, uint8_t *buf, uint32_t cap, struct jit_code *out);

/* Copy a translation to where it runs (c->len bytes at dst, executable, never writable: it
 * is written through its writable alias dst_w, emu_arena_w). */
void jit_install(uint8_t *dst, uint8_t *dst_w, const uint8_t *buf, const struct jit_code *c);

/* Point an exit's jump (its rel32 at rel, written through its writable alias rel_w) at
 * chain, a chain entry in the same arena (within 2 GiB). */
void jit_link(uint8_t *rel_w, const uint8_t *rel, const void *chain);

/* Make a block's chain entry return JIT_ENTER from now on (its page was dropped: it must not
 * run again); chain_w is the writable alias of its chain entry. */
void jit_retire(uint8_t *chain_w);

/* Is this host one the translator emits code for? */
int jit_host_supported(void);

#endif
