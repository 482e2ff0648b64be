/*
 * sim_profileme.h — the ProfileMe unit (pmu/profileme.h) as `robin sim` uses it: the options
 * (--profileme, --pm-interval, --pm-paired, --pm-window, --pm-history, --pm-seed, --pm-raw),
 * the unit set up for a core configuration, the stderr summary, the `profileme` member of
 * --stats-json and the profiles stored in the profile database (docs/profileme.md).
 */
#ifndef ROBIN_SIM_SIM_PROFILEME_H
#define ROBIN_SIM_SIM_PROFILEME_H

#include <stdint.h>
#include <stdio.h>

#include "analysis/code_map.h"
#include "sim/sim_profile.h"
#include "core/config.h"
#include "pmu/profileme.h"
#include "util/json.h"

#define SIM_PM_INTERVAL_DEFAULT 1000
#define SIM_PM_HISTORY_DEFAULT 12
#define SIM_PM_PATH_SAMPLES 2000   /* kept samples whose paths are reconstructed */
#define SIM_PM_PATH_WINDOW 50      /* pairs at most this far apart for the paired scheme
                                      (the paper's 1..50) */

struct sim_pm_opts {
	int on;                  /* --profileme */
	uint64_t interval;       /* --pm-interval, 0 = default */
	int paired;              /* --pm-paired */
	uint32_t window;         /* --pm-window, 0 = rob_entries + fetch_buffer */
	uint32_t history_bits;   /* --pm-history, 0 = default */
	uint64_t seed;           /* --pm-seed */
	const char *raw_path;    /* --pm-raw */
	int fetch_slots;         /* --pm-fetch-slots */
	int any;                 /* some --pm-* option was given */
};

/* Create the unit for a core configuration; raw (may be NULL) receives the sample lines.
 * Returns 0 or -errno after printing "robin CMD: ...". */
int sim_pm_create(const struct sim_pm_opts *o, const char *cmd, const struct core_config *cfg,
		  FILE *raw, struct pm **out) __attribute__((warn_unused_result));

/* The stderr summary: samples, aborts, estimates next to the truth, top instructions. */
int sim_pm_print(FILE *out, struct pm *p, struct code_map *m, unsigned top)
	__attribute__((warn_unused_result));

/* Write the member "profileme" (the caller's object is open). */
int sim_pm_json(struct json *j, struct pm *p, struct code_map *m)
	__attribute__((warn_unused_result));

/* Store the unit's profiles in the database at path as one run (docs/profileme.md). Returns
 * 0 or -errno after printing "robin CMD: ..." to stderr. */
int sim_pm_store(const char *path, const char *cmd, const struct sim_profile_run *run,
		 struct pm *p, struct code_map *m, FILE *info);

#endif
