/*
 * collect_unwind.h — `--call-graph dwarf` in the collector: samples that carry the user
 * registers and a copy of the user stack are held (their bytes copied out of the ring, so the
 * ring frees at once) and unwound later in batches, off the drain of the rings, with the
 * DWARF CFI of the mapped files (elf/elf_unwind.h); one unwinding address space per process
 * era, kept until the eras may be reaped. Entry points: collect_unwind_hold,
 * collect_unwind_run, collect_unwind_forget, collect_unwind_free.
 */
#ifndef ROBIN_COLLECT_COLLECT_UNWIND_H
#define ROBIN_COLLECT_COLLECT_UNWIND_H

#include <stddef.h>
#include <stdint.h>

#include "collect/perf_ring.h"
#include "collect/procmap.h"

#define COLLECT_UNWIND_SLICE_NS 2000000ull    /* unwind this long between ring drains */
#define COLLECT_UNWIND_HOLD_MAX (64u << 20)   /* held past this: unwind all before reading on */
#define COLLECT_UNWIND_MAX_FRAMES 256
#define COLLECT_OFFCPU_STACK_BYTES 1024u      /* --off-cpu -g: user stack copied per switch */

/* The user registers a dwarf sample asks for (perf's x86-64 numbering: the general registers
 * and the ip); 0 where robin cannot unwind. */
#if defined(__x86_64__)
#include <asm/perf_regs.h>
#define COLLECTOR_DWARF_REGS_MASK (((1ull << (PERF_REG_X86_IP + 1)) - 1) | \
				   (((1ull << (PERF_REG_X86_R15 + 1)) - 1) & \
				    ~((1ull << PERF_REG_X86_R8) - 1)))
#else
#define COLLECTOR_DWARF_REGS_MASK 0ull
#endif

struct collect_unwind_space;

struct collect_unwind_stats {
	uint64_t samples;          /* samples unwound */
	uint64_t frames;           /* user frames found (the sampled pc included) */
	uint64_t leaf_only;        /* samples whose unwinding gave the sampled pc alone */
	uint64_t no_regs;          /* samples without user registers (kernel threads) */
};

struct collect_unwind {
	struct procmap *pm;
	uint8_t *buf;              /* held samples, packed */
	size_t len, cap;
	size_t done;               /* bytes of buf already unwound */
	struct collect_unwind_space *spaces;  /* one per era seen since the last forget */
	size_t n_spaces, cap_spaces;
	struct collect_unwind_stats st;
};

/* One unwound stack: pc[0] the sampled instruction, then each caller (return address - 1),
 * kernel frames (bit 63 set) before the user ones. */
typedef void (*collect_unwind_fn)(void *arg, unsigned event, struct cera *era,
				  const uint64_t *pc, size_t n);

/* Hold sample r of event `event` in era (NULL: unknown process): its kernel callchain, user
 * registers and stack bytes. -ENOMEM. */
int collect_unwind_hold(struct collect_unwind *u, unsigned event, struct cera *era,
			const struct perf_rec *r) __attribute__((warn_unused_result));

/* Unwind held samples in order, handing each stack to fn, for at most budget_ns of CPU time
 * (0: all of them); the buffer is emptied once all are done. Returns 1 if some are left. */
int collect_unwind_run(struct collect_unwind *u, collect_unwind_fn fn, void *arg,
		       uint64_t budget_ns);

/* Unwind one stack now (--off-cpu): the user registers as a sample carries them (perf's
 * order, COLLECTOR_DWARF_REGS_MASK) and stack_size bytes copied from the stack pointer. pc
 * gets the user frames, the registers' pc first, then each caller (return address - 1); *n the
 * count (1 when nothing could be unwound, 0 without registers). Uses the era's unwinding space
 * as collect_unwind_run does. */
void collect_unwind_user(struct collect_unwind *u, struct cera *era, uint32_t tid,
			 const void *regs_perf, const void *stack, size_t stack_size, uint64_t *pc,
			 size_t max, size_t *n);

/* Drop the per-era unwinding state (call before procmap_reap may free eras). */
void collect_unwind_forget(struct collect_unwind *u);

void collect_unwind_free(struct collect_unwind *u);

#endif
