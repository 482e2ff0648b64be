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
 * of a computing sample.
 */
#include "pmu/pmu_model.h"

void tip_on_cycle(struct pmu_unit *u, const struct probe_cycle *v)
{
	struct tip_state *s = u->state;
	if (s->frontend && v->n_valid) {
		/* the address CSR of the bank the first entry dispatched to; flags stay */
		const struct probe_insn *first = v->head[0];
		for (; s->frontend; s->frontend--)
			pmu_blame(u, first->pc, first->ctx, first->insn, PMU_CAT_FRONTEND);
	}
	if (v->n_commit) {
		const struct probe_insn *y = v->head[v->n_commit - 1];
		s->oir_pc = y->pc;
		s->oir_ctx = y->ctx;
		s->oir_insn = y->insn;
		s->oir_flag = y->flush_cause;
		s->oir_valid = 1;
	} else if (v->state == PROBE_FLUSHED && v->flush_insn &&
	           (v->empty_cause == PROBE_FLUSH_EXCEPTION || v->empty_cause == PROBE_FLUSH_MEM_ORDER)) {
		/* the head entry excepted instead of committing */
		s->oir_pc = v->flush_insn->pc;
		s->oir_ctx = v->flush_insn->ctx;
		s->oir_insn = v->flush_insn->insn;
		s->oir_flag = (uint8_t)v->empty_cause;
		s->oir_valid = 1;
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
	} else if (s->oir_valid && s->oir_flag) {
		pmu_blame(u, s->oir_pc, s->oir_ctx, s->oir_insn,
		          pmu_cat_of(PROBE_FLUSHED, s->oir_insn, s->oir_flag));
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
	.on_cycle = tip_on_cycle,
	.on_sample = tip_on_sample,
	.finish = tip_finish,
};
