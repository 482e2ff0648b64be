/*
 * oa_index.h — the rebuild of an open-addressing index over an array of entries, shared by the
 * tables that grow by doubling (src/pmu/pmu_stacks.c, src/profile/profile_db_stack.c). A slot
 * holds an entry's position + 1; 0 is empty; collisions probe linearly.
 */
#ifndef ROBIN_UTIL_OA_INDEX_H
#define ROBIN_UTIL_OA_INDEX_H

#include <stddef.h>
#include <stdint.h>

/* entry i's hash, any bits (the index masks it) */
typedef size_t (*oa_index_hash_fn)(const void *entries, size_t i);

/* Returns a new index of nslot slots (a power of two, more than n) holding entries 0..n-1 of
 * `entries` at hash(entries, i) & (nslot - 1), or NULL when out of memory. The caller frees the
 * old index and the new one (free()). */
uint32_t *oa_index_build(size_t nslot, size_t n, oa_index_hash_fn hash, const void *entries);

#endif
