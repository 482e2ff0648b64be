/*
 * pmu_profile.h — what a simulated profiler produces: per instruction address, the time it
 * attributed, split into the cycle-stack categories of 004_b28092482852db08.txt Paper A §3.1
 * (execute, ALU / load / store stall, mispredict flush, misc flush, front-end). Counts are in
 * units of 1/divisor so that 1/n shares of a cycle or a sample stay exact integers.
 * An open-addressing hash table keyed by pc; it grows by doubling, never per cycle.
 * Entry points: pmu_profile_init, pmu_profile_add, pmu_profile_sorted, pmu_profile_free.
 */
#ifndef ROBIN_PMU_PMU_PROFILE_H
#define ROBIN_PMU_PMU_PROFILE_H

#include <stddef.h>
#include <stdint.h>

#include "isa/isa.h"

/* Cycle-stack categories; the values equal analysis/cycle_stack.h's CYCLE_STACK_* (the
 * profile tools name them), which the layer above checks at compile time. */
enum pmu_cat {
	PMU_CAT_EXECUTE,          /* computing: the instruction committed */
	PMU_CAT_STALL_ALU,        /* stalled on a non-memory instruction at the ROB head */
	PMU_CAT_STALL_LOAD,       /* stalled on a load or AMO */
	PMU_CAT_STALL_STORE,      /* stalled on a store */
	PMU_CAT_FLUSH_MISPREDICT, /* ROB empty after a mispredicted branch or jump */
	PMU_CAT_FLUSH_MISC,       /* ROB empty after another flush (fflags/frm write, fence.i,
	                             ecall, memory-ordering violation, exception) */
	PMU_CAT_FRONTEND,         /* ROB drained: the front end did not deliver */
	PMU_CAT_N
};

/* The commit state (enum probe_state numbering) a category belongs to. */
int pmu_cat_state(enum pmu_cat c);
const char *pmu_cat_name(enum pmu_cat c);   /* "execute", "load stall", ... */

struct pmu_entry {
	uint64_t pc;
	const struct isa_insn *insn;  /* decoded instruction (stable for the run), may be NULL */
	uint64_t total;               /* units, = sum of cat[] */
	uint64_t cat[PMU_CAT_N];      /* units per category */
};

#define PMU_PROFILE_RECENT 256 /* direct-mapped cache in front of the hash table */

/* A slot of that cache: a pc added lately and its entry. Slot k starts with a pc that does
 * not map to k, so that it matches nothing until set. */
struct pmu_profile_recent {
	uint64_t pc;
	size_t i;
};

/* The cache slot of pc. */
static inline size_t pmu_profile_recent_slot(uint64_t pc)
{
	return (size_t)(pc >> 1) & (PMU_PROFILE_RECENT - 1);
}

struct pmu_profile {
	struct pmu_entry *e;      /* entries in first-seen order */
	size_t n, cap;
	uint32_t *slot;           /* hash slots: entry index + 1, 0 = empty */
	size_t nslot;             /* power of two, >= 2 * cap */
	uint64_t divisor;         /* units per cycle (oracle) or per sample */
	uint64_t total;           /* units over all entries */
	uint64_t cat_total[PMU_CAT_N];
	struct pmu_profile_recent recent[PMU_PROFILE_RECENT]; /* by pmu_profile_recent_slot */
	int oom;                  /* an add was dropped for lack of memory */
};

/* Initialise an empty profile whose counts are in units of 1/divisor. Returns 0 or -ENOMEM. */
int pmu_profile_init(struct pmu_profile *p, uint64_t divisor)
	__attribute__((warn_unused_result));

/* The index of pc's entry when the recent-entry cache misses: looked up in the hash table,
 * created if new (remembered in the cache); SIZE_MAX (p->oom set) when memory ran out.
 * For pmu_profile_add. */
size_t pmu_profile_slot(struct pmu_profile *p, uint64_t pc, const struct isa_insn *in);

/* The entry of pc when the direct-mapped cache holds it, else NULL: no call, no change
 * (for callers that do the adds of a cycle only when all of them hit). */
static inline struct pmu_entry *pmu_profile_cached(struct pmu_profile *p, uint64_t pc)
{
	const struct pmu_profile_recent *r = &p->recent[pmu_profile_recent_slot(pc)];
	return r->pc == pc ? &p->e[r->i] : NULL;
}

/* units in category c to an entry of p (from pmu_profile_cached): as pmu_profile_add below. */
static inline void pmu_profile_add_entry(struct pmu_profile *p, struct pmu_entry *e,
					 const struct isa_insn *in, enum pmu_cat c, uint64_t units)
{
	if (!e->insn)
		e->insn = in;
	e->total += units;
	e->cat[c] += units;
	p->total += units;
	p->cat_total[c] += units;
}

/* pc += units in category c. Never fails: when growing the table fails the add is dropped
 * and p->oom set (callers report it). Inline: a pc in the direct-mapped cache (the same
 * instruction again, a loop of up to 512 bytes) costs no call. */
static inline void pmu_profile_add(struct pmu_profile *p, uint64_t pc, const struct isa_insn *in,
				   enum pmu_cat c, uint64_t units)
{
	const struct pmu_profile_recent *r = &p->recent[pmu_profile_recent_slot(pc)];
	size_t i = r->i;
	if (r->pc != pc && (i = pmu_profile_slot(p, pc, in)) == SIZE_MAX)
		return;
	pmu_profile_add_entry(p, &p->e[i], in, c, units);
}

/* The entry of pc, or NULL. */
const struct pmu_entry *pmu_profile_find(const struct pmu_profile *p, uint64_t pc);

/* Pointers to the entries sorted by total, heaviest first (ties by pc). malloc'd; NULL when
 * the profile is empty or memory ran out (*n then 0). */
const struct pmu_entry **pmu_profile_sorted(const struct pmu_profile *p, size_t *n);

void pmu_profile_free(struct pmu_profile *p);

#endif
