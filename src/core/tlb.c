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
	t->lru = calloc(entries, sizeof(*t->lru));
	if (!direct) {
		uint32_t slots = 8, bits = 3;
		while (slots < 4 * entries) {
			slots <<= 1;
			bits++;
		}
		t->map = calloc(slots, sizeof(*t->map));
		t->map_mask = slots - 1;
		t->map_shift = 64 - bits;
	}
	if (!t->vpn || !t->lru || (!direct && !t->map)) {
		tlb_fini(t);
		return -ENOMEM;
	}
	return 0;
}

void tlb_fini(struct tlb *t)
{
	free(t->vpn);
	free(t->lru);
	free(t->map);
	t->vpn = t->lru = NULL;
	t->map = NULL;
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

int tlb_lookup(struct tlb *t, uint64_t vpn)
{
	uint64_t key = vpn + 1;
	t->accesses++;
	if (key == t->last_vpn) {
		t->lru[t->last_idx] = ++t->stamp;
		return 1;
	}
	if (t->direct) {
		if (t->vpn[vpn & (t->entries - 1)] == key)
			return 1;
		t->misses++;
		return 0;
	}
	int64_t i = tlb_find(t, key);
	if (i >= 0) {
		t->lru[i] = ++t->stamp;
		t->last_vpn = key;
		t->last_idx = (uint32_t)i;
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
	uint32_t victim = 0;
	for (uint32_t i = 0; i < t->entries; i++) {
		if (!t->vpn[i]) {
			victim = i;
			break;
		}
		if (t->lru[i] < t->lru[victim])
			victim = i;
	}
	if (t->vpn[victim])
		tlb_unmap(t, t->vpn[victim]);
	t->vpn[victim] = vpn + 1;
	tlb_map(t, vpn + 1, victim);
	t->lru[victim] = ++t->stamp;
	t->last_vpn = vpn + 1;
	t->last_idx = victim;
}
