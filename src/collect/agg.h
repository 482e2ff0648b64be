/*
 * agg.h — DCPI's aggregating sample table (002_767b26a0b68559db.txt §4.2.1), one per CPU:
 * (context, pc, event) -> count in an array of 4-way buckets; a sample that misses evicts one
 * entry of its bucket (chosen by a mod-4 counter) into an overflow buffer, which the owner
 * drains when it fills. "context" is the process (robin uses a per-process address-space era,
 * so that pid reuse and exec never merge two programs' samples). This is the user-space
 * table of the ring-buffer path; the BPF program (bpf/agg.bpf.c) keeps the same structure in
 * the kernel. Entry points: agg_init, agg_add, agg_drain_overflow, agg_drain_all.
 */
#ifndef ROBIN_COLLECT_AGG_H
#define ROBIN_COLLECT_AGG_H

#include <stddef.h>
#include <stdint.h>

#define AGG_WAYS 4

struct agg_entry {
	uint64_t pc;
	uint64_t ctx;      /* process context (0 is a valid context) */
	uint32_t event;    /* index of the sampling event */
	uint32_t count;    /* 0 = empty slot */
};

struct agg_bucket {
	struct agg_entry e[AGG_WAYS];
};

struct agg_stats {
	uint64_t samples;     /* samples added */
	uint64_t hits;        /* samples that found their entry */
	uint64_t evictions;   /* entries pushed to the overflow buffer by a miss */
	uint64_t entries_out; /* entries handed to the owner (evicted + drained) */
};

struct agg_table {
	struct agg_bucket *buckets;
	uint32_t nbuckets;          /* a power of two */
	uint32_t evict_ctr;         /* the mod-4 replacement counter */
	struct agg_entry *overflow;
	uint32_t overflow_len, overflow_cap;
	struct agg_stats stats;
};

/* A table of `entries` entries (rounded up to a power of two number of buckets) and an
 * overflow buffer of `overflow_entries`. */
int agg_init(struct agg_table *t, uint32_t entries, uint32_t overflow_entries)
	__attribute__((warn_unused_result));
void agg_free(struct agg_table *t);

/* Count one sample. Returns 1 when the overflow buffer has just become full (the owner must
 * drain it before the next add), else 0. */
static inline int agg_add(struct agg_table *t, uint64_t ctx, uint64_t pc, uint32_t event);

typedef void (*agg_fn)(void *arg, const struct agg_entry *e);

/* Hand every overflow entry to fn and empty the buffer. */
void agg_drain_overflow(struct agg_table *t, agg_fn fn, void *arg);

/* Hand every overflow and table entry to fn and empty both (a flush). */
void agg_drain_all(struct agg_table *t, agg_fn fn, void *arg);

/* Bytes of memory held by the table and its buffer. */
size_t agg_memory_bytes(const struct agg_table *t);

/* ---- inline fast path ------------------------------------------------------------------ */

static inline uint32_t agg_hash(uint64_t ctx, uint64_t pc, uint32_t event)
{
	uint64_t h = pc * 0x9e3779b97f4a7c15ull ^ (ctx + event) * 0xc2b2ae3d27d4eb4full;
	return (uint32_t)(h ^ (h >> 29) ^ (h >> 41));
}

static inline int agg_add(struct agg_table *t, uint64_t ctx, uint64_t pc, uint32_t event)
{
	struct agg_bucket *b = &t->buckets[agg_hash(ctx, pc, event) & (t->nbuckets - 1)];
	struct agg_entry *empty = NULL;
	t->stats.samples++;
	for (int i = 0; i < AGG_WAYS; i++) {
		struct agg_entry *e = &b->e[i];
		if (e->count && e->pc == pc && e->ctx == ctx && e->event == event) {
			if (e->count == UINT32_MAX)
				break; /* saturated: evict it below like a miss */
			e->count++;
			t->stats.hits++;
			return 0;
		}
		if (!e->count && !empty)
			empty = e;
	}
	if (!empty) {
		empty = &b->e[t->evict_ctr++ & (AGG_WAYS - 1)];
		t->overflow[t->overflow_len++] = *empty;
		t->stats.evictions++;
	}
	empty->pc = pc;
	empty->ctx = ctx;
	empty->event = event;
	empty->count = 1;
	return t->overflow_len == t->overflow_cap;
}

#endif
