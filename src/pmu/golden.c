/*
 * golden.c — the golden reference PICS of 004_b28092482852db08.txt Paper B §4: every cycle
 * attributed as the Oracle does (1/n to each committing instruction, the stalled ROB head,
 * the instruction that caused the flush, the first instruction after a drain), under the
 * blamed instruction's final PSV: time on an instruction that has not committed yet waits
 * for its lifecycle record. Per static instruction: cycles per signature (unit->pics, all
 * nine events; a profiler with a smaller event set is compared after masking both sides).
 * Also counts, per static instruction and event, the correct-path instances that met the
 * event (unit->evcount), for the event-count correlation of Figure B.7.
 */
#include "pmu/pmu_model.h"
#include "pmu/psv.h"

struct golden_state {
	struct psv_wait w;
	struct psv_wait_entry last;  /* the last committed instruction (end-of-run drain) */
	int have_last;
};

static void golden_on_cycle(struct pmu_unit *u, const struct probe_cycle *v)
{
	struct golden_state *s = u->state;
	uint64_t d = u->prof.divisor;
	psv_wait_cycle(u, &s->w, v);
	switch (v->state) {
	case PROBE_COMPUTING: {
		uint64_t share = d / v->n_commit * v->ncycles;
		for (uint32_t i = 0; i < v->n_commit; i++) {
			const struct probe_insn *r = v->head[i];
			psv_blame(u, r->pc, r->ctx, r->insn, PMU_CAT_EXECUTE, r->events, share);
		}
		const struct probe_insn *y = v->head[v->n_commit - 1];
		s->last = (struct psv_wait_entry){ .pc = y->pc, .ctx = y->ctx, .insn = y->insn, .events = y->events };
		s->have_last = 1;
		break;
	}
	case PROBE_STALLED:
		psv_wait_add(u, &s->w, v->head[0], pmu_cat_of(PROBE_STALLED, v->head[0]->insn, 0),
		             d * v->ncycles, 0);
		break;
	case PROBE_FLUSHED: {
		const struct probe_insn *f = v->flush_insn;
		psv_blame(u, f->pc, f->ctx, f->insn, pmu_cat_of(PROBE_FLUSHED, f->insn, v->empty_cause),
		          f->events, d * v->ncycles);
		break;
	}
	case PROBE_DRAINED:
		s->w.drained_units += d * v->ncycles;
		break;
	}
}

static void golden_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	struct golden_state *s = u->state;
	if (s->w.n)
		psv_wait_insn(u, &s->w, r);
	uint32_t ev = psv_of(r->events);
	if (!ev || r->wrong_path || r->pc >= PSV_KEY_PC_MAX)
		return;
	for (int b = 0; b < PSV_BITS; b++)
		if (ev & (1u << b))
			pmu_profile_add(&u->evcount, psv_key(r->pc, 1u << b), r->insn, PMU_CAT_EXECUTE, 1);
}

static void golden_finish(struct pmu_unit *u)
{
	struct golden_state *s = u->state;
	psv_wait_finish(u, &s->w, s->have_last ? &s->last : NULL);
	/* the per-pc profile, summed once from the PICS rather than kept every cycle */
	const struct pmu_profile *q = &u->pics;
	for (size_t i = 0; i < q->n; i++)
		for (int c = 0; c < PMU_CAT_N; c++)
			if (q->e[i].cat[c])
				pmu_profile_add(&u->prof, psv_key_pc(q->e[i].pc), q->e[i].insn,
				                (enum pmu_cat)c, q->e[i].cat[c]);
}

const struct pmu_model pmu_model_golden = {
	.name = "golden",
	.summary = "golden reference PICS: every cycle, as the Oracle, to the blamed "
	           "instruction's signature (Paper B §4)",
	.every_cycle = 1,
	.psv_events = PSV_SET_TEA,
	.state_size = sizeof(struct golden_state),
	.on_cycle = golden_on_cycle,
	.on_insn = golden_on_insn,
	.finish = golden_finish,
};
