/*
 * annotate_profileme.c — ProfileMe columns of `robin annotate` (see annotate_profileme.h).
 */
#include "cli/annotate_profileme.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The columns: samples, retired %, the five stage latencies of Table 1 (average cycles),
 * D-cache miss %, wasted issue slots (estimate / exact). */
static const char *const annotate_pm_lat_head[5] = { "f>m", "m>r", "r>i", "i>rr", "rr>r" };

int annotate_pm_load(struct profile_db *db, const struct profile_db_filter *f,
		     const struct listing *l, struct annotate_pm *out)
{
	memset(out, 0, sizeof(*out));
	const char *ev[1] = { "profileme" };
	struct profile_db_filter pf = f ? *f : (struct profile_db_filter){ 0 };
	pf.events = ev;
	pf.n_events = 1;
	struct profile_db_profile *p = NULL;
	size_t np = 0;
	int rc = profile_db_profiles(db, &pf, &p, &np);
	if (rc)
		return rc;
	for (size_t i = 0; i < np && !rc; i++) {
		if (p[i].image_id != l->image_id)
			continue;
		if (!out->in && !(out->in = calloc(l->n_insns ? l->n_insns : 1, sizeof(*out->in)))) {
			rc = -ENOMEM;
			break;
		}
		out->present = 1;
		struct profile_db_count *cnt = NULL;
		size_t nc = 0;
		if ((rc = profile_db_counts(db, p[i].id, l->start, l->start + l->size, &cnt, &nc)))
			break;
		for (size_t k = 0; k < nc; k++) {
			long x = listing_index(l, cnt[k].offset);
			if (x >= 0)
				out->in[x].samples += (double)cnt[k].count;
		}
		free(cnt);
		struct profile_db_detail *d = NULL;
		size_t nd = 0;
		if ((rc = profile_db_details(db, p[i].id, l->start, l->start + l->size, 0, &d, &nd)))
			break;
		for (size_t k = 0; k < nd; k++) {
			long x = listing_index(l, d[k].offset);
			const char *kind = profile_db_detail_kind_name(db, d[k].kind);
			if (x < 0 || !kind)
				continue;
			struct annotate_pm_insn *in = &out->in[x];
			if (!strcmp(kind, "pm_event")) {
				if (d[k].key == PM_EV_RETIRED)
					in->retired += (double)d[k].count;
				else if (d[k].key == PM_EV_DCACHE_MISS)
					in->dmiss += (double)d[k].count;
			} else if (!strcmp(kind, "pm_pair") && d[k].key == 5) {
				in->wasted_est += d[k].value;
				in->has_wasted = 1;
			} else if (!strcmp(kind, "pm_truth") && d[k].key == 4) {
				in->wasted_exact += d[k].value;
			} else if (!strncmp(kind, "pm_latency_", 11) && d[k].key == -1) {
				for (int r = 0; r < PM_LAT_N; r++)
					if (!strcmp(kind + 11, pm_lat_name((enum pm_lat)r))) {
						in->lat_sum[r] += d[k].value;
						in->lat_n[r] += (double)d[k].count;
					}
			}
		}
		free(d);
	}
	profile_db_profiles_free(p, np);
	if (rc)
		annotate_pm_free(out);
	return rc;
}

int annotate_pm_width(void)
{
	return 8 + 6 + 5 * 6 + 7 + 22;
}

void annotate_pm_header(FILE *out)
{
	fprintf(out, "%7s %5s ", "pm", "ret%");
	for (int r = 0; r < 5; r++)
		fprintf(out, "%5s ", annotate_pm_lat_head[r]);
	fprintf(out, "%6s %21s ", "dmiss%", "wasted est./exact");
}

void annotate_pm_cells(FILE *out, const struct annotate_pm *a, size_t k)
{
	const struct annotate_pm_insn *in = &a->in[k];
	if (!in->samples) {
		fprintf(out, "%*s", annotate_pm_width(), "");
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

void annotate_pm_json(struct json *j, const struct annotate_pm *a, size_t k)
{
	if (!a->present || !a->in[k].samples)
		return;
	const struct annotate_pm_insn *in = &a->in[k];
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

void annotate_pm_free(struct annotate_pm *a)
{
	free(a->in);
	a->in = NULL;
	a->present = 0;
}
