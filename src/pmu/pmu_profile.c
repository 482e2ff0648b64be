/*
 * pmu_profile.c — the per-pc accumulator of simulated profilers (see pmu_profile.h).
 */
#include "pmu/pmu_profile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/probe.h"

#define PMU_PROFILE_INITIAL 1024

int pmu_cat_state(enum pmu_cat c)
{
	switch (c) {
	case PMU_CAT_EXECUTE:
		return PROBE_COMPUTING;
	case PMU_CAT_FLUSH_MISPREDICT:
	case PMU_CAT_FLUSH_MISC:
		return PROBE_FLUSHED;
	case PMU_CAT_FRONTEND:
		return PROBE_DRAINED;
	default:
		return PROBE_STALLED;
	}
}

const char *pmu_cat_name(enum pmu_cat c)
{
	static const char *const names[PMU_CAT_N] = {
		[PMU_CAT_EXECUTE] = "execute",
		[PMU_CAT_STALL_ALU] = "ALU stall",
		[PMU_CAT_STALL_LOAD] = "load stall",
		[PMU_CAT_STALL_STORE] = "store stall",
		[PMU_CAT_FLUSH_MISPREDICT] = "mispredict",
		[PMU_CAT_FLUSH_MISC] = "misc flush",
		[PMU_CAT_FRONTEND] = "front-end",
	};
	return (unsigned)c < PMU_CAT_N ? names[c] : "?";
}

static size_t pmu_profile_hash(uint64_t pc, size_t mask)
{
	uint64_t h = (pc >> 1) * 0x9e3779b97f4a7c15ull;
	return (size_t)(h >> 32) & mask;
}

int pmu_profile_init(struct pmu_profile *p, uint64_t divisor)
{
	memset(p, 0, sizeof(*p));
	p->divisor = divisor ? divisor : 1;
	for (size_t k = 0; k < PMU_PROFILE_RECENT; k++)
		p->recent[k].pc = (uint64_t)((k + 1) & (PMU_PROFILE_RECENT - 1)) << 1;
	p->cap = PMU_PROFILE_INITIAL;
	p->nslot = 2 * PMU_PROFILE_INITIAL;
	p->e = malloc(p->cap * sizeof(*p->e));
	p->slot = calloc(p->nslot, sizeof(*p->slot));
	if (!p->e || !p->slot) {
		pmu_profile_free(p);
		return -ENOMEM;
	}
	return 0;
}

static int pmu_profile_grow(struct pmu_profile *p)
{
	size_t cap = 2 * p->cap, nslot = 2 * cap;
	struct pmu_entry *e = realloc(p->e, cap * sizeof(*e));
	if (!e)
		return -ENOMEM;
	p->e = e;
	uint32_t *slot = calloc(nslot, sizeof(*slot));
	if (!slot)
		return -ENOMEM;
	for (size_t i = 0; i < p->n; i++) {
		size_t h = pmu_profile_hash(p->e[i].pc, nslot - 1);
		while (slot[h])
			h = (h + 1) & (nslot - 1);
		slot[h] = (uint32_t)(i + 1);
	}
	free(p->slot);
	p->slot = slot;
	p->nslot = nslot;
	p->cap = cap;
	return 0;
}

static size_t pmu_profile_lookup(const struct pmu_profile *p, uint64_t pc, size_t *hslot)
{
	size_t mask = p->nslot - 1, h = pmu_profile_hash(pc, mask);
	while (p->slot[h]) {
		size_t i = p->slot[h] - 1;
		if (p->e[i].pc == pc)
			return i;
		h = (h + 1) & mask;
	}
	*hslot = h;
	return SIZE_MAX;
}

size_t pmu_profile_slot(struct pmu_profile *p, uint64_t pc, const struct isa_insn *in)
{
	size_t h, i = pmu_profile_lookup(p, pc, &h);
	if (i == SIZE_MAX) {
		if (p->n == p->cap) {
			if (pmu_profile_grow(p)) {
				p->oom = 1;
				return SIZE_MAX;
			}
			pmu_profile_lookup(p, pc, &h);
		}
		i = p->n++;
		memset(&p->e[i], 0, sizeof(p->e[i]));
		p->e[i].pc = pc;
		p->e[i].insn = in;
		p->slot[h] = (uint32_t)(i + 1);
	}
	p->recent[pmu_profile_recent_slot(pc)] = (struct pmu_profile_recent){ pc, i };
	return i;
}

const struct pmu_entry *pmu_profile_find(const struct pmu_profile *p, uint64_t pc)
{
	size_t h;
	if (!p->slot)
		return NULL;
	size_t i = pmu_profile_lookup(p, pc, &h);
	return i == SIZE_MAX ? NULL : &p->e[i];
}

static int pmu_profile_cmp(const void *x, const void *y)
{
	const struct pmu_entry *a = *(const struct pmu_entry *const *)x;
	const struct pmu_entry *b = *(const struct pmu_entry *const *)y;
	if (a->total != b->total)
		return a->total > b->total ? -1 : 1;
	return a->pc < b->pc ? -1 : a->pc > b->pc;
}

const struct pmu_entry **pmu_profile_sorted(const struct pmu_profile *p, size_t *n)
{
	*n = 0;
	if (!p->n)
		return NULL;
	const struct pmu_entry **v = malloc(p->n * sizeof(*v));
	if (!v)
		return NULL;
	for (size_t i = 0; i < p->n; i++)
		v[i] = &p->e[i];
	if (p->n) /* qsort needs a non-NULL base even for 0 items */
		qsort(v, p->n, sizeof(*v), pmu_profile_cmp);
	*n = p->n;
	return v;
}

void pmu_profile_free(struct pmu_profile *p)
{
	free(p->e);
	free(p->slot);
	p->e = NULL;
	p->slot = NULL;
	p->n = p->cap = p->nslot = 0;
}
