/* 330: sampled simulation's error bars and its choice of k. strat_ci: Student's t quantile
 * (table and expansion), the stratified estimate and variance of a hand-worked example, a
 * stratum measured in full adds no variance, a covariate's floor under a stratum's variance
 * (with its degrees of freedom) counts when its two units agree by chance, one measured once
 * of several leaves no interval;
 * over 2000 samples of two units per stratum from a known population the 95% interval holds
 * the true mean at least 90% of the time; with each point itself sampled by units (two-stage),
 * a hand-worked variance and 90% coverage that the first stage alone misses. campaign_auto_max_k never starves a program of few
 * intervals (48 intervals of a five-phase program: at least 5; at most the intervals), and on
 * such vectors simpoint_cluster then finds the five phases. simpoint_split_by_signature splits
 * a cluster whose intervals' signature spreads over more than the ratio (each part within it,
 * weights and points by part), leaves narrow clusters alone and stops at the cluster cap. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "analysis/kmeans.h"
#include "analysis/simpoint.h"
#include "analysis/strat_ci.h"
#include "campaign/campaign.h"

static void test_t_quantile(void **state)
{
	(void)state;
	assert_true(fabs(strat_ci_t975(1) - 12.706) < 1e-3);
	assert_true(fabs(strat_ci_t975(2) - 4.303) < 1e-3);
	assert_true(fabs(strat_ci_t975(2.9) - 4.303) < 1e-3);   /* rounded down: wider */
	assert_true(fabs(strat_ci_t975(0.3) - 12.706) < 1e-3);
	assert_true(fabs(strat_ci_t975(30) - 2.042) < 1e-3);
	assert_true(fabs(strat_ci_t975(40) - 2.021) < 2e-3);
	assert_true(fabs(strat_ci_t975(120) - 1.980) < 2e-3);
	assert_true(fabs(strat_ci_t975(1e9) - 1.95996) < 1e-4);
	for (double df = 1; df < 200; df += 1)
		assert_true(strat_ci_t975(df + 1) <= strat_ci_t975(df));
}

static void test_stratified(void **state)
{
	(void)state;
	/* w (0.25, 0.75), N (10, 20), values {1, 3} and {2, 2.5}: mean 0.25*2 + 0.75*2.25,
	 * s^2 2 and 0.125, a_h = w^2 (1 - n/N) s^2 / n = 0.05 and 0.031640625 */
	struct strat_ci_stratum s[3] = {
		{ .w = 0.25, .n_units = 10, .n = 2, .sum = 4, .sum2 = 10 },
		{ .w = 0.75, .n_units = 20, .n = 2, .sum = 4.5, .sum2 = 10.25 },
	};
	struct strat_ci ci;
	assert_int_equal(strat_ci_compute(s, 2, &ci), 0);
	assert_true(ci.ok);
	assert_true(fabs(ci.mean - 2.1875) < 1e-12);
	assert_true(fabs(ci.var - 0.081640625) < 1e-12);
	double df = 0.081640625 * 0.081640625 / (0.05 * 0.05 + 0.031640625 * 0.031640625);
	assert_true(fabs(ci.df - df) < 1e-9);
	assert_true(fabs(ci.half95 - 12.706 * sqrt(0.081640625)) < 1e-9);
	/* a third stratum measured in full moves the mean, not the variance */
	s[2] = (struct strat_ci_stratum){ .w = 0, .n_units = 2, .n = 2, .sum = 8, .sum2 = 40 };
	s[0].w = 0.2;
	s[2].w = 0.05;
	assert_int_equal(strat_ci_compute(s, 3, &ci), 0);
	assert_true(fabs(ci.mean - (0.2 * 2 + 0.75 * 2.25 + 0.05 * 4)) < 1e-12);
	assert_true(fabs(ci.var - (0.04 * 0.8 + 0.031640625)) < 1e-12);
	/* every stratum in full: the estimate is exact */
	struct strat_ci_stratum full = { .w = 1, .n_units = 3, .n = 3, .sum = 6, .sum2 = 14 };
	assert_int_equal(strat_ci_compute(&full, 1, &ci), 0);
	assert_true(ci.ok && ci.var == 0 && ci.half95 == 0 && fabs(ci.mean - 2) < 1e-12);
	/* two units that agree by chance: the covariate's floor gives the variance, with its
	 * degrees of freedom; a floor below the sample variance changes nothing */
	struct strat_ci_stratum same = { .w = 1, .n_units = 12, .n = 2, .sum = 3.54, .sum2 = 2 * 1.77 * 1.77,
	                                 .floor_s2 = 0.07, .floor_df = 11 };
	assert_int_equal(strat_ci_compute(&same, 1, &ci), 0);
	assert_true(ci.ok);
	assert_true(fabs(ci.var - (1 - 2.0 / 12) / 2 * 0.07) < 1e-12);
	assert_true(fabs(ci.df - 11) < 1e-9);
	assert_true(fabs(ci.half95 - 2.201 * sqrt(ci.var)) < 1e-9);
	s[2].floor_s2 = 100;   /* a stratum measured in full ignores it */
	s[0].floor_s2 = 1e-6;
	assert_int_equal(strat_ci_compute(s, 3, &ci), 0);
	assert_true(fabs(ci.var - (0.04 * 0.8 + 0.031640625)) < 1e-12);
	/* one unit of several: no interval; none measured: an error */
	struct strat_ci_stratum one = { .w = 1, .n_units = 5, .n = 1, .sum = 2, .sum2 = 4 };
	assert_int_equal(strat_ci_compute(&one, 1, &ci), 0);
	assert_false(ci.ok);
	one.n = 0;
	assert_int_equal(strat_ci_compute(&one, 1, &ci), -1);
}

/* The pooled variant: the strata of two units pool their relative variance (their squared
 * coefficient of variation) with its degrees of freedom; each stratum's variance is at least
 * that times its squared mean, and a stratum of one unit takes it. */
static void test_pooled(void **state)
{
	(void)state;
	/* the example above: relative variances 2/2^2 = 0.5 and 0.125/2.25^2, pooled over 2 df */
	struct strat_ci_stratum s[3] = {
		{ .w = 0.25, .n_units = 10, .n = 2, .sum = 4, .sum2 = 10 },
		{ .w = 0.75, .n_units = 20, .n = 2, .sum = 4.5, .sum2 = 10.25 },
		{ .w = 0.1, .n_units = 5, .n = 1, .sum = 3, .sum2 = 9 },
	};
	double rel = (0.5 + 0.125 / (2.25 * 2.25)) / 2;
	double a0 = 0.0625 * 0.8 / 2 * 2;                       /* its own 2 is above 4 rel */
	double a1 = 0.5625 * 0.9 / 2 * (rel * 2.25 * 2.25);     /* the pooled is above 0.125 */
	double a2 = 0.01 * 0.8 / 1 * (rel * 9);                 /* one unit: the pooled */
	struct strat_ci ci;
	assert_int_equal(strat_ci_compute_pooled(s, 3, &ci), 0);
	assert_true(ci.ok);
	assert_true(fabs(ci.mean - (0.25 * 2 + 0.75 * 2.25 + 0.1 * 3)) < 1e-12);
	assert_true(fabs(ci.var - (a0 + a1 + a2)) < 1e-12);
	double v = a0 + a1 + a2, df = v * v / ((a0 * a0 + a1 * a1 + a2 * a2) / 2);
	assert_true(fabs(ci.df - df) < 1e-9);
	assert_true(fabs(ci.half95 - strat_ci_t975(df) * sqrt(v)) < 1e-9);
	/* the plain estimate has no interval with the single unit, the pooled one has */
	assert_int_equal(strat_ci_compute(s, 3, &ci), 0);
	assert_false(ci.ok);
	/* no stratum of two units: nothing to pool, no interval */
	struct strat_ci_stratum one = { .w = 1, .n_units = 5, .n = 1, .sum = 2, .sum2 = 4 };
	assert_int_equal(strat_ci_compute_pooled(&one, 1, &ci), 0);
	assert_false(ci.ok);
	/* values around 0 (a share's residuals) pool in the unit each stratum names: variances
	 * 0.02 and 0.18 in units 1 and 2 pool to (0.02 + 0.18 / 4) / 2, which raises the first */
	struct strat_ci_stratum z[2] = {
		{ .w = 0.5, .n_units = 1e9, .n = 2, .sum = 0, .sum2 = 0.02, .scale = 1 },
		{ .w = 0.5, .n_units = 1e9, .n = 2, .sum = 0, .sum2 = 0.18, .scale = 2 },
	};
	double zr = (0.02 + 0.18 / 4) / 2;
	assert_int_equal(strat_ci_compute_pooled(z, 2, &ci), 0);
	assert_true(ci.ok && fabs(ci.mean) < 1e-15);
	assert_true(fabs(ci.var - 0.25 / 2 * (zr + 0.18)) < 1e-9);
	/* one stratum dominating the variance: its single degree of freedom no longer sets t */
	struct strat_ci_stratum d[4];
	for (int h = 0; h < 4; h++)
		d[h] = (struct strat_ci_stratum){ .w = h ? 0.1 : 0.7, .n_units = 100, .n = 2,
		                                  .sum = 2 * (1 + h), .sum2 = 2 * (1 + h) * (1 + h) };
	d[0].sum2 += 0.08;  /* values 1 +- 0.2 */
	for (int h = 1; h < 4; h++)
		d[h].sum2 += 0.02 * (1 + h) * (1 + h);  /* 10% apart */
	struct strat_ci plain;
	assert_int_equal(strat_ci_compute(d, 4, &plain), 0);
	assert_int_equal(strat_ci_compute_pooled(d, 4, &ci), 0);
	assert_true(plain.df < 1.5 && ci.df > 3.5);
	assert_true(ci.var >= plain.var && ci.half95 < plain.half95 / 2);
}

/* A population of 8 strata of different sizes, means and spreads; 2000 stratified samples of
 * two units each: the interval holds the population mean in at least 90% of them, plain and
 * pooled, and pooled with two of the strata measured once. */
static void test_coverage(void **state)
{
	(void)state;
	enum { H = 8, NMAX = 60 };
	static const int size[H] = { 60, 12, 30, 5, 44, 20, 9, 16 };
	double pop[H][NMAX], truth = 0, total = 0;
	uint64_t rng = 42;
	for (int h = 0; h < H; h++) {
		total += size[h];
		for (int i = 0; i < size[h]; i++) {
			double u = (double)(kmeans_rand_next(&rng) >> 11) / 9007199254740992.0;
			pop[h][i] = 0.5 + h * 0.7 + (0.05 + 0.1 * (h % 3)) * (u - 0.5) * (1 + h);
			truth += pop[h][i];
		}
	}
	truth /= total;
	int holds = 0, holds_pooled = 0, holds_single = 0, trials = 2000;
	for (int t = 0; t < trials; t++) {
		struct strat_ci_stratum s[H];
		double first[H];
		for (int h = 0; h < H; h++) {
			int a = (int)(kmeans_rand_next(&rng) % (uint64_t)size[h]), b;
			do
				b = (int)(kmeans_rand_next(&rng) % (uint64_t)size[h]);
			while (b == a);
			first[h] = pop[h][a];
			s[h] = (struct strat_ci_stratum){ .w = size[h] / total, .n_units = size[h], .n = 2,
			                                  .sum = pop[h][a] + pop[h][b],
			                                  .sum2 = pop[h][a] * pop[h][a] + pop[h][b] * pop[h][b] };
		}
		struct strat_ci ci;
		assert_int_equal(strat_ci_compute(s, H, &ci), 0);
		assert_true(ci.ok);
		holds += fabs(ci.mean - truth) <= ci.half95;
		assert_int_equal(strat_ci_compute_pooled(s, H, &ci), 0);
		assert_true(ci.ok);
		holds_pooled += fabs(ci.mean - truth) <= ci.half95;
		for (int h = 3; h < H; h += 3) {  /* strata 3 and 6 keep their first unit */
			s[h].n = 1;
			s[h].sum = first[h];
			s[h].sum2 = first[h] * first[h];
		}
		assert_int_equal(strat_ci_compute_pooled(s, H, &ci), 0);
		assert_true(ci.ok);
		holds_single += fabs(ci.mean - truth) <= ci.half95;
	}
	assert_true(holds >= trials * 9 / 10);
	assert_true(holds_pooled >= trials * 9 / 10);
	assert_true(holds_single >= trials * 9 / 10);
}

/* Two-stage sampling (points measured by units within them): a stratum measured in full adds
 * its second stage's variance, w^2 sub_var, with sub_df degrees of freedom; one of n of N
 * points adds w^2 (n/N) sub_var / n^2 on top of its first stage. Over 2000 samples of a
 * population whose primaries are each measured by 20 of their 400 secondaries, the interval
 * holds the true mean at least 90% of the time, and without the second stage's term it does
 * not (the strata measured in full claim no spread at all). */
static void test_two_stage(void **state)
{
	(void)state;
	struct strat_ci_stratum one = { .w = 0.5, .n_units = 1, .n = 1, .sum = 2, .sum2 = 4,
	                                .sub_var = 0.04, .sub_df = 49 };
	struct strat_ci ci;
	assert_int_equal(strat_ci_compute_pooled(&one, 1, &ci), 0);
	assert_true(ci.ok && fabs(ci.var - 0.25 * 0.04) < 1e-15 && fabs(ci.df - 49) < 1e-9);
	struct strat_ci_stratum two = { .w = 1, .n_units = 10, .n = 2, .sum = 4, .sum2 = 10,
	                                .sub_var = 0.5, .sub_df = 20 };
	double a = 0.8 / 2 * 2, b = 0.2 * 0.5 / 4;
	assert_int_equal(strat_ci_compute(&two, 1, &ci), 0);
	assert_true(fabs(ci.var - (a + b)) < 1e-12);
	assert_true(fabs(ci.df - (a + b) * (a + b) / (a * a + b * b / 20)) < 1e-9);
	/* strat_ci_add_sub: variances 0.2 (9 df) and 0.3 (19 df) sum to 0.5 at
	 * 0.25 / (0.04 / 9 + 0.09 / 19) degrees of freedom; a variance of 0 adds nothing */
	struct strat_ci_stratum add = { .w = 1, .n_units = 1, .n = 1 };
	strat_ci_add_sub(&add, 0.2, 9);
	assert_true(fabs(add.sub_var - 0.2) < 1e-15 && fabs(add.sub_df - 9) < 1e-12);
	strat_ci_add_sub(&add, 0.3, 19);
	strat_ci_add_sub(&add, 0, 5);
	assert_true(fabs(add.sub_var - 0.5) < 1e-15);
	assert_true(fabs(add.sub_df - 0.25 / (0.04 / 9 + 0.09 / 19)) < 1e-9);

	enum { H = 6, NP = 8, M = 400, m = 20 };
	static const int size[H] = { 1, 1, 1, 4, 1, 3 };  /* four strata of one primary each */
	static double pop[H][NP][M];
	double truth = 0, total = 0, mean[H][NP];
	uint64_t rng = 7;
	for (int h = 0; h < H; h++) {
		total += size[h];
		for (int i = 0; i < size[h]; i++) {
			mean[h][i] = 0;
			for (int u = 0; u < M; u++) {
				double x = (double)(kmeans_rand_next(&rng) >> 11) / 9007199254740992.0;
				/* a skewed spread within each primary, as units' CPIs are */
				pop[h][i][u] = 0.6 + 0.3 * h + 0.05 * i + (x < 0.1 ? 3.0 * x * 10 : 0.2 * x);
				mean[h][i] += pop[h][i][u] / M;
			}
			truth += mean[h][i];
		}
	}
	truth /= total;
	int holds = 0, holds_one = 0, trials = 2000;
	for (int t = 0; t < trials; t++) {
		struct strat_ci_stratum s[H];
		for (int h = 0; h < H; h++) {
			int pick[2] = { 0, 0 }, n = size[h] > 1 ? 2 : 1;
			pick[0] = (int)(kmeans_rand_next(&rng) % (uint64_t)size[h]);
			do
				pick[1] = (int)(kmeans_rand_next(&rng) % (uint64_t)size[h]);
			while (n == 2 && pick[1] == pick[0]);
			s[h] = (struct strat_ci_stratum){ .w = size[h] / total, .n_units = size[h], .n = n };
			for (int k = 0; k < n; k++) {
				/* m secondaries of the primary's M, one in every M / m from a random start */
				double sum = 0, sum2 = 0;
				int off = (int)(kmeans_rand_next(&rng) % (M / m));
				for (int j = 0; j < m; j++) {
					double x = pop[h][pick[k]][off + j * (M / m)];
					sum += x;
					sum2 += x * x;
				}
				double y = sum / m, v = (sum2 - m * y * y) / (m - 1) / m * (1 - (double)m / M);
				s[h].sum += y;
				s[h].sum2 += y * y;
				strat_ci_add_sub(&s[h], v, m - 1);
			}
		}
		assert_int_equal(strat_ci_compute_pooled(s, H, &ci), 0);
		assert_true(ci.ok);
		holds += fabs(ci.mean - truth) <= ci.half95;
		for (int h = 0; h < H; h++)
			s[h].sub_var = s[h].sub_df = 0;
		assert_int_equal(strat_ci_compute_pooled(s, H, &ci), 0);
		holds_one += fabs(ci.mean - truth) <= ci.half95;
	}
	print_message("two-stage: %d of %d hold; %d without the second stage\n", holds, trials,
	              holds_one);
	assert_true(holds >= trials * 9 / 10);
	assert_true(holds_one < trials * 9 / 10);
}

static void test_auto_max_k(void **state)
{
	(void)state;
	assert_int_equal(campaign_auto_max_k(0), 1);
	assert_int_equal(campaign_auto_max_k(3), 3);
	assert_int_equal(campaign_auto_max_k(48), CAMPAIGN_MIN_MAX_K);
	assert_int_equal(campaign_auto_max_k(229), 22);
	assert_int_equal(campaign_auto_max_k(5000), CAMPAIGN_MAX_K);
	for (size_t n = 1; n < 5000; n++) {
		size_t k = (size_t)campaign_auto_max_k(n);
		assert_true(k <= n);
		assert_true(k >= (n < CAMPAIGN_MIN_MAX_K ? n : CAMPAIGN_MIN_MAX_K));
	}
}

/* 48 intervals of five phases in runs of 9-10 (the 0.48 G-instruction program at 10 M
 * intervals): with the campaign's largest k the BIC finds the five. */
static void test_five_phases(void **state)
{
	(void)state;
	char path[] = "/tmp/robin_test_330_XXXXXX", err[256];
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	for (int i = 0; i < 48; i++) {
		int ph = i * 5 / 48;
		unsigned jitter = (unsigned)(i * 7919) % 7;
		fprintf(f, "T");
		for (int b = 1; b <= 4; b++)
			fprintf(f, ":%d:%u ", ph * 4 + b, 1000u * (unsigned)b + 10 * jitter * (unsigned)b);
		fprintf(f, "\n");
	}
	fclose(f);
	struct simpoint_fv fv;
	assert_int_equal(simpoint_fv_read(path, &fv, err, sizeof(err)), 0);
	unlink(path);
	struct simpoint_opts o;
	simpoint_opts_default(&o);
	o.max_k = campaign_auto_max_k(fv.n_rows);
	struct simpoint_result r;
	assert_int_equal(simpoint_cluster(&fv, &o, &r, err, sizeof(err)), 0);
	int label[5] = { -1, -1, -1, -1, -1 };
	for (int i = 0; i < 48; i++) {
		int ph = i * 5 / 48;
		if (label[ph] < 0)
			label[ph] = r.labels[i];
		assert_int_equal(r.labels[i], label[ph]);
	}
	for (int a = 0; a < 5; a++)
		for (int b = a + 1; b < 5; b++)
			assert_int_not_equal(label[a], label[b]);
	simpoint_result_free(&r);
	simpoint_fv_free(&fv);
}

/* A result of n intervals labelled by lab[], every interval at distance i from its centre. */
static void make_result(struct simpoint_result *r, int k, size_t n, const int *lab)
{
	memset(r, 0, sizeof(*r));
	r->k = k;
	r->n_rows = n;
	r->labels = malloc(n * sizeof(int));
	r->dists = malloc(n * sizeof(double));
	r->cluster_weight = calloc((size_t)k, sizeof(double));
	r->point = malloc((size_t)k * sizeof(long));
	r->selected = calloc((size_t)k, sizeof(int));
	assert_true(r->labels && r->dists && r->cluster_weight && r->point && r->selected);
	for (int j = 0; j < k; j++) {
		r->point[j] = -1;
		r->selected[j] = 1;
	}
	for (size_t i = 0; i < n; i++) {
		r->labels[i] = lab[i];
		r->dists[i] = (double)((i * 7) % 11);
		r->cluster_weight[lab[i]] += 1.0 / (double)n;
		if (r->point[lab[i]] < 0 || r->dists[i] < r->dists[r->point[lab[i]]])
			r->point[lab[i]] = (long)i;
	}
}

static void test_split(void **state)
{
	(void)state;
	/* cluster 0: six intervals at warm CPI 1.04-1.18 and four at 10; cluster 1: 2.0-2.18 */
	int lab[20];
	double sig[20];
	for (int i = 0; i < 20; i++) {
		lab[i] = i < 10 ? 0 : 1;
		sig[i] = i < 10 ? (i % 5 < 2 ? 10.0 : 1.0 + 0.02 * i) : 2.0 + 0.02 * (i - 10);
	}
	struct simpoint_result r;
	struct simpoint_split *sp;
	int nsp;
	make_result(&r, 2, 20, lab);
	assert_int_equal(simpoint_split_by_signature(&r, sig, NULL, 1.5, 10, &sp, &nsp), 0);
	assert_int_equal(nsp, 1);
	assert_int_equal(r.k, 3);
	assert_int_equal(sp[0].cluster, 0);
	assert_int_equal(sp[0].parts, 2);
	assert_int_equal(sp[0].first_new, 2);
	assert_int_equal(sp[0].n, 10);
	assert_true(fabs(sp[0].lo - 1.04) < 1e-9 && fabs(sp[0].hi - 10.0) < 1e-9);
	for (int i = 0; i < 20; i++) {
		int want = i >= 10 ? 1 : sig[i] > 5 ? 2 : 0;
		assert_int_equal(r.labels[i], want);
	}
	assert_true(fabs(r.cluster_weight[0] - 0.3) < 1e-12);
	assert_true(fabs(r.cluster_weight[1] - 0.5) < 1e-12);
	assert_true(fabs(r.cluster_weight[2] - 0.2) < 1e-12);
	for (int j = 0; j < 3; j++) {
		assert_true(r.point[j] >= 0);
		assert_int_equal(r.labels[r.point[j]], j);
		assert_true(r.selected[j]);
		for (int i = 0; i < 20; i++)  /* each part's point: its interval nearest the centre */
			if (r.labels[i] == j)
				assert_true(r.dists[r.point[j]] <= r.dists[i]);
	}
	free(sp);
	simpoint_result_free(&r);

	/* at the cap nothing splits */
	make_result(&r, 2, 20, lab);
	assert_int_equal(simpoint_split_by_signature(&r, sig, NULL, 1.5, 2, &sp, &nsp), 0);
	assert_int_equal(nsp, 0);
	assert_null(sp);
	assert_int_equal(r.k, 2);
	simpoint_result_free(&r);

	/* a gradient 1, 1.3, ..., 1.3^9 in one cluster: every part spreads at most 1.5 */
	int one[10] = { 0 };
	double grad[10];
	for (int i = 0; i < 10; i++)
		grad[i] = pow(1.3, i);
	make_result(&r, 1, 10, one);
	assert_int_equal(simpoint_split_by_signature(&r, grad, NULL, 1.5, 100, &sp, &nsp), 0);
	assert_int_equal(nsp, 1);
	assert_int_equal(r.k, sp[0].parts);
	assert_true(r.k >= 5);
	double wsum = 0;
	for (int j = 0; j < r.k; j++) {
		double lo = INFINITY, hi = 0;
		for (int i = 0; i < 10; i++)
			if (r.labels[i] == j) {
				lo = fmin(lo, grad[i]);
				hi = fmax(hi, grad[i]);
			}
		assert_true(hi <= 1.5 * lo + 1e-12);
		wsum += r.cluster_weight[j];
	}
	assert_true(fabs(wsum - 1) < 1e-12);
	free(sp);
	simpoint_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_t_quantile),
		cmocka_unit_test(test_stratified),
		cmocka_unit_test(test_pooled),
		cmocka_unit_test(test_coverage),
		cmocka_unit_test(test_two_stage),
		cmocka_unit_test(test_auto_max_k),
		cmocka_unit_test(test_five_phases),
		cmocka_unit_test(test_split),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
