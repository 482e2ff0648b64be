/*
 * agg.c — allocation and draining of the aggregating table (the add path is inline in agg.h).
 */
#include "collect/agg.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int agg_init(struct agg_table *t, uint32_t entries, uint32_t overflow_entries)
{
	memset(t, 0, sizeof *t);
	uint32_t nb = 1;
	while (nb * AGG_WAYS < entries && nb < (1u << 24))
		nb <<= 1;
	t->nbuckets = nb;
	t->buckets = calloc(nb, sizeof *t->buckets);
	t->overflow_cap = overflow_entries < 1 ? 1 : overflow_entries;
	t->overflow = calloc(t->overflow_cap, sizeof *t->overflow);
	if (!t->buckets || !t->overflow) {
		agg_free(t);
		return -ENOMEM;
	}
	return 0;
}

void agg_free(struct agg_table *t)
{
	free(t->buckets);
	free(t->overflow);
	memset(t, 0, sizeof *t);
}

void agg_drain_overflow(struct agg_table *t, agg_fn fn, void *arg)
{
	for (uint32_t i = 0; i < t->overflow_len; i++)
		fn(arg, &t->overflow[i]);
	t->stats.entries_out += t->overflow_len;
	t->overflow_len = 0;
}

void agg_drain_all(struct agg_table *t, agg_fn fn, void *arg)
{
	agg_drain_overflow(t, fn, arg);
	for (uint32_t b = 0; b < t->nbuckets; b++)
		for (int i = 0; i < AGG_WAYS; i++) {
			struct agg_entry *e = &t->buckets[b].e[i];
			if (!e->count)
				continue;
			fn(arg, e);
			t->stats.entries_out++;
			e->count = 0;
		}
}

size_t agg_memory_bytes(const struct agg_table *t)
{
	return (size_t)t->nbuckets * sizeof *t->buckets +
	       (size_t)t->overflow_cap * sizeof *t->overflow;
}
