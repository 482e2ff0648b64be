/*
 * fetch.c — Fetch tagging (IBM RIS, AMD IBS fetch; 004_b28092482852db08.txt Paper A §2 and
 * chapter 2.4.1): the sample tags the instruction fetched in the sample cycle (the next one
 * fetched if the front end is idle), on the correct or the wrong path, and reports it when it
 * leaves the pipeline.
 */
#include "pmu/pmu_model.h"

static int fetch_init(struct pmu_unit *u)
{
	struct pmu_tags *t = u->state;
	t->stage = PMU_TAG_FETCH;
	t->committed_only = 0;
	u->insn_demand = &t->n;  /* records matter only while a tag waits */
	return 0;
}

static void fetch_on_sample(struct pmu_unit *u, const struct probe_cycle *v, uint64_t cycle)
{
	pmu_tags_sample(u, u->state, v, cycle);
}

static void fetch_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	pmu_tags_insn(u, u->state, r);
}

static void fetch_finish(struct pmu_unit *u)
{
	pmu_tags_finish(u, u->state);
}

const struct pmu_model pmu_model_fetch = {
	.name = "fetch",
	.summary = "tag at fetch, as IBM RIS / AMD IBS fetch: the instruction fetched in the "
	           "sample cycle, either path",
	.state_size = sizeof(struct pmu_tags),
	.init = fetch_init,
	.on_sample = fetch_on_sample,
	.on_insn = fetch_on_insn,
	.finish = fetch_finish,
};
