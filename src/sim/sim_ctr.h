/*
 * sim_ctr.h — `robin sim --profile ctr` (pmu/ctr.h, docs/ctr.md): the --stats-json member
 * "ctr" and a stderr summary of the control-transfer-record estimates next to the exact counts.
 * Entry points: sim_ctr_json, sim_ctr_print.
 */
#ifndef ROBIN_SIM_SIM_CTR_H
#define ROBIN_SIM_SIM_CTR_H

#include <stdio.h>

#include "pmu/pmu.h"
#include "util/json.h"

/* The member "ctr" (nothing when ctr is not attached). Returns 0 or -ENOMEM. */
int sim_ctr_json(struct json *j, const struct pmu *p) __attribute__((warn_unused_result));

/* The summary lines (nothing when ctr is not attached). Returns 0 or -ENOMEM. */
int sim_ctr_print(FILE *out, const struct pmu *p) __attribute__((warn_unused_result));

#endif
