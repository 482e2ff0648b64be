/*
 * bbv.c — basic-block vectors (see bbv.h): block ids by a direct-mapped cache in front of an
 * open-addressing table, per-interval counts with a list of the ids touched, one T: line per
 * interval; the fast loop's runs split into blocks once and counted per run between
 * interval ends.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "emu/bbv.h"
#include "emu/emu_priv.h"

static uint64_t bbv_hash_key(uint64_t start_pc, uint64_t end_pc)
{
	uint64_t h = start_pc * 0x9e3779b97f4a7c15ull ^ end_pc * 0xc2b2ae3d27d4eb4full;
	return h ^ (h >> 29);
}

/* Double the open-addressing table *hash (*mask + 1 slots) holding ids 1..n, whose entry i
 * (0-based) hashes to key(b, i). 0 or -ENOMEM. */
static int bbv_grow_table(const struct bbv *b, uint32_t **hash, size_t *mask, size_t n,
                          uint64_t (*key)(const struct bbv *b, size_t i))
{
	size_t slots = (*mask + 1) * 2;
	uint32_t *h = calloc(slots, sizeof(*h));
	if (!h)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		size_t k = key(b, i) & (slots - 1);
		while (h[k])
			k = (k + 1) & (slots - 1);
		h[k] = (uint32_t)(i + 1);
	}
	free(*hash);
	*hash = h;
	*mask = slots - 1;
	return 0;
}

static uint64_t bbv_block_key(const struct bbv *b, size_t i)
{
	return bbv_hash_key(b->blocks[i].start_pc, b->blocks[i].end_pc);
}

static uint64_t bbv_run_index_key(const struct bbv *b, size_t i)
{
	return bbv_hash_key(b->runs[i].pc, b->runs[i].n);
}

/* The run record of (pc, n), 0 when there is none. */
static uint32_t bbv_run_find(const struct bbv *b, uint64_t pc, uint64_t n)
{
	for (size_t k = bbv_hash_key(pc, n) & b->run_hash_mask;; k = (k + 1) & b->run_hash_mask) {
		uint32_t id = b->run_hash[k];
		if (!id || (b->runs[id - 1].pc == pc && b->runs[id - 1].n == n))
			return id;
	}
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
	if (b->n_blocks * 2 > b->hash_mask &&
	    bbv_grow_table(b, &b->hash, &b->hash_mask, b->n_blocks, bbv_block_key))
		return 0;
	return id;
}

static int bbv_cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

/* Add v instructions of block id to the current interval. */
static void bbv_add(struct bbv *b, uint32_t id, uint64_t v)
{
	if (!b->counts[id - 1])
		b->touched[b->n_touched++] = id;
	b->counts[id - 1] += v;
	b->blocks[id - 1].total += v;
}

/* Where runs the emulator counts (emu_block_counts) must end: before the first block end that
 * could end the interval (its count reaching N); and while a block is open, the run that
 * continues it must be logged, not counted. */
static void bbv_stop(struct bbv *b)
{
	b->emu->block_hook_stop = b->count >= b->interval_insns ? 0 :
	                          b->run_insns + (b->interval_insns - b->count) - 1;
	b->emu->block_hook_open = b->open_insns != 0;
}

/* Grow *p (of *cap elements of size) to hold n + 1. 0 or -ENOMEM. */
static int bbv_reserve(void **p, size_t *cap, size_t n, size_t size)
{
	if (n < *cap)
		return 0;
	size_t nc = *cap ? *cap * 2 : 1024;
	void *q = realloc(*p, nc * size);
	if (!q)
		return -ENOMEM;
	*p = q;
	*cap = nc;
	return 0;
}

/* Run id to the list *l (*n of *cap): the runs with executions to fold. 0, or -ENOMEM
 * (b->err set). */
static int bbv_list_push(struct bbv *b, uint32_t **l, size_t *n, size_t *cap, uint32_t id)
{
	if (bbv_reserve((void **)l, cap, *n, sizeof(**l))) {
		b->err = -ENOMEM;
		return -ENOMEM;
	}
	(*l)[(*n)++] = id;
	return 0;
}

/* The executions the fast path counted in run cache slot c, to the run's record (listed as
 * pending when it was not). 0, or -ENOMEM (b->err set). */
static int bbv_flush_slot(struct bbv *b, struct bbv_run_cache *rc)
{
	if (!rc->cnt)
		return 0;
	struct bbv_run *r = &b->runs[rc->run - 1];
	if (!r->pending && bbv_list_push(b, &b->pending, &b->n_pending, &b->cap_pending, rc->run))
		return -ENOMEM;
	r->pending += rc->cnt;
	rc->cnt = 0;
	return 0;
}

/* The emulator's counted executions of run (pc, n), which it logged once before: pending. */
static void bbv_add_counted(void *ctx, uint64_t pc, uint64_t n, uint64_t times, uint32_t *memo)
{
	struct bbv *b = ctx;
	uint32_t id = *memo ? *memo : (*memo = bbv_run_find(b, pc, n));
	struct bbv_run *r = id ? &b->runs[id - 1] : NULL;
	if (!r || !r->resolved || r->tail_len) {
		if (!b->err)
			b->err = -EINVAL;  /* a counted run must have been seen and closed */
		return;
	}
	if (!r->pending && bbv_list_push(b, &b->pending, &b->n_pending, &b->cap_pending, id))
		return;
	r->pending += times;
}

/* Run r's executions that continued an open block as it last did (r->cont_*), counted into
 * the current interval. */
static void bbv_cont_fold(struct bbv *b, struct bbv_run *r)
{
	uint64_t c = r->cont_pending;
	if (!c)
		return;
	bbv_add(b, r->cont_id, c * (r->cont_insns + r->first_len));
	for (uint32_t k = 0; k < r->n_segs; k++) {
		const struct bbv_seg *sg = &b->segs[r->segs_at + k];
		bbv_add(b, sg->id, c * sg->insns);
	}
	r->cont_pending = 0;
}

/* Count the pending executions of the run records into the current interval. */
static void bbv_fold(struct bbv *b)
{
	if (b->emu->jit_count)
		emu_block_counts_fold(b->emu, bbv_add_counted, b);
	if (b->dirty_all) {
		for (size_t c = 0; c < BBV_CACHE_SIZE; c++)
			if (bbv_flush_slot(b, &b->run_cache[c]))
				return;
	} else {
		for (uint32_t k = 0; k < b->n_dirty; k++)  /* a slot listed twice flushes once */
			if (bbv_flush_slot(b, &b->run_cache[b->dirty[k]]))
				return;
	}
	b->n_dirty = 0;
	b->dirty_all = 0;
	for (size_t i = 0; i < b->n_pending; i++) {
		struct bbv_run *r = &b->runs[b->pending[i] - 1];
		uint64_t c = r->pending;
		bbv_add(b, r->first_id, c * r->first_len);
		for (uint32_t k = 0; k < r->n_segs; k++) {
			const struct bbv_seg *sg = &b->segs[r->segs_at + k];
			bbv_add(b, sg->id, c * sg->insns);
		}
		r->pending = 0;
	}
	b->n_pending = 0;
	for (size_t i = 0; i < b->n_cont; i++)
		bbv_cont_fold(b, &b->runs[b->cont[i] - 1]);
	b->n_cont = 0;
}

/* The touched ids in increasing order: a radix sort on bytes (as many as the largest id
 * needs) through b->sort_tmp; qsort when that cannot grow. */
static void bbv_sort_touched(struct bbv *b)
{
	size_t n = b->n_touched;
	if (n < 2)
		return;
	if (n > b->cap_sort_tmp) {
		uint32_t *t = realloc(b->sort_tmp, b->cap_blocks * sizeof(*t));
		if (!t) {
			qsort(b->touched, n, sizeof(*b->touched), bbv_cmp_u32);
			return;
		}
		b->sort_tmp = t;
		b->cap_sort_tmp = b->cap_blocks;
	}
	uint32_t *src = b->touched, *dst = b->sort_tmp;
	for (unsigned shift = 0; shift < 32 && (b->n_blocks >> shift); shift += 8) {
		uint32_t cnt[256] = { 0 };
		for (size_t i = 0; i < n; i++)
			cnt[(src[i] >> shift) & 0xff]++;
		uint32_t sum = 0;
		for (size_t d = 0; d < 256; d++) {
			uint32_t c = cnt[d];
			cnt[d] = sum;
			sum += c;
		}
		for (size_t i = 0; i < n; i++)
			dst[cnt[(src[i] >> shift) & 0xff]++] = src[i];
		uint32_t *t = src;
		src = dst;
		dst = t;
	}
	if (src != b->touched)
		memcpy(b->touched, src, n * sizeof(*src));
}

/* v in decimal at p; returns the end */
static char *bbv_put_u64(char *p, uint64_t v)
{
	char d[20];
	int n = 0;
	do
		d[n++] = (char)('0' + v % 10);
	while (v /= 10);
	while (n)
		*p++ = d[--n];
	return p;
}

/* The interval's T: line, "T:id:count :id:count ... \n", formatted in b->line and written at
 * once (a write error shows at bbv_finish's fflush). */
static void bbv_write_line(struct bbv *b)
{
	size_t need = 2 + b->n_touched * (2 + 10 + 20 + 1);
	if (need > b->cap_line) {
		char *nl = realloc(b->line, need);
		if (!nl) {
			b->err = -ENOMEM;
			return;
		}
		b->line = nl;
		b->cap_line = need;
	}
	char *p = b->line;
	*p++ = 'T';
	for (size_t i = 0; i < b->n_touched; i++) {
		*p++ = ':';
		p = bbv_put_u64(p, b->touched[i]);
		*p++ = ':';
		p = bbv_put_u64(p, b->counts[b->touched[i] - 1]);
		*p++ = ' ';
	}
	*p++ = '\n';
	fwrite(b->line, 1, (size_t)(p - b->line), b->out);
}

/* Write the finished interval and start the next one. */
static void bbv_end_interval(struct bbv *b)
{
	bbv_fold(b);
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
	if (b->interval_done)
		b->interval_done(b->interval_ctx, b->n_intervals - 1);
	bbv_sort_touched(b);
	if (b->out)
		bbv_write_line(b);
	for (size_t i = 0; i < b->n_touched; i++)
		b->counts[b->touched[i] - 1] = 0;
	b->n_touched = 0;
	b->count -= b->interval_insns;
}

/* Block (start_pc, end_pc) of insns instructions ended: count it, end the interval if it is
 * full. Returns its id, 0 when out of memory. */
static uint32_t bbv_block_done(struct bbv *b, uint64_t start_pc, uint64_t end_pc, uint64_t insns)
{
	size_t c = (start_pc >> 1) & (BBV_CACHE_SIZE - 1);
	uint32_t id;
	if (b->cache[c].start_pc == start_pc && b->cache[c].end_pc == end_pc && b->cache[c].id) {
		id = b->cache[c].id;
	} else {
		id = bbv_lookup(b, start_pc, end_pc, insns);
		if (!id) {
			b->err = -ENOMEM;
			return 0;
		}
		b->cache[c].start_pc = start_pc;
		b->cache[c].end_pc = end_pc;
		b->cache[c].id = id;
	}
	bbv_add(b, id, insns);
	b->run_insns += insns;
	b->count += insns;
	if (b->count >= b->interval_insns)
		bbv_end_interval(b);
	return id;
}

/* Split n instructions from pc into basic blocks (the classes that end one, as the
 * per-instruction loop's block hook): a new run record. 0 when out of memory. */
static uint32_t bbv_run_new(struct bbv *b, uint64_t pc, uint64_t n)
{
	if (bbv_reserve((void **)&b->runs, &b->cap_runs, b->n_runs, sizeof(*b->runs)))
		return 0;
	struct bbv_run r = { .pc = pc, .n = n, .segs_at = (uint32_t)b->n_segs };
	uint64_t at = pc, seg_start = pc, seg_len = 0;
	int closed = 0;
	for (uint64_t i = 0; i < n; i++) {
		const struct isa_insn *in = emu_decode_at(b->emu, at);
		uint64_t here = at;
		at += in ? in->len : 4;
		seg_len++;
		if (!in || !(in->cls == ISA_CLASS_BRANCH || in->cls == ISA_CLASS_JUMP ||
		             in->cls == ISA_CLASS_SYSTEM))
			continue;
		if (!closed) {
			r.first_end = here;
			r.first_len = (uint32_t)seg_len;
			closed = 1;
		} else {
			if (bbv_reserve((void **)&b->segs, &b->cap_segs, b->n_segs, sizeof(*b->segs)))
				return 0;
			b->segs[b->n_segs++] = (struct bbv_seg){ seg_start, here, (uint32_t)seg_len, 0 };
			r.n_segs++;
		}
		r.closed_insns += seg_len;
		seg_start = at;
		seg_len = 0;
	}
	r.tail_len = (uint32_t)seg_len;
	r.tail_pc = seg_start;
	r.next_pc = at;
	b->runs[b->n_runs++] = r;
	if (b->n_runs * 2 > b->run_hash_mask &&
	    bbv_grow_table(b, &b->run_hash, &b->run_hash_mask, b->n_runs, bbv_run_index_key))
		return 0;
	size_t k = bbv_hash_key(pc, n) & b->run_hash_mask;
	while (b->run_hash[k])
		k = (k + 1) & b->run_hash_mask;
	b->run_hash[k] = (uint32_t)b->n_runs;
	return (uint32_t)b->n_runs;
}

/* The run record of (pc, n), made on first sight; 0 when out of memory. */
static uint32_t bbv_run_get(struct bbv *b, uint64_t pc, uint64_t n)
{
	size_t c = ((pc >> 1) ^ n) & (BBV_CACHE_SIZE - 1);
	struct bbv_run_cache *rc = &b->run_cache[c];
	if (rc->pc == pc && rc->n == n && rc->run)
		return rc->run;
	uint32_t id = bbv_run_find(b, pc, n);
	if (!id && !(id = bbv_run_new(b, pc, n)))
		return 0;
	if (n > UINT32_MAX)
		return id;  /* not cached */
	if (rc->run && bbv_flush_slot(b, rc))
		return 0;
	rc->pc = pc;
	rc->n = (uint32_t)n;
	rc->run = id;
	rc->closed = 0;  /* bbv_on_run_slow says when the fast path may count it */
	return id;
}

/* bbv_on_run's general case. */
static __attribute__((noinline)) void bbv_on_run_slow(struct bbv *b, uint64_t pc, uint64_t n)
{
	b->emu->block_hook_countable = 0;
	if (b->err)
		return;
	if (b->open_insns && pc != b->open_next) {
		/* not where the open block went on: a trap or signal ended it at open_next, as
		 * the per-instruction loop ends a block at a trapping instruction */
		if (!bbv_block_done(b, b->open_pc, b->open_next, b->open_insns))
			return;
		b->open_insns = 0;
	}
	uint32_t rid = bbv_run_get(b, pc, n);
	if (!rid) {
		b->err = -ENOMEM;
		return;
	}
	struct bbv_run *r = &b->runs[rid - 1];
	if (__builtin_expect(!b->open_insns && r->resolved &&
	                     b->count + r->closed_insns < b->interval_insns, 1)) {
		/* no interval ends inside: count the run, fold at the interval's end */
		if (!r->pending++ &&
		    bbv_list_push(b, &b->pending, &b->n_pending, &b->cap_pending, rid))
			return;
		b->count += r->closed_insns;
		b->run_insns += r->closed_insns;
	} else if (b->open_insns && r->cont_id && r->cont_pc == b->open_pc &&
	           r->cont_insns == b->open_insns &&
	           b->count + b->open_insns + r->closed_insns < b->interval_insns) {
		/* it continues the open block as it did before, no interval ends inside: folded
		 * at the interval's end (the merged first block and the further ones) */
		if (!r->cont_pending++ && bbv_list_push(b, &b->cont, &b->n_cont, &b->cap_cont, rid))
			return;
		b->count += b->open_insns + r->closed_insns;
		b->run_insns += b->open_insns + r->closed_insns;
		b->open_insns = 0;
	} else if (r->first_len) {
		/* block by block */
		int fresh = !b->open_insns;
		uint64_t start = fresh ? pc : b->open_pc, before = b->open_insns;
		uint32_t id = bbv_block_done(b, start, r->first_end, b->open_insns + r->first_len);
		if (!id)
			return;
		b->open_insns = 0;
		if (fresh)
			r->first_id = id;
		for (uint32_t k = 0; k < r->n_segs; k++) {
			struct bbv_seg *sg = &b->segs[r->segs_at + k];
			if (!(sg->id = bbv_block_done(b, sg->start_pc, sg->end_pc, sg->insns)))
				return;
		}
		r->resolved = r->first_id != 0;
		if (!fresh) {
			bbv_cont_fold(b, r);  /* the executions counted under the last merged block */
			r->cont_pc = start;
			r->cont_insns = before;
			r->cont_id = id;
		}
	}
	if (r->tail_len) {
		if (!b->open_insns)
			b->open_pc = r->tail_pc;
		b->open_insns += r->tail_len;
		b->open_next = r->next_pc;
	}
	/* the slot bbv_run_get left it in: countable on the fast path from now on? */
	struct bbv_run_cache *rc = &b->run_cache[((pc >> 1) ^ n) & (BBV_CACHE_SIZE - 1)];
	if (rc->run == rid && r->resolved && !r->tail_len && r->closed_insns <= UINT32_MAX)
		rc->closed = (uint32_t)r->closed_insns;
	bbv_stop(b);
	b->emu->block_hook_countable = r->resolved && !r->tail_len && !b->err;
}

/* Instructions the emulator ran in counted runs (emu_block_counts): closed runs within the
 * interval, whose executions come with the next fold. */
static void bbv_on_counted(void *ctx, uint64_t n)
{
	struct bbv *b = ctx;
	if (b->open_insns && !b->err)
		b->err = -EINVAL;  /* cannot be: counted code runs with no block open */
	b->count += n;
	b->run_insns += n;
}

/* The fast loop's run hook (emu_priv.h): n instructions from pc retired in sequence. The
 * common case first: a run seen before, counted this interval already, that closes its blocks
 * (no tail) with no block open and no interval end inside (the general case's fast path,
 * without its look-up's hashing or a call). */
static void bbv_on_run(void *ctx, uint64_t pc, uint64_t n)
{
	struct bbv *b = ctx;
	size_t c = ((pc >> 1) ^ n) & (BBV_CACHE_SIZE - 1);
	struct bbv_run_cache *rc = &b->run_cache[c];
	uint64_t closed = rc->closed;
	if (__builtin_expect(closed && rc->pc == pc && rc->n == n && !b->open_insns &&
	                     b->count + closed < b->interval_insns, 1)) {
		if (__builtin_expect(!rc->cnt++, 0)) {
			if (b->n_dirty < BBV_CACHE_SIZE)
				b->dirty[b->n_dirty++] = (uint16_t)c;
			else
				b->dirty_all = 1;
		}
		b->count += closed;
		b->run_insns += closed;
		b->emu->block_hook_countable = 1;
		return;
	}
	bbv_on_run_slow(b, pc, n);
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
	b->run_hash_mask = 4095;
	b->run_hash = calloc(b->run_hash_mask + 1, sizeof(*b->run_hash));
	if (!b->run_hash)
		return -ENOMEM;
	b->run_insns = b->interval_begin = emu_instret(e);
	b->emu = e;
	e->block_hook = bbv_on_run;
	e->block_hook_ctx = b;
	if (!emu_block_counts(e, bbv_on_counted))
		bbv_stop(b);
	return 0;
}

int bbv_finish(struct bbv *b, struct emu *e)
{
	bbv_fold(b);  /* the executed totals of the map */
	emu_block_counts(e, NULL);
	e->block_hook = NULL;
	e->block_hook_ctx = NULL;
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
	free(b->runs);
	free(b->run_hash);
	free(b->segs);
	free(b->pending);
	free(b->cont);
	free(b->line);
	free(b->sort_tmp);
	memset(b, 0, sizeof(*b));
}
