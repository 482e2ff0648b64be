/*
 * sim_stacks.h — the calling context of simulated samples in the profile database: every
 * unit's time per (shadow-stack context, pc) (pmu_unit.stacks) written as stacks of
 * (image, offset) frames, outermost call site first and the blamed instruction last.
 */
#ifndef ROBIN_SIM_SIM_STACKS_H
#define ROBIN_SIM_SIM_STACKS_H

#include <stdint.h>

#include "analysis/code_map.h"
#include "emu/callstack.h"
#include "pmu/pmu.h"
#include "profile/profile_db.h"

/* Store the stacks of every unit of p that kept them, for run_id in the current epoch, inside
 * the caller's transaction, after the flat profiles were committed. Returns 0 or -errno
 * (the database's error set). */
int sim_stacks_store(struct profile_db *db, int64_t run_id, const struct pmu *p,
		     const struct callstack *calls, struct code_map *m)
	__attribute__((warn_unused_result));

#endif
