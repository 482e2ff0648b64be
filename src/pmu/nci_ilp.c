/*
 * nci_ilp.c — NCI+ILP of 004_b28092482852db08.txt Paper A §5.2 (Figure A.11c): NCI made
 * commit-parallelism-aware by giving 1/n of a sample to each of the n next-committing
 * instructions, i.e. those that commit in the first cycle at or after the sample in which
 * anything commits — after a long stall that is the stalled instruction and the ones that
 * commit with it.
 */
#include "pmu/pmu_model.h"

struct nci_ilp_state {
	uint64_t pending;            /* samples waiting for the next committing cycle */
	uint8_t state, cause;        /* commit state / flush cause at the oldest pending sample */
};

static void nci_ilp_resolve(struct pmu_unit *u, const struct probe_cycle *v)
{
	struct nci_ilp_state *s = u->state;
	enum pmu_cat c = pmu_cat_of(s->state, v->head[0]->insn, s->cause);
	for (; s->pending; s->pending--)
		pmu_blame_split(u, v->head, v->n_commit, c);
}

static int nci_ilp_init(struct pmu_unit *u)
{
	struct nci_ilp_state *s = u->state;
	u->cycle_demand = &s->pending;  /* views matter only while samples wait */
	return 0;
}

static void nci_ilp_on_cycle(struct pmu_unit *u, const struct probe_cycle *v)
{
	struct nci_ilp_state *s = u->state;
	if (s->pending && v->n_commit)
		nci_ilp_resolve(u, v);
}

static void nci_ilp_on_sample(struct pmu_unit *u, const struct probe_cycle *v, uint64_t cycle)
{
	struct nci_ilp_state *s = u->state;
	(void)cycle;
	if (!s->pending) {
		s->state = (uint8_t)v->state;
		s->cause = (uint8_t)v->empty_cause;
	}
	s->pending++;
	if (v->n_commit)
		nci_ilp_resolve(u, v);
}

static void nci_ilp_finish(struct pmu_unit *u)
{
	struct nci_ilp_state *s = u->state;
	u->unresolved += s->pending;
	s->pending = 0;
}

const struct pmu_model pmu_model_nci_ilp = {
	.name = "nci-ilp",
	.summary = "NCI+ILP: 1/n of a sample to each of the n next-committing instructions",
	.state_size = sizeof(struct nci_ilp_state),
	.init = nci_ilp_init,
	.on_cycle = nci_ilp_on_cycle,
	.on_sample = nci_ilp_on_sample,
	.finish = nci_ilp_finish,
};
