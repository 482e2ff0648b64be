/*
 * cache.c — set-associative tag array with true LRU and an MSHR file (see cache.h).
 */
#include "core/cache.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int cache_init(struct cache *c, const char *name, uint64_t size_bytes, uint32_t ways,
               uint32_t line_shift, uint32_t hit_cycles, uint32_t mshrs)
{
	memset(c, 0, sizeof(*c));
	if (!ways || ways > CACHE_MAX_WAYS)
		return -EINVAL;
	c->name = name;
	c->ways = ways;
	c->line_shift = line_shift;
	c->sets = (uint32_t)((size_bytes >> line_shift) / ways);
	c->hit_cycles = hit_cycles;
	c->mshrs = mshrs;
	size_t n = (size_t)c->sets * ways;
	c->tag = calloc(n, sizeof(*c->tag));
	c->ready = calloc(n, sizeof(*c->ready));
	c->nxt = malloc(n);
	c->prv = malloc(n);
	c->mru = calloc(c->sets, 1);
	c->lru = malloc(c->sets);
	c->nvalid = calloc(c->sets, 1);
	c->level = calloc(n, 1);
	c->prefetched = calloc(n, 1);
	c->dirty = calloc(n, 1);
	c->mshr_done = calloc(mshrs ? mshrs : 1, sizeof(*c->mshr_done));
	if (!c->tag || !c->ready || !c->nxt || !c->prv || !c->mru || !c->lru || !c->nvalid ||
	    !c->level || !c->prefetched || !c->dirty || !c->mshr_done) {
		cache_fini(c);
		return -ENOMEM;
	}
	/* every set's list in way order (all ways invalid) */
	for (size_t set = 0; set < c->sets; set++) {
		uint8_t *nx = c->nxt + set * ways, *pv = c->prv + set * ways;
		for (uint32_t w = 0; w < ways; w++) {
			nx[w] = (uint8_t)(w + 1);
			pv[w] = (uint8_t)(w ? w - 1 : 0);
		}
		c->lru[set] = (uint8_t)(ways - 1);
	}
	return 0;
}

void cache_fini(struct cache *c)
{
	free(c->tag);
	free(c->ready);
	free(c->nxt);
	free(c->prv);
	free(c->mru);
	free(c->lru);
	free(c->nvalid);
	free(c->level);
	free(c->prefetched);
	free(c->dirty);
	free(c->mshr_done);
	c->tag = c->ready = c->mshr_done = NULL;
	c->nxt = c->prv = c->mru = c->lru = c->nvalid = NULL;
	c->level = c->prefetched = c->dirty = NULL;
}

int64_t cache_lookup_scan(struct cache *c, uint64_t set, uint64_t key, int touch)
{
	uint64_t base = set * c->ways;
	const uint64_t *tag = c->tag + base;
	for (uint32_t w = 0; w < c->ways; w++) {
		if (tag[w] == key) {
			if (touch)
				cache_to_front(c, set, base, w);
			return (int64_t)(base + w);
		}
	}
	return -1;
}

void cache_invalidate(struct cache *c, uint64_t s)
{
	if (!c->tag[s])
		return;
	c->tag[s] = 0;
	c->dirty[s] = 0;
	c->prefetched[s] = 0;
	c->nvalid[s / c->ways]--;
}

uint64_t cache_fill(struct cache *c, uint64_t addr, uint64_t ready_cycle, uint8_t level,
                    int prefetch, uint64_t *dirty_victim)
{
	uint64_t line = addr >> c->line_shift;
	uint64_t set = line & (c->sets - 1), base = set * c->ways;
	uint32_t w;
	if (c->nvalid[set] < c->ways) {
		/* the set's first invalid way */
		for (w = 0; c->tag[base + w]; w++)
			;
		c->nvalid[set]++;
		*dirty_victim = UINT64_MAX;
	} else {
		w = c->lru[set];
		*dirty_victim = c->dirty[base + w] ? (c->tag[base + w] - 1) << c->line_shift
		                                   : UINT64_MAX;
	}
	if (w != c->mru[set])
		cache_to_front(c, set, base, w);
	uint64_t victim = base + w;
	c->tag[victim] = line + 1;
	c->dirty[victim] = 0;
	c->ready[victim] = ready_cycle;
	c->level[victim] = level;
	c->prefetched[victim] = (uint8_t)(prefetch != 0);
	return victim;
}

uint64_t cache_mshr_free_at(const struct cache *c, uint64_t now)
{
	uint64_t best = UINT64_MAX;
	for (uint32_t i = 0; i < c->mshrs; i++) {
		if (c->mshr_done[i] <= now)
			return now;
		if (c->mshr_done[i] < best)
			best = c->mshr_done[i];
	}
	return best;
}

void cache_mshr_take(struct cache *c, uint64_t now, uint64_t done_cycle)
{
	for (uint32_t i = 0; i < c->mshrs; i++) {
		if (c->mshr_done[i] <= now) {
			c->mshr_done[i] = done_cycle;
			return;
		}
	}
}
