/*
 * dcpi_sched.c — the procedure's CFG as DCPI's analysis reads it and the static schedule of
 * every basic block on the configured core (002_767b26a0b68559db.txt §6.1.1, §6.1.3, §6.3).
 * The schedule follows robin's in-order issue (core/issue.c): instructions issue in program
 * order, at most decode_width per cycle and each issue queue's width (int, mem, fp), when
 * their operands are ready, with the pipelined multipliers limited per cycle and the
 * unpipelined dividers busy for their latency; CSR, fence, AMO and system instructions wait
 * for the older ones to complete. Latencies come from the configuration with every cache
 * hitting (loads: l1d_cycles). As in DCPI, each block is scheduled alone: values from
 * preceding blocks are ready when it starts.
 */
#include "analysis/dcpi.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DCPI_NREG 64

enum dcpi_queue { DCPI_Q_INT, DCPI_Q_MEM, DCPI_Q_FP, DCPI_Q_COUNT };

static enum dcpi_queue dcpi_sched_queue(const struct isa_insn *in)
{
	switch (in->cls) {
	case ISA_CLASS_LOAD: case ISA_CLASS_STORE: case ISA_CLASS_AMO:
		return DCPI_Q_MEM;
	case ISA_CLASS_FP_ADD: case ISA_CLASS_FP_MUL: case ISA_CLASS_FP_DIVSQRT:
	case ISA_CLASS_FP_CVT:
		return DCPI_Q_FP;
	default:
		return DCPI_Q_INT;
	}
}

/* Cycles from issue to the result with every cache hitting. */
static uint32_t dcpi_sched_latency(const struct core_config *g, const struct isa_insn *in)
{
	if (in->cls == ISA_CLASS_LOAD || in->cls == ISA_CLASS_AMO)
		return g->l1d_cycles;
	return config_exec_cycles(g, in);
}

static int dcpi_sched_at_head(const struct isa_insn *in)
{
	return in->cls == ISA_CLASS_CSR || in->cls == ISA_CLASS_FENCE ||
	       in->cls == ISA_CLASS_AMO || in->cls == ISA_CLASS_SYSTEM;
}

/* Issue-slot use of one cycle. */
struct dcpi_slots {
	uint32_t cycle, total, q[DCPI_Q_COUNT], mul;
};

static int dcpi_slots_fit(const struct core_config *g, struct dcpi_slots *s, uint32_t t,
			  const struct isa_insn *in)
{
	if (s->cycle != t)
		memset(s, 0, sizeof(*s)), s->cycle = t;
	uint32_t width[DCPI_Q_COUNT] = { g->int_issue_width, g->mem_issue_width, g->fp_issue_width };
	enum dcpi_queue q = dcpi_sched_queue(in);
	if (s->total >= g->decode_width || s->q[q] >= width[q])
		return 0;
	return 1;
}

/* Schedule block b alone (§6.1.3: preceding blocks ignored). A block that loops on itself is
 * scheduled twice and keeps the second iteration: in the steady state its first instructions
 * pair with the previous iteration's last ones (DCPI's copy loop error of §6.1.3, third
 * challenge, for the one predecessor that matters). */
static void dcpi_sched_block(struct dcpi_proc *p, struct dcpi_block *b, int loop)
{
	const struct core_config *g = &p->core;
	uint32_t ready[DCPI_NREG] = { 0 }, writer[DCPI_NREG];
	uint32_t div_free = 0, fdiv_free = 0, div_by = DCPI_NONE, fdiv_by = DCPI_NONE;
	uint32_t done = 0;          /* completion of everything older */
	struct dcpi_slots s = { .cycle = UINT32_MAX };
	uint32_t prev = 0;          /* issue cycle of the previous instruction */
	int first = 1;
	uint32_t last_mul = DCPI_NONE;
	for (size_t k = 0; k < DCPI_NREG; k++)
		writer[k] = DCPI_NONE;
	for (int pass = 0; pass < (loop ? 2 : 1); pass++) {
		b->best_cycles = 0;
		for (uint32_t i = b->first; i < b->first + b->n; i++) {
			struct dcpi_insn *x = &p->insns[i];
			const struct isa_insn *in = &x->in;
			uint32_t t = first ? 0 : prev, why = DCPI_STATIC_NONE, by = DCPI_NONE;
			/* a store issues when its address is ready; its data is read later (core/issue.c) */
			uint8_t src[3] = { in->rs1, in->cls == ISA_CLASS_STORE ? ISA_REG_NONE : in->rs2,
			                   in->rs3 };
			uint32_t dep_ready = 0;
			x->dep_on = DCPI_NONE;
			for (int k = 0; k < 3; k++) {
				if (src[k] == ISA_REG_NONE || src[k] == 0 || src[k] >= DCPI_NREG)
					continue;
				if (writer[src[k]] != DCPI_NONE &&
				    (x->dep_on == DCPI_NONE || ready[src[k]] > dep_ready)) {
					x->dep_on = writer[src[k]];
					dep_ready = ready[src[k]];
				}
				if (ready[src[k]] > t) {
					t = ready[src[k]];
					why = DCPI_STATIC_DEP;
					by = writer[src[k]];
				}
			}
			if (dcpi_sched_at_head(in) && done > t) {
				t = done;
				why = DCPI_STATIC_HEAD;
				by = i > b->first ? i - 1 : DCPI_NONE;
			}
			if (in->cls == ISA_CLASS_DIV && div_free > t) {
				t = div_free;
				why = DCPI_STATIC_FU;
				by = div_by;
			}
			if (in->cls == ISA_CLASS_FP_DIVSQRT && fdiv_free > t) {
				t = fdiv_free;
				why = DCPI_STATIC_FU;
				by = fdiv_by;
			}
			for (;;) {
				if (dcpi_slots_fit(g, &s, t, in)) {
					if (in->cls != ISA_CLASS_MUL || s.mul < g->mul_units)
						break;
					if (t == prev && why == DCPI_STATIC_NONE) {
						why = DCPI_STATIC_FU;
						by = last_mul;
					}
				} else if (t == prev && why == DCPI_STATIC_NONE) {
					why = DCPI_STATIC_SLOT;
					by = i > b->first ? i - 1 : DCPI_NONE;
				}
				t++;
			}
			s.total++;
			s.q[dcpi_sched_queue(in)]++;
			uint32_t lat = dcpi_sched_latency(g, in);
			if (in->cls == ISA_CLASS_MUL) {
				s.mul++;
				last_mul = i;
			} else if (in->cls == ISA_CLASS_DIV) {
				div_free = t + lat;
				div_by = i;
			} else if (in->cls == ISA_CLASS_FP_DIVSQRT) {
				fdiv_free = t + lat;
				fdiv_by = i;
			}
			if (in->rd != ISA_REG_NONE && in->rd != 0 && in->rd < DCPI_NREG &&
			    in->cls != ISA_CLASS_STORE) {
				ready[in->rd] = t + lat;
				writer[in->rd] = i;
			}
			if (t + lat > done)
				done = t + lat;
			x->issue_cycle = t;
			x->m_cycles = first ? t + 1 : t - prev;
			/* a stall when it issued later than right after its predecessor, or (slotting)
			 * when it could have issued with it but the cycle's slots were used up */
			x->static_kind = (uint8_t)(x->m_cycles > 1 || (first && t > 0) || why == DCPI_STATIC_SLOT
			                           ? why : DCPI_STATIC_NONE);
			x->static_by = x->static_kind ? by : DCPI_NONE;
			b->best_cycles += x->m_cycles;
			prev = t;
			first = 0;
		}
	}
}

/* Whether instruction `in` can issue in the same cycle as `last`, the last instruction of a
 * preceding block: a second slot, room in its queue, no operand from `last`, neither waiting
 * at the ROB head nor a call or return between them. */
static int dcpi_sched_pairs(const struct core_config *g, const struct isa_insn *last,
			    const struct isa_insn *in)
{
	uint32_t width[DCPI_Q_COUNT] = { g->int_issue_width, g->mem_issue_width, g->fp_issue_width };
	if (g->decode_width < 2 || dcpi_sched_at_head(in) || dcpi_sched_at_head(last) ||
	    (last->flags & (ISA_F_CALL | ISA_F_RET)))
		return 0;
	if (dcpi_sched_queue(last) == dcpi_sched_queue(in) && width[dcpi_sched_queue(in)] < 2)
		return 0;
	uint8_t src[3] = { in->rs1, in->cls == ISA_CLASS_STORE ? ISA_REG_NONE : in->rs2, in->rs3 };
	for (int k = 0; k < 3; k++)
		if (src[k] != ISA_REG_NONE && src[k] != 0 && src[k] == last->rd &&
		    last->cls != ISA_CLASS_STORE)
			return 0;
	return 1;
}

/* Mark the block heads whose one cycle at the head can vanish on some path (head_pairs). A
 * block that loops on itself is scheduled in its steady state, after its own last
 * instruction: its head keeps its M_i (chase_llc's walk: the loop's one clean issue point). */
static void dcpi_sched_heads(struct dcpi_proc *p)
{
	uint8_t *self = calloc(p->nblocks ? p->nblocks : 1, 1);
	if (!self)
		return;  /* no marks: the schedule as it is */
	for (size_t e = 0; e < p->nedges; e++)
		if (p->edges[e].from != DCPI_NONE && p->edges[e].from == p->edges[e].to)
			self[p->edges[e].from] = 1;
	for (size_t e = 0; e < p->nedges; e++) {
		const struct dcpi_edge *ed = &p->edges[e];
		if (ed->from == DCPI_NONE || ed->to == DCPI_NONE || self[ed->to])
			continue;
		const struct dcpi_block *pb = &p->blocks[ed->from], *b = &p->blocks[ed->to];
		if (!pb->n || !b->n)
			continue;
		struct dcpi_insn *x = &p->insns[b->first];
		if (x->m_cycles == 1 &&
		    dcpi_sched_pairs(&p->core, &p->insns[pb->first + pb->n - 1].in, &x->in))
			x->head_pairs = 1;
	}
	free(self);
}

/* ---- the CFG ------------------------------------------------------------------------------ */

static int dcpi_edge_add(struct dcpi_proc *p, size_t *cap, uint32_t from, uint32_t to)
{
	if (p->nedges == *cap) {
		size_t nc = *cap ? *cap * 2 : 16;
		struct dcpi_edge *e = realloc(p->edges, nc * sizeof(*e));
		if (!e)
			return -ENOMEM;
		p->edges = e;
		*cap = nc;
	}
	p->edges[p->nedges++] = (struct dcpi_edge){ .from = from, .to = to, .cls = DCPI_NONE,
	                                             .freq = NAN };
	return 0;
}

int dcpi_proc_build(const uint8_t *code, size_t len, uint64_t base,
		    const struct core_config *core, struct dcpi_proc *p)
{
	return dcpi_proc_build_image(code, len, base, core, NULL, p);
}

int dcpi_proc_build_image(const uint8_t *code, size_t len, uint64_t base,
			  const struct core_config *core, const struct cfg_image *img,
			  struct dcpi_proc *p)
{
	memset(p, 0, sizeof(*p));
	p->core = *core;
	p->base = base;
	p->limit = base + len;
	struct cfg g;
	int rc = cfg_build_image(code, len, base, img, &g);
	if (rc)
		return rc;
	if (!g.nblocks) {
		cfg_free(&g);
		return -EINVAL;
	}
	p->blocks = calloc(g.nblocks, sizeof(*p->blocks));
	p->insns = calloc(g.ninsns ? g.ninsns : 1, sizeof(*p->insns));
	if (!p->blocks || !p->insns) {
		rc = -ENOMEM;
		goto out;
	}
	p->nblocks = g.nblocks;
	size_t cap = 0;
	for (size_t bi = 0; bi < g.nblocks; bi++) {
		const struct cfg_block *cb = &g.blocks[bi];
		struct dcpi_block *b = &p->blocks[bi];
		b->first = (uint32_t)p->ninsns;
		b->cls = DCPI_NONE;
		b->freq = NAN;
		for (uint64_t a = cb->start; a < cb->end && p->ninsns < g.ninsns;) {
			struct dcpi_insn *x = &p->insns[p->ninsns];
			size_t off = a - base;
			uint32_t raw = code[off] | (uint32_t)code[off + 1] << 8;
			if (off + 4 <= len)
				raw |= (uint32_t)code[off + 2] << 16 | (uint32_t)code[off + 3] << 24;
			int n = isa_decode(raw, &x->in);
			if (n <= 0)
				break;
			x->addr = a;
			x->block = (uint32_t)bi;
			x->freq = x->cpi = NAN;
			x->culprit_load = DCPI_NONE;
			p->ninsns++;
			b->n++;
			a += (uint64_t)n;
		}
		if (b->n)
			dcpi_sched_block(p, b, cb->succ[0] == bi || cb->succ[1] == bi);
		/* successors: branch taken and fall-through, jump, fall-through; leaving the
		 * procedure (return, tail call, jump outside) goes to the exit */
		switch (cb->end_kind) {
		case CFG_END_BRANCH:
			for (int k = 0; k < 2 && !rc; k++)
				rc = dcpi_edge_add(p, &cap, (uint32_t)bi,
				                   cb->succ[k] == CFG_NONE ? DCPI_NONE : cb->succ[k]);
			break;
		case CFG_END_JUMP:
		case CFG_END_FALLTHROUGH:
			rc = dcpi_edge_add(p, &cap, (uint32_t)bi,
			                   cb->succ[0] == CFG_NONE ? DCPI_NONE : cb->succ[0]);
			break;
		case CFG_END_INDIRECT:
			/* a resolved jump: one edge per target, their flows sum to the block's
			 * (§6.1.4); a tail call leaves; an unresolved one leaves edges missing */
			if (cb->ind == CFG_IND_LEAVES)
				rc = dcpi_edge_add(p, &cap, (uint32_t)bi, DCPI_NONE);
			else if (cb->ind == CFG_IND_UNKNOWN || !cb->isucc_n)
				p->missing_edges = 1;
			for (uint32_t k = 0; k < cb->isucc_n && !rc && cb->ind != CFG_IND_LEAVES; k++)
				rc = dcpi_edge_add(p, &cap, (uint32_t)bi, g.isucc[cb->isucc_first + k]);
			break;
		default:
			rc = dcpi_edge_add(p, &cap, (uint32_t)bi, DCPI_NONE);
			break;
		}
		if (rc)
			goto out;
	}
	rc = dcpi_edge_add(p, &cap, DCPI_NONE, 0);  /* the procedure's entry */
	if (!rc)
		dcpi_sched_heads(p);
out:
	cfg_free(&g);
	if (rc)
		dcpi_proc_free(p);
	return rc;
}

uint32_t dcpi_proc_insn_at(const struct dcpi_proc *p, uint64_t addr)
{
	size_t lo = 0, hi = p->ninsns;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (p->insns[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < p->ninsns && p->insns[lo].addr == addr ? (uint32_t)lo : DCPI_NONE;
}

void dcpi_proc_free(struct dcpi_proc *p)
{
	free(p->insns);
	free(p->blocks);
	free(p->edges);
	free(p->classes);
	memset(p, 0, sizeof(*p));
}

const char *dcpi_conf_name(enum dcpi_conf c)
{
	static const char *const n[] = { "-", "low", "medium", "high" };
	return (unsigned)c < 4 ? n[c] : "?";
}

const char *dcpi_static_name(enum dcpi_static s)
{
	static const char *const n[] = { "none", "slotting", "dependency", "unit busy",
	                                 "ROB head" };
	return (unsigned)s < DCPI_STATIC_COUNT ? n[s] : "?";
}

char dcpi_static_letter(enum dcpi_static s)
{
	static const char l[] = " safh";
	return (unsigned)s < DCPI_STATIC_COUNT ? l[s] : '?';
}

const char *dcpi_cause_name(enum dcpi_cause c)
{
	static const char *const n[] = { "I-cache miss", "I-TLB miss", "D-cache miss",
	                                 "D-TLB miss", "store queue full", "branch mispredict",
	                                 "multiplier busy", "divider busy" };
	return (unsigned)c < DCPI_CAUSE_COUNT ? n[c] : "?";
}

char dcpi_cause_letter(enum dcpi_cause c)
{
	static const char l[] = "iIdDwpmv";
	return (unsigned)c < DCPI_CAUSE_COUNT ? l[c] : '?';
}
