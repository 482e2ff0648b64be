/*
 * sim_pics.h — per-instruction cycle stacks (PICS, 004_b28092482852db08.txt Paper B) in
 * `robin sim --profile`: the `pics_error` and `pics_top` members of --stats-json, the stderr
 * listing, and the signature detail rows (kind `psv`) stored with each PSV profiler's
 * profile. Active when a PSV profiler (tea, nci-tea, ibs, spe, ris, golden) is attached.
 */
#ifndef ROBIN_SIM_SIM_PICS_H
#define ROBIN_SIM_SIM_PICS_H

#include <stdint.h>
#include <stdio.h>

#include "analysis/code_map.h"
#include "pmu/pmu.h"
#include "profile/profile_db.h"
#include "util/json.h"

/* Some attached unit records PSVs. */
int sim_pics_active(const struct pmu *p);

/* Add the golden reference to a model mask that has a sampled PSV profiler. */
uint32_t sim_pics_models(uint32_t models);

/* Members "pics_error" (per sampled PSV profiler: instruction, basic_block, function,
 * samples, unresolved) and "pics_top" (per PSV profiler and golden: its `top` heaviest
 * instructions with pc, function, disasm, share, components {signature: share of the
 * instruction's cycles}). Nothing when no PSV profiler is attached. */
int sim_pics_json(struct json *j, struct pmu *p, struct code_map *m, unsigned top)
	__attribute__((warn_unused_result));

/* stderr: PICS error per profiler, and the golden reference's top instructions with their
 * stacks. */
int sim_pics_print(FILE *out, struct pmu *p, struct code_map *m, unsigned top)
	__attribute__((warn_unused_result));

/* Name the signature keys of the `psv` detail kind that any unit of p uses. */
int sim_pics_name_keys(struct profile_db *db, const struct pmu *p)
	__attribute__((warn_unused_result));

/* The `psv` detail rows of the instruction at pc of unit u (nothing unless u records
 * PSVs): one row per signature, count in profile units. */
int sim_pics_add_details(struct profile_db_batch *b, int event, int64_t image_id,
			 uint64_t offset, const struct pmu_unit *u, uint64_t pc)
	__attribute__((warn_unused_result));

#endif
