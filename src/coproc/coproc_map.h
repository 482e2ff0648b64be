/*
 * coproc_map.h — an open-addressing hash map from a pair of 64-bit keys to an index into the
 * caller's own array (the host's loads, the truth's <load, value> pairs). Grows by doubling;
 * no per-lookup allocation.
 */
#ifndef ROBIN_COPROC_COPROC_MAP_H
#define ROBIN_COPROC_COPROC_MAP_H

#include <stddef.h>
#include <stdint.h>

struct coproc_map {
	uint64_t *k1, *k2;
	uint32_t *idx;          /* index + 1; 0 = empty */
	size_t cap, n;          /* cap: a power of two */
};

/* The index stored for (a, b), or -1. */
int64_t coproc_map_get(const struct coproc_map *m, uint64_t a, uint64_t b);
/* Store index for (a, b) (not present). Returns 0 or -ENOMEM. */
int coproc_map_put(struct coproc_map *m, uint64_t a, uint64_t b, uint32_t index)
	__attribute__((warn_unused_result));
void coproc_map_free(struct coproc_map *m);

#endif
