/*
 * tip.c — TIP, the Time-Proportional Instruction Profiler of 004_b28092482852db08.txt Paper A
 * §3.1. The Offending Instruction Register (OIR) is updated every cycle with the address and
 * flags (mispredicted, flush) of the youngest committing ROB entry, or, when nothing commits
 * and the head raises an exception (or a memory-ordering violation), with the excepting
 * instruction. Sample selection: ROB not empty and committing → every committing entry
 * valid, 1/n each (Computing); not committing → the oldest entry (Stalled); ROB empty and the
 * OIR carries a mispredict/flush/exception flag → the OIR's address (Flushed); otherwise the
 * Front-end flag is set and the sample waits for the first instruction to dispatch, whose
 * address it takes (Drained). TIP-ILP (tip_ilp.c) shares all of it but keeps one instruction
 * of a computing sample. The OIR is kept by the PMU (pmu_unit.oir), once for TIP and TIP-ILP;
 * TIP's own hook runs only while front-end samples wait.
 */
#include "pmu/pmu_model.h"

int tip_init(struct pmu_unit *u)
{
	struct tip_state *s = u->state;
	u->cycle_demand = &s->frontend;
	return 0;
}

void tip_on_cycle(struct pmu_unit *u, const struct probe_cycle *v)
{
	struct tip_state *s = u->state;
	if (s->frontend && v->n_valid) {
		/* the address CSR of the bank the first entry dispatched to; flags stay */
		const struct probe_insn *first = v->head[0];
		for (; s->frontend; s->frontend--)
			pmu_blame(u, first->pc, first->ctx, first->insn, PMU_CAT_FRONTEND);
	}
}

void tip_sample(struct pmu_unit *u, const struct probe_cycle *v, int ilp)
{
	struct tip_state *s = u->state;
	if (v->n_commit) {
		if (ilp)
			pmu_blame_split(u, v->head, v->n_commit, PMU_CAT_EXECUTE);
		else
			pmu_blame(u, v->head[0]->pc, v->head[0]->ctx, v->head[0]->insn,
			          PMU_CAT_EXECUTE);
	} else if (v->n_valid) {
		pmu_blame(u, v->head[0]->pc, v->head[0]->ctx, v->head[0]->insn,
		          pmu_cat_of(PROBE_STALLED, v->head[0]->insn, 0));
	} else if (u->oir->valid && u->oir->flag) {
		const struct pmu_commit_reg *oir = u->oir;
		pmu_blame(u, oir->pc, oir->ctx, oir->insn, pmu_cat_of(PROBE_FLUSHED, oir->insn, oir->flag));
	} else {
		s->frontend++;
	}
}

void tip_finish(struct pmu_unit *u)
{
	struct tip_state *s = u->state;
	u->unresolved += s->frontend;
	s->frontend = 0;
}

static void tip_on_sample(struct pmu_unit *u, const struct probe_cycle *v, uint64_t cycle)
{
	(void)cycle;
	tip_sample(u, v, 1);
}

const struct pmu_model pmu_model_tip = {
	.name = "tip",
	.summary = "TIP: commit-stage sampling with the four commit states and 1/n shares of "
	           "committing instructions (Paper A §3)",
	.state_size = sizeof(struct tip_state),
	.commit_regs = 1,
	.init = tip_init,
	.on_cycle = tip_on_cycle,
	.on_sample = tip_on_sample,
	.finish = tip_finish,
};
