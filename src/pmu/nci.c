/*
 * nci.c — NCI, the Next-Committing Instruction profiler of 004_b28092482852db08.txt Paper A
 * §2.2 (Intel PEBS): a sample goes to the next instruction to commit at or after the sample
 * cycle — the oldest committing one, the stalled ROB head, or, when the ROB is empty (flushed
 * or drained), the first instruction that commits afterwards. It thus misses ILP and blames
 * the instruction after a flush for the flush.
 */
#include "pmu/pmu_model.h"

struct nci_state {
	uint64_t pending;            /* samples waiting for the next commit */
	uint8_t state, cause;        /* commit state / flush cause at the oldest pending sample */
};

static int nci_init(struct pmu_unit *u)
{
	struct nci_state *s = u->state;
	u->cycle_demand = &s->pending;  /* views matter only while samples wait */
	return 0;
}

static void nci_on_cycle(struct pmu_unit *u, const struct probe_cycle *v)
{
	struct nci_state *s = u->state;
	if (!s->pending || !v->n_commit)
		return;
	const struct probe_insn *r = v->head[0];
	enum pmu_cat c = pmu_cat_of(s->state, r->insn, s->cause);
	for (; s->pending; s->pending--)
		pmu_blame(u, r->pc, r->ctx, r->insn, c);
}

static void nci_on_sample(struct pmu_unit *u, const struct probe_cycle *v, uint64_t cycle)
{
	struct nci_state *s = u->state;
	(void)cycle;
	if (v->n_valid) {
		/* committing now, or the head that commits next */
		pmu_blame(u, v->head[0]->pc, v->head[0]->ctx, v->head[0]->insn, pmu_view_cat(v, v->head[0]->insn));
		return;
	}
	if (!s->pending) {
		s->state = (uint8_t)v->state;
		s->cause = (uint8_t)v->empty_cause;
	}
	s->pending++;
}

static void nci_finish(struct pmu_unit *u)
{
	struct nci_state *s = u->state;
	u->unresolved += s->pending;
	s->pending = 0;
}

const struct pmu_model pmu_model_nci = {
	.name = "nci",
	.summary = "next-committing instruction, as Intel PEBS: one instruction per sample, "
	           "the one after a flush",
	.state_size = sizeof(struct nci_state),
	.init = nci_init,
	.on_cycle = nci_on_cycle,
	.on_sample = nci_on_sample,
	.finish = nci_finish,
};
