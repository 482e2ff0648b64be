/*
 * warm.c — functional warming for sampled simulation (004_b28092482852db08.txt, Paper C;
 * docs/robin-simpoint.md): between detailed intervals the emulator runs ahead and hands every
 * committed instruction to core_warm, which updates the I-TLB and I-cache per line, the
 * branch predictor with the actual outcome, and the D-TLB and data caches for loads and
 * stores, one access at a time on a clock that waits for each miss (no pipeline, no probes).
 * core_warm_done then zeroes the statistics so that only the detailed part is reported, and
 * core_resume continues detailed simulation after a core_run that drained the pipeline.
 */
#include <string.h>

#include "core/core.h"
#include "core/pipe.h"

/* The I-TLB and I-cache for an instruction at pc on another page or line than the last one. */
static __attribute__((noinline)) void warm_ifetch_new(struct core *c, uint64_t pc, uint64_t page,
                                                      uint64_t line)
{
	struct memsys_result r;
	uint8_t miss;
	if (page != c->warm_page) {
		c->now = memsys_translate(&c->mem, 1, pc, c->now, &miss);
		c->warm_page = page;
	}
	if (line != c->warm_line) {
		memsys_ifetch(&c->mem, pc, c->now, &r);
		if (r.done > c->now)
			c->now = r.done;
		c->warm_line = line;
	}
}

/* memsys_l1i_hit and memsys_l1d_hit out of line, for the lines not in the most recently
 * used way of their sets (whose hits are inline). */
static __attribute__((noinline)) int warm_l1i_other(struct core *c, uint64_t line, uint64_t *now)
{
	return memsys_l1i_hit(&c->mem, line, *now, now);
}

static __attribute__((noinline)) int64_t warm_l1d_other(struct core *c, uint64_t line, uint64_t now,
                                                         int store)
{
	return memsys_l1d_hit(&c->mem, line, now, store);
}

/* Another line, on a page the I-TLB holds, that the L1I holds: memsys_translate's and
 * memsys_ifetch's hits (waiting for the line's fill) without the calls; 0 when it is not
 * that case (the page's hit may have been taken). line is the line address + 1 (the L1I's
 * lines are the memory system's). */
static inline __attribute__((always_inline))
int warm_ihit(struct core *c, uint64_t page, uint64_t line, uint64_t *now)
{
	if (c->mem.l1i.line_shift != c->mem.line_shift)
		return 0;
	if (page != c->warm_page) {
		/* another page the I-TLB holds: memsys_translate's hit (counted as it counts it),
		 * inline; warm_ifetch_new then finds the page warm, as after its look-up */
		if (!tlb_hit_any(&c->mem.itlb, page))
			return 0;
		c->mem.itlb.accesses++;
		c->warm_page = page;
	}
	if (!memsys_l1i_mru_hit(&c->mem, line, *now, now) && !warm_l1i_other(c, line, now))
		return 0;
	c->warm_line = line;
	return 1;
}

/* The I-TLB and I-cache for an instruction at pc: once per page and per line in a row (the
 * look-ups out of line, so that the common case costs two compares and no call). */
static inline void warm_ifetch(struct core *c, uint64_t pc)
{
	uint64_t page = (pc >> TLB_PAGE_SHIFT) + 1, line = (pc >> c->mem.line_shift) + 1;
	if (__builtin_expect(page != c->warm_page || line != c->warm_line, 0))
		warm_ifetch_new(c, pc, page, line);
}

/* warm_data's look-up: the D-TLB and the data caches, waiting for a miss. */
static __attribute__((noinline)) void warm_data_access(struct core *c, uint64_t addr, int store,
                                                       uint64_t line)
{
	struct memsys_result r;
	uint8_t miss;
	c->warm_dline = 0;
	/* the D-TLB's last entry (its most recently used): a hit that changes nothing */
	if ((addr >> TLB_PAGE_SHIFT) + 1 != c->mem.dtlb.last_vpn) {
		uint64_t at = memsys_translate(&c->mem, 0, addr, c->now, &miss);
		if (at > c->now)
			c->now = at;
	}
	for (;;) {
		int rc = store ? memsys_store(&c->mem, addr, c->now, &r) :
		                 memsys_load(&c->mem, addr, c->now, &r);
		if (!rc)
			break;
		c->now = memsys_l1d_mshr_free_at(&c->mem, c->now);  /* -EBUSY: wait */
	}
	if (r.done > c->now)
		c->now = r.done;
	c->warm_dline = line;
	c->warm_dslot = r.l1d_slot;
}

/* The D-TLB and data caches for a load or store at addr, waiting for its miss. An access to
 * the line the previous data access used (warm_dline, in L1D slot warm_dslot) is an L1D hit
 * on the same page, and nothing but its latency and a store's dirty bit changes what the
 * memory system does next (as for a D-TLB hit on its last entry): the D-TLB entry and the
 * line are the most recently used of their
 * sets already (no fill came between: a miss fills the line before the next-line prefetch,
 * which goes to another set, and a lower level's eviction before the line's fill), the
 * statistics are not the warm clock's (core_warm_done clears them). That case is inline
 * (warm_dline_ready says whether line is it by `now`, warm_dline_hit takes it), the look-up
 * (warm_data_access) out of line; core_warm_trace uses the same two. */
static inline int warm_dline_ready(const struct core *c, uint64_t line, uint64_t now)
{
	const struct cache *l1 = &c->mem.l1d;
	uint64_t s = c->warm_dslot;
	return line && line == c->warm_dline &&
	       __builtin_expect(l1->tag[s] == line && l1->ready[s] <= now && !l1->prefetched[s], 1);
}

/* That hit (warm_dline_ready): a store's dirty bit; its latency. */
static inline uint64_t warm_dline_hit(struct core *c, int store)
{
	struct cache *l1 = &c->mem.l1d;
	if (store)
		l1->dirty[c->warm_dslot] = 1;
	return store ? 1 : l1->hit_cycles;
}

/* A load or store on a page the D-TLB holds to a line the L1D holds, filled by `now`: what
 * warm_data_access would do (memsys_translate's hit, memsys_data's) without its calls; 0 when
 * it is not that case (or another core may hold the line; the page's hit may have been
 * taken). line is the line address + 1. */
static inline __attribute__((always_inline))
int warm_dhit(struct core *c, uint64_t addr, uint64_t line, int store, uint64_t *now)
{
	struct tlb *t = &c->mem.dtlb;
	uint64_t page = (addr >> TLB_PAGE_SHIFT) + 1;
	if (c->mem.coh)
		return 0;
	if (page != t->last_vpn) {
		/* another page the D-TLB holds (a hit that memsys_translate would take, counted as
		 * it counts it; warm_data_access then finds the page last, as after its look-up) */
		if (!tlb_hit_any(t, page))
			return 0;
		t->accesses++;
	}
	int64_t s = memsys_l1d_mru_hit(&c->mem, line, *now, store);
	if (s < 0 && (s = warm_l1d_other(c, line, *now, store)) < 0)
		return 0;
	*now += store ? 1 : c->mem.l1d.hit_cycles;
	c->warm_dline = line;
	c->warm_dslot = (uint64_t)s;
	return 1;
}

static inline void warm_data(struct core *c, uint64_t addr, int store)
{
	uint64_t line = (addr >> c->mem.l1d.line_shift) + 1;
	if (!c->mem.coh && warm_dline_ready(c, line, c->now))
		c->now += warm_dline_hit(c, store);
	else if (!warm_dhit(c, addr, line, store, &c->now))
		warm_data_access(c, addr, store, line);
}

/* The predictor trained with a branch or jump at pc that went on at next_pc. */
static void warm_branch(struct core *c, uint64_t pc, const struct isa_insn *in, uint64_t next_pc)
{
	bpred_warm(&c->bp, pc, in, next_pc);
}

void core_warm_flush(struct core *c, uint64_t next_pc)
{
	if (c->warm_br_in) {
		warm_branch(c, c->warm_br_pc, c->warm_br_in, next_pc);
		c->warm_br_in = NULL;
	}
}

void core_warm(struct core *c, const struct emu_dyn *d)
{
	const struct isa_insn *in = d->insn;
	if (__builtin_expect(c->warm_br_in != NULL, 0))
		core_warm_flush(c, d->pc);  /* the trace's last branch went on here */
	if (!in || d->trapped)
		return;
	warm_ifetch(c, d->pc);
	if ((in->cls == ISA_CLASS_BRANCH || in->cls == ISA_CLASS_JUMP) && !c->warm_clock_only)
		warm_branch(c, d->pc, in, d->next_pc);
	if (d->mem_size)
		warm_data(c, d->mem_addr, in->cls == ISA_CLASS_STORE);
	c->now++;
}

/* The memory trace's events in order (emu_memtrace_fn): per event the instructions before it
 * (a cycle each, on the line warmed last, no data), then its instruction's fetch, its data
 * access or its branch (trained once the next event shows where it went). The clock stays in
 * a local between the out-of-line look-ups; the common cases (the same page and line, the
 * data line used last) are inline. */
static inline __attribute__((always_inline))
void warm_trace(struct core *c, const struct emu_mtev *ev, size_t n, const unsigned lsh,
                const unsigned dsh, const int coh)
{
	const struct cache *l1 = &c->mem.l1d;
	const int train = !c->warm_clock_only;
	/* the branch waiting for its outcome (c->warm_br_in, here while the loop runs: no
	 * look-up it calls reads it) */
	const struct isa_insn *br = c->warm_br_in;
	uint64_t now = c->now;
	for (const struct emu_mtev *v = ev, *end = ev + n; v < end; v++) {
		uint64_t pc = v->pc;
		int kind = v->kind;
		if (br) {
			/* the branch before went on at pc: the trace names the instruction after one */
			if (v->before || kind < 0 || kind == EMU_MEMTRACE_COUNT) {
				kind = -1;  /* out of step (the branch waits on) */
			} else {
				c->now = now;
				warm_branch(c, c->warm_br_pc, br, pc);
				now = c->now;
				br = NULL;
			}
		}
		if (v->same_ld | v->same_st) {
			/* accesses to the line of the data access before, nothing between: hits on
			 * it (warm_data's inline case), which the check below makes sure of */
			if (!warm_dline_ready(c, c->warm_dline, now)) {
				if (!c->warm_trace_bad)
					c->warm_trace_bad = pc | 1;
				continue;
			}
			if (v->same_st)
				(void)warm_dline_hit(c, 1);
			now += v->same_ld * (uint64_t)l1->hit_cycles + v->same_st;
		}
		now += v->before;
		if (__builtin_expect(kind < 0 || kind == EMU_MEMTRACE_COUNT, 0)) {
			if (kind < 0 && !c->warm_trace_bad)
				c->warm_trace_bad = pc | 1;
			continue;
		}
		/* the code line of the instruction before (its page is warm_page then: the two
		 * change together) */
		uint64_t line = (pc >> lsh) + 1;
		if (__builtin_expect(line != c->warm_line, 0)) {
			uint64_t page = (pc >> TLB_PAGE_SHIFT) + 1;
			if (!warm_ihit(c, page, line, &now)) {
				c->now = now;
				warm_ifetch_new(c, pc, page, line);
				now = c->now;
			}
		}
		if (kind == EMU_MEMTRACE_BRANCH) {
			const struct isa_insn *in = v->in;
			if ((in->cls == ISA_CLASS_BRANCH || in->cls == ISA_CLASS_JUMP) && train) {
				c->warm_br_pc = pc;
				c->warm_br_insn = *in;
				br = &c->warm_br_insn;
			}
		} else if (kind) {
			/* warm_data, with the clock in the local */
			uint64_t addr = v->addr, dline = (addr >> dsh) + 1;
			int store = kind == 2;
			if (!coh && warm_dline_ready(c, dline, now)) {
				now += warm_dline_hit(c, store);
			} else if (!warm_dhit(c, addr, dline, store, &now)) {
				c->now = now;
				warm_data_access(c, addr, store, dline);
				now = c->now;
			}
		}
		now++;
	}
	c->warm_br_in = br;
	c->now = now;
}

/* warm_trace with the common memory system's constants (64-byte lines at every level, one
 * core) known to the compiler, else with the configuration's. */
void core_warm_trace(void *core, const struct emu_mtev *ev, size_t n)
{
	struct core *c = core;
	const unsigned lsh = c->mem.line_shift, dsh = c->mem.l1d.line_shift;
	if (lsh == 6 && dsh == 6 && !c->mem.coh)
		warm_trace(c, ev, n, 6, 6, 0);
	else
		warm_trace(c, ev, n, lsh, dsh, c->mem.coh != NULL);
}

int core_warm_trace_begin(struct core *c, struct emu *e, int branches)
{
	/* accesses to the line accessed last may be left out (counted): they hit it, as
	 * warm_data's inline case, unless another core may have taken it */
	unsigned same = !c->mem.coh && c->mem.l1d.line_shift == c->mem.line_shift ?
	                EMU_MEMTRACE_SAME_LINE : 0;
	return emu_memtrace(e, core_warm_trace, c, c->mem.line_shift,
	                    (branches ? EMU_MEMTRACE_BRANCHES : 0) | same);
}

uint64_t core_warm_trace_error(const struct core *c)
{
	return c->warm_trace_bad;
}

enum emu_status core_warm_trace_to(struct core *c, struct emu *e, uint64_t to, int steps)
{
	struct emu_dyn d;
	while (emu_instret(e) < to) {
		enum emu_status st = emu_run(e, to - emu_instret(e));
		if (st != EMU_LIMIT)
			return st;
		if (emu_instret(e) >= to)
			break;
		if ((st = emu_step(e, &d)) != EMU_RUNNING)
			return st;
		core_warm(c, &d);
		if (steps && d.trapped)
			to--;
	}
	return EMU_RUNNING;
}

/* n steps warmed, on a trace that names branches or not (the predictor trains on them
 * unless warm_clock_only) */
static enum emu_status warm_steps(struct core *c, struct emu *e, uint64_t n, int branches)
{
	enum emu_status st = EMU_RUNNING;
	if (!core_warm_trace_begin(c, e, branches)) {
		st = core_warm_trace_to(c, e, emu_instret(e) + n, 1);
		core_warm_flush(c, emu_pc(e));
		emu_memtrace_end(e);
		return st;
	}
	struct emu_dyn d;
	for (uint64_t k = 0; k < n && st == EMU_RUNNING; k++) {
		st = emu_step(e, &d);
		if (st == EMU_RUNNING)
			core_warm(c, &d);
	}
	return st;
}

enum emu_status core_warm_steps(struct core *c, struct emu *e, uint64_t n, uint64_t pred)
{
	if (pred < n) {
		/* the memory hierarchy alone first: the predictor is not trained (its state after
		 * the last `pred` steps is what it would be with all n, when pred is long enough;
		 * the caches' and TLBs' state does not depend on it) */
		int was = c->warm_clock_only;
		c->warm_clock_only = 1;
		enum emu_status st = warm_steps(c, e, n - pred, 0);
		c->warm_clock_only = was;
		if (st != EMU_RUNNING || !pred)
			return st;
		n = pred;
	}
	return warm_steps(c, e, n, 1);
}

int core_warm_predictor_reset(struct core *c)
{
	c->warm_br_in = NULL;
	bpred_fini(&c->bp);
	return bpred_init(&c->bp, &c->cfg);
}

void core_warm_done(struct core *c)
{
	memset(&c->st, 0, sizeof(c->st));
	memset(&c->vu.st, 0, sizeof(c->vu.st));
	memset(&c->bp.st, 0, sizeof(c->bp.st));
	memset(&c->mem.st, 0, sizeof(c->mem.st));
	memset(&c->mem.l1i.st, 0, sizeof(c->mem.l1i.st));
	memset(&c->mem.l1d.st, 0, sizeof(c->mem.l1d.st));
	memset(&c->mem.l2.st, 0, sizeof(c->mem.l2.st));
	memset(&c->mem.llc.st, 0, sizeof(c->mem.llc.st));
	c->mem.itlb.accesses = c->mem.itlb.misses = 0;
	c->mem.dtlb.accesses = c->mem.dtlb.misses = 0;
	c->mem.l2tlb.accesses = c->mem.l2tlb.misses = 0;
	memset(&c->mem.dram.st, 0, sizeof(c->mem.dram.st));
	c->warm_dline = 0;
	c->cycle_base = c->now;
	c->last_commit_cycle = c->now;
	c->progress_next = c->now + c->progress_interval;
}

void core_warm_clock_only(struct core *c, int on)
{
	c->warm_clock_only = on != 0;
}

void core_resume(struct core *c)
{
	c->src_done = 0;
	c->finished = 0;
	c->last_commit_cycle = c->now;
	c->warm_line = c->warm_page = c->warm_dline = 0;
	core_redirect(c, 0);
}
