/*
 * ris.c — IBM RIS as 004_b28092482852db08.txt Paper B §5 evaluates it: tags the instruction
 * fetched in the sample cycle (tag.c, fetch stage: RIS marks instructions while forming
 * instruction groups at fetch), follows it to the end of its life and records the events of
 * Table B.1's RIS column: DR-L1, DR-TLB, DR-SQ, FL-MB, ST-L1, ST-TLB, ST-LLC.
 */
#include "pmu/pmu_model.h"
#include "pmu/psv.h"

static int ris_init(struct pmu_unit *u)
{
	struct pmu_tags *t = u->state;
	t->stage = PMU_TAG_FETCH;
	return 0;
}

const struct pmu_model pmu_model_ris = {
	.name = "ris",
	.summary = "IBM RIS: tag at fetch, the tagged instruction's RIS events "
	           "(Paper B Table B.1)",
	.psv_events = PSV_SET_RIS,
	.state_size = sizeof(struct pmu_tags),
	.init = ris_init,
	.on_sample = pmu_tags_on_sample,
	.on_insn = pmu_tags_on_insn,
	.finish = pmu_tags_on_finish,
};
