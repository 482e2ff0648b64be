/*
 * simpoint_report.c — `robin simpoint`'s clustering JSON and a campaign's estimate as text
 * (see simpoint_report.h).
 */
#include "report/simpoint_report.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "util/json.h"

int simpoint_report_json(const char *path, const char *fv_path, const struct simpoint_result *r,
                         char *err, size_t errlen)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		int rc = -errno;
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(-rc));
		return rc;
	}
	struct json j;
	json_init(&j, f, 1);
	json_object_begin(&j);
	json_kv_string(&j, "fv_file", fv_path);
	json_kv_uint(&j, "intervals", r->n_rows);
	json_kv_int(&j, "k", r->k);
	json_key(&j, "tries");
	json_array_begin(&j);
	for (int q = 0; q < r->n_tries; q++) {
		json_object_begin(&j);
		json_kv_int(&j, "k", r->tries[q].k);
		json_kv_double(&j, "bic", r->tries[q].bic);
		json_kv_int(&j, "iterations", r->tries[q].iterations);
		json_object_end(&j);
	}
	json_array_end(&j);
	double sum = 0;
	for (int q = 0; q < r->k; q++)
		sum += r->selected[q] ? r->cluster_weight[q] : 0;
	json_key(&j, "points");
	json_array_begin(&j);
	for (int q = 0; q < r->k; q++) {
		if (!r->selected[q])
			continue;
		json_object_begin(&j);
		json_kv_int(&j, "cluster", q);
		json_kv_int(&j, "interval", r->point[q]);
		json_kv_double(&j, "weight", r->cluster_weight[q] / sum);
		json_object_end(&j);
	}
	json_array_end(&j);
	json_object_end(&j);
	json_end(&j);
	fclose(f);   /* as robin simpoint always did: a failed flush is not reported */
	return 0;
}

/* One row of the profile errors: instruction, block and function level. */
static void simpoint_report_prof_line(FILE *out, const char *what, const struct profile_error *e,
                                      uint64_t samples)
{
	fprintf(out, "    %-40s", what);
	for (int g = 0; g < PMU_EVAL_GRAN_N; g++)
		fprintf(out, "  %6.2f%%", 100 * e[g].error);
	if (samples)
		fprintf(out, "  (%" PRIu64 " samples)", samples);
	fputc('\n', out);
}

/* The weighted profiles' errors (nothing when the campaign did not profile). */
static void simpoint_report_prof(FILE *out, const struct campaign_prof_eval *pe)
{
	if (!pe->have)
		return;
	fprintf(out, "  weighted profiles: estimated program cycles %.0f; profile error "
	        "(instruction, block, function):\n", pe->weighted_cycles);
	if (pe->have_truth) {
		simpoint_report_prof_line(out, "weighted Oracle vs full run's Oracle", pe->w_oracle, 0);
		simpoint_report_prof_line(out, "weighted TIP vs full run's Oracle", pe->w_tip,
		                          pe->tip_samples);
		simpoint_report_prof_line(out, "full run's TIP vs full run's Oracle", pe->full_tip,
		                          pe->full_tip_samples);
	}
	simpoint_report_prof_line(out, "weighted TIP vs weighted Oracle", pe->w_tip_w_oracle,
	                          pe->tip_samples);
	if (!pe->n_top)
		return;
	fprintf(out, "  weighted Oracle's heaviest functions (share of the cycles, 95%% "
	        "interval%s):\n", pe->top[0].full >= 0 ? "; the full run's share" : "");
	int holds = 0, n = 0;
	for (int k = 0; k < pe->n_top; k++) {
		const struct campaign_prof_share *s = &pe->top[k];
		fprintf(out, "    %-32.32s %6.2f%%", s->func, 100 * s->share);
		if (s->ci_ok)
			fprintf(out, "  [%6.2f%%, %6.2f%%]", 100 * s->lo, 100 * s->hi);
		else
			fprintf(out, "  (no interval)     ");
		if (s->full >= 0) {
			int h = s->ci_ok && s->full >= s->lo && s->full <= s->hi;
			fprintf(out, "  %6.2f%%%s", 100 * s->full, s->ci_ok ? h ? "  holds" : "  MISSES" : "");
			holds += h;
			n += s->ci_ok;
		}
		fputc('\n', out);
	}
	if (n)
		fprintf(out, "    %d of %d intervals hold the full run's share\n", holds, n);
}

/* The points, with the full run's CPI of each one's interval and cluster when validated. */
static void simpoint_report_points(FILE *out, const struct campaign *c,
                                   const struct campaign_truth *t)
{
	fprintf(out, "  point  interval  cluster  weight    CPI%s\n",
	        t ? "  interval CPI (full run)  cluster CPI mean [min, max] (n)" : "");
	for (int i = 0; i < c->n_points; i++) {
		const struct campaign_point *p = &c->pts[i];
		fprintf(out, "  %5d  %8ld  %7d  %6.4f  %6.3f", p->index, p->interval, p->cluster,
		        p->weight, (double)p->cycles / (double)p->insns);
		if (t) {
			struct campaign_result_spread s;
			campaign_result_spread(c, t, p->cluster, &s);
			fprintf(out, "  %23.3f  %6.3f [%.3f, %.3f] (%d)",
			        (double)t->interval_cycles[p->interval] / (double)c->length[p->interval],
			        s.mean, s.min, s.max, s.n);
		}
		fputc('\n', out);
	}
}

void simpoint_report_splits(FILE *out, const struct campaign *c)
{
	for (int i = 0; i < c->n_splits; i++) {
		const struct simpoint_split *sp = &c->splits[i];
		fprintf(out, "robin simpoint: cluster %d split into %d by the memory signature (warm CPI "
		        "%.3g to %.3g over its %d intervals): clusters %d", sp->cluster, sp->parts,
		        sp->lo, sp->hi, sp->n, sp->cluster);
		for (int q = 0; q < sp->parts - 1; q++)
			fprintf(out, ", %d", sp->first_new + q);
		fputc('\n', out);
	}
}

/* The 95% interval, whether it holds the full run's CPI, and the clusters whose points
 * disagree. */
static void simpoint_report_ci(FILE *out, const struct campaign_result *r)
{
	const struct campaign *c = r->c;
	const struct campaign_estimate *est = &r->est;
	double up = est->cpi > 0 ? 100 * (est->ci_hi - est->cpi) / est->cpi : 0;
	double down = est->cpi > 0 ? 100 * (est->cpi - est->ci_lo) / est->cpi : 0;
	if (est->ci_ok && down - up < 0.005)
		fprintf(out, "  95%% confidence interval [%.4f, %.4f] (+-%.2f%%, %.1f degrees of freedom)",
		        est->ci_lo, est->ci_hi, up, est->ci_df);
	else if (est->ci_ok)  /* widened below by the points' warming bias */
		fprintf(out, "  95%% confidence interval [%.4f, %.4f] (-%.2f%% +%.2f%%, %.1f degrees of "
		        "freedom)", est->ci_lo, est->ci_hi, down, up, est->ci_df);
	else
		fprintf(out, "  no confidence interval: a cluster of several intervals has one point "
		        "(--points-per-cluster 2 or more gives one)");
	if (r->t && est->ci_ok)
		fprintf(out, ": %s the full run's CPI", r->cpi_full >= est->ci_lo &&
		        r->cpi_full <= est->ci_hi ? "holds" : "MISSES");
	fputc('\n', out);
	if (est->warm_short > CAMPAIGN_POINT_ERROR * est->cpi && c->warm_max)
		fprintf(out, "  warning: the points' warming (chosen per point, at most %" PRIu64
		        " instructions) begins after the last use of lines the program finds in its "
		        "LLC: up to %.2f%% of the CPI in misses the program does not take (the sampled "
		        "signature's estimate, in the interval's low side); a larger --warmup "
		        "auto:MIN:MAX lowers it\n", c->warm_max, 100 * est->warm_short / est->cpi);
	else if (est->warm_short > CAMPAIGN_POINT_ERROR * est->cpi)
		fprintf(out, "  warning: the points' %" PRIu64 " instructions of warming begin after the "
		        "last use of lines the program finds in its LLC: up to %.2f%% of the CPI in "
		        "misses the program does not take (the sampled signature's estimate, in the "
		        "interval's low side); a longer --warmup lowers it\n",
		        c->warmup, 100 * est->warm_short / est->cpi);
	for (int j = 0; j < c->k; j++) {
		double lo = 0, hi = 0;
		if (campaign_cluster_disagrees(c, j, &lo, &hi))
			fprintf(out, "  warning: cluster %d's points disagree (CPI %.3f to %.3f): its "
			        "intervals differ more than their code and memory signature show; the "
			        "interval is wide\n", j, lo, hi);
	}
}

void simpoint_report_campaign(FILE *out, const struct campaign_result *r)
{
	const struct campaign *c = r->c;
	const struct campaign_truth *t = r->t;
	const struct campaign_estimate *est = &r->est;
	char name[64];
	fprintf(out, "robin simpoint: %s: %" PRIu64 " instructions, %zu intervals of %" PRIu64
	        ", k = %d, %d points\n", c->prog, c->total_insns, c->n_intervals, c->interval, c->k,
	        c->n_points);
	simpoint_report_splits(out, c);
	simpoint_report_points(out, c, t);
	fprintf(out, "  CPI predicted %.4f", est->cpi);
	if (t)
		fprintf(out, ", full detailed run %.4f: error %.2f%%", r->cpi_full, 100 * r->cpi_error);
	fputc('\n', out);
	if (t)
		fprintf(out, "  error split: the points against their own intervals in the full run "
		        "%+.2f%%, those intervals against the program %+.2f%%\n", 100 * r->err_points,
		        100 * r->err_sampling);
	simpoint_report_ci(out, r);
	fprintf(out, "  detailed %" PRIu64 " instructions (%.2f%% of the program), warmed %"
	        PRIu64 "%s", est->detailed_insns,
	        c->total_insns ? 100.0 * (double)est->detailed_insns / (double)c->total_insns : 0,
	        est->warm_insns, c->warm_max ? " (each point's warming chosen from its interval's "
	        "reuse ages)" : "");
	if (c->chains)
		fprintf(out, " in %d chain%s of points", c->n_chains, c->n_chains == 1 ? "" : "s");
	if (est->warm_pred_insns < est->warm_insns)
		fprintf(out, ", the branch predictor trained over %" PRIu64 " of them (the last %"
		        PRIu64 " of each point's)", est->warm_pred_insns, c->warm_pred);
	fputc('\n', out);
	int full = t && t->has_stack && t->insns;
	fprintf(out, "  weighted cycle stack (cycles per instruction)%s:\n",
	        full ? "; the full detailed run's" : "");
	for (unsigned s = 0; s < CORE_STACK_N; s++) {
		double f = full ? (double)t->stack[s] / (double)t->insns : 0;
		if (est->stack_cpi[s] <= 0.0005 * est->cpi && f <= 0.0005 * r->cpi_full)
			continue;
		fprintf(out, "    %-22s %7.4f  %5.1f%%", core_stack_name(s, name, sizeof(name)),
		        est->stack_cpi[s], 100 * est->stack_cpi[s] / est->cpi);
		if (full)
			fprintf(out, "   %7.4f  %5.1f%%", f, 100 * f / r->cpi_full);
		fputc('\n', out);
	}
	int timed = r->prep_s > 0 || r->points_s > 0;
	if (timed)
		fprintf(out, "  host time: preparation %.2f s, points %.2f s", r->prep_s, r->points_s);
	if (r->points_warm_s > 0)  /* from the points' files: a merge has them too */
		fprintf(out, "%s (summed over the points' processes: the chains' warming up to each "
		        "point %.2f s, the points' own runs %.2f s)", timed ? "" : "  host time: points",
		        r->points_warm_s, r->points_own_s);
	if (t && timed)
		fprintf(out, ", full detailed run %.2f s (%.1fx)", t->host_seconds,
		        t->host_seconds / (r->prep_s + r->points_s));
	if (timed || r->points_warm_s > 0)
		fputc('\n', out);
	simpoint_report_prof(out, &r->pe);
}
