/*
 * acc_paper_a.h — 004_b28092482852db08.txt Paper A's experiment (`robin accuracy`): every
 * profiler's error against the Oracle per workload and granularity (Figures A.8-A.10), the
 * class by the Oracle's cycle stack, averages per class, Figure A.11c's distribution, A.11a's
 * frequency sweep, A.11b's random sampling; with tea Paper B's runs (acc_tea.h). Entry
 * points: acc_paper_a_configure, acc_paper_a_run, acc_paper_a_simulate.
 */
#ifndef ROBIN_ANALYSIS_ACC_PAPER_A_H
#define ROBIN_ANALYSIS_ACC_PAPER_A_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/acc_jobs.h"
#include "analysis/acc_suite.h"
#include "analysis/pmu_eval.h"
#include "analysis/tea_eval.h"
#include "core/config.h"
#include "pmu/pmu.h"

/* The default sampling period. The paper samples at 4 kHz on a 3.2 GHz core, one sample
 * every 800,000 cycles, over SPEC runs of minutes: hundreds of thousands of samples. The
 * suite's reference runs last 15-60 million cycles, so robin samples every
 * ACC_PAPER_A_PERIOD_DEFAULT cycles instead (a prime, so that no loop's period aliases with
 * it): thousands to tens of thousands of samples per workload, enough that the statistical
 * part of the error is small next to the systematic part the paper measures. */
#define ACC_PAPER_A_PERIOD_DEFAULT 1009
#define ACC_PAPER_A_PAPER_HZ 4000.0  /* the frequency the default period stands for */
#define ACC_PAPER_A_MAX_CFG 12       /* PMUs attached to one simulation */
#define ACC_PAPER_A_NSENS 3          /* the profilers of the sensitivity analyses */

/* One PMU attached to every simulation. */
struct acc_paper_a_cfg {
	uint64_t period;             /* cycles */
	int random;                  /* a random cycle within each period */
	uint32_t models;
	double equiv_hz;             /* sweep: the paper frequency it stands for, else 0 */
};

struct acc_paper_a_opts {
	struct core_config core;     /* the core every workload runs on */
	const char *preset;          /* its preset's name, NULL = boom-large */
	struct acc_paper_a_cfg cfg[ACC_PAPER_A_MAX_CFG];  /* [0] the main one (all profilers) */
	int ncfg;
	int sweep, compare_random;   /* Figures A.11a, A.11b beside the main PMU */
	int tea;                     /* Paper B's profilers, their PICS errors too */
	int dyn;                     /* the workloads are the dynamically linked builds */
	const char *size;            /* the workloads' size argument, NULL = their default */
	uint64_t max_insns;          /* stop each workload after this many, 0 = no limit */
	unsigned jobs;               /* simulations at a time */
	int quiet;                   /* no progress lines on stderr */
	const char *db_path;         /* also store every workload's profiles here, or NULL */
};

/* One workload's figures; plain data (it crosses a pipe between processes). */
struct acc_paper_a_result {
	struct acc_jobs_status status;
	int guest_status;            /* the program's exit status, -1 at the instruction limit */
	uint64_t cycles, instructions;
	double host_seconds;
	double stack[PMU_CAT_N];     /* Oracle cycle stack, shares */
	int cls;                     /* enum pmu_eval_class */
	uint64_t samples[ACC_PAPER_A_MAX_CFG][PMU_MAX_MODELS];
	uint8_t valid[ACC_PAPER_A_MAX_CFG][PMU_MAX_MODELS];
	double err[ACC_PAPER_A_MAX_CFG][PMU_MAX_MODELS][PMU_EVAL_GRAN_N];
	struct tea_eval_run tea[ACC_PAPER_A_MAX_CFG];  /* with tea: PICS errors */
};

/* A mean error over the workloads that have one. */
struct acc_paper_a_avg {
	double err;                  /* NaN when no workload has one */
	size_t workloads;
};

/* Figure A.11c's row of one profiler: its instruction-level error over the workloads. */
struct acc_paper_a_dist {
	size_t workloads;            /* 0: no row */
	double min, median, mean, max;
	size_t worst;                /* the workload of the maximum */
};

/* The experiment's table. */
struct acc_paper_a_table {
	struct acc_paper_a_opts opts;
	struct acc_suite_workload *w;    /* the workloads, n of them */
	struct acc_paper_a_result *res;  /* res[i]: workload i */
	size_t n, ok;                    /* workloads, those that ran */
	int failed;                      /* some workload did not run */
	int prof[PMU_MAX_MODELS];        /* the profilers of cfg 0 in table order, no Oracle */
	int nprof;
	int sens[ACC_PAPER_A_NSENS];     /* the models of the sensitivity analyses */
	/* avg[1 + class][cfg][model][granularity]; [0]: all classes */
	struct acc_paper_a_avg avg[PMU_EVAL_CLASS_N + 1][ACC_PAPER_A_MAX_CFG][PMU_MAX_MODELS]
	                          [PMU_EVAL_GRAN_N];
	struct acc_paper_a_dist dist[PMU_MAX_MODELS];  /* by position in prof */
	uint64_t tip_min, tip_max;       /* TIP's samples per workload (cfg 0) */
	double tip_median;
	double tip_mean[ACC_PAPER_A_MAX_CFG];  /* TIP's mean samples per workload of each cfg */
	int random_cfg;                  /* the cfg of Figure A.11b, -1 none */
};

/* Fill o->cfg: cfg 0 samples every period0 cycles (random within each period with random)
 * with the Oracle and its eight profilers (with o->tea: Paper B's, acc_tea.h); beside it
 * with o->sweep the sensitivity profilers at the equivalents of 100 Hz .. 20 kHz, with
 * o->compare_random the same at period0 sampled the other way. Returns 0 or -EINVAL. */
int acc_paper_a_configure(struct acc_paper_a_opts *o, uint64_t period0, int random)
	__attribute__((warn_unused_result));

/* Run the experiment on workloads w[0..n) (the table takes w over and frees it with itself,
 * also on failure). Workloads that fail are named on stderr and counted out of the table
 * (t->failed). Returns 0 with *out (free with acc_paper_a_free) or -ENOMEM. */
int acc_paper_a_run(const struct acc_paper_a_opts *o, struct acc_suite_workload *w, size_t n,
		    struct acc_paper_a_table **out) __attribute__((warn_unused_result));

/* Free t with its workloads and results (NULL: nothing). */
void acc_paper_a_free(struct acc_paper_a_table *t);

/* Simulate program w->path (argument o->size, an empty environment) through the simulation
 * layer with a profiler set per o->cfg, until it exits or o->max_insns, and measure it into r:
 * cycles, instructions, host time, the guest's status (-1 at the instruction limit), each
 * profiler's errors against the Oracle, the class, with o->tea the PICS errors, with
 * o->db_path the stored profiles. Returns 0 or -errno with r->status.msg filled. */
int acc_paper_a_simulate(const struct acc_paper_a_opts *o, const struct acc_suite_workload *w,
			 struct acc_paper_a_result *r) __attribute__((warn_unused_result));

#endif
