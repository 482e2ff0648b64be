/*
 * shards.h — sampled LRU reuse distances by spatial hashing (SHARDS: Waldspurger et al.,
 * "Efficient MRC Construction with SHARDS", FAST 2015). A stream of keys (cache lines, pages)
 * is filtered by a hash of the key (the caller's: emu_set_access_hook for the translated
 * code's addresses): a key is in the sample when its hash falls below a threshold, so every
 * reference to a sampled key is seen and none to the others. The reuse
 * distance of a reference among the sampled keys (how many distinct sampled keys were touched
 * since the key's last reference), divided by the sampling rate, estimates its distance in
 * the whole stream, and a fully associative LRU cache of C keys misses exactly the references
 * whose distance is C or more (or that touch the key first). Used for the campaigns' memory
 * signature (campaign_memsig.c), which samples the translated code's addresses.
 *
 * Exact over the keys it is given: shards_access returns the distance in distinct keys
 * (an order-statistic count over the keys' last-reference stamps, a Fenwick tree renumbered
 * when its stamps run out), so a rate of 1 gives the exact LRU stack distances.
 */
#ifndef ROBIN_ANALYSIS_SHARDS_H
#define ROBIN_ANALYSIS_SHARDS_H

#include <stddef.h>
#include <stdint.h>

#define SHARDS_COLD UINT64_MAX  /* the key's first reference */

/* A key held: key + 1 (0: an empty slot), its last reference's stamp and the caller's time. */
struct shards_slot {
	uint64_t key, when;
	uint32_t stamp;
};

struct shards {
	struct shards_slot *slot;  /* open addressing, linear probing, at most half full */
	size_t mask, n;      /* table size - 1, keys held */
	uint32_t *fen;       /* Fenwick tree over stamps 1 .. cap: 1 where a key's last reference */
	uint32_t cap, now;   /* stamps available, the last one given */
};

/* An empty sampler. Returns 0 or -ENOMEM. */
int shards_init(struct shards *s) __attribute__((warn_unused_result));
void shards_free(struct shards *s);

/* A reference to key at the caller's time `now` (any non-decreasing count, e.g. instructions):
 * the number of distinct keys referenced since its last reference, with that reference's time
 * in *prev, or SHARDS_COLD for its first (*prev untouched). Returns SHARDS_COLD - 1 when
 * memory ran out (the reference is counted as a far reuse; nothing else changes). */
uint64_t shards_access(struct shards *s, uint64_t key, uint64_t now, uint64_t *prev);

#endif
