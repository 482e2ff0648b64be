/*
 * profile_db_stack.c — call stacks in the profile database (schema 3, docs/profile-db.md):
 * the writer keeps (event, frames) += count in memory, merged by a hash of the frames, and
 * writes them sorted so that stacks sharing calling context share the lookups of its nodes
 * and their leaf offsets pack into one sample_chunk blob per (profile, context, window); the
 * reader loads a profile's contexts with one recursive query and decodes the blobs.
 */
#include "profile/profile_db_internal.h"

#include "profile/sample_chunk.h"
#include "util/oa_index.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct stack_rec {
	const char *event;        /* interned in the set's event list */
	size_t frame0, nframes;   /* frames[frame0 .. frame0 + nframes), outermost first */
	uint64_t count;
	uint64_t hash;
};

struct profile_db_stacks {
	struct profile_db *db;
	char **events;
	size_t n_events;
	struct profile_db_frame *frames;
	size_t n_frames, cap_frames;
	struct stack_rec *recs;
	size_t n_recs, cap_recs;
	uint32_t *slot;           /* rec index + 1, 0 empty; power of two >= 2 * cap_recs */
	size_t nslot;
};

int profile_db_stacks_new(struct profile_db *db, struct profile_db_stacks **out)
{
	*out = NULL;
	if (db->flags & PROFILE_DB_READONLY)
		return profile_db_fail(db, -EROFS, "opened read-only");
	struct profile_db_stacks *s = calloc(1, sizeof(*s));
	if (!s)
		return profile_db_fail(db, -ENOMEM, "out of memory");
	s->db = db;
	*out = s;
	return 0;
}

void profile_db_stacks_free(struct profile_db_stacks *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n_events; i++)
		free(s->events[i]);
	free(s->events);
	free(s->frames);
	free(s->recs);
	free(s->slot);
	free(s);
}

size_t profile_db_stacks_count(const struct profile_db_stacks *s)
{
	return s->n_recs;
}

static uint64_t stacks_hash(const char *event, const struct profile_db_frame *f, size_t n)
{
	uint64_t h = 1469598103934665603ull ^ (uintptr_t)event;
	for (size_t i = 0; i < n; i++) {
		h = (h ^ (uint64_t)f[i].image_id) * 1099511628211ull;
		h = (h ^ f[i].offset) * 1099511628211ull;
	}
	return h ^ (h >> 29);
}

static const char *stacks_event(struct profile_db_stacks *s, const char *event)
{
	for (size_t i = 0; i < s->n_events; i++)
		if (!strcmp(s->events[i], event))
			return s->events[i];
	char **v = realloc(s->events, (s->n_events + 1) * sizeof(*v));
	if (!v)
		return NULL;
	s->events = v;
	if (!(v[s->n_events] = strdup(event)))
		return NULL;
	return v[s->n_events++];
}

static size_t stacks_rec_hash(const void *recs, size_t i)
{
	return (size_t)((const struct stack_rec *)recs)[i].hash;
}

static int stacks_grow(struct profile_db_stacks *s)
{
	size_t cap = s->cap_recs ? 2 * s->cap_recs : 256, nslot = 2 * cap;
	struct stack_rec *r = realloc(s->recs, cap * sizeof(*r));
	if (!r)
		return -ENOMEM;
	s->recs = r;
	uint32_t *slot = oa_index_build(nslot, s->n_recs, stacks_rec_hash, r);
	if (!slot)
		return -ENOMEM;
	free(s->slot);
	s->slot = slot;
	s->nslot = nslot;
	s->cap_recs = cap;
	return 0;
}

int profile_db_stacks_add(struct profile_db_stacks *s, const char *event,
			  const struct profile_db_frame *f, size_t n, uint64_t count)
{
	struct profile_db *db = s->db;
	if (!n || !event || !*event)
		return profile_db_fail(db, -EINVAL, "empty stack or event");
	if (count > (uint64_t)INT64_MAX)
		return profile_db_fail(db, -EOVERFLOW, "stack count out of range");
	if (!count)
		return 0;
	const char *ev = stacks_event(s, event);
	if (!ev)
		return profile_db_fail(db, -ENOMEM, "out of memory");
	if (s->n_recs == s->cap_recs && stacks_grow(s))
		return profile_db_fail(db, -ENOMEM, "out of memory");
	if (s->n_frames + n > s->cap_frames) {
		size_t cap = s->cap_frames ? s->cap_frames : 1024;
		while (cap < s->n_frames + n)
			cap *= 2;
		struct profile_db_frame *v = realloc(s->frames, cap * sizeof(*v));
		if (!v)
			return profile_db_fail(db, -ENOMEM, "out of memory");
		s->frames = v;
		s->cap_frames = cap;
	}
	/* the frames as stored (image 0 = [unknown]'s id), at the end of the frame array: they
	 * are looked up as such, and kept only for a new stack */
	struct profile_db_frame *nf = &s->frames[s->n_frames];
	for (size_t i = 0; i < n; i++) {
		if (f[i].image_id < 0)
			return profile_db_fail(db, -EINVAL, "negative image id in a stack");
		nf[i] = f[i];
		if (!f[i].image_id)
			nf[i].image_id = db->unknown_image_id;
	}
	uint64_t h = stacks_hash(ev, nf, n);
	size_t j = h & (s->nslot - 1);
	for (; s->slot[j]; j = (j + 1) & (s->nslot - 1)) {
		struct stack_rec *r = &s->recs[s->slot[j] - 1];
		if (r->hash == h && r->event == ev && r->nframes == n &&
		    !memcmp(&s->frames[r->frame0], nf, n * sizeof(*nf))) {
			if (r->count + count > (uint64_t)INT64_MAX)
				return profile_db_fail(db, -EOVERFLOW, "stack count out of range");
			r->count += count;
			return 0;
		}
	}
	s->recs[s->n_recs] = (struct stack_rec){ ev, s->n_frames, n, count, h };
	s->n_frames += n;
	s->slot[j] = (uint32_t)(++s->n_recs);
	return 0;
}

/* ---- commit ------------------------------------------------------------------------------ */

struct stacks_commit {
	struct profile_db_stacks *s;
	sqlite3_stmt *sel_frame, *ins_frame, *sel_node, *ins_node, *sel_profile, *sel_chunk,
		     *put_chunk;
	int64_t *node;            /* node ids of the previous context's call sites */
	const struct stack_rec *prev;
	size_t cap_node;
	struct sample_chunk_entry *win;
	size_t cap_win;
	struct sample_chunk_buf buf;
};

static const struct profile_db_stacks *stacks_sorting;

/* Order: calling context (the frames before the leaf), event, leaf image, leaf offset. */
static int stacks_rec_cmp(const void *pa, const void *pb)
{
	const struct stack_rec *a = pa, *b = pb;
	const struct profile_db_frame *f = stacks_sorting->frames;
	size_t na = a->nframes - 1, nb = b->nframes - 1, n = na < nb ? na : nb;
	for (size_t i = 0; i < n; i++) {
		const struct profile_db_frame *x = &f[a->frame0 + i], *y = &f[b->frame0 + i];
		if (x->image_id != y->image_id)
			return x->image_id < y->image_id ? -1 : 1;
		if (x->offset != y->offset)
			return x->offset < y->offset ? -1 : 1;
	}
	if (na != nb)
		return na < nb ? -1 : 1;
	int e = strcmp(a->event, b->event);
	if (e)
		return e;
	const struct profile_db_frame *x = &f[a->frame0 + na], *y = &f[b->frame0 + nb];
	if (x->image_id != y->image_id)
		return x->image_id < y->image_id ? -1 : 1;
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* The id of row (a, b) by sel, inserting it by ins when missing (a = 0 binds NULL). */
static int stacks_intern(struct profile_db *db, sqlite3_stmt *sel, sqlite3_stmt *ins, int64_t a,
			 int64_t b, int64_t *id)
{
	sqlite3_reset(sel);
	sqlite3_bind_int64(sel, 1, a);
	sqlite3_bind_int64(sel, 2, b);
	int step = sqlite3_step(sel);
	if (step == SQLITE_ROW) {
		*id = sqlite3_column_int64(sel, 0);
		sqlite3_reset(sel);
		return 0;
	}
	sqlite3_reset(sel);
	if (step != SQLITE_DONE)
		return profile_db_sql_fail(db, "find stack frame");
	sqlite3_reset(ins);
	if (a)
		sqlite3_bind_int64(ins, 1, a);
	else
		sqlite3_bind_null(ins, 1);
	sqlite3_bind_int64(ins, 2, b);
	if (sqlite3_step(ins) != SQLITE_DONE) {
		if (sqlite3_extended_errcode(db->sql) == SQLITE_CONSTRAINT_FOREIGNKEY)
			return profile_db_fail(db, -ENOENT, "stack frame in no image %lld",
					       (long long)a);
		return profile_db_sql_fail(db, "add stack frame");
	}
	*id = sqlite3_last_insert_rowid(db->sql);
	return 0;
}

/* Do r and the previous record share their calling context? */
static int stacks_same_context(const struct stacks_commit *c, const struct stack_rec *r)
{
	const struct stack_rec *p = c->prev;
	return p && p->nframes == r->nframes &&
	       !memcmp(&c->s->frames[p->frame0], &c->s->frames[r->frame0],
		       (r->nframes - 1) * sizeof(struct profile_db_frame));
}

/* The context node of r (0 = no call site), reusing the prefix shared with the previous. */
static int stacks_context(struct stacks_commit *c, const struct stack_rec *r, int64_t *ctx)
{
	struct profile_db *db = c->s->db;
	const struct profile_db_frame *f = &c->s->frames[r->frame0];
	size_t n = r->nframes - 1, same = 0;
	if (c->prev) {
		const struct profile_db_frame *p = &c->s->frames[c->prev->frame0];
		size_t m = c->prev->nframes - 1;
		while (same < n && same < m && p[same].image_id == f[same].image_id &&
		       p[same].offset == f[same].offset)
			same++;
	}
	if (n > c->cap_node) {
		int64_t *v = realloc(c->node, n * sizeof(*v));
		if (!v)
			return profile_db_fail(db, -ENOMEM, "out of memory");
		c->node = v;
		c->cap_node = n;
	}
	for (size_t i = same; i < n; i++) {
		int64_t frame;
		int rc = stacks_intern(db, c->sel_frame, c->ins_frame, f[i].image_id,
				       (int64_t)f[i].offset, &frame);
		if (!rc)
			rc = stacks_intern(db, c->sel_node, c->ins_node, i ? c->node[i - 1] : 0, frame,
					   &c->node[i]);
		if (rc)
			return rc;
	}
	c->prev = r;
	*ctx = n ? c->node[n - 1] : 0;
	return 0;
}

static int stacks_profile(struct stacks_commit *c, int64_t epoch_id, int64_t run_id,
			  const struct stack_rec *r, int64_t *profile_id)
{
	struct profile_db *db = c->s->db;
	const struct profile_db_frame *leaf = &c->s->frames[r->frame0 + r->nframes - 1];
	sqlite3_stmt *st = c->sel_profile;
	sqlite3_reset(st);
	sqlite3_bind_int64(st, 1, epoch_id);
	sqlite3_bind_int64(st, 2, run_id);
	sqlite3_bind_int64(st, 3, leaf->image_id);
	sqlite3_bind_text(st, 4, r->event, -1, SQLITE_STATIC);
	int step = sqlite3_step(st);
	*profile_id = step == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
	sqlite3_reset(st);
	if (step == SQLITE_DONE)
		return profile_db_fail(db, -ENOENT, "stack of event %s: no profile of image %lld "
				       "(commit the flat counts first)", r->event,
				       (long long)leaf->image_id);
	return step == SQLITE_ROW ? 0 : profile_db_sql_fail(db, "find profile of a stack");
}

/* Merge c->win[0..n) (one window of one profile and context) into its blob. */
static int stacks_put(struct stacks_commit *c, int64_t profile, int64_t ctx, uint64_t base,
		      size_t n)
{
	struct profile_db *db = c->s->db;
	sqlite3_stmt *st = c->sel_chunk;
	sqlite3_reset(st);
	sqlite3_bind_int64(st, 1, profile);
	sqlite3_bind_int64(st, 2, ctx);
	sqlite3_bind_int64(st, 3, (int64_t)base);
	int step = sqlite3_step(st);
	const uint8_t *old = NULL;
	size_t old_len = 0;
	if (step == SQLITE_ROW) {
		old = sqlite3_column_blob(st, 0);
		old_len = (size_t)sqlite3_column_bytes(st, 0);
	} else if (step != SQLITE_DONE) {
		return profile_db_sql_fail(db, "read stack samples");
	}
	uint64_t added, n_entries, total;
	int rc = sample_chunk_merge(old, old_len, base, c->win, n, &c->buf, &added, &n_entries,
				    &total);
	sqlite3_reset(st);
	if (rc)
		return profile_db_fail(db, rc, "stack samples of profile %lld context %lld: %s",
				       (long long)profile, (long long)ctx,
				       rc == -EILSEQ ? "stored blob is corrupt" : "cannot merge");
	st = c->put_chunk;
	sqlite3_reset(st);
	sqlite3_bind_int64(st, 1, profile);
	sqlite3_bind_int64(st, 2, ctx);
	sqlite3_bind_int64(st, 3, (int64_t)base);
	sqlite3_bind_int64(st, 4, (int64_t)n_entries);
	sqlite3_bind_int64(st, 5, (int64_t)total);
	sqlite3_bind_blob(st, 6, c->buf.data, (int)c->buf.len, SQLITE_STATIC);
	if (sqlite3_step(st) != SQLITE_DONE)
		return profile_db_sql_fail(db, "write stack samples");
	return 0;
}

static int stacks_write(struct stacks_commit *c, int64_t epoch_id, int64_t run_id)
{
	struct profile_db_stacks *s = c->s;
	int64_t ctx = 0, profile = 0;
	uint64_t base = 0;
	size_t n = 0;
	int rc;
	if (s->n_recs > c->cap_win) {
		c->win = malloc(s->n_recs * sizeof(*c->win));
		if (!c->win)
			return profile_db_fail(s->db, -ENOMEM, "out of memory");
		c->cap_win = s->n_recs;
	}
	for (size_t i = 0; i < s->n_recs; i++) {
		const struct stack_rec *r = &s->recs[i], *p = c->prev;
		uint64_t off = s->frames[r->frame0 + r->nframes - 1].offset;
		int same = stacks_same_context(c, r) && !strcmp(p->event, r->event) &&
			   s->frames[p->frame0 + p->nframes - 1].image_id ==
			   s->frames[r->frame0 + r->nframes - 1].image_id;
		if (same && sample_chunk_base(off) == base) {
			c->win[n++] = (struct sample_chunk_entry){ off, r->count };
			c->prev = r;
			continue;
		}
		if (n && (rc = stacks_put(c, profile, ctx, base, n)))
			return rc;
		n = 0;
		if (!same && ((rc = stacks_context(c, r, &ctx)) ||
			      (rc = stacks_profile(c, epoch_id, run_id, r, &profile))))
			return rc;
		c->prev = r;
		base = sample_chunk_base(off);
		c->win[n++] = (struct sample_chunk_entry){ off, r->count };
	}
	return n ? stacks_put(c, profile, ctx, base, n) : 0;
}

int profile_db_stacks_commit(struct profile_db_stacks *s, int64_t epoch_id, int64_t run_id)
{
	struct profile_db *db = s->db;
	struct stacks_commit c = { .s = s };
	int rc;
	if (epoch_id < 0 || run_id < 0)
		return profile_db_fail(db, -EINVAL, "negative epoch or run id");
	if (s->n_recs) {
		stacks_sorting = s;
		qsort(s->recs, s->n_recs, sizeof(*s->recs), stacks_rec_cmp);
		stacks_sorting = NULL;
	}
	if ((rc = profile_db_begin_write(db)))
		return rc;
	if (!epoch_id) {
		sqlite3_stmt *st;
		if ((rc = profile_db_prepare(db, &st, "SELECT max(id) FROM epoch")))
			goto out;
		if (sqlite3_step(st) == SQLITE_ROW)
			epoch_id = sqlite3_column_int64(st, 0);
		sqlite3_finalize(st);
	}
	if ((rc = profile_db_prepare(db, &c.sel_frame,
		"SELECT id FROM frame WHERE image_id = ?1 AND offset = ?2")) ||
	    (rc = profile_db_prepare(db, &c.ins_frame,
		"INSERT INTO frame (image_id, offset) VALUES (?1, ?2)")) ||
	    (rc = profile_db_prepare(db, &c.sel_node,
		"SELECT id FROM stack WHERE IFNULL(parent_id, 0) = ?1 AND frame_id = ?2")) ||
	    (rc = profile_db_prepare(db, &c.ins_node,
		"INSERT INTO stack (parent_id, frame_id) VALUES (?1, ?2)")) ||
	    (rc = profile_db_prepare(db, &c.sel_profile,
		"SELECT id FROM profile WHERE epoch_id = ?1 AND IFNULL(run_id, 0) = ?2 "
		"AND image_id = ?3 AND event = ?4")) ||
	    (rc = profile_db_prepare(db, &c.sel_chunk,
		"SELECT data FROM stack_sample WHERE profile_id = ?1 AND stack_id = ?2 "
		"AND base = ?3")) ||
	    (rc = profile_db_prepare(db, &c.put_chunk,
		"INSERT OR REPLACE INTO stack_sample (profile_id, stack_id, base, n_offsets, "
		"total_count, data) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")))
		goto out;
	rc = stacks_write(&c, epoch_id, run_id);
out:
	sqlite3_finalize(c.sel_frame);
	sqlite3_finalize(c.ins_frame);
	sqlite3_finalize(c.sel_node);
	sqlite3_finalize(c.ins_node);
	sqlite3_finalize(c.sel_profile);
	sqlite3_finalize(c.sel_chunk);
	sqlite3_finalize(c.put_chunk);
	free(c.node);
	free(c.win);
	sample_chunk_buf_free(&c.buf);
	if (!rc)
		rc = profile_db_commit(db);
	if (rc) {
		profile_db_rollback(db);
		/* keep the contents (the contract of a failed commit): re-index them */
		memset(s->slot, 0, s->nslot * sizeof(*s->slot));
		for (size_t i = 0; i < s->n_recs; i++) {
			size_t j = s->recs[i].hash & (s->nslot - 1);
			while (s->slot[j])
				j = (j + 1) & (s->nslot - 1);
			s->slot[j] = (uint32_t)(i + 1);
		}
		return rc;
	}
	s->n_recs = s->n_frames = 0;
	if (s->slot)
		memset(s->slot, 0, s->nslot * sizeof(*s->slot));
	return 0;
}

/* ---- reader ------------------------------------------------------------------------------ */

struct stacks_ctx {           /* one calling context of the profile being read */
	int64_t id;
	size_t frame0, n;         /* its call sites in the reader's frame array, outermost first */
};

struct stacks_read {
	struct profile_db *db;
	struct stacks_ctx *ctx;
	size_t n_ctx, cap_ctx;
	struct profile_db_frame *frames, *stack;
	size_t n_frames, cap_frames, cap_stack;
	const struct stacks_ctx *cur;
	int64_t image_id;
	int (*fn)(void *arg, const struct profile_db_frame *f, size_t n, uint64_t count);
	void *arg;
};

static int stacks_grow_array(void **v, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return 0;
	size_t c = *cap ? *cap : 64;
	while (c < need)
		c *= 2;
	void *w = realloc(*v, c * size);
	if (!w)
		return -ENOMEM;
	*v = w;
	*cap = c;
	return 0;
}

/* Load the call sites of every context the profile has samples in. */
static int stacks_load_contexts(struct stacks_read *r, int64_t profile_id)
{
	sqlite3_stmt *st;
	int rc = profile_db_prepare(r->db, &st,
		"WITH RECURSIVE s(sid, parent, frame, depth) AS ("
		"  SELECT k.id, k.parent_id, k.frame_id, 0 FROM stack k WHERE k.id IN"
		"  (SELECT DISTINCT stack_id FROM stack_sample WHERE profile_id = ?1)"
		"  UNION ALL SELECT s.sid, k.parent_id, k.frame_id, s.depth + 1 FROM s"
		"  JOIN stack k ON k.id = s.parent)"
		" SELECT s.sid, f.image_id, f.offset FROM s JOIN frame f ON f.id = s.frame"
		" ORDER BY s.sid, s.depth DESC");
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, profile_id);
	int step;
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t sid = sqlite3_column_int64(st, 0);
		if (!r->n_ctx || r->ctx[r->n_ctx - 1].id != sid) {
			if (stacks_grow_array((void **)&r->ctx, &r->cap_ctx, r->n_ctx + 1,
					      sizeof(*r->ctx))) {
				rc = profile_db_fail(r->db, -ENOMEM, "out of memory");
				break;
			}
			r->ctx[r->n_ctx++] = (struct stacks_ctx){ sid, r->n_frames, 0 };
		}
		if (stacks_grow_array((void **)&r->frames, &r->cap_frames, r->n_frames + 1,
				      sizeof(*r->frames))) {
			rc = profile_db_fail(r->db, -ENOMEM, "out of memory");
			break;
		}
		r->frames[r->n_frames].image_id = sqlite3_column_int64(st, 1);
		r->frames[r->n_frames++].offset = (uint64_t)sqlite3_column_int64(st, 2);
		r->ctx[r->n_ctx - 1].n++;
	}
	if (!rc && step != SQLITE_DONE)
		rc = profile_db_sql_fail(r->db, "read calling contexts");
	sqlite3_finalize(st);
	return rc;
}

static int stacks_emit(void *arg, uint64_t offset, uint64_t count)
{
	struct stacks_read *r = arg;
	size_t n = r->cur ? r->cur->n : 0;
	if (n)
		memcpy(r->stack, &r->frames[r->cur->frame0], n * sizeof(*r->stack));
	r->stack[n] = (struct profile_db_frame){ r->image_id, offset };
	return r->fn(r->arg, r->stack, n + 1, count);
}

int profile_db_stack_counts(struct profile_db *db, int64_t profile_id,
			    int (*fn)(void *arg, const struct profile_db_frame *f, size_t n,
				      uint64_t count),
			    void *arg)
{
	if (db->version_found && db->version_found < 3 && (db->flags & PROFILE_DB_READONLY))
		return 0;  /* schema 2: no stacks */
	struct stacks_read r = { .db = db, .fn = fn, .arg = arg };
	sqlite3_stmt *st = NULL;
	/* one snapshot for both queries, unless the caller holds a transaction already */
	int own = sqlite3_get_autocommit(db->sql), rc = own ? profile_db_begin_read(db) : 0;
	if (rc)
		return rc;
	if ((rc = profile_db_prepare(db, &st, "SELECT image_id FROM profile WHERE id = ?1")))
		goto out;
	sqlite3_bind_int64(st, 1, profile_id);
	if (sqlite3_step(st) != SQLITE_ROW) {
		rc = profile_db_fail(db, -ENOENT, "no profile %lld", (long long)profile_id);
		goto out;
	}
	r.image_id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	st = NULL;
	if ((rc = stacks_load_contexts(&r, profile_id)))
		goto out;
	size_t depth = 1;
	for (size_t i = 0; i < r.n_ctx; i++)
		if (r.ctx[i].n + 1 > depth)
			depth = r.ctx[i].n + 1;
	if (stacks_grow_array((void **)&r.stack, &r.cap_stack, depth, sizeof(*r.stack))) {
		rc = profile_db_fail(db, -ENOMEM, "out of memory");
		goto out;
	}
	if ((rc = profile_db_prepare(db, &st,
		"SELECT stack_id, base, data FROM stack_sample WHERE profile_id = ?1 "
		"ORDER BY stack_id, base")))
		goto out;
	sqlite3_bind_int64(st, 1, profile_id);
	int step;
	size_t k = 0;
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t sid = sqlite3_column_int64(st, 0);
		while (k < r.n_ctx && r.ctx[k].id < sid)
			k++;
		r.cur = k < r.n_ctx && r.ctx[k].id == sid ? &r.ctx[k] : NULL;
		if (!r.cur && sid) {
			rc = profile_db_fail(db, -EUCLEAN, "stack samples of profile %lld refer to no "
					     "stack %lld", (long long)profile_id, (long long)sid);
			goto out;
		}
		rc = sample_chunk_decode(sqlite3_column_blob(st, 2),
					 (size_t)sqlite3_column_bytes(st, 2),
					 (uint64_t)sqlite3_column_int64(st, 1), stacks_emit, &r, NULL,
					 NULL);
		if (rc == -EILSEQ)
			rc = profile_db_fail(db, -EUCLEAN, "stack samples of profile %lld: corrupt "
					     "blob", (long long)profile_id);
		if (rc)
			goto out;
	}
	if (step != SQLITE_DONE)
		rc = profile_db_sql_fail(db, "read stack samples");
out:
	sqlite3_finalize(st);
	if (own)
		sqlite3_exec(db->sql, "COMMIT", NULL, NULL, NULL);
	free(r.ctx);
	free(r.frames);
	free(r.stack);
	return rc;
}
