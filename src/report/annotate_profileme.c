/*
 * annotate_profileme.c — ProfileMe columns of `robin annotate` (see annotate_profileme.h):
 * each instruction's samples, events, latencies and wasted slots summed from its detail rows,
 * printed as text cells or JSON.
 */
#include "report/annotate_profileme.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The columns: samples, retired %, the five stage latencies of Table 1 (average cycles),
 * D-cache miss %, wasted issue slots (estimate / exact). */
static const char *const annotate_profileme_lat_head[5] = { "f>m", "m>r", "r>i", "i>rr",
							       "rr>r" };

static void annotate_profileme_count(void *arg, size_t x,
				     const struct profile_db_count *c)
{
	struct annotate_profileme *out = arg;
	out->in[x].samples += (double)c->count;
}

static void annotate_profileme_detail(void *arg, size_t x, const char *kind,
				      const struct profile_db_detail *d)
{
	struct annotate_profileme *out = arg;
	struct annotate_profileme_insn *in = &out->in[x];
	if (!strcmp(kind, "pm_event")) {
		if (d->key == PM_EV_RETIRED)
			in->retired += (double)d->count;
		else if (d->key == PM_EV_DCACHE_MISS)
			in->dmiss += (double)d->count;
	} else if (!strcmp(kind, "pm_pair") && d->key == 5) {
		in->wasted_est += d->value;
		in->has_wasted = 1;
	} else if (!strcmp(kind, "pm_truth") && d->key == 4) {
		in->wasted_exact += d->value;
	} else if (!strncmp(kind, "pm_latency_", 11) && d->key == -1) {
		for (int r = 0; r < PM_LAT_N; r++)
			if (!strcmp(kind + 11, pm_lat_name((enum pm_lat)r))) {
				in->lat_sum[r] += d->value;
				in->lat_n[r] += (double)d->count;
			}
	}
}

int annotate_profileme_load(struct profile_db *db, const struct profile_db_filter *f,
			    const struct listing *l, struct annotate_profileme *out)
{
	memset(out, 0, sizeof(*out));
	if (!(out->in = calloc(l->n_insns ? l->n_insns : 1, sizeof(*out->in))))
		return -ENOMEM;
	struct listing_walk w = { out, annotate_profileme_count, annotate_profileme_detail };
	int rc = listing_walk_event(db, f, l, "profileme", &w, &out->present);
	if (rc || !out->present)
		annotate_profileme_free(out);
	return rc;
}

int annotate_profileme_width(void)
{
	return 8 + 6 + 5 * 6 + 7 + 22;
}

void annotate_profileme_header(FILE *out)
{
	fprintf(out, "%7s %5s ", "pm", "ret%");
	for (int r = 0; r < 5; r++)
		fprintf(out, "%5s ", annotate_profileme_lat_head[r]);
	fprintf(out, "%6s %21s ", "dmiss%", "wasted est./exact");
}

void annotate_profileme_cells(FILE *out, const struct annotate_profileme *a, size_t k)
{
	const struct annotate_profileme_insn *in = &a->in[k];
	if (!in->samples) {
		fprintf(out, "%*s", annotate_profileme_width(), "");
		return;
	}
	fprintf(out, "%7.0f %5.1f ", in->samples, 100 * in->retired / in->samples);
	for (int r = 0; r < 5; r++) {
		if (in->lat_n[r] > 0)
			fprintf(out, "%5.1f ", in->lat_sum[r] / in->lat_n[r]);
		else
			fprintf(out, "%5s ", "-");
	}
	fprintf(out, "%6.1f ", 100 * in->dmiss / in->samples);
	if (in->has_wasted)
		fprintf(out, "%10.3g/%-10.3g ", in->wasted_est, in->wasted_exact);
	else
		fprintf(out, "%21s ", "-");
}

void annotate_profileme_json(struct json *j, const struct annotate_profileme *a, size_t k)
{
	if (!a->present || !a->in[k].samples)
		return;
	const struct annotate_profileme_insn *in = &a->in[k];
	json_key(j, "profileme");
	json_object_begin(j);
	json_kv_double(j, "samples", in->samples);
	json_kv_double(j, "retired_pct", 100 * in->retired / in->samples);
	json_kv_double(j, "dcache_miss_pct", 100 * in->dmiss / in->samples);
	json_key(j, "latency_avg");
	json_object_begin(j);
	for (int r = 0; r < PM_LAT_N; r++) {
		json_key(j, pm_lat_name((enum pm_lat)r));
		if (in->lat_n[r] > 0)
			json_double(j, in->lat_sum[r] / in->lat_n[r]);
		else
			json_null(j);
	}
	json_object_end(j);
	if (in->has_wasted) {
		json_kv_double(j, "wasted_slots_est", in->wasted_est);
		json_kv_double(j, "wasted_slots_exact", in->wasted_exact);
	}
	json_object_end(j);
}

void annotate_profileme_free(struct annotate_profileme *a)
{
	free(a->in);
	a->in = NULL;
	a->present = 0;
}
