/*
 * cache.h — one set-associative cache level: tags, true-LRU replacement (a recency list per
 * set, so a hit on the set's most recently used line and the choice of a victim cost no scan), the cycle each line's
 * fill completes (a line still filling is an outstanding miss that later accesses merge into)
 * and an MSHR file bounding the outstanding misses. No data: values come from the emulator.
 */
#ifndef ROBIN_CORE_CACHE_H
#define ROBIN_CORE_CACHE_H

#include <stdint.h>

/* Who asked a level below the L1s for a line: a demand access (load, store, AMO, fetch), the
 * L1D's next-line prefetcher, or the page-table walker. */
enum cache_cause { CACHE_CAUSE_DEMAND, CACHE_CAUSE_PREFETCH, CACHE_CAUSE_WALK, CACHE_CAUSE_N };

#define CACHE_MAX_WAYS 64

struct cache_stats {
	uint64_t accesses, misses;   /* demand accesses and primary misses */
	/* the L2's and the LLC's requests by cause ([CACHE_CAUSE_DEMAND] = accesses, misses) */
	uint64_t cause_accesses[CACHE_CAUSE_N], cause_misses[CACHE_CAUSE_N];
	uint64_t merges;             /* demand accesses to a line still being filled */
	uint64_t mshr_full;          /* accesses refused (or delayed) for want of an MSHR */
	uint64_t prefetches;         /* prefetch fills issued */
	uint64_t useful_prefetches;  /* prefetched lines later hit by a demand access */
};

struct cache {
	const char *name;
	uint32_t sets, ways, line_shift;
	uint32_t hit_cycles;         /* latency this level adds */
	uint64_t *tag;               /* sets*ways: line address + 1, 0 = invalid */
	uint64_t *ready;             /* cycle the fill of this line completes */
	/* true LRU: each set's ways in recency order, a list through nxt/prv (way indices, by
	 * slot) from mru[set] to lru[set]; a touching hit moves its way to the front, a fill
	 * takes the set's first invalid way (in way order) while it has one (nvalid < ways),
	 * else its lru. Invalid ways keep their place in the list. */
	uint8_t  *nxt, *prv;
	uint8_t  *mru, *lru, *nvalid;
	uint8_t  *level;             /* enum probe_level that filled the line */
	uint8_t  *prefetched;        /* filled by a prefetch, not yet used */
	uint8_t  *dirty;             /* written since the fill (write-back on eviction) */
	uint32_t mshrs;
	uint64_t *mshr_done;         /* completion cycle of each MSHR (free when <= now) */
	struct cache_stats st;
};

/* Allocate a cache of size_bytes with `ways` ways (at most CACHE_MAX_WAYS) of
 * (1 << line_shift)-byte lines. Returns 0, -EINVAL or -ENOMEM. */
int cache_init(struct cache *c, const char *name, uint64_t size_bytes, uint32_t ways,
               uint32_t line_shift, uint32_t hit_cycles, uint32_t mshrs)
	__attribute__((warn_unused_result));
void cache_fini(struct cache *c);

/* cache_lookup's search of a set whose most recently used way does not hold key (out of
 * line). */
int64_t cache_lookup_scan(struct cache *c, uint64_t set, uint64_t key, int touch);

/* The slot of the most recently used way of key's set when it holds key (line address + 1),
 * else -1: a hit there changes nothing in the set's order. */
static inline int64_t cache_mru_slot(const struct cache *c, uint64_t key)
{
	uint64_t slot = ((key - 1) & (c->sets - 1)) * c->ways + c->mru[(key - 1) & (c->sets - 1)];
	return c->tag[slot] == key ? (int64_t)slot : -1;
}

/* Way w of set (not its most recently used; base = set * ways) to the front of the set's
 * recency list. */
static inline void cache_to_front(struct cache *c, uint64_t set, uint64_t base, uint32_t w)
{
	uint8_t *nx = c->nxt + base, *pv = c->prv + base;
	uint8_t p = pv[w];
	if (w == c->lru[set]) {
		c->lru[set] = p;
	} else {
		uint8_t n = nx[w];
		nx[p] = n;
		pv[n] = p;
	}
	nx[w] = c->mru[set];
	pv[c->mru[set]] = (uint8_t)w;
	c->mru[set] = (uint8_t)w;
}

/* The slot holding key (line address + 1), its set's most recently used way looked at
 * first, or -1; nothing changes (cache_touch makes it the most recently used). */
static inline int64_t cache_find(const struct cache *c, uint64_t key)
{
	uint64_t set = (key - 1) & (c->sets - 1), base = set * c->ways;
	if (c->tag[base + c->mru[set]] == key)
		return (int64_t)(base + c->mru[set]);
	const uint64_t *tag = c->tag + base;
	for (uint32_t w = 0; w < c->ways; w++)
		if (tag[w] == key)
			return (int64_t)(base + w);
	return -1;
}

/* Slot s, which holds key, becomes its set's most recently used way (a touching hit). */
static inline void cache_touch(struct cache *c, uint64_t key, uint64_t s)
{
	uint64_t set = (key - 1) & (c->sets - 1), base = set * c->ways;
	uint32_t w = (uint32_t)(s - base);
	if (w != c->mru[set])
		cache_to_front(c, set, base, w);
}

/* Way index of the line holding addr in set-major order (set*ways+way), or -1. Updates LRU
 * when touch is set. The set's most recently used way is looked at first, inline. */
static inline int64_t cache_lookup(struct cache *c, uint64_t addr, int touch)
{
	uint64_t key = (addr >> c->line_shift) + 1;
	int64_t s = cache_mru_slot(c, key);
	if (s >= 0)
		return s;
	return cache_lookup_scan(c, (key - 1) & (c->sets - 1), key, touch);
}

/* Invalidate the line in slot s (another core took it): its tag, dirty and prefetched bits
 * cleared; the next fill of its set takes it (or an invalid way before it). */
void cache_invalidate(struct cache *c, uint64_t s);

/* Install addr's line (evicting the LRU way), its fill completing at ready_cycle, filled from
 * `level`. Returns the slot; *dirty_victim is the byte address of an evicted dirty line, or
 * UINT64_MAX when nothing needs writing back. */
uint64_t cache_fill(struct cache *c, uint64_t addr, uint64_t ready_cycle, uint8_t level,
                    int prefetch, uint64_t *dirty_victim);

/* The first cycle >= now at which an MSHR is free (now when one is free already). */
uint64_t cache_mshr_free_at(const struct cache *c, uint64_t now);

/* Occupy a free MSHR (one must be free at `now`) until done_cycle. */
void cache_mshr_take(struct cache *c, uint64_t now, uint64_t done_cycle);

#endif
