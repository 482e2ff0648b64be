/*
 * campaign_jobs.h — a campaign driven through its jobs, as `robin simpoint run|merge` do:
 * prepared in a directory that jobs and scripts name absolutely, with the profilers asked for
 * (campaign_jobs_prepare); its points run here as local jobs while the full detailed run of
 * --validate goes alongside in a child (campaign_jobs_run); the results loaded back, after
 * local jobs or Slurm's (campaign_jobs_load).
 */
#ifndef ROBIN_CAMPAIGN_CAMPAIGN_JOBS_H
#define ROBIN_CAMPAIGN_CAMPAIGN_JOBS_H

#include <stddef.h>
#include <stdint.h>

#include "campaign/campaign.h"

/* What the jobs left in the campaign directory. */
struct campaign_jobs {
	struct campaign c;          /* the manifest with the points' results */
	struct campaign_truth t;    /* the full detailed run's, when have_truth */
	int have_truth;
	double points_s;            /* host seconds the points took (0: not run here) */
};

/* campaign_prepare in dir, then c->dir made absolute and, when prof_period_cycles > 0, the
 * detailed runs' profilers asked for (campaign_prof_enable); *prep_s: the host seconds it took.
 * Returns 0, or -errno with a message (c freed then). */
int campaign_jobs_prepare(struct campaign *c, const char *dir, const struct campaign_opts *o,
                          const struct core_config *cfg, int argc, char **argv,
                          uint64_t prof_period_cycles, double *prep_s, char *err, size_t errlen)
	__attribute__((warn_unused_result));

/* Run the points of the prepared campaign c as local jobs (campaign_run_local, jobs at a
 * time; one fewer with validate, whose full detailed run goes alongside in a child), wait
 * for all, and load the results into out (campaign_jobs_free it). Returns 0, or -errno after
 * printing "robin CMD: ..." on stderr (as soon as a step fails, while the others still run;
 * nothing to free then). */
int campaign_jobs_run(const struct campaign *c, uint64_t jobs, int validate,
                      const char *cmd, struct campaign_jobs *out)
	__attribute__((warn_unused_result));

/* Load the campaign in dir with its points' results, and the full run's when truth.txt is
 * complete. Returns 0, or -errno with a message (nothing to free then). */
int campaign_jobs_load(struct campaign_jobs *out, const char *dir, char *err, size_t errlen)
	__attribute__((warn_unused_result));

void campaign_jobs_free(struct campaign_jobs *j);

#endif
