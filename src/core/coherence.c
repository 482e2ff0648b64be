/*
 * coherence.c — the snooping MSI protocol between the cores' private caches (coherence.h).
 * Every request that is not a hit in the Modified state looks up the other cores' L1Ds (and
 * private L2s) — n - 1 tag lookups, made only when more than one core exists.
 */
#include "core/coherence.h"

#include "core/memsys.h"

void coherence_init(struct coherence *c, struct memsys **mem, unsigned n, uint32_t snoop_cycles)
{
	c->n = n > COHERENCE_MAX_CORES ? COHERENCE_MAX_CORES : n;
	c->snoop_cycles = snoop_cycles;
	for (unsigned i = 0; i < c->n; i++) {
		c->mem[i] = mem[i];
		mem[i]->coh = c;
		mem[i]->coh_id = i;
	}
}

/* Drop addr's line from cache level `from_l2` of core o, writing it back when dirty. 1 when
 * o held it. */
static int coherence_drop(struct memsys *o, int from_l2, uint64_t addr, uint64_t now)
{
	struct cache *k = from_l2 ? &o->l2 : &o->l1d;
	int64_t s = cache_lookup(k, addr, 0);
	if (s < 0)
		return 0;
	if (k->dirty[s])
		memsys_writeback(o, from_l2, addr, now);
	cache_invalidate(k, (uint64_t)s);
	return 1;
}

uint32_t coherence_store(struct memsys *m, uint64_t addr, uint64_t now)
{
	struct coherence *c = m->coh;
	int met = 0;
	for (unsigned i = 0; i < c->n; i++) {
		struct memsys *o = c->mem[i];
		if (o == m)
			continue;
		int had = coherence_drop(o, 0, addr, now);
		if (o->has_l2)
			had |= coherence_drop(o, 1, addr, now);
		if (had) {
			o->st.coh_invalidated++;
			m->st.coh_invalidations++;
			met = 1;
		}
	}
	return met ? c->snoop_cycles : 0;
}

int coherence_modified_elsewhere(const struct memsys *m, uint64_t addr)
{
	const struct coherence *c = m->coh;
	for (unsigned i = 0; i < c->n; i++) {
		struct memsys *o = c->mem[i];
		if (o == m)
			continue;
		int64_t s = cache_lookup(&o->l1d, addr, 0);
		if (s >= 0 && o->l1d.dirty[s])
			return 1;
		if (o->has_l2 && (s = cache_lookup(&o->l2, addr, 0)) >= 0 && o->l2.dirty[s])
			return 1;
	}
	return 0;
}

uint32_t coherence_load_miss(struct memsys *m, uint64_t addr, uint64_t now)
{
	struct coherence *c = m->coh;
	for (unsigned i = 0; i < c->n; i++) {
		struct memsys *o = c->mem[i];
		if (o == m)
			continue;
		int64_t s = cache_lookup(&o->l1d, addr, 0);
		if (s >= 0 && o->l1d.dirty[s]) {
			/* Modified elsewhere: written back, both keep it Shared (at most one holder) */
			memsys_writeback(o, 0, addr, now);
			o->l1d.dirty[s] = 0;
			m->st.coh_interventions++;
			return c->snoop_cycles;
		}
	}
	return 0;
}
