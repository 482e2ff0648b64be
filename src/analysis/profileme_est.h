/*
 * profileme_est.h — estimators over ProfileMe samples (000_424085ad3398c1f4.txt §5): event
 * counts kS with their coefficient of variation √(1/k) and a 95% interval, the fraction of
 * PCs inside the 1 ± 1/√k envelope of Figure 3 against the exact counts, the wasted issue
 * slots of §5.2.3 (L_I·C·S/2 − U_I·W·S) and the Pearson correlation used to compare them
 * with the exact values. Entry points: pm_est_count, pm_est_envelope, pm_est_wasted,
 * pm_est_wasted_eval (its Pearson r from analysis/correlation.h).
 */
#ifndef ROBIN_ANALYSIS_PROFILEME_EST_H
#define ROBIN_ANALYSIS_PROFILEME_EST_H

#include <stddef.h>
#include <stdint.h>

#include "pmu/profileme.h"

/* An estimate with its confidence. */
struct pm_est {
	double est;              /* k·S */
	double cv;               /* √(1/k) (infinite for k = 0) */
	double lo, hi;           /* 95% interval: kS(1 ± 1.96/√k); k = 0: [0, 3S] */
};

/* The estimate of an event count from k samples with the property, one record every S
 * fetched instructions on average. */
void pm_est_count(uint64_t k, double interval, struct pm_est *out);

/* S of pm_est_count for a unit: the interval, or half of it with paired sampling (two
 * records per interval). */
double pm_est_interval(const struct pm_config *cfg);

/* The per-PC properties estimated. */
enum pm_prop { PM_PROP_RETIRE_COUNT, PM_PROP_DCACHE_MISS, PM_PROP_N };
const char *pm_prop_name(enum pm_prop p);  /* "retire_count", "dcache_miss" */
/* k (samples with the property) and the exact count of one PC. */
uint64_t pm_prop_k(const struct pm_pc *e, enum pm_prop p);
uint64_t pm_prop_actual(const struct pm_pc *e, enum pm_prop p);

struct pm_envelope {
	size_t points;           /* PCs with k >= 1 and at least one expected sample (an exact
	                            count >= S): PCs sampled once by luck would sit far above
	                            the envelope by selection alone */
	size_t inside;           /* of which |kS / actual − 1| <= 1/√k */
	double fraction;         /* inside / points (0 when no points) */
	size_t in95;             /* of which the actual count lies inside the 95% interval */
};

/* Figure 3's envelope over the PCs of pcs[0..n). */
void pm_est_envelope(const struct pm_pc *pcs, size_t n, enum pm_prop p, double interval,
		     struct pm_envelope *out);

/* §5.2.3's estimate of the issue slots wasted over all retirements of one PC (paired
 * sampling, interval S, window W, issue width C). */
double pm_est_wasted(const struct pm_pc *e, const struct pm_config *cfg);

/* The wasted-slot estimates against the exact values over PCs with at least min_li_samples
 * cycles of L_I (0: any with L_I > 0): the Pearson r, the PCs compared, and the relative
 * error of the sum over the `top` PCs of most exact wasted slots. */
struct pm_wasted_eval {
	size_t points;
	double pearson;          /* NAN with fewer than 3 points */
	double top_rel_error;    /* |Σ est − Σ exact| / Σ exact over the top PCs */
	size_t top;
};
int pm_est_wasted_eval(const struct pm_pc *pcs, size_t n, const struct pm_config *cfg,
		       size_t top, struct pm_wasted_eval *out) __attribute__((warn_unused_result));

#endif
