/*
 * profile_agg.c — sums the profiles matching a filter per image (from the profiles' totals)
 * or per procedure (decoding each profile's counts and attributing them to the function
 * symbol containing each offset), one value column per event.
 */
#include "profile/profile_agg.h"

#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "profile/profile_db_internal.h"
#include "profile/symbols.h"

struct agg_build {
	struct profile_agg *a;
	size_t cap_rows;
};

static int find_event(const struct profile_agg *a, const char *name)
{
	for (size_t i = 0; i < a->n_events; i++)
		if (!strcmp(a->events[i], name))
			return (int)i;
	return -1;
}

static int str_cmp(const void *pa, const void *pb)
{
	return strcmp(*(char *const *)pa, *(char *const *)pb);
}

/* Column list: the filter's events in order, else every event present, sorted. */
static int build_events(struct profile_agg *a, const struct profile_db_filter *f,
			const struct profile_db_profile *p, size_t np)
{
	size_t cap = (f && f->n_events ? f->n_events : 0) + np + 1;
	a->events = calloc(cap, sizeof(*a->events));
	if (!a->events)
		return -ENOMEM;
	if (f && f->n_events) {
		for (size_t i = 0; i < f->n_events; i++)
			if (find_event(a, f->events[i]) < 0 &&
			    !(a->events[a->n_events++] = strdup(f->events[i])))
				return -ENOMEM;
	} else {
		for (size_t i = 0; i < np; i++)
			if (find_event(a, p[i].event) < 0 &&
			    !(a->events[a->n_events++] = strdup(p[i].event)))
				return -ENOMEM;
		if (a->n_events) /* qsort needs a non-NULL base even for 0 items */
			qsort(a->events, a->n_events, sizeof(*a->events), str_cmp);
	}
	a->totals = calloc(a->n_events ? a->n_events : 1, sizeof(*a->totals));
	a->periods = calloc(a->n_events ? a->n_events : 1, sizeof(*a->periods));
	if (!a->totals || !a->periods)
		return -ENOMEM;
	/* A period per event only when all of its profiles agree. */
	for (size_t e = 0; e < a->n_events; e++) {
		int first = 1;
		for (size_t i = 0; i < np; i++) {
			if (strcmp(p[i].event, a->events[e]))
				continue;
			if (first)
				a->periods[e] = p[i].period;
			else if (a->periods[e] != p[i].period)
				a->periods[e] = 0;
			first = 0;
		}
	}
	return 0;
}

static struct profile_agg_row *add_row(struct agg_build *b, int64_t image_id,
				       const char *image_path, const char *name, uint64_t start,
				       uint64_t size)
{
	struct profile_agg *a = b->a;
	if (a->n_rows == b->cap_rows) {
		size_t cap = b->cap_rows ? b->cap_rows * 2 : 64;
		struct profile_agg_row *nv = realloc(a->rows, cap * sizeof(*nv));
		if (!nv)
			return NULL;
		a->rows = nv;
		b->cap_rows = cap;
	}
	struct profile_agg_row *r = &a->rows[a->n_rows];
	r->image_id = image_id;
	r->image_path = strdup(image_path);
	r->name = strdup(name);
	r->start = start;
	r->size = size;
	r->values = calloc(a->n_events ? a->n_events : 1, sizeof(*r->values));
	if (!r->image_path || !r->name || !r->values) {
		free((char *)r->image_path);
		free((char *)r->name);
		free(r->values);
		return NULL;
	}
	a->n_rows++;
	return r;
}

/* ---- per procedure ----------------------------------------------------------------------- */

struct walk {
	const struct symbols *sym;
	double *acc;        /* (n_funcs + 1) x n_events; row n_funcs = no symbol */
	size_t n_events, n_funcs;
	int ev;
	double scale;       /* 1 / count_divisor */
	const struct symbols_func *last;
	size_t last_idx;
};

static int walk_fn(void *arg, uint64_t offset, uint64_t count)
{
	struct walk *w = arg;
	size_t idx = w->n_funcs;
	if (w->sym) {
		if (w->last && offset - w->last->start < w->last->size) {
			idx = w->last_idx;
		} else {
			const struct symbols_func *f = symbols_lookup(w->sym, offset);
			if (f) {
				w->last = f;
				w->last_idx = (size_t)(f - symbols_at(w->sym, 0));
				idx = w->last_idx;
			}
		}
	}
	w->acc[idx * w->n_events + (size_t)w->ev] += (double)count * w->scale;
	return 0;
}

/* Aggregate the profiles p[idx[0..n)] (all of one image) per function. */
static int agg_image(struct profile_db *db, struct agg_build *b,
		     const struct profile_db_profile *p, const size_t *idx, size_t n)
{
	struct profile_agg *a = b->a;
	const struct profile_db_profile *first = &p[idx[0]];
	struct symbols *sym = NULL;
	char err[SYMBOLS_ERR_MAX];
	int rc = 0;

	if (strcmp(first->image_path, PROFILE_DB_UNKNOWN_IMAGE_PATH) &&
	    symbols_open(first->image_path, first->build_id, &sym, err) &&
	    !a->n_images_unreadable++)
		snprintf(a->unreadable_why, sizeof(a->unreadable_why), "%s", err);
	struct walk w = { .sym = sym, .n_events = a->n_events,
			  .n_funcs = sym ? symbols_count(sym) : 0 };
	w.acc = calloc((w.n_funcs + 1) * (a->n_events ? a->n_events : 1), sizeof(*w.acc));
	if (!w.acc) {
		rc = profile_db_fail(db, -ENOMEM, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		const struct profile_db_profile *pr = &p[idx[i]];
		w.ev = find_event(a, pr->event);
		if (w.ev < 0)
			continue;
		w.scale = 1.0 / pr->count_divisor;
		w.last = NULL;
		if ((rc = profile_db_counts_each(db, pr->id, 0, UINT64_MAX, walk_fn, &w)))
			goto out;
	}
	for (size_t f = 0; f <= w.n_funcs; f++) {
		const double *v = &w.acc[f * a->n_events];
		int any = 0;
		for (size_t e = 0; e < a->n_events; e++)
			any |= v[e] != 0;
		if (!any)
			continue;
		const struct symbols_func *fn = f < w.n_funcs ? symbols_at(sym, f) : NULL;
		struct profile_agg_row *r = add_row(b, first->image_id, first->image_path,
						    fn ? fn->name : PROFILE_AGG_NO_SYMBOL,
						    fn ? fn->start : 0, fn ? fn->size : 0);
		if (!r) {
			rc = profile_db_fail(db, -ENOMEM, "out of memory");
			goto out;
		}
		memcpy(r->values, v, a->n_events * sizeof(*v));
	}
out:
	free(w.acc);
	symbols_close(sym);
	return rc;
}

/* ---- ordering ---------------------------------------------------------------------------- */

static int row_cmp(const void *pa, const void *pb, void *arg)
{
	const struct profile_agg_row *a = pa, *b = pb;
	size_t n_events = *(const size_t *)arg;
	for (size_t e = 0; e < n_events; e++)
		if (a->values[e] != b->values[e])
			return a->values[e] > b->values[e] ? -1 : 1;
	int c = strcmp(a->image_path, b->image_path);
	if (c)
		return c;
	c = strcmp(a->name, b->name);
	if (c)
		return c;
	return a->start < b->start ? -1 : a->start > b->start;
}

static int idx_by_image(const void *pa, const void *pb, void *arg)
{
	const struct profile_db_profile *p = arg;
	const struct profile_db_profile *a = &p[*(const size_t *)pa];
	const struct profile_db_profile *b = &p[*(const size_t *)pb];
	if (a->image_id != b->image_id)
		return a->image_id < b->image_id ? -1 : 1;
	return a->id < b->id ? -1 : a->id > b->id;
}

int profile_agg_build(struct profile_db *db, const struct profile_db_filter *f,
		      enum profile_agg_by by, struct profile_agg *out)
{
	struct profile_db_profile *p = NULL;
	size_t np = 0, *idx = NULL;
	struct agg_build b = { out, 0 };
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = profile_db_profiles(db, f, &p, &np)))
		return rc;
	out->n_profiles = np;
	if ((rc = build_events(out, f, p, np))) {
		rc = profile_db_fail(db, rc, "out of memory");
		goto out;
	}
	if (!np)
		goto out;
	if (!(idx = malloc(np * sizeof(*idx)))) {
		rc = profile_db_fail(db, -ENOMEM, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < np; i++)
		idx[i] = i;
	if (np) /* qsort needs a non-NULL base even for 0 items */
		qsort_r(idx, np, sizeof(*idx), idx_by_image, p);
	for (size_t i = 0; i < np;) {
		size_t j = i;
		while (j < np && p[idx[j]].image_id == p[idx[i]].image_id)
			j++;
		if (by == PROFILE_AGG_IMAGE) {
			struct profile_agg_row *r = add_row(&b, p[idx[i]].image_id,
							    p[idx[i]].image_path, p[idx[i]].image_path,
							    0, 0);
			if (!r) {
				rc = profile_db_fail(db, -ENOMEM, "out of memory");
				goto out;
			}
			for (size_t k = i; k < j; k++) {
				int e = find_event(out, p[idx[k]].event);
				if (e >= 0)
					r->values[e] += (double)p[idx[k]].total_count /
							p[idx[k]].count_divisor;
			}
		} else if ((rc = agg_image(db, &b, p, idx + i, j - i))) {
			goto out;
		}
		i = j;
	}
	for (size_t r = 0; r < out->n_rows; r++)
		for (size_t e = 0; e < out->n_events; e++)
			out->totals[e] += out->rows[r].values[e];
	if (out->n_rows) /* qsort needs a non-NULL base even for 0 items */
		qsort_r(out->rows, out->n_rows, sizeof(*out->rows), row_cmp, &out->n_events);
out:
	free(idx);
	profile_db_profiles_free(p, np);
	if (rc)
		profile_agg_free(out);
	return rc;
}

void profile_agg_free(struct profile_agg *a)
{
	for (size_t i = 0; i < a->n_rows; i++) {
		free((char *)a->rows[i].image_path);
		free((char *)a->rows[i].name);
		free(a->rows[i].values);
	}
	free(a->rows);
	for (size_t i = 0; i < a->n_events; i++)
		free(a->events[i]);
	free(a->events);
	free(a->totals);
	free(a->periods);
	memset(a, 0, sizeof(*a));
}
