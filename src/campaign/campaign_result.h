/*
 * campaign_result.h — what `robin simpoint run|merge` reports of a campaign: the weighted
 * estimate, next to the full detailed run when it was validated (each point's interval and
 * its cluster's CPI spread in the full run), the weighted profiles' errors and the host times.
 * Entry points: campaign_result_estimate, campaign_result_spread, campaign_result_json_write
 * (the --stats-json document); src/report/simpoint_report.c prints it as text.
 */
#ifndef ROBIN_CAMPAIGN_CAMPAIGN_RESULT_H
#define ROBIN_CAMPAIGN_CAMPAIGN_RESULT_H

#include <stddef.h>

#include "campaign/campaign.h"
#include "campaign/campaign_prof_eval.h"

struct campaign_result {
	const struct campaign *c;         /* loaded with the points' results */
	const struct campaign_truth *t;   /* the full detailed run, or NULL */
	struct campaign_prof_eval pe;     /* the weighted profiles (campaign_prof_eval) */
	double prep_s, points_s;          /* host seconds of preparation and points (0: unknown) */
	double pass_s[CAMPAIGN_PASSES];   /* of the preparation's passes (campaign.pass_s) */
	/* campaign_result_estimate's */
	struct campaign_estimate est;
	double cpi_full;                  /* the full run's CPI (0 without t) */
	double cpi_error;                 /* |est.cpi - cpi_full| / cpi_full (0 without t) */
	/* est.cpi - cpi_full in two parts, relative to cpi_full (0 without t): the points'
	 * own error, sum w_p (point CPI - its interval's CPI in the full run), and the sampling
	 * error, sum w_p (that interval's CPI) - cpi_full */
	double err_points, err_sampling;
	/* the points' processes' host seconds summed (point-I.txt): their stretches of their
	 * chains' warming, and their own runs (units in detail, functional warming between);
	 * both 0 when no point timed its warming apart */
	double points_warm_s, points_own_s;
};

/* The CPI of one cluster's intervals in the full detailed run. */
struct campaign_result_spread {
	int n;                            /* intervals of the cluster (with instructions) */
	double mean, min, max, sd;        /* cycles per instruction */
};

/* Fill r->est, r->cpi_full and r->cpi_error from r->c and r->t. Returns 0, or -EAGAIN with
 * a message when a point has no result (campaign_estimate). */
int campaign_result_estimate(struct campaign_result *r, char *err, size_t errlen)
	__attribute__((warn_unused_result));

/* The spread of the full run t's CPI over the intervals of `cluster` (all 0 when it has none). */
void campaign_result_spread(const struct campaign *c, const struct campaign_truth *t, int cluster,
                            struct campaign_result_spread *s);

/* Write r (after campaign_result_estimate) as the --stats-json document to path. Returns 0 or
 * -errno with "cannot write PATH..." in err. */
int campaign_result_json_write(const struct campaign_result *r, const char *path, char *err,
                               size_t errlen) __attribute__((warn_unused_result));

#endif
