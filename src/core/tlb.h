/*
 * tlb.h — fully associative L1 TLBs with LRU (4 KiB pages) and a direct-mapped L2 TLB.
 * Translation is identity (the emulator's addresses are used as physical ones); the TLBs only
 * decide when a page walk costs time.
 */
#ifndef ROBIN_CORE_TLB_H
#define ROBIN_CORE_TLB_H

#include <stdint.h>

#define TLB_PAGE_SHIFT 12

struct tlb {
	uint32_t entries;
	uint64_t *vpn;      /* vpn + 1, 0 = invalid */
	uint64_t last_vpn;  /* vpn + 1 of the last hit or fill: the common case costs one compare
	                       (its entry is the most recently used already) */
	uint64_t prev_vpn;  /* fully associative: vpn + 1 of the hit or fill before, in entry
	                       prev_ent while vpn[prev_ent] says so (code and data pages taken in
	                       turn hit it inline, tlb_hit_recent); last_ent holds last_vpn */
	uint32_t last_ent, prev_ent;
	int direct;         /* direct-mapped (L2 TLB) */
	/* fully associative: true LRU by stamps (a hit or fill stamps its entry with the next
	 * tick, the victim is the valid entry of the smallest stamp); entries are filled in
	 * index order and never invalidated, so `used` of them are valid. An index of the valid
	 * entries by vpn (open addressing, linear probing, each slot the key with its entry,
	 * entry + 1 = 0 when empty; map_mask + 1 slots, at least 4 per entry) makes a hit one
	 * probe of one host line or two and a store of the stamp, nothing else (a recency list
	 * touched the neighbours' lines too; only a fill scans the stamps). */
	uint64_t *stamp;
	uint64_t tick;
	uint32_t used;
	struct tlb_slot {
		uint64_t key;   /* vpn + 1 */
		uint32_t ent;   /* entry + 1, 0 = empty */
	} *map;
	uint32_t map_mask, map_shift;
	uint64_t accesses, misses;
};

int tlb_init(struct tlb *t, uint32_t entries, int direct) __attribute__((warn_unused_result));
void tlb_fini(struct tlb *t);

/* tlb_lookup of a page other than the last one's (out of line). */
int tlb_lookup_other(struct tlb *t, uint64_t vpn);

/* 1 when key (vpn + 1) is the page of the last or the hit or fill before, as a hit (LRU
 * updated, nothing counted), else 0: nothing changed. The last page is the most recently used
 * already (one compare); the one before gets the next stamp, as tlb_lookup_other's hit. */
static inline int tlb_hit_recent(struct tlb *t, uint64_t key)
{
	if (key == t->last_vpn)
		return 1;
	if (key != t->prev_vpn || t->vpn[t->prev_ent] != key)
		return 0;
	uint32_t i = t->prev_ent;
	t->stamp[i] = ++t->tick;
	t->prev_vpn = t->last_vpn;
	t->prev_ent = t->last_ent;
	t->last_vpn = key;
	t->last_ent = i;
	return 1;
}

/* The map slot a key (vpn + 1) starts its probe at (Fibonacci hashing). */
static inline uint32_t tlb_home(const struct tlb *t, uint64_t key)
{
	return (uint32_t)((key * 0x9e3779b97f4a7c15ull) >> t->map_shift);
}

/* The entry of a fully associative TLB holding key (vpn + 1), or -1. */
static inline int64_t tlb_find(const struct tlb *t, uint64_t key)
{
	for (uint32_t h = tlb_home(t, key);; h = (h + 1) & t->map_mask) {
		const struct tlb_slot *m = &t->map[h];
		if (m->key == key)  /* (an empty slot's key is 0, never a key) */
			return m->ent - 1;
		if (!m->ent)
			return -1;
	}
}

/* key (vpn + 1), in entry i, is the page hit or filled last; the last before it the one
 * before (tlb_hit_recent). */
static inline void tlb_set_last(struct tlb *t, uint64_t key, uint32_t i)
{
	t->prev_vpn = t->last_vpn;
	t->prev_ent = t->last_ent;
	t->last_vpn = key;
	t->last_ent = i;
}

/* A fully associative TLB's hit on key (vpn + 1) in entry i: its LRU stamp, and it is the
 * page hit last. */
static inline void tlb_take(struct tlb *t, uint64_t key, uint32_t i)
{
	t->stamp[i] = ++t->tick;
	tlb_set_last(t, key, i);
}

/* A fully associative TLB's hit on key (vpn + 1), wherever its entry is, inline: 1 as
 * tlb_lookup_other's hit (LRU updated, the page the last one; nothing counted), else 0 with
 * nothing changed. */
static inline int tlb_hit_any(struct tlb *t, uint64_t key)
{
	if (tlb_hit_recent(t, key))
		return 1;
	int64_t i = tlb_find(t, key);
	if (i < 0)
		return 0;
	tlb_take(t, key, (uint32_t)i);
	return 1;
}

/* 1 if vpn is present (LRU updated), else 0. Counts an access and a miss. */
static inline int tlb_lookup(struct tlb *t, uint64_t vpn)
{
	t->accesses++;
	if (tlb_hit_recent(t, vpn + 1))
		return 1;
	return tlb_lookup_other(t, vpn);
}

/* 1 if vpn is present, else 0: nothing counted, LRU unchanged. */
int tlb_holds(const struct tlb *t, uint64_t vpn);

/* Insert vpn (evicting LRU, or the indexed entry when direct-mapped). */
void tlb_fill(struct tlb *t, uint64_t vpn);

#endif
