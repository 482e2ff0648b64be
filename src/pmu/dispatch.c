/*
 * dispatch.c — Dispatch tagging of 004_b28092482852db08.txt Paper A §2.1 (AMD IBS op, Arm
 * SPE, ProfileMe): the sample tags the instruction dispatched in the sample cycle (the next
 * one to dispatch if none does) and reports it when it leaves the pipeline — committed or,
 * like IBS and SPE, squashed on the wrong path. Instructions held at dispatch behind a stall
 * attract the samples.
 */
#include "pmu/pmu_model.h"

static int dispatch_init(struct pmu_unit *u)
{
	struct pmu_tags *t = u->state;
	t->stage = PMU_TAG_DISPATCH;
	t->committed_only = 0;
	u->insn_demand = &t->n;  /* records matter only while a tag waits */
	return 0;
}

static void dispatch_on_sample(struct pmu_unit *u, const struct probe_cycle *v, uint64_t cycle)
{
	pmu_tags_sample(u, u->state, v, cycle);
}

static void dispatch_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	pmu_tags_insn(u, u->state, r);
}

static void dispatch_finish(struct pmu_unit *u)
{
	pmu_tags_finish(u, u->state);
}

const struct pmu_model pmu_model_dispatch = {
	.name = "dispatch",
	.summary = "tag at dispatch, as AMD IBS op / Arm SPE: the instruction dispatched in the "
	           "sample cycle",
	.state_size = sizeof(struct pmu_tags),
	.init = dispatch_init,
	.on_sample = dispatch_on_sample,
	.on_insn = dispatch_on_insn,
	.finish = dispatch_finish,
};
