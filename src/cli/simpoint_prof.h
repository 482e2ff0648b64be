/*
 * simpoint_prof.h — a SimPoint campaign's weighted profiles for `robin simpoint run|merge`
 * (campaign/campaign_prof.h): the points' Oracle and TIP profiles combined by the clusters'
 * weights, stored in the profile database as one run (so `robin prof`, `annotate` and
 * `report` show it), and, when the full detailed run was profiled too (--validate), their
 * profile errors (004_b28092482852db08.txt Paper A §4) against the full run's exact Oracle
 * profile next to the full run's own TIP.
 */
#ifndef ROBIN_CLI_SIMPOINT_PROF_H
#define ROBIN_CLI_SIMPOINT_PROF_H

#include <stdint.h>
#include <stdio.h>

#include "analysis/pmu_eval.h"
#include "campaign/campaign.h"
#include "util/json.h"

/* TIP's sampling period in a campaign's detailed runs unless --profile-period says: a prime
 * near a thousand cycles, so that every 10M-instruction point gets thousands of samples and
 * the period does not alias with loops of round trip counts. */
#define SIMPOINT_PROF_PERIOD_DEFAULT 1009

struct simpoint_prof_eval {
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
};

/* Combine the campaign's point profiles (nothing when it did not profile: out->have = 0),
 * store them in the database at db_path (NULL: DIR/robin.db) as one run, printing its id on
 * info, and evaluate them against truth.prof when present. Returns 0 or -errno after printing
 * "robin CMD: ..." on stderr (cmd: "simpoint run"). */
int simpoint_prof_eval(const struct campaign *c, const char *cmd, const char *db_path,
                       struct simpoint_prof_eval *out, FILE *info)
	__attribute__((warn_unused_result));

/* The errors as lines on out. */
void simpoint_prof_print(FILE *out, const struct simpoint_prof_eval *pe);

/* The member "profile" (the caller's object is open); nothing when !pe->have. */
void simpoint_prof_json(struct json *j, const struct simpoint_prof_eval *pe);

#endif
