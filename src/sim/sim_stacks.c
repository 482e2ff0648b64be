/*
 * sim_stacks.c — simulated samples' stacks into the profile database (see sim_stacks.h).
 */
#include "sim/sim_stacks.h"

#include <errno.h>
#include <stdlib.h>

#include "sim/sim_profile.h"

int sim_stacks_store(struct profile_db *db, int64_t run_id, const struct pmu *p,
		     const struct callstack *calls, struct code_map *m)
{
	struct profile_db_stacks *s = NULL;
	uint64_t site[CALLSTACK_MAX_DEPTH];
	struct profile_db_frame f[CALLSTACK_MAX_DEPTH + 1];
	int rc = profile_db_stacks_new(db, &s);
	for (size_t i = 0; i < pmu_unit_count(p) && !rc; i++) {
		const struct pmu_unit *u = pmu_unit_at(p, i);
		const struct pmu_stacks *st = &u->stacks;
		for (size_t k = 0; k < st->n && !rc; k++) {
			const struct pmu_stack_entry *e = &st->e[k];
			size_t n = callstack_frames(calls, e->ctx, site, CALLSTACK_MAX_DEPTH);
			if (n > CALLSTACK_MAX_DEPTH)
				n = CALLSTACK_MAX_DEPTH;
			for (size_t j = 0; j <= n && !rc; j++)
				rc = sim_profile_locate(db, m, j < n ? site[j] : e->pc, &f[j].image_id,
				                        &f[j].offset);
			if (!rc)
				rc = profile_db_stacks_add(s, u->model->name, f, n + 1, e->units);
		}
	}
	if (!rc)
		rc = profile_db_stacks_commit(s, 0, run_id);
	profile_db_stacks_free(s);
	return rc;
}
