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
	int direct;         /* direct-mapped (L2 TLB) */
	/* fully associative: true LRU as a recency list of the valid entries (prev/next entry
	 * indices, mru first, lru last; a hit moves its entry to the front, a fill takes the
	 * first never-used entry, then the lru); entries are filled in index order and never
	 * invalidated, so `used` of them are valid. An index of the valid entries by vpn (open
	 * addressing, linear probing, entry + 1, 0 = empty; map_mask + 1 slots, at least 4 per
	 * entry) makes a look-up a probe or two instead of a scan of every entry. */
	uint32_t *prev, *next;
	uint32_t mru, lru, used;
	uint32_t *map;
	uint32_t map_mask, map_shift;
	uint64_t accesses, misses;
};

int tlb_init(struct tlb *t, uint32_t entries, int direct) __attribute__((warn_unused_result));
void tlb_fini(struct tlb *t);

/* tlb_lookup of a page other than the last one's (out of line). */
int tlb_lookup_other(struct tlb *t, uint64_t vpn);

/* 1 if vpn is present (LRU updated), else 0. Counts an access and a miss. The last page hit
 * or filled is the most recently used already: one compare. */
static inline int tlb_lookup(struct tlb *t, uint64_t vpn)
{
	t->accesses++;
	if (vpn + 1 == t->last_vpn)
		return 1;
	return tlb_lookup_other(t, vpn);
}

/* 1 if vpn is present, else 0: nothing counted, LRU unchanged. */
int tlb_holds(const struct tlb *t, uint64_t vpn);

/* Insert vpn (evicting LRU, or the indexed entry when direct-mapped). */
void tlb_fill(struct tlb *t, uint64_t vpn);

#endif
