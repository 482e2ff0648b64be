/*
 * tea_eval.c — the TEA experiment's measurement and figures (see tea_eval.h).
 */
#include "analysis/tea_eval.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const tea_eval_names[TEA_EVAL_NPROF] = { "ibs", "spe", "ris", "nci-tea",
                                                            "tea" };

const char *tea_eval_prof_name(int i)
{
	return i >= 0 && i < TEA_EVAL_NPROF ? tea_eval_names[i] : NULL;
}

uint32_t tea_eval_models(void)
{
	uint32_t m = 1u << pmu_model_index("golden");
	for (int i = 0; i < TEA_EVAL_NPROF; i++)
		m |= 1u << pmu_model_index(tea_eval_names[i]);
	return m;
}

int tea_eval_measure(const struct pmu *p, struct code_map *m, struct tea_eval_run *out)
{
	memset(out, 0, sizeof(*out));
	const struct pmu_unit *g = pmu_unit_find(p, "golden");
	if (!g)
		return -ENOENT;
	out->golden_cycles = (double)g->prof.total / (double)g->prof.divisor;
	for (int i = 0; i < TEA_EVAL_NPROF; i++) {
		const struct pmu_unit *u = pmu_unit_find(p, tea_eval_names[i]);
		struct profile_error e[PMU_EVAL_GRAN_N];
		int rc = u ? pics_eval_error(m, &u->pics, &g->pics, u->model->psv_events, e) : -ENODATA;
		if (rc && rc != -ENODATA)
			return rc;
		out->samples[i] = u ? u->samples : 0;
		for (int k = 0; k < PMU_EVAL_GRAN_N; k++)
			out->err[i][k] = rc ? NAN : e[k].error;
	}
	size_t n[PSV_BITS];
	int rc = pics_eval_correlation(&g->prof, &g->pics, &g->evcount, out->corr, n);
	if (rc)
		return rc;
	for (int b = 0; b < PSV_BITS; b++)
		out->corr_n[b] = (uint32_t)n[b];
	out->valid = 1;
	return 0;
}

/* ---- statistics over the suite ----------------------------------------------------------- */

static int tea_eval_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* Quantile q of sorted v[0..n) by linear interpolation. */
static double tea_eval_quantile(const double *v, size_t n, double q)
{
	if (!n)
		return NAN;
	double pos = q * (double)(n - 1);
	size_t lo = (size_t)pos;
	double f = pos - (double)lo;
	return lo + 1 < n ? v[lo] * (1 - f) + v[lo + 1] * f : v[lo];
}

static const struct tea_eval_run *tea_eval_at(const struct tea_eval_suite *s, int k, size_t i)
{
	return &s->runs[(size_t)k * s->n + i];
}

/* Mean (and max) of profiler pi's error at granularity g under configuration k. */
static double tea_eval_avg(const struct tea_eval_suite *s, int k, int pi, int g, double *max,
			   double *samples)
{
	double sum = 0, mx = 0, smp = 0;
	size_t c = 0;
	for (size_t i = 0; i < s->n; i++) {
		const struct tea_eval_run *r = tea_eval_at(s, k, i);
		if (!r->valid || isnan(r->err[pi][g]))
			continue;
		sum += r->err[pi][g];
		mx = fmax(mx, r->err[pi][g]);
		smp += (double)r->samples[pi];
		c++;
	}
	if (max)
		*max = c ? mx : NAN;
	if (samples)
		*samples = c ? smp / (double)c : 0;
	return c ? sum / (double)c : NAN;
}

/* Correlation of event b over the workloads: median, quartiles, workloads with a value. */
static size_t tea_eval_corr(const struct tea_eval_suite *s, int b, double q[3])
{
	double *v = malloc((s->n ? s->n : 1) * sizeof(*v));
	size_t c = 0;
	for (size_t i = 0; v && i < s->n; i++) {
		const struct tea_eval_run *r = tea_eval_at(s, 0, i);
		if (r->valid && !isnan(r->corr[b]))
			v[c++] = r->corr[b];
	}
	if (v)
		qsort(v, c, sizeof(*v), tea_eval_cmp);
	q[0] = v ? tea_eval_quantile(v, c, 0.25) : NAN;
	q[1] = v ? tea_eval_quantile(v, c, 0.50) : NAN;
	q[2] = v ? tea_eval_quantile(v, c, 0.75) : NAN;
	free(v);
	return c;
}

/* ---- text --------------------------------------------------------------------------------- */

static void tea_eval_pct(FILE *out, double v)
{
	if (isnan(v))
		fprintf(out, " %8s", "-");
	else
		fprintf(out, " %7.2f%%", 100 * v);
}

void tea_eval_print(FILE *out, const struct tea_eval_suite *s)
{
	fprintf(out, "\nInstruction-level PICS error against the golden reference restricted to each "
	        "profiler's events (Figure B.5; 004 Paper B §4)\n%-12s %9s", "workload", "samples");
	for (int p = 0; p < TEA_EVAL_NPROF; p++)
		fprintf(out, " %8s", tea_eval_names[p]);
	fprintf(out, "\n");
	for (size_t i = 0; i < s->n; i++) {
		const struct tea_eval_run *r = tea_eval_at(s, 0, i);
		if (!r->valid) {
			fprintf(out, "%-12.12s  (failed)\n", s->names[i]);
			continue;
		}
		fprintf(out, "%-12.12s %9" PRIu64, s->names[i], r->samples[TEA_EVAL_NPROF - 1]);
		for (int p = 0; p < TEA_EVAL_NPROF; p++)
			tea_eval_pct(out, r->err[p][PMU_EVAL_INSN]);
		fprintf(out, "\n");
	}
	double mx[TEA_EVAL_NPROF];
	fprintf(out, "%-12s %9s", "average", "");
	for (int p = 0; p < TEA_EVAL_NPROF; p++)
		tea_eval_pct(out, tea_eval_avg(s, 0, p, PMU_EVAL_INSN, &mx[p], NULL));
	fprintf(out, "\n%-12s %9s", "maximum", "");
	for (int p = 0; p < TEA_EVAL_NPROF; p++)
		tea_eval_pct(out, mx[p]);
	fprintf(out, "\n(the paper, SPEC CPU2017 at 4 kHz: ibs 55.6%%, spe 55.5%%, ris 56.0%%, "
	        "nci-tea 11.3%%, tea 2.1%%; samples: tea's per workload)\n");

	fprintf(out, "\nAverage PICS error by granularity (Figure B.9)\n%-12s", "granularity");
	for (int p = 0; p < TEA_EVAL_NPROF; p++)
		fprintf(out, " %8s", tea_eval_names[p]);
	fprintf(out, "\n");
	static const int grans[] = { PMU_EVAL_INSN, PMU_EVAL_BLOCK, PMU_EVAL_FUNC };
	for (size_t g = 0; g < 3; g++) {
		fprintf(out, "%-12s", pmu_eval_gran_name((enum pmu_eval_gran)grans[g]));
		for (int p = 0; p < TEA_EVAL_NPROF; p++)
			tea_eval_pct(out, tea_eval_avg(s, 0, p, grans[g], NULL, NULL));
		fprintf(out, "\n");
	}

	fprintf(out, "\nCorrelation of an instruction's event count with its PICS cycles for the "
	        "event, golden reference (Figure B.7: Pearson r over static instructions, quartiles "
	        "over workloads)\n%-8s %7s %7s %7s %9s\n", "event", "q1", "median", "q3", "workloads");
	for (int b = 0; b < PSV_BITS; b++) {
		double q[3];
		size_t c = tea_eval_corr(s, b, q);
		fprintf(out, "%-8s", psv_event_name(b));
		for (int k = 0; k < 3; k++) {
			if (isnan(q[k]))
				fprintf(out, " %7s", "-");
			else
				fprintf(out, " %7.3f", q[k]);
		}
		fprintf(out, " %9zu\n", c);
	}
	if (s->ncfg <= 1)
		return;
	fprintf(out, "\nAverage instruction-level PICS error against sampling frequency (Figure "
	        "B.8)\n%10s %10s %9s", "paper Hz", "period", "samples");
	for (int p = 0; p < TEA_EVAL_NPROF; p++)
		fprintf(out, " %8s", tea_eval_names[p]);
	fprintf(out, "\n");
	for (int k = 1; k < s->ncfg; k++) {
		double smp;
		tea_eval_avg(s, k, TEA_EVAL_NPROF - 1, PMU_EVAL_INSN, NULL, &smp);
		fprintf(out, "%10.0f %10" PRIu64 " %9.0f", s->equiv_hz[k], s->period[k], smp);
		for (int p = 0; p < TEA_EVAL_NPROF; p++)
			tea_eval_pct(out, tea_eval_avg(s, k, p, PMU_EVAL_INSN, NULL, NULL));
		fprintf(out, "\n");
	}
	fprintf(out, "(samples: tea's mean per workload)\n");
}

/* ---- JSON --------------------------------------------------------------------------------- */

static void tea_eval_json_num(struct json *j, const char *key, double v)
{
	json_key(j, key);
	if (isnan(v))
		json_null(j);
	else
		json_double(j, v);
}

/* The members "instruction", "basic_block", "function" of an open object. */
static void tea_eval_json_grans(struct json *j, const double *v)
{
	for (int g = 0; g < PMU_EVAL_GRAN_N; g++)
		tea_eval_json_num(j, pmu_eval_gran_name((enum pmu_eval_gran)g), v[g]);
}

static void tea_eval_json_avg(struct json *j, const struct tea_eval_suite *s, int k)
{
	json_key(j, "average");
	json_object_begin(j);
	for (int p = 0; p < TEA_EVAL_NPROF; p++) {
		double v[PMU_EVAL_GRAN_N];
		for (int g = 0; g < PMU_EVAL_GRAN_N; g++)
			v[g] = tea_eval_avg(s, k, p, g, NULL, NULL);
		json_key(j, tea_eval_names[p]);
		json_object_begin(j);
		tea_eval_json_grans(j, v);
		json_object_end(j);
	}
	json_object_end(j);
}

void tea_eval_json(struct json *j, const struct tea_eval_suite *s)
{
	json_key(j, "tea");
	json_object_begin(j);
	json_kv_uint(j, "period_cycles", s->period[0]);
	json_key(j, "workloads");
	json_array_begin(j);
	for (size_t i = 0; i < s->n; i++) {
		const struct tea_eval_run *r = tea_eval_at(s, 0, i);
		json_object_begin(j);
		json_kv_string(j, "name", s->names[i]);
		json_key(j, "ok");
		json_bool(j, r->valid);
		if (r->valid) {
			json_kv_double(j, "cycles", r->golden_cycles);
			json_key(j, "pics_error");
			json_object_begin(j);
			for (int p = 0; p < TEA_EVAL_NPROF; p++) {
				json_key(j, tea_eval_names[p]);
				json_object_begin(j);
				tea_eval_json_grans(j, r->err[p]);
				json_kv_uint(j, "samples", r->samples[p]);
				json_object_end(j);
			}
			json_object_end(j);
			json_key(j, "correlation");
			json_object_begin(j);
			for (int b = 0; b < PSV_BITS; b++)
				tea_eval_json_num(j, psv_event_name(b), r->corr[b]);
			json_object_end(j);
		}
		json_object_end(j);
	}
	json_array_end(j);
	tea_eval_json_avg(j, s, 0);
	json_key(j, "correlation");
	json_object_begin(j);
	for (int b = 0; b < PSV_BITS; b++) {
		double q[3];
		size_t c = tea_eval_corr(s, b, q);
		json_key(j, psv_event_name(b));
		json_object_begin(j);
		tea_eval_json_num(j, "q1", q[0]);
		tea_eval_json_num(j, "median", q[1]);
		tea_eval_json_num(j, "q3", q[2]);
		json_kv_uint(j, "workloads", c);
		json_object_end(j);
	}
	json_object_end(j);
	json_key(j, "sweep");
	json_array_begin(j);
	for (int k = 1; k < s->ncfg; k++) {
		json_object_begin(j);
		json_kv_double(j, "paper_hz", s->equiv_hz[k]);
		json_kv_uint(j, "period_cycles", s->period[k]);
		tea_eval_json_avg(j, s, k);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}
