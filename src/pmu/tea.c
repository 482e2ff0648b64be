/*
 * tea.c — TEA, Time-Proportional Event Analysis of 004_b28092482852db08.txt Paper B §3: TIP's
 * sample selection (tip.c) returning PSVs. Computing: every committing instruction, 1/n each,
 * with its PSV; Stalled: the ROB head, the sample returned once it commits so that its PSV is
 * final; Flushed: the Offending Instruction Register with the PSV of the last-committed (or
 * excepting) instruction; Drained: the first instruction to dispatch, returned when it
 * commits. Event set: all nine events of Table B.1.
 */
#include "pmu/pmu_model.h"
#include "pmu/psv.h"

struct tea_state {
	struct psv_wait w;
	uint64_t oir_pc;             /* Offending Instruction Register, with its PSV */
	uint32_t oir_ctx;            /* its calling context */
	const struct isa_insn *oir_insn;
	uint32_t oir_events;
	uint8_t oir_flag;            /* enum probe_cause of a flush it caused, 0 none */
	uint8_t oir_valid;
};

static void tea_oir(struct tea_state *s, const struct probe_insn *r, uint8_t flag)
{
	s->oir_pc = r->pc;
	s->oir_ctx = r->ctx;
	s->oir_insn = r->insn;
	s->oir_events = r->events;
	s->oir_flag = flag;
	s->oir_valid = 1;
}

static void tea_on_cycle(struct pmu_unit *u, const struct probe_cycle *v)
{
	struct tea_state *s = u->state;
	psv_wait_cycle(u, &s->w, v);
	if (v->n_commit) {
		const struct probe_insn *y = v->head[v->n_commit - 1];
		tea_oir(s, y, y->flush_cause);
	} else if (v->state == PROBE_FLUSHED && v->flush_insn &&
	           (v->empty_cause == PROBE_FLUSH_EXCEPTION || v->empty_cause == PROBE_FLUSH_MEM_ORDER)) {
		tea_oir(s, v->flush_insn, (uint8_t)v->empty_cause);
	}
}

static void tea_on_sample(struct pmu_unit *u, const struct probe_cycle *v, uint64_t cycle)
{
	struct tea_state *s = u->state;
	uint64_t d = u->prof.divisor;
	(void)cycle;
	if (v->n_commit) {
		uint64_t share = d / v->n_commit;
		for (uint32_t i = 0; i < v->n_commit; i++)
			psv_blame(u, v->head[i]->pc, v->head[i]->ctx, v->head[i]->insn, PMU_CAT_EXECUTE,
			          v->head[i]->events, share);
		u->samples++;
	} else if (v->n_valid) {
		psv_wait_add(u, &s->w, v->head[0], pmu_cat_of(PROBE_STALLED, v->head[0]->insn, 0), d,
		             1);
	} else if (s->oir_valid && s->oir_flag) {
		psv_blame(u, s->oir_pc, s->oir_ctx, s->oir_insn, pmu_cat_of(PROBE_FLUSHED, s->oir_insn, s->oir_flag),
		          s->oir_events, d);
		u->samples++;
	} else {
		s->w.drained_units += d;
		s->w.drained_samples++;
	}
}

static void tea_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	struct tea_state *s = u->state;
	if (s->w.n)
		psv_wait_insn(u, &s->w, r);
}

static void tea_finish(struct pmu_unit *u)
{
	struct tea_state *s = u->state;
	psv_wait_finish(u, &s->w, NULL);
}

const struct pmu_model pmu_model_tea = {
	.name = "tea",
	.summary = "TEA: TIP's time-proportional selection returning each instruction's PSV "
	           "(Paper B §3)",
	.psv_events = PSV_SET_TEA,
	.state_size = sizeof(struct tea_state),
	.on_cycle = tea_on_cycle,
	.on_sample = tea_on_sample,
	.on_insn = tea_on_insn,
	.finish = tea_finish,
};
