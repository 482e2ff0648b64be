/*
 * campaign_jobs.c — a campaign driven through its jobs: prepared for them, its points run
 * here next to the full detailed run, the results loaded back (see campaign_jobs.h).
 */
#include "campaign/campaign_jobs.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "campaign/campaign_priv.h"
#include "campaign/campaign_prof.h"

int campaign_jobs_prepare(struct campaign *c, const char *dir, const struct campaign_opts *o,
                          const struct core_config *cfg, int argc, char **argv,
                          uint64_t prof_period_cycles, double *prep_s, char *err, size_t errlen)
{
	char absdir[PATH_MAX];
	double t0 = campaign_now();
	int rc = campaign_prepare(c, dir, o, cfg, argc, argv, err, errlen);
	if (rc)
		goto out;
	/* the jobs and scripts name the directory absolutely */
	if (!realpath(dir, absdir)) {
		rc = campaign_fail(err, errlen, -errno, "%s: %s", dir, strerror(errno));
		goto out;
	}
	snprintf(c->dir, sizeof(c->dir), "%s", absdir);
	if (prof_period_cycles &&
	    (rc = campaign_prof_enable(c->dir, prof_period_cycles, err, errlen)))
		goto out;
	*prep_s = campaign_now() - t0;
	return 0;
out:
	campaign_free(c);
	return rc;
}

/* The full detailed run in a child, its message on stderr as "robin CMD: ...". The child's
 * pid, or -1 with errno set. */
static pid_t campaign_jobs_truth_start(const char *dir, const char *cmd)
{
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		char err[1024];
		int rc = campaign_truth_run(dir, err, sizeof(err));
		if (rc)
			fprintf(stderr, "robin %s: %s\n", cmd, err);
		_exit(rc ? 1 : 0);
	}
	return pid;
}

int campaign_jobs_run(const struct campaign *c, uint64_t jobs, int validate,
                      const char *cmd, struct campaign_jobs *out)
{
	char err[1024];
	pid_t truth = -1;
	memset(out, 0, sizeof(*out));
	if (validate && (truth = campaign_jobs_truth_start(c->dir, cmd)) < 0) {
		int rc = -errno;
		fprintf(stderr, "robin %s: fork: %s\n", cmd, strerror(-rc));
		return rc;
	}
	double t0 = campaign_now();
	/* the points' loop may reap the full run's child when it ends first */
	int truth_status = 0;
	int rc = campaign_run_local(c, (int)(validate && jobs > 1 ? jobs - 1 : jobs), &truth,
	                            &truth_status, err, sizeof(err));
	out->points_s = campaign_now() - t0;
	if (rc)
		fprintf(stderr, "robin %s: %s\n", cmd, err);
	int truth_ok = truth < 0 ? truth_status == 0 : campaign_wait(truth) == 0;
	if (!rc && (rc = campaign_load(&out->c, c->dir, err, sizeof(err))))
		fprintf(stderr, "robin %s: %s\n", cmd, err);
	if (rc)
		return rc;
	out->have_truth = validate && truth_ok &&
	                  !campaign_truth_load(&out->c, &out->t, err, sizeof(err));
	if (validate && !out->have_truth) {
		fprintf(stderr, "robin %s: the full detailed run failed%s%s\n", cmd,
		        truth_ok ? ": " : "", truth_ok ? err : "");
		campaign_free(&out->c);
		return -EIO;
	}
	return 0;
}

int campaign_jobs_load(struct campaign_jobs *out, const char *dir, char *err, size_t errlen)
{
	char terr[1024];
	memset(out, 0, sizeof(*out));
	int rc = campaign_load(&out->c, dir, err, errlen);
	if (rc)
		return rc;
	out->have_truth = !campaign_truth_load(&out->c, &out->t, terr, sizeof(terr));
	return 0;
}

void campaign_jobs_free(struct campaign_jobs *j)
{
	if (j->have_truth)
		campaign_truth_free(&j->t);
	campaign_free(&j->c);
}
