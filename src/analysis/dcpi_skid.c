/*
 * dcpi_skid.c — DCPI's event samples back to the instructions that caused them
 * (002_767b26a0b68559db.txt §4.1.2): the interrupt of an event counter reaches the processor
 * six cycles after the event with the pc of the oldest instruction not yet issued, so event
 * samples land a little younger than their events. dcpi_proc_unskid undoes that by the block
 * structure of the procedure (see dcpi.h).
 */
#include "analysis/dcpi.h"

#include <string.h>

static int dcpi_skid_mem(const struct dcpi_insn *x)
{
	return x->in.cls == ISA_CLASS_LOAD || x->in.cls == ISA_CLASS_STORE ||
	       x->in.cls == ISA_CLASS_AMO;
}

/* A transfer that can mispredict: a conditional branch or an indirect jump (not a return,
 * whose mispredict would be sampled in the caller). */
static int dcpi_skid_predicted(const struct dcpi_insn *x)
{
	return (x->in.flags & ISA_F_COND) ||
	       ((x->in.flags & ISA_F_INDIRECT) && !(x->in.flags & (ISA_F_RET | ISA_F_CALL)));
}

/* The load or store whose miss a sample on instruction i stands for, or DCPI_NONE (the
 * sample is dropped: no access of the block can have caused it). The interrupt comes six
 * cycles after the access issued, so the access itself has left the head: the sample sits on
 * the instruction waiting for its data (the access i depends on) or on a younger one (the
 * nearest earlier access of the block). A D-TLB miss also holds the access itself at the
 * head for the walk: one sampled on an access stays there. */
static uint32_t dcpi_skid_access(const struct dcpi_proc *p, uint32_t i, int own)
{
	const struct dcpi_insn *x = &p->insns[i];
	if (own && dcpi_skid_mem(x))
		return i;
	if (x->dep_on != DCPI_NONE && dcpi_skid_mem(&p->insns[x->dep_on]))
		return x->dep_on;
	const struct dcpi_block *b = &p->blocks[x->block];
	for (uint32_t k = i; k-- > b->first;)
		if (dcpi_skid_mem(&p->insns[k]))
			return k;
	return DCPI_NONE;
}

/* Share `n` mispredicts sampled at instruction i out to the branches that can have caused
 * them. */
static void dcpi_skid_mispredict(const struct dcpi_proc *p, uint32_t i, double n, double *out)
{
	const struct dcpi_block *b = &p->blocks[p->insns[i].block];
	for (uint32_t k = i + 1; k-- > b->first;) {
		if (dcpi_skid_predicted(&p->insns[k])) {
			out[k] += n;
			return;
		}
		if (k < i && p->insns[k].in.cls == ISA_CLASS_JUMP && (p->insns[k].in.flags & ISA_F_CALL))
			return;  /* after a call: the callee's return, in another procedure */
	}
	uint32_t from[64], nfrom = 0;
	for (size_t e = 0; e < p->nedges; e++) {
		const struct dcpi_edge *ed = &p->edges[e];
		if (ed->to != p->insns[i].block || ed->from == DCPI_NONE)
			continue;
		const struct dcpi_block *pb = &p->blocks[ed->from];
		uint32_t last = pb->first + pb->n - 1;
		if (pb->n && dcpi_skid_predicted(&p->insns[last]) && nfrom < 64)
			from[nfrom++] = last;
	}
	for (uint32_t k = 0; k < nfrom; k++)
		out[from[k]] += n / nfrom;
}

void dcpi_proc_unskid(const struct dcpi_proc *p, enum dcpi_event kind, const double *samples,
		      double period_events, double *out)
{
	memset(out, 0, (p->ninsns ? p->ninsns : 1) * sizeof(*out));
	for (uint32_t i = 0; i < p->ninsns; i++) {
		double n = samples[i] * period_events;
		if (!(n > 0))
			continue;
		switch (kind) {
		case DCPI_EV_DMISS:
		case DCPI_EV_DTLB: {
			uint32_t k = dcpi_skid_access(p, i, kind == DCPI_EV_DTLB);
			if (k != DCPI_NONE)
				out[k] += n;
			break;
		}
		case DCPI_EV_MISPREDICT:
			dcpi_skid_mispredict(p, i, n, out);
			break;
		default:
			out[i] += n;
			break;
		}
	}
}
