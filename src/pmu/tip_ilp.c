/*
 * tip_ilp.c — TIP-ILP of 004_b28092482852db08.txt Paper A §5: TIP with its OIR and
 * flushed/drained handling, but ILP-oblivious: a sample taken while several instructions
 * commit goes whole to one of them, the oldest (the entry TIP's Oldest ID names).
 */
#include "pmu/pmu_model.h"

static void tip_ilp_on_sample(struct pmu_unit *u, const struct probe_cycle *v, uint64_t cycle)
{
	(void)cycle;
	tip_sample(u, v, 0);
}

const struct pmu_model pmu_model_tip_ilp = {
	.name = "tip-ilp",
	.summary = "TIP without ILP accounting: a computing sample to the oldest committing "
	           "instruction only",
	.state_size = sizeof(struct tip_state),
	.commit_regs = 1,
	.init = tip_init,
	.on_cycle = tip_on_cycle,
	.on_sample = tip_ilp_on_sample,
	.finish = tip_finish,
};
