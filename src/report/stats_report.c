/*
 * stats_report.c — dcpistats across runs or epochs (see stats_report.h). Each set is loaded
 * on its own (report_load), summed per procedure, and the rows of all sets are joined by
 * (image path, procedure name) through a keymap.
 */
#include "report/stats_report.h"

#include "report/keymap.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int id_cmp(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return x < y ? -1 : x > y;
}

/* Find or add the row (image, name); returns its index or -ENOMEM. */
static int row_get(struct stats_report *r, size_t *cap_rows, struct keymap *ix,
		   const char *image, const char *name)
{
	int added, k = keymap_get(ix, image, name, 0, &added);
	if (k < 0 || !added)
		return k;
	if (r->nrows == *cap_rows) {
		size_t c = *cap_rows ? 2 * *cap_rows : 64;
		struct stats_row *v = realloc(r->rows, c * sizeof(*v));
		if (!v)
			return -ENOMEM;
		r->rows = v;
		*cap_rows = c;
	}
	struct stats_row *row = &r->rows[r->nrows];
	memset(row, 0, sizeof(*row));
	row->image = strdup(image);
	row->name = strdup(name);
	row->v = calloc(r->nsets ? r->nsets : 1, sizeof(double));
	if (!row->image || !row->name || !row->v) {
		free(row->image);
		free(row->name);
		free(row->v);
		return -ENOMEM;
	}
	r->nrows++;
	return k;
}

/* Pick the event and the sets. */
static int find_sets(struct profile_db *db, const struct report_selector *base,
		     struct stats_report *r, const int64_t *ids, size_t nids, char *err)
{
	struct profile_db_filter f;
	struct profile_db_profile *pr = NULL;
	size_t npr = 0;
	int rc;
	report_selector_filter(base, &f);
	if (r->kind == STATS_SETS_RUNS && nids == 0)
		f.run_id = 0;
	rc = profile_db_profiles(db, &f, &pr, &npr);
	if (rc) {
		snprintf(err, REPORT_ERR_MAX, "%s", profile_db_error(db));
		return rc;
	}
	if (base->n_events > 1) {
		snprintf(err, REPORT_ERR_MAX, "stats compares one event; --event names %zu",
			 base->n_events);
		rc = -EINVAL;
		goto out;
	}
	if (base->n_events) {
		r->event = strdup(base->events[0]);
	} else {
		const char *only = NULL;
		char list[256] = "";
		size_t o = 0, nd = 0;
		for (size_t i = 0; i < npr; i++) {
			int seen = 0;
			for (size_t k = 0; k < i; k++)
				seen |= !strcmp(pr[k].event, pr[i].event);
			if (seen)
				continue;
			nd++;
			only = pr[i].event;
			if (o < sizeof(list))
				o += (size_t)snprintf(list + o, sizeof(list) - o, "%s%s", nd > 1 ? ", " : "",
						      pr[i].event);
		}
		if (nd == 0) {
			snprintf(err, REPORT_ERR_MAX, "%s: no profiles", profile_db_path(db));
			rc = -ENOENT;
			goto out;
		}
		if (nd > 1) {
			snprintf(err, REPORT_ERR_MAX, "several events (%s): choose one with --event",
				 list);
			rc = -EINVAL;
			goto out;
		}
		r->event = strdup(only);
	}
	if (!r->event) {
		rc = -ENOMEM;
		goto out;
	}
	r->sets = calloc(nids + npr + 1, sizeof(*r->sets));
	if (!r->sets) {
		rc = -ENOMEM;
		goto out;
	}
	if (nids) {
		for (size_t i = 0; i < nids; i++)
			r->sets[r->nsets++].id = ids[i];
	} else {
		int64_t *v = calloc(npr + 1, sizeof(*v));
		size_t n = 0;
		if (!v) {
			rc = -ENOMEM;
			goto out;
		}
		for (size_t i = 0; i < npr; i++) {
			if (strcmp(pr[i].event, r->event))
				continue;
			int64_t id = r->kind == STATS_SETS_RUNS ? pr[i].run_id : pr[i].epoch_id;
			if (id)
				v[n++] = id;
		}
		qsort(v, n, sizeof(*v), id_cmp);
		for (size_t i = 0; i < n; i++)
			if (!i || v[i] != v[i - 1])
				r->sets[r->nsets++].id = v[i];
		free(v);
		if (!r->nsets) {
			snprintf(err, REPORT_ERR_MAX, "%s: no %s has a profile of event %s",
				 profile_db_path(db), r->kind == STATS_SETS_RUNS ? "run" : "epoch",
				 r->event);
			rc = -ENOENT;
		}
	}
out:
	profile_db_profiles_free(pr, npr);
	return rc;
}

static int row_cmp(const void *a, const void *b)
{
	const struct stats_row *x = a, *y = b;
	double rx = isnan(x->st.range_of_sum) ? -1 : x->st.range_of_sum;
	double ry = isnan(y->st.range_of_sum) ? -1 : y->st.range_of_sum;
	if (rx != ry)
		return rx > ry ? -1 : 1;
	if (x->st.sum != y->st.sum)
		return x->st.sum > y->st.sum ? -1 : 1;
	int c = strcmp(x->name, y->name);
	return c ? c : strcmp(x->image, y->image);
}

int stats_report_build(struct profile_db *db, const struct report_selector *base,
		       enum stats_set_kind kind, const int64_t *ids, size_t nids, enum stats_by by,
		       struct stats_report *r, char *err)
{
	struct keymap ix;
	size_t cap_rows = 0;
	int rc;
	memset(r, 0, sizeof(*r));
	keymap_init(&ix);
	r->kind = kind;
	r->by = by;
	err[0] = 0;
	rc = find_sets(db, base, r, ids, nids, err);
	if (rc)
		goto out;
	for (size_t s = 0; s < r->nsets; s++) {
		struct report_selector one;
		struct profile_db_filter f;
		struct report_profile p;
		struct report_images im;
		const char *ev = r->event;
		rc = report_selector_merge(base, NULL, &one);
		if (rc)
			goto out;
		if (kind == STATS_SETS_RUNS)
			one.run_id = r->sets[s].id;
		else
			one.epoch_id = r->sets[s].id;
		report_selector_filter(&one, &f);
		f.events = &ev;
		f.n_events = 1;
		rc = report_load(db, &f, by == STATS_BY_IMAGE ? REPORT_LOAD_NO_SYMBOLS : 0, &p, &im,
				 err);
		report_selector_free(&one);
		if (rc)
			goto out;
		r->images_unreadable += im.unreadable;
		report_images_free(&im);
		double *byf = report_profile_by_func(&p);
		if (!byf) {
			report_profile_free(&p);
			rc = -ENOMEM;
			goto out;
		}
		for (size_t row = 0; row < p.nfuncs + p.nimages; row++) {
			double v = byf[row];  /* one event */
			if (v == 0)
				continue;
			const char *image = p.images[report_profile_row_image(&p, row)].path;
			const char *name = by == STATS_BY_IMAGE ? image : report_profile_row_name(&p, row);
			int k = row_get(r, &cap_rows, &ix, image, name);
			if (k < 0) {
				rc = k;
				break;
			}
			r->rows[k].v[s] += v;
			r->sets[s].total += v;
		}
		free(byf);
		report_profile_free(&p);
		if (rc)
			goto out;
		r->grand_total += r->sets[s].total;
	}
	for (size_t i = 0; i < r->nrows; i++) {
		profile_stats_compute(r->rows[i].v, r->nsets, &r->rows[i].st);
		r->rows[i].share = r->grand_total > 0 ? r->rows[i].st.sum / r->grand_total : NAN;
	}
	if (r->nrows) /* qsort needs a non-NULL base even for 0 items */
		qsort(r->rows, r->nrows, sizeof(*r->rows), row_cmp);
out:
	keymap_free(&ix);
	if (rc == -ENOMEM && !err[0])
		snprintf(err, REPORT_ERR_MAX, "out of memory");
	if (rc)
		stats_report_free(r);
	return rc;
}

enum {
	C_RANGE, C_RANGE_MEAN, C_SUM, C_SHARE, C_N, C_MEAN, C_STDDEV, C_MIN, C_MAX, C_NAME,
	C_IMAGE, C_FIXED
};

static const struct table_col stats_cols[C_FIXED] = {
	[C_RANGE] = { "range%", "range_of_sum", TABLE_PCT, 1 },
	[C_RANGE_MEAN] = { "range/mean", "range_of_mean", TABLE_PCT, 1 },
	[C_SUM] = { "sum", "sum", TABLE_F, 0 },
	[C_SHARE] = { "%", "share", TABLE_PCT, 1 },
	[C_N] = { "N", "n", TABLE_UINT, 0 },
	[C_MEAN] = { "mean", "mean", TABLE_F, 0 },
	[C_STDDEV] = { "std-dev", "stddev", TABLE_F, 2 },
	[C_MIN] = { "min", "min", TABLE_F, 0 },
	[C_MAX] = { "max", "max", TABLE_F, 0 },
	[C_NAME] = { "procedure", "procedure", TABLE_STR, 0 },
	[C_IMAGE] = { "image", "image", TABLE_STR, 0 },
};

/* Decimals that show fractional samples (divided counts) without noise for integers. */
static int value_prec(const struct stats_report *r)
{
	for (size_t i = 0; i < r->nrows; i++)
		for (size_t s = 0; s < r->nsets; s++)
			if (r->rows[i].v[s] != floor(r->rows[i].v[s]))
				return 2;
	return 0;
}

void stats_report_print(const struct stats_report *r, enum table_format fmt, size_t top,
			FILE *out)
{
	const char *setname = r->kind == STATS_SETS_RUNS ? "run" : "epoch";
	size_t nsetcols = fmt == TABLE_TEXT ? 0 : r->nsets;
	size_t ncols = C_FIXED + nsetcols;
	struct table_col *cols = calloc(ncols, sizeof(*cols));
	char (*titles)[32] = calloc(nsetcols + 1, sizeof(*titles));
	struct table t;
	struct json j;
	int prec = value_prec(r);
	if (!cols || !titles)
		goto out;
	memcpy(cols, stats_cols, sizeof(stats_cols));
	for (int c = C_SUM; c <= C_MAX; c++)
		if (cols[c].type == TABLE_F && c != C_STDDEV)
			cols[c].prec = prec;
	for (size_t i = 0; i < r->nrows; i++)
		if (r->rows[i].st.mean != floor(r->rows[i].st.mean))
			cols[C_MEAN].prec = 2;
	if (r->by == STATS_BY_IMAGE)
		cols[C_NAME] = (struct table_col){ "image", "image", TABLE_STR, 0 };
	for (size_t s = 0; s < nsetcols; s++) {
		snprintf(titles[s], sizeof(titles[s]), "%s_%" PRId64, setname, r->sets[s].id);
		cols[C_FIXED + s] = (struct table_col){ titles[s], titles[s], TABLE_F, prec };
	}
	/* by image: drop the separate image column by printing it only for procedures */
	size_t used = r->by == STATS_BY_IMAGE ? C_IMAGE : C_FIXED;
	if (r->by == STATS_BY_IMAGE && nsetcols)
		memmove(&cols[C_IMAGE], &cols[C_FIXED], nsetcols * sizeof(*cols));
	table_init(&t, cols, used + nsetcols);
	size_t n = top && top < r->nrows ? top : r->nrows;
	for (size_t i = 0; i < n; i++) {
		const struct stats_row *w = &r->rows[i];
		int row = table_add_row(&t);
		if (row < 0)
			goto out_table;
		table_set_double(&t, row, C_RANGE, w->st.range_of_sum);
		table_set_double(&t, row, C_RANGE_MEAN, w->st.range_of_mean);
		table_set_double(&t, row, C_SUM, w->st.sum);
		table_set_double(&t, row, C_SHARE, w->share);
		table_set_uint(&t, row, C_N, w->st.n);
		table_set_double(&t, row, C_MEAN, w->st.mean);
		table_set_double(&t, row, C_STDDEV, w->st.stddev);
		table_set_double(&t, row, C_MIN, w->st.min);
		table_set_double(&t, row, C_MAX, w->st.max);
		if (table_set_str(&t, row, C_NAME, w->name))
			goto out_table;
		if (r->by == STATS_BY_PROCEDURE &&
		    table_set_str(&t, row, C_IMAGE, report_basename(w->image)))
			goto out_table;
		for (size_t s = 0; s < nsetcols; s++)
			table_set_double(&t, row, used + s, w->v[s]);
	}
	if (fmt == TABLE_TEXT) {
		fprintf(out, "Number of samples of type %s\n", r->event);
		for (size_t s = 0; s < r->nsets; s++)
			fprintf(out, "set %zu (%s %" PRId64 ") = %.*f%s", s + 1, setname, r->sets[s].id,
				prec, r->sets[s].total, (s + 1) % 4 == 0 || s + 1 == r->nsets ? "\n" : "  ");
		fprintf(out, "TOTAL: %.*f\n\n", prec, r->grand_total);
		fprintf(out, "Statistics using the sample counts for each %s from %zu sample set(s)\n",
			r->by == STATS_BY_IMAGE ? "image" : "procedure", r->nsets);
		table_print(&t, TABLE_TEXT, out, NULL);
		if (n < r->nrows)
			fprintf(out, "(%zu more rows; --top 0 shows all)\n", r->nrows - n);
	} else if (fmt == TABLE_CSV) {
		table_print(&t, TABLE_CSV, out, NULL);
	} else {
		json_init(&j, out, 1);
		json_object_begin(&j);
		json_kv_string(&j, "event", r->event);
		json_kv_string(&j, "sets_are", r->kind == STATS_SETS_RUNS ? "runs" : "epochs");
		json_key(&j, "sets");
		json_array_begin(&j);
		for (size_t s = 0; s < r->nsets; s++) {
			json_object_begin(&j);
			json_kv_int(&j, setname, r->sets[s].id);
			json_kv_double(&j, "samples", r->sets[s].total);
			json_object_end(&j);
		}
		json_array_end(&j);
		json_kv_double(&j, "total", r->grand_total);
		json_key(&j, "rows");
		table_print(&t, TABLE_JSON, out, &j);
		json_object_end(&j);
		json_end(&j);
	}
out_table:
	table_free(&t);
out:
	free(cols);
	free(titles);
}

void stats_report_free(struct stats_report *r)
{
	for (size_t i = 0; i < r->nrows; i++) {
		free(r->rows[i].image);
		free(r->rows[i].name);
		free(r->rows[i].v);
	}
	free(r->rows);
	free(r->sets);
	free(r->event);
	memset(r, 0, sizeof(*r));
}
