/*
 * bbv.c — basic-block vectors (see bbv.h): block ids by a direct-mapped cache in front of an
 * open-addressing table, per-interval counts with a list of the ids touched, one T: line per
 * interval.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "emu/bbv.h"

static uint64_t bbv_hash_key(uint64_t start_pc, uint64_t end_pc)
{
	uint64_t h = start_pc * 0x9e3779b97f4a7c15ull ^ end_pc * 0xc2b2ae3d27d4eb4full;
	return h ^ (h >> 29);
}

static int bbv_grow_hash(struct bbv *b)
{
	size_t n = (b->hash_mask + 1) * 2;
	uint32_t *h = calloc(n, sizeof(*h));
	if (!h)
		return -ENOMEM;
	for (size_t i = 0; i < b->n_blocks; i++) {
		size_t k = bbv_hash_key(b->blocks[i].start_pc, b->blocks[i].end_pc) & (n - 1);
		while (h[k])
			k = (k + 1) & (n - 1);
		h[k] = (uint32_t)(i + 1);
	}
	free(b->hash);
	b->hash = h;
	b->hash_mask = n - 1;
	return 0;
}

/* The id of block (start_pc, end_pc), added on first sight; 0 when out of memory. */
static uint32_t bbv_lookup(struct bbv *b, uint64_t start_pc, uint64_t end_pc, uint64_t insns)
{
	size_t k = bbv_hash_key(start_pc, end_pc) & b->hash_mask;
	for (;;) {
		uint32_t id = b->hash[k];
		if (!id)
			break;
		const struct bbv_block *bl = &b->blocks[id - 1];
		if (bl->start_pc == start_pc && bl->end_pc == end_pc)
			return id;
		k = (k + 1) & b->hash_mask;
	}
	if (b->n_blocks == b->cap_blocks) {
		size_t cap = b->cap_blocks ? b->cap_blocks * 2 : 1024;
		struct bbv_block *nb = realloc(b->blocks, cap * sizeof(*nb));
		uint64_t *nc = nb ? realloc(b->counts, cap * sizeof(*nc)) : NULL;
		if (nb)
			b->blocks = nb;
		if (nc)
			b->counts = nc;
		uint32_t *nt = nc ? realloc(b->touched, cap * sizeof(*nt)) : NULL;
		if (!nt)
			return 0;
		b->touched = nt;
		memset(b->counts + b->cap_blocks, 0, (cap - b->cap_blocks) * sizeof(*nc));
		b->cap_blocks = cap;
	}
	uint32_t id = (uint32_t)++b->n_blocks;
	b->blocks[id - 1] = (struct bbv_block){ start_pc, end_pc, insns, 0 };
	b->hash[k] = id;
	if (b->n_blocks * 2 > b->hash_mask && bbv_grow_hash(b))
		return 0;
	return id;
}

static int bbv_cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

/* Write the finished interval and start the next one. */
static void bbv_end_interval(struct bbv *b)
{
	if (b->n_intervals == b->cap_intervals) {
		size_t cap = b->cap_intervals ? b->cap_intervals * 2 : 256;
		uint64_t *ns = realloc(b->starts, cap * sizeof(*ns));
		if (!ns) {
			b->err = -ENOMEM;
			return;
		}
		b->starts = ns;
		b->cap_intervals = cap;
	}
	b->starts[b->n_intervals++] = b->interval_begin;
	b->interval_begin = b->run_insns;
	qsort(b->touched, b->n_touched, sizeof(*b->touched), bbv_cmp_u32);
	if (b->out) {
		fputc('T', b->out);
		for (size_t i = 0; i < b->n_touched; i++)
			fprintf(b->out, ":%" PRIu32 ":%" PRIu64 " ", b->touched[i],
			        b->counts[b->touched[i] - 1]);
		fputc('\n', b->out);
	}
	for (size_t i = 0; i < b->n_touched; i++)
		b->counts[b->touched[i] - 1] = 0;
	b->n_touched = 0;
	b->count -= b->interval_insns;
}

static void bbv_on_block(void *ctx, uint64_t start_pc, uint64_t end_pc, uint64_t insns)
{
	struct bbv *b = ctx;
	size_t c = (start_pc >> 1) & (BBV_CACHE_SIZE - 1);
	uint32_t id;
	if (b->cache[c].start_pc == start_pc && b->cache[c].end_pc == end_pc && b->cache[c].id) {
		id = b->cache[c].id;
	} else {
		id = bbv_lookup(b, start_pc, end_pc, insns);
		if (!id) {
			b->err = -ENOMEM;
			return;
		}
		b->cache[c].start_pc = start_pc;
		b->cache[c].end_pc = end_pc;
		b->cache[c].id = id;
	}
	if (!b->counts[id - 1])
		b->touched[b->n_touched++] = id;
	b->counts[id - 1] += insns;
	b->blocks[id - 1].total += insns;
	b->run_insns += insns;
	b->count += insns;
	if (b->count >= b->interval_insns)
		bbv_end_interval(b);
}

int bbv_init(struct bbv *b, struct emu *e, uint64_t interval_insns, FILE *out)
{
	memset(b, 0, sizeof(*b));
	if (!interval_insns)
		return -EINVAL;
	b->out = out;
	b->interval_insns = interval_insns;
	b->hash_mask = 4095;
	b->hash = calloc(b->hash_mask + 1, sizeof(*b->hash));
	if (!b->hash)
		return -ENOMEM;
	b->run_insns = b->interval_begin = emu_instret(e);
	emu_set_block_hook(e, bbv_on_block, b);
	return 0;
}

int bbv_finish(struct bbv *b, struct emu *e)
{
	emu_set_block_hook(e, NULL, NULL);
	if (!b->err && b->out && (fflush(b->out) || ferror(b->out)))
		b->err = -EIO;
	return b->err;
}

int bbv_write_map(const struct bbv *b, FILE *out)
{
	fprintf(out, "# robin bbv map 1: B id start_pc end_pc insns executed; I index start_insn "
	        "length (interval %" PRIu64 ")\n", b->interval_insns);
	for (size_t i = 0; i < b->n_blocks; i++) {
		const struct bbv_block *bl = &b->blocks[i];
		fprintf(out, "B %zu 0x%" PRIx64 " 0x%" PRIx64 " %" PRIu64 " %" PRIu64 "\n", i + 1,
		        bl->start_pc, bl->end_pc, bl->insns, bl->total);
	}
	for (size_t i = 0; i < b->n_intervals; i++) {
		uint64_t end = i + 1 < b->n_intervals ? b->starts[i + 1] : b->interval_begin;
		fprintf(out, "I %zu %" PRIu64 " %" PRIu64 "\n", i, b->starts[i], end - b->starts[i]);
	}
	return fflush(out) || ferror(out) ? -EIO : 0;
}

void bbv_free(struct bbv *b)
{
	free(b->blocks);
	free(b->hash);
	free(b->counts);
	free(b->touched);
	free(b->starts);
	memset(b, 0, sizeof(*b));
}
