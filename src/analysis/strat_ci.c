/*
 * strat_ci.c — a stratified sample's mean with its 95% confidence interval (see strat_ci.h).
 */
#include "analysis/strat_ci.h"

#include <math.h>
#include <string.h>

/* t_{0.975} for 1..30 degrees of freedom */
static const double strat_ci_t_table[30] = {
	12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
	2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
	2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
};

double strat_ci_t975(double df)
{
	if (!(df >= 1))
		return strat_ci_t_table[0];
	if (df < 31)
		return strat_ci_t_table[(int)df - 1];
	/* Cornish-Fisher expansion around the normal quantile: within 1e-3 past 30 */
	double z = 1.959964, z3 = z * z * z, z5 = z3 * z * z;
	return z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df * df);
}

static int strat_ci_run(const struct strat_ci_stratum *s, size_t n, int pooled,
                        struct strat_ci *out)
{
	memset(out, 0, sizeof(*out));
	out->ok = 1;
	double num = 0, den = 0, rel = 0, rel_df = 0;
	for (size_t h = 0; pooled && h < n; h++) {
		if (s[h].n < 2 || (double)s[h].n >= s[h].n_units)
			continue;
		double m = s[h].sum / s[h].n, v = (s[h].sum2 - s[h].n * m * m) / (s[h].n - 1);
		double u = s[h].scale > 0 ? s[h].scale : m;
		if (u != 0) {
			rel += (s[h].n - 1) * (v > 0 ? v : 0) / (u * u);
			rel_df += s[h].n - 1;
		}
	}
	if (rel_df > 0)
		rel /= rel_df;
	for (size_t h = 0; h < n; h++) {
		if (s[h].n < 1)
			return -1;
		double m = s[h].sum / s[h].n;
		out->mean += s[h].w * m;
		if (s[h].sub_var > 0) {
			double f = s[h].n_units > 0 && s[h].n < s[h].n_units ? s[h].n / s[h].n_units : 1;
			double b = s[h].w * s[h].w * f * s[h].sub_var / ((double)s[h].n * s[h].n);
			out->var += b;
			num += b;
			den += b * b / (s[h].sub_df >= 1 ? s[h].sub_df : 1);
		}
		if ((double)s[h].n >= s[h].n_units)
			continue;              /* measured in full (at the first stage) */
		double s2 = -1, df = s[h].n - 1, u = s[h].scale > 0 ? s[h].scale : m;
		if (s[h].n >= 2)
			s2 = (s[h].sum2 - s[h].n * m * m) / (s[h].n - 1);
		if (rel_df > 0 && rel * u * u >= s2) {
			s2 = rel * u * u;
			df = rel_df;
		} else if (rel_df > df) {
			df = rel_df;           /* its own, above the pooled: as wide, as certain */
		}
		if (s2 < 0) {
			out->ok = 0;           /* one unit of several, no pooled variance */
			continue;
		}
		if (s2 < s[h].floor_s2) {
			s2 = s[h].floor_s2;
			if (s[h].floor_df > df)
				df = s[h].floor_df;
		}
		if (s2 < 0)
			s2 = 0;
		if (df < 1)
			df = 1;
		double a = s[h].w * s[h].w * (1 - s[h].n / s[h].n_units) / s[h].n * s2;
		out->var += a;
		num += a;
		den += a * a / df;
	}
	out->df = den > 0 ? num * num / den : 0;
	out->half95 = out->ok && out->var > 0 ? strat_ci_t975(out->df) * sqrt(out->var) : 0;
	return 0;
}

void strat_ci_add_sub(struct strat_ci_stratum *st, double v, double df)
{
	if (!(v > 0))
		return;
	double t = st->sub_var + v;
	st->sub_df = st->sub_df > 0 ? t * t / (st->sub_var * st->sub_var / st->sub_df + v * v / df) : df;
	st->sub_var = t;
}

int strat_ci_compute(const struct strat_ci_stratum *s, size_t n, struct strat_ci *out)
{
	return strat_ci_run(s, n, 0, out);
}

int strat_ci_compute_pooled(const struct strat_ci_stratum *s, size_t n, struct strat_ci *out)
{
	return strat_ci_run(s, n, 1, out);
}
