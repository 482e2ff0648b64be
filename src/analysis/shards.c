/*
 * shards.c — sampled LRU reuse distances (shards.h). A key's last-reference stamp marks a 1
 * in a Fenwick tree; the distance of a reference is the count of marks after its key's last
 * stamp. Stamps only grow: when they run out, the live ones are renumbered 1..n in their order
 * (one walk over the stamps) and the tree rebuilt, its size doubled while keys fill more than
 * half of it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/shards.h"

#define SHARDS_MIN_CAP (1u << 16)
#define SHARDS_MIN_SLOTS 4096u

/* the table's index for a key: another hash than the sampling one (sampled keys all hash low) */
static inline size_t shards_index(uint64_t key, size_t mask)
{
	return (size_t)(((key + 1) * 0xc2b2ae3d27d4eb4full) >> 29) & mask;
}

int shards_init(struct shards *s)
{
	memset(s, 0, sizeof(*s));
	s->slot = calloc(SHARDS_MIN_SLOTS, sizeof(*s->slot));
	s->fen = calloc((size_t)SHARDS_MIN_CAP + 1, sizeof(*s->fen));
	if (!s->slot || !s->fen) {
		shards_free(s);
		return -ENOMEM;
	}
	s->mask = SHARDS_MIN_SLOTS - 1;
	s->cap = SHARDS_MIN_CAP;
	return 0;
}

void shards_free(struct shards *s)
{
	free(s->slot);
	free(s->fen);
	memset(s, 0, sizeof(*s));
}

static void fen_add(uint32_t *fen, uint32_t cap, uint32_t i, int32_t v)
{
	for (; i <= cap; i += i & -i)
		fen[i] += (uint32_t)v;
}

static uint32_t fen_sum(const uint32_t *fen, uint32_t i)
{
	uint32_t t = 0;
	for (; i; i -= i & -i)
		t += fen[i];
	return t;
}

/* Double the key table. */
static int shards_grow(struct shards *s)
{
	size_t n = (s->mask + 1) * 2;
	struct shards_slot *t = calloc(n, sizeof(*t));
	if (!t)
		return -ENOMEM;
	for (size_t i = 0; i <= s->mask; i++) {
		if (!s->slot[i].key)
			continue;
		size_t j = shards_index(s->slot[i].key - 1, n - 1);
		while (t[j].key)
			j = (j + 1) & (n - 1);
		t[j] = s->slot[i];
	}
	free(s->slot);
	s->slot = t;
	s->mask = n - 1;
	return 0;
}

/* Renumber the live stamps 1..n in their order and rebuild the tree (doubled while the keys
 * fill more than half of it). */
static int shards_renumber(struct shards *s)
{
	uint32_t cap = s->cap;
	if (s->n > cap / 2) {
		if (cap > UINT32_MAX / 4)
			return -ENOMEM;
		cap *= 2;
	}
	/* the slot holding each old stamp (stamps are distinct) */
	uint32_t *slot_of = malloc(((size_t)s->cap + 1) * sizeof(*slot_of));
	uint32_t *fen = calloc((size_t)cap + 1, sizeof(*fen));
	if (!slot_of || !fen) {
		free(slot_of);
		free(fen);
		return -ENOMEM;
	}
	for (uint32_t t = 0; t <= s->cap; t++)
		slot_of[t] = UINT32_MAX;
	for (size_t i = 0; i <= s->mask; i++)
		if (s->slot[i].key)
			slot_of[s->slot[i].stamp] = (uint32_t)i;
	uint32_t next = 0;
	for (uint32_t t = 1; t <= s->cap; t++)
		if (slot_of[t] != UINT32_MAX) {
			s->slot[slot_of[t]].stamp = ++next;
			fen[next] = 1;
		}
	for (uint32_t i = 1; i <= cap; i++) {  /* the tree over the marks, in one pass */
		uint32_t j = i + (i & -i);
		if (j <= cap)
			fen[j] += fen[i];
	}
	free(slot_of);
	free(s->fen);
	s->fen = fen;
	s->cap = cap;
	s->now = next;
	return 0;
}

uint64_t shards_access(struct shards *s, uint64_t key, uint64_t now, uint64_t *prev)
{
	size_t j = shards_index(key, s->mask);
	while (s->slot[j].key && s->slot[j].key != key + 1)
		j = (j + 1) & s->mask;
	struct shards_slot *e = &s->slot[j];
	if (e->key && e->stamp == s->now) {
		/* the key referenced last, again (a scan's next word on its line): distance 0, and
		 * its stamp stays the newest */
		*prev = e->when;
		e->when = now;
		return 0;
	}
	if (s->now == s->cap && shards_renumber(s))  /* (it keeps the table: e stays) */
		return SHARDS_COLD - 1;
	uint32_t t = ++s->now;
	if (e->key) {
		uint64_t d = fen_sum(s->fen, t - 1) - fen_sum(s->fen, e->stamp);
		fen_add(s->fen, s->cap, e->stamp, -1);
		fen_add(s->fen, s->cap, t, 1);
		e->stamp = t;
		*prev = e->when;
		e->when = now;
		return d;
	}
	if ((s->n + 1) * 2 > s->mask + 1) {
		if (shards_grow(s)) {
			s->now--;
			return SHARDS_COLD - 1;
		}
		j = shards_index(key, s->mask);
		while (s->slot[j].key)
			j = (j + 1) & s->mask;
		e = &s->slot[j];
	}
	*e = (struct shards_slot){ key + 1, now, t };
	s->n++;
	fen_add(s->fen, s->cap, t, 1);
	return SHARDS_COLD;
}
