/*
 * sim_profile.h — the simulated profilers as `robin sim` and `robin accuracy` use them: the
 * options (--profile LIST|all, --freq HZ | --period CYCLES, --random, --seed, --db FILE,
 * --top N), the PMU set up for a core configuration, the program's code map from the
 * emulator's images, the profiles stored in the profile database (one profile per profiler
 * and image, named by the profiler, with commit-state and cycle-stack details), the
 * `profile_error` and `top` members of --stats-json, and the stderr listing of the top
 * instructions next to the Oracle's.
 */
#ifndef ROBIN_CLI_SIM_PROFILE_H
#define ROBIN_CLI_SIM_PROFILE_H

#include <stdint.h>
#include <stdio.h>

#include "analysis/code_map.h"
#include "core/config.h"
#include "emu/emu.h"
#include "pmu/pmu.h"
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
};

extern const char sim_profile_help[];

/* If argv[*i] is one of the options above, consume it (advancing *i past its value) and
 * return 1; 0 if it is not; -1 after printing "robin CMD: ..." (bad or missing value). */
int sim_profile_take(struct sim_profile_opts *o, const char *cmd, int argc, char **argv, int *i);

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
};

/* Before simulating: open (creating if missing) the database at path and check that it can
 * be written, with room to spare (profile_db_check_writable). Returns 0 or -errno after
 * printing "robin CMD: PATH: reason" to stderr. */
int sim_profile_db_ready(const char *path, const char *cmd);

/* Store every profile of p into the database at path (created if missing) as one run, in one
 * transaction: the run, its profiles and totals land together or not at all. Prints the run
 * id on `info` (may be NULL). Returns 0 or -errno after printing "robin CMD: ..." to stderr. */
int sim_profile_store(const char *path, const char *cmd, const struct sim_profile_run *run,
		      struct pmu *p, struct code_map *m, FILE *info);

/* Write the members "profile_error" and "top" (the caller's object is open). */
int sim_profile_json(struct json *j, struct pmu *p, struct code_map *m, unsigned top)
	__attribute__((warn_unused_result));

/* The stderr listing: per profiler its samples and errors, the Oracle's top instructions
 * with their cycle stack, then each profiler's top instructions next to the Oracle's share
 * of the same instruction. */
int sim_profile_print(FILE *out, struct pmu *p, struct code_map *m, unsigned top,
		      double freq_mhz) __attribute__((warn_unused_result));

#endif
