/*
 * issue.c — issue and execute: each cycle every issue queue selects its oldest ready
 * instructions up to its issue width (or, with `inorder`, the core issues strictly in program
 * order), checks the functional units (pipelined multipliers and FPUs, unpipelined dividers
 * and FP divide/sqrt units), and computes when results are ready. Loads and stores go to the
 * LSU. resolve_stage squashes the wrong path when the mispredicted transfer completes.
 */
#include <errno.h>

#include "core/pipe.h"

uint32_t core_exec_cycles(const struct core *c, const struct isa_insn *in)
{
	const struct core_config *g = &c->cfg;
	switch (in->cls) {
	case ISA_CLASS_MUL: return g->mul_cycles;
	case ISA_CLASS_DIV: return g->div_cycles;
	case ISA_CLASS_FP_ADD: return g->fp_add_cycles;
	case ISA_CLASS_FP_MUL: return g->fp_mul_cycles;
	case ISA_CLASS_FP_DIVSQRT: return g->fp_divsqrt_cycles;
	case ISA_CLASS_FP_CVT: return g->fp_cvt_cycles;
	case ISA_CLASS_CSR: return g->csr_cycles;
	case ISA_CLASS_SYSTEM: return (in->flags & ISA_F_ECALL) ? (g->ecall_cycles ? g->ecall_cycles : 1) : 1;
	default: return g->alu_cycles;
	}
}

/* Per-cycle functional-unit budget. */
struct issue_budget {
	uint32_t mul;
};

static int issue_ready(const struct core *c, const struct core_insn *e, uint64_t idx)
{
	if (e->retry_at > c->now)
		return 0;
	const uint64_t *rdy = c->preg_ready;
	if (rdy[e->psrc[0]] > c->now)
		return 0;
	if (!e->is_store && (rdy[e->psrc[1]] > c->now || rdy[e->psrc[2]] > c->now))
		return 0;
	if (e->at_head) {
		if (idx != c->head)
			return 0;
		/* fences and AMOs wait until every older store reached the cache */
		if ((e->is_amo || e->rec.insn->cls == ISA_CLASS_FENCE) && c->sq_head != c->sq_tail)
			return 0;
	}
	return 1;
}

/* Find a free unpipelined unit among units[n]; returns its index or -1. */
static int issue_free_unit(const uint64_t *units, uint32_t n, uint64_t now)
{
	for (uint32_t i = 0; i < n; i++)
		if (units[i] <= now)
			return (int)i;
	return -1;
}

/* Try to issue e: 1 = issued, 0 = not this cycle. */
static int issue_one(struct core *c, struct core_insn *e, uint64_t idx, struct issue_budget *b)
{
	const struct isa_insn *in = e->rec.insn;
	uint64_t now = c->now;
	int unit = -1;
	switch (in->cls) {
	case ISA_CLASS_MUL:
		if (b->mul >= c->cfg.mul_units)
			return 0;
		break;
	case ISA_CLASS_DIV:
		unit = issue_free_unit(c->div_free, c->cfg.div_units, now);
		if (unit < 0)
			return 0;
		break;
	case ISA_CLASS_FP_DIVSQRT:
		unit = issue_free_unit(c->fdiv_free, c->cfg.fdiv_units, now);
		if (unit < 0)
			return 0;
		break;
	default:
		break;
	}
	/* operands-ready time: the last source's arrival, no earlier than the cycle after dispatch */
	uint64_t ready = e->rec.t_dispatch + 1;
	for (int i = 0; i < 3; i++) {
		uint64_t r = c->preg_ready[e->psrc[i]];
		if (r != PROBE_NEVER && r > ready)
			ready = r;
	}
	if (e->is_load || e->is_amo) {
		if (lsu_issue_load(c, e, idx))
			return 0;
	} else if (e->is_store) {
		lsu_issue_store(c, e, idx);
	} else {
		uint32_t lat = core_exec_cycles(c, in);
		e->rec.t_complete = now + lat;
		if (e->pdst)
			c->preg_ready[e->pdst] = now + lat;
		if (in->cls == ISA_CLASS_MUL)
			b->mul++;
		else if (in->cls == ISA_CLASS_DIV)
			c->div_free[unit] = now + lat;
		else if (in->cls == ISA_CLASS_FP_DIVSQRT)
			c->fdiv_free[unit] = now + lat;
	}
	if (e->unresolved) {
		e->unresolved = 0;
		c->branches_inflight--;
	}
	e->rec.t_ready = ready > now ? now : ready;
	e->rec.t_issue = now;
	e->issued = 1;
	return 1;
}

static int issue_out_of_order(struct core *c)
{
	struct issue_budget b = { 0 };
	int progress = 0;
	for (int q = 0; q < CORE_IQ_COUNT; q++) {
		struct core_iq *iq = &c->iq[q];
		uint32_t issued = 0, w = 0;
		for (uint32_t r = 0; r < iq->n; r++) {
			uint64_t idx = iq->idx[r];
			struct core_insn *e = core_at(c, idx);
			if (issued < iq->width && issue_ready(c, e, idx) && issue_one(c, e, idx, &b)) {
				issued++;
				continue;
			}
			iq->idx[w++] = idx;
		}
		iq->n = w;
		progress |= issued > 0;
	}
	return progress;
}

/* Remove idx from the head of its queue (in-order issue takes the oldest of each queue). */
static void issue_pop_oldest(struct core_iq *iq, uint64_t idx)
{
	uint32_t r = 0;
	while (r < iq->n && iq->idx[r] != idx)
		r++;
	for (; r + 1 < iq->n; r++)
		iq->idx[r] = iq->idx[r + 1];
	iq->n--;
}

static int issue_in_order(struct core *c)
{
	struct issue_budget b = { 0 };
	uint32_t per_q[CORE_IQ_COUNT] = { 0 }, total = 0;
	uint64_t idx = c->inorder_next > c->head ? c->inorder_next : c->head;
	while (idx < c->rob_tail && total < c->cfg.decode_width) {
		struct core_insn *e = core_at(c, idx);
		if (e->issued) {
			idx++;
			continue;
		}
		if (per_q[e->iq] >= c->iq[e->iq].width || !issue_ready(c, e, idx) ||
		    !issue_one(c, e, idx, &b))
			break;
		issue_pop_oldest(&c->iq[e->iq], idx);
		per_q[e->iq]++;
		total++;
		idx++;
	}
	c->inorder_next = idx;
	return total > 0;
}

int issue_stage(struct core *c)
{
	return c->cfg.inorder ? issue_in_order(c) : issue_out_of_order(c);
}

int resolve_stage(struct core *c)
{
	if (!c->mp_pending)
		return 0;
	struct core_insn *e = core_at(c, c->mp_idx);
	if (!e->issued || e->rec.t_complete > c->now)
		return 0;
	enum probe_cause cause = (e->rec.insn->flags & ISA_F_COND) ? PROBE_FLUSH_BRANCH
	                                                             : PROBE_FLUSH_JUMP;
	e->rec.flush_cause = (uint8_t)cause;
	c->st.flushes[cause]++;
	c->mp_pending = 0;
	core_squash(c, c->mp_idx + 1);
	bpred_restore(&c->bp, e->rec.pc, e->rec.insn, &e->ck, 1, e->rec.taken);
	core_redirect(c, e->dyn.next_pc);
	return 1;
}
