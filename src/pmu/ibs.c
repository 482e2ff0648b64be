/*
 * ibs.c — AMD IBS (op sampling) as 004_b28092482852db08.txt Paper B §5 evaluates it: the
 * sample tags the instruction dispatched in the sample cycle (tag.c, dispatch stage; the next
 * one to dispatch if none does), follows it to the end of its life, committed or squashed,
 * and reports its address with the events of Table B.1's IBS column: DR-L1, DR-TLB, FL-MB,
 * ST-L1, ST-TLB, ST-LLC. Not time-proportional: instructions waiting at dispatch behind a
 * stalled ROB head attract the samples.
 */
#include "pmu/pmu_model.h"
#include "pmu/psv.h"

static int ibs_init(struct pmu_unit *u)
{
	struct pmu_tags *t = u->state;
	t->stage = PMU_TAG_DISPATCH;
	return 0;
}

const struct pmu_model pmu_model_ibs = {
	.name = "ibs",
	.summary = "AMD IBS op: tag at dispatch, the tagged instruction's IBS events "
	           "(Paper B Table B.1)",
	.psv_events = PSV_SET_IBS,
	.state_size = sizeof(struct pmu_tags),
	.init = ibs_init,
	.on_sample = pmu_tags_on_sample,
	.on_insn = pmu_tags_on_insn,
	.finish = pmu_tags_on_finish,
};
