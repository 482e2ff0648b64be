/*
 * campaign_result.c — a campaign's weighted estimate next to the full run, each cluster's CPI
 * spread, and the --stats-json document of `robin simpoint run|merge` (see campaign_result.h).
 */
#include "campaign/campaign_result.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "campaign/campaign_priv.h"
#include "util/json.h"

int campaign_result_estimate(struct campaign_result *r, char *err, size_t errlen)
{
	const struct campaign_truth *t = r->t;
	int rc = campaign_estimate(r->c, &r->est, err, errlen);
	if (rc)
		return rc;
	r->cpi_full = t ? (double)t->cycles / (double)t->insns : 0;
	r->cpi_error = t ? fabs(r->est.cpi - r->cpi_full) / r->cpi_full : 0;
	r->err_points = r->err_sampling = 0;
	r->points_warm_s = r->points_own_s = 0;
	for (int i = 0; i < r->c->n_points; i++) {
		const struct campaign_point *p = &r->c->pts[i];
		double w = p->warm_s < p->host_s ? p->warm_s : p->host_s;
		r->points_warm_s += w;
		r->points_own_s += p->host_s - w;
	}
	if (r->points_warm_s <= 0)
		r->points_own_s = 0;
	if (t && r->cpi_full > 0) {
		const struct campaign *c = r->c;
		double own = 0, at = 0;
		for (int i = 0; i < c->n_points; i++) {
			const struct campaign_point *p = &c->pts[i];
			if (p->interval < 0 || (size_t)p->interval >= c->n_intervals ||
			    !c->length[p->interval] || !p->insns)
				continue;
			double full = (double)t->interval_cycles[p->interval] /
			              (double)c->length[p->interval];
			own += p->weight * ((double)p->cycles / (double)p->insns - full);
			at += p->weight * full;
		}
		r->err_points = own / r->cpi_full;
		r->err_sampling = (at - r->cpi_full) / r->cpi_full;
	}
	return 0;
}

void campaign_result_spread(const struct campaign *c, const struct campaign_truth *t, int cluster,
                            struct campaign_result_spread *s)
{
	double sum = 0, sum2 = 0;
	memset(s, 0, sizeof(*s));
	for (size_t i = 0; i < c->n_intervals; i++) {
		if (c->label[i] != cluster || !c->length[i])
			continue;
		double cpi = (double)t->interval_cycles[i] / (double)c->length[i];
		if (!s->n || cpi < s->min)
			s->min = cpi;
		if (!s->n || cpi > s->max)
			s->max = cpi;
		sum += cpi;
		sum2 += cpi * cpi;
		s->n++;
	}
	if (s->n) {
		s->mean = sum / s->n;
		double var = sum2 / s->n - s->mean * s->mean;
		s->sd = var > 0 ? sqrt(var) : 0;
	}
}

/* The member "points": each point's result, with the full run's view of it when validated. */
static void campaign_result_json_points(struct json *j, const struct campaign_result *r)
{
	const struct campaign *c = r->c;
	const struct campaign_truth *t = r->t;
	json_key(j, "points");
	json_array_begin(j);
	for (int i = 0; i < c->n_points; i++) {
		const struct campaign_point *p = &c->pts[i];
		json_object_begin(j);
		json_kv_int(j, "interval", p->interval);
		json_kv_int(j, "cluster", p->cluster);
		json_kv_double(j, "weight", p->weight);
		json_kv_uint(j, "start", p->start);
		/* how it was warmed: robin sim --warmup start-warm_from --warmup-predictor
		 * start-predictor_from from instruction warm_from */
		json_kv_int(j, "chain", p->chain);
		json_kv_uint(j, "warm_from", p->warm_from);
		json_kv_uint(j, "predictor_from", p->pred_from);
		json_kv_uint(j, "instructions", p->insns);
		json_kv_uint(j, "cycles", p->cycles);
		json_kv_double(j, "cpi", (double)p->cycles / (double)p->insns);
		if (p->units) {  /* measured by units: how many, and the spread of their CPIs */
			json_kv_uint(j, "units", p->units);
			json_kv_double(j, "units_cpi_sd", p->units_sd);
		}
		if (t) {
			struct campaign_result_spread s;
			campaign_result_spread(c, t, p->cluster, &s);
			json_kv_double(j, "cpi_interval_full",
			               (double)t->interval_cycles[p->interval] / (double)c->length[p->interval]);
			json_kv_int(j, "cluster_intervals", s.n);
			json_kv_double(j, "cluster_cpi_mean", s.mean);
			json_kv_double(j, "cluster_cpi_min", s.min);
			json_kv_double(j, "cluster_cpi_max", s.max);
			json_kv_double(j, "cluster_cpi_sd", s.sd);
		}
		json_object_end(j);
	}
	json_array_end(j);
}

int campaign_result_json_write(const struct campaign_result *r, const char *path, char *err,
                               size_t errlen)
{
	const struct campaign *c = r->c;
	const struct campaign_truth *t = r->t;
	char name[64];
	FILE *f = fopen(path, "w");
	if (!f)
		return campaign_fail(err, errlen, -errno, "cannot write %s: %s", path, strerror(errno));
	struct json j;
	json_init(&j, f, 1);
	json_object_begin(&j);
	json_kv_string(&j, "program", c->prog);
	json_kv_uint(&j, "instructions", c->total_insns);
	json_kv_uint(&j, "interval", c->interval);
	json_kv_uint(&j, "intervals", c->n_intervals);
	json_kv_int(&j, "k", c->k);
	json_kv_double(&j, "cpi_predicted", r->est.cpi);
	json_key(&j, "cpi_ci95");
	if (r->est.ci_ok) {
		json_array_begin(&j);
		json_double(&j, r->est.ci_lo);
		json_double(&j, r->est.ci_hi);
		json_array_end(&j);
	} else
		json_null(&j);
	json_kv_double(&j, "cpi_ci95_df", r->est.ci_df);
	json_kv_int(&j, "clusters_disagreeing", r->est.n_disagree);
	json_key(&j, "warming_short_cpi");  /* the points' warming bias, estimated */
	if (r->est.warm_short >= 0)
		json_double(&j, r->est.warm_short);
	else
		json_null(&j);
	json_key(&j, "splits");
	json_array_begin(&j);
	for (int i = 0; i < c->n_splits; i++) {
		const struct simpoint_split *sp = &c->splits[i];
		json_object_begin(&j);
		json_kv_int(&j, "cluster", sp->cluster);
		json_kv_int(&j, "parts", sp->parts);
		json_kv_int(&j, "intervals", sp->n);
		json_kv_double(&j, "warm_cpi_min", sp->lo);
		json_kv_double(&j, "warm_cpi_max", sp->hi);
		json_object_end(&j);
	}
	json_array_end(&j);
	if (t) {
		json_kv_double(&j, "cpi_full", r->cpi_full);
		json_kv_double(&j, "cpi_error", r->cpi_error);
		json_kv_double(&j, "cpi_error_points", r->err_points);
		json_kv_double(&j, "cpi_error_sampling", r->err_sampling);
		if (r->est.ci_ok)
			json_kv_int(&j, "ci95_holds", r->cpi_full >= r->est.ci_lo &&
			            r->cpi_full <= r->est.ci_hi);
		json_kv_uint(&j, "full_cycles", t->cycles);
		json_kv_double(&j, "full_host_seconds", t->host_seconds);
	}
	json_kv_uint(&j, "detailed_instructions", r->est.detailed_insns);
	json_kv_uint(&j, "warmup_instructions", r->est.warm_insns);
	json_kv_int(&j, "chains", r->c->chains ? r->c->n_chains : 0);  /* 0: each point alone */
	json_kv_uint(&j, "warmup_predictor_instructions", r->est.warm_pred_insns);
	json_kv_double(&j, "preparation_host_seconds", r->prep_s);
	if (r->prep_s > 0) {
		json_key(&j, "preparation_passes_host_seconds");
		json_object_begin(&j);
		json_kv_double(&j, "vectors", r->pass_s[CAMPAIGN_PASS_VECTORS]);
		json_kv_double(&j, "memory", r->pass_s[CAMPAIGN_PASS_MEMORY]);
		json_kv_double(&j, "checkpoints", r->pass_s[CAMPAIGN_PASS_CHECKPOINTS]);
		json_object_end(&j);
	}
	json_kv_double(&j, "points_host_seconds", r->points_s);
	if (r->points_warm_s > 0) {
		json_kv_double(&j, "points_warming_host_seconds", r->points_warm_s);
		json_kv_double(&j, "points_own_host_seconds", r->points_own_s);
	}
	campaign_result_json_points(&j, r);
	json_key(&j, "cycle_stack_cpi");
	json_object_begin(&j);
	for (unsigned s = 0; s < CORE_STACK_N; s++)
		if (r->est.stack_cpi[s] != 0.0 || !CORE_STACK_IS_V(s))
			json_kv_double(&j, core_stack_name(s, name, sizeof(name)), r->est.stack_cpi[s]);
	json_object_end(&j);
	if (t && t->has_stack && t->insns) {
		json_key(&j, "cycle_stack_cpi_full");  /* the full detailed run's */
		json_object_begin(&j);
		for (unsigned s = 0; s < CORE_STACK_N; s++)
			if (t->stack[s] || !CORE_STACK_IS_V(s))
				json_kv_double(&j, core_stack_name(s, name, sizeof(name)),
				               (double)t->stack[s] / (double)t->insns);
		json_object_end(&j);
	}
	campaign_prof_eval_json(&j, &r->pe);
	json_object_end(&j);
	json_end(&j);
	if (fclose(f))
		return campaign_fail(err, errlen, -EIO, "cannot write %s", path);
	return 0;
}
