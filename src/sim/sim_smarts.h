/*
 * sim_smarts.h — `robin sim --smarts U:W:k` on one core or several (sim_smarts.c; the
 * sampling is src/sim/smarts.c).
 */
#ifndef ROBIN_SIM_SIM_SMARTS_H
#define ROBIN_SIM_SIM_SMARTS_H

#include "sim/smarts.h"

struct sim;

/* Sample the assembled simulation (one core or several), print the estimate with its
 * confidence interval (and whether it is too wide, with the k that would do) on stderr, and
 * write `smarts` JSON to the description's stats_json if set; *end is how the program ended.
 * Returns the exit status. */
int sim_smarts_go(struct sim *sim, enum emu_status *end);

#endif
