/*
 * acc_profileme.h — 000_424085ad3398c1f4.txt §5.1-§5.3 (`robin accuracy --profileme`): each
 * workload once with a single-sampling ProfileMe unit (Figure 3's envelopes, §6's windowed
 * IPC) and a paired one (wasted issue slots, Figure 6's paths), estimates against the exact
 * truth, pooled over the suite. Entry points: acc_profileme_select, acc_profileme_run,
 * acc_profileme_simulate.
 */
#ifndef ROBIN_ANALYSIS_ACC_PROFILEME_H
#define ROBIN_ANALYSIS_ACC_PROFILEME_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/pm_paths.h"
#include "analysis/profileme_est.h"
#include "core/config.h"
#include "pmu/profileme.h"

#define ACC_PROFILEME_MAX 64         /* workloads */
#define ACC_PROFILEME_INTERVAL 100   /* default fetched instructions between samples */

struct acc_profileme_opts {
	const struct core_config *core;  /* the core every workload runs on */
	uint64_t interval;               /* mean fetched instructions between samples */
	uint64_t window;                 /* pair window (as uint32_t), 0 = rob_entries +
	                                    fetch_buffer */
	const char *size;                /* the workloads' size argument */
	const char *root;                /* the repository holding workloads/ and build/guest/ */
};

/* One workload's figures. */
struct acc_profileme_row {
	char name[64], cls[16];
	int ok;
	uint64_t fetched, samples, wrong_path, cycles;
	struct pm_envelope env[PM_PROP_N];
	struct pm_wasted_eval we;
	struct pm_paths_result paths;
	double ipc_wstd_rel;
	/* pooled over the suite: (estimate, exact) of every PC with paired latency samples */
	double *west, *wx;
	size_t nw;
};

/* The experiment's table. */
struct acc_profileme_table {
	struct acc_profileme_row rows[ACC_PROFILEME_MAX];
	size_t n;
	uint64_t interval;
	uint32_t window;                 /* the pair window used */
	int failed;                      /* some workload did not run */
	size_t env_in[PM_PROP_N], env_pts[PM_PROP_N];  /* pooled envelope: inside, points */
	double pooled_r;                 /* wasted-slot estimates against exact, all PCs */
	size_t nw;                       /* the PCs of pooled_r */
	/* mean success over the workloads, -1 none: [scheme][mode][history length - 1] */
	double path[PM_PATH_SCHEMES][PM_PATH_MODES][PM_PATHS_MAX_HIST];
};

/* The rows of root/workloads/suite.tsv that names[0..nnames) name (all of them when nnames
 * is 0) into t->rows, in the suite's order. Returns 0, -ENOENT when the suite cannot be read
 * or -EINVAL for a name not in it, after a line "robin accuracy: ..." on stderr. */
int acc_profileme_select(const char *root, const char *const *names, int nnames,
			 struct acc_profileme_table *t) __attribute__((warn_unused_result));

/* Simulate and measure every selected workload (progress and failures on stderr; the guests'
 * output discarded) and the suite's figures. Returns 0 or -ENOMEM; t->failed tells whether
 * every workload ran. Release with acc_profileme_free. */
int acc_profileme_run(const struct acc_profileme_opts *o, struct acc_profileme_table *t)
	__attribute__((warn_unused_result));

/* Free what the rows of t hold (NULL: nothing); t itself stays the caller's. */
void acc_profileme_free(struct acc_profileme_table *t);

/* Simulate program path (argument o->size, an empty environment) through the simulation layer
 * with a single-sampling and a paired-sampling ProfileMe unit (pair window `window`) and
 * measure row's figures from them. Returns 0, or -1 after a line "robin accuracy: ..." on
 * stderr naming the workload row->name. */
int acc_profileme_simulate(const struct acc_profileme_opts *o, const char *path,
			   uint32_t window, struct acc_profileme_row *row)
	__attribute__((warn_unused_result));

#endif
