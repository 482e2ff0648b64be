/*
 * spe.c — Arm SPE as 004_b28092482852db08.txt Paper B §5 evaluates it: tags the instruction
 * dispatched in the sample cycle (tag.c, dispatch stage), follows it to the end of its life
 * and records the events of Table B.1's SPE column: FL-MB, FL-EX, ST-L1, ST-TLB, ST-LLC (no
 * front-end events).
 */
#include "pmu/pmu_model.h"
#include "pmu/psv.h"

static int spe_init(struct pmu_unit *u)
{
	struct pmu_tags *t = u->state;
	t->stage = PMU_TAG_DISPATCH;
	return 0;
}

const struct pmu_model pmu_model_spe = {
	.name = "spe",
	.summary = "Arm SPE: tag at dispatch, the tagged instruction's SPE events "
	           "(Paper B Table B.1)",
	.psv_events = PSV_SET_SPE,
	.state_size = sizeof(struct pmu_tags),
	.init = spe_init,
	.on_sample = pmu_tags_on_sample,
	.on_insn = pmu_tags_on_insn,
	.finish = pmu_tags_on_finish,
};
