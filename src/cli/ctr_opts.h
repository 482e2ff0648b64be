/*
 * ctr_opts.h — the options of the simulated control transfer records (`--profile ctr`,
 * pmu/ctr.h): --ctr-depth N, --ctr-filter LIST and --ctr-period N, taken among `robin sim`'s profiler options.
 */
#ifndef ROBIN_CLI_CTR_OPTS_H
#define ROBIN_CLI_CTR_OPTS_H

#include "sim/sim_profile.h"

#define CTR_OPTS_HELP \
	"  --ctr-depth N       `ctr` records the last N transfers: 16, 32 (default), 64, 128\n" \
	"                      or 256 (mctrcontrol.DEPTH)\n" \
	"  --ctr-filter LIST   `ctr` transfer types recorded: any (default: all but not-taken\n" \
	"                      branches), all, nt, br, call, icall, dcall, jmp, ijmp, djmp, ojmp,\n" \
	"                      swap, ret; -TYPE inhibits one (e.g. any,-ret)\n" \
	"  --ctr-period N      `ctr` snapshots every N recorded transfers (random within each\n" \
	"                      interval; AutoFDO's taken-branch event) instead of --period cycles\n"

/* Take argv[*i] when it is --ctr-depth, --ctr-filter or --ctr-period (leaving *i on its value): 1 taken,
 * 0 not one of them, -1 after a one-line error "robin CMD: ...". */
int ctr_opts_take(struct sim_profile_opts *o, const char *cmd, int argc, char **argv, int *i);

#endif
