/*
 * profileme_est.c — ProfileMe estimators and their validation against the exact counts
 * (see profileme_est.h).
 */
#include "analysis/profileme_est.h"
#include "analysis/correlation.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

double pm_est_interval(const struct pm_config *cfg)
{
	return cfg->paired ? (double)cfg->interval / 2 : (double)cfg->interval;
}

void pm_est_count(uint64_t k, double interval, struct pm_est *out)
{
	double s = interval;
	out->est = (double)k * s;
	if (!k) {
		out->cv = INFINITY;
		out->lo = 0;
		out->hi = 3 * s;
		return;
	}
	out->cv = sqrt(1.0 / (double)k);
	out->lo = out->est * (1 - 1.96 * out->cv);
	if (out->lo < 0)
		out->lo = 0;
	out->hi = out->est * (1 + 1.96 * out->cv);
}

const char *pm_prop_name(enum pm_prop p)
{
	return p == PM_PROP_RETIRE_COUNT ? "retire_count" : p == PM_PROP_DCACHE_MISS
	       ? "dcache_miss" : "?";
}

uint64_t pm_prop_k(const struct pm_pc *e, enum pm_prop p)
{
	return p == PM_PROP_RETIRE_COUNT ? e->retired : e->ev[PM_EV_DCACHE_MISS];
}

uint64_t pm_prop_actual(const struct pm_pc *e, enum pm_prop p)
{
	return p == PM_PROP_RETIRE_COUNT ? e->x_retired : e->x_dcache_miss;
}

void pm_est_envelope(const struct pm_pc *pcs, size_t n, enum pm_prop p, double interval,
		     struct pm_envelope *out)
{
	out->points = out->inside = out->in95 = 0;
	for (size_t i = 0; i < n; i++) {
		uint64_t k = pm_prop_k(&pcs[i], p), x = pm_prop_actual(&pcs[i], p);
		if (!k || (double)x < interval)
			continue;
		struct pm_est e;
		pm_est_count(k, interval, &e);
		out->points++;
		if (fabs(e.est / (double)x - 1) <= e.cv)
			out->inside++;
		if ((double)x >= e.lo && (double)x <= e.hi)
			out->in95++;
	}
	out->fraction = out->points ? (double)out->inside / (double)out->points : 0;
}

double pm_est_wasted(const struct pm_pc *e, const struct pm_config *cfg)
{
	double s = (double)cfg->interval;
	return (double)e->l_i * cfg->issue_width * s / 2 -
	       (double)(e->u_f + e->u_b) * cfg->window * s;
}

static int pm_est_cmp_desc(const void *a, const void *b)
{
	double x = ((const double *)a)[1], y = ((const double *)b)[1];
	return x < y ? 1 : x > y ? -1 : 0;
}

int pm_est_wasted_eval(const struct pm_pc *pcs, size_t n, const struct pm_config *cfg,
		       size_t top, struct pm_wasted_eval *out)
{
	out->points = 0;
	out->pearson = NAN;
	out->top_rel_error = NAN;
	out->top = 0;
	double *xy = malloc((n ? n : 1) * 2 * sizeof(double));
	double *x = calloc(n ? n : 1, sizeof(double)), *y = calloc(n ? n : 1, sizeof(double));
	if (!xy || !x || !y) {
		free(xy);
		free(x);
		free(y);
		return -ENOMEM;
	}
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		if (!pcs[i].l_i)
			continue;
		xy[2 * m] = pm_est_wasted(&pcs[i], cfg);
		xy[2 * m + 1] = (double)pcs[i].x_wasted;
		x[m] = xy[2 * m];
		y[m] = xy[2 * m + 1];
		m++;
	}
	out->points = m;
	out->pearson = correlation_pearson(x, y, m);
	qsort(xy, m, 2 * sizeof(double), pm_est_cmp_desc);
	double se = 0, sx = 0;
	out->top = top < m ? top : m;
	for (size_t i = 0; i < out->top; i++) {
		se += xy[2 * i];
		sx += xy[2 * i + 1];
	}
	if (sx != 0)
		out->top_rel_error = fabs(se - sx) / fabs(sx);
	free(xy);
	free(x);
	free(y);
	return 0;
}
