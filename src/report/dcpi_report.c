/*
 * dcpi_report.c — DCPI's evaluation as text and JSON (see dcpi_report.h).
 */
#include "report/dcpi_report.h"

#include <stdlib.h>
#include <string.h>

void dcpi_report_run_json(struct json *j, const struct dcpi_run *r)
{
	json_kv_int(j, "run", r->run_id);
	json_kv_string(j, "image", r->image_path);
	json_kv_double(j, "period_cycles", r->period);
	json_kv_double(j, "image_samples", r->samples);
}

double dcpi_report_pct(double v, double total)
{
	return total > 0 ? 100.0 * v / total : 0;
}

void dcpi_report_eval_text(FILE *out, const char *what, double period, size_t nprocs,
			   const struct dcpi_eval *e)
{
	const double *h = e->hist, *eh = e->edge_hist;
	fprintf(out, "DCPI estimates against the exact counts: %s, period %.0f cycles\n", what,
	        period);
	fprintf(out, "%.0f samples on %zu analysed procedures\n\n", e->samples, nprocs);
	fprintf(out, "Figure 8: instruction frequency errors, %% of samples    "
	        "Figure 9: edges, %% of executions\n");
	for (size_t k = 0; k < DCPI_EVAL_NBUCKET; k++)
		fprintf(out, "  %-7s %6.2f%%     %6.2f%%\n", dcpi_eval_bucket_name(k),
		        dcpi_report_pct(h[k], e->samples), dcpi_report_pct(eh[k], e->edge_execs));
	fprintf(out, "  %-7s %6.2f%%     %6.2f%%\n", "none", dcpi_report_pct(e->unestimated, e->samples),
	        dcpi_report_pct(e->edge_unestimated, e->edge_execs));
	fprintf(out, "\nwithin 5%%: %.1f%% of samples, 10%%: %.1f%%, 15%%: %.1f%%   "
	        "(DCPI: 73, 87, 92)\n", dcpi_report_pct(e->within[0], e->samples),
	        dcpi_report_pct(e->within[1], e->samples), dcpi_report_pct(e->within[2], e->samples));
	fprintf(out, "edges within 5%%: %.1f%% of %.0f executions, 10%%: %.1f%%, 15%%: %.1f%%   "
	        "(DCPI: 58%% within 10%%)\n", dcpi_report_pct(e->edge_within[0], e->edge_execs),
	        e->edge_execs, dcpi_report_pct(e->edge_within[1], e->edge_execs),
	        dcpi_report_pct(e->edge_within[2], e->edge_execs));
	fprintf(out, "\nconfidence  samples   within 5%%  within 15%%\n");
	for (int c = DCPI_CONF_HIGH; c >= DCPI_CONF_LOW; c--)
		fprintf(out, "  %-8s %9.0f   %7.1f%%   %7.1f%%\n", dcpi_conf_name(c),
		        e->conf_samples[c], dcpi_report_pct(e->conf_within5[c], e->conf_samples[c]),
		        dcpi_report_pct(e->conf_within15[c], e->conf_samples[c]));
	fprintf(out, "off by more than 15%%: %.0f samples, %.1f%% of them marked low\n", e->off15,
	        dcpi_report_pct(e->off15_low, e->off15));
	double tt = 0, tn = 0;
	fprintf(out, "\nculprits: true dynamic stall samples by cause, the share calc named, and of the "
	        "stall samples\nwhere calc named the cause, the share truly of it\n");
	for (int c = 1; c < PMU_CAT_N; c++) {
		if (!(e->stall_true[c] > 0) && !(e->stall_blamed[c] > 0))
			continue;
		fprintf(out, "  %-18s %9.0f  %5.1f%%   named on %9.0f  %5.1f%% right\n",
		        pmu_cat_name((enum pmu_cat)c), e->stall_true[c],
		        dcpi_report_pct(e->stall_named[c], e->stall_true[c]), e->stall_blamed[c],
		        dcpi_report_pct(e->stall_blamed_right[c], e->stall_blamed[c]));
		tt += e->stall_true[c];
		tn += e->stall_named[c];
	}
	fprintf(out, "  %-18s %9.0f  %5.1f%%\n", "all", tt, dcpi_report_pct(tn, tt));
	if (e->nprocs)
		fprintf(out, "\nFigure 10: I-cache stall cycles named by calc vs exact I-cache misses "
		        "(dcpix-imiss), %zu procedures: correlation %.2f (bottom), %.2f (top), %.2f "
		        "(midpoint)\n", e->nprocs, e->corr_lo, e->corr_hi, e->corr_mid);
	else
		fprintf(out, "\nFigure 10: no dcpix-imiss counts in these runs\n");
}

void dcpi_report_eval_json(struct json *j, const struct dcpi_eval *e)
{
	json_kv_double(j, "samples", e->samples);
	json_kv_double(j, "within_5pct", e->samples > 0 ? e->within[0] / e->samples : 0);
	json_kv_double(j, "within_10pct", e->samples > 0 ? e->within[1] / e->samples : 0);
	json_kv_double(j, "within_15pct", e->samples > 0 ? e->within[2] / e->samples : 0);
	json_kv_double(j, "unestimated", e->samples > 0 ? e->unestimated / e->samples : 0);
	json_key(j, "histogram");
	json_object_begin(j);
	for (size_t k = 0; k < DCPI_EVAL_NBUCKET; k++)
		json_kv_double(j, dcpi_eval_bucket_name(k), e->samples > 0 ? e->hist[k] / e->samples : 0);
	json_object_end(j);
	json_key(j, "edges");
	json_object_begin(j);
	json_kv_double(j, "executions", e->edge_execs);
	json_kv_double(j, "within_5pct", e->edge_execs > 0 ? e->edge_within[0] / e->edge_execs : 0);
	json_kv_double(j, "within_10pct", e->edge_execs > 0 ? e->edge_within[1] / e->edge_execs : 0);
	json_kv_double(j, "within_15pct", e->edge_execs > 0 ? e->edge_within[2] / e->edge_execs : 0);
	json_object_end(j);
	json_key(j, "confidence");
	json_object_begin(j);
	for (int c = DCPI_CONF_LOW; c <= DCPI_CONF_HIGH; c++) {
		json_key(j, dcpi_conf_name(c));
		json_object_begin(j);
		json_kv_double(j, "samples", e->conf_samples[c]);
		json_kv_double(j, "within_5pct", e->conf_samples[c] > 0 ? e->conf_within5[c] /
		               e->conf_samples[c] : 0);
		json_kv_double(j, "within_15pct", e->conf_samples[c] > 0 ? e->conf_within15[c] /
		               e->conf_samples[c] : 0);
		json_object_end(j);
	}
	json_object_end(j);
	json_kv_double(j, "off15_marked_low", e->off15 > 0 ? e->off15_low / e->off15 : 0);
	json_key(j, "culprits");
	json_object_begin(j);
	for (int c = 1; c < PMU_CAT_N; c++) {
		json_key(j, pmu_cat_name((enum pmu_cat)c));
		json_object_begin(j);
		json_kv_double(j, "true_stall_samples", e->stall_true[c]);
		json_kv_double(j, "named", e->stall_true[c] > 0 ? e->stall_named[c] / e->stall_true[c]
		               : 0);
		json_kv_double(j, "blamed_samples", e->stall_blamed[c]);
		json_kv_double(j, "precision", e->stall_blamed[c] > 0
		               ? e->stall_blamed_right[c] / e->stall_blamed[c] : 0);
		json_object_end(j);
	}
	json_object_end(j);
	json_key(j, "figure10");
	json_object_begin(j);
	json_kv_uint(j, "procedures", e->nprocs);
	json_kv_double(j, "corr_bottom", e->corr_lo);
	json_kv_double(j, "corr_top", e->corr_hi);
	json_kv_double(j, "corr_mid", e->corr_mid);
	json_object_end(j);
}

int dcpi_report_evaluate(struct profile_db *db, const struct profile_db_filter *flt,
			 const struct dcpi_run_set *set, const char *func, enum dcpi_run_events events, int json, const char *cmd)
{
	struct dcpi_run_ref *ids = NULL;
	size_t nids = 0, nprocs = 0, nrows = 0;
	struct dcpi_eval *all = calloc(1, sizeof(*all)), *one = calloc(1, sizeof(*one));
	struct dcpi_report_row {
		int64_t run;
		size_t runs;
		char image[64];
		double samples, w[3];
		size_t procs;
	} *rows;
	char err[DCPI_RUN_ERR_MAX];
	int rc = -1;
	double period = 0;
	if (!all || !one || dcpi_run_list(db, flt, &ids, &nids)) {
		fprintf(stderr, "robin %s: cannot list the runs: %s\n", cmd, profile_db_error(db));
		free(all);
		free(one);
		return -1;
	}
	rows = calloc(nids ? nids : 1, sizeof(*rows));
	if (!nids)
		fprintf(stderr, "robin %s: no %s samples in the database\n", cmd,
		        dcpi_run_event(flt));
	for (size_t k = 0; k < nids && rows; k++) {
		struct profile_db_filter f = *flt;
		struct dcpi_run r;
		f.run_id = ids[k].run_id;
		f.image = ids[k].image;
		if (set) {
			/* one row per image: its first (run, image) of the set stands for all */
			size_t q = 0;
			while (q < k && (strcmp(ids[q].image, ids[k].image) ||
			                 !dcpi_run_set_has(set, ids[q].run_id)))
				q++;
			if (q < k || !dcpi_run_set_has(set, ids[k].run_id))
				continue;
			f.run_id = 0;
		}
		if (dcpi_run_load_set(db, &f, set, func, NULL, events, &r, err)) {
			if (set)
				fprintf(stderr, "robin %s: %s: %s\n", cmd, ids[k].image, err);
			else
				fprintf(stderr, "robin %s: run %lld: %s\n", cmd, (long long)ids[k].run_id,
				        err);
			goto out;
		}
		if (!r.has_count) {
			fprintf(stderr, "robin %s: run %lld has no dcpix counts (simulate with "
			        "--profile issue-head,dcpix,dcpix-taken,dcpix-imiss); skipped\n", cmd,
			        (long long)ids[k].run_id);
			dcpi_run_free(&r);
			continue;
		}
		memset(one, 0, sizeof(*one));
		dcpi_eval_add(one, &r);
		dcpi_eval_add(all, &r);
		struct dcpi_report_row *w = &rows[nrows++];
		const char *base = strrchr(r.image_path, '/');
		snprintf(w->image, sizeof(w->image), "%s", base ? base + 1 : r.image_path);
		w->run = r.run_id;
		w->runs = r.runs;
		w->samples = one->samples;
		w->procs = r.n;
		for (int q = 0; q < 3; q++)
			w->w[q] = one->samples > 0 ? one->within[q] / one->samples : 0;
		nprocs += r.n;
		period = r.period;
		dcpi_run_free(&r);
	}
	if (rows && !nrows && set && nids)
		fprintf(stderr, "robin %s: none of the runs given has %s samples\n", cmd,
		        dcpi_run_event(flt));
	if (!rows || !nrows)
		goto out;
	dcpi_eval_finish(all);
	if (json) {
		struct json j;
		json_init(&j, stdout, 1);
		json_object_begin(&j);
		json_key(&j, "runs");
		json_array_begin(&j);
		for (size_t k = 0; k < nrows; k++) {
			json_object_begin(&j);
			json_kv_int(&j, "run", rows[k].run);
			json_kv_uint(&j, "runs_merged", rows[k].runs);
			json_kv_string(&j, "image", rows[k].image);
			json_kv_double(&j, "samples", rows[k].samples);
			json_kv_double(&j, "within_5pct", rows[k].w[0]);
			json_kv_double(&j, "within_10pct", rows[k].w[1]);
			json_kv_double(&j, "within_15pct", rows[k].w[2]);
			json_object_end(&j);
		}
		json_array_end(&j);
		dcpi_report_eval_json(&j, all);
		json_object_end(&j);
		json_end(&j);
	} else {
		if (nrows > 1) {
			printf("%5s  %-22s %9s %6s %9s %9s %9s\n", "run", "image", "samples", "procs",
			       "within5%", "within10%", "within15%");
			for (size_t k = 0; k < nrows; k++)
				printf("%5lld  %-22s %9.0f %6zu %8.1f%% %8.1f%% %8.1f%%\n",
				       (long long)rows[k].run, rows[k].image, rows[k].samples, rows[k].procs,
				       100 * rows[k].w[0], 100 * rows[k].w[1], 100 * rows[k].w[2]);
			printf("\n");
		}
		char what[128];
		if (set && nrows == 1)
			snprintf(what, sizeof(what), "%zu run%s merged (%s)", rows[0].runs,
			         rows[0].runs == 1 ? "" : "s", rows[0].image);
		else
			snprintf(what, sizeof(what), "%zu %s%s%s%s", nrows, set ? "image" : "run",
			         nrows == 1 ? " (" : "s", nrows == 1 ? rows[0].image : "",
			         nrows == 1 ? ")" : "");
		dcpi_report_eval_text(stdout, what, period, nprocs, all);
	}
	rc = 0;
out:
	free(rows);
	dcpi_run_list_free(ids, nids);
	free(all);
	free(one);
	return rc;
}

