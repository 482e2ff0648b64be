/*
 * keymap.c — (string, string, number) → dense index, open addressing (see keymap.h).
 */
#include "report/keymap.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static uint64_t keymap_hash(const char *a, const char *b, uint64_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (; *a; a++)
		h = (h ^ (unsigned char)*a) * 1099511628211ull;
	h = (h ^ 0x1f) * 1099511628211ull;
	for (; *b; b++)
		h = (h ^ (unsigned char)*b) * 1099511628211ull;
	h ^= n * 0x9e3779b97f4a7c15ull;
	h ^= h >> 31;
	h *= 0xbf58476d1ce4e5b9ull;
	return h ^ (h >> 29);
}

void keymap_init(struct keymap *m)
{
	memset(m, 0, sizeof(*m));
}

static int keymap_rehash(struct keymap *m)
{
	size_t c = m->nslots ? 2 * m->nslots : 256;
	uint32_t *s = calloc(c, sizeof(*s));
	if (!s)
		return -ENOMEM;
	for (size_t i = 0; i < m->n; i++) {
		size_t k = keymap_hash(m->keys[i].a, m->keys[i].b, m->keys[i].n) & (c - 1);
		while (s[k])
			k = (k + 1) & (c - 1);
		s[k] = (uint32_t)i + 1;
	}
	free(m->slot);
	m->slot = s;
	m->nslots = c;
	return 0;
}

int keymap_find(const struct keymap *m, const char *a, const char *b, uint64_t n)
{
	if (!m->nslots)
		return -1;
	a = a ? a : "";
	b = b ? b : "";
	size_t mask = m->nslots - 1, k = keymap_hash(a, b, n) & mask;
	for (; m->slot[k]; k = (k + 1) & mask) {
		const struct keymap_key *x = &m->keys[m->slot[k] - 1];
		if (x->n == n && !strcmp(x->a, a) && !strcmp(x->b, b))
			return (int)(m->slot[k] - 1);
	}
	return -1;
}

int keymap_get(struct keymap *m, const char *a, const char *b, uint64_t n, int *added)
{
	a = a ? a : "";
	b = b ? b : "";
	int i = keymap_find(m, a, b, n);
	if (added)
		*added = i < 0;
	if (i >= 0)
		return i;
	if (2 * (m->n + 1) > m->nslots && keymap_rehash(m))
		return -ENOMEM;
	if (m->n == m->cap) {
		size_t c = m->cap ? 2 * m->cap : 64;
		struct keymap_key *v = realloc(m->keys, c * sizeof(*v));
		if (!v)
			return -ENOMEM;
		m->keys = v;
		m->cap = c;
	}
	struct keymap_key *x = &m->keys[m->n];
	x->a = strdup(a);
	x->b = strdup(b);
	x->n = n;
	if (!x->a || !x->b) {
		free(x->a);
		free(x->b);
		return -ENOMEM;
	}
	size_t mask = m->nslots - 1, k = keymap_hash(a, b, n) & mask;
	while (m->slot[k])
		k = (k + 1) & mask;
	m->slot[k] = (uint32_t)++m->n;
	return (int)(m->n - 1);
}

void keymap_free(struct keymap *m)
{
	for (size_t i = 0; i < m->n; i++) {
		free(m->keys[i].a);
		free(m->keys[i].b);
	}
	free(m->keys);
	free(m->slot);
	memset(m, 0, sizeof(*m));
}
