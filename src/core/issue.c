/*
 * issue.c — issue and execute: each cycle every issue queue selects its oldest ready
 * instructions up to its issue width (or, with `inorder`, the core issues strictly in program
 * order), checks the functional units (pipelined multipliers and FPUs, unpipelined dividers
 * and FP divide/sqrt units), and computes when results are ready. Loads and stores go to the
 * LSU, vector instructions to the vector unit (vu.c). resolve_stage squashes the wrong path
 * when the mispredicted transfer completes.
 */
#include <errno.h>
#include <string.h>

#include "core/issue_queue.h"

void issue_init_latencies(struct core *c)
{
	/* one latency table for the core and for dcpi_sched (config_exec_cycles), looked up
	 * per class here so issue reads an array */
	struct isa_insn in = { 0 };
	for (unsigned k = 0; k < ISA_CLASS_COUNT; k++) {
		in.cls = k;
		c->exec_cycles[k] = config_exec_cycles(&c->cfg, &in);
	}
	in.cls = ISA_CLASS_SYSTEM;
	in.flags = ISA_F_ECALL;
	c->ecall_exec_cycles = config_exec_cycles(&c->cfg, &in);
}

/* Per-cycle functional-unit budget. */
struct issue_budget {
	uint32_t mul;
};

/* The conditions beyond operands: instructions that execute at the ROB head. */
static int issue_allowed(const struct core *c, const struct core_insn *e, uint64_t idx)
{
	if (e->at_head) {
		if (idx != c->head)
			return 0;
		/* fences and AMOs wait until every older store reached the cache */
		if ((e->is_amo || e->rec.insn->cls == ISA_CLASS_FENCE) && c->sq_head != c->sq_commit)
			return 0;
	}
	return 1;
}

static int issue_ready(const struct core *c, const struct core_insn *e, uint64_t idx)
{
	uint32_t block = 0;
	return issue_wake(c, e, &block) <= c->now && issue_allowed(c, e, idx);
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
ISSUE_INLINE int issue_one(struct core *c, struct core_insn *e, uint64_t idx,
                           struct issue_budget *b)
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
	/* operands-ready time: the last source's arrival, no earlier than the cycle after dispatch
	 * (every source of an entry that may issue has a producer that issued, but a store's
	 * data register may not) */
	const uint64_t *rdy = c->preg_ready;
	uint64_t ready = e->rec.t_dispatch + 1;
	if (!e->is_store) {
		ready = issue_max(ready, issue_max(rdy[e->psrc[0]],
		                                   issue_max(rdy[e->psrc[1]], rdy[e->psrc[2]])));
	} else {
		for (int i = 0; i < 3; i++) {
			uint64_t r = rdy[e->psrc[i]];
			if (r != PROBE_NEVER && r > ready)
				ready = r;
		}
	}
	if (e->is_load || e->is_amo) {
		if (lsu_issue_load(c, e, idx))
			return 0;
	} else if (e->is_store) {
		lsu_issue_store(c, e, idx);
	} else {
		uint32_t lat = core_exec_cycles(c, in);
		e->rec.t_complete = now + lat;
		if ((in->flags & ISA_F_PREFETCH) && e->rec.mem_addr)
			lsu_prefetch(c, e);
		if (e->pdst)
			core_preg_set(c, e->pdst, now + lat);
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

void issue_unpark(struct core *c, struct core_insn *e)
{
	if (e->wait_prev == CORE_NO_WAITER)
		c->wait_head[e->parked_preg] = e->wait_next;
	else
		core_at(c, e->wait_prev)->wait_next = e->wait_next;
	if (e->wait_next != CORE_NO_WAITER)
		core_at(c, e->wait_next)->wait_prev = e->wait_prev;
	e->parked = 0;
	c->iq[e->iq].parked--;
}

void issue_wake_waiters(struct core *c, uint16_t p)
{
	/* the ring and the woken list in locals (the stores to the entries' byte fields may
	 * alias c for the compiler) */
	struct core_insn *ring = c->ring;
	uint64_t mask = c->ring_mask, *woken = c->woken;
	uint32_t n_woken = c->n_woken;
	for (uint64_t i = c->wait_head[p]; i != CORE_NO_WAITER;) {
		struct core_insn *e = &ring[i & mask];
		uint64_t next = e->wait_next;
		/* a load waiting for a store's data searches the store queue again when it issues:
		 * its wait_preg may be reallocated meanwhile, and waiting on the new producer (often
		 * younger than the load) never ends */
		if (e->wait_preg == p)
			e->wait_preg = 0;
		e->parked = 0;
		c->iq[e->iq].parked--;
		woken[n_woken++] = i;
		i = next;
	}
	c->n_woken = n_woken;
	c->wait_head[p] = CORE_NO_WAITER;
}

/* Re-queue the instructions woken this cycle (none can issue before the next one). */
static void issue_requeue_woken(struct core *c)
{
	for (uint32_t k = 0; k < c->n_woken; k++) {
		uint64_t idx = c->woken[k];
		issue_enqueue(c, core_at(c, idx), idx);
	}
	c->n_woken = 0;
}

static int issue_out_of_order(struct core *c)
{
	struct issue_budget b = { 0 };
	int progress = 0;
	uint64_t now = c->now;
	for (int q = 0; q < CORE_IQ_COUNT; q++) {
		struct core_iq *iq = &c->iq[q];
		/* no active entry can issue before next_look: the scan would change nothing */
		if (iq->next_look > now)
			continue;
		uint32_t issued = 0, w = 0, n = iq->n, width = iq->width;
		uint64_t next_look = PROBE_NEVER;
		uint32_t r;
		/* the queue's slots, the ring and the queue's size in locals: issuing writes the
		 * entries' byte fields, which may alias anything for the compiler (nothing issued
		 * here changes them: a wakeup is re-queued after the scan) */
		struct core_iq_slot *slot = iq->slot;
		struct core_insn *ring = c->ring;
		uint64_t mask = c->ring_mask;
		for (r = 0; r < n && issued < width; r++) {
			struct core_iq_slot sl = slot[r];
			if (sl.wake <= now) {
				struct core_insn *e = &ring[sl.idx & mask];
				uint32_t block = 0;
				/* recompute for a load waiting for a store's data: that register may have
				 * been reallocated. Other wake times cannot change while the entry waits
				 * (its source registers stay allocated until it commits; the retry time
				 * changes only below, and the slot keeps what is computed there). */
				if (e->wait_preg) {
					sl.wake = issue_wake(c, e, &block);
					if (sl.wake == PROBE_NEVER) {
						issue_park(c, e, sl.idx, (uint16_t)block);
						continue;
					}
				}
				if (sl.wake <= now && issue_allowed(c, e, sl.idx)) {
					if (issue_one(c, e, sl.idx, &b)) {
						issued++;
						continue;
					}
					/* a refused load's retry time, or the store data it waits for */
					sl.wake = issue_wake(c, e, &block);
					if (sl.wake == PROBE_NEVER) {
						issue_park(c, e, sl.idx, (uint16_t)block);
						continue;
					}
				}
			}
			if (sl.wake < next_look)
				next_look = sl.wake;
			slot[w] = sl;  /* compacted, and with the wake time just computed */
			w++;
		}
		/* the issue width is used up: the younger entries wait as they are (and are looked
		 * at again next cycle) */
		if (r < n) {
			if (w != r)
				memmove(&slot[w], &slot[r], (n - r) * sizeof(slot[0]));
			next_look = 0;
		}
		iq->n = w + (n - r);
		iq->next_look = next_look;
		progress |= issued > 0;
	}
	if (c->n_woken)
		issue_requeue_woken(c);
	return progress;
}

/* Remove idx from the head of its queue (in-order issue takes the oldest of each queue). */
static void issue_pop_oldest(struct core_iq *iq, uint64_t idx)
{
	uint32_t r = 0;
	while (r < iq->n && iq->slot[r].idx != idx)
		r++;
	for (; r + 1 < iq->n; r++)
		iq->slot[r] = iq->slot[r + 1];
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
		if (__builtin_expect(ISA_CLASS_IS_V(e->rec.insn->cls), 0) &&
		    e->rec.insn->cls != ISA_CLASS_VSET) {
			/* into its sequencer (vu.c), in program order like the rest */
			if (!vu_issue_one(c, e, idx))
				break;
			total++;
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
	if (c->cfg.inorder)
		return issue_in_order(c);
	int moved = issue_out_of_order(c);
	if (__builtin_expect(c->vu.q_head != c->vu.q_tail, 0))
		moved |= vu_issue(c);
	return moved;
}

int resolve_stage(struct core *c)
{
	if (!c->mp_pending)
		return 0;
	uint64_t idx = c->mp_idx;
	struct core_insn *e = core_at(c, idx);
	if (!e->issued || e->rec.t_complete > c->now)
		return 0;
	enum probe_cause cause = (e->rec.insn->flags & ISA_F_COND) ? PROBE_FLUSH_BRANCH
	                                                             : PROBE_FLUSH_JUMP;
	e->rec.flush_cause = (uint8_t)cause;
	c->st.flushes[cause]++;
	c->mp_pending = 0;
	core_squash(c, idx + 1);
	bpred_restore(&c->bp, e->rec.pc, e->rec.insn, core_ckpt(c, idx), 1, e->rec.taken);
	core_redirect(c, e->next_pc);
	return 1;
}

uint64_t issue_next_event(const struct core *c)
{
	uint64_t now = c->now, t = PROBE_NEVER;
#define ISSUE_EVENT(x) do { uint64_t x_ = (x); if (x_ >= now && x_ < t) t = x_; } while (0)
	/* the ROB head completing (stores also need their data) */
	if (c->head < c->rob_tail) {
		const struct core_insn *h = core_at(c, c->head);
		if (h->issued) {
			ISSUE_EVENT(h->rec.t_complete + 1);
			if (h->is_store)
				ISSUE_EVENT(c->preg_ready[h->psrc[1]] + 1);
		}
	}
	/* a misprediction resolving */
	if (c->mp_pending && core_at(c, c->mp_idx)->issued)
		ISSUE_EVENT(core_at(c, c->mp_idx)->rec.t_complete);
	/* operands arriving, refused loads retrying, unpipelined units freeing */
	for (int q = 0; q < CORE_IQ_COUNT; q++) {
		const struct core_iq *iq = &c->iq[q];
		for (uint32_t r = 0; r < iq->n; r++) {
			uint64_t w = iq->slot[r].wake;
			if (w == PROBE_NEVER || w < now) {
				/* unknown, or stale (in-order issue does not keep wake times) */
				uint32_t block = 0;
				w = issue_wake(c, core_at(c, iq->slot[r].idx), &block);
			}
			ISSUE_EVENT(w);
		}
	}
	/* the vector queue's oldest entry entering its sequencer */
	if (c->vu.q_head != c->vu.q_tail)
		ISSUE_EVENT(vu_next_event(c));
	for (uint32_t i = 0; i < c->cfg.div_units; i++)
		ISSUE_EVENT(c->div_free[i]);
	for (uint32_t i = 0; i < c->cfg.fdiv_units; i++)
		ISSUE_EVENT(c->fdiv_free[i]);
	/* the front end */
	ISSUE_EVENT(c->fetch_stall_until);
	if (c->fetch_barrier && core_at(c, c->fetch_barrier_idx)->issued)
		ISSUE_EVENT(core_at(c, c->fetch_barrier_idx)->rec.t_complete);
	if (c->dec_tail < c->fetch_tail)
		ISSUE_EVENT(core_at(c, c->dec_tail)->rec.t_fetch + c->cfg.fetch_stages);
	/* stores draining */
	if (c->sq_head < c->sq_write)
		ISSUE_EVENT(core_sq_at(c, c->sq_head)->done);
	if (c->sq_write < c->sq_commit)
		ISSUE_EVENT(c->sq_retry_at);
#undef ISSUE_EVENT
	return t;
}
