/*
 * pmu_stacks.c — units per (calling context, pc) (see pmu_stacks.h): an open-addressing
 * hash that grows by doubling, never per cycle.
 */
#include "pmu/pmu_stacks.h"
#include "util/oa_index.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define PMU_STACKS_INITIAL 1024

static size_t pmu_stacks_hash(uint32_t ctx, uint64_t pc, size_t mask)
{
	/* pc and context mixed separately: (pc ^ ctx) would map whole diagonals of pairs to
	 * one key (measured: a third of the simulation's time in probing) */
	uint64_t h = (pc >> 1) * 0x9e3779b97f4a7c15ull ^ (uint64_t)(ctx + 1) * 0xc2b2ae3d27d4eb4full;
	h ^= h >> 31;
	return (size_t)(h * 0x94d049bb133111ebull >> 32) & mask;
}

static size_t pmu_stacks_entry_hash(const void *entries, size_t i)
{
	const struct pmu_stack_entry *e = (const struct pmu_stack_entry *)entries + i;
	return pmu_stacks_hash(e->ctx, e->pc, SIZE_MAX);
}

int pmu_stacks_init(struct pmu_stacks *s)
{
	memset(s, 0, sizeof(*s));
	s->cap = PMU_STACKS_INITIAL;
	s->nslot = 2 * PMU_STACKS_INITIAL;
	s->e = malloc(s->cap * sizeof(*s->e));
	s->slot = calloc(s->nslot, sizeof(*s->slot));
	if (!s->e || !s->slot) {
		pmu_stacks_free(s);
		return -ENOMEM;
	}
	return 0;
}

static int pmu_stacks_grow(struct pmu_stacks *s)
{
	size_t cap = 2 * s->cap, nslot = 2 * cap;
	if (cap > UINT32_MAX / 2)
		return -ENOMEM;
	struct pmu_stack_entry *e = realloc(s->e, cap * sizeof(*e));
	if (!e)
		return -ENOMEM;
	s->e = e;
	uint32_t *slot = oa_index_build(nslot, s->n, pmu_stacks_entry_hash, e);
	if (!slot)
		return -ENOMEM;
	free(s->slot);
	s->slot = slot;
	s->nslot = nslot;
	s->cap = cap;
	return 0;
}

void pmu_stacks_add(struct pmu_stacks *s, uint32_t ctx, uint64_t pc, uint64_t units)
{
	size_t i = s->last;
	uint32_t *rc = &s->recent[((pc >> 1) ^ ((size_t)ctx * 0x9e5u)) & (PMU_STACKS_RECENT - 1)];
	if (i < s->n && s->e[i].pc == pc && s->e[i].ctx == ctx) {
		/* the same pair again */
	} else if (*rc && s->e[*rc - 1].pc == pc && s->e[*rc - 1].ctx == ctx) {
		i = *rc - 1;
		s->last = i;
	} else {
		size_t mask = s->nslot - 1, h = pmu_stacks_hash(ctx, pc, mask);
		for (; s->slot[h]; h = (h + 1) & mask) {
			i = s->slot[h] - 1;
			if (s->e[i].pc == pc && s->e[i].ctx == ctx)
				break;
		}
		if (!s->slot[h]) {
			if (s->n == s->cap) {
				if (pmu_stacks_grow(s)) {
					s->oom = 1;
					return;
				}
				mask = s->nslot - 1;
				for (h = pmu_stacks_hash(ctx, pc, mask); s->slot[h]; h = (h + 1) & mask)
					;
			}
			i = s->n++;
			s->e[i] = (struct pmu_stack_entry){ pc, ctx, 0 };
			s->slot[h] = (uint32_t)(i + 1);
		}
		s->last = i;
		*rc = (uint32_t)(i + 1);
	}
	s->e[i].units += units;
	s->total += units;
}

void pmu_stacks_free(struct pmu_stacks *s)
{
	free(s->e);
	free(s->slot);
	s->e = NULL;
	s->slot = NULL;
	s->n = s->cap = s->nslot = 0;
}
