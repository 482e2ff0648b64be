/*
 * oa_index.c — rebuild of an open-addressing index (see oa_index.h).
 */
#include "util/oa_index.h"

#include <stdlib.h>

uint32_t *oa_index_build(size_t nslot, size_t n, oa_index_hash_fn hash, const void *entries)
{
	uint32_t *slot = calloc(nslot, sizeof(*slot));
	if (!slot)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		size_t h = hash(entries, i) & (nslot - 1);
		while (slot[h])
			h = (h + 1) & (nslot - 1);
		slot[h] = (uint32_t)(i + 1);
	}
	return slot;
}
