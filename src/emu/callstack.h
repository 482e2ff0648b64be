/*
 * callstack.h — the guest's calling context, exactly, from its call and return instructions:
 * a shadow stack driven by the RISC-V psABI return-address hints (jal/jalr writing ra or t0
 * push, jalr x0 through ra or t0 pops, jalr ra<->t0 swaps pop then push), with unwinds that
 * skip frames (longjmp, exceptions) resolved by the stack pointer and signal handlers entered
 * and left by the emulator's control transfers. Each distinct chain of call sites is interned
 * once as a node of a calling-context tree; the node id ("context") of the instruction is what
 * the timing model carries to the profilers (probe_insn.ctx), and a sample's stack is the
 * node's call sites followed by the sampled pc.
 * Entry points: callstack_create, callstack_step, callstack_frames, callstack_destroy.
 */
#ifndef ROBIN_EMU_CALLSTACK_H
#define ROBIN_EMU_CALLSTACK_H

#include <stddef.h>
#include <stdint.h>

#include "emu/emu.h"

#define CALLSTACK_ROOT 0          /* the context of code outside any call (the entry point) */
#define CALLSTACK_MAX_DEPTH 1024  /* deeper calls are tracked for their returns but share the
                                     context of depth CALLSTACK_MAX_DEPTH (as perf's max stack) */
#define CALLSTACK_SIG_MAX 16      /* nested signal handlers remembered for their sigreturn */

struct callstack;

/* Counters of what the shadow stack saw. */
struct callstack_stats {
	uint64_t calls, returns;  /* pushes and pops by the psABI hints */
	uint64_t unwinds;         /* returns to a pc no live frame expected (longjmp): frames
	                             dropped by the stack pointer */
	uint64_t signals, sigreturns; /* handler entries and returns to the interrupted code */
	uint64_t truncated;       /* calls deeper than CALLSTACK_MAX_DEPTH */
	uint32_t max_depth;
	uint32_t contexts;        /* distinct calling contexts (nodes, the root included) */
};

/* An empty shadow stack (context CALLSTACK_ROOT). Returns 0 or -ENOMEM. */
int callstack_create(struct callstack **out) __attribute__((warn_unused_result));

/* The context record d (just executed by emu_step on e) ran in; then apply its effect: a call
 * pushes, a return pops, a transfer into a signal handler (or back) pushes (pops) a frame
 * whose call site is the interrupted pc. Registers are read from e after the step (sp, ra).
 * Never fails: when memory runs out the stack stops deepening (callstack_oom). */
uint32_t callstack_step(struct callstack *cs, const struct emu *e, const struct emu_dyn *d);

/* The call sites of context ctx, outermost first, into out[0..max): returns how many the
 * context has (may exceed max; only max written). The root has none. */
size_t callstack_frames(const struct callstack *cs, uint32_t ctx, uint64_t *out, size_t max);

/* The depth (number of call sites) of context ctx. */
uint32_t callstack_depth(const struct callstack *cs, uint32_t ctx);

void callstack_stats(const struct callstack *cs, struct callstack_stats *out);
int callstack_oom(const struct callstack *cs);

void callstack_destroy(struct callstack *cs);

#endif
