/*
 * sim_ibs.h — `robin sim` with the simulated IBS op unit and PCS (003_b4067ee07181a84e.txt):
 * the IBS samples decoded by the one decoder (collect/ibs.h) into derived events; Table 1
 * (per instruction of the hot loop: the exact event count next to PCS's and IBS's estimates
 * with their sample counts); Figure 2 (per sampled load, DcMissLat by data source). Output
 * on stderr and as the --stats-json members "event_attribution" and "ibs_op".
 * Entry points: sim_ibs_print, sim_ibs_json, sim_ibs_store.
 */
#ifndef ROBIN_SIM_SIM_IBS_H
#define ROBIN_SIM_SIM_IBS_H

#include <stdint.h>
#include <stdio.h>

#include "analysis/code_map.h"
#include "pmu/pmu.h"
#include "profile/profile_db.h"
#include "util/json.h"

/* The listing (nothing when neither ibs nor pcs is attached). Returns 0 or -ENOMEM. */
int sim_ibs_print(FILE *out, struct pmu *p, struct code_map *m)
	__attribute__((warn_unused_result));

/* The members "event_attribution" (pcs attached with an event) and "ibs_op" (ibs attached).
 * Returns 0 or -ENOMEM. */
int sim_ibs_json(struct json *j, struct pmu *p, struct code_map *m)
	__attribute__((warn_unused_result));

/* Store the IBS op samples (when ibs is attached) into batch b as the event "ibs-op" (one
 * count per sample, period the IBS period), with the detail rows the collector stores for
 * recorded samples (collect/ibs.h ibs_op_detail_rows). Returns 0 or -errno. */
int sim_ibs_store(struct profile_db *db, struct profile_db_batch *b, const struct pmu *p,
		  struct code_map *m) __attribute__((warn_unused_result));

#endif
