/*
 * profile_db_read.c — the reader side: list profiles matching a filter, decode a profile's
 * packed counts in offset order, read detail rows and the batch log. Every call reads in one
 * SQLite statement or read transaction, so it sees whole committed batches only.
 */
#include "profile/profile_db_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile/sample_chunk.h"

/* ---- profiles ---------------------------------------------------------------------------- */

/* Append the WHERE clause of a filter; parameters are bound in the same order by
 * bind_filter. The image filter matches the whole path or its tail after a '/'. */
static void filter_sql(char *sql, size_t n, const struct profile_db_filter *f)
{
	size_t len = strlen(sql);
	len += (size_t)snprintf(sql + len, n - len,
		" WHERE (?1 = 0 OR p.epoch_id = ?1) AND (?2 = 0 OR IFNULL(p.run_id, 0) = ?2)"
		" AND (?3 IS NULL OR i.path = ?3 OR substr(i.path, -length(?3) - 1) = '/' || ?3)");
	if (f && f->n_events) {
		len += (size_t)snprintf(sql + len, n - len, " AND p.event IN (");
		for (size_t k = 0; k < f->n_events && len < n; k++)
			len += (size_t)snprintf(sql + len, n - len, k ? ", ?%zu" : "?%zu", k + 4);
		if (len < n)
			snprintf(sql + len, n - len, ")");
	}
}

static void bind_filter(sqlite3_stmt *st, const struct profile_db_filter *f)
{
	sqlite3_bind_int64(st, 1, f ? f->epoch_id : 0);
	sqlite3_bind_int64(st, 2, f ? f->run_id : 0);
	if (f && f->image && *f->image)
		sqlite3_bind_text(st, 3, f->image, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, 3);
	for (size_t k = 0; f && k < f->n_events; k++)
		sqlite3_bind_text(st, (int)k + 4, f->events[k], -1, SQLITE_STATIC);
}

int profile_db_event_profiles(struct profile_db *db, const struct profile_db_filter *f,
			      const char *event, struct profile_db_profile **out, size_t *n)
{
	const char *ev[1] = { event };
	struct profile_db_filter pf = f ? *f : (struct profile_db_filter){ 0 };
	pf.events = ev;
	pf.n_events = 1;
	return profile_db_profiles(db, &pf, out, n);
}

int profile_db_profiles(struct profile_db *db, const struct profile_db_filter *f,
			struct profile_db_profile **out, size_t *n)
{
	struct profile_db_profile *v = NULL;
	size_t cnt = 0, cap = 0;
	sqlite3_stmt *st = NULL;
	char *sql;
	int rc;

	*out = NULL;
	*n = 0;
	if (f && f->n_events > 200)
		return profile_db_fail(db, -E2BIG, "more than 200 events in a filter");
	size_t sql_n = 1024 + (f ? f->n_events * 8 : 0);
	if (!(sql = malloc(sql_n)))
		return profile_db_fail(db, -ENOMEM, "out of memory");
	snprintf(sql, sql_n, "SELECT p.id, p.epoch_id, IFNULL(p.run_id, 0), p.image_id, p.event, "
		 "p.period, p.count_divisor, p.total_count, p.n_offsets, i.path, i.build_id, i.arch "
		 "FROM profile p JOIN image i ON i.id = p.image_id");
	filter_sql(sql, sql_n, f);
	strncat(sql, " ORDER BY p.epoch_id, IFNULL(p.run_id, 0), p.image_id, p.event",
		sql_n - strlen(sql) - 1);
	rc = profile_db_prepare(db, &st, sql);
	free(sql);
	if (rc)
		return rc;
	bind_filter(st, f);
	int step;
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		if (cnt == cap) {
			cap = cap ? cap * 2 : 16;
			struct profile_db_profile *nv = realloc(v, cap * sizeof(*v));
			if (!nv) {
				rc = -ENOMEM;
				goto out;
			}
			v = nv;
		}
		struct profile_db_profile *p = &v[cnt++];
		p->id = sqlite3_column_int64(st, 0);
		p->epoch_id = sqlite3_column_int64(st, 1);
		p->run_id = sqlite3_column_int64(st, 2);
		p->image_id = sqlite3_column_int64(st, 3);
		p->event = profile_db_strdup((const char *)sqlite3_column_text(st, 4));
		p->period = (uint64_t)sqlite3_column_int64(st, 5);
		p->count_divisor = (uint32_t)sqlite3_column_int64(st, 6);
		p->total_count = (uint64_t)sqlite3_column_int64(st, 7);
		p->n_offsets = (uint64_t)sqlite3_column_int64(st, 8);
		p->image_path = profile_db_strdup((const char *)sqlite3_column_text(st, 9));
		p->build_id = profile_db_strdup((const char *)sqlite3_column_text(st, 10));
		p->arch = profile_db_strdup((const char *)sqlite3_column_text(st, 11));
		if (!p->event || !p->image_path || !p->build_id || !p->arch) {
			rc = -ENOMEM;
			goto out;
		}
		if (p->count_divisor == 0)
			p->count_divisor = 1;
	}
	if (step != SQLITE_DONE)
		rc = profile_db_sql_fail(db, "list profiles");
out:
	sqlite3_finalize(st);
	if (rc) {
		profile_db_profiles_free(v, cnt);
		return rc == -ENOMEM ? profile_db_fail(db, rc, "out of memory") : rc;
	}
	*out = v;
	*n = cnt;
	return 0;
}

void profile_db_profiles_free(struct profile_db_profile *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(p[i].event);
		free(p[i].image_path);
		free(p[i].build_id);
		free(p[i].arch);
	}
	free(p);
}

/* ---- counts ------------------------------------------------------------------------------ */

struct range_ctx {
	uint64_t lo, hi;
	int (*fn)(void *arg, uint64_t offset, uint64_t count);
	void *arg;
};

static int range_fn(void *arg, uint64_t offset, uint64_t count)
{
	struct range_ctx *r = arg;
	if (offset < r->lo || offset >= r->hi)
		return 0;
	return r->fn(r->arg, offset, count);
}

/* Decode the chunks of a profile whose bases, as signed SQLite integers, lie in [lo, hi]. */
static int counts_signed_range(struct profile_db *db, int64_t profile_id, int64_t lo, int64_t hi,
			       struct range_ctx *r)
{
	sqlite3_stmt *st;
	int rc = profile_db_prepare(db, &st,
		"SELECT base, data FROM sample_chunk WHERE profile_id = ?1 AND base >= ?2 "
		"AND base <= ?3 ORDER BY base");
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, profile_id);
	sqlite3_bind_int64(st, 2, lo);
	sqlite3_bind_int64(st, 3, hi);
	int step;
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		uint64_t base = (uint64_t)sqlite3_column_int64(st, 0);
		const void *data = sqlite3_column_blob(st, 1);
		size_t len = (size_t)sqlite3_column_bytes(st, 1);
		int drc = sample_chunk_decode(data, len, base, range_fn, r, NULL, NULL);
		if (drc == -EILSEQ) {
			rc = profile_db_fail(db, -EUCLEAN, "database is corrupt (profile %lld chunk 0x%llx "
					     "does not decode); see `robin db check`",
					     (long long)profile_id, (unsigned long long)base);
			break;
		}
		if (drc) {
			rc = drc;
			break;
		}
	}
	if (!rc && step != SQLITE_DONE)
		rc = profile_db_sql_fail(db, "read counts");
	sqlite3_finalize(st);
	return rc;
}

int profile_db_counts_each(struct profile_db *db, int64_t profile_id, uint64_t lo, uint64_t hi,
			   int (*fn)(void *arg, uint64_t offset, uint64_t count), void *arg)
{
	struct range_ctx r = { lo, hi, fn, arg };
	const uint64_t sign = 1ull << 63;
	if (lo >= hi)
		return 0;
	/* Chunks whose window meets [lo, hi): bases from base(lo) to hi - 1. Offsets above
	 * INT64_MAX (kernel addresses in [unknown]) are stored as negative integers, so the
	 * unsigned range is read as its non-negative part, then its negative part, each in
	 * index order. */
	uint64_t first = sample_chunk_base(lo), last = hi - 1;
	int rc = 0;
	if (first < sign)
		rc = counts_signed_range(db, profile_id, (int64_t)first,
					 last < sign ? (int64_t)last : INT64_MAX, &r);
	if (!rc && last >= sign)
		rc = counts_signed_range(db, profile_id, first >= sign ? (int64_t)first : INT64_MIN,
					 (int64_t)last, &r);
	return rc;
}

struct collect_ctx {
	struct profile_db_count *v;
	size_t n, cap;
};

static int collect_fn(void *arg, uint64_t offset, uint64_t count)
{
	struct collect_ctx *c = arg;
	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 1024;
		struct profile_db_count *nv = realloc(c->v, cap * sizeof(*nv));
		if (!nv)
			return -ENOMEM;
		c->v = nv;
		c->cap = cap;
	}
	c->v[c->n++] = (struct profile_db_count){ offset, count };
	return 0;
}

int profile_db_counts(struct profile_db *db, int64_t profile_id, uint64_t lo, uint64_t hi,
		      struct profile_db_count **out, size_t *n)
{
	struct collect_ctx c = { 0 };
	int rc = profile_db_counts_each(db, profile_id, lo, hi, collect_fn, &c);
	if (rc) {
		free(c.v);
		*out = NULL;
		*n = 0;
		return rc == -ENOMEM ? profile_db_fail(db, rc, "out of memory") : rc;
	}
	*out = c.v;
	*n = c.n;
	return 0;
}

/* ---- details ----------------------------------------------------------------------------- */

int profile_db_details(struct profile_db *db, int64_t profile_id, uint64_t lo, uint64_t hi,
		       int kind, struct profile_db_detail **out, size_t *n)
{
	sqlite3_stmt *st;
	struct profile_db_detail *v = NULL;
	size_t cnt = 0, cap = 0;
	*out = NULL;
	*n = 0;
	int rc = profile_db_prepare(db, &st,
		"SELECT offset, kind_id, key, count, value FROM detail WHERE profile_id = ?1 "
		"AND (?2 = 0 OR kind_id = ?2) ORDER BY offset < 0, offset, kind_id, key");
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, profile_id);
	sqlite3_bind_int(st, 2, kind);
	int step;
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		uint64_t off = (uint64_t)sqlite3_column_int64(st, 0);
		if (off < lo || off >= hi)
			continue;
		if (cnt == cap) {
			cap = cap ? cap * 2 : 64;
			struct profile_db_detail *nv = realloc(v, cap * sizeof(*v));
			if (!nv) {
				rc = profile_db_fail(db, -ENOMEM, "out of memory");
				break;
			}
			v = nv;
		}
		v[cnt++] = (struct profile_db_detail){
			off, sqlite3_column_int(st, 1), sqlite3_column_int64(st, 2),
			(uint64_t)sqlite3_column_int64(st, 3), sqlite3_column_double(st, 4) };
	}
	if (!rc && step != SQLITE_DONE)
		rc = profile_db_sql_fail(db, "read details");
	sqlite3_finalize(st);
	if (rc) {
		free(v);
		return rc;
	}
	*out = v;
	*n = cnt;
	return 0;
}

/* ---- batches ----------------------------------------------------------------------------- */

int profile_db_batches(struct profile_db *db, struct profile_db_batch_row **out, size_t *n)
{
	sqlite3_stmt *st;
	struct profile_db_batch_row *v = NULL;
	size_t cnt = 0, cap = 0;
	*out = NULL;
	*n = 0;
	int rc = profile_db_prepare(db, &st, "SELECT id, epoch_id, IFNULL(run_id, 0), commit_ns, "
					      "samples, unknown FROM batch ORDER BY id");
	if (rc)
		return rc;
	int step;
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		if (cnt == cap) {
			cap = cap ? cap * 2 : 64;
			struct profile_db_batch_row *nv = realloc(v, cap * sizeof(*v));
			if (!nv) {
				rc = profile_db_fail(db, -ENOMEM, "out of memory");
				break;
			}
			v = nv;
		}
		v[cnt++] = (struct profile_db_batch_row){
			sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1),
			sqlite3_column_int64(st, 2), sqlite3_column_int64(st, 3),
			(uint64_t)sqlite3_column_int64(st, 4), (uint64_t)sqlite3_column_int64(st, 5) };
	}
	if (!rc && step != SQLITE_DONE)
		rc = profile_db_sql_fail(db, "list batches");
	sqlite3_finalize(st);
	if (rc) {
		free(v);
		return rc;
	}
	*out = v;
	*n = cnt;
	return 0;
}
