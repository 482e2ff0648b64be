/*
 * vu.c — the vector unit (docs/vector.md, after Berkeley's Saturn): vector instructions take
 * a ROB entry and a slot of the in-order vector issue queue at dispatch, leave it for one of
 * five sequencers (load, store, integer, FP, permute) once their scalar operands and their
 * vset* are ready, run there one element group of DLEN bits per cycle, chain on a
 * per-register scoreboard at element-group granularity, and complete — retiring as one ROB
 * entry — when their last element group is written. Vector loads and stores walk the
 * emulator's byte ranges line by line through the D-TLB and the caches. Entry points: the
 * vu_* functions of pipe.h, called from fetch, rename, dispatch, issue, commit and squash.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/pipe.h"
#include "emu/hart.h"

#define VU_POOL_CAP (64u * HART_VMEM_MAX)  /* ranges the pool holds */

/* vu.op_kind bits, by isa_op: what the class alone does not say */
#define VU_OP_WIDE  1u  /* widening or narrowing: it processes 2*SEW elements */
#define VU_OP_MASK  2u  /* writes a mask (one register) */
#define VU_OP_FPRED 4u  /* an FP reduction: the FP sequencer */

static inline struct core_vinsn *vu_x(const struct core *c, uint64_t idx)
{
	return &c->vx[idx & c->ring_mask];
}

int vu_init(struct core *c)
{
	struct core_vu *v = &c->vu;
	v->q_cap = c->cfg.vq_entries;
	v->q = calloc(v->q_cap, sizeof(*v->q));
	v->op_kind = calloc(ISA_OP_COUNT, 1);
	c->vx = calloc(c->ring_mask + 1, sizeof(*c->vx));
	v->dlen_bytes = c->cfg.dlen / 8;
	v->vlenb = c->cfg.vlen / 8;
	if (!v->q || !v->op_kind || !c->vx)
		return -ENOMEM;
	for (unsigned op = 0; op < ISA_OP_COUNT; op++) {
		const char *n = isa_op_name((enum isa_op)op);
		if (!n || n[0] != 'v')
			continue;
		if (!strncmp(n, "vw", 2) || !strncmp(n, "vfw", 3) || !strncmp(n, "vn", 2) ||
		    !strncmp(n, "vfn", 3))
			v->op_kind[op] |= VU_OP_WIDE;
		if (!strncmp(n, "vms", 3) || !strncmp(n, "vmf", 3) || !strncmp(n, "vmadc", 5) ||
		    !strncmp(n, "vmsbc", 5) || !strncmp(n, "vmand", 5) || !strncmp(n, "vmor", 4) ||
		    !strncmp(n, "vmxor", 5) || !strncmp(n, "vmnand", 6) || !strncmp(n, "vmnor", 5) ||
		    !strncmp(n, "vmxnor", 6))
			v->op_kind[op] |= VU_OP_MASK;
		if (!strncmp(n, "vfred", 5) || !strncmp(n, "vfwred", 6))
			v->op_kind[op] |= VU_OP_FPRED;
	}
	return 0;
}

void vu_fini(struct core *c)
{
	free(c->vu.q);
	free(c->vu.op_kind);
	free(c->vx);
	free(c->vpool);
}

/* ---- the range pool --------------------------------------------------------------------- */

int vu_pool_room(const struct core *c)
{
	/* a record needs its ranges and at most as many again skipped at the ring's end */
	return !c->vpool || c->vpool_cap - (c->vpool_tail - c->vpool_head) >= 4u * HART_VMEM_MAX;
}

int vu_take_record(struct core *c, struct emu_dyn *d)
{
	if (!d->vmem_n || !d->vmem)
		return 0;
	if (!c->vpool) {
		c->vpool = malloc(VU_POOL_CAP * sizeof(*c->vpool));
		if (!c->vpool)
			return -ENOMEM;
		c->vpool_cap = VU_POOL_CAP;
	}
	uint64_t n = d->vmem_n, pos = c->vpool_tail, off = pos % c->vpool_cap;
	if (off + n > c->vpool_cap)
		pos += c->vpool_cap - off;  /* a record's ranges stay contiguous */
	if (pos + n - c->vpool_head > c->vpool_cap)
		return -ENOSPC;             /* fetch checks vu_pool_room first: not reached */
	memcpy(c->vpool + pos % c->vpool_cap, d->vmem, n * sizeof(*c->vpool));
	d->vmem = c->vpool + pos % c->vpool_cap;
	c->vpool_tail = pos + n;
	return 0;
}

/* The record with ranges x committed (or left for good): the pool frees up to its end. */
static void vu_pool_free(struct core *c, const struct core_vinsn *x)
{
	if (!x->vmem_n || !c->vpool)
		return;
	uint64_t off = (uint64_t)(x->vmem - c->vpool), head = c->vpool_head;
	uint64_t pos = head - head % c->vpool_cap + off;
	if (pos < head)
		pos += c->vpool_cap;
	if (pos + x->vmem_n > c->vpool_head)
		c->vpool_head = pos + x->vmem_n;
}

/* ---- fetch, rename, dispatch ------------------------------------------------------------ */

void vu_fetch(struct core *c, uint64_t idx, const struct emu_dyn *d)
{
	struct core_vinsn *x = vu_x(c, idx);
	struct core_insn *e = core_at(c, idx);
	x->vl = d ? d->vl : 0;
	x->vsew = d ? d->vsew : 0;
	x->vmem_n = d ? d->vmem_n : 0;
	x->vmem = d ? d->vmem : NULL;
	x->groups = 0;
	e->rec.vl = x->vl;
}

void vu_insn_dyn(const struct core *c, const struct core_insn *e, struct emu_dyn *d)
{
	const struct core_vinsn *x = &c->vx[e - c->ring];
	d->vl = x->vl;
	d->vsew = x->vsew;
	d->vmem_n = x->vmem_n;
	d->vmem = x->vmem;
}

int vu_dispatch(struct core *c, struct core_insn *e, uint64_t idx)
{
	struct core_vu *v = &c->vu;
	uint8_t cls = e->rec.insn->cls;
	if (v->q_tail - v->q_head >= v->q_cap) {
		v->st.stall_vq++;
		c->dispatch_stall = &v->st.stall_vq;
		return 1;
	}
	if (cls == ISA_CLASS_VLOAD && v->n_vld >= c->cfg.vldq_entries) {
		v->st.stall_vldq++;
		c->dispatch_stall = &v->st.stall_vldq;
		return 1;
	}
	if (cls == ISA_CLASS_VSTORE && v->n_vst >= c->cfg.vstq_entries) {
		v->st.stall_vstq++;
		c->dispatch_stall = &v->st.stall_vstq;
		return 1;
	}
	v->q[v->q_tail++ % v->q_cap] = idx;
	v->n_vld += cls == ISA_CLASS_VLOAD;
	v->n_vst += cls == ISA_CLASS_VSTORE;
	return 0;
}

/* ---- issue and execution ---------------------------------------------------------------- */

/* The first cycle e's scalar operands and its vset* allow it to enter a sequencer
 * (PROBE_NEVER while a producer has not issued). */
static uint64_t vu_wake(const struct core *c, const struct core_insn *e, uint64_t idx)
{
	const uint64_t *rdy = c->preg_ready;
	uint64_t w = e->rec.t_dispatch + 1;
	for (int i = 0; i < 3; i++)
		if (rdy[e->psrc[i]] > w)
			w = rdy[e->psrc[i]];
	uint64_t vs = vu_x(c, idx)->vset_idx;
	if (vs && vs - 1 >= c->head) {
		const struct core_insn *s = core_at(c, vs - 1);
		if (!s->issued)
			return PROBE_NEVER;
		if (s->rec.t_complete > w)
			w = s->rec.t_complete;
	}
	return w;
}

static uint64_t vu_max(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

/* The registers of an operand of `bytes` bytes starting at vector register r (64..95). */
static void vu_regs(const struct core_vu *v, uint8_t r, uint64_t bytes, unsigned *base,
                    unsigned *n)
{
	*base = (unsigned)(r - 64);
	uint64_t k = (bytes + v->vlenb - 1) / v->vlenb;
	if (k < 1)
		k = 1;
	if (k > 8)
		k = 8;
	if (*base + k > 32)
		k = 32 - *base;
	*n = (unsigned)k;
}

/* A source operand: the latest cycle its first element group and its last one are written. */
static void vu_src(const struct core_vu *v, uint8_t r, uint64_t bytes, uint64_t *first,
                   uint64_t *last)
{
	if (!ISA_REG_IS_V(r))
		return;
	unsigned base, n;
	vu_regs(v, r, bytes, &base, &n);
	for (unsigned k = 0; k < n; k++) {
		*first = vu_max(*first, v->reg_first[base + k]);
		*last = vu_max(*last, v->reg_last[base + k]);
	}
}

/* What the vector memory walk met. */
struct vu_mem {
	uint64_t t;                  /* the memory path's next free cycle */
	uint64_t first_done, done;   /* the first and the last line's data */
	uint32_t accesses, misses;
	uint8_t level;
	uint32_t events;
};

/* The line accesses of e's byte ranges from cycle m->t: one per line (one per element for
 * strided and indexed accesses, whose elements are ranges of their own), at most DLEN bits
 * per cycle, through the D-TLB and the caches (loads read, stores write). */
static void vu_walk(struct core *c, const struct core_vinsn *x, int store, struct vu_mem *m)
{
	struct memsys *ms = &c->mem;
	uint64_t line = c->cfg.line_bytes, db = c->vu.dlen_bytes, page = UINT64_MAX;
	for (uint32_t i = 0; i < x->vmem_n; i++) {
		uint64_t a = x->vmem[i].addr, end = a + x->vmem[i].len;
		while (a < end) {
			uint64_t le = (a | (line - 1)) + 1, b = (end < le ? end : le) - a;
			if ((a >> TLB_PAGE_SHIFT) != page) {
				uint8_t miss = 0;
				page = a >> TLB_PAGE_SHIFT;
				uint64_t at = memsys_translate(ms, 0, a, m->t, &miss);
				if (miss)
					m->events |= PROBE_EV_DTLB_MISS | (miss > 1 ? PROBE_EV_DTLB_WALK : 0);
				m->t = vu_max(m->t, at);
			}
			struct memsys_result r;
			memset(&r, 0, sizeof(r));
			for (int tries = 0; tries < 64; tries++) {
				int rc = store ? memsys_store(ms, a, m->t, &r) : memsys_load(ms, a, m->t, &r);
				if (!rc)
					break;
				m->t = memsys_l1d_mshr_free_at(ms, m->t);  /* -EBUSY: an MSHR frees */
			}
			if (m->first_done == PROBE_NEVER)
				m->first_done = r.done;
			m->done = vu_max(m->done, r.done);
			m->accesses++;
			if (r.l1_miss) {
				m->misses++;
				m->events |= PROBE_EV_DCACHE_MISS;
			}
			if (r.l2_miss)
				m->events |= PROBE_EV_L2_MISS;
			if (r.llc_miss)
				m->events |= PROBE_EV_LLC_MISS;
			if (r.level > m->level)
				m->level = r.level;
			m->t += b > db ? (b + db - 1) / db : 1;
			a += b;
		}
	}
}

/* Run e (ring index idx) in its sequencer from this cycle on: its element groups, when they
 * start (sequencer free, operands chained), when its first and last groups are written. */
static void vu_exec(struct core *c, struct core_insn *e, uint64_t idx, uint64_t ready)
{
	struct core_vu *v = &c->vu;
	struct core_vinsn *x = vu_x(c, idx);
	const struct isa_insn *in = e->rec.insn;
	const struct core_config *g = &c->cfg;
	uint64_t now = c->now;
	uint8_t kind = v->op_kind[in->op];
	uint64_t sew_bytes = x->vsew ? x->vsew / 8u : 1u;
	uint64_t bytes = (uint64_t)x->vl * sew_bytes;       /* a source operand */
	uint64_t work = kind & VU_OP_WIDE ? 2 * bytes : bytes; /* what the datapath processes */
	uint64_t dst = kind & VU_OP_MASK ? 1 : work;
	int mem = in->cls == ISA_CLASS_VLOAD || in->cls == ISA_CLASS_VSTORE;
	if (mem) {
		uint64_t eew = in->size ? in->size : 1;
		work = (uint64_t)x->vl * eew * (in->nf + 1u);
		if (x->vmem_n) {
			work = 0;
			for (uint32_t i = 0; i < x->vmem_n; i++)
				work += x->vmem[i].len;
		}
		dst = work;
	}
	uint64_t groups = (work + v->dlen_bytes - 1) / v->dlen_bytes;
	if (groups < 1)
		groups = 1;
	unsigned seq;
	uint64_t per = 1, lat = g->valu_cycles, tail = 0;
	switch (in->cls) {
	case ISA_CLASS_VLOAD: seq = CORE_VSEQ_LOAD; lat = 1; break;
	case ISA_CLASS_VSTORE: seq = CORE_VSEQ_STORE; lat = 1; break;
	case ISA_CLASS_VMUL: seq = CORE_VSEQ_INT; lat = g->vmul_cycles; break;
	case ISA_CLASS_VDIV: seq = CORE_VSEQ_INT; per = lat = g->vdiv_cycles; break;
	case ISA_CLASS_VFP: seq = CORE_VSEQ_FP; lat = g->vfp_cycles; break;
	case ISA_CLASS_VFDIV: seq = CORE_VSEQ_FP; per = lat = g->vfdiv_cycles; break;
	case ISA_CLASS_VPERM: seq = CORE_VSEQ_PERM; lat = g->vperm_cycles; break;
	case ISA_CLASS_VRED:
		seq = kind & VU_OP_FPRED ? CORE_VSEQ_FP : CORE_VSEQ_INT;
		lat = kind & VU_OP_FPRED ? g->vfp_cycles : g->valu_cycles;
		tail = g->vred_cycles;
		dst = 1;
		break;
	default: seq = CORE_VSEQ_INT; break;
	}
	uint64_t occ = groups * per;
	/* vector sources: chained at element-group granularity (a consumer's group k is read
	 * no earlier than its producer wrote it: start >= first, start + occ - 1 >= last); a
	 * permutation reads any element of its source, so it waits for the whole of it */
	uint64_t s_first = 0, s_last = 0;
	uint64_t src_bytes = kind & VU_OP_WIDE ? work : bytes;
	if (mem) {
		if (in->fmt == ISA_FMT_VMEM_X)  /* the index vector */
			vu_src(v, in->rs2, (uint64_t)x->vl * (in->size ? in->size : 1), &s_first, &s_last);
		if (in->cls == ISA_CLASS_VSTORE)
			vu_src(v, in->rs3, work, &s_first, &s_last);
	} else {
		vu_src(v, in->rs1, src_bytes, &s_first, &s_last);
		vu_src(v, in->rs2, src_bytes, &s_first, &s_last);
		vu_src(v, in->rs3, dst, &s_first, &s_last);
	}
	if (in->masked)
		vu_src(v, ISA_REG_V(0), 1, &s_first, &s_last);
	uint64_t t_op = vu_max(now, s_first);
	if (in->cls == ISA_CLASS_VPERM)
		t_op = vu_max(t_op, s_last);
	else if (s_last + 1 > occ)
		t_op = vu_max(t_op, s_last + 1 - occ);
	/* the destination's older writer finishes first (in-order writes per register) */
	unsigned d_base = 0, d_n = 0;
	if (ISA_REG_IS_V(in->rd)) {
		vu_regs(v, in->rd, dst, &d_base, &d_n);
		for (unsigned k = 0; k < d_n; k++) {
			uint64_t f = v->reg_first[d_base + k], l = v->reg_last[d_base + k];
			if (f + 1 > lat)
				t_op = vu_max(t_op, f + 1 - lat);
			if (l + 1 > lat + occ)
				t_op = vu_max(t_op, l + 1 - lat - occ);
		}
	}
	uint64_t start = vu_max(t_op, v->seq_free[seq]);
	v->st.wait_operand += t_op - now;
	v->st.wait_seq += start - t_op;
	if (start > t_op)
		e->rec.events |= PROBE_EV_VU_STALL;
	uint64_t first = start + lat, last = start + occ - per + lat + tail;
	if (mem && x->vmem_n) {
		struct vu_mem m = { .t = start, .first_done = PROBE_NEVER, .done = start };
		vu_walk(c, x, in->cls == ISA_CLASS_VSTORE, &m);
		occ = m.t - start;
		if (occ < 1)
			occ = 1;
		if (in->cls == ISA_CLASS_VLOAD) {
			/* groups are written as their data returns, in order */
			first = vu_max(m.first_done, start + 1);
			last = vu_max(m.done, start + occ);
			e->rec.load_cycles = (uint32_t)(last - start);
		} else {
			first = start + 1;
			last = start + occ;  /* the data went to the write path */
		}
		e->rec.events |= m.events;
		e->rec.serve_level = m.level;
		e->rec.vmem_accesses = m.accesses > UINT16_MAX ? UINT16_MAX : (uint16_t)m.accesses;
		e->rec.vmem_misses = m.misses > UINT16_MAX ? UINT16_MAX : (uint16_t)m.misses;
	}
	if (last < first)
		last = first;
	/* what the squash of e would restore */
	x->seq = (uint8_t)seq;
	x->old_seq_free = v->seq_free[seq];
	x->vd_base = (uint8_t)d_base;
	x->vd_n = (uint8_t)d_n;
	x->groups = (uint32_t)groups;
	v->seq_free[seq] = start + occ;
	v->st.busy[seq] += occ;
	/* register k of the destination holds groups k*gpr .. (k+1)*gpr - 1 */
	uint64_t gpr = d_n ? (groups + d_n - 1) / d_n : 0;
	for (unsigned k = 0; k < d_n; k++) {
		x->old_first[k] = v->reg_first[d_base + k];
		x->old_last[k] = v->reg_last[d_base + k];
		uint64_t f = first + k * gpr * per;
		if (f > last)
			f = last;
		uint64_t l = f + (gpr ? gpr - 1 : 0) * per;
		v->reg_first[d_base + k] = f;
		v->reg_last[d_base + k] = l > last || k + 1 == d_n ? last : l;
	}
	e->rec.t_ready = ready;
	e->rec.t_issue = now;
	e->rec.t_complete = last;
	e->issued = 1;
	if (e->pdst)  /* vmv.x.s, vfmv.f.s, vcpop.m, vfirst.m */
		core_preg_set(c, e->pdst, last);
}

int vu_issue_one(struct core *c, struct core_insn *e, uint64_t idx)
{
	struct core_vu *v = &c->vu;
	if (v->q_head == v->q_tail || v->q[v->q_head % v->q_cap] != idx)
		return 0;
	uint64_t w = vu_wake(c, e, idx);
	if (w > c->now)
		return 0;
	vu_exec(c, e, idx, w);
	v->q_head++;
	return 1;
}

int vu_issue(struct core *c)
{
	struct core_vu *v = &c->vu;
	if (v->q_head == v->q_tail)
		return 0;
	uint64_t idx = v->q[v->q_head % v->q_cap];
	return vu_issue_one(c, core_at(c, idx), idx);
}

uint64_t vu_next_event(const struct core *c)
{
	const struct core_vu *v = &c->vu;
	if (v->q_head == v->q_tail)
		return PROBE_NEVER;
	uint64_t idx = v->q[v->q_head % v->q_cap];
	return vu_wake(c, core_at(c, idx), idx);
}

/* ---- commit and squash ------------------------------------------------------------------ */

void vu_commit(struct core *c, struct core_insn *e, uint64_t idx)
{
	struct core_vu *v = &c->vu;
	const struct core_vinsn *x = vu_x(c, idx);
	uint8_t cls = e->rec.insn->cls;
	v->st.insns[cls]++;
	if (cls == ISA_CLASS_VSET)
		return;
	v->st.elements += x->vl;
	v->st.groups += x->groups;
	if (cls == ISA_CLASS_VLOAD || cls == ISA_CLASS_VSTORE) {
		v->n_vld -= cls == ISA_CLASS_VLOAD;
		v->n_vst -= cls == ISA_CLASS_VSTORE;
		v->st.vmem_accesses += e->rec.vmem_accesses;
		v->st.vmem_misses += e->rec.vmem_misses;
		vu_pool_free(c, x);
	}
}

void vu_squash_one(struct core *c, struct core_insn *e, uint64_t idx)
{
	struct core_vu *v = &c->vu;
	const struct core_vinsn *x = vu_x(c, idx);
	uint8_t cls = e->rec.insn->cls;
	if (idx < c->rob_tail) {
		v->n_vld -= cls == ISA_CLASS_VLOAD;
		v->n_vst -= cls == ISA_CLASS_VSTORE;
	}
	if (e->issued) {
		/* youngest first: the unit returns to its state before the oldest squashed one */
		v->seq_free[x->seq] = x->old_seq_free;
		for (unsigned k = 0; k < x->vd_n; k++) {
			v->reg_first[x->vd_base + k] = x->old_first[k];
			v->reg_last[x->vd_base + k] = x->old_last[k];
		}
	}
	if (e->no_replay && !e->rec.wrong_path)
		vu_pool_free(c, x);  /* it will not be fetched again */
}

void vu_squash_done(struct core *c, uint64_t from)
{
	struct core_vu *v = &c->vu;
	while (v->q_tail > v->q_head && v->q[(v->q_tail - 1) % v->q_cap] >= from)
		v->q_tail--;
	if (v->last_vset > from) {
		/* the youngest vset left is the youngest surviving renamed one */
		v->last_vset = 0;
		for (uint64_t i = from; i-- > c->head;) {
			if (core_at(c, i)->rec.insn->cls == ISA_CLASS_VSET) {
				v->last_vset = i + 1;
				break;
			}
		}
	}
}
