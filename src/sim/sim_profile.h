/*
 * sim_profile.h — the simulated profilers as `robin sim` and `robin accuracy` use them: the
 * options (--profile LIST|all, --freq HZ | --period CYCLES, --random, --seed, --db FILE,
 * --top N), the PMU set up for a core configuration, the program's code map from the
 * emulator's images, the profiles stored in the profile database (one profile per profiler
 * and image, named by the profiler, with commit-state and cycle-stack details), the
 * `profile_error` and `top` members of --stats-json, and the stderr listing of the top
 * instructions next to the Oracle's.
 */
#ifndef ROBIN_SIM_SIM_PROFILE_H
#define ROBIN_SIM_SIM_PROFILE_H

#include <stdint.h>
#include <stdio.h>

#include "analysis/code_map.h"
#include "analysis/profile_error.h"
#include "core/config.h"
#include "emu/callstack.h"
#include "emu/emu.h"
#include "pmu/pmu.h"
#include "profile/profile_db.h"
#include "util/json.h"

#define SIM_PROFILE_TOP_DEFAULT 10

struct sim_profile_opts {
	const char *list;        /* --profile, NULL = no profiling */
	uint32_t models;         /* parsed list, the Oracle always added */
	double freq_hz;          /* --freq, 0 = unset */
	uint64_t period;         /* --period, 0 = unset */
	int random;              /* --random */
	uint64_t seed;           /* --sample-seed */
	const char *db_path;     /* --db */
	unsigned top;            /* --top N */
	int top_set;
	int want_stacks;         /* --stacks/-g: calling contexts (a shadow stack); --no-stacks or
	                            nothing: flat profiles only */
	int stacks;              /* set by a command that feeds the core a shadow stack: the
	                            PMU keeps time per calling context */
	uint32_t pcs_event;      /* --pcs-event (PROBE_EV_*, 0 cycles) */
	uint64_t pcs_period;     /* --pcs-period, 0 = default */
	uint64_t ibs_ops;        /* --ibs-ops N: IBS counts dispatched ops, 0 = cycles */
	uint32_t ctr_depth, ctr_filter; /* --ctr-depth, --ctr-filter (0 = defaults) */
	uint64_t ctr_period;     /* --ctr-period (0: the cycle sampler) */
	uint32_t sscof_event;    /* --sscof-event (sscofpmf.h), 0 cycles */
	uint64_t sscof_period;   /* --sscof-period, 0 = the sampling period */
};

/* The sampling period the options give at the core's clock: --period, else --freq, else
 * the default 4 kHz. */
uint64_t sim_profile_period(const struct sim_profile_opts *o, const struct core_config *cfg);

/* Create the PMU of the options for a core configuration. Returns 0 or -errno after
 * printing "robin CMD: ...". */
int sim_profile_pmu(const struct sim_profile_opts *o, const char *cmd,
		    const struct core_config *cfg, struct pmu **out);

/* Register the emulator's executable images (program, interpreter, shared objects) in m.
 * Returns 0 or -errno. */
int sim_profile_code_map(struct emu *e, struct code_map *m)
	__attribute__((warn_unused_result));

/* What a stored run records. */
struct sim_profile_run {
	const char *command;     /* the command line */
	const char *config;      /* configuration dump */
	uint64_t cycles, instructions;
	int exit_status, has_exit;
	const struct callstack *calls; /* the shadow stack the profilers' contexts refer to, or
	                                  NULL (no stacks stored) */
};

/* Open (create) the database at path (robin's default when NULL) and begin a simulated run
 * recording `run`; the images of m forget their ids of another database. Returns 0 with *db
 * open, or -errno after printing "robin CMD: ..." (*db closed and NULL). */
int sim_profile_run_begin(const char *path, const char *cmd, const struct sim_profile_run *run,
			  struct code_map *m, struct profile_db **db, int64_t *run_id)
	__attribute__((warn_unused_result));

/* Record the run's cycles, instructions and exit status, end it and commit the transaction
 * sim_profile_run_begin opened. Returns 0 or -errno. */
int sim_profile_run_finish(struct profile_db *db, int64_t run_id,
			   const struct sim_profile_run *run) __attribute__((warn_unused_result));

/* The database image id (added on first use; 0 = no image) and link-time offset (the pc when
 * in no image) of a runtime pc. Returns 0 or -errno. */
int sim_profile_locate(struct profile_db *db, struct code_map *m, uint64_t pc, int64_t *image,
		       uint64_t *offset) __attribute__((warn_unused_result));

/* Before simulating: open (creating if missing) the database at path and check that it can
 * be written, with room to spare (profile_db_check_writable). Returns 0 or -errno after
 * printing "robin CMD: PATH: reason" to stderr. */
int sim_profile_db_ready(const char *path, const char *cmd);

/* Store every profile of p into the database at path (created if missing) as one run, in one
 * transaction: the run, its profiles and totals land together or not at all. Prints the run
 * id on `info` (may be NULL). Returns 0 or -errno after printing "robin CMD: ..." to stderr. */
int sim_profile_store(const char *path, const char *cmd, const struct sim_profile_run *run,
		      struct pmu *p, struct code_map *m, FILE *info);

/* Store the profiles of units u[0..n) (not from a PMU: e.g. a sampled simulation's
 * weighted profile; no PICS details) as one run, as sim_profile_store does; period is the
 * sampling period and samples the run's "samples" total. Returns 0 or -errno after printing. */
int sim_profile_store_units(const char *path, const char *cmd, const struct sim_profile_run *run,
			    const struct pmu_unit *const *u, size_t n, uint64_t period,
			    double samples, struct code_map *m, FILE *info);

/* One profiler's member of "profile_error" (or "pics_error"): its errors at every
 * granularity (e NULL: null, no samples), samples and unresolved samples. */
void sim_profile_json_error(struct json *j, const struct pmu_unit *u,
			    const struct profile_error *e);
/* The database id of image k of the code map, adding the image on first use (the map
 * remembers it in im[k].db_id; reset those to 0 for a new database). Returns 0 or an error. */
struct profile_db;
int sim_profile_image_id(struct profile_db *db, struct code_map *m, int k, int64_t *id)
	__attribute__((warn_unused_result));

/* One profiler's row of the stderr error table: samples and errors at the three
 * granularities (e NULL: "(no samples)"). */
void sim_profile_print_error(FILE *out, const struct pmu_unit *u, const struct profile_error *e);

/* Write the members "profile_error" and "top" (the caller's object is open). */
int sim_profile_json(struct json *j, struct pmu *p, struct code_map *m, unsigned top)
	__attribute__((warn_unused_result));

/* The stderr listing: per profiler its samples and errors, the Oracle's top instructions
 * with their cycle stack, then each profiler's top instructions next to the Oracle's share
 * of the same instruction. */
int sim_profile_print(FILE *out, struct pmu *p, struct code_map *m, unsigned top,
		      double freq_mhz) __attribute__((warn_unused_result));

#endif
