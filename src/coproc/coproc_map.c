/*
 * coproc_map.c — the pair-keyed hash map of coproc_map.h (linear probing).
 */
#include "coproc/coproc_map.h"

#include <errno.h>
#include <stdlib.h>

static size_t map_slot(const struct coproc_map *m, uint64_t a, uint64_t b)
{
	uint64_t h = (a * 0x9e3779b97f4a7c15ull) ^ (b * 0xc2b2ae3d27d4eb4full);
	h ^= h >> 29;
	return (size_t)h & (m->cap - 1);
}

int64_t coproc_map_get(const struct coproc_map *m, uint64_t a, uint64_t b)
{
	if (!m->cap)
		return -1;
	for (size_t s = map_slot(m, a, b);; s = (s + 1) & (m->cap - 1)) {
		if (!m->idx[s])
			return -1;
		if (m->k1[s] == a && m->k2[s] == b)
			return (int64_t)m->idx[s] - 1;
	}
}

static void map_insert(struct coproc_map *m, uint64_t a, uint64_t b, uint32_t stored)
{
	size_t s = map_slot(m, a, b);
	while (m->idx[s])
		s = (s + 1) & (m->cap - 1);
	m->k1[s] = a;
	m->k2[s] = b;
	m->idx[s] = stored;
}

int coproc_map_put(struct coproc_map *m, uint64_t a, uint64_t b, uint32_t index)
{
	if (2 * (m->n + 1) > m->cap) {
		struct coproc_map g = { .cap = m->cap ? 2 * m->cap : 1024 };
		g.k1 = malloc(g.cap * sizeof(*g.k1));
		g.k2 = malloc(g.cap * sizeof(*g.k2));
		g.idx = calloc(g.cap, sizeof(*g.idx));
		if (!g.k1 || !g.k2 || !g.idx) {
			coproc_map_free(&g);
			return -ENOMEM;
		}
		for (size_t s = 0; s < m->cap; s++)
			if (m->idx[s])
				map_insert(&g, m->k1[s], m->k2[s], m->idx[s]);
		g.n = m->n;
		coproc_map_free(m);
		*m = g;
	}
	map_insert(m, a, b, index + 1);
	m->n++;
	return 0;
}

void coproc_map_free(struct coproc_map *m)
{
	free(m->k1);
	free(m->k2);
	free(m->idx);
	m->k1 = m->k2 = NULL;
	m->idx = NULL;
	m->cap = m->n = 0;
}
