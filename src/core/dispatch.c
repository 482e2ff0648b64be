/*
 * dispatch.c — the dispatch stage: allocates the ROB entry, the issue-queue entry (integer,
 * memory or FP queue, or the vector unit's queue) and the load- or store-queue entry of each
 * renamed instruction, in
 * order, stopping at the first that lacks one. Serialising instructions (CSR accesses,
 * fflags/frm/fcsr writes, fence.i, ecall) wait for an empty ROB, and nothing younger
 * dispatches until they commit. Records why dispatch is blocked, for the drain causes.
 */
#include "core/issue_queue.h"

int dispatch_stage(struct core *c)
{
	uint32_t width = c->cfg.decode_width;
	uint64_t now = c->now, rt = c->rob_tail, first = rt;
	uint64_t stop = c->ren_tail < first + width ? c->ren_tail : first + width;
	uint64_t rob_end = c->head + c->cfg.rob_entries;  /* the first index the ROB lacks room for */
	c->dispatch_block = PROBE_CAUSE_NONE;
	c->dispatch_stall = NULL;
	/* in locals: the entries' byte fields written below may alias c for the compiler */
	struct core_insn *ring = c->ring;
	uint64_t mask = c->ring_mask;
	for (; rt < stop; rt++) {
		struct core_insn *e = &ring[rt & mask];
		if (e->rec.t_rename >= now)
			break;
		if (rt >= rob_end) {
			c->st.stall_rob++;
			c->dispatch_stall = &c->st.stall_rob;
			break;
		}
		if (c->serial_in_rob || (e->serializing && rt != c->head)) {
			if (e->serializing)
				e->rec.events |= PROBE_EV_SERIALIZED;
			c->dispatch_block = PROBE_DRAIN_SERIALIZE;
			c->st.stall_serial++;
			c->dispatch_stall = &c->st.stall_serial;
			break;
		}
		if (__builtin_expect(ISA_CLASS_IS_V(e->rec.insn->cls), 0) &&
		    e->rec.insn->cls != ISA_CLASS_VSET) {
			/* the vector issue queue (and a vector load/store queue entry), vu.c */
			if (vu_dispatch(c, e, rt))
				break;
		} else {
			struct core_iq *q = &c->iq[e->iq];
			if (q->n + q->parked >= q->cap) {
				c->st.stall_iq++;
				c->dispatch_stall = &c->st.stall_iq;
				break;
			}
			if ((e->is_load || e->is_amo) && c->lq_tail - c->lq_head >= c->lq_cap) {
				c->st.stall_lq++;
				c->dispatch_stall = &c->st.stall_lq;
				break;
			}
			if (e->is_store && c->sq_tail - c->sq_head >= c->sq_cap) {
				e->rec.events |= PROBE_EV_SQ_FULL;
				c->dispatch_block = PROBE_DRAIN_SQ_FULL;
				c->st.stall_sq++;
				c->dispatch_stall = &c->st.stall_sq;
				break;
			}
			e->parked = 0;
			issue_enqueue(c, e, rt);
			if (e->is_load || e->is_amo)
				*core_lq_at(c, c->lq_tail++) = rt;
			if (e->is_store) {
				e->sq_pos = c->sq_tail;
				struct core_sq_entry *s = core_sq_at(c, c->sq_tail++);
				s->idx = rt;
				s->seq = e->rec.seq;
				s->addr = 0;
				s->size = e->rec.mem_size;
				s->done = 0;
				s->addr_valid = 0;
				s->committed = 0;
				s->fetch_cycle = *core_emu_cycle(c, e);
				s->emu_addr = e->rec.mem_addr;
				s->wrong_path = e->rec.wrong_path;
			}
		}
		if (e->serializing)
			c->serial_in_rob++;
		e->rec.t_dispatch = now;
		c->flush_state = PROBE_CAUSE_NONE;
	}
	c->rob_tail = rt;
	return rt > first;
}
