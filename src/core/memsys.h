/*
 * memsys.h — the memory hierarchy of the timing model: L1 I-cache and D-cache (with MSHRs and a
 * next-line prefetcher), an optional private L2, the LLC, DRAM, the L1 I-/D-TLBs, the L2 TLB
 * and a page-table walker. Accesses compute the cycle their data arrives; lines being filled
 * are outstanding misses that later accesses merge into.
 */
#ifndef ROBIN_CORE_MEMSYS_H
#define ROBIN_CORE_MEMSYS_H

#include <stdint.h>

#include "core/cache.h"
#include "core/config.h"
#include "core/dram.h"
#include "core/tlb.h"

/* What an access met (for the lifecycle record's events and the serve level). */
struct memsys_result {
	uint64_t done;     /* cycle the data (or the fetch line) is available */
	uint8_t level;     /* enum probe_level that served it */
	uint8_t tlb_miss;  /* L1 TLB miss */
	uint8_t l1_miss, l2_miss, llc_miss;
	uint8_t coh_wait;  /* several cores: it waited for another core's copy (invalidated, or
	                      written back) */
	uint32_t l1d_slot; /* a load or store: the L1D slot that holds its line now */
};

struct memsys_stats {
	uint64_t ptw_walks, ptw_cycles;
	uint64_t l2tlb_hits;
	uint64_t writebacks;        /* dirty lines written to the level below */
	uint64_t llc_accesses, llc_misses; /* this core's demand accesses to the (maybe shared)
	                                      LLC, and those that went on to DRAM */
	uint64_t llc_cause_accesses[CACHE_CAUSE_N]; /* this core's requests to the LLC by cause */
	uint64_t llc_cause_misses[CACHE_CAUSE_N];   /* ... that missed there */
	uint64_t dram_reads[CACHE_CAUSE_N];         /* DRAM line reads this core's requests made, by
	                                               cause (they add up to the DRAM's reads) */
	/* several cores (coherence.h); 0 on one core */
	uint64_t coh_invalidations; /* other cores' copies this core's stores invalidated */
	uint64_t coh_invalidated;   /* lines of this core's L1D other cores' stores invalidated */
	uint64_t coh_interventions; /* load misses served by another core's dirty copy */
};

struct coherence;

struct memsys {
	const struct core_config *cfg;
	struct cache l1i, l1d, l2, llc;
	int has_l2;
	struct dram dram;
	struct tlb itlb, dtlb, l2tlb;
	uint32_t line_shift;
	uint64_t pf_last_line;      /* last line the prefetcher asked for (+1) */
	struct memsys_stats st;
	/* the LLC and DRAM in use: this memsys's own, or another core's (memsys_share) */
	struct cache *llc_at;
	struct dram *dram_at;
	struct coherence *coh;      /* NULL on one core; else the cores' snooping bus */
	unsigned coh_id;            /* this core's index there */
};

/* "demand", "prefetch", "page_walk" */
const char *memsys_cause_name(enum cache_cause cause);

int memsys_init(struct memsys *m, const struct core_config *cfg) __attribute__((warn_unused_result));
void memsys_fini(struct memsys *m);

/* Use owner's LLC and DRAM instead of m's own (several cores share them; owner outlives m's
 * use of them). */
void memsys_share(struct memsys *m, struct memsys *owner);

/* Write the dirty line of addr, leaving m's L1D (from_l2 = 0) or L2 (from_l2 = 1), into the
 * levels below at cycle now. */
void memsys_writeback(struct memsys *m, int from_l2, uint64_t addr, uint64_t now);

/* Translate addr for a fetch (itlb = 1) or a data access at cycle now: returns the cycle the
 * translation is known (now on an L1 TLB hit) and sets *miss on an L1 TLB miss (1: the L2
 * TLB hit, 2: it missed too and the page was walked). */
uint64_t memsys_translate(struct memsys *m, int itlb, uint64_t addr, uint64_t now, uint8_t *miss);

/* Does addr translate without a page walk (a D-TLB or L2 TLB hit)? Counts nothing, changes
 * nothing. */
int memsys_dtlb_reaches(const struct memsys *m, uint64_t addr);

/* An L1I hit on slot s: counted; *done becomes when the line is there (now or its fill's
 * end). */
static inline void memsys_l1i_take(struct memsys *m, uint64_t s, uint64_t now, uint64_t *done)
{
	struct cache *c = &m->l1i;
	c->st.accesses++;
	*done = c->ready[s] > now ? c->ready[s] : now;
}

/* memsys_l1i_hit's case where the line is in the most recently used way of its set (which
 * then changes nothing in the set's order): the one check for the callers that take it
 * inline before the rest. */
static inline int memsys_l1i_mru_hit(struct memsys *m, uint64_t line, uint64_t now,
                                     uint64_t *done)
{
	int64_t s = cache_mru_slot(&m->l1i, line);
	if (s < 0)
		return 0;
	memsys_l1i_take(m, (uint64_t)s, now, done);
	return 1;
}

/* The L1I hit memsys_ifetch takes first, inline: the line (address >> the L1I's line_shift,
 * + 1) in any way of its set, which becomes the most recently used; *done becomes when it is
 * there (now or its fill's end). 1, or 0 with nothing changed when the line is not there. */
static inline int memsys_l1i_hit(struct memsys *m, uint64_t line, uint64_t now,
                                 uint64_t *done)
{
	int64_t s = cache_find(&m->l1i, line);
	if (s < 0)
		return 0;
	cache_touch(&m->l1i, line, (uint64_t)s);
	memsys_l1i_take(m, (uint64_t)s, now, done);
	return 1;
}

/* An L1D hit on slot s, which holds line (address + 1) filled by now (one core): the slot
 * becomes its set's most recently used way, a prefetched line's first use is counted, a
 * store sets its dirty bit. */
static inline void memsys_l1d_take(struct memsys *m, uint64_t line, uint64_t s, int store)
{
	struct cache *c = &m->l1d;
	cache_touch(c, line, s);
	c->st.accesses++;
	if (c->prefetched[s]) {
		c->prefetched[s] = 0;
		c->st.useful_prefetches++;
	}
	if (store)
		c->dirty[s] = 1;
}

/* memsys_l1d_hit's case where the line is in the most recently used way of its set and not
 * a prefetch's (nothing but a store's dirty bit changes): the one check for the callers that
 * take it inline before the rest. */
static inline int64_t memsys_l1d_mru_hit(struct memsys *m, uint64_t line, uint64_t now,
                                         int store)
{
	struct cache *c = &m->l1d;
	if (m->coh)
		return -1;
	int64_t s = cache_mru_slot(c, line);
	if (s < 0 || c->ready[s] > now || c->prefetched[s])
		return -1;
	c->st.accesses++;
	if (store)
		c->dirty[s] = 1;
	return s;
}

/* The L1D hit memsys_load and memsys_store take first, inline (one core): the line (address
 * + 1) in any way of its set, filled by now (memsys_l1d_take). Its slot, or -1 with nothing
 * changed when it is not that case (a miss, a line still filling, several cores); the access
 * is done at now + 1 for a store, now + the hit latency for a load. */
static inline int64_t memsys_l1d_hit(struct memsys *m, uint64_t line, uint64_t now, int store)
{
	struct cache *c = &m->l1d;
	if (m->coh)
		return -1;
	int64_t s = cache_find(c, line);
	if (s < 0 || c->ready[s] > now)
		return -1;
	memsys_l1d_take(m, line, (uint64_t)s, store);
	return s;
}

/* Fetch the I-cache line holding addr at cycle now: fills *r (r->done = now on a hit).
 * Always succeeds (the front end blocks on a miss). */
void memsys_ifetch(struct memsys *m, uint64_t addr, uint64_t now, struct memsys_result *r);

/* A load (or AMO) reading addr at cycle now (after translation). Returns 0 with *r filled,
 * or -EBUSY when the L1D has no free MSHR (retry later). r->done includes the L1D latency. */
int memsys_load(struct memsys *m, uint64_t addr, uint64_t now, struct memsys_result *r);

/* An AMO (or SC) at the ROB head: memsys_load, and with several cores the line also becomes
 * Modified (the other copies invalidated, at a cost). */
int memsys_amo(struct memsys *m, uint64_t addr, uint64_t now, struct memsys_result *r);

/* A committed store writing addr at cycle now (write-allocate). Returns 0 with r->done the
 * cycle the line is written, or -EBUSY when no MSHR is free. */
int memsys_store(struct memsys *m, uint64_t addr, uint64_t now, struct memsys_result *r);

/* The first cycle > now at which an L1D MSHR frees, for a refused access. */
uint64_t memsys_l1d_mshr_free_at(const struct memsys *m, uint64_t now);

#endif
