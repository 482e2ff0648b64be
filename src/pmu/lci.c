/*
 * lci.c — LCI, the Last-Committed Instruction profiler of 004_b28092482852db08.txt Paper A
 * §2.2 (external debug-interface samplers such as Arm CoreSight's PC sample register, Xilinx
 * TCF, Lynsyn): a register updated with the youngest committing instruction every cycle,
 * read at the sample. It blames the instruction before a stall for the stall, but the
 * flushing instruction for a flush.
 */
#include "pmu/pmu_model.h"

struct lci_state {
	uint64_t pc;                 /* the program-counter sample register */
	uint32_t ctx;                /* its calling context */
	const struct isa_insn *insn;
	int valid;
};

static void lci_on_cycle(struct pmu_unit *u, const struct probe_cycle *v)
{
	struct lci_state *s = u->state;
	if (v->n_commit) {
		const struct probe_insn *y = v->head[v->n_commit - 1];
		s->pc = y->pc;
		s->ctx = y->ctx;
		s->insn = y->insn;
		s->valid = 1;
	}
}

static void lci_on_sample(struct pmu_unit *u, const struct probe_cycle *v, uint64_t cycle)
{
	struct lci_state *s = u->state;
	(void)cycle;
	if (!s->valid) {
		u->unresolved++;  /* nothing committed yet */
		return;
	}
	pmu_blame(u, s->pc, s->ctx, s->insn, pmu_view_cat(v, s->insn));
}

const struct pmu_model pmu_model_lci = {
	.name = "lci",
	.summary = "last-committed instruction, as debug-interface PC samplers (CoreSight, "
	           "Lynsyn)",
	.state_size = sizeof(struct lci_state),
	.on_cycle = lci_on_cycle,
	.on_sample = lci_on_sample,
};
