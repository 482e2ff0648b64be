/*
 * lsu.c — the load/store unit: loads translate through the D-TLB, search the store queue for
 * the youngest older aliasing store (forward when it covers the load and its data is ready,
 * wait when it does not, speculate past stores whose address is unknown), else access the
 * L1D; stores compute their address and catch younger loads that already read stale data
 * (a memory-ordering violation: the load is refetched when it reaches the ROB head); committed
 * stores drain to the L1D in order and hold their queue entry until written. On several
 * cores a load that reads another core's store not yet written waits for it
 * (lsu_remote_store), and a store whose line another core held holds up the drain.
 */
#include <errno.h>
#include <stddef.h>

#include "core/coherence.h"
#include "core/pipe.h"

static int lsu_overlap(uint64_t a, uint32_t asz, uint64_t b, uint32_t bsz)
{
	return a < b + bsz && b < a + asz;
}

static uint32_t lsu_size(uint8_t size)
{
	return size ? size : 8;
}

/* Several cores: the emulator executes at fetch, so a load reads what another core's store
 * wrote as soon as that core fetched it. The load must not complete with that value before
 * the store is written into the other core's L1D (which takes the line Modified, so the load
 * then misses and pays the intervention). Returns 0 when no other core holds, in its store
 * queue, a store to any of the load's bytes fetched after `after` (the load's own core's
 * youngest older store to them, whose value it would forward; 0: none) and before the load
 * (load_fetch); else the cycle to try again (the store's write completing, or now + 1 while
 * it waits to start). A core whose thread waits (core_waiting) counts as having written its
 * stores. */
static uint64_t lsu_remote_store(struct core *c, uint64_t addr, uint32_t size, uint64_t after,
                                 uint64_t load_fetch)
{
	const struct coherence *coh = c->mem.coh;
	uint64_t until = 0;
	for (unsigned k = 0; k < coh->n; k++) {
		struct memsys *om = coh->mem[k];
		if (om == &c->mem)
			continue;
		const struct core *o = (const struct core *)((const char *)om - offsetof(struct core, mem));
		if ((!o->remote_stores[(addr >> 6) & 255] &&
		     !o->remote_stores[((addr + size - 1) >> 6) & 255]) || core_waiting(o))
			continue;
		for (uint64_t i = o->sq_head; i < o->sq_tail; i++) {
			const struct core_sq_entry *s = core_sq_at(o, i);
			if (s->wrong_path || s->fetch_cycle >= load_fetch || s->fetch_cycle < after ||
			    !lsu_overlap(s->emu_addr, lsu_size(s->size), addr, size))
				continue;
			uint64_t t = c->now + 1;     /* committed or not, it has not started its write */
			if (i < o->sq_write) {
				if (s->done <= c->now)
					continue;         /* written */
				t = s->done;
			}
			if (t > until)
				until = t;
		}
		/* stores fetched but not yet dispatched (their core's back end is full): written
		 * later still */
		for (uint64_t i = o->rob_tail; i < o->fetch_tail && until <= c->now; i++) {
			const struct core_insn *f = core_at(o, i);
			if (f->is_store && !f->rec.wrong_path && *core_emu_cycle(o, f) < load_fetch &&
			    *core_emu_cycle(o, f) >= after &&
			    lsu_overlap(f->rec.mem_addr, lsu_size(f->rec.mem_size), addr, size))
				until = c->now + 1;
		}
	}
	return until;
}

int lsu_remote_pending(struct core *c, const struct core_insn *e)
{
	uint64_t addr = e->rec.mem_addr, emu = *core_emu_cycle(c, e);
	uint32_t size = lsu_size(e->rec.mem_size);
	if (!lsu_remote_store(c, addr, size, 0, emu))
		return 0;
	/* the youngest older store of its own to those bytes, whose value it reads if it is
	 * the later one */
	uint64_t after = 0;
	for (uint64_t i = c->head; i < c->fetch_tail; i++) {
		const struct core_insn *f = core_at(c, i);
		if (f != e && f->is_store && !f->rec.wrong_path &&
		    lsu_overlap(f->rec.mem_addr, lsu_size(f->rec.mem_size), addr, size) &&
		    *core_emu_cycle(c, f) > after)
			after = *core_emu_cycle(c, f);
	}
	return after == 0 || lsu_remote_store(c, addr, size, after, emu) != 0;
}

/* The load e must wait for another core's store (lsu_remote_store): 1 with its retry set. */
static int lsu_remote_wait(struct core *c, struct core_insn *e, uint64_t addr, uint32_t size,
                           uint64_t after)
{
	if (e->rec.wrong_path)
		return 0;
	uint64_t until = lsu_remote_store(c, addr, size, after, *core_emu_cycle(c, e));
	if (!until)
		return 0;
	e->retry_at = until;
	c->st.load_retries++;
	c->st.remote_store_waits++;
	return 1;
}

int lsu_issue_load(struct core *c, struct core_insn *e, uint64_t idx)
{
	(void)idx;
	uint64_t now = c->now;
	uint64_t addr = e->rec.mem_addr;
	uint32_t size = lsu_size(e->rec.mem_size);
	uint8_t tlb_miss = 0;
	e->wait_preg = 0;
	if (e->rec.wrong_path && !memsys_dtlb_reaches(&c->mem, addr)) {
		/* the walker serves the correct path only: a wrong-path load whose page is in no TLB
		 * (its address is often garbage, each one a walk through tables nothing else uses)
		 * reads nothing and waits to be squashed. Walking for them flooded DRAM without bound:
		 * the walks of squashed loads keep their reservations while new wrong paths come. */
		e->rec.t_complete = now + 1;
		if (e->pdst)
			core_preg_set(c, e->pdst, now + 1);
		return 0;
	}
	/* a load that waited for its page walk has its translation (the walker hands it back with
	 * the replay): it does not translate again */
	uint64_t at = e->rec.events & PROBE_EV_DTLB_MISS ? now
	                                                 : memsys_translate(&c->mem, 0, addr, now, &tlb_miss);
	if (tlb_miss) {
		e->rec.events |= PROBE_EV_DTLB_MISS | (tlb_miss > 1 ? PROBE_EV_DTLB_WALK : 0);
		e->rec.tlb_refill_cycles = (uint32_t)(at - now);
		if (at > now) {
			e->retry_at = at;   /* issue again once the walk filled the TLB */
			return -EAGAIN;
		}
	}
	if (!e->is_amo && core_sq_may_hold(c, addr, size)) {
		for (uint64_t i = c->sq_tail; i-- > c->sq_head;) {
			struct core_sq_entry *s = core_sq_at(c, i);
			if (s->seq > e->rec.seq || !s->addr_valid)
				continue;
			if (!lsu_overlap(s->addr, lsu_size(s->size), addr, size))
				continue;
			if (__builtin_expect(c->mem.coh != NULL, 0) &&
			    lsu_remote_wait(c, e, addr, size, s->fetch_cycle))
				return -EAGAIN;
			int covers = s->addr <= addr && addr + size <= s->addr + lsu_size(s->size);
			uint16_t data = s->committed ? 0 : core_at(c, s->idx)->psrc[1];
			if (!covers) {
				/* a partial overlap: wait for the store to reach the cache */
				e->retry_at = now + 1;
				c->st.load_retries++;
				return -EAGAIN;
			}
			if (c->preg_ready[data] > now) {
				/* wait for the store's data (forwarded the cycle it is ready) */
				if (c->preg_ready[data] == PROBE_NEVER)
					e->wait_preg = data;
				else
					e->retry_at = c->preg_ready[data];
				c->st.load_retries++;
				return -EAGAIN;
			}
			uint64_t t = now + c->cfg.stlf_cycles;
			e->fwd_seq = s->seq;
			e->rec.events |= PROBE_EV_STLF;
			e->rec.serve_level = PROBE_LEVEL_STLF;
			e->rec.load_cycles = c->cfg.stlf_cycles;
			e->rec.t_complete = t;
			if (e->pdst)
				core_preg_set(c, e->pdst, t);
			return 0;
		}
	}
	if (__builtin_expect(c->mem.coh != NULL, 0) && lsu_remote_wait(c, e, addr, size, 0))
		return -EAGAIN;
	struct memsys_result r;
	if (e->is_amo ? memsys_amo(&c->mem, addr, now, &r) : memsys_load(&c->mem, addr, now, &r)) {
		e->retry_at = memsys_l1d_mshr_free_at(&c->mem, now);
		c->st.load_retries++;
		return -EAGAIN;
	}
	uint64_t t = r.done + (e->is_amo ? 1 : 0);
	if (r.l1_miss)
		e->rec.events |= PROBE_EV_DCACHE_MISS;
	if (r.l2_miss)
		e->rec.events |= PROBE_EV_L2_MISS;
	if (r.llc_miss)
		e->rec.events |= PROBE_EV_LLC_MISS;
	e->rec.serve_level = r.level;
	e->rec.load_cycles = (uint32_t)(t - now);
	e->rec.t_complete = t;
	if (e->pdst)
		core_preg_set(c, e->pdst, t);
	return 0;
}

void lsu_prefetch(struct core *c, struct core_insn *e)
{
	uint8_t tlb_miss = 0;
	struct memsys_result r;
	if (memsys_translate(&c->mem, 0, e->rec.mem_addr, c->now, &tlb_miss) > c->now)
		return;
	(void)memsys_load(&c->mem, e->rec.mem_addr, c->now, &r);
}

void lsu_issue_store(struct core *c, struct core_insn *e, uint64_t idx)
{
	uint64_t now = c->now;
	uint64_t addr = e->rec.mem_addr;
	uint32_t size = lsu_size(e->rec.mem_size);
	uint8_t tlb_miss = 0;
	uint64_t at = memsys_translate(&c->mem, 0, addr, now, &tlb_miss);
	if (tlb_miss) {
		e->rec.events |= PROBE_EV_DTLB_MISS | (tlb_miss > 1 ? PROBE_EV_DTLB_WALK : 0);
		e->rec.tlb_refill_cycles = (uint32_t)(at - now);
	}
	struct core_sq_entry *s = core_sq_at(c, e->sq_pos);
	s->addr = addr;
	s->addr_valid = 1;
	core_granule_count(c->sq_granules, addr, s->size, 1);
	/* younger loads that already executed without this store's data */
	for (uint64_t i = c->lq_head; i < c->lq_tail; i++) {
		uint64_t li = *core_lq_at(c, i);
		if (li <= idx)
			continue;
		struct core_insn *l = core_at(c, li);
		if (!l->issued || l->is_amo || l->fwd_seq > e->rec.seq)
			continue;
		if (lsu_overlap(addr, size, l->rec.mem_addr, lsu_size(l->rec.mem_size))) {
			if (!l->mo_violation) {
				l->mo_violation = 1;
				l->rec.events |= PROBE_EV_MEM_ORDER;
			}
			break;
		}
	}
	uint64_t t = now + 1;
	e->rec.t_complete = at > t ? at : t;
}

void lsu_commit(struct core *c, struct core_insn *e)
{
	if (e->is_load || e->is_amo) {
		c->lq_head++;
		c->st.loads++;
		if (e->rec.serve_level == PROBE_LEVEL_STLF)
			c->st.stlf++;
	}
	if (e->is_store) {
		core_sq_at(c, c->sq_commit)->committed = 1;
		c->sq_commit++;
		c->st.stores++;
		/* loads parked on this store's data register look again: it no longer gives them
		 * anything (a committed store forwards from the queue as written), and its register
		 * may never be written again (grep's load waited forever for it) */
		uint16_t data = e->psrc[1];
		if (data && c->wait_head[data] != CORE_NO_WAITER)
			issue_wake_waiters(c, data);
	}
}

int lsu_drain_stage(struct core *c)
{
	int progress = 0;
	/* writes finish in order; the entry is free once its line is written */
	while (c->sq_head < c->sq_write && core_sq_at(c, c->sq_head)->done <= c->now) {
		const struct core_sq_entry *w = core_sq_at(c, c->sq_head);
		if (__builtin_expect(c->mem.coh != NULL, 0) && !w->wrong_path)
			core_remote_count(c, w->emu_addr, w->size, -1);
		if (w->addr_valid)
			core_granule_count(c->sq_granules, w->addr, w->size, -1);
		c->sq_head++;
		progress = 1;
	}
	/* one committed store starts its write per cycle; misses overlap through the MSHRs */
	if (c->sq_write < c->sq_commit && c->sq_retry_at <= c->now) {
		struct core_sq_entry *s = core_sq_at(c, c->sq_write);
		struct memsys_result r;
		if (!memsys_store(&c->mem, s->addr, c->now, &r)) {
			s->done = r.done;
			c->sq_write++;
			progress = 1;
			/* several cores: a store whose line another core held drains only with the
			 * line Modified; the queue drains in order, so the stores behind it wait
			 * until it is written (one core never waits here: r.coh_wait is 0) */
			if (r.coh_wait)
				c->sq_retry_at = r.done;
		} else {
			c->sq_retry_at = memsys_l1d_mshr_free_at(&c->mem, c->now);
		}
	}
	return progress;
}
