/*
 * sim_opts.h — the options that describe a simulation (src/sim/), as `robin sim`, `robin
 * accuracy` and `robin simpoint` take them: each *_take consumes argv[*i] (and its value,
 * advancing *i) and returns 1 if it is one of its options, 0 if not, -1 after printing
 * "robin CMD: ..." (bad or missing value); the help texts list them.
 */
#ifndef ROBIN_CLI_SIM_OPTS_H
#define ROBIN_CLI_SIM_OPTS_H

#include "sim/sim_coproc.h"
#include "sim/sim.h"
#include "sim/sim_profile.h"
#include "sim/sim_profileme.h"
#include "sim/sim_smarts.h"

extern const char sim_profile_help[];

/* If argv[*i] is one of the options above, consume it (advancing *i past its value) and
 * return 1; 0 if it is not; -1 after printing "robin CMD: ..." (bad or missing value). */
int sim_profile_take(struct sim_profile_opts *o, const char *cmd, int argc, char **argv, int *i);

extern const char sim_pm_help[];

/* If argv[*i] is one of the options above, consume it and return 1; 0 if it is not; -1
 * after printing "robin CMD: ..." (bad or missing value). */
int sim_pm_take(struct sim_pm_opts *o, const char *cmd, int argc, char **argv, int *i);

extern const char sim_coproc_help[];

/* If argv[*i] is a --coproc option, consume it (and its value) and return 1; 0 if not; -1
 * after printing the reason for a bad value. */
int sim_coproc_take(struct sim_coproc_opts *o, int argc, char **argv, int *i);

#define SIM_CORES_HELP \
	"  --cores N           simulate N cores of the preset (private L1s, TLBs, predictors;\n" \
	"                      shared LLC and DRAM; snooping MSI): each runnable guest thread\n" \
	"                      on a free core, time-sliced by --quantum when they outnumber\n" \
	"                      the cores; the profilers, ProfileMe and the co-processor per\n" \
	"                      thread (one stored run each, tagged '#tid T'), --pipeview\n" \
	"                      and --probe-check per core (--pipeview FILE writes FILE.K)\n"

/* Parse the value of --cores ("robin sim: --cores needs ..." on error). 0 or -1. */
int sim_cores_parse(const char *v, unsigned *n);

/* Parse "U:W:k" (U, k > 0; W + U <= k * U). 0, or -1 after a one-line message. */
int sim_smarts_parse(const char *spec, struct smarts_opts *o);

#endif
