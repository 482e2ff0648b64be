/*
 * profile_db_batch.c — the writer side: a batch aggregates (event, image, offset) += count in
 * an open-addressing hash table and detail rows in a self-compacting array, then commits
 * everything in one transaction: profiles found or created, touched chunks merged, details
 * upserted, totals updated and the `batch` row written.
 */
#include "profile/profile_db_internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "profile/sample_chunk.h"

#define BATCH_MAX_EVENTS 1024
#define BATCH_MAX_EVENT_NAME 64

struct batch_event {
	char *name;
	uint64_t period;
	uint32_t count_divisor;
};

struct batch_slot {       /* one hash-table slot; count 0 = empty */
	int64_t image_id;
	uint64_t offset;
	uint64_t count;
	uint32_t event;
};

struct batch_detail {
	int64_t image_id;
	uint64_t offset;
	int64_t key;
	uint64_t count;
	double value;
	uint32_t event;
	int32_t kind;
};

struct profile_db_batch {
	struct profile_db *db;
	int64_t epoch_id, run_id;
	struct batch_event *events;
	size_t n_events;
	struct batch_slot *slots;   /* capacity a power of two, at most 1/2 full */
	size_t n_slots, cap_slots;
	struct batch_detail *details;
	size_t n_details, cap_details;
	uint64_t samples, unknown;  /* stored units since the last commit */
};

int profile_db_batch_new(struct profile_db *db, int64_t epoch_id, int64_t run_id,
			 struct profile_db_batch **out)
{
	*out = NULL;
	if (db->flags & PROFILE_DB_READONLY)
		return profile_db_fail(db, -EROFS, "opened read-only");
	if (epoch_id < 0 || run_id < 0)
		return profile_db_fail(db, -EINVAL, "negative epoch or run id");
	struct profile_db_batch *b = calloc(1, sizeof(*b));
	if (!b)
		return profile_db_fail(db, -ENOMEM, "out of memory");
	b->db = db;
	b->epoch_id = epoch_id;
	b->run_id = run_id;
	*out = b;
	return 0;
}

void profile_db_batch_free(struct profile_db_batch *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->n_events; i++)
		free(b->events[i].name);
	free(b->events);
	free(b->slots);
	free(b->details);
	free(b);
}

static int event_name_ok(const char *name)
{
	size_t n = 0;
	for (const char *p = name; *p; p++, n++)
		if (!isalnum((unsigned char)*p) && !strchr("_.:-/", *p))
			return 0;
	return n > 0 && n <= BATCH_MAX_EVENT_NAME;
}

int profile_db_batch_event(struct profile_db_batch *b, const char *name, uint64_t period,
			   uint32_t count_divisor, int *event)
{
	if (!name || !event_name_ok(name))
		return profile_db_fail(b->db, -EINVAL, "bad event name '%s' (letters, digits, _.:-/, at "
				       "most %d)", name ? name : "", BATCH_MAX_EVENT_NAME);
	if (count_divisor == 0 || period > (uint64_t)INT64_MAX)
		return profile_db_fail(b->db, -EINVAL, "event %s: count divisor 0 or period out of "
				       "range", name);
	for (size_t i = 0; i < b->n_events; i++) {
		if (strcmp(b->events[i].name, name))
			continue;
		if (b->events[i].period != period || b->events[i].count_divisor != count_divisor)
			return profile_db_fail(b->db, -EINVAL, "event %s declared twice with different "
					       "period or divisor", name);
		*event = (int)i;
		return 0;
	}
	if (b->n_events == BATCH_MAX_EVENTS)
		return profile_db_fail(b->db, -E2BIG, "more than %d events in one batch",
				       BATCH_MAX_EVENTS);
	struct batch_event *nv = realloc(b->events, (b->n_events + 1) * sizeof(*nv));
	if (!nv)
		return profile_db_fail(b->db, -ENOMEM, "out of memory");
	b->events = nv;
	if (!(nv[b->n_events].name = strdup(name)))
		return profile_db_fail(b->db, -ENOMEM, "out of memory");
	nv[b->n_events].period = period;
	nv[b->n_events].count_divisor = count_divisor;
	*event = (int)b->n_events++;
	return 0;
}

int profile_db_batch_event_find(const struct profile_db_batch *b, const char *name)
{
	for (size_t i = 0; i < b->n_events; i++)
		if (!strcmp(b->events[i].name, name))
			return (int)i;
	return -1;
}

void profile_db_batch_set_run(struct profile_db_batch *b, int64_t run_id)
{
	b->run_id = run_id;
}

static uint64_t slot_hash(int64_t image_id, uint64_t offset, uint32_t event)
{
	uint64_t h = offset * 0x9e3779b97f4a7c15ull;
	h ^= ((uint64_t)image_id << 20 | event) * 0xc2b2ae3d27d4eb4full;
	h ^= h >> 31;
	h *= 0xd6e8feb86659fd93ull;
	return h ^ (h >> 32);
}

static int slots_grow(struct profile_db_batch *b)
{
	size_t cap = b->cap_slots ? b->cap_slots * 2 : 4096;
	struct batch_slot *s = calloc(cap, sizeof(*s));
	if (!s)
		return -ENOMEM;
	for (size_t i = 0; i < b->cap_slots; i++) {
		struct batch_slot *o = &b->slots[i];
		if (!o->count)
			continue;
		size_t j = slot_hash(o->image_id, o->offset, o->event) & (cap - 1);
		while (s[j].count)
			j = (j + 1) & (cap - 1);
		s[j] = *o;
	}
	free(b->slots);
	b->slots = s;
	b->cap_slots = cap;
	return 0;
}

/* Map image 0 to [unknown] and validate the common arguments of add / add_detail. */
static int add_prepare(struct profile_db_batch *b, int event, int64_t *image_id, uint64_t count)
{
	if (event < 0 || (size_t)event >= b->n_events)
		return profile_db_fail(b->db, -EINVAL, "undeclared event handle %d", event);
	if (*image_id < 0)
		return profile_db_fail(b->db, -EINVAL, "negative image id");
	if (count > (uint64_t)INT64_MAX)
		return profile_db_fail(b->db, -EOVERFLOW, "count out of range");
	if (*image_id == 0)
		*image_id = b->db->unknown_image_id;
	return 0;
}

int profile_db_batch_add(struct profile_db_batch *b, int event, int64_t image_id,
			 uint64_t offset, uint64_t count)
{
	int rc = add_prepare(b, event, &image_id, count);
	if (rc || count == 0)
		return rc;
	if (b->samples + count > (uint64_t)INT64_MAX)
		return profile_db_fail(b->db, -EOVERFLOW, "batch total out of range; commit first");
	if (2 * (b->n_slots + 1) > b->cap_slots && slots_grow(b))
		return profile_db_fail(b->db, -ENOMEM, "out of memory");
	size_t j = slot_hash(image_id, offset, (uint32_t)event) & (b->cap_slots - 1);
	for (;;) {
		struct batch_slot *s = &b->slots[j];
		if (!s->count) {
			*s = (struct batch_slot){ image_id, offset, count, (uint32_t)event };
			b->n_slots++;
			break;
		}
		if (s->image_id == image_id && s->offset == offset && s->event == (uint32_t)event) {
			if (s->count + count > (uint64_t)INT64_MAX)
				return profile_db_fail(b->db, -EOVERFLOW, "count out of range at offset "
						       "0x%llx", (unsigned long long)offset);
			s->count += count;
			break;
		}
		j = (j + 1) & (b->cap_slots - 1);
	}
	b->samples += count;
	if (image_id == b->db->unknown_image_id)
		b->unknown += count;
	return 0;
}

static int detail_cmp(const void *pa, const void *pb)
{
	const struct batch_detail *a = pa, *b = pb;
	if (a->event != b->event)
		return a->event < b->event ? -1 : 1;
	if (a->image_id != b->image_id)
		return a->image_id < b->image_id ? -1 : 1;
	if (a->offset != b->offset)
		return a->offset < b->offset ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return 0;
}

/* Sort the details and merge equal keys. Returns -EOVERFLOW if a merged count overflows. */
static int details_compact(struct profile_db_batch *b)
{
	size_t w = 0;
	if (!b->n_details)
		return 0;
	if (b->n_details) /* qsort needs a non-NULL base even for 0 items */
		qsort(b->details, b->n_details, sizeof(*b->details), detail_cmp);
	for (size_t r = 1; r < b->n_details; r++) {
		struct batch_detail *d = &b->details[w], *s = &b->details[r];
		if (!detail_cmp(d, s)) {
			if (d->count + s->count > (uint64_t)INT64_MAX)
				return -EOVERFLOW;
			d->count += s->count;
			d->value += s->value;
		} else {
			b->details[++w] = *s;
		}
	}
	b->n_details = w + 1;
	return 0;
}

int profile_db_batch_add_detail(struct profile_db_batch *b, int event, int64_t image_id,
				uint64_t offset, int kind, int64_t key, uint64_t count,
				double value)
{
	int rc = add_prepare(b, event, &image_id, count);
	if (rc)
		return rc;
	if (kind <= 0)
		return profile_db_fail(b->db, -EINVAL, "bad detail kind %d", kind);
	if (b->n_details == b->cap_details) {
		if (details_compact(b))
			return profile_db_fail(b->db, -EOVERFLOW, "detail count out of range");
		if (2 * b->n_details >= b->cap_details) {
			size_t cap = b->cap_details ? b->cap_details * 2 : 1024;
			struct batch_detail *nv = realloc(b->details, cap * sizeof(*nv));
			if (!nv)
				return profile_db_fail(b->db, -ENOMEM, "out of memory");
			b->details = nv;
			b->cap_details = cap;
		}
	}
	b->details[b->n_details++] = (struct batch_detail){ image_id, offset, key, count, value,
							    (uint32_t)event, kind };
	return 0;
}

uint64_t profile_db_batch_samples(const struct profile_db_batch *b)
{
	return b->samples;
}

uint64_t profile_db_batch_unknown(const struct profile_db_batch *b)
{
	return b->unknown;
}

/* ---- commit ------------------------------------------------------------------------------ */

struct commit_ctx {
	struct profile_db_batch *b;
	struct profile_db *db;
	int64_t epoch_id;
	sqlite3_stmt *sel_profile, *ins_profile, *upd_profile, *sel_chunk, *ins_chunk, *upd_chunk,
		     *upsert_detail, *ins_batch;
	/* the profile of the current (event, image) group */
	uint32_t cur_event;
	int64_t cur_image, cur_profile, cur_total;
	uint64_t add_total, add_offsets;
	struct sample_chunk_entry *win;  /* entries of one chunk window */
	size_t cap_win;
	struct sample_chunk_buf buf;
};

static int slot_cmp(const void *pa, const void *pb)
{
	const struct batch_slot *a = pa, *b = pb;
	if (a->event != b->event)
		return a->event < b->event ? -1 : 1;
	if (a->image_id != b->image_id)
		return a->image_id < b->image_id ? -1 : 1;
	if (a->offset != b->offset)
		return a->offset < b->offset ? -1 : 1;
	return 0;
}

static int prepare_all(struct commit_ctx *c)
{
	struct profile_db *db = c->db;
	int rc;
	if ((rc = profile_db_prepare(db, &c->sel_profile,
		"SELECT id, period, count_divisor, total_count FROM profile WHERE epoch_id = ?1 "
		"AND IFNULL(run_id, 0) = ?2 AND image_id = ?3 AND event = ?4")) ||
	    (rc = profile_db_prepare(db, &c->ins_profile,
		"INSERT INTO profile (epoch_id, run_id, image_id, event, period, count_divisor) "
		"VALUES (?1, NULLIF(?2, 0), ?3, ?4, ?5, ?6)")) ||
	    (rc = profile_db_prepare(db, &c->upd_profile,
		"UPDATE profile SET total_count = total_count + ?1, n_offsets = n_offsets + ?2 "
		"WHERE id = ?3")) ||
	    (rc = profile_db_prepare(db, &c->sel_chunk,
		"SELECT data FROM sample_chunk WHERE profile_id = ?1 AND base = ?2")) ||
	    (rc = profile_db_prepare(db, &c->ins_chunk,
		"INSERT INTO sample_chunk (profile_id, base, n_offsets, total_count, data) "
		"VALUES (?1, ?2, ?3, ?4, ?5)")) ||
	    (rc = profile_db_prepare(db, &c->upd_chunk,
		"UPDATE sample_chunk SET n_offsets = ?3, total_count = ?4, data = ?5 "
		"WHERE profile_id = ?1 AND base = ?2")) ||
	    (rc = profile_db_prepare(db, &c->upsert_detail,
		"INSERT INTO detail (profile_id, offset, kind_id, key, count, value) "
		"VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (profile_id, offset, kind_id, key) "
		"DO UPDATE SET count = count + excluded.count, value = value + excluded.value")) ||
	    (rc = profile_db_prepare(db, &c->ins_batch,
		"INSERT INTO batch (epoch_id, run_id, commit_ns, samples, unknown) "
		"VALUES (?1, NULLIF(?2, 0), ?3, ?4, ?5)")))
		return rc;
	return 0;
}

static void finalize_all(struct commit_ctx *c)
{
	sqlite3_finalize(c->sel_profile);
	sqlite3_finalize(c->ins_profile);
	sqlite3_finalize(c->upd_profile);
	sqlite3_finalize(c->sel_chunk);
	sqlite3_finalize(c->ins_chunk);
	sqlite3_finalize(c->upd_chunk);
	sqlite3_finalize(c->upsert_detail);
	sqlite3_finalize(c->ins_batch);
	free(c->win);
	sample_chunk_buf_free(&c->buf);
}

/* Write the accumulated totals of the current profile. */
static int flush_profile(struct commit_ctx *c)
{
	if (c->cur_profile <= 0 || (!c->add_total && !c->add_offsets))
		return 0;
	sqlite3_stmt *st = c->upd_profile;
	sqlite3_reset(st);
	sqlite3_bind_int64(st, 1, (int64_t)c->add_total);
	sqlite3_bind_int64(st, 2, (int64_t)c->add_offsets);
	sqlite3_bind_int64(st, 3, c->cur_profile);
	if (sqlite3_step(st) != SQLITE_DONE)
		return profile_db_sql_fail(c->db, "update profile totals");
	c->cur_total += (int64_t)c->add_total;
	c->add_total = c->add_offsets = 0;
	return 0;
}

/* Make (event, image) the current profile, finding or creating it. */
static int use_profile(struct commit_ctx *c, uint32_t event, int64_t image_id)
{
	const struct batch_event *ev = &c->b->events[event];
	struct profile_db *db = c->db;
	int rc;
	if (c->cur_profile > 0 && c->cur_event == event && c->cur_image == image_id)
		return 0;
	if ((rc = flush_profile(c)))
		return rc;
	sqlite3_stmt *st = c->sel_profile;
	sqlite3_reset(st);
	sqlite3_bind_int64(st, 1, c->epoch_id);
	sqlite3_bind_int64(st, 2, c->b->run_id);
	sqlite3_bind_int64(st, 3, image_id);
	sqlite3_bind_text(st, 4, ev->name, -1, SQLITE_STATIC);
	int step = sqlite3_step(st);
	if (step == SQLITE_ROW) {
		uint64_t period = (uint64_t)sqlite3_column_int64(st, 1);
		uint32_t div = (uint32_t)sqlite3_column_int64(st, 2);
		if (period != ev->period || div != ev->count_divisor)
			return profile_db_fail(db, -EINVAL, "event %s: profile %lld has period %llu "
					       "divisor %u, the batch says period %llu divisor %u (start "
					       "a new epoch to change them)", ev->name,
					       (long long)sqlite3_column_int64(st, 0),
					       (unsigned long long)period, div,
					       (unsigned long long)ev->period, ev->count_divisor);
		c->cur_profile = sqlite3_column_int64(st, 0);
		c->cur_total = sqlite3_column_int64(st, 3);
	} else if (step == SQLITE_DONE) {
		sqlite3_stmt *in = c->ins_profile;
		sqlite3_reset(in);
		sqlite3_bind_int64(in, 1, c->epoch_id);
		sqlite3_bind_int64(in, 2, c->b->run_id);
		sqlite3_bind_int64(in, 3, image_id);
		sqlite3_bind_text(in, 4, ev->name, -1, SQLITE_STATIC);
		sqlite3_bind_int64(in, 5, (int64_t)ev->period);
		sqlite3_bind_int64(in, 6, ev->count_divisor);
		if (sqlite3_step(in) != SQLITE_DONE) {
			int code = sqlite3_extended_errcode(db->sql);
			if (code == SQLITE_CONSTRAINT_FOREIGNKEY)
				return profile_db_fail(db, -ENOENT, "no image %lld or run %lld",
						       (long long)image_id, (long long)c->b->run_id);
			return profile_db_sql_fail(db, "add profile");
		}
		c->cur_profile = sqlite3_last_insert_rowid(db->sql);
		c->cur_total = 0;
	} else {
		return profile_db_sql_fail(db, "find profile");
	}
	sqlite3_reset(st);
	c->cur_event = event;
	c->cur_image = image_id;
	return 0;
}

/* Merge the window entries c->win[0..n) (one chunk, sorted) into the current profile. */
static int merge_window(struct commit_ctx *c, uint64_t base, size_t n)
{
	struct profile_db *db = c->db;
	sqlite3_stmt *sel = c->sel_chunk;
	uint64_t fresh, n_entries, total;
	int rc, existed;

	sqlite3_reset(sel);
	sqlite3_bind_int64(sel, 1, c->cur_profile);
	sqlite3_bind_int64(sel, 2, (int64_t)base);
	int step = sqlite3_step(sel);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return profile_db_sql_fail(db, "read chunk");
	existed = step == SQLITE_ROW;
	const void *old = existed ? sqlite3_column_blob(sel, 0) : NULL;
	size_t old_len = existed ? (size_t)sqlite3_column_bytes(sel, 0) : 0;
	rc = sample_chunk_merge(old, old_len, base, c->win, n, &c->buf, &fresh, &n_entries, &total);
	sqlite3_reset(sel);
	if (rc == -EILSEQ)
		return profile_db_fail(db, -EUCLEAN, "database is corrupt (profile %lld chunk 0x%llx does "
				       "not decode); see `robin db check`", (long long)c->cur_profile,
				       (unsigned long long)base);
	if (rc)
		return profile_db_fail(db, rc, "profile %lld chunk 0x%llx: %s",
				       (long long)c->cur_profile, (unsigned long long)base,
				       rc == -EOVERFLOW ? "count out of range" : "out of memory");
	sqlite3_stmt *wr = existed ? c->upd_chunk : c->ins_chunk;
	sqlite3_reset(wr);
	sqlite3_bind_int64(wr, 1, c->cur_profile);
	sqlite3_bind_int64(wr, 2, (int64_t)base);
	sqlite3_bind_int64(wr, 3, (int64_t)n_entries);
	sqlite3_bind_int64(wr, 4, (int64_t)total);
	sqlite3_bind_blob(wr, 5, c->buf.data, (int)c->buf.len, SQLITE_STATIC);
	if (sqlite3_step(wr) != SQLITE_DONE)
		return profile_db_sql_fail(db, "write chunk");
	sqlite3_reset(wr);
	c->add_offsets += fresh;
	return 0;
}

static int commit_counts(struct commit_ctx *c, struct batch_slot *v, size_t n)
{
	size_t i = 0;
	while (i < n) {
		int rc = use_profile(c, v[i].event, v[i].image_id);
		if (rc)
			return rc;
		uint64_t base = sample_chunk_base(v[i].offset), sum = 0;
		size_t k = 0;
		while (i < n && v[i].event == c->cur_event && v[i].image_id == c->cur_image &&
		       sample_chunk_base(v[i].offset) == base) {
			if (k == c->cap_win) {
				size_t cap = c->cap_win ? c->cap_win * 2 : 256;
				struct sample_chunk_entry *nw = realloc(c->win, cap * sizeof(*nw));
				if (!nw)
					return profile_db_fail(c->db, -ENOMEM, "out of memory");
				c->win = nw;
				c->cap_win = cap;
			}
			c->win[k++] = (struct sample_chunk_entry){ v[i].offset, v[i].count };
			sum += v[i].count;
			i++;
		}
		if ((uint64_t)c->cur_total + c->add_total + sum > (uint64_t)INT64_MAX)
			return profile_db_fail(c->db, -EOVERFLOW, "profile %lld: total count out of "
					       "range", (long long)c->cur_profile);
		if ((rc = merge_window(c, base, k)))
			return rc;
		c->add_total += sum;
	}
	return flush_profile(c);
}

static int commit_details(struct commit_ctx *c)
{
	struct profile_db_batch *b = c->b;
	sqlite3_stmt *st = c->upsert_detail;
	for (size_t i = 0; i < b->n_details; i++) {
		const struct batch_detail *d = &b->details[i];
		int rc = use_profile(c, d->event, d->image_id);
		if (rc)
			return rc;
		sqlite3_reset(st);
		sqlite3_bind_int64(st, 1, c->cur_profile);
		sqlite3_bind_int64(st, 2, (int64_t)d->offset);
		sqlite3_bind_int(st, 3, d->kind);
		sqlite3_bind_int64(st, 4, d->key);
		sqlite3_bind_int64(st, 5, (int64_t)d->count);
		sqlite3_bind_double(st, 6, d->value);
		if (sqlite3_step(st) != SQLITE_DONE) {
			if (sqlite3_extended_errcode(c->db->sql) == SQLITE_CONSTRAINT_FOREIGNKEY)
				return profile_db_fail(c->db, -ENOENT, "no detail kind %d", d->kind);
			return profile_db_sql_fail(c->db, "write detail");
		}
	}
	return 0;
}

/* Resolve the batch's epoch inside the transaction (0 = current, created if none). */
static int commit_epoch(struct commit_ctx *c)
{
	sqlite3_stmt *st;
	int rc = profile_db_prepare(c->db, &st, c->b->epoch_id
		? "SELECT id FROM epoch WHERE id = ?1" : "SELECT max(id) FROM epoch WHERE ?1 = 0");
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, c->b->epoch_id);
	int step = sqlite3_step(st);
	c->epoch_id = step == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		rc = profile_db_sql_fail(c->db, "find epoch");
	sqlite3_finalize(st);
	if (rc)
		return rc;
	if (c->epoch_id)
		return 0;
	if (c->b->epoch_id)
		return profile_db_fail(c->db, -ENOENT, "no epoch %lld", (long long)c->b->epoch_id);
	if ((rc = profile_db_prepare(c->db, &st, "INSERT INTO epoch (start_ns) VALUES (?)")))
		return rc;
	sqlite3_bind_int64(st, 1, profile_db_now_ns());
	if (sqlite3_step(st) != SQLITE_DONE)
		rc = profile_db_sql_fail(c->db, "add epoch");
	c->epoch_id = sqlite3_last_insert_rowid(c->db->sql);
	sqlite3_finalize(st);
	return rc;
}

int profile_db_batch_commit(struct profile_db_batch *b, int64_t *batch_id)
{
	struct profile_db *db = b->db;
	struct commit_ctx c = { .b = b, .db = db };
	struct batch_slot *v = NULL;
	size_t n = 0;
	int rc;

	if (details_compact(b))
		return profile_db_fail(db, -EOVERFLOW, "detail count out of range");
	if (b->n_slots) {
		v = malloc(b->n_slots * sizeof(*v));
		if (!v)
			return profile_db_fail(db, -ENOMEM, "out of memory");
		for (size_t i = 0; i < b->cap_slots; i++)
			if (b->slots[i].count)
				v[n++] = b->slots[i];
		qsort(v, n, sizeof(*v), slot_cmp);
	}
	if ((rc = profile_db_begin_write(db)))
		goto out_free;
	if ((rc = prepare_all(&c)) || (rc = commit_epoch(&c)) || (rc = commit_counts(&c, v, n)) ||
	    (rc = commit_details(&c)) || (rc = flush_profile(&c)))
		goto out;
	sqlite3_stmt *st = c.ins_batch;
	sqlite3_bind_int64(st, 1, c.epoch_id);
	sqlite3_bind_int64(st, 2, b->run_id);
	sqlite3_bind_int64(st, 3, profile_db_now_ns());
	sqlite3_bind_int64(st, 4, (int64_t)b->samples);
	sqlite3_bind_int64(st, 5, (int64_t)b->unknown);
	if (sqlite3_step(st) != SQLITE_DONE) {
		rc = sqlite3_extended_errcode(db->sql) == SQLITE_CONSTRAINT_FOREIGNKEY
			? profile_db_fail(db, -ENOENT, "no run %lld", (long long)b->run_id)
			: profile_db_sql_fail(db, "add batch");
		goto out;
	}
	int64_t id = sqlite3_last_insert_rowid(db->sql);
	finalize_all(&c);
	memset(&c, 0, sizeof(c));
	if ((rc = profile_db_commit(db)))
		goto out;
	if (batch_id)
		*batch_id = id;
	if (b->slots) /* a batch that never held a count has no table */
		memset(b->slots, 0, b->cap_slots * sizeof(*b->slots));
	b->n_slots = 0;
	b->n_details = 0;
	b->samples = b->unknown = 0;
out:
	finalize_all(&c);
	if (rc)
		profile_db_rollback(db);
out_free:
	free(v);
	return rc;
}
