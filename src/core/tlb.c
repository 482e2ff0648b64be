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
		t->stamp = calloc(entries, sizeof(*t->stamp));
		uint32_t slots = 8, bits = 3;
		while (slots < 4 * entries) {
			slots <<= 1;
			bits++;
		}
		t->map = calloc(slots, sizeof(*t->map));
		t->map_mask = slots - 1;
		t->map_shift = 64 - bits;
	}
	if (!t->vpn || (!direct && (!t->map || !t->stamp))) {
		tlb_fini(t);
		return -ENOMEM;
	}
	return 0;
}

void tlb_fini(struct tlb *t)
{
	free(t->vpn);
	free(t->stamp);
	free(t->map);
	t->vpn = t->stamp = NULL;
	t->map = NULL;
}

/* Take key (held by an entry) out of the map: backward-shift deletion, so that every probe
 * still reaches its key without tombstones. */
static void tlb_unmap(struct tlb *t, uint64_t key)
{
	uint32_t i = tlb_home(t, key);
	while (t->map[i].key != key)
		i = (i + 1) & t->map_mask;
	for (uint32_t j = i;;) {
		j = (j + 1) & t->map_mask;
		if (!t->map[j].ent)
			break;
		uint32_t k = tlb_home(t, t->map[j].key);
		/* the slot at j stays when its home lies cyclically in (i, j] */
		if (i <= j ? (i < k && k <= j) : (i < k || k <= j))
			continue;
		t->map[i] = t->map[j];
		i = j;
	}
	t->map[i].ent = 0;
	t->map[i].key = 0;
}

static void tlb_map(struct tlb *t, uint64_t key, uint32_t idx)
{
	uint32_t h = tlb_home(t, key);
	while (t->map[h].ent)
		h = (h + 1) & t->map_mask;
	t->map[h].key = key;
	t->map[h].ent = idx + 1;
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
		tlb_take(t, key, (uint32_t)i);
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
		victim = t->used++;  /* a never-used entry */
	} else {
		/* the least recently used: the smallest stamp (every valid entry has its own) */
		victim = 0;
		for (uint32_t i = 1; i < t->entries; i++)
			if (t->stamp[i] < t->stamp[victim])
				victim = i;
		tlb_unmap(t, t->vpn[victim]);
	}
	t->vpn[victim] = vpn + 1;
	t->stamp[victim] = ++t->tick;
	tlb_map(t, vpn + 1, victim);
	tlb_set_last(t, vpn + 1, victim);
}
