/*
 * sim_cores.h — `robin sim --cores N`: the guest's threads on N simulated cores (core/cores.h,
 * core/source_cores.h); the simulated profilers per thread (one PMU per thread fed by the
 * probes of the core running it, as a per-core TIP unit whose state the OS switches with the
 * thread); the per-core and total statistics on stderr and in --stats-json; the profiles
 * stored one run per thread, tagged with its tid and the cores it ran on.
 */
#ifndef ROBIN_SIM_SIM_CORES_H
#define ROBIN_SIM_SIM_CORES_H

#include <stdint.h>
#include <stdio.h>

#include "sim/sim_guest.h"
#include "sim/sim_profile.h"
#include "core/config.h"
#include "emu/emu.h"

#define SIM_CORES_HELP \
	"  --cores N           simulate N cores of the preset (private L1s, TLBs, predictors;\n" \
	"                      shared LLC and DRAM; snooping MSI): each runnable guest thread\n" \
	"                      on a free core, time-sliced by --quantum when they outnumber\n" \
	"                      the cores; with --profile, profiles per thread (one stored\n" \
	"                      run each, tagged '#tid T')\n"

/* What `robin sim --cores` needs from cmd_sim. */
struct sim_cores_args {
	unsigned n;                       /* cores */
	const struct core_config *cfg;
	const char *preset;
	struct emu_opts *eo;
	struct sim_profile_opts *po;      /* po->list NULL: no profiling */
	const char *prog, *stats_json;
	const char *command;              /* the command line, for the stored runs */
	int quiet, guest_clock;           /* guest_clock: the guest's time is simulated time */
	FILE *table;                      /* not NULL: the per-thread errors go there (robin
	                                     accuracy --cores), whatever quiet says */
};

/* Simulate the loaded emulator e on a->n cores; returns robin's exit status. */
int sim_cores_run(struct emu *e, const struct sim_cores_args *a);

#endif
