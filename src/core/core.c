/*
 * core.c — the core's life: creation (sizing every ring and table from the configuration,
 * nothing is allocated afterwards), the cycle loop that clocks the stages back to front, the
 * squash that every flush and misprediction shares, fetch redirection, probe publication,
 * the deadlock watchdog and idle-cycle skipping.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/pipe.h"

static uint64_t core_pow2(uint64_t v)
{
	uint64_t p = 1;
	while (p < v)
		p <<= 1;
	return p;
}

int core_create(const struct core_config *cfg, const struct core_source *src, struct core **out)
{
	int rc = -ENOMEM;
	struct core *c = calloc(1, sizeof(*c));
	if (!c)
		return -ENOMEM;
	c->cfg = *cfg;
	c->src = *src;
	if (c->cfg.commit_width > PROBE_MAX_WIDTH)
		c->cfg.commit_width = PROBE_MAX_WIDTH;
	if ((rc = memsys_init(&c->mem, &c->cfg))) {
		free(c);
		return rc;
	}
	if ((rc = bpred_init(&c->bp, &c->cfg))) {
		memsys_fini(&c->mem);
		free(c);
		return rc;
	}
	rc = -ENOMEM;
	const struct core_config *g = &c->cfg;
	/* at most rob_entries + 2 * decode_width + fetch_buffer instructions are in flight (the
	 * ROB, the rename and decode latches, the fetch buffer); fetch's ring check keeps
	 * commit_width + 3 slots free, so it never binds. The smallest ring keeps the slots
	 * fetch writes in the host's caches. */
	uint64_t inflight = (uint64_t)g->rob_entries + 2ull * g->decode_width + g->fetch_buffer +
	                    g->commit_width + 3;
	uint64_t ring_n = core_pow2(inflight);
	c->ring_mask = ring_n - 1;
	c->ring = aligned_alloc(64, ring_n * sizeof(*c->ring));
	if (c->ring)
		memset(c->ring, 0, ring_n * sizeof(*c->ring));
	c->ckpt = calloc(ring_n, sizeof(*c->ckpt));
	c->replay_mask = ring_n - 1;
	c->replay = calloc(ring_n, sizeof(*c->replay));
	c->replay_emu_cycle = calloc(ring_n, sizeof(*c->replay_emu_cycle));
	c->emu_cycle = calloc(ring_n, sizeof(*c->emu_cycle));
	uint32_t npregs = g->int_pregs + g->fp_pregs;
	c->preg_ready = calloc(npregs, sizeof(*c->preg_ready));
	c->wait_head = malloc(npregs * sizeof(*c->wait_head));
	c->woken = calloc((size_t)g->int_iq_entries + g->mem_iq_entries + g->fp_iq_entries,
	                  sizeof(*c->woken));
	c->free_int = calloc(g->int_pregs, sizeof(*c->free_int));
	c->free_fp = calloc(g->fp_pregs, sizeof(*c->free_fp));
	const uint32_t caps[CORE_IQ_COUNT] = { g->int_iq_entries, g->mem_iq_entries, g->fp_iq_entries };
	const uint32_t widths[CORE_IQ_COUNT] = { g->int_issue_width, g->mem_issue_width,
	                                         g->fp_issue_width };
	for (int q = 0; q < CORE_IQ_COUNT; q++) {
		c->iq[q].cap = caps[q];
		c->iq[q].width = widths[q];
		c->iq[q].slot = calloc(caps[q], sizeof(*c->iq[q].slot));
		if (!c->iq[q].slot)
			goto fail;
	}
	c->div_free = calloc(g->div_units, sizeof(uint64_t));
	c->fdiv_free = calloc(g->fdiv_units, sizeof(uint64_t));
	c->lq_cap = g->ldq_entries;
	c->lq_mask = core_pow2(c->lq_cap) - 1;
	c->lq = calloc(c->lq_mask + 1, sizeof(uint64_t));
	c->sq_cap = g->stq_entries;
	c->sq_mask = core_pow2(c->sq_cap) - 1;
	c->sq = calloc(c->sq_mask + 1, sizeof(*c->sq));
	if (!c->ring || !c->ckpt || !c->replay || !c->replay_emu_cycle || !c->emu_cycle ||
	    !c->preg_ready || !c->wait_head || !c->woken || !c->free_int || !c->free_fp ||
	    !c->div_free || !c->fdiv_free || !c->lq || !c->sq || vu_init(c))
		goto fail;
	for (uint32_t p = 0; p < npregs; p++)
		c->wait_head[p] = CORE_NO_WAITER;
	fetch_init_kinds(c);
	issue_init_latencies(c);
	for (unsigned r = 0; r < 32; r++) {
		c->map[r] = (uint16_t)r;
		c->map[32 + r] = (uint16_t)(g->int_pregs + r);
	}
	for (uint32_t p = g->int_pregs; p-- > 32;)
		c->free_int[c->n_free_int++] = (uint16_t)p;
	for (uint32_t p = npregs; p-- > g->int_pregs + 32;)
		c->free_fp[c->n_free_fp++] = (uint16_t)p;
	*out = c;
	return 0;
fail:
	core_destroy(c);
	return rc;
}

void core_destroy(struct core *c)
{
	if (!c)
		return;
	memsys_fini(&c->mem);
	bpred_fini(&c->bp);
	free(c->ring);
	free(c->ckpt);
	free(c->replay);
	free(c->replay_emu_cycle);
	free(c->emu_cycle);
	free(c->preg_ready);
	free(c->wait_head);
	free(c->woken);
	free(c->free_int);
	free(c->free_fp);
	for (int q = 0; q < CORE_IQ_COUNT; q++)
		free(c->iq[q].slot);
	free(c->div_free);
	free(c->fdiv_free);
	free(c->lq);
	free(c->sq);
	vu_fini(c);
	free(c);
}

int core_attach(struct core *c, const struct probe_consumer *pc)
{
	if (c->nconsumers >= CORE_MAX_CONSUMERS)
		return -ENOSPC;
	c->consumers[c->nconsumers++] = *pc;
	if (pc->on_cycle)
		c->on_cycle[c->n_on_cycle++] = *pc;
	if (pc->on_insn)
		c->on_insn[c->n_on_insn++] = *pc;
	if (pc->on_fetch)
		c->on_fetch[c->n_on_fetch++] = *pc;
	return 0;
}

void core_set_progress(struct core *c, void (*fn)(void *ctx, const struct core *c), void *ctx,
                       uint64_t interval_cycles)
{
	c->progress = fn;
	c->progress_ctx = ctx;
	c->progress_interval = interval_cycles ? interval_cycles : 1;
	c->progress_next = c->now + c->progress_interval;
}

const struct core_stats *core_stats(const struct core *c)
{
	return &c->st;
}

const struct memsys *core_memsys(const struct core *c)
{
	return &c->mem;
}

uint64_t core_cycle(const struct core *c)
{
	return c->now;
}

uint64_t core_time_ns(const struct core *c)
{
	return (uint64_t)((double)c->now * (1000.0 / c->cfg.freq_mhz));
}

static uint64_t core_guest_clock_ns(void *ctx)
{
	return core_time_ns(ctx);
}

void core_guest_clock(struct core *c, struct emu *e)
{
	emu_set_clock(e, core_guest_clock_ns, c);
}

void core_charge_cycles(struct core *c, uint64_t n)
{
	c->charge_cycles += n;
}

const struct core_config *core_config(const struct core *c)
{
	return &c->cfg;
}

/* Every consumer, when more than one listens (apart so that core_publish_insn and
 * core_publish_cycle need no stack frame for the usual single consumer). */
static __attribute__((noinline)) void core_publish_insn_all(struct core *c,
                                                            const struct probe_insn *rec)
{
	for (uint32_t i = 0; i < c->n_on_insn; i++) {
		const struct probe_consumer *k = &c->on_insn[i];
		if (!k->insn_demand || *k->insn_demand)
			k->on_insn(k->ctx, rec);
	}
}

void core_publish_insn(struct core *c, const struct probe_insn *rec)
{
	if (c->n_on_insn != 1) {
		core_publish_insn_all(c, rec);
		return;
	}
	/* the usual case (one PMU, or one tracer): a test and a tail call */
	const struct probe_consumer *k = &c->on_insn[0];
	if (!k->insn_demand || *k->insn_demand)
		k->on_insn(k->ctx, rec);
}

static __attribute__((noinline)) void core_publish_cycle_all(struct core *c)
{
	for (uint32_t i = 0; i < c->n_on_cycle; i++)
		c->on_cycle[i].on_cycle(c->on_cycle[i].ctx, &c->view);
}

void core_publish_cycle(struct core *c)
{
	if (c->n_on_cycle != 1) {
		core_publish_cycle_all(c);
		return;
	}
	c->on_cycle[0].on_cycle(c->on_cycle[0].ctx, &c->view);
}

void core_fail(struct core *c, int err, const char *fmt, ...)
{
	if (c->error)
		return;
	c->error = err;
	if (c->diag) {
		va_list ap;
		va_start(ap, fmt);
		fprintf(c->diag, "robin sim: cycle %llu: ", (unsigned long long)c->now);
		vfprintf(c->diag, fmt, ap);
		fputc('\n', c->diag);
		va_end(ap);
	}
}

static void core_free_preg(struct core *c, uint16_t p)
{
	if (p >= c->cfg.int_pregs)
		c->free_fp[c->n_free_fp++] = p;
	else
		c->free_int[c->n_free_int++] = p;
}

/* What every squashed instruction goes through, renamed or not: its record ends (published
 * to who listens) and a correct-path one waits for its refetch. */
static inline void core_squash_one(struct core *c, struct core_insn *e)
{
	e->rec.t_end = c->now;
	e->rec.committed = 0;
	if (c->n_on_insn)
		core_publish_insn(c, &e->rec);
	if (__builtin_expect(c->mem.coh != NULL, 0) && e->is_store && !e->rec.wrong_path)
		core_remote_count(c, e->rec.mem_addr, e->rec.mem_size, -1);
	if (!e->rec.wrong_path && !e->no_replay) {
		c->replay_head--;
		struct emu_dyn *d = &c->replay[c->replay_head & c->replay_mask];
		c->replay_emu_cycle[c->replay_head & c->replay_mask] = *core_emu_cycle(c, e);
		core_insn_dyn(e, d);
		if (__builtin_expect(ISA_CLASS_IS_V(e->rec.insn->cls), 0))
			vu_insn_dyn(c, e, d);
	}
}

void core_squash(struct core *c, uint64_t from)
{
	if (from >= c->fetch_tail)
		return;
	const struct core_insn *oldest_ctrl = NULL;
	uint64_t oldest_ctrl_idx = 0;
	/* youngest first: the front end's instructions (not renamed), then the renamed ones */
	uint64_t renamed = c->ren_tail > from ? c->ren_tail : from;
	for (uint64_t idx = c->fetch_tail; idx-- > renamed;) {
		struct core_insn *e = core_at(c, idx);
		if (e->is_ctrl) {
			oldest_ctrl = e;
			oldest_ctrl_idx = idx;
		}
		core_squash_one(c, e);
	}
	for (uint64_t idx = renamed; idx-- > from;) {
		struct core_insn *e = core_at(c, idx);
		if (e->pdst) {
			c->map[e->rec.insn->rd] = e->old_pdst;
			core_free_preg(c, e->pdst);
		}
		if (e->unresolved)
			c->branches_inflight--;
		if (idx < c->rob_tail && e->serializing)
			c->serial_in_rob--;
		if (idx < c->rob_tail && e->parked)
			issue_unpark(c, e);
		if (__builtin_expect(ISA_CLASS_IS_V(e->rec.insn->cls), 0) &&
		    e->rec.insn->cls != ISA_CLASS_VSET)
			vu_squash_one(c, e, idx);
		if (e->is_ctrl) {
			oldest_ctrl = e;
			oldest_ctrl_idx = idx;
		}
		core_squash_one(c, e);
	}
	/* a surviving load parked on a squashed producer's register (the data of a store it took
	 * for older) would wait for a write that never comes (grep stopped after 11,194,963
	 * instructions): it looks again; the squashed waiters were unparked above */
	for (uint64_t idx = from; idx < renamed; idx++) {
		uint16_t p = core_at(c, idx)->pdst;
		if (p && c->wait_head[p] != CORE_NO_WAITER)
			issue_wake_waiters(c, p);
	}
	c->st.squashed += c->fetch_tail - from;
	c->fetch_tail = from;
	c->sfb_end = 0;  /* a refetched SFB starts its shadow again */
	if (c->dec_tail > from)
		c->dec_tail = from;
	if (c->ren_tail > from)
		c->ren_tail = from;
	if (c->rob_tail > from)
		c->rob_tail = from;
	for (int q = 0; q < CORE_IQ_COUNT; q++) {
		struct core_iq *iq = &c->iq[q];
		while (iq->n && iq->slot[iq->n - 1].idx >= from)
			iq->n--;
	}
	while (c->lq_tail > c->lq_head && *core_lq_at(c, c->lq_tail - 1) >= from)
		c->lq_tail--;
	while (c->sq_tail > c->sq_commit && core_sq_at(c, c->sq_tail - 1)->idx >= from) {
		const struct core_sq_entry *s = core_sq_at(c, c->sq_tail - 1);
		if (s->addr_valid)
			core_granule_count(c->sq_granules, s->addr, s->size, -1);
		c->sq_tail--;
	}
	if (c->inorder_next > from)
		c->inorder_next = from;
	vu_squash_done(c, from);
	if (c->mp_pending && c->mp_idx >= from)
		c->mp_pending = 0;
	if (oldest_ctrl)
		bpred_restore(&c->bp, oldest_ctrl->rec.pc, oldest_ctrl->rec.insn,
		              core_ckpt(c, oldest_ctrl_idx), 0, 0);
}

/* The PC of the next correct-path record, reading it from the source if none waits for
 * refetch; 0 when the stream ended. */
static uint64_t core_next_record_pc(struct core *c)
{
	if (c->replay_head == c->replay_tail) {
		if (c->src_done)
			return 0;
		struct emu_dyn d;
		int rc = c->src.next(c->src.ctx, &d);
		if (rc != 1) {
			if (rc == SOURCE_WAIT) {
				c->src_wait = 1;
				return 0;
			}
			c->src_done = 1;
			if (rc < 0)
				core_fail(c, rc, "instruction source failed (%d)", rc);
			return 0;
		}
		if (d.vmem_n && (rc = vu_take_record(c, &d)))
			core_fail(c, rc, "vector ranges: no room (%d)", rc);
		c->replay_emu_cycle[c->replay_tail & c->replay_mask] = c->now;
		c->replay[c->replay_tail++ & c->replay_mask] = d;
	}
	return c->replay[c->replay_head & c->replay_mask].pc;
}

void core_redirect(struct core *c, uint64_t pc)
{
	/* the emulator knows where the correct path goes on (a signal handler after a fault,
	 * the interrupted code after sigreturn): follow its next record */
	uint64_t next = core_next_record_pc(c);
	c->fetch_pc = next ? next : pc;
	c->fetch_wrong_path = 0;
	c->fetch_dead = 0;
	c->fetch_hold = 0;
	c->fetch_stall_until = c->now + c->cfg.redirect_cycles;
	c->fetch_stall_cause = PROBE_DRAIN_FRONTEND;
	c->fetch_line = 0;
	c->fetch_page = 0;
	c->fetch_events = 0;
	c->fetch_wait_since = 0;
}

/* Read the first record to learn where the program starts. */
static void core_prime(struct core *c)
{
	struct emu_dyn d;
	int rc = c->src.next(c->src.ctx, &d);
	if (rc == SOURCE_WAIT) {
		c->src_wait = 1;
		return;
	}
	if (rc < 0)
		core_fail(c, rc, "instruction source failed (%d)", rc);
	if (rc <= 0) {
		c->src_done = 1;
		return;
	}
	if (d.vmem_n && (rc = vu_take_record(c, &d)))
		core_fail(c, rc, "vector ranges: no room (%d)", rc);
	c->replay_emu_cycle[c->replay_tail & c->replay_mask] = c->now;
	c->replay[c->replay_tail++ & c->replay_mask] = d;
	c->fetch_pc = d.pc;
}

/* Charge n idle cycles from now on to the commit state they all share (the view of the
 * last cycle stands for them). */
static inline void core_charge_idle(struct core *c, uint64_t n)
{
	c->st.stack[c->last_slot] += n;
	c->st.skipped_cycles += n;
	if (c->rename_stall)
		*c->rename_stall += n;
	if (c->dispatch_stall)
		*c->dispatch_stall += n;
	if (c->n_on_cycle) {
		/* the view of the skipped cycles is the view of the last one */
		c->view.cycle = c->now;
		c->view.ncycles = n;
		core_publish_cycle(c);
	}
	c->now += n;
}

/* Nothing moved this cycle: jump to the next cycle at which something can, charging the
 * cycles in between to the commit state they all share. */
static void core_skip_idle(struct core *c)
{
	if (c->src_wait)
		return;  /* the source's threads may wake any cycle (another core wakes them) */
	uint64_t next = issue_next_event(c);
	uint64_t limit = c->last_commit_cycle + c->cfg.watchdog_cycles + 1;
	if (next > limit)
		next = limit;
	if (c->progress && next > c->progress_next)
		next = c->progress_next;
	if (next <= c->now)
		return;
	core_charge_idle(c, next - c->now);
}

void core_idle_until(struct core *c, uint64_t t)
{
	if (t <= c->now)
		return;
	core_charge_idle(c, t - c->now);
	c->last_commit_cycle = c->now;
	c->st.cycles = c->now - c->cycle_base;
}

/* One cycle of the pipeline: 0 to go on, 1 when the run ended (finished or a stage
 * failed: c->error), -ETIMEDOUT when the watchdog fired. */
static inline int core_one_cycle(struct core *c)
{
	int moved = commit_stage(c);
	if (c->finished) {
		c->now++;
		return 1;
	}
	/* the store drain and branch resolution are called only when they have work (they
	 * would change nothing) */
	if (c->sq_head != c->sq_commit)
		moved |= lsu_drain_stage(c);
	if (c->mp_pending)
		moved |= resolve_stage(c);
	moved |= issue_stage(c);
	moved |= dispatch_stage(c);
	moved |= rename_stage(c);
	moved |= decode_stage(c);
	moved |= fetch_stage(c);
	c->now++;
	if (!moved && c->cfg.idle_skip)
		core_skip_idle(c);
	if (c->now - c->last_commit_cycle > c->cfg.watchdog_cycles) {
		if (c->diag) {
			fprintf(c->diag, "robin sim: no instruction committed for %u cycles "
			        "(watchdog_cycles); pipeline state:\n", c->cfg.watchdog_cycles);
			core_dump_state(c, c->diag);
		}
		c->st.cycles = c->now - c->cycle_base;
		return -ETIMEDOUT;
	}
	if (c->progress && c->now >= c->progress_next) {
		c->progress_next = c->now + c->progress_interval;
		c->progress(c->progress_ctx, c);
	}
	return c->error ? 1 : 0;
}

int core_run(struct core *c, FILE *diag)
{
	c->diag = diag;
	c->warm_dline = 0;  /* the pipeline moves lines: warm_data's shortcut starts afresh */
	if (c->next_seq == 0 && c->replay_tail == 0 && !c->src_done)
		core_prime(c);
	while (!c->finished && !c->error) {
		int r = core_one_cycle(c);
		if (r < 0)
			return r;
		if (r)
			break;
	}
	c->st.cycles = c->now - c->cycle_base;
	return c->error;
}

void core_start(struct core *c, FILE *diag)
{
	c->diag = diag;
	if (c->next_seq == 0 && c->replay_tail == 0 && !c->src_done && !c->src_wait)
		core_prime(c);
}

int core_tick(struct core *c)
{
	if (c->finished || c->error)
		return c->error ? c->error : 1;
	int r = core_one_cycle(c);
	c->st.cycles = c->now - c->cycle_base;
	if (r < 0)
		return r;
	return c->error ? c->error : r;
}

int core_finished(const struct core *c)
{
	return c->finished;
}

int core_waiting(const struct core *c)
{
	return c->src_wait && c->head == c->fetch_tail && c->replay_head == c->replay_tail;
}
