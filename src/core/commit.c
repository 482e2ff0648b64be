/*
 * commit.c — the commit stage: retires up to commit_width completed instructions in order
 * (frees the physical registers they replaced, trains the predictors, hands stores to the
 * drain), takes the flushes that happen at the ROB head (memory-ordering violations,
 * exceptions, and after fflags/frm/fcsr writes, fence.i and ecall), classifies the cycle into
 * the commit-stage cycle stack (computing, stalled by the head's class, flushed by cause,
 * drained by cause) and builds the per-cycle commit view for the probes.
 */
#include <string.h>

#include "core/pipe.h"

/* Why the ROB is empty when no flush explains it. */
static enum probe_cause commit_drain_cause(const struct core *c)
{
	if (c->dispatch_block)
		return c->dispatch_block;
	if (c->rob_tail < c->fetch_tail) {
		uint32_t ev = core_at(c, c->rob_tail)->rec.events;
		if (ev & PROBE_EV_ICACHE_MISS)
			return PROBE_DRAIN_ICACHE;
		if (ev & PROBE_EV_ITLB_MISS)
			return PROBE_DRAIN_ITLB;
		return PROBE_DRAIN_FRONTEND;
	}
	if (c->fetch_stall_until > c->now && c->fetch_stall_cause)
		return c->fetch_stall_cause;
	return PROBE_DRAIN_FRONTEND;
}

/* The parts of the view only probe consumers read (apart, so that the view costs nothing
 * more when nobody listens). */
static __attribute__((noinline)) void commit_view_probe(struct core *c, uint32_t n_valid,
                                                        uint32_t n_commit)
{
	struct probe_cycle *v = &c->view;
	uint32_t n_prev = v->n_valid;  /* head[] holds NULL from there on */
	v->n_valid = n_valid;
	v->n_commit = n_commit;
	v->width = c->cfg.commit_width;
	/* the ring's bounds in locals: the stores to head[] may alias c */
	struct core_insn *e = core_at(c, c->head - n_commit), *ring = c->ring;
	struct core_insn *ring_end = ring + c->ring_mask + 1;
	if (n_valid != n_prev || (n_valid && v->head[0] != &e->rec)) {
		/* (else the same entries as the last view: a stall) */
		uint32_t i = 0;
		for (; i < n_valid; i++) {
			v->head[i] = &e->rec;
			if (++e == ring_end)
				e = ring;
		}
		for (; i < n_prev; i++)
			v->head[i] = NULL;
	}
	v->last_committed = c->last_committed;
	v->last_flushed = c->last_committed && c->last_committed->flush_cause;
	v->flush_insn = v->state == PROBE_FLUSHED ? &c->flush_rec : NULL;
}

void commit_build_view(struct core *c, uint32_t n_valid, uint32_t n_commit)
{
	struct probe_cycle *v = &c->view;
	v->cycle = c->now;
	v->ncycles = 1;
	v->empty_cause = PROBE_CAUSE_NONE;
	v->stall_class = 0;
	if (n_commit) {
		v->state = PROBE_COMPUTING;
		c->last_slot = CORE_STACK_COMPUTING;
	} else if (n_valid) {
		v->state = PROBE_STALLED;
		v->stall_class = core_at(c, c->head)->rec.insn->cls;
		c->last_slot = CORE_STACK_STALLED(v->stall_class);
	} else if (c->flush_state) {
		v->state = PROBE_FLUSHED;
		v->empty_cause = c->flush_state;
		c->last_slot = CORE_STACK_CAUSE(c->flush_state);
	} else {
		v->state = PROBE_DRAINED;
		v->empty_cause = commit_drain_cause(c);
		c->last_slot = CORE_STACK_CAUSE(v->empty_cause);
	}
	if (c->n_on_cycle)
		commit_view_probe(c, n_valid, n_commit);
}

/* Everything at the head and younger goes; fetch restarts at pc. */
static void commit_flush(struct core *c, uint64_t from, uint64_t pc, enum probe_cause cause,
                         const struct probe_insn *culprit)
{
	c->st.flushes[cause]++;
	c->flush_rec = *culprit;
	c->flush_rec.flush_cause = (uint8_t)cause;
	core_squash(c, from);
	core_redirect(c, pc);
	if (c->head == c->rob_tail)
		c->flush_state = cause;
}

static void commit_one(struct core *c, struct core_insn *e)
{
	struct probe_insn *r = &e->rec;
	r->t_end = c->now;
	r->committed = 1;
	if (e->pdst) {
		uint16_t old = e->old_pdst;
		if (old >= c->cfg.int_pregs)
			c->free_fp[c->n_free_fp++] = old;
		else if (old)
			c->free_int[c->n_free_int++] = old;
	}
	if (e->is_load || e->is_amo || e->is_store)
		lsu_commit(c, e);
	if (__builtin_expect(ISA_CLASS_IS_V(r->insn->cls), 0))
		vu_commit(c, e, c->head);
	if (e->is_ctrl)
		bpred_update(&c->bp, r->pc, r->insn, r->ghist, core_ckpt(c, c->head), r->taken,
		             r->target, e->mispredicted);
	if (e->serializing)
		c->serial_in_rob--;
	c->st.instructions++;
	if (r->events & (PROBE_EV_SFB | PROBE_EV_PREDICATED_OFF)) {
		c->st.sfb_branches += (r->events & PROBE_EV_SFB) != 0;
		c->st.sfb_predicated_off += e->sfb_off;
	}
	c->last_committed = r;
	c->last_commit_cycle = c->now;
	c->head++;
	if (c->n_on_insn)
		core_publish_insn(c, r);
}

int commit_stage(struct core *c)
{
	uint64_t in_rob = c->rob_tail - c->head;
	uint32_t n_valid = in_rob < c->cfg.commit_width ? (uint32_t)in_rob : c->cfg.commit_width;
	uint32_t n = 0;
	int progress = 0;
	while (n < c->cfg.commit_width && c->head < c->rob_tail) {
		struct core_insn *e = core_at(c, c->head);
		if (!e->issued || e->rec.t_complete >= c->now)
			break;
		if (e->is_store && c->preg_ready[e->psrc[1]] >= c->now)
			break;
		if (e->mo_violation) {
			commit_flush(c, c->head, e->rec.pc, PROBE_FLUSH_MEM_ORDER, &e->rec);
			progress = 1;
			break;
		}
		if (e->trapped && !e->rec.wrong_path) {
			/* the instruction did not complete: it leaves without committing, and fetch
			 * goes where the emulator went (a signal handler), or nowhere if the
			 * program died */
			e->no_replay = 1;
			e->rec.flush_cause = PROBE_FLUSH_EXCEPTION;
			c->st.exception = c->src_done;
			commit_flush(c, c->head, e->next_pc, PROBE_FLUSH_EXCEPTION, &e->rec);
			progress = 1;
			break;
		}
		commit_one(c, e);
		n++;
		progress = 1;
		if (e->flush_after) {
			enum probe_cause cause = (e->rec.insn->flags & ISA_F_ECALL) ? PROBE_FLUSH_ECALL
			                                                            : PROBE_FLUSH_SERIALIZE;
			e->rec.flush_cause = (uint8_t)cause;
			e->rec.events |= PROBE_EV_FLUSH;
			c->fetch_hold = 0;
			commit_flush(c, c->head, e->next_pc, cause, &e->rec);
		}
		if (__builtin_expect(c->charge_cycles != 0, 0)) {
			/* an interrupt after this instruction: younger ones go, and fetch resumes
			 * when the handler's cycles have passed (core_charge_cycles) */
			if (!e->flush_after)
				commit_flush(c, c->head, e->next_pc, PROBE_FLUSH_EXCEPTION, &e->rec);
			c->fetch_stall_until += c->charge_cycles;
			c->charge_cycles = 0;
			break;
		}
		if (e->flush_after)
			break;
	}
	if (n) {
		/* the ROB just emptied behind an instruction that flushed: the flushed state */
		const struct probe_insn *last = c->last_committed;
		if (last->flush_cause && c->head == c->rob_tail) {
			c->flush_state = (enum probe_cause)last->flush_cause;
			c->flush_rec = *last;
		} else if (c->head != c->rob_tail) {
			c->flush_state = PROBE_CAUSE_NONE;
		}
	}
	uint64_t remain = c->rob_tail - c->head;
	if (n_valid > n + remain)
		n_valid = n + (uint32_t)remain;
	if (!c->finished && c->src_done && c->replay_head == c->replay_tail &&
	    c->head == c->fetch_tail)
		c->finished = 1;
	commit_build_view(c, n_valid, n);
	c->st.stack[c->last_slot]++;
	if (c->n_on_cycle)
		core_publish_cycle(c);
	return progress;
}
