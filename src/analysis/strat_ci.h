/*
 * strat_ci.h — the confidence interval of a stratified sample's mean (sampled simulation's
 * error bars, docs/robin-simpoint.md "Confidence interval"): strata h of N_h units sharing
 * w_h of the whole, n_h of them measured; the estimate sum_h w_h * mean_h, its variance
 * sum_h w_h^2 (1 - n_h/N_h) s_h^2 / n_h, and the 95% half-width from Student's t at the
 * Welch-Satterthwaite degrees of freedom (few points per stratum: 1.96 would be too narrow),
 * and with each measured unit itself sampled, the second stage's variance (sub_var).
 * A stratum's sample variance may be raised to a floor known from a covariate of every unit
 * (two units that agree by chance would otherwise claim a stratum without spread).
 */
#ifndef ROBIN_ANALYSIS_STRAT_CI_H
#define ROBIN_ANALYSIS_STRAT_CI_H

#include <stddef.h>

struct strat_ci_stratum {
	double w;          /* share of the whole (the shares sum to 1) */
	double n_units;    /* N_h: units in the stratum */
	int n;             /* n_h: units measured */
	double sum, sum2;  /* of the measured values and of their squares */
	double floor_s2;   /* a lower bound of the units' variance known otherwise (0: none) */
	double floor_df;   /* the degrees of freedom of that bound (the covariate's units - 1) */
	double scale;      /* the pooled variant's unit: it pools s_h^2 / scale^2 (0: the mean) */
	/* two-stage sampling (a unit measured by a sample of its own, e.g. a simulation point
	 * by SMARTS units within it): the sum over the measured units of each one's own
	 * estimated variance, and its degrees of freedom (0, 0: each measured exactly). The
	 * stratum adds w_h^2 (n_h/N_h) sub_var / n_h^2 (Cochran's two-stage estimator: the
	 * first stage's s_h^2 holds the second stage's share of the rest), also when it is
	 * measured in full. */
	double sub_var, sub_df;
};

struct strat_ci {
	double mean;       /* sum_h w_h * mean_h */
	double var;        /* estimated variance of mean */
	double df;         /* effective degrees of freedom (Welch-Satterthwaite; 0: exact) */
	double half95;     /* half-width of the 95% interval (t_{0.975,df} * sqrt(var)) */
	int ok;            /* 0: a stratum has one measured unit of several: no interval */
};

/* Add one measured unit's own estimated variance v (with df degrees of freedom, >= 1) to
 * stratum st's second stage: sub_var sums them, sub_df is Satterthwaite's over them. */
void strat_ci_add_sub(struct strat_ci_stratum *st, double v, double df);

/* The two-sided 95% quantile of Student's t with df degrees of freedom (df < 1: that of 1;
 * fractional df rounded down, which widens the interval). */
double strat_ci_t975(double df);

/* As strat_ci_compute, with each stratum's variance also at least the pooled relative
 * variance times its squared mean (or scale, when set: for values whose mean is near 0): the
 * strata of two or more measured units (and fewer than all) give sum (n_h - 1) s_h^2 /
 * mean_h^2 over sum (n_h - 1), and that pooled estimate's
 * degrees of freedom are every stratum's (two points per stratum give each stratum's own
 * variance one degree of freedom, and the interval of a stratum that dominates the variance
 * would take Student's t at about 1: 12.7 standard errors). A stratum of one measured unit
 * takes the pooled variance (and its floor): ok stays 1 when some stratum has two. */
int strat_ci_compute_pooled(const struct strat_ci_stratum *s, size_t n, struct strat_ci *out);

/* The estimate and its 95% interval over n strata, s_h^2 = max(sample variance, floor_s2)
 * with n_h - 1 degrees of freedom, or floor_df when the floor is the larger.
 * A stratum measured in full (n_h = N_h) adds no variance; one with n_h = 1 < N_h leaves ok = 0 (its variance is unknown); one with
 * n_h = 0 is an error (-1), else 0. */
int strat_ci_compute(const struct strat_ci_stratum *s, size_t n, struct strat_ci *out);

#endif
