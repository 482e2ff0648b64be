/*
 * campaign_prof_eval.h — a campaign's weighted profiles (campaign_prof.h) as `robin simpoint
 * run|merge` report them: the points' Oracle and TIP profiles combined by the clusters'
 * weights, stored in the profile database as one run (so `robin prof`, `annotate` and
 * `report` show it), and, when the full detailed run was profiled too (--validate), their
 * profile errors (004_b28092482852db08.txt Paper A §4) against the full run's exact Oracle
 * profile next to the full run's own TIP; and the weighted Oracle's heaviest functions, each
 * share with a 95% interval from the points' spread within their clusters (the share is a
 * ratio of two stratified estimates, its variance that of the linearised residual
 * cycles_f - share * cycles per point, strat_ci_compute_pooled with each cluster's mean CPI as
 * the unit). Entry points: campaign_prof_eval, its JSON member.
 */
#ifndef ROBIN_CAMPAIGN_CAMPAIGN_PROF_EVAL_H
#define ROBIN_CAMPAIGN_CAMPAIGN_PROF_EVAL_H

#include <stdint.h>
#include <stdio.h>

#include "analysis/pmu_eval.h"
#include "campaign/campaign.h"
#include "util/json.h"

/* The weighted profile's heaviest functions (at most CAMPAIGN_PROF_TOP, each at least
 * CAMPAIGN_PROF_TOP_MIN of the cycles), each with a 95% interval of its share. */
#define CAMPAIGN_PROF_TOP 10
#define CAMPAIGN_PROF_TOP_MIN 0.01

struct campaign_prof_share {
	char func[CODE_MAP_TEXT_MAX];  /* the function ("__ceil"; the image's name outside one) */
	double share;              /* of the weighted Oracle's cycles */
	double lo, hi;             /* its 95% interval (clamped to [0, 1]) */
	int ci_ok;                 /* 0: no interval (a cluster of one point, none of two) */
	double full;               /* the full run's Oracle share (have_truth), else -1 */
};

struct campaign_prof_eval {
	int have;                  /* the weighted profiles exist */
	int have_truth;            /* and the full run's (truth.prof) */
	uint64_t tip_samples;      /* TIP samples taken in the points */
	uint64_t full_tip_samples; /* in the full run */
	double weighted_cycles;    /* the weighted Oracle's total (estimated program cycles) */
	/* errors against the full run's Oracle, at instruction, block and function level */
	struct profile_error w_oracle[PMU_EVAL_GRAN_N];   /* weighted Oracle */
	struct profile_error w_tip[PMU_EVAL_GRAN_N];      /* weighted TIP */
	struct profile_error full_tip[PMU_EVAL_GRAN_N];   /* the full run's TIP */
	struct profile_error w_tip_w_oracle[PMU_EVAL_GRAN_N]; /* weighted TIP vs weighted Oracle */
	struct campaign_prof_share top[CAMPAIGN_PROF_TOP];   /* heaviest first */
	int n_top;
};

/* Combine the campaign's point profiles (nothing when it did not profile: out->have = 0),
 * store them in the database at db_path (NULL: DIR/robin.db) as one run, printing its id on
 * info, and evaluate them against truth.prof when present. Returns 0 or -errno after printing
 * "robin CMD: ..." on stderr (cmd: "simpoint run"), as sim_profile_store_units does. */
int campaign_prof_eval(const struct campaign *c, const char *cmd, const char *db_path,
                       struct campaign_prof_eval *out, FILE *info)
	__attribute__((warn_unused_result));

/* The member "profile" (the caller's object is open); nothing when !pe->have. */
void campaign_prof_eval_json(struct json *j, const struct campaign_prof_eval *pe);

#endif
