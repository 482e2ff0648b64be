/*
 * memsys.c — the cache/TLB/DRAM hierarchy (see mem.h). Latencies compose: an L1D hit costs
 * l1d_cycles, an LLC hit adds llc_cycles (and l2_cycles when there is an L2), a DRAM access
 * adds the DRAM model's time. Dirty evictions are written back to the level below, and from
 * the LLC to DRAM, so store streams consume bandwidth.
 */
#include "core/memsys.h"

#include <errno.h>
#include <string.h>

#include "core/coherence.h"
#include "core/probe.h"

/* Page-table entries live in a region no guest address reaches. */
#define MEMSYS_PT_BASE 0xfff0000000000000ull

const char *memsys_cause_name(enum cache_cause cause)
{
	static const char *const names[CACHE_CAUSE_N] = { "demand", "prefetch", "page_walk" };
	return (unsigned)cause < CACHE_CAUSE_N ? names[cause] : "?";
}

int memsys_init(struct memsys *m, const struct core_config *cfg)
{
	memset(m, 0, sizeof(*m));
	m->cfg = cfg;
	m->line_shift = (uint32_t)__builtin_ctz(cfg->line_bytes);
	m->has_l2 = cfg->l2_kb != 0;
	int rc;
	if ((rc = cache_init(&m->l1i, "l1i", (uint64_t)cfg->l1i_kb << 10, cfg->l1i_ways,
	                     m->line_shift, 1, 1)) ||
	    (rc = cache_init(&m->l1d, "l1d", (uint64_t)cfg->l1d_kb << 10, cfg->l1d_ways,
	                     m->line_shift, cfg->l1d_cycles, cfg->l1d_mshrs)) ||
	    (rc = cache_init(&m->llc, "llc", (uint64_t)cfg->llc_kb << 10, cfg->llc_ways,
	                     m->line_shift, cfg->llc_cycles, cfg->llc_mshrs)) ||
	    (m->has_l2 && (rc = cache_init(&m->l2, "l2", (uint64_t)cfg->l2_kb << 10, cfg->l2_ways,
	                                   m->line_shift, cfg->l2_cycles, cfg->l2_mshrs))) ||
	    (rc = dram_init(&m->dram, cfg)) ||
	    (rc = tlb_init(&m->itlb, cfg->itlb_entries, 0)) ||
	    (rc = tlb_init(&m->dtlb, cfg->dtlb_entries, 0)) ||
	    (rc = tlb_init(&m->l2tlb, cfg->l2tlb_entries, 1))) {
		memsys_fini(m);
		return rc;
	}
	m->llc_at = &m->llc;
	m->dram_at = &m->dram;
	return 0;
}

void memsys_share(struct memsys *m, struct memsys *owner)
{
	m->llc_at = &owner->llc;
	m->dram_at = &owner->dram;
}

void memsys_fini(struct memsys *m)
{
	cache_fini(&m->l1i);
	cache_fini(&m->l1d);
	cache_fini(&m->l2);
	cache_fini(&m->llc);
	dram_fini(&m->dram);
	tlb_fini(&m->itlb);
	tlb_fini(&m->dtlb);
	tlb_fini(&m->l2tlb);
}

/* Write a dirty line evicted from the level above `from` into the levels below. Returns the
 * cycle it has left (now, or later when it ends in a full DRAM write queue). */
static uint64_t memsys_wb(struct memsys *m, int from_l2, uint64_t addr, uint64_t now)
{
	uint64_t victim, gone = now;
	m->st.writebacks++;
	if (!from_l2 && m->has_l2) {
		int64_t s = cache_lookup(&m->l2, addr, 0);
		if (s < 0)
			s = (int64_t)cache_fill(&m->l2, addr, now, PROBE_LEVEL_L2, 0, &victim);
		else
			victim = UINT64_MAX;
		m->l2.dirty[s] = 1;
		if (victim != UINT64_MAX)
			gone = memsys_wb(m, 1, victim, now);
		return gone;
	}
	int64_t s = cache_lookup(m->llc_at, addr, 0);
	if (s < 0) {
		s = (int64_t)cache_fill(m->llc_at, addr, now, PROBE_LEVEL_LLC, 0, &victim);
		if (victim != UINT64_MAX)
			gone = dram_access(m->dram_at, victim, now, 1);
	}
	m->llc_at->dirty[s] = 1;
	return gone;
}

/* A line filled into slot `slot` of c at `done` evicted the dirty line victim, written back
 * from `from_l2`'s level at `now`: the fill completes no earlier than the victim has left.
 * Returns the fill's completion. */
static uint64_t memsys_evict(struct memsys *m, struct cache *c, uint64_t slot, int from_l2,
                             uint64_t victim, uint64_t now, uint64_t done)
{
	if (victim == UINT64_MAX)
		return done;
	uint64_t gone = memsys_wb(m, from_l2, victim, now);
	if (gone > done)
		c->ready[slot] = done = gone;
	return done;
}

/* One access to a cache below the L1s (the L2 or the LLC, whose own level is `own`) at
 * `start`. A hit sets *t to the cycle the line is there — later than start + hit_cycles when
 * the line is still on its way from below (a merge: r->level says who serves it) — and
 * returns 1, or 2 for a merge. A miss sets *t to the cycle an MSHR is free and returns 0. */
static int memsys_lower_access(struct cache *c, uint64_t addr, uint64_t start,
                               enum cache_cause cause, uint8_t own, struct memsys_result *r,
                               uint64_t *t)
{
	int demand = cause == CACHE_CAUSE_DEMAND;
	if (demand)
		c->st.accesses++;
	c->st.cause_accesses[cause]++;
	int64_t s = cache_lookup(c, addr, 1);
	if (s >= 0) {
		*t = start + c->hit_cycles;
		if (c->ready[s] <= *t) {
			r->level = own;
			return 1;
		}
		*t = c->ready[s];
		c->st.merges++;
		r->level = c->level[s];
		r->llc_miss = c->level[s] == PROBE_LEVEL_DRAM;
		return 2;
	}
	if (demand)
		c->st.misses++;
	c->st.cause_misses[cause]++;
	*t = cache_mshr_free_at(c, start);
	if (*t > start)
		c->st.mshr_full++;
	return 0;
}

/* Bring addr's line from the LLC or DRAM, the request leaving the level above at `start`.
 * Returns the cycle the line arrives above; sets the serving level and the miss flags. */
static uint64_t memsys_from_llc(struct memsys *m, uint64_t addr, uint64_t start,
                                enum cache_cause cause, struct memsys_result *r)
{
	struct cache *c = m->llc_at;
	uint64_t t;
	int demand = cause == CACHE_CAUSE_DEMAND;
	m->st.llc_accesses += (uint64_t)demand;
	m->st.llc_cause_accesses[cause]++;
	if (memsys_lower_access(c, addr, start, cause, PROBE_LEVEL_LLC, r, &t))
		return t;
	m->st.llc_misses += (uint64_t)demand;
	m->st.llc_cause_misses[cause]++;
	m->st.dram_reads[cause]++;
	uint64_t done = dram_access(m->dram_at, addr, t + c->hit_cycles, 0);
	uint64_t victim;
	uint64_t slot = cache_fill(c, addr, done, PROBE_LEVEL_DRAM, 0, &victim);
	if (victim != UINT64_MAX) {
		uint64_t gone = dram_access(m->dram_at, victim, t, 1);
		if (gone > done)
			c->ready[slot] = done = gone;
	}
	cache_mshr_take(c, t, done);
	r->llc_miss = 1;
	r->level = PROBE_LEVEL_DRAM;
	return done;
}

/* Below the L1s: through the L2 when there is one, else straight to the LLC. */
static uint64_t memsys_below_l1(struct memsys *m, uint64_t addr, uint64_t start,
                                enum cache_cause cause, struct memsys_result *r)
{
	if (!m->has_l2)
		return memsys_from_llc(m, addr, start, cause, r);
	struct cache *c = &m->l2;
	uint64_t t;
	int hit = memsys_lower_access(c, addr, start, cause, PROBE_LEVEL_L2, r, &t);
	if (hit) {
		if (hit == 2)
			r->l2_miss = 1;
		return t;
	}
	r->l2_miss = 1;
	uint64_t done = memsys_from_llc(m, addr, t + c->hit_cycles, cause, r);
	uint64_t victim;
	uint64_t slot = cache_fill(c, addr, done, r->level, 0, &victim);
	done = memsys_evict(m, c, slot, 1, victim, t, done);
	cache_mshr_take(c, t, done);
	return done;
}

/* A page walk for vpn starting at `now` through the L1D (as Rocket's PTW does): returns the
 * cycle the translation is known. */
static __attribute__((noinline)) uint64_t memsys_walk(struct memsys *m, uint64_t vpn, uint64_t now)
{
	uint32_t levels = m->cfg->ptw_levels;
	uint64_t t = now;
	for (uint32_t l = 0; l < levels; l++) {
		/* each table is a 4 KiB page of 512 entries (neighbouring pages' entries share a
		 * line), the table of level l for vpn's upper bits placed on one of 2^24 pages by a
		 * hash, as an allocator scatters them over memory (and DRAM banks) */
		uint64_t idx = (vpn >> (9 * (levels - 1 - l))) & 511;
		uint64_t table = ((vpn >> (9 * (levels - l))) + ((uint64_t)l << 56)) *
		                 0x9e3779b97f4a7c15ull;
		uint64_t pte = MEMSYS_PT_BASE + ((table >> 40) << 12) + idx * 8;
		int64_t s = cache_lookup(&m->l1d, pte, 1);
		if (s >= 0) {
			t += m->l1d.hit_cycles;
			if (m->l1d.ready[s] > t)
				t = m->l1d.ready[s];
			continue;
		}
		struct memsys_result r = { 0 };
		uint64_t done = memsys_below_l1(m, pte, t + m->l1d.hit_cycles, CACHE_CAUSE_WALK, &r);
		uint64_t victim;
		uint64_t slot = cache_fill(&m->l1d, pte, done, r.level, 0, &victim);
		t = memsys_evict(m, &m->l1d, slot, 0, victim, t, done);
	}
	m->st.ptw_walks++;
	m->st.ptw_cycles += t - now;
	return t;
}

int memsys_dtlb_reaches(const struct memsys *m, uint64_t addr)
{
	uint64_t vpn = addr >> TLB_PAGE_SHIFT;
	return tlb_holds(&m->dtlb, vpn) || (m->l2tlb.entries && tlb_holds(&m->l2tlb, vpn));
}

/* An L1 TLB miss: the L2 TLB, else a page walk; both fill. */
static __attribute__((noinline)) uint64_t memsys_translate_miss(struct memsys *m, struct tlb *t,
                                                                uint64_t vpn, uint64_t now,
                                                                uint8_t *miss)
{
	*miss = 1;
	uint64_t done;
	if (m->l2tlb.entries && tlb_lookup(&m->l2tlb, vpn)) {
		m->st.l2tlb_hits++;
		done = now + m->cfg->l2tlb_cycles;
	} else {
		*miss = 2;
		done = memsys_walk(m, vpn, now + m->cfg->l2tlb_cycles);
		if (m->l2tlb.entries)
			tlb_fill(&m->l2tlb, vpn);
	}
	tlb_fill(t, vpn);
	return done;
}

uint64_t memsys_translate(struct memsys *m, int itlb, uint64_t addr, uint64_t now, uint8_t *miss)
{
	struct tlb *t = itlb ? &m->itlb : &m->dtlb;
	uint64_t vpn = addr >> TLB_PAGE_SHIFT;
	if (tlb_lookup(t, vpn))
		return now;
	return memsys_translate_miss(m, t, vpn, now, miss);
}

void memsys_ifetch(struct memsys *m, uint64_t addr, uint64_t now, struct memsys_result *r)
{
	struct cache *c = &m->l1i;
	memset(r, 0, sizeof(*r));
	if (memsys_l1i_hit(m, (addr >> c->line_shift) + 1, now, &r->done)) {
		r->level = PROBE_LEVEL_L1;
		return;
	}
	c->st.accesses++;
	c->st.misses++;
	r->l1_miss = 1;
	r->done = memsys_below_l1(m, addr, now + 1, CACHE_CAUSE_DEMAND, r);
	uint64_t victim;
	cache_fill(c, addr, r->done, r->level, 0, &victim);
}

/* Next-line prefetch after a demand miss on `addr`'s line. */
static void memsys_prefetch_next(struct memsys *m, uint64_t addr, uint64_t now)
{
	uint64_t next = ((addr >> m->line_shift) + 1) << m->line_shift;
	if (m->pf_last_line == (next >> m->line_shift) + 1 || cache_lookup(&m->l1d, next, 0) >= 0)
		return;
	if (cache_mshr_free_at(&m->l1d, now) > now)
		return;
	/* several cores: a line another core holds Modified is not prefetched (the LLC's copy
	 * is stale; bringing it Shared beside a Modified one would break MSI) */
	if (__builtin_expect(m->coh != NULL, 0) && coherence_modified_elsewhere(m, next))
		return;
	m->pf_last_line = (next >> m->line_shift) + 1;
	struct memsys_result r = { 0 };
	uint64_t done = memsys_below_l1(m, next, now + m->l1d.hit_cycles, CACHE_CAUSE_PREFETCH, &r);
	uint64_t victim;
	uint64_t slot = cache_fill(&m->l1d, next, done, r.level, 1, &victim);
	done = memsys_evict(m, &m->l1d, slot, 0, victim, now, done);
	cache_mshr_take(&m->l1d, now, done);
	m->l1d.st.prefetches++;
}

/* The common part of loads and stores: look up the L1D, merge or miss. */
static int memsys_data(struct memsys *m, uint64_t addr, uint64_t now, int store, struct memsys_result *r)
{
	struct cache *c = &m->l1d;
	uint64_t line = (addr >> c->line_shift) + 1;
	int64_t s = cache_find(c, line);
	if (s >= 0 && !m->coh && c->ready[s] <= now) {
		/* memsys_l1d_hit's case */
		memsys_l1d_take(m, line, (uint64_t)s, store);
		r->level = PROBE_LEVEL_L1;
		r->done = now + (store ? 1 : c->hit_cycles);
		r->l1d_slot = (uint32_t)s;
		return 0;
	}
	if (s >= 0) {
		cache_touch(c, line, (uint64_t)s);
		c->st.accesses++;
		if (c->prefetched[s]) {
			c->prefetched[s] = 0;
			c->st.useful_prefetches++;
		}
		uint64_t t = now + (store ? 1 : c->hit_cycles);
		if (c->ready[s] > now) {
			/* the line is still being filled: a secondary miss */
			if (c->ready[s] + 1 > t)
				t = c->ready[s] + 1;
			c->st.merges++;
			r->l1_miss = 1;
			r->level = c->level[s];
			r->llc_miss = c->level[s] == PROBE_LEVEL_DRAM;
			r->l2_miss = c->level[s] >= PROBE_LEVEL_LLC && m->has_l2;
		} else {
			r->level = PROBE_LEVEL_L1;
		}
		if (store) {
			if (__builtin_expect(m->coh != NULL, 0) && !c->dirty[s]) {
				/* S -> M: the upgrade goes to the LLC, which invalidates the other
				 * copies and answers once they acknowledged (free when no other core
				 * had one: the line was Exclusive in effect) */
				uint32_t inv = coherence_store(m, addr, now);
				if (inv) {
					t += m->llc_at->hit_cycles + inv;
					r->coh_wait = 1;
				}
			}
			c->dirty[s] = 1;
		}
		r->done = t;
		r->l1d_slot = (uint32_t)s;
		return 0;
	}
	if (cache_mshr_free_at(c, now) > now) {
		c->st.mshr_full++;
		return -EBUSY;
	}
	c->st.accesses++;
	c->st.misses++;
	r->l1_miss = 1;
	uint64_t start = now + c->hit_cycles;
	if (__builtin_expect(m->coh != NULL, 0)) {
		uint32_t snoop = store ? coherence_store(m, addr, now) : coherence_load_miss(m, addr, now);
		start += snoop;
		r->coh_wait = snoop != 0;
	}
	uint64_t done = memsys_below_l1(m, addr, start, CACHE_CAUSE_DEMAND, r);
	uint64_t victim;
	uint64_t slot = cache_fill(c, addr, done, r->level, 0, &victim);
	r->l1d_slot = (uint32_t)slot;
	if (store)
		c->dirty[slot] = 1;
	done = memsys_evict(m, c, slot, 0, victim, now, done);
	cache_mshr_take(c, now, done);
	r->done = done + 1;
	if (m->cfg->l1d_prefetch)
		memsys_prefetch_next(m, addr, now);
	return 0;
}

int memsys_load(struct memsys *m, uint64_t addr, uint64_t now, struct memsys_result *r)
{
	memset(r, 0, sizeof(*r));
	return memsys_data(m, addr, now, 0, r);
}

void memsys_writeback(struct memsys *m, int from_l2, uint64_t addr, uint64_t now)
{
	memsys_wb(m, from_l2, addr, now);
}

int memsys_amo(struct memsys *m, uint64_t addr, uint64_t now, struct memsys_result *r)
{
	int rc = memsys_load(m, addr, now, r);
	if (rc || !m->coh)
		return rc;
	int64_t s = cache_lookup(&m->l1d, addr, 0);
	if (s >= 0 && !m->l1d.dirty[s]) {
		r->done += coherence_store(m, addr, now);  /* the write needs the line Modified */
		m->l1d.dirty[s] = 1;
	}
	return 0;
}

int memsys_store(struct memsys *m, uint64_t addr, uint64_t now, struct memsys_result *r)
{
	memset(r, 0, sizeof(*r));
	return memsys_data(m, addr, now, 1, r);
}

uint64_t memsys_l1d_mshr_free_at(const struct memsys *m, uint64_t now)
{
	uint64_t t = cache_mshr_free_at(&m->l1d, now + 1);
	return t;
}
