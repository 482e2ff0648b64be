/*
 * acc_profileme.c — ProfileMe's experiment over the workload suite (see acc_profileme.h): the
 * selected rows of workloads/suite.tsv, one workload simulated with both units and measured,
 * the suite's pooled figures.
 */
#include "analysis/acc_profileme.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/acc_suite.h"
#include "analysis/code_map.h"
#include "analysis/correlation.h"
#include "emu/emu.h"
#include "sim/sim.h"
#include "sim/sim_profile.h"
#include "sim/sim_profileme.h"

int acc_profileme_select(const char *root, const char *const *names, int nnames,
			 struct acc_profileme_table *t)
{
	struct acc_suite_workload *all = calloc(ACC_PROFILEME_MAX, sizeof(*all));
	size_t nall = 0;
	int rc;
	t->n = 0;
	if (!all)
		return -ENOMEM;
	if ((rc = acc_suite_read(root, all, ACC_PROFILEME_MAX, &nall))) {
		fprintf(stderr, "robin accuracy: cannot read %s/workloads/suite.tsv: %s\n", root,
		        strerror(-rc));
		rc = -ENOENT;
		goto out;
	}
	for (size_t i = 0; i < nall; i++) {
		int want = !nnames;
		for (int k = 0; k < nnames; k++)
			want |= !strcmp(names[k], all[i].name);
		if (!want)
			continue;
		struct acc_profileme_row *r = &t->rows[t->n++];
		memset(r, 0, sizeof(*r));
		memcpy(r->name, all[i].name, sizeof(r->name));
		memcpy(r->cls, all[i].suite_class, sizeof(r->cls));
	}
	for (int k = 0; k < nnames; k++) {
		size_t i = 0;
		while (i < nall && strcmp(names[k], all[i].name))
			i++;
		if (i == nall) {
			fprintf(stderr, "robin accuracy: unknown workload '%s' (not in "
			        "%s/workloads/suite.tsv)\n", names[k], root);
			rc = -EINVAL;
			goto out;
		}
	}
out:
	free(all);
	return rc;
}

/* The row's figures from the finished units. Returns 0 or -ENOMEM. */
static int acc_profileme_measure(struct pm *single, struct pm *paired, struct code_map *m,
				 uint64_t cycles, struct acc_profileme_row *row)
{
	row->cycles = cycles;
	const struct pm_stats *st = pm_stats(single);
	row->fetched = st->fetched;
	row->samples = st->samples;
	row->wrong_path = st->aborted[PM_ABORT_WRONG_PATH];
	row->ipc_wstd_rel = st->ipc_wmean > 0 ? st->ipc_wstd / st->ipc_wmean : 0;
	size_t n;
	const struct pm_pc *pcs = pm_pcs(single, &n);
	for (int k = 0; k < PM_PROP_N; k++)
		pm_est_envelope(pcs, n, (enum pm_prop)k, pm_est_interval(pm_config(single)),
		                &row->env[k]);
	pcs = pm_pcs(paired, &n);
	if (pm_est_wasted_eval(pcs, n, pm_config(paired), 10, &row->we))
		return -ENOMEM;
	row->west = malloc((n ? n : 1) * sizeof(double));
	row->wx = malloc((n ? n : 1) * sizeof(double));
	if (!row->west || !row->wx)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		if (pcs[i].l_i) {
			row->west[row->nw] = pm_est_wasted(&pcs[i], pm_config(paired));
			row->wx[row->nw++] = (double)pcs[i].x_wasted;
		}
	/* paths: the pairs at most 50 apart of the paired unit */
	if (pm_paths_eval(paired, m, SIM_PM_PATH_SAMPLES, SIM_PM_PATH_WINDOW, &row->paths))
		return -ENOMEM;
	row->ok = 1;
	return 0;
}

/* What one workload's simulation hands to the measurement (sim_spec.done). */
struct acc_profileme_run {
	struct acc_profileme_row *row;
	int rc;                      /* 0, -EIO (the simulation failed), -ENOMEM */
};

static int acc_profileme_done(void *ctx, const struct sim_result *sr)
{
	struct acc_profileme_run *k = ctx;
	if (sr->error || !strcmp(sr->end, "fault") || !sr->nthreads)
		return 1;
	k->rc = acc_profileme_measure(sr->thread[0].pm[0], sr->thread[0].pm[1], sr->map,
	                              sr->cycles, k->row);
	return k->rc ? 1 : 0;
}

int acc_profileme_simulate(const struct acc_profileme_opts *o, const char *path,
			   uint32_t window, struct acc_profileme_row *row)
{
	char *argv[3] = { (char *)path, (char *)o->size, NULL };
	struct emu_opts eo = { .cfg = { .virtual_time = 1, .hermetic = 1 } };
	struct acc_profileme_run k = { row, -EIO };
	struct sim_spec *sp = malloc(sizeof(*sp));
	if (!sp) {
		fprintf(stderr, "robin accuracy: %s: out of memory\n", row->name);
		return -1;
	}
	sim_spec_init(sp, "accuracy");
	sp->eo = &eo;
	sp->cfg = *o->core;
	sp->argc = 2;
	sp->argv = argv;
	sp->pmo[0] = (struct sim_pm_opts){ .on = 1, .interval = o->interval, .history_bits = 12 };
	sp->pmo[1] = sp->pmo[0];
	sp->pmo[1].paired = 1;
	sp->pmo[1].window = window;
	sp->quiet = sp->silent = 1;
	sp->progress = 0;
	sp->done = acc_profileme_done;
	sp->done_ctx = &k;
	int rc = sim_run(sp);
	free(sp);
	if (k.rc == -ENOMEM)
		fprintf(stderr, "robin accuracy: %s: out of memory\n", row->name);
	else if (k.rc)
		fprintf(stderr, "robin accuracy: %s: the simulation failed (exit %d)\n", row->name, rc);
	return k.rc ? -1 : 0;
}

/* Simulate and measure one workload. Returns 0 or -1 after a message. */
static int acc_profileme_workload(const struct acc_profileme_opts *o, uint32_t window,
				  struct acc_profileme_row *row)
{
	char path[PATH_MAX];
	snprintf(path, sizeof(path), "%s/build/guest/workloads/%s.static", o->root, row->name);
	return acc_profileme_simulate(o, path, window, row);
}

/* The suite's figures: pooled envelopes, pooled Pearson r, mean path success. */
static int acc_profileme_pool(struct acc_profileme_table *t)
{
	size_t nw = 0;
	for (size_t i = 0; i < t->n; i++)
		for (int k = 0; k < PM_PROP_N; k++) {
			t->env_in[k] += t->rows[i].env[k].inside;
			t->env_pts[k] += t->rows[i].env[k].points;
		}
	for (size_t i = 0; i < t->n; i++)
		nw += t->rows[i].nw;
	double *xs = malloc((nw ? nw : 1) * sizeof(double));
	double *ys = malloc((nw ? nw : 1) * sizeof(double));
	if (!xs || !ys) {
		free(xs);
		free(ys);
		return -ENOMEM;
	}
	nw = 0;
	for (size_t i = 0; i < t->n; i++)
		for (size_t k = 0; k < t->rows[i].nw; k++) {
			xs[nw] = t->rows[i].west[k];
			ys[nw++] = t->rows[i].wx[k];
		}
	t->pooled_r = correlation_pearson(xs, ys, nw);
	t->nw = nw;
	free(xs);
	free(ys);
	for (int s = 0; s < PM_PATH_SCHEMES; s++)
		for (int md = 0; md < PM_PATH_MODES; md++)
			for (unsigned h = 1; h <= PM_PATHS_MAX_HIST; h++) {
				double sum = 0;
				int cnt = 0;
				for (size_t i = 0; i < t->n; i++) {
					double r = pm_paths_rate(&t->rows[i].paths, (enum pm_path_scheme)s,
					                         (enum pm_path_mode)md, h);
					if (t->rows[i].ok && r >= 0) {
						sum += r;
						cnt++;
					}
				}
				t->path[s][md][h - 1] = cnt ? sum / cnt : -1;
			}
	return 0;
}

int acc_profileme_run(const struct acc_profileme_opts *o, struct acc_profileme_table *t)
{
	t->interval = o->interval;
	t->window = o->window ? (uint32_t)o->window : o->core->rob_entries + o->core->fetch_buffer;
	/* the guests write to fd 0/1 directly: /dev/null while they run, the report after */
	fflush(stdout);
	int saved = dup(STDOUT_FILENO), null = open("/dev/null", O_RDWR);
	if (saved >= 0 && null >= 0)
		dup2(null, STDOUT_FILENO);
	for (size_t i = 0; i < t->n; i++) {
		fprintf(stderr, "robin accuracy: %s...\n", t->rows[i].name);
		if (acc_profileme_workload(o, t->window, &t->rows[i]))
			t->failed = 1;
	}
	if (saved >= 0 && null >= 0)
		dup2(saved, STDOUT_FILENO);
	if (saved >= 0)
		close(saved);
	if (null >= 0)
		close(null);
	return acc_profileme_pool(t);
}

void acc_profileme_free(struct acc_profileme_table *t)
{
	for (size_t i = 0; t && i < t->n; i++) {
		free(t->rows[i].west);
		free(t->rows[i].wx);
	}
}
