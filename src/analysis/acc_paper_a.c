/*
 * acc_paper_a.c — 004_b28092482852db08.txt Paper A's experiment (see acc_paper_a.h): the PMUs
 * of the figures, one workload simulated and measured in a child process, the suite's table.
 */
#include "analysis/acc_paper_a.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/code_map.h"
#include "emu/emu.h"
#include "sim/sim.h"

/* Figure A.11a's frequencies, as equivalents of ACC_PAPER_A_PAPER_HZ at the default period. */
static const double acc_paper_a_sweep_hz[] = { 100, 250, 500, 1000, 2000, 4000, 10000, 20000 };
#define ACC_PAPER_A_NSWEEP (sizeof(acc_paper_a_sweep_hz) / sizeof(acc_paper_a_sweep_hz[0]))
/* The profilers of the sensitivity analyses (Figure A.11). */
static const char *const acc_paper_a_sens_models[ACC_PAPER_A_NSENS] = { "tip", "tip-ilp", "nci" };

int acc_paper_a_configure(struct acc_paper_a_opts *o, uint64_t period0, int random)
{
	uint32_t sens = 0;
	for (size_t m = 0; m < ACC_PAPER_A_NSENS; m++)
		sens |= 1u << pmu_model_index(acc_paper_a_sens_models[m]);
	/* Paper A: the Oracle and its eight profilers ("all"); tea: Paper B's (and the Oracle) */
	uint32_t oracle = 1u << pmu_model_index("oracle");
	uint32_t all = 0;
	char perr[64];
	if (pmu_parse_list("all", &all, perr, sizeof(perr)))
		return -EINVAL;
	all |= 1u << pmu_model_index("sscofpmf");  /* RISC-V's perf sampling (docs/sscofpmf.md) */
	if (o->tea)
		sens = all = tea_eval_models() | oracle;
	o->ncfg = 0;
	o->cfg[o->ncfg++] = (struct acc_paper_a_cfg){ period0, random, all, 0 };
	if (o->sweep)
		for (size_t s = 0; s < ACC_PAPER_A_NSWEEP; s++) {
			double pp = (double)period0 * ACC_PAPER_A_PAPER_HZ / acc_paper_a_sweep_hz[s];
			o->cfg[o->ncfg++] = (struct acc_paper_a_cfg){ pp < 1 ? 1 : (uint64_t)llround(pp),
			                                              random, sens,
			                                              acc_paper_a_sweep_hz[s] };
		}
	if (o->compare_random)
		o->cfg[o->ncfg++] = (struct acc_paper_a_cfg){ period0, !random, sens, 0 };
	return 0;
}

/* ---- one workload (in a child process) ----------------------------------------------------- */

/* Store the workload's profiles (cfg 0's PMU) in o->db_path as one run. */
static int acc_paper_a_store(const struct acc_paper_a_opts *o, const struct acc_suite_workload *w,
			     const struct acc_paper_a_result *r, struct pmu *p, struct code_map *m)
{
	char cmdline[PATH_MAX + sizeof(w->args) + 64], *cfgtext = NULL;
	size_t cfglen = 0;
	FILE *cf = open_memstream(&cfgtext, &cfglen);
	if (cf) {
		config_dump(&o->core, cf);
		fclose(cf);
	}
	snprintf(cmdline, sizeof(cmdline), "robin accuracy %s%s%s%s%s", w->path,
	         w->args[0] ? " " : "", w->args, o->size ? " " : "", o->size ? o->size : "");
	struct sim_profile_run run = { .command = cmdline, .config = cfgtext ? cfgtext : "",
	                               .cycles = r->cycles, .instructions = r->instructions,
	                               .exit_status = r->guest_status,
	                               .has_exit = r->guest_status >= 0 };
	int rc = sim_profile_store(o->db_path, "accuracy", &run, p, m, NULL);
	free(cfgtext);
	return rc;
}

/* The errors of every profiler against the Oracle, the class, with tea the PICS errors, and
 * with a database the stored profiles. Returns 0 or -errno with r's message filled. */
static int acc_paper_a_measure(const struct acc_paper_a_opts *o,
			       const struct acc_suite_workload *w, struct pmu *const *pmu,
			       struct code_map *m, struct acc_paper_a_result *r)
{
	char *msg = r->status.msg;
	int rc;
	const struct pmu_unit *oracle = pmu_unit_find(pmu[0], "oracle");
	r->cls = pmu_eval_classify(&oracle->prof, r->stack);
	for (int k = 0; k < o->ncfg; k++)
		for (size_t i = 0; i < pmu_unit_count(pmu[k]); i++) {
			const struct pmu_unit *u = pmu_unit_at(pmu[k], i);
			int mi = pmu_model_index(u->model->name);
			struct profile_error err[PMU_EVAL_GRAN_N];
			r->samples[k][mi] = u->samples;
			if (u->model->every_cycle)
				continue;
			rc = pmu_eval_error(m, &u->prof, &oracle->prof, err);
			if (rc == -ENODATA)
				continue;
			if (rc) {
				snprintf(msg, ACC_JOBS_MSG_MAX, "out of memory");
				return rc;
			}
			r->valid[k][mi] = 1;
			for (int g = 0; g < PMU_EVAL_GRAN_N; g++)
				r->err[k][mi][g] = err[g].error;
		}
	for (int k = 0; k < o->ncfg && o->tea; k++)
		if ((rc = tea_eval_measure(pmu[k], m, &r->tea[k]))) {
			snprintf(msg, ACC_JOBS_MSG_MAX, "cannot measure the PICS: %s", strerror(-rc));
			return rc;
		}
	if (o->db_path && (rc = acc_paper_a_store(o, w, r, pmu[0], m))) {
		snprintf(msg, ACC_JOBS_MSG_MAX, "cannot store the profiles in %s", o->db_path);
		return rc;
	}
	return 0;
}

/* What one workload's simulation hands to the measurement (sim_spec.done). */
struct acc_paper_a_run {
	const struct acc_paper_a_opts *o;
	const struct acc_suite_workload *w;
	struct acc_paper_a_result *r;
	int rc;
};

static int acc_paper_a_done(void *ctx, const struct sim_result *sr)
{
	struct acc_paper_a_run *k = ctx;
	struct acc_paper_a_result *r = k->r;
	r->host_seconds = sr->host_seconds;
	r->cycles = sr->cycles;
	r->instructions = sr->instructions;
	if (sr->error) {
		snprintf(r->status.msg, ACC_JOBS_MSG_MAX, "the core stopped after %" PRIu64
		         " cycles (%s)", sr->cycles,
		         sr->error == -ETIMEDOUT ? "deadlock watchdog" : strerror(-sr->error));
		k->rc = sr->error;
		return 1;
	}
	if (!strcmp(sr->end, "fault")) {
		snprintf(r->status.msg, ACC_JOBS_MSG_MAX, "%s", emu_fault_message(sr->emu));
		k->rc = -EFAULT;
		return 1;
	}
	r->guest_status = !strcmp(sr->end, "limit") ? -1 : sr->status;
	k->rc = acc_paper_a_measure(k->o, k->w, sr->thread[0].pmu, sr->map, r);
	return k->rc ? 1 : 0;
}

int acc_paper_a_simulate(const struct acc_paper_a_opts *o, const struct acc_suite_workload *w,
			 struct acc_paper_a_result *r)
{
	char argbuf[sizeof(w->args)], *argv[ACC_SUITE_ARGS_MAX + 3];
	int argc = acc_suite_argv(w, o->size, argbuf, sizeof(argbuf), argv);
	/* hermetic, as robin sim: the same guest, cycles and profiles as `robin sim` gives */
	struct emu_opts eo = { .cfg = { .virtual_time = 1, .hermetic = 1 },
	                       .max_insns = o->max_insns };
	struct acc_paper_a_run k = { o, w, r, -EIO };
	struct sim_spec *sp = malloc(sizeof(*sp));
	if (!sp) {
		snprintf(r->status.msg, ACC_JOBS_MSG_MAX, "out of memory");
		return -ENOMEM;
	}
	sim_spec_init(sp, "accuracy");
	sp->eo = &eo;
	sp->cfg = o->core;
	sp->argc = argc;
	sp->argv = argv;
	for (int c = 0; c < o->ncfg && c < SIM_PMUS_MAX; c++) {
		struct sim_profile_opts *po = &sp->po[c];
		po->list = "accuracy";
		po->models = o->cfg[c].models;
		po->period = o->cfg[c].period;
		po->random = o->cfg[c].random;
		po->seed = 1 + (uint64_t)c;
	}
	sp->npo = (unsigned)o->ncfg;
	sp->quiet = sp->silent = 1;
	sp->progress = 0;
	sp->done = acc_paper_a_done;
	sp->done_ctx = &k;
	int rc = sim_run(sp);
	free(sp);
	if (k.rc == -EIO && !r->status.msg[0])
		snprintf(r->status.msg, ACC_JOBS_MSG_MAX, "cannot simulate %.160s (exit %d)", w->name,
		         rc);
	return k.rc;
}

/* ---- the suite ----------------------------------------------------------------------------- */

static void acc_paper_a_child(void *ctx, size_t idx, void *result)
{
	const struct acc_paper_a_table *t = ctx;
	const struct acc_suite_workload *w = &t->w[idx];
	struct acc_paper_a_result *r = result;
	r->status.ok = acc_paper_a_simulate(&t->opts, w, r) == 0;
}

static void acc_paper_a_release(void *ctx)
{
	acc_paper_a_free(ctx);
}

static const char *acc_paper_a_name(void *ctx, size_t idx)
{
	const struct acc_paper_a_table *t = ctx;
	return t->w[idx].name;
}

static void acc_paper_a_progress(void *ctx, size_t idx, size_t done, size_t n, double seconds)
{
	const struct acc_paper_a_table *t = ctx;
	const struct acc_paper_a_result *r = &t->res[idx];
	fprintf(stderr, "robin accuracy: [%zu/%zu] %-12s %7.1fM instructions %7.1fM cycles"
	        " IPC %.2f  %-7s %6.1f s\n", done, n, t->w[idx].name,
	        (double)r->instructions / 1e6, (double)r->cycles / 1e6,
	        r->cycles ? (double)r->instructions / (double)r->cycles : 0,
	        pmu_eval_class_name((enum pmu_eval_class)r->cls), seconds);
}

static int acc_paper_a_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The median of v[0..n) (n > 0), sorting v. */
static double acc_paper_a_median(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), acc_paper_a_cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The means of every (class, cfg, model, granularity) over the workloads that have one. */
static void acc_paper_a_averages(struct acc_paper_a_table *t)
{
	for (int cls = -1; cls < PMU_EVAL_CLASS_N; cls++)
		for (int k = 0; k < t->opts.ncfg; k++)
			for (size_t mi = 0; mi < pmu_model_count(); mi++)
				for (int g = 0; g < PMU_EVAL_GRAN_N; g++) {
					double sum = 0;
					size_t c = 0;
					for (size_t i = 0; i < t->n; i++) {
						const struct acc_paper_a_result *r = &t->res[i];
						if (!r->status.ok || (cls >= 0 && r->cls != cls) ||
						    !r->valid[k][mi])
							continue;
						sum += r->err[k][mi][g];
						c++;
					}
					t->avg[cls + 1][k][mi][g] = (struct acc_paper_a_avg){
						c ? sum / (double)c : NAN, c };
				}
}

/* Figure A.11c's rows; v has room for n values. */
static void acc_paper_a_distribution(struct acc_paper_a_table *t, double *v)
{
	for (int k = 0; k < t->nprof; k++) {
		struct acc_paper_a_dist *d = &t->dist[k];
		int mi = t->prof[k];
		size_t c = 0;
		double wv = -1, sum = 0;
		for (size_t i = 0; i < t->n; i++)
			if (t->res[i].status.ok && t->res[i].valid[0][mi]) {
				v[c++] = t->res[i].err[0][mi][PMU_EVAL_INSN];
				if (t->res[i].err[0][mi][PMU_EVAL_INSN] > wv) {
					wv = t->res[i].err[0][mi][PMU_EVAL_INSN];
					d->worst = i;
				}
			}
		d->workloads = c;
		if (!c)
			continue;
		for (size_t i = 0; i < c; i++)
			sum += v[i];
		d->mean = sum / (double)c;
		d->median = acc_paper_a_median(v, c);
		d->min = v[0];
		d->max = v[c - 1];
	}
}

/* TIP's samples per workload: the range and median of cfg 0, the mean of every cfg. */
static void acc_paper_a_samples(struct acc_paper_a_table *t, double *v)
{
	int tip = pmu_model_index("tip");
	size_t ns = 0;
	uint64_t mn = UINT64_MAX, mx = 0;
	for (size_t i = 0; i < t->n; i++)
		if (t->res[i].status.ok) {
			uint64_t x = t->res[i].samples[0][tip];
			mn = x < mn ? x : mn;
			mx = x > mx ? x : mx;
			v[ns++] = (double)x;
		}
	t->tip_min = mn == UINT64_MAX ? 0 : mn;
	t->tip_max = mx;
	t->tip_median = ns ? acc_paper_a_median(v, ns) : 0;
	for (int k = 0; k < t->opts.ncfg; k++) {
		double smp = 0;
		for (size_t i = 0; i < t->n; i++)
			if (t->res[i].status.ok)
				smp += (double)t->res[i].samples[k][tip];
		t->tip_mean[k] = ns ? smp / (double)ns : 0;
	}
}

/* The suite's figures from the workloads' results. Returns 0 or -ENOMEM. */
static int acc_paper_a_tabulate(struct acc_paper_a_table *t)
{
	const struct acc_paper_a_opts *o = &t->opts;
	double *v = malloc((t->n ? t->n : 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < t->n; i++)
		t->ok += t->res[i].status.ok;
	for (size_t i = 0; i < pmu_model_count(); i++)
		if ((o->cfg[0].models & (1u << i)) && !pmu_model_at(i)->every_cycle)
			t->prof[t->nprof++] = (int)i;
	for (int m = 0; m < ACC_PAPER_A_NSENS; m++)
		t->sens[m] = pmu_model_index(acc_paper_a_sens_models[m]);
	t->random_cfg = -1;
	for (int k = 1; k < o->ncfg; k++)
		if (o->cfg[k].models && !o->cfg[k].equiv_hz)
			t->random_cfg = k;
	acc_paper_a_averages(t);
	acc_paper_a_distribution(t, v);
	acc_paper_a_samples(t, v);
	free(v);
	return 0;
}

int acc_paper_a_run(const struct acc_paper_a_opts *o, struct acc_suite_workload *w, size_t n,
		    struct acc_paper_a_table **out)
{
	static const struct acc_jobs_ops ops = {
		.simulate = acc_paper_a_child, .release = acc_paper_a_release,
		.name = acc_paper_a_name, .progress = acc_paper_a_progress,
	};
	struct acc_paper_a_table *t = calloc(1, sizeof(*t));
	int rc = -ENOMEM;
	*out = NULL;
	if (!t) {
		free(w);
		return rc;
	}
	t->opts = *o;
	t->w = w;
	t->n = n;
	if (!(t->res = calloc(n, sizeof(*t->res))))
		goto out;
	struct acc_jobs_ops run = ops;
	if (o->quiet)
		run.progress = NULL;
	t->failed = acc_jobs_run(&run, t, n, o->jobs, t->res, sizeof(*t->res)) != 0;
	if ((rc = acc_paper_a_tabulate(t)))
		goto out;
	*out = t;
	t = NULL;
out:
	acc_paper_a_free(t);
	return rc;
}

void acc_paper_a_free(struct acc_paper_a_table *t)
{
	if (!t)
		return;
	free(t->w);
	free(t->res);
	free(t);
}
