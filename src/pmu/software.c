/*
 * software.c — Software profiling of 004_b28092482852db08.txt Paper A §2.1 (Linux perf's
 * default cpu-clock/timer interrupt, gprof): the sample interrupts the program; instructions
 * already fetched drain and commit, and the handler records the pc where execution resumes —
 * the first instruction fetched at or after the sample cycle that commits (skid).
 * Modelled passively: the run itself is not disturbed.
 */
#include "pmu/pmu_model.h"

static int software_init(struct pmu_unit *u)
{
	struct pmu_tags *t = u->state;
	t->stage = PMU_TAG_FETCH;
	t->committed_only = 1;
	u->insn_demand = &t->n;  /* records matter only while a tag waits */
	return 0;
}

static void software_on_sample(struct pmu_unit *u, const struct probe_cycle *v, uint64_t cycle)
{
	pmu_tags_sample(u, u->state, v, cycle);
}

static void software_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	pmu_tags_insn(u, u->state, r);
}

static void software_finish(struct pmu_unit *u)
{
	pmu_tags_finish(u, u->state);
}

const struct pmu_model pmu_model_software = {
	.name = "software",
	.summary = "timer interrupt (perf's default): the pc where execution resumes after the "
	           "in-flight instructions drain",
	.state_size = sizeof(struct pmu_tags),
	.init = software_init,
	.on_sample = software_on_sample,
	.on_insn = software_on_insn,
	.finish = software_finish,
};
