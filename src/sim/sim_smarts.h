/*
 * sim_smarts.h — `robin sim --smarts U:W:k` (sim_smarts.c; the sampling is
 * src/campaign/smarts.c).
 */
#ifndef ROBIN_SIM_SIM_SMARTS_H
#define ROBIN_SIM_SIM_SMARTS_H

#include "campaign/smarts.h"

/* Sample, print the estimate with its confidence interval (and whether it is too wide, with
 * the k that would do) on stderr, and write `smarts` JSON to json_path if not NULL. Returns the
 * exit status. */
int sim_smarts(struct emu *e, struct core *c, struct source_emu *se, const struct smarts_opts *o,
               const char *prog, const char *json_path);

#endif
