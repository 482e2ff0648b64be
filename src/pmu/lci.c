/*
 * lci.c — LCI, the Last-Committed Instruction profiler of 004_b28092482852db08.txt Paper A
 * §2.2 (external debug-interface samplers such as Arm CoreSight's PC sample register, Xilinx
 * TCF, Lynsyn): a register updated with the youngest committing instruction every cycle,
 * read at the sample. It blames the instruction before a stall for the stall, but the
 * flushing instruction for a flush. The register is the PMU's (pmu_unit.last_commit), kept
 * once for every model that reads it.
 */
#include "pmu/pmu_model.h"

static void lci_on_sample(struct pmu_unit *u, const struct probe_cycle *v, uint64_t cycle)
{
	const struct pmu_commit_reg *r = u->last_commit;
	(void)cycle;
	if (!r->valid) {
		u->unresolved++;  /* nothing committed yet */
		return;
	}
	pmu_blame(u, r->pc, r->ctx, r->insn, pmu_view_cat(v, r->insn));
}

const struct pmu_model pmu_model_lci = {
	.name = "lci",
	.summary = "last-committed instruction, as debug-interface PC samplers (CoreSight, "
	           "Lynsyn)",
	.commit_regs = 1,
	.on_sample = lci_on_sample,
};
