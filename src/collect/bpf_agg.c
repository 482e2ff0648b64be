/*
 * bpf_agg.c — loading, attaching and draining the BPF aggregation program (libbpf).
 *
 * Draining without locks: the program does an atomic add on its CPU's agg_stats.seq (odd while
 * it runs) before it reads agg_ctl.gen; the daemon stores the new gen, fences, then reads
 * every CPU's seq. With full barriers on both sides either a program saw the new gen or the
 * daemon sees its odd seq and waits for it to change, so the old half is quiescent when read.
 */
#include "collect/bpf_agg.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define BPF_AGG_MAX_LINKS 4096

struct bpf_agg {
	struct bpf_object *obj;
	struct bpf_program *prog;
	int table_fd, ctl_fd, stats_fd;
	struct ring_buffer *rb;
	struct bpf_link **links;
	size_t n_links;
	unsigned ncpus;
	uint32_t nbuckets;      /* per half */
	uint32_t gen;
	unsigned ring_bytes;
	bpf_agg_fn fn;          /* set for the duration of a consume */
	void *arg;
	struct agg_bpf_bucket *vals;  /* drain buffer: nbuckets x ncpus */
	uint32_t *keys;
	/* -g */
	int stacks;
	int counts_fd, ids_fd[2];
	bpf_agg_stack_fn stack_fn;
	void *stack_arg;
};

static char bpf_agg_log[512];

static int bpf_agg_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	if (level == LIBBPF_WARN) /* keep the last warning for the reason line */
		vsnprintf(bpf_agg_log, sizeof bpf_agg_log, fmt, ap);
	return 0;
}

static int on_overflow(void *ctx, void *data, size_t size)
{
	struct bpf_agg *b = ctx;
	if (size >= sizeof(struct agg_bpf_entry) && b->fn)
		b->fn(b->arg, data);
	return 0;
}

int bpf_agg_open(unsigned entries, unsigned ring_bytes, int stacks, struct bpf_agg **out,
		 char *why, size_t why_size)
{
	int rc;
	*out = NULL;
	libbpf_set_print(bpf_agg_print);
	struct bpf_agg *b = calloc(1, sizeof *b);
	if (!b)
		return -ENOMEM;
	int n = libbpf_num_possible_cpus();
	b->ncpus = n > 0 ? (unsigned)n : 1;
	b->nbuckets = 1;
	while (b->nbuckets * AGG_BPF_WAYS < entries && b->nbuckets < (1u << 20))
		b->nbuckets <<= 1;
	b->ring_bytes = 4096;
	while (b->ring_bytes < ring_bytes && b->ring_bytes < (1u << 30))
		b->ring_bytes <<= 1;
	b->links = calloc(BPF_AGG_MAX_LINKS, sizeof *b->links);
	b->vals = calloc((size_t)b->nbuckets * b->ncpus, sizeof *b->vals);
	b->keys = calloc(b->nbuckets, sizeof *b->keys);
	if (!b->links || !b->vals || !b->keys) {
		rc = -ENOMEM;
		goto fail;
	}
	LIBBPF_OPTS(bpf_object_open_opts, oo, .object_name = "robin_agg");
	b->obj = bpf_object__open_mem(collect_bpf_obj,
				      (size_t)(collect_bpf_obj_end - collect_bpf_obj), &oo);
	if (!b->obj) {
		rc = -errno;
		snprintf(why, why_size, "BPF object does not open: %s", strerror(-rc));
		goto fail;
	}
	struct bpf_map *table = bpf_object__find_map_by_name(b->obj, "agg_table");
	struct bpf_map *ring = bpf_object__find_map_by_name(b->obj, "agg_overflow");
	b->prog = bpf_object__find_program_by_name(b->obj, "robin_agg");
	if (!table || !ring || !b->prog) {
		rc = -ENOENT;
		snprintf(why, why_size, "BPF object lacks its maps or program");
		goto fail;
	}
	/* without -g the stack maps stay at one entry: the kernel preallocates them */
	struct bpf_map *ids0 = bpf_object__find_map_by_name(b->obj, "agg_stack_ids0");
	struct bpf_map *ids1 = bpf_object__find_map_by_name(b->obj, "agg_stack_ids1");
	struct bpf_map *counts = bpf_object__find_map_by_name(b->obj, "agg_stack_counts");
	if (!ids0 || !ids1 || !counts || bpf_map__set_max_entries(table, 2 * b->nbuckets) ||
	    bpf_map__set_max_entries(ring, b->ring_bytes) ||
	    (!stacks && (bpf_map__set_max_entries(ids0, 1) || bpf_map__set_max_entries(ids1, 1) ||
			 bpf_map__set_max_entries(counts, 1)))) {
		rc = -EINVAL;
		snprintf(why, why_size, "BPF map sizes refused");
		goto fail;
	}
	bpf_agg_log[0] = 0;
	rc = bpf_object__load(b->obj);
	if (rc) {
		snprintf(why, why_size, "the kernel refused to load the BPF program (%s)%s%.200s",
			 strerror(-rc), bpf_agg_log[0] ? ": " : "", bpf_agg_log);
		char *nl = strchr(why, '\n');
		if (nl)
			*nl = 0;
		goto fail;
	}
	b->table_fd = bpf_map__fd(table);
	b->ctl_fd = bpf_object__find_map_fd_by_name(b->obj, "agg_ctl");
	b->stats_fd = bpf_object__find_map_fd_by_name(b->obj, "agg_stats");
	b->counts_fd = bpf_object__find_map_fd_by_name(b->obj, "agg_stack_counts");
	b->ids_fd[0] = bpf_object__find_map_fd_by_name(b->obj, "agg_stack_ids0");
	b->ids_fd[1] = bpf_object__find_map_fd_by_name(b->obj, "agg_stack_ids1");
	struct agg_bpf_ctl ctl = { 0, b->nbuckets - 1 };
	uint32_t zero = 0;
	if (bpf_map_update_elem(b->ctl_fd, &zero, &ctl, BPF_ANY)) {
		rc = -errno;
		snprintf(why, why_size, "BPF control map update failed: %s", strerror(-rc));
		goto fail;
	}
	b->rb = ring_buffer__new(bpf_map__fd(ring), on_overflow, b, NULL);
	if (!b->rb) {
		rc = -errno;
		snprintf(why, why_size, "BPF ring buffer: %s", strerror(-rc));
		goto fail;
	}
	*out = b;
	return 0;
fail:
	bpf_agg_close(b);
	return rc ? rc : -EINVAL;
}

int bpf_agg_attach(struct bpf_agg *b, int perf_fd, unsigned event)
{
	if (b->n_links == BPF_AGG_MAX_LINKS)
		return -E2BIG;
	LIBBPF_OPTS(bpf_perf_event_opts, po, .bpf_cookie = event);
	struct bpf_link *l = bpf_program__attach_perf_event_opts(b->prog, perf_fd, &po);
	if (!l)
		return -errno ? -errno : -EINVAL;
	b->links[b->n_links++] = l;
	return 0;
}

int bpf_agg_stacks(struct bpf_agg *b, bpf_agg_stack_fn fn, void *arg)
{
	struct bpf_program *p = bpf_object__find_program_by_name(b->obj, "robin_agg_stacks");
	if (!p || b->n_links || b->counts_fd < 0 || b->ids_fd[0] < 0 || b->ids_fd[1] < 0 ||
	    bpf_map__max_entries(bpf_object__find_map_by_name(b->obj, "agg_stack_counts")) <= 1)
		return -ENOENT; /* opened without stacks */
	b->prog = p;
	b->stack_fn = fn;
	b->stack_arg = arg;
	b->stacks = 1;
	return 0;
}

/* The frames of stack id in the half's stack map (0 frames for an id < 0 or one gone). */
static size_t stack_frames(struct bpf_agg *b, uint32_t gen, int32_t id, uint64_t *ip)
{
	if (id < 0 || bpf_map_lookup_elem(b->ids_fd[gen], &id, ip))
		return 0;
	/* taken from the sample's perf callchain, a stack keeps its PERF_CONTEXT_* marker */
	size_t n = 0;
	for (size_t i = 0; i < AGG_BPF_STACK_DEPTH && ip[i]; i++)
		if (ip[i] < (uint64_t)PERF_CONTEXT_MAX)
			ip[n++] = ip[i];
	return n;
}

/* Hand every stack count of the quiescent half `gen` to the stack fn, then empty the half. */
static int drain_stacks(struct bpf_agg *b, uint32_t gen)
{
	struct agg_bpf_stack_key k, next, *keys = NULL;
	uint64_t kip[AGG_BPF_STACK_DEPTH], uip[AGG_BPF_STACK_DEPTH], count;
	size_t n = 0, cap = 0;
	int rc = 0, more = bpf_map_get_next_key(b->counts_fd, NULL, &next) == 0;
	while (more) {
		k = next;
		more = bpf_map_get_next_key(b->counts_fd, &k, &next) == 0;
		if (k.gen != gen || bpf_map_lookup_elem(b->counts_fd, &k, &count))
			continue;
		size_t nk = stack_frames(b, gen, k.kstack, kip);
		size_t nu = stack_frames(b, gen, k.ustack, uip);
		if (nk + nu)
			b->stack_fn(b->stack_arg, &k, count, kip, nk, uip, nu);
		if (n == cap) {
			cap = cap ? cap * 2 : 1024;
			struct agg_bpf_stack_key *v = realloc(keys, cap * sizeof *v);
			if (!v) {
				rc = -ENOMEM;
				break;
			}
			keys = v;
		}
		keys[n++] = k;
	}
	for (size_t i = 0; i < n; i++)
		bpf_map_delete_elem(b->counts_fd, &keys[i]);
	free(keys);
	/* the half's stack ids go too: the next flip starts it empty */
	uint32_t id, nid;
	more = bpf_map_get_next_key(b->ids_fd[gen], NULL, &nid) == 0;
	while (more) {
		id = nid;
		more = bpf_map_get_next_key(b->ids_fd[gen], &id, &nid) == 0;
		bpf_map_delete_elem(b->ids_fd[gen], &id);
	}
	return rc;
}

int bpf_agg_poll_fd(const struct bpf_agg *b)
{
	return ring_buffer__epoll_fd(b->rb);
}

int bpf_agg_consume(struct bpf_agg *b, bpf_agg_fn fn, void *arg)
{
	b->fn = fn;
	b->arg = arg;
	int rc = ring_buffer__consume(b->rb);
	b->fn = NULL;
	return rc < 0 ? rc : 0;
}

static int read_stats(struct bpf_agg *b, struct agg_bpf_stats *per_cpu)
{
	uint32_t zero = 0;
	return bpf_map_lookup_elem(b->stats_fd, &zero, per_cpu) ? -errno : 0;
}

int bpf_agg_drain(struct bpf_agg *b, bpf_agg_fn fn, void *arg)
{
	uint32_t zero = 0, old = b->gen;
	struct agg_bpf_ctl ctl = { old ^ 1, b->nbuckets - 1 };
	if (bpf_map_update_elem(b->ctl_fd, &zero, &ctl, BPF_ANY))
		return -errno;
	b->gen = old ^ 1;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);

	/* wait until no CPU is inside the program with the old gen */
	struct agg_bpf_stats *s0 = calloc(b->ncpus, sizeof *s0), *s1 = calloc(b->ncpus, sizeof *s1);
	int rc = -ENOMEM;
	if (!s0 || !s1)
		goto out;
	rc = read_stats(b, s0);
	for (unsigned c = 0; !rc && c < b->ncpus; c++) {
		for (int tries = 0; (s0[c].seq & 1) && tries < 100000; tries++) {
			sched_yield();
			if ((rc = read_stats(b, s1)))
				break;
			if (s1[c].seq != s0[c].seq)
				break;
		}
	}
	if (rc)
		goto out;

	/* read the old half, then zero it */
	uint32_t base = old * b->nbuckets;
	for (uint32_t i = 0; i < b->nbuckets; i++)
		b->keys[i] = base + i;
	uint32_t count = b->nbuckets, in_key = base ? base - 1 : 0, out_key = 0;
	LIBBPF_OPTS(bpf_map_batch_opts, bo);
	rc = bpf_map_lookup_batch(b->table_fd, base ? &in_key : NULL, &out_key, b->keys, b->vals,
				  &count, &bo);
	if ((rc && errno != ENOENT) || count != b->nbuckets) {
		/* no batch support, or short: one lookup per bucket */
		for (uint32_t i = 0; i < b->nbuckets; i++) {
			b->keys[i] = base + i;
			if (bpf_map_lookup_elem(b->table_fd, &b->keys[i],
						&b->vals[(size_t)i * b->ncpus])) {
				rc = -errno;
				goto out;
			}
		}
	}
	for (uint32_t i = 0; i < b->nbuckets; i++)
		for (unsigned c = 0; c < b->ncpus; c++) {
			const struct agg_bpf_bucket *bk = &b->vals[(size_t)i * b->ncpus + c];
			for (int w = 0; w < AGG_BPF_WAYS; w++)
				if (bk->e[w].count)
					fn(arg, &bk->e[w]);
		}
	memset(b->vals, 0, (size_t)b->nbuckets * b->ncpus * sizeof *b->vals);
	for (uint32_t i = 0; i < b->nbuckets; i++)
		b->keys[i] = base + i;
	count = b->nbuckets;
	if (bpf_map_update_batch(b->table_fd, b->keys, b->vals, &count, &bo) ||
	    count != b->nbuckets) {
		for (uint32_t i = 0; i < b->nbuckets; i++)
			if (bpf_map_update_elem(b->table_fd, &b->keys[i],
						&b->vals[(size_t)i * b->ncpus], BPF_ANY)) {
				rc = -errno;
				goto out;
			}
	}
	rc = b->stacks && b->stack_fn ? drain_stacks(b, old) : 0;
out:
	free(s0);
	free(s1);
	return rc;
}

int bpf_agg_stats(struct bpf_agg *b, struct bpf_agg_totals *t)
{
	memset(t, 0, sizeof *t);
	struct agg_bpf_stats *s = calloc(b->ncpus, sizeof *s);
	if (!s)
		return -ENOMEM;
	int rc = read_stats(b, s);
	for (unsigned c = 0; !rc && c < b->ncpus; c++) {
		t->samples += s[c].samples;
		t->hits += s[c].hits;
		t->evictions += s[c].evictions;
		t->lost += s[c].lost;
		t->stacks_lost += s[c].stacks_lost;
		if (c < 64)
			t->samples_cpu[c] = s[c].samples;
	}
	free(s);
	return rc;
}

size_t bpf_agg_memory_bytes(const struct bpf_agg *b)
{
	size_t stacks = b->stacks ? (size_t)2 * AGG_BPF_STACK_IDS * AGG_BPF_STACK_DEPTH * 8 +
				    (size_t)AGG_BPF_STACK_COUNTS *
				    (sizeof(struct agg_bpf_stack_key) + 8) : 0;
	return (size_t)2 * b->nbuckets * b->ncpus * sizeof(struct agg_bpf_bucket) + b->ring_bytes +
	       stacks;
}

void bpf_agg_close(struct bpf_agg *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->n_links; i++)
		bpf_link__destroy(b->links[i]);
	ring_buffer__free(b->rb);
	bpf_object__close(b->obj);
	free(b->links);
	free(b->vals);
	free(b->keys);
	free(b);
}
