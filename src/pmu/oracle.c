/*
 * oracle.c — the Oracle of 004_b28092482852db08.txt Paper A §2.2, the golden reference: every
 * cycle is attributed by the commit state. Computing: 1/n cycle to each of the n committing
 * instructions; stalled: the ROB head; flushed: the instruction that caused the flush (the
 * mispredicted branch or jump, the fflags/frm/fcsr write, fence.i or ecall that flushed after
 * committing, the load of a memory-ordering violation, the excepting instruction); drained:
 * the first instruction that enters the ROB after the drain (held until it dispatches).
 * Its units are cycles (x divisor); it ignores the sampler.
 */
#include "pmu/pmu_model.h"

struct oracle_state {
	uint64_t drained;            /* cycles waiting for the next instruction to dispatch */
	uint64_t share[PROBE_MAX_WIDTH + 1]; /* divisor / n: a cycle's share of n committing */
};

static int oracle_init(struct pmu_unit *u)
{
	struct oracle_state *s = u->state;
	for (uint32_t n = 1; n <= PROBE_MAX_WIDTH; n++)
		s->share[n] = u->prof.divisor / n;
	return 0;
}

/* Any view (oracle_on_cycle takes the usual ones). */
static __attribute__((noinline)) void oracle_on_cycle_any(struct pmu_unit *u,
                                                          const struct probe_cycle *v)
{
	struct oracle_state *s = u->state;
	uint64_t d = u->prof.divisor;
	if (s->drained && v->n_valid) {
		const struct probe_insn *first = v->head[0];
		pmu_add(u, first->pc, first->ctx, first->insn, PMU_CAT_FRONTEND, s->drained * d);
		s->drained = 0;
	}
	switch (v->state) {
	case PROBE_COMPUTING: {
		uint64_t share = s->share[v->n_commit] * v->ncycles;
		for (uint32_t i = 0; i < v->n_commit; i++)
			pmu_add(u, v->head[i]->pc, v->head[i]->ctx, v->head[i]->insn, PMU_CAT_EXECUTE,
			        share);
		break;
	}
	case PROBE_STALLED:
		pmu_add(u, v->head[0]->pc, v->head[0]->ctx, v->head[0]->insn,
		        pmu_cat_of(PROBE_STALLED, v->head[0]->insn, 0), d * v->ncycles);
		break;
	case PROBE_FLUSHED:
		pmu_add(u, v->flush_insn->pc, v->flush_insn->ctx, v->flush_insn->insn,
		        pmu_cat_of(PROBE_FLUSHED, v->flush_insn->insn, v->empty_cause),
		        d * v->ncycles);
		break;
	case PROBE_DRAINED:
		s->drained += v->ncycles;
		break;
	}
}

/* The usual view costs no call and no stack frame: no drain pending, no stacks kept, and
 * every instruction it blames found in the profile's direct-mapped cache (then all of the
 * view's adds are done here, else none and oracle_on_cycle_any does them). */
static void oracle_on_cycle(struct pmu_unit *u, const struct probe_cycle *v)
{
	struct oracle_state *s = u->state;
	struct pmu_profile *p = &u->prof;
	if (s->drained || u->stacks.slot)
		goto any;
	switch (v->state) {
	case PROBE_COMPUTING: {
		uint32_t n = v->n_commit;
		struct pmu_entry *e[PROBE_MAX_WIDTH];
		for (uint32_t i = 0; i < n; i++)
			if (!(e[i] = pmu_profile_cached(p, v->head[i]->pc)))
				goto any;
		uint64_t share = s->share[n] * v->ncycles;
		for (uint32_t i = 0; i < n; i++)
			pmu_profile_add_entry(p, e[i], v->head[i]->insn, PMU_CAT_EXECUTE, share);
		return;
	}
	case PROBE_STALLED: {
		const struct probe_insn *h = v->head[0];
		struct pmu_entry *e = pmu_profile_cached(p, h->pc);
		if (!e)
			goto any;
		pmu_profile_add_entry(p, e, h->insn, pmu_cat_of(PROBE_STALLED, h->insn, 0),
		                      p->divisor * v->ncycles);
		return;
	}
	case PROBE_FLUSHED: {
		const struct probe_insn *f = v->flush_insn;
		struct pmu_entry *e = pmu_profile_cached(p, f->pc);
		if (!e)
			goto any;
		pmu_profile_add_entry(p, e, f->insn, pmu_cat_of(PROBE_FLUSHED, f->insn, v->empty_cause),
		                      p->divisor * v->ncycles);
		return;
	}
	default:
		break;
	}
any:
	oracle_on_cycle_any(u, v);
}

static void oracle_finish(struct pmu_unit *u)
{
	struct oracle_state *s = u->state;
	const struct pmu_commit_reg *last = u->last_commit;
	/* a drain nothing ever ended: the program's last cycles; blame the last instruction */
	if (s->drained && last->valid)
		pmu_add(u, last->pc, last->ctx, last->insn, PMU_CAT_FRONTEND,
		        s->drained * u->prof.divisor);
	else if (s->drained)
		u->unresolved += s->drained;
	s->drained = 0;
}

const struct pmu_model pmu_model_oracle = {
	.name = "oracle",
	.summary = "golden reference: every cycle to the instruction(s) whose latency the core "
	           "exposes (Paper A §2.2)",
	.every_cycle = 1,
	.state_size = sizeof(struct oracle_state),
	.commit_regs = 1,            /* the last committed instruction, for finish */
	.init = oracle_init,
	.on_cycle = oracle_on_cycle,
	.finish = oracle_finish,
};
