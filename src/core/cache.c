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
	c->name = name;
	c->ways = ways;
	c->line_shift = line_shift;
	c->sets = (uint32_t)((size_bytes >> line_shift) / ways);
	c->hit_cycles = hit_cycles;
	c->mshrs = mshrs;
	size_t n = (size_t)c->sets * ways;
	c->tag = calloc(n, sizeof(*c->tag));
	c->ready = calloc(n, sizeof(*c->ready));
	c->lru = calloc(n, sizeof(*c->lru));
	c->level = calloc(n, 1);
	c->prefetched = calloc(n, 1);
	c->dirty = calloc(n, 1);
	c->mshr_done = calloc(mshrs ? mshrs : 1, sizeof(*c->mshr_done));
	if (!c->tag || !c->ready || !c->lru || !c->level || !c->prefetched || !c->dirty || !c->mshr_done) {
		cache_fini(c);
		return -ENOMEM;
	}
	return 0;
}

void cache_fini(struct cache *c)
{
	free(c->tag);
	free(c->ready);
	free(c->lru);
	free(c->level);
	free(c->prefetched);
	free(c->dirty);
	free(c->mshr_done);
	c->tag = c->ready = c->lru = c->mshr_done = NULL;
	c->level = c->prefetched = c->dirty = NULL;
}

int64_t cache_lookup(struct cache *c, uint64_t addr, int touch)
{
	uint64_t line = addr >> c->line_shift;
	uint64_t base = (line & (c->sets - 1)) * c->ways;
	uint64_t key = line + 1;
	for (uint32_t w = 0; w < c->ways; w++) {
		if (c->tag[base + w] == key) {
			if (touch)
				c->lru[base + w] = ++c->stamp;
			return (int64_t)(base + w);
		}
	}
	return -1;
}

uint64_t cache_fill(struct cache *c, uint64_t addr, uint64_t ready_cycle, uint8_t level,
                    int prefetch, uint64_t *dirty_victim)
{
	uint64_t line = addr >> c->line_shift;
	uint64_t base = (line & (c->sets - 1)) * c->ways;
	uint64_t victim = base;
	for (uint32_t w = 0; w < c->ways; w++) {
		uint64_t s = base + w;
		if (!c->tag[s]) {
			victim = s;
			break;
		}
		if (c->lru[s] < c->lru[victim])
			victim = s;
	}
	*dirty_victim = (c->tag[victim] && c->dirty[victim])
	                ? (c->tag[victim] - 1) << c->line_shift : UINT64_MAX;
	c->tag[victim] = line + 1;
	c->dirty[victim] = 0;
	c->ready[victim] = ready_cycle;
	c->lru[victim] = ++c->stamp;
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
