/*
 * accuracy_report.c — the tables of `robin accuracy` as text, JSON and CSV (see
 * accuracy_report.h).
 */
#include "report/accuracy_report.h"

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "analysis/acc_tea.h"
#include "pmu/sampler.h"
#include "profile/profile_db.h"
#include "report/dcpi_report.h"
#include "util/json.h"

static const enum pmu_eval_gran accuracy_report_fig_gran[3] = { PMU_EVAL_FUNC, PMU_EVAL_BLOCK,
                                                                PMU_EVAL_INSN };
static const char *const accuracy_report_fig_name[3] = { "Figure A.8", "Figure A.9",
                                                         "Figure A.10" };
static const char *const accuracy_report_gran_title[3] = { "Function-level",
                                                           "Basic-block-level",
                                                           "Instruction-level" };

/* v as a percentage, "-" for NaN (no value). */
static void accuracy_report_pct(char *buf, size_t n, double v)
{
	if (isnan(v))
		snprintf(buf, n, "-");
	else
		snprintf(buf, n, "%.1f%%", 100 * v);
}

static const char *accuracy_report_class(int cls)
{
	return pmu_eval_class_name((enum pmu_eval_class)cls);
}

static const char *accuracy_report_model(int mi)
{
	return pmu_model_at((size_t)mi)->name;
}

/* ---- Paper A as text ------------------------------------------------------------------------ */

static void accuracy_report_header(FILE *out, const struct acc_paper_a_table *t)
{
	const struct acc_paper_a_opts *o = &t->opts;
	double clock_hz = o->core.freq_mhz * 1e6;
	uint64_t paper = sampler_period_from_hz(ACC_PAPER_A_PAPER_HZ, clock_hz);
	fprintf(out, "robin accuracy: %zu workloads (%s builds%s%s) on %s, %.0f MHz; every profiler "
	        "samples the same cycles.\n", t->n, o->dyn ? "dynamic" : "static",
	        o->size ? ", size " : "", o->size ? o->size : "",
	        o->preset ? o->preset : "boom-large", o->core.freq_mhz);
	fprintf(out, "Sampling: every %" PRIu64 " cycles (%s; %.4g Hz at this clock). The paper's 4 "
	        "kHz at 3.2 GHz is one sample per %" PRIu64 " cycles, which would give these short "
	        "runs only a few dozen samples; this period gives %" PRIu64 "..%" PRIu64 " samples "
	        "per workload (median %.0f).\n", o->cfg[0].period,
	        o->cfg[0].random ? "random within each period" : "periodic",
	        clock_hz / (double)o->cfg[0].period, paper, t->tip_min, t->tip_max, t->tip_median);
	fprintf(out, "Error: e = (c_total - c_correct) / c_total against the Oracle (seed 004 Paper "
	        "A §4); classes from the Oracle's cycle stack (compute: > 50%% committing; flush: > "
	        "3%% flushed; else stall).\n");
}

/* The averages row of class cls (-1 all) at cfg 0 and granularity g. */
static void accuracy_report_avg_row(FILE *out, const struct acc_paper_a_table *t, int cls, int g)
{
	char buf[32];
	for (int k = 0; k < t->nprof; k++) {
		accuracy_report_pct(buf, sizeof(buf), t->avg[cls + 1][0][t->prof[k]][g].err);
		fprintf(out, " %8s", buf);
	}
	fprintf(out, "\n");
}

/* Figure A.8, A.9 or A.10 (fig 0..2). */
static void accuracy_report_table(FILE *out, const struct acc_paper_a_table *t, int fig)
{
	int g = accuracy_report_fig_gran[fig], tip = pmu_model_index("tip");
	char buf[32];
	fprintf(out, "\n%s profile error (%s)\n", accuracy_report_gran_title[fig],
	        accuracy_report_fig_name[fig]);
	fprintf(out, "%-12s %-8s %8s", "workload", "class", "samples");
	for (int k = 0; k < t->nprof; k++)
		fprintf(out, " %8s", accuracy_report_model(t->prof[k]));
	fprintf(out, "\n");
	for (int cls = 0; cls < PMU_EVAL_CLASS_N; cls++) {
		size_t cnt = 0;
		for (size_t i = 0; i < t->n; i++) {
			const struct acc_paper_a_result *r = &t->res[i];
			if (!r->status.ok || r->cls != cls)
				continue;
			cnt++;
			fprintf(out, "%-12.12s %-8s %8" PRIu64, t->w[i].name, accuracy_report_class(cls),
			        r->samples[0][tip]);
			for (int k = 0; k < t->nprof; k++) {
				int mi = t->prof[k];
				accuracy_report_pct(buf, sizeof(buf), r->valid[0][mi] ? r->err[0][mi][g] : NAN);
				fprintf(out, " %8s", buf);
			}
			fprintf(out, "\n");
		}
		if (!cnt)
			continue;
		fprintf(out, "%-12s %-8s %8s", "  average", accuracy_report_class(cls), "");
		accuracy_report_avg_row(out, t, cls, g);
	}
	fprintf(out, "%-12s %-8s %8s", "average", "all", "");
	accuracy_report_avg_row(out, t, -1, g);
}

/* Figure A.11c: the distribution of instruction-level errors per profiler. */
static void accuracy_report_dist(FILE *out, const struct acc_paper_a_table *t)
{
	fprintf(out, "\nInstruction-level error distribution over the workloads (Figure A.11c)\n");
	fprintf(out, "%-9s %8s %8s %8s %8s %s\n", "profiler", "min", "median", "mean", "max",
	        "(worst)");
	for (int k = 0; k < t->nprof; k++) {
		const struct acc_paper_a_dist *d = &t->dist[k];
		if (!d->workloads)
			continue;
		char a[4][32];
		accuracy_report_pct(a[0], 32, d->min);
		accuracy_report_pct(a[1], 32, d->median);
		accuracy_report_pct(a[2], 32, d->mean);
		accuracy_report_pct(a[3], 32, d->max);
		fprintf(out, "%-9s %8s %8s %8s %8s %s\n", accuracy_report_model(t->prof[k]), a[0], a[1],
		        a[2], a[3], t->w[d->worst].name);
	}
}

/* Figure A.11a: instruction-level error against the sampling frequency. */
static void accuracy_report_sweep(FILE *out, const struct acc_paper_a_table *t)
{
	const struct acc_paper_a_opts *o = &t->opts;
	char buf[32];
	fprintf(out, "\nInstruction-level error against sampling frequency, average over the "
	        "workloads (Figure A.11a)\n");
	fprintf(out, "%10s %10s %9s", "paper Hz", "period", "samples");
	for (size_t m = 0; m < ACC_PAPER_A_NSENS; m++)
		fprintf(out, " %8s", accuracy_report_model(t->sens[m]));
	fprintf(out, "\n");
	for (int k = 1; k < o->ncfg; k++) {
		if (!o->cfg[k].equiv_hz)
			continue;
		fprintf(out, "%10.0f %10" PRIu64 " %9.0f", o->cfg[k].equiv_hz, o->cfg[k].period,
		        t->tip_mean[k]);
		for (size_t m = 0; m < ACC_PAPER_A_NSENS; m++) {
			accuracy_report_pct(buf, sizeof(buf), t->avg[0][k][t->sens[m]][PMU_EVAL_INSN].err);
			fprintf(out, " %8s", buf);
		}
		fprintf(out, "\n");
	}
	fprintf(out, "(the default period, %" PRIu64 " cycles, stands for the paper's 4 kHz; "
	        "samples: mean per workload)\n", o->cfg[0].period);
}

/* Figure A.11b: periodic against random sampling at the same period. */
static void accuracy_report_random(FILE *out, const struct acc_paper_a_table *t)
{
	int kr = t->random_cfg;
	if (kr < 0)
		return;
	char buf[32];
	fprintf(out, "\nInstruction-level error, periodic against random sampling every %" PRIu64
	        " cycles (Figure A.11b)\n%-12s %-8s", t->opts.cfg[kr].period, "workload", "class");
	for (size_t m = 0; m < ACC_PAPER_A_NSENS; m++)
		fprintf(out, " %9s %9s", accuracy_report_model(t->sens[m]), "random");
	fprintf(out, "\n");
	for (size_t i = 0; i <= t->n; i++) {
		const struct acc_paper_a_result *r = i < t->n ? &t->res[i] : NULL;
		if (r && !r->status.ok)
			continue;
		if (r)
			fprintf(out, "%-12.12s %-8s", t->w[i].name, accuracy_report_class(r->cls));
		else
			fprintf(out, "%-12s %-8s", "average", "all");
		for (size_t m = 0; m < ACC_PAPER_A_NSENS; m++) {
			int mi = t->sens[m];
			for (int k = 0; k < 2; k++) {
				int cfg = k ? kr : 0;
				double v = r ? (r->valid[cfg][mi] ? r->err[cfg][mi][PMU_EVAL_INSN] : NAN)
				             : t->avg[0][cfg][mi][PMU_EVAL_INSN].err;
				accuracy_report_pct(buf, sizeof(buf), v);
				fprintf(out, " %9s", buf);
			}
		}
		fprintf(out, "\n");
	}
}

void accuracy_report_text(FILE *out, const struct acc_paper_a_table *t)
{
	accuracy_report_header(out, t);
	for (int fig = 0; fig < 3; fig++)
		accuracy_report_table(out, t, fig);
	accuracy_report_dist(out, t);
	if (t->opts.sweep)
		accuracy_report_sweep(out, t);
	if (t->opts.compare_random)
		accuracy_report_random(out, t);
}

/* ---- Paper A as JSON and CSV, Paper B ------------------------------------------------------- */

/* Paper B's figures as text, or into j when not NULL. */
static void accuracy_report_tea(FILE *out, const struct acc_paper_a_table *t, struct json *j)
{
	struct acc_tea_suite s;
	if (acc_tea_suite(t, &s))
		fprintf(stderr, "robin accuracy: out of memory\n");
	else if (j)
		tea_eval_json(j, &s.s);
	else
		tea_eval_print(out, &s.s);
	acc_tea_suite_free(&s);
}

void accuracy_report_tea_text(FILE *out, const struct acc_paper_a_table *t)
{
	const struct acc_paper_a_opts *o = &t->opts;
	fprintf(out, "robin accuracy --tea: %zu workloads on %s, %.0f MHz; every profiler samples "
	        "the same cycles, every %" PRIu64 " cycles.\n", t->n,
	        o->preset ? o->preset : "boom-large", o->core.freq_mhz, o->cfg[0].period);
	accuracy_report_tea(out, t, NULL);
}

/* A profiler's errors at every granularity (null without) and samples under cfg k. */
static void accuracy_report_json_errors(struct json *j, const struct acc_paper_a_result *r, int k,
					int mi)
{
	json_object_begin(j);
	for (int g = 0; g < PMU_EVAL_GRAN_N; g++) {
		json_key(j, pmu_eval_gran_name((enum pmu_eval_gran)g));
		if (r->valid[k][mi])
			json_double(j, r->err[k][mi][g]);
		else
			json_null(j);
	}
	json_kv_uint(j, "samples", r->samples[k][mi]);
	json_object_end(j);
}

/* The member "sensitivity": every cfg beside the main one. */
static void accuracy_report_json_sens(struct json *j, const struct acc_paper_a_table *t,
				      const struct acc_paper_a_result *r)
{
	const struct acc_paper_a_opts *o = &t->opts;
	json_key(j, "sensitivity");
	json_array_begin(j);
	for (int k = 1; k < o->ncfg; k++) {
		json_object_begin(j);
		json_kv_uint(j, "period_cycles", o->cfg[k].period);
		json_kv_string(j, "sampling", o->cfg[k].random ? "random" : "periodic");
		if (o->cfg[k].equiv_hz)
			json_kv_double(j, "paper_hz", o->cfg[k].equiv_hz);
		json_key(j, "profile_error");
		json_object_begin(j);
		for (size_t m = 0; m < pmu_model_count(); m++)
			if (o->cfg[k].models & (1u << m)) {
				json_key(j, pmu_model_at(m)->name);
				accuracy_report_json_errors(j, r, k, (int)m);
			}
		json_object_end(j);
		json_object_end(j);
	}
	json_array_end(j);
}

/* Workload i's object. */
static void accuracy_report_json_workload(struct json *j, const struct acc_paper_a_table *t,
					  size_t i)
{
	const struct acc_paper_a_result *r = &t->res[i];
	json_object_begin(j);
	json_kv_string(j, "name", t->w[i].name);
	json_kv_string(j, "path", t->w[i].path);
	json_kv_string(j, "suite_class", t->w[i].suite_class);
	if (!r->status.ok) {
		json_kv_string(j, "error", r->status.msg);
		json_object_end(j);
		return;
	}
	json_kv_string(j, "class", accuracy_report_class(r->cls));
	json_kv_int(j, "exit_status", r->guest_status);
	json_kv_uint(j, "cycles", r->cycles);
	json_kv_uint(j, "instructions", r->instructions);
	json_kv_double(j, "host_seconds", r->host_seconds);
	json_key(j, "cycle_stack");
	json_object_begin(j);
	for (int c = 0; c < PMU_CAT_N; c++)
		json_kv_double(j, pmu_cat_name((enum pmu_cat)c), r->stack[c]);
	json_object_end(j);
	json_key(j, "profile_error");
	json_object_begin(j);
	for (int k = 0; k < t->nprof; k++) {
		json_key(j, accuracy_report_model(t->prof[k]));
		accuracy_report_json_errors(j, r, 0, t->prof[k]);
	}
	json_object_end(j);
	if (t->opts.ncfg > 1)
		accuracy_report_json_sens(j, t, r);
	json_object_end(j);
}

void accuracy_report_json(FILE *out, const struct acc_paper_a_table *t)
{
	const struct acc_paper_a_opts *o = &t->opts;
	struct json j;
	json_init(&j, out, 1);
	json_object_begin(&j);
	json_kv_uint(&j, "period_cycles", o->cfg[0].period);
	json_kv_string(&j, "sampling", o->cfg[0].random ? "random" : "periodic");
	json_kv_double(&j, "clock_mhz", o->core.freq_mhz);
	json_kv_string(&j, "preset", o->preset ? o->preset : "boom-large");
	json_key(&j, "workloads");
	json_array_begin(&j);
	for (size_t i = 0; i < t->n; i++)
		accuracy_report_json_workload(&j, t, i);
	json_array_end(&j);
	json_key(&j, "averages");
	json_object_begin(&j);
	for (int cls = -1; cls < PMU_EVAL_CLASS_N; cls++) {
		size_t cnt = t->avg[cls + 1][0][t->prof[0]][0].workloads;
		if (!cnt)
			continue;
		json_key(&j, cls < 0 ? "all" : accuracy_report_class(cls));
		json_object_begin(&j);
		json_kv_uint(&j, "workloads", cnt);
		for (int k = 0; k < t->nprof; k++) {
			json_key(&j, accuracy_report_model(t->prof[k]));
			json_object_begin(&j);
			for (int g = 0; g < PMU_EVAL_GRAN_N; g++)
				json_kv_double(&j, pmu_eval_gran_name((enum pmu_eval_gran)g),
				               t->avg[cls + 1][0][t->prof[k]][g].err);
			json_object_end(&j);
		}
		json_object_end(&j);
	}
	json_object_end(&j);
	if (o->tea)
		accuracy_report_tea(out, t, &j);
	json_object_end(&j);
	json_end(&j);
}

void accuracy_report_csv(FILE *out, const struct acc_paper_a_table *t)
{
	const struct acc_paper_a_opts *o = &t->opts;
	fprintf(out, "workload,class,period_cycles,sampling,paper_hz,profiler,samples,instruction,"
	        "basic_block,function\n");
	for (size_t i = 0; i < t->n; i++) {
		const struct acc_paper_a_result *r = &t->res[i];
		if (!r->status.ok)
			continue;
		for (int k = 0; k < o->ncfg; k++)
			for (size_t m = 0; m < pmu_model_count(); m++) {
				if (!(o->cfg[k].models & (1u << m)) || pmu_model_at(m)->every_cycle ||
				    !r->valid[k][m])
					continue;
				fprintf(out, "%s,%s,%" PRIu64 ",%s,%.0f,%s,%" PRIu64 ",%.6f,%.6f,%.6f\n",
				        t->w[i].name, accuracy_report_class(r->cls), o->cfg[k].period,
				        o->cfg[k].random ? "random" : "periodic",
				        k ? o->cfg[k].equiv_hz
				          : (o->cfg[0].period == ACC_PAPER_A_PERIOD_DEFAULT
				                     ? ACC_PAPER_A_PAPER_HZ : 0),
				        pmu_model_at(m)->name, r->samples[k][m], r->err[k][m][PMU_EVAL_INSN],
				        r->err[k][m][PMU_EVAL_BLOCK], r->err[k][m][PMU_EVAL_FUNC]);
			}
	}
}

/* ---- ProfileMe ------------------------------------------------------------------------------ */

/* A success rate as a percentage, "-" when nothing was tried. */
static void accuracy_report_rate(char *buf, size_t n, double r)
{
	if (r < 0 || !isfinite(r))
		snprintf(buf, n, "-");
	else
		snprintf(buf, n, "%.1f%%", 100 * r);
}

/* A Pearson r, null when undefined. */
static void accuracy_report_json_r(struct json *j, const char *key, double r)
{
	json_key(j, key);
	if (isfinite(r))
		json_double(j, r);
	else
		json_null(j);
}

static void accuracy_report_pm_json_row(struct json *j, const struct acc_profileme_row *r)
{
	json_object_begin(j);
	json_kv_string(j, "name", r->name);
	json_kv_string(j, "class", r->cls);
	json_kv_int(j, "ok", r->ok);
	json_kv_uint(j, "fetched", r->fetched);
	json_kv_uint(j, "samples", r->samples);
	json_kv_uint(j, "wrong_path", r->wrong_path);
	json_key(j, "envelope_fraction");
	json_object_begin(j);
	for (int k = 0; k < PM_PROP_N; k++)
		json_kv_double(j, pm_prop_name(k), r->env[k].fraction);
	json_object_end(j);
	json_key(j, "envelope_points");
	json_object_begin(j);
	for (int k = 0; k < PM_PROP_N; k++)
		json_kv_uint(j, pm_prop_name(k), r->env[k].points);
	json_object_end(j);
	accuracy_report_json_r(j, "wasted_slots_pearson", r->we.pearson);
	json_kv_uint(j, "wasted_slots_points", r->we.points);
	json_kv_double(j, "ipc_weighted_std_rel", r->ipc_wstd_rel);
	json_object_end(j);
}

/* The pooled envelope fraction of property k. */
static double accuracy_report_pm_env(const struct acc_profileme_table *t, int k)
{
	return t->env_pts[k] ? (double)t->env_in[k] / (double)t->env_pts[k] : 0;
}

void accuracy_report_pm_json(FILE *out, const struct acc_profileme_table *t)
{
	struct json j;
	json_init(&j, out, 1);
	json_object_begin(&j);
	json_kv_uint(&j, "interval", t->interval);
	json_kv_uint(&j, "window", t->window);
	json_key(&j, "workloads");
	json_array_begin(&j);
	for (size_t i = 0; i < t->n; i++)
		accuracy_report_pm_json_row(&j, &t->rows[i]);
	json_array_end(&j);
	json_key(&j, "suite");
	json_object_begin(&j);
	json_key(&j, "envelope_fraction");
	json_object_begin(&j);
	for (int k = 0; k < PM_PROP_N; k++)
		json_kv_double(&j, pm_prop_name(k), accuracy_report_pm_env(t, k));
	json_object_end(&j);
	accuracy_report_json_r(&j, "wasted_slots_pearson", t->pooled_r);
	json_kv_uint(&j, "wasted_slots_points", t->nw);
	for (int md = 0; md < PM_PATH_MODES; md++) {
		json_key(&j, md == PM_PATH_INTRA ? "path_success" : "path_success_inter");
		json_object_begin(&j);
		for (int s = 0; s < PM_PATH_SCHEMES; s++) {
			json_key(&j, pm_path_scheme_name((enum pm_path_scheme)s));
			json_object_begin(&j);
			for (unsigned h = 1; h <= PM_PATHS_MAX_HIST; h++) {
				char key[8];
				snprintf(key, sizeof(key), "%u", h);
				json_key(&j, key);
				if (t->path[s][md][h - 1] < 0)
					json_null(&j);
				else
					json_double(&j, t->path[s][md][h - 1]);
			}
			json_object_end(&j);
		}
		json_object_end(&j);
	}
	json_object_end(&j);
	json_object_end(&j);
	json_end(&j);
}

static void accuracy_report_pm_row(FILE *out, const struct acc_profileme_row *r)
{
	if (!r->ok) {
		fprintf(out, "%-11s %-8s  (failed)\n", r->name, r->cls);
		return;
	}
	char e0[32], e1[32], wr[32], h8[16], p8[16];
	snprintf(e0, sizeof(e0), "%.2f (%zu)", r->env[0].fraction, r->env[0].points);
	snprintf(e1, sizeof(e1), "%.2f (%zu)", r->env[1].fraction, r->env[1].points);
	snprintf(wr, sizeof(wr), "%.3f (%zu)", r->we.pearson, r->we.points);
	accuracy_report_rate(h8, sizeof(h8), pm_paths_rate(&r->paths, PM_PATH_HISTORY,
	                                                   PM_PATH_INTRA, 8));
	accuracy_report_rate(p8, sizeof(p8), pm_paths_rate(&r->paths, PM_PATH_PAIRED,
	                                                   PM_PATH_INTRA, 8));
	fprintf(out, "%-11s %-8s %8.2fM %8" PRIu64 " %5.1f%% %13s %13s %14s %8s %8s %6.0f%%\n",
	        r->name, r->cls, (double)r->fetched / 1e6, r->samples,
	        r->samples ? 100.0 * (double)r->wrong_path / (double)r->samples : 0.0, e0, e1, wr,
	        h8, p8, 100 * r->ipc_wstd_rel);
}

void accuracy_report_pm_text(FILE *out, const struct acc_profileme_table *t, const char *size)
{
	fprintf(out, "ProfileMe against the exact truth: %zu workloads (static, size %s), one record "
	        "every %" PRIu64 " fetched instructions, pairs 1..%u apart\n\n", t->n, size,
	        t->interval, t->window);
	fprintf(out, "%-11s %-8s %9s %8s %6s %13s %13s %14s %8s %8s %7s\n", "workload", "class",
	        "fetched", "samples", "wrong", "env. retire", "env. dmiss", "wasted r", "hist@8",
	        "pair@8", "IPC sd");
	for (size_t i = 0; i < t->n; i++)
		accuracy_report_pm_row(out, &t->rows[i]);
	fprintf(out, "\nsuite: retire-count envelope %.3f over %zu PCs, D-cache-miss envelope %.3f "
	        "over %zu PCs (two thirds expected); wasted-slot estimates vs exact r = %.3f over "
	        "%zu PCs\n", accuracy_report_pm_env(t, 0), t->env_pts[0],
	        accuracy_report_pm_env(t, 1), t->env_pts[1], t->pooled_r, t->nw);
	fprintf(out, "path reconstruction success, mean over the workloads (history length "
	        "1..12):\n");
	for (int md = 0; md < PM_PATH_MODES; md++)
		for (int s = 0; s < PM_PATH_SCHEMES; s++) {
			fprintf(out, "  %-5s %-8s", pm_path_mode_name((enum pm_path_mode)md),
			        pm_path_scheme_name((enum pm_path_scheme)s));
			for (unsigned h = 1; h <= PM_PATHS_MAX_HIST; h++) {
				char b[16];
				accuracy_report_rate(b, sizeof(b), t->path[s][md][h - 1]);
				fprintf(out, " %6s", b);
			}
			fprintf(out, "\n");
		}
}

/* ---- DCPI ----------------------------------------------------------------------------------- */

int accuracy_report_dcpi(const char *db_path, int json)
{
	struct profile_db *pdb = NULL;
	char err[PROFILE_DB_ERR_MAX];
	if (profile_db_open(db_path, PROFILE_DB_READONLY, &pdb, err)) {
		fprintf(stderr, "robin accuracy: %s\n", err);
		return -1;
	}
	struct profile_db_filter all = { 0 };
	int rc = dcpi_report_evaluate(pdb, &all, NULL, NULL, DCPI_RUN_EVENTS_SAMPLED, json, "accuracy") ? -1 : 0;
	profile_db_close(pdb);
	return rc;
}
