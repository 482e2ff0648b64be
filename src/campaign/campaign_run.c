/*
 * campaign_run.c — running a campaign's detailed simulations (see campaign.h): one point
 * from its checkpoint (warming, then detail), all points as local jobs, the Slurm scripts,
 * and the full detailed run that validation compares against (cycles per interval from the
 * commit cycle of each interval's last instruction).
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "campaign/campaign.h"
#include "campaign/campaign_priv.h"
#include "campaign/campaign_prof.h"
#include "core/source.h"
#include "emu/checkpoint.h"

static int campaign_core_config(const char *dir, struct core_config *cfg, char *err, size_t errlen)
{
	char path[PATH_MAX], cerr[CONFIG_ERR_LEN];
	config_defaults(cfg);
	if (campaign_path(path, sizeof(path), dir, "core.cfg"))
		return campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
	if (config_load_file(cfg, path, cerr) || config_validate(cfg, cerr))
		return campaign_fail(err, errlen, -EINVAL, "%s", cerr);
	return 0;
}

/* Write "cycles", "instructions" and the cycle stack of c to dir/point-I.txt (atomically). */
static int campaign_write_result(const char *dir, int index, const struct core_stats *s,
                                 double secs, char *err, size_t errlen)
{
	char path[PATH_MAX], tmp[PATH_MAX + 8];
	if (campaign_path(path, sizeof(path), dir, "point-%d.txt", index))
		return campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	if (!f)
		return campaign_fail(err, errlen, -errno, "cannot write %s: %s", tmp, strerror(errno));
	fprintf(f, "cycles %" PRIu64 "\ninstructions %" PRIu64 "\nhost_seconds %.3f\n", s->cycles,
	        s->instructions, secs);
	for (unsigned k = 0; k < CORE_STACK_N; k++)
		fprintf(f, "stack %u %" PRIu64 "\n", k, s->stack[k]);
	if (fclose(f) || rename(tmp, path))
		return campaign_fail(err, errlen, -EIO, "cannot write %s", path);
	return 0;
}

/* The campaign in dir_arg with its core configuration; c->dir is absolute, since the guest
 * may change the working directory. 0 or -errno with a message (nothing to free then). */
static int campaign_open(const char *dir_arg, struct campaign *c, struct core_config *cfg,
                         char *err, size_t errlen)
{
	char dir[PATH_MAX];
	if (!realpath(dir_arg, dir))
		return campaign_fail(err, errlen, -errno, "%s: %s", dir_arg, strerror(errno));
	int rc = campaign_load(c, dir, err, errlen);
	if (rc)
		return rc;
	rc = campaign_core_config(dir, cfg, err, errlen);
	if (rc)
		campaign_free(c);
	return rc;
}

/* With profile.txt in dir: the campaign's profilers on core (*pmu NULL otherwise). 0 or -errno
 * with a message. */
static int campaign_prof_attach(const char *dir, struct core *core, const struct core_config *cfg,
                                struct pmu **pmu, char *err, size_t errlen)
{
	uint64_t period;
	struct probe_consumer pc;
	*pmu = NULL;
	int rc = campaign_prof_wanted(dir, &period, err, errlen);
	if (rc <= 0)
		return rc;
	if ((rc = campaign_prof_pmu(period, cfg->commit_width, pmu)))
		return campaign_fail(err, errlen, rc, "cannot set up the profilers: %s", strerror(-rc));
	pmu_consumer(*pmu, &pc);
	if ((rc = core_attach(core, &pc)))
		return campaign_fail(err, errlen, rc, "cannot attach the profilers");
	return 0;
}

/* The run ended: save the profiles of pmu (if any) to dir/NAME. 0 or -errno with a message. */
static int campaign_prof_finish(const char *dir, struct pmu *pmu, const struct emu *e,
                                const char *name, char *err, size_t errlen)
{
	char path[PATH_MAX];
	if (!pmu)
		return 0;
	pmu_finish(pmu);
	if (campaign_path(path, sizeof(path), dir, "%s", name))
		return campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
	if (pmu_oom(pmu))
		return campaign_fail(err, errlen, -ENOMEM, "out of memory while profiling");
	return campaign_prof_save(pmu, e, path, err, errlen);
}

int campaign_point_run(const char *dir_arg, int index, char *err, size_t errlen)
{
	char path[PATH_MAX], out[PATH_MAX];
	struct campaign c;
	struct core_config cfg;
	int rc = campaign_open(dir_arg, &c, &cfg, err, errlen);
	if (rc)
		return rc;
	const char *dir = c.dir;
	if (index < 0 || index >= c.n_points) {
		rc = campaign_fail(err, errlen, -EINVAL, "%s has points 0..%d, not %d", dir,
		                   c.n_points - 1, index);
		goto out_campaign;
	}
	const struct campaign_point *p = &c.pts[index];
	if (campaign_path(path, sizeof(path), dir, "insn-%" PRIu64 ".ckpt", p->start - p->warmup) ||
	    campaign_path(out, sizeof(out), dir, "point-%d.out", index)) {
		rc = campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
		goto out_campaign;
	}
	struct emu_config ec = { .virtual_time = 1 };
	struct emu *e = NULL;
	struct core *core = NULL;
	struct pmu *pmu = NULL;
	char pname[32];
	rc = emu_create(&ec, &e);
	if (rc) {
		campaign_fail(err, errlen, rc, "cannot create the emulator: %s", strerror(-rc));
		goto out_campaign;
	}
	fflush(NULL);
	if (campaign_guest_output(out)) {
		rc = campaign_fail(err, errlen, -EIO, "cannot write %s", out);
		goto out;
	}
	rc = checkpoint_restore(e, path, err, errlen);
	if (rc)
		goto out;
	struct source_emu se;
	struct core_source src;
	source_emu_init(&se, e, p->length, &src);
	rc = core_create(&cfg, &src, &core);
	if (rc) {
		campaign_fail(err, errlen, rc, "cannot create the core: %s", strerror(-rc));
		goto out;
	}
	if ((rc = campaign_prof_attach(dir, core, &cfg, &pmu, err, errlen)))
		goto out;
	double t0 = campaign_now();
	struct emu_dyn d;
	for (uint64_t k = 0; k < p->warmup; k++) {
		if (emu_step(e, &d) != EMU_RUNNING) {
			rc = campaign_fail(err, errlen, -EIO, "point %d: the program ended while warming",
			                   index);
			goto out;
		}
		core_warm(core, &d);
	}
	core_warm_done(core);
	rc = core_run(core, NULL);
	if (rc) {
		campaign_fail(err, errlen, rc, "point %d: the core stopped (%s)", index, strerror(-rc));
		goto out;
	}
	snprintf(pname, sizeof(pname), "point-%d.prof", index);
	if ((rc = campaign_prof_finish(dir, pmu, e, pname, err, errlen)))
		goto out;
	rc = campaign_write_result(dir, index, core_stats(core), campaign_now() - t0, err, errlen);
out:
	core_destroy(core);
	pmu_destroy(pmu);
	emu_destroy(e);
out_campaign:
	campaign_free(&c);
	return rc;
}

int campaign_run_local(const struct campaign *c, const char *self, int jobs, char *err,
                       size_t errlen)
{
	pid_t *pid = calloc((size_t)c->n_points, sizeof(*pid));
	if (!pid)
		return campaign_fail(err, errlen, -ENOMEM, "out of memory");
	int next = 0, running = 0, rc = 0;
	if (jobs < 1)
		jobs = 1;
	fflush(NULL);
	while ((next < c->n_points && !rc) || running) {
		if (next < c->n_points && running < jobs && !rc) {
			char idx[16], log[PATH_MAX];
			snprintf(idx, sizeof(idx), "%d", next);
			campaign_path(log, sizeof(log), c->dir, "point-%d.log", next);
			pid_t p = fork();
			if (p < 0) {
				rc = campaign_fail(err, errlen, -errno, "fork: %s", strerror(errno));
				continue;
			}
			if (p == 0) {
				FILE *lf = freopen(log, "w", stderr);
				(void)lf;
				execl(self, self, "simpoint", "point", c->dir, idx, (char *)NULL);
				_exit(127);
			}
			pid[next++] = p;
			running++;
			continue;
		}
		int status;
		pid_t done = wait(&status);
		if (done < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		running--;
		for (int i = 0; i < next; i++)
			if (pid[i] == done && !(WIFEXITED(status) && WEXITSTATUS(status) == 0) && !rc)
				rc = campaign_fail(err, errlen, -EIO, "point %d failed (see %s/point-%d.log)",
				                   i, c->dir, i);
	}
	free(pid);
	return rc;
}

int campaign_write_slurm(const struct campaign *c, const char *self, char *err, size_t errlen)
{
	static const char *const names[3] = { "points.sbatch", "merge.sbatch", "submit.sh" };
	for (int k = 0; k < 3; k++) {
		char path[PATH_MAX];
		if (campaign_path(path, sizeof(path), c->dir, "%s", names[k]))
			return campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
		FILE *f = fopen(path, "w");
		if (!f)
			return campaign_fail(err, errlen, -errno, "cannot write %s: %s", path, strerror(errno));
		if (k == 0)
			fprintf(f, "#!/bin/sh\n"
			        "# robin simpoint: one detailed simulation per array task\n"
			        "#SBATCH --job-name=robin-points\n#SBATCH --array=0-%d\n"
			        "#SBATCH --ntasks=1\n#SBATCH --output=%s/slurm-point-%%a.log\n"
			        "exec '%s' simpoint point '%s' \"$SLURM_ARRAY_TASK_ID\"\n",
			        c->n_points - 1, c->dir, self, c->dir);
		else if (k == 1)
			fprintf(f, "#!/bin/sh\n"
			        "# robin simpoint: the weighted estimate once every point has run\n"
			        "#SBATCH --job-name=robin-merge\n#SBATCH --ntasks=1\n"
			        "#SBATCH --output=%s/slurm-merge.log\n"
			        "exec '%s' simpoint merge '%s' --stats-json '%s/result.json'\n",
			        c->dir, self, c->dir, c->dir);
		else
			fprintf(f, "#!/bin/sh\n"
			        "# submit the points as a job array and the merge after all of them\n"
			        "set -e\n"
			        "jid=$(sbatch --parsable '%s/points.sbatch')\n"
			        "sbatch --parsable --dependency=afterok:\"${jid%%%%;*}\" '%s/merge.sbatch'\n",
			        c->dir, c->dir);
		if (fclose(f))
			return campaign_fail(err, errlen, -EIO, "cannot write %s", path);
		chmod(path, 0755);
	}
	return 0;
}

/* ---- the full detailed run ------------------------------------------------------------ */

struct campaign_commits {
	const struct campaign *c;
	uint64_t committed;
	size_t next;                /* the interval whose end comes next */
	uint64_t *end_cycle;        /* commit cycle of each interval's last instruction */
};

static void campaign_on_insn(void *ctx, const struct probe_insn *rec)
{
	struct campaign_commits *k = ctx;
	if (!rec->committed)
		return;
	k->committed++;
	while (k->next < k->c->n_intervals &&
	       k->committed == k->c->start[k->next] + k->c->length[k->next])
		k->end_cycle[k->next++] = rec->t_end;
}

int campaign_truth_run(const char *dir_arg, char *err, size_t errlen)
{
	char out[PATH_MAX], path[PATH_MAX], tmp[PATH_MAX + 8];
	struct campaign c;
	struct core_config cfg;
	int rc = campaign_open(dir_arg, &c, &cfg, err, errlen);
	if (rc)
		return rc;
	const char *dir = c.dir;
	struct campaign_commits k = { &c, 0, 0, calloc(c.n_intervals + 1, sizeof(uint64_t)) };
	struct emu *e = NULL;
	struct core *core = NULL;
	struct pmu *pmu = NULL;
	if (!k.end_cycle) {
		rc = campaign_fail(err, errlen, -ENOMEM, "out of memory");
		goto out;
	}
	campaign_path(out, sizeof(out), dir, "full.out");
	campaign_path(path, sizeof(path), dir, "truth.txt");
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	fflush(NULL);
	if (campaign_guest_output(out)) {
		rc = campaign_fail(err, errlen, -EIO, "cannot write %s", out);
		goto out;
	}
	rc = campaign_emu_load(c.sysroot[0] ? c.sysroot : NULL, c.seed, c.argc, c.argv, &e);
	if (rc) {
		campaign_fail(err, errlen, rc, "cannot load %s", c.prog);
		goto out;
	}
	struct source_emu se;
	struct core_source src;
	source_emu_init(&se, e, 0, &src);
	rc = core_create(&cfg, &src, &core);
	struct probe_consumer pc = { .ctx = &k, .on_insn = campaign_on_insn };
	if (!rc)
		rc = core_attach(core, &pc);
	if (rc) {
		campaign_fail(err, errlen, rc, "cannot create the core: %s", strerror(-rc));
		goto out;
	}
	if ((rc = campaign_prof_attach(dir, core, &cfg, &pmu, err, errlen)))
		goto out;
	double t0 = campaign_now();
	rc = core_run(core, NULL);
	double secs = campaign_now() - t0;
	if (rc) {
		campaign_fail(err, errlen, rc, "the full detailed run stopped (%s)", strerror(-rc));
		goto out;
	}
	if ((rc = campaign_prof_finish(dir, pmu, e, "truth.prof", err, errlen)))
		goto out;
	const struct core_stats *s = core_stats(core);
	FILE *f = fopen(tmp, "w");
	if (!f) {
		rc = campaign_fail(err, errlen, -errno, "cannot write %s", tmp);
		goto out;
	}
	fprintf(f, "cycles %" PRIu64 "\ninstructions %" PRIu64 "\nhost_seconds %.3f\n", s->cycles,
	        s->instructions, secs);
	for (size_t i = 0; i < k.next; i++)
		fprintf(f, "I %zu %" PRIu64 "\n", i, k.end_cycle[i] - (i ? k.end_cycle[i - 1] : 0));
	if (fclose(f) || rename(tmp, path))
		rc = campaign_fail(err, errlen, -EIO, "cannot write %s", path);
out:
	core_destroy(core);
	pmu_destroy(pmu);
	emu_destroy(e);
	free(k.end_cycle);
	campaign_free(&c);
	return rc;
}

int campaign_truth_load(const struct campaign *c, struct campaign_truth *t, char *err, size_t errlen)
{
	char path[PATH_MAX], line[128];
	memset(t, 0, sizeof(*t));
	campaign_path(path, sizeof(path), c->dir, "truth.txt");
	FILE *f = fopen(path, "r");
	if (!f)
		return campaign_fail(err, errlen, -errno, "cannot read %s: %s", path, strerror(errno));
	t->interval_cycles = calloc(c->n_intervals + 1, sizeof(uint64_t));
	if (!t->interval_cycles) {
		fclose(f);
		return campaign_fail(err, errlen, -ENOMEM, "out of memory");
	}
	size_t n = 0;
	while (fgets(line, sizeof(line), f)) {
		size_t i;
		uint64_t v;
		if (sscanf(line, "cycles %" SCNu64, &t->cycles) == 1 ||
		    sscanf(line, "instructions %" SCNu64, &t->insns) == 1 ||
		    sscanf(line, "host_seconds %lf", &t->host_seconds) == 1)
			continue;
		if (sscanf(line, "I %zu %" SCNu64, &i, &v) == 2 && i < c->n_intervals) {
			t->interval_cycles[i] = v;
			n++;
		}
	}
	fclose(f);
	if (!t->insns || n != c->n_intervals) {
		campaign_truth_free(t);
		return campaign_fail(err, errlen, -EINVAL, "%s: incomplete (%zu of %zu intervals)", path,
		                     n, c->n_intervals);
	}
	return 0;
}

void campaign_truth_free(struct campaign_truth *t)
{
	free(t->interval_cycles);
	t->interval_cycles = NULL;
}
