/*
 * tlb.c — TLB lookup and fill (see tlb.h).
 */
#include "core/tlb.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int tlb_init(struct tlb *t, uint32_t entries, int direct)
{
	memset(t, 0, sizeof(*t));
	t->entries = entries;
	t->direct = direct;
	if (!entries)
		return 0;
	t->vpn = calloc(entries, sizeof(*t->vpn));
	if (!direct) {
		t->prev = calloc(entries, sizeof(*t->prev));
		t->next = calloc(entries, sizeof(*t->next));
		uint32_t slots = 8, bits = 3;
		while (slots < 4 * entries) {
			slots <<= 1;
			bits++;
		}
		t->map = calloc(slots, sizeof(*t->map));
		t->map_mask = slots - 1;
		t->map_shift = 64 - bits;
	}
	if (!t->vpn || (!direct && (!t->map || !t->prev || !t->next))) {
		tlb_fini(t);
		return -ENOMEM;
	}
	return 0;
}

void tlb_fini(struct tlb *t)
{
	free(t->vpn);
	free(t->prev);
	free(t->next);
	free(t->map);
	t->vpn = NULL;
	t->prev = t->next = t->map = NULL;
}

/* The map slot a key (vpn + 1) starts its probe at (Fibonacci hashing). */
static inline uint32_t tlb_home(const struct tlb *t, uint64_t key)
{
	return (uint32_t)((key * 0x9e3779b97f4a7c15ull) >> t->map_shift);
}

/* The entry holding key (vpn + 1), or -1. */
static inline int64_t tlb_find(const struct tlb *t, uint64_t key)
{
	for (uint32_t h = tlb_home(t, key);; h = (h + 1) & t->map_mask) {
		uint32_t m = t->map[h];
		if (!m)
			return -1;
		if (t->vpn[m - 1] == key)
			return m - 1;
	}
}

/* Take key (held by an entry) out of the map: backward-shift deletion, so that every probe
 * still reaches its key without tombstones. */
static void tlb_unmap(struct tlb *t, uint64_t key)
{
	uint32_t i = tlb_home(t, key);
	while (t->vpn[t->map[i] - 1] != key)
		i = (i + 1) & t->map_mask;
	for (uint32_t j = i;;) {
		j = (j + 1) & t->map_mask;
		uint32_t m = t->map[j];
		if (!m)
			break;
		uint32_t k = tlb_home(t, t->vpn[m - 1]);
		/* the entry at j stays when its home lies cyclically in (i, j] */
		if (i <= j ? (i < k && k <= j) : (i < k || k <= j))
			continue;
		t->map[i] = m;
		i = j;
	}
	t->map[i] = 0;
}

static void tlb_map(struct tlb *t, uint64_t key, uint32_t idx)
{
	uint32_t h = tlb_home(t, key);
	while (t->map[h])
		h = (h + 1) & t->map_mask;
	t->map[h] = idx + 1;
}

/* Entry i (valid, not the most recently used) to the front of the recency list. */
static void tlb_to_front(struct tlb *t, uint32_t i)
{
	uint32_t p = t->prev[i], n = t->next[i];
	t->next[p] = n;
	if (i == t->lru)
		t->lru = p;
	else
		t->prev[n] = p;
	t->next[i] = t->mru;
	t->prev[t->mru] = i;
	t->mru = i;
}

int tlb_lookup_other(struct tlb *t, uint64_t vpn)
{
	uint64_t key = vpn + 1;
	if (t->direct) {
		if (t->vpn[vpn & (t->entries - 1)] == key)
			return 1;
		t->misses++;
		return 0;
	}
	int64_t i = tlb_find(t, key);
	if (i >= 0) {
		if ((uint32_t)i != t->mru)
			tlb_to_front(t, (uint32_t)i);
		t->last_vpn = key;
		return 1;
	}
	t->misses++;
	return 0;
}

int tlb_holds(const struct tlb *t, uint64_t vpn)
{
	uint64_t key = vpn + 1;
	if (t->direct)
		return t->vpn[vpn & (t->entries - 1)] == key;
	return tlb_find(t, key) >= 0;
}

void tlb_fill(struct tlb *t, uint64_t vpn)
{
	if (t->direct) {
		t->vpn[vpn & (t->entries - 1)] = vpn + 1;
		return;
	}
	uint32_t victim;
	if (t->used < t->entries) {
		/* a never-used entry: the front of the list */
		victim = t->used++;
		if (victim == 0) {
			t->lru = 0;  /* the list's only entry */
		} else {
			t->next[victim] = t->mru;
			t->prev[t->mru] = victim;
		}
		t->mru = victim;
	} else {
		victim = t->lru;
		tlb_unmap(t, t->vpn[victim]);
		if (victim != t->mru)
			tlb_to_front(t, victim);
	}
	t->vpn[victim] = vpn + 1;
	tlb_map(t, vpn + 1, victim);
	t->last_vpn = vpn + 1;
}
