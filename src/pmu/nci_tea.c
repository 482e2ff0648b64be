/*
 * nci_tea.c — NCI-TEA of 004_b28092482852db08.txt Paper B §5: TEA's nine events sampled with
 * the Next-Committing Instruction policy of Intel PEBS (nci.c): the oldest committing
 * instruction, the stalled ROB head (returned when it commits, with its final PSV), or after
 * a flush or drain the first instruction that commits — so a flush is blamed on the
 * instruction after the mispredicted branch, with that instruction's PSV.
 */
#include "pmu/pmu_model.h"
#include "pmu/psv.h"

struct nci_tea_state {
	struct psv_wait w;           /* samples on a stalled head */
	uint64_t pending;            /* samples in an empty ROB, waiting for the next commit */
	uint8_t state, cause;        /* commit state / flush cause at the oldest pending sample */
};

static void nci_tea_on_cycle(struct pmu_unit *u, const struct probe_cycle *v)
{
	struct nci_tea_state *s = u->state;
	if (!s->pending || !v->n_commit)
		return;
	const struct probe_insn *r = v->head[0];
	psv_blame(u, r->pc, r->ctx, r->insn, pmu_cat_of(s->state, r->insn, s->cause), r->events,
	          s->pending * u->prof.divisor);
	u->samples += s->pending;
	s->pending = 0;
}

static void nci_tea_on_sample(struct pmu_unit *u, const struct probe_cycle *v, uint64_t cycle)
{
	struct nci_tea_state *s = u->state;
	(void)cycle;
	const struct probe_insn *h = v->head[0];
	if (v->n_commit) {
		psv_blame(u, h->pc, h->ctx, h->insn, PMU_CAT_EXECUTE, h->events, u->prof.divisor);
		u->samples++;
	} else if (v->n_valid) {
		psv_wait_add(u, &s->w, h, pmu_view_cat(v, h->insn), u->prof.divisor, 1);
	} else {
		if (!s->pending) {
			s->state = (uint8_t)v->state;
			s->cause = (uint8_t)v->empty_cause;
		}
		s->pending++;
	}
}

static void nci_tea_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	struct nci_tea_state *s = u->state;
	if (s->w.n)
		psv_wait_insn(u, &s->w, r);
}

static void nci_tea_finish(struct pmu_unit *u)
{
	struct nci_tea_state *s = u->state;
	psv_wait_finish(u, &s->w, NULL);
	u->unresolved += s->pending;
	s->pending = 0;
}

const struct pmu_model pmu_model_nci_tea = {
	.name = "nci-tea",
	.summary = "NCI-TEA: TEA's events with next-committing-instruction sampling, as Intel "
	           "PEBS (Paper B §5)",
	.psv_events = PSV_SET_TEA,
	.state_size = sizeof(struct nci_tea_state),
	.on_cycle = nci_tea_on_cycle,
	.on_sample = nci_tea_on_sample,
	.on_insn = nci_tea_on_insn,
	.finish = nci_tea_finish,
};
