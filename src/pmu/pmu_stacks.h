/*
 * pmu_stacks.h — a simulated profiler's time per calling context: units per (context, pc),
 * where the context is the shadow-stack node the instruction ran in (probe_insn.ctx,
 * emu/callstack.h) and pc the blamed instruction, so every sample keeps its exact stack.
 * Kept beside the flat per-pc profile (pmu_profile.h) when pmu_config.stacks asks for it.
 * Entry points: pmu_stacks_init, pmu_stacks_add, pmu_stacks_free.
 */
#ifndef ROBIN_PMU_PMU_STACKS_H
#define ROBIN_PMU_PMU_STACKS_H

#include <stddef.h>
#include <stdint.h>

struct pmu_stack_entry {
	uint64_t pc;      /* the blamed instruction (the stack's leaf) */
	uint32_t ctx;     /* its calling context */
	uint64_t units;   /* time in units of 1/divisor, as the flat profile */
};

#define PMU_STACKS_RECENT 1024

struct pmu_stacks {
	struct pmu_stack_entry *e; /* in first-seen order */
	size_t n, cap;
	uint32_t *slot;            /* entry index + 1, 0 empty; power-of-two count >= 2 * cap */
	size_t nslot;
	size_t last;               /* the last entry touched (repeated stalls) */
	uint32_t recent[PMU_STACKS_RECENT]; /* direct-mapped by (ctx, pc): entry index + 1 of a
	                              pair seen lately, 0 none (a loop's pairs stay in cache) */
	uint64_t total;            /* units over all entries */
	int oom;                   /* an add was dropped for lack of memory */
};

/* An empty table. Returns 0 or -ENOMEM. */
int pmu_stacks_init(struct pmu_stacks *s) __attribute__((warn_unused_result));

/* (ctx, pc) += units. Never fails: when growing fails the add is dropped and s->oom set. */
void pmu_stacks_add(struct pmu_stacks *s, uint32_t ctx, uint64_t pc, uint64_t units);

void pmu_stacks_free(struct pmu_stacks *s);

#endif
