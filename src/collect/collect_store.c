/*
 * collect_store.c — writing collected counts into the profile database: the sink holds them
 * (collect_pending), a commit turns what is held into one batch and stores it.
 */
#include "collect/collect_store.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "collect/ibs.h"
#include "profile/profile_db.h"

int collect_store_open(struct collect_store *s, const char *path, mode_t mode,
		       const struct perf_sys_event *events, size_t n_events)
{
	memset(s, 0, sizeof *s);
	/* a new file gets exactly `mode` (umask must not widen or narrow what was asked) */
	int rc = profile_db_open_mode(path, PROFILE_DB_CREATE, mode, &s->db, s->err);
	if (rc)
		return rc;
	s->n_events = n_events;
	memcpy(s->events, events, n_events * sizeof *events);
	/* the configured events are the first pending events, in order */
	for (size_t i = 0; !rc && i < n_events; i++) {
		uint32_t ix;
		rc = collect_pending_event(&s->pend, events[i].name, events[i].period, &ix);
		if (!rc && ix != i)
			rc = -EINVAL; /* the same event configured twice */
	}
	if (rc) {
		snprintf(s->err, sizeof s->err, "event %s: %s", events[s->pend.n_events].name,
			 strerror(-rc));
		collect_store_close(s);
	}
	return rc;
}

void collect_store_set_run(struct collect_store *s, int64_t run_id)
{
	s->run_id = run_id;
}

/* The pending image of a collector image (added on first use). */
static int image_ix(struct collect_store *s, const struct cimage *im, uint32_t *ix)
{
	if (!im) {
		*ix = 0;
		return 0;
	}
	if (im->index >= s->n_image_ix) {
		uint32_t n = s->n_image_ix ? s->n_image_ix : 256;
		while (n <= im->index)
			n *= 2;
		uint32_t *v = realloc(s->image_ix, n * sizeof *v);
		if (!v)
			return -ENOMEM;
		memset(v + s->n_image_ix, 0, (n - s->n_image_ix) * sizeof *v);
		s->image_ix = v;
		s->n_image_ix = n;
	}
	if (!s->image_ix[im->index]) {
		if (im->kind == CIMAGE_JIT && s->n_jits == s->cap_jits) {
			size_t n = s->cap_jits ? s->cap_jits * 2 : 16;
			struct cimage **v = realloc(s->jits, n * sizeof *v);
			if (!v)
				return -ENOMEM;
			s->jits = v;
			s->cap_jits = n;
		}
		int rc = collect_pending_image(&s->pend, im->path, im->build_id, im->size_bytes,
					       im->arch, &s->image_ix[im->index]);
		if (rc)
			return rc;
		if (im->kind == CIMAGE_JIT)
			s->jits[s->n_jits++] = (struct cimage *)im;
	}
	*ix = s->image_ix[im->index];
	return 0;
}

static int hold(struct collect_store *s, unsigned event, const struct cimage *im,
		uint64_t offset, int kind, int64_t key, uint64_t count, double value)
{
	uint32_t ix;
	if (event >= s->n_events)
		return -EINVAL;
	int rc = image_ix(s, im, &ix);
	if (!rc)
		rc = collect_pending_add(&s->pend, event, ix, offset, kind, key, count, value);
	if (rc)
		s->add_errors += count;
	return rc;
}

static int store_add(void *arg, unsigned event, struct cimage *im, uint64_t offset,
		     uint64_t count)
{
	return hold(arg, event, im, offset, COLLECT_PENDING_COUNT, 0, count, 0);
}

static int store_detail(void *arg, unsigned event, struct cimage *im, uint64_t offset,
			const char *kind, int64_t key, uint64_t count, double value)
{
	for (int k = 1; k < COLLECT_PENDING_NKINDS; k++)
		if (!strcmp(kind, collect_pending_kind_name(k)))
			return hold(arg, event, im, offset, k, key, count, value);
	return -EINVAL;
}

static int store_stack(void *arg, unsigned event, struct cimage *const *im,
		       const uint64_t *offset, size_t n, uint64_t count)
{
	struct collect_store *s = arg;
	uint32_t ix[256];
	if (event >= s->n_events)
		return -EINVAL;
	if (n > 256)
		n = 256; /* the collector keeps at most 256 frames */
	for (size_t i = 0; i < n; i++) {
		int rc = image_ix(s, im[i], &ix[i]);
		if (rc)
			return rc;
	}
	return collect_pending_stack(&s->pend, event, ix, offset, n, count);
}

struct collector_sink collect_store_sink(struct collect_store *s)
{
	struct collector_sink k = { s, store_add, store_detail, store_stack };
	return k;
}

/* The database's detail kind of a pending kind (created on first use). */
static int db_kind(struct collect_store *s, int kind, int *out)
{
	if (kind == COLLECT_PENDING_EVENT_BITS) {
		*out = PROFILE_DB_KIND_EVENT_BITS;
		return 0;
	}
	if (kind == COLLECT_PENDING_LATENCY) {
		*out = PROFILE_DB_KIND_LATENCY;
		return 0;
	}
	int src = kind == COLLECT_PENDING_IBS_DATA_SRC;
	int *cache = src ? &s->kind_src : kind == COLLECT_PENDING_IBS_DC_MISS_LAT ? &s->kind_lat_op
	                                                                          : &s->kind_lat_fetch;
	if (!*cache) {
		int k = 0;
		int rc = profile_db_detail_kind(s->db, collect_pending_kind_name(kind),
						src ? IBS_DATA_SRC_KIND_KEY_DESC :
						"histogram bucket lower bound in cycles (0, then "
						"powers of two)", "sum of the latencies in cycles", &k);
		if (rc)
			return rc;
		*cache = k;
	}
	*out = *cache;
	return 0;
}

/* Name an IBS event's bits once so readers can print them. */
static int name_bits(struct collect_store *s, uint32_t event)
{
	if (event >= s->n_events || s->bits_named[event])
		return 0;
	int op = s->events[event].kind == PERF_SYS_IBS_OP;
	for (unsigned b = 0; b < 32; b++) {
		const char *n = op ? ibs_op_bit_name(b) : ibs_fetch_bit_name(b);
		if (!n)
			break;
		int rc = profile_db_detail_key_name(s->db, PROFILE_DB_KIND_EVENT_BITS,
						    (int64_t)1 << b, n);
		if (rc)
			return rc;
	}
	s->bits_named[event] = 1;
	return 0;
}

/* Add one held slot to the batch (adding its image to the database first if needed). */
static int batch_slot(struct collect_store *s, struct profile_db_batch *b, const int *ev,
		      const struct collect_pending_slot *p)
{
	int64_t id = 0;
	int rc = 0;
	if (p->image) {
		struct collect_pending_image *im = &s->pend.images[p->image - 1];
		if (!im->db_id && (rc = profile_db_image_add(s->db, im->path, im->build_id,
							     im->size_bytes, im->arch, &im->db_id)))
			return rc;
		id = im->db_id;
	}
	if (p->kind == COLLECT_PENDING_COUNT)
		return profile_db_batch_add(b, ev[p->event], id, p->offset, p->count);
	int k;
	if ((rc = db_kind(s, p->kind, &k)))
		return rc;
	if (k == PROFILE_DB_KIND_EVENT_BITS && (rc = name_bits(s, p->event)))
		return rc;
	return profile_db_batch_add_detail(b, ev[p->event], id, p->offset, k, p->key, p->count,
					   p->value);
}

/* The held stacks into the database (after the batch: their leaves' profiles exist). */
static int commit_stacks(struct collect_store *s)
{
	struct collect_pending *p = &s->pend;
	struct profile_db_stacks *st = NULL;
	struct profile_db_frame f[256];
	int rc = p->n_stk ? profile_db_stacks_new(s->db, &st) : 0;
	for (size_t at = 0; !rc && at < p->n_stk;) {
		const uint64_t *w = p->stk + at;
		size_t n = (size_t)w[2];
		for (size_t i = 0; i < n && !rc; i++) {
			uint32_t ix = (uint32_t)w[3 + 2 * i];
			f[i].image_id = 0;
			f[i].offset = w[4 + 2 * i];
			if (ix) {
				struct collect_pending_image *im = &p->images[ix - 1];
				if (!im->db_id)
					rc = profile_db_image_add(s->db, im->path, im->build_id,
								  im->size_bytes, im->arch, &im->db_id);
				f[i].image_id = im->db_id;
			}
		}
		if (!rc)
			rc = profile_db_stacks_add(st, p->events[w[0]].name, f, n, w[1]);
		at += 3 + 2 * n;
	}
	if (!rc && st)
		rc = profile_db_stacks_commit(st, 0, s->run_id);
	profile_db_stacks_free(st);
	if (!rc)
		collect_pending_clear_stacks(p);
	return rc;
}

struct jit_syms {
	struct profile_db_symbol *v;
	size_t n, cap;
	char *names;          /* the entries' names, each followed by a NUL */
	size_t names_len, names_cap;
};

static int jit_entry(void *arg, const struct perfmap_sym *e)
{
	struct jit_syms *j = arg;
	if (e->start > (uint64_t)INT64_MAX || e->size > (uint64_t)INT64_MAX)
		return 0; /* not a user-space address */
	if (j->n == j->cap) {
		size_t n = j->cap ? j->cap * 2 : 1024;
		struct profile_db_symbol *v = realloc(j->v, n * sizeof *v);
		if (!v)
			return -ENOMEM;
		j->v = v;
		j->cap = n;
	}
	if (j->names_len + e->name_len + 1 > j->names_cap) {
		size_t n = (j->names_len + e->name_len + 1) * 2;
		char *nn = realloc(j->names, n);
		if (!nn)
			return -ENOMEM;
		j->names = nn;
		j->names_cap = n;
	}
	memcpy(j->names + j->names_len, e->name, e->name_len);
	j->names[j->names_len + e->name_len] = 0;
	/* names are pointed at once the buffer stops moving (name holds the offset till then) */
	j->v[j->n++] = (struct profile_db_symbol){ e->start, e->size,
		(const char *)(uintptr_t)j->names_len, e->name_len };
	j->names_len += e->name_len + 1;
	return 0;
}

/* Store the entries the JIT images' perf maps and jitdump files gained since the last commit
 * (the map's first, then the dump's: where both name a range, the dump's entry wins). */
static int commit_jit_symbols(struct collect_store *s)
{
	struct timespec t0, t1;
	int rc = 0;
	if (!s->n_jits)
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (size_t i = 0; i < s->n_jits && !rc; i++) {
		struct cimage *im = s->jits[i];
		struct collect_pending_image *pi = &s->pend.images[s->image_ix[im->index] - 1];
		struct perfmap_reader rd = im->jit_rd;
		struct jitdump_reader drd = im->jit_drd;
		struct jit_syms j = { 0 };
		const char *file = im->jit_map;
		int r = im->jit_map ? perfmap_read(im->jit_map, &rd, jit_entry, &j) : 0;
		if (r == -ENOENT || r == -EACCES || r == -EINVAL)
			r = 0; /* gone or unreadable: what was stored stays */
		if (!r && im->jit_dump) {
			file = im->jit_dump;
			r = jitdump_read(im->jit_dump, &drd, jit_entry, &j);
			im->jit_drd.idx = drd.idx; /* one index, kept whatever happens next */
			if (r == -ENOENT || r == -EACCES || r == -EINVAL)
				r = 0;
		}
		if (!r && j.n && !pi->db_id)
			r = profile_db_image_add(s->db, pi->path, pi->build_id, pi->size_bytes,
						 pi->arch, &pi->db_id);
		for (size_t k = 0; k < j.n; k++)
			j.v[k].name = j.names + (uintptr_t)j.v[k].name;
		if (!r && j.n)
			r = profile_db_image_symbols_add(s->db, pi->db_id, j.v, j.n);
		if (!r) {
			s->jit_symbols += j.n;
			s->jit_malformed += rd.malformed - im->jit_rd.malformed;
			s->jit_dump_malformed += drd.malformed - im->jit_drd.malformed;
			s->jit_dump_bad += drd.bad && !im->jit_drd.bad;
			im->jit_rd = rd;
			im->jit_drd = drd;
		} else {
			rc = r; /* the database failed: read the same entries next time */
			snprintf(s->err, sizeof s->err, "JIT symbols %s: %s", file,
				 r == -ENOMEM ? "out of memory" : profile_db_error(s->db));
		}
		free(j.v);
		free(j.names);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	s->jit_read_ns += (uint64_t)((t1.tv_sec - t0.tv_sec) * 1000000000ll +
				     (t1.tv_nsec - t0.tv_nsec));
	s->jit_reads++;
	return rc;
}

int collect_store_commit(struct collect_store *s)
{
	struct collect_pending *p = &s->pend;
	struct profile_db_batch *b = NULL;
	int *ev = calloc(p->n_events ? p->n_events : 1, sizeof *ev);
	int rc = ev ? profile_db_batch_new(s->db, 0, s->run_id, &b) : -ENOMEM;
	for (uint32_t i = 0; !rc && i < p->n_events; i++)
		rc = profile_db_batch_event(b, p->events[i].name, p->events[i].period, 1, &ev[i]);
	for (size_t i = 0; !rc && i < p->cap_slots; i++)
		if (p->slots[i].used && p->slots[i].count)
			rc = batch_slot(s, b, ev, &p->slots[i]);
	if (!rc)
		rc = profile_db_batch_commit(b, NULL);
	if (rc)
		snprintf(s->err, sizeof s->err, "%s",
			 rc == -ENOMEM ? "out of memory" : profile_db_error(s->db));
	profile_db_batch_free(b);
	free(ev);
	if (rc)
		return rc; /* everything stays held */
	s->committed_samples += p->samples;
	s->commits++;
	collect_pending_clear(p);
	if (s->journal[0])
		unlink(s->journal); /* its samples are in the database now */
	/* the flat counts are stored (a retry never recounts them); stacks that could not be
	 * stored for want of space stay held (and journaled), any other failure drops them */
	if ((rc = commit_stacks(s))) {
		snprintf(s->err, sizeof s->err, "call stacks: %s", profile_db_error(s->db));
		if (rc != -ENOSPC)
			collect_pending_clear_stacks(&s->pend);
	}
	int jrc = commit_jit_symbols(s);
	return rc ? rc : jrc;
}

uint64_t collect_store_pending_samples(const struct collect_store *s)
{
	return s->pend.samples;
}

uint64_t collect_store_pending_stacks(const struct collect_store *s)
{
	return s->pend.stacks;
}

void collect_store_journal(struct collect_store *s, const char *path)
{
	snprintf(s->journal, sizeof s->journal, "%s", path ? path : "");
}

int collect_store_journal_save(struct collect_store *s)
{
	if (!s->journal[0])
		return -EINVAL;
	if (!s->pend.n_slots && !s->pend.stacks)
		return 0;
	return collect_pending_journal_write(&s->pend, s->journal, s->err, sizeof s->err);
}

int collect_store_journal_replay(struct collect_store *s, uint64_t *samples)
{
	if (!s->journal[0])
		return -EINVAL;
	return collect_pending_journal_read(&s->pend, s->journal, samples, s->err, sizeof s->err);
}

int collect_store_new_epoch(struct collect_store *s, const char *note, int64_t *epoch_id)
{
	int rc = collect_store_commit(s);
	if (!rc && (rc = profile_db_epoch_new(s->db, note, epoch_id)))
		snprintf(s->err, sizeof s->err, "%s", profile_db_error(s->db));
	return rc;
}

void collect_store_close(struct collect_store *s)
{
	profile_db_close(s->db);
	collect_pending_free(&s->pend);
	free(s->image_ix);
	s->image_ix = NULL;
	free(s->jits);
	s->jits = NULL;
	s->n_jits = s->cap_jits = 0;
	s->n_image_ix = 0;
	s->db = NULL;
}
