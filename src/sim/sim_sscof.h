/*
 * sim_sscof.h — the `sscofpmf` member of `robin sim --stats-json` and its stderr line: the
 * event the Sscofpmf counter counted, its period, overflows, merged overflows and the event
 * attribution figures (see pmu/sscofpmf.h). Entry points: sim_sscof_json, sim_sscof_print.
 */
#ifndef ROBIN_SIM_SIM_SSCOF_H
#define ROBIN_SIM_SIM_SSCOF_H

#include <stdio.h>

#include "pmu/pmu.h"
#include "util/json.h"

/* Write the member "sscofpmf" when the unit is attached (the caller's object is open). */
void sim_sscof_json(struct json *j, const struct pmu *p);
/* One line on out when the unit is attached. */
void sim_sscof_print(FILE *out, const struct pmu *p);

#endif
