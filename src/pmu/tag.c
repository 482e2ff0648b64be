/*
 * tag.c — profilers that choose their instruction after the sample cycle: the first
 * instruction fetched (fetch tagging, IBM RIS / AMD IBS fetch; Software's resume pc) or
 * dispatched (dispatch tagging, AMD IBS op / Arm SPE) at or after it. Lifecycle records
 * arrive when an instruction commits (in program order) or is squashed (before any younger
 * instruction fetched after the squash commits), so a tag is settled by the first committed
 * record whose timestamp is at or after the sample: every instruction that could precede it
 * in (timestamp, fetch order) has been seen by then.
 */
#include "pmu/pmu_model.h"

static uint64_t tag_time(const struct pmu_tags *t, const struct probe_insn *r)
{
	return t->stage == PMU_TAG_FETCH ? r->t_fetch : r->t_dispatch;
}

static void tag_resolve(struct pmu_unit *u, const struct pmu_tags *t, uint32_t slot)
{
	const struct pmu_tag *g = &t->q[slot];
	if (t->on_resolve)
		t->on_resolve(u, slot, g);
	if (g->best_t == UINT64_MAX) {
		u->unresolved++;
		return;
	}
	enum pmu_cat c = pmu_cat_of(g->state, g->best_insn, g->cause);
	if (u->model->psv_events) {
		psv_blame(u, g->best_pc, g->best_ctx, g->best_insn, c, g->best_events, u->prof.divisor);
		u->samples++;
	} else {
		pmu_blame(u, g->best_pc, g->best_ctx, g->best_insn, c);
	}
}

void pmu_tags_sample(struct pmu_unit *u, struct pmu_tags *t, const struct probe_cycle *v,
		     uint64_t cycle)
{
	if (t->n == PMU_TAG_MAX) {
		u->unresolved++;
		return;
	}
	struct pmu_tag *g = &t->q[(t->head + t->n++) % PMU_TAG_MAX];
	g->cycle = cycle;
	g->best_t = UINT64_MAX;
	g->best_seq = UINT64_MAX;
	g->best_pc = 0;
	g->best_insn = NULL;
	g->best_events = 0;
	g->state = (uint8_t)v->state;
	g->cause = (uint8_t)v->empty_cause;
}

void pmu_tags_insn(struct pmu_unit *u, struct pmu_tags *t, const struct probe_insn *r)
{
	if (!t->n)
		return;
	if (t->committed_only && !r->committed)
		return;
	uint64_t ts = tag_time(t, r);
	if (ts == PROBE_NEVER)
		return;
	for (uint32_t k = 0; k < t->n; k++) {
		struct pmu_tag *g = &t->q[(t->head + k) % PMU_TAG_MAX];
		if (ts < g->cycle)
			break;  /* younger tags have later cycles */
		if (ts < g->best_t || (ts == g->best_t && r->seq < g->best_seq)) {
			g->best_t = ts;
			g->best_seq = r->seq;
			g->best_pc = r->pc;
			g->best_ctx = r->ctx;
			g->best_insn = r->insn;
			g->best_events = r->events;
			if (t->on_best)
				t->on_best(u, (t->head + k) % PMU_TAG_MAX, r);
		}
	}
	if (!r->committed)
		return;
	while (t->n) {
		struct pmu_tag *g = &t->q[t->head];
		if (ts < g->cycle)
			break;
		tag_resolve(u, t, t->head);
		t->head = (t->head + 1) % PMU_TAG_MAX;
		t->n--;
	}
}

void pmu_tags_finish(struct pmu_unit *u, struct pmu_tags *t)
{
	while (t->n) {
		tag_resolve(u, t, t->head);
		t->head = (t->head + 1) % PMU_TAG_MAX;
		t->n--;
	}
}

void pmu_tags_on_sample(struct pmu_unit *u, const struct probe_cycle *v, uint64_t cycle)
{
	pmu_tags_sample(u, u->state, v, cycle);
}

void pmu_tags_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	pmu_tags_insn(u, u->state, r);
}

void pmu_tags_on_finish(struct pmu_unit *u)
{
	pmu_tags_finish(u, u->state);
}
