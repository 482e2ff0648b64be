/*
 * dcpi_culprit.c — why instructions stalled (002_767b26a0b68559db.txt §6.3). Static stalls
 * come from the block schedule (dcpi_sched.c: slotting, dependency, unit busy, ROB head).
 * The rest of an instruction's cycles at the head of issue (cpi - M_i) is a dynamic stall,
 * explained "guilty until proven innocent": every candidate stays unless ruled out.
 *  - I-cache / I-TLB miss: ruled out when every instruction that can run just before it lies
 *    in the same cache line (page): inside a block, its predecessor; at a block head, the last
 *    instruction of each predecessor block whose edge runs at least a tenth as often; the
 *    procedure's entry and the return point of a call can follow anything;
 *  - D-cache / D-TLB miss: ruled out unless an operand comes from a load, traced back through
 *    its block and one level of predecessors (the load is named); a load, store or AMO is
 *    also a D-TLB candidate for its own walk (the core keeps it at the head of issue until
 *    the walk filled the TLB);
 *  - store queue full: ruled out unless it is a store, AMO or fence;
 *  - branch mispredict: ruled out unless it starts a block reached from a conditional branch
 *    or indirect jump, is the procedure's entry or the return point of a call;
 *  - multiplier / divider busy: ruled out unless it multiplies / divides and the procedure
 *    has another such instruction (or it lies in a loop).
 * When the run counted events per instruction (struct dcpi_events), they bound the candidates
 * as DCPI's event samples do: an I-cache candidate by the instruction's I-cache misses, a
 * D-cache (D-TLB) candidate by the misses of the load it names, the own-walk D-TLB candidate
 * by the instruction's D-TLB misses, a mispredict candidate by the mispredictions of the
 * branches and jumps that end its predecessor blocks; with no event, or too few to explain
 * half a cycle per execution even at the event's most expensive (a miss served by memory; a
 * walk of three levels each from memory; a mispredict resolved behind a memory miss), it is
 * innocent. The entry and a call's return point can follow any mispredict: not bounded.
 * An instruction with no candidate left has an unexplained stall. dcpi_summary_add adds it
 * all up per procedure as Figure 4 does: a cause's upper bound is every dynamic stall it is a
 * candidate for, its lower bound the stalls it is the only candidate for (a TLB miss always
 * comes with its cache's candidate, so a D-cache + D-TLB pair counts for the D-cache's lower
 * bound, and I-cache + I-TLB for the I-cache's).
 */
#include "analysis/dcpi_summary.h"

#include <math.h>
#include <string.h>

#define DCPI_STALL_MIN_CYCLES 0.5   /* a smaller dynamic stall is sampling noise */
#define DCPI_PAGE_BYTES 4096u

static int dcpi_same_unit(uint64_t a, uint64_t b, uint64_t unit)
{
	return a / unit == b / unit;
}

/* Can instruction i follow something in another line (unit bytes)? */
static int dcpi_fetch_possible(const struct dcpi_proc *p, uint32_t i, uint64_t unit)
{
	const struct dcpi_insn *x = &p->insns[i];
	if (!dcpi_same_unit(x->addr, x->addr + x->in.len - 1, unit))
		return 1;  /* it straddles two lines */
	const struct dcpi_block *b = &p->blocks[x->block];
	if (i > b->first) {
		const struct dcpi_insn *prev = &p->insns[i - 1];
		if (prev->in.cls == ISA_CLASS_JUMP && (prev->in.flags & ISA_F_CALL))
			return 1;  /* the return comes back from the callee */
		return !dcpi_same_unit(prev->addr, x->addr, unit);
	}
	for (size_t e = 0; e < p->nedges; e++) {
		const struct dcpi_edge *ed = &p->edges[e];
		if (ed->to != x->block)
			continue;
		if (ed->from == DCPI_NONE)
			return 1;  /* the procedure's entry: any caller */
		if (!isnan(ed->freq) && !isnan(x->freq) && ed->freq < x->freq / 10)
			continue;  /* too rare to explain the stall */
		const struct dcpi_block *pb = &p->blocks[ed->from];
		if (!pb->n || !dcpi_same_unit(p->insns[pb->first + pb->n - 1].addr, x->addr, unit))
			return 1;
	}
	return 0;
}

/* The load whose value instruction i reads (its block first, then one level of
 * predecessors), or DCPI_NONE. */
static uint32_t dcpi_feeding_load(const struct dcpi_proc *p, uint32_t i)
{
	const struct dcpi_insn *x = &p->insns[i];
	uint8_t src[3] = { x->in.rs1, x->in.rs2, x->in.rs3 };
	if (x->in.cls == ISA_CLASS_STORE)
		src[1] = ISA_REG_NONE;  /* a store waits for its address at issue, not its data */
	const struct dcpi_block *b = &p->blocks[x->block];
	uint32_t found = DCPI_NONE;
	for (int k = 0; k < 3 && found == DCPI_NONE; k++) {
		uint8_t r = src[k];
		if (r == ISA_REG_NONE || r == 0)
			continue;
		int written = 0;
		for (uint32_t j = i; j-- > b->first;) {
			const struct isa_insn *w = &p->insns[j].in;
			if (w->rd == r && w->cls != ISA_CLASS_STORE) {
				written = 1;
				if (w->cls == ISA_CLASS_LOAD || w->cls == ISA_CLASS_AMO)
					found = j;
				break;
			}
		}
		if (written)
			continue;
		for (size_t e = 0; e < p->nedges && found == DCPI_NONE; e++) {
			const struct dcpi_edge *ed = &p->edges[e];
			if (ed->to != x->block || ed->from == DCPI_NONE)
				continue;
			const struct dcpi_block *pb = &p->blocks[ed->from];
			for (uint32_t j = pb->first + pb->n; j-- > pb->first;) {
				const struct isa_insn *w = &p->insns[j].in;
				if (w->rd == r && w->cls != ISA_CLASS_STORE) {
					if (w->cls == ISA_CLASS_LOAD || w->cls == ISA_CLASS_AMO)
						found = j;
					break;
				}
			}
		}
	}
	return found;
}

/* Can instruction i start after a mispredict? 0 no; 1 yes, and *events (when mp is not NULL)
 * sums the mispredictions of the transfers that can lead to it, or is INFINITY when any can
 * (the procedure's entry, a call's return point). */
static int dcpi_mispredict_possible(const struct dcpi_proc *p, uint32_t i, const double *mp,
				    double *events)
{
	const struct dcpi_insn *x = &p->insns[i];
	const struct dcpi_block *b = &p->blocks[x->block];
	*events = INFINITY;
	if (i > b->first) {
		const struct dcpi_insn *prev = &p->insns[i - 1];
		return prev->in.cls == ISA_CLASS_JUMP && (prev->in.flags & ISA_F_CALL);
	}
	int possible = 0;
	double sum = 0;
	for (size_t e = 0; e < p->nedges; e++) {
		const struct dcpi_edge *ed = &p->edges[e];
		if (ed->to != x->block)
			continue;
		if (ed->from == DCPI_NONE)
			return 1;
		const struct dcpi_block *pb = &p->blocks[ed->from];
		if (!pb->n)
			continue;
		uint32_t l = pb->first + pb->n - 1;
		const struct isa_insn *last = &p->insns[l].in;
		if (last->cls == ISA_CLASS_BRANCH || (last->flags & ISA_F_INDIRECT)) {
			possible = 1;
			sum += mp ? mp[l] : 0;
		}
	}
	if (mp)
		*events = sum;
	return possible;
}

/* Does the procedure hold another instruction of these classes, or is i in a loop? */
static int dcpi_unit_shared(const struct dcpi_proc *p, uint32_t i, int div)
{
	for (size_t k = 0; k < p->ninsns; k++) {
		uint8_t c = p->insns[k].in.cls;
		int match = div ? c == ISA_CLASS_DIV || c == ISA_CLASS_FP_DIVSQRT : c == ISA_CLASS_MUL;
		if (k != i && match)
			return 1;
	}
	/* in a loop: its block is the target of an edge from itself or a later block */
	for (size_t e = 0; e < p->nedges; e++)
		if (p->edges[e].to == p->insns[i].block && p->edges[e].from != DCPI_NONE &&
		    p->edges[e].from >= p->insns[i].block)
			return 1;
	return 0;
}

/* Cycles of an I-cache miss served all the way from memory (the pessimistic bound of §6.3). */
static double dcpi_miss_max_cycles(const struct core_config *g)
{
	double dram_ns = g->dram_ctrl_ns + g->dram_trp_ns + g->dram_trcd_ns + g->dram_tcas_ns;
	return g->l2_cycles + g->llc_cycles + dram_ns * g->freq_mhz / 1000.0;
}

/* Do `events` explain at least DCPI_STALL_MIN_CYCLES per execution of x at `cost` cycles
 * each? (No counts: nothing is ruled out.) */
static int dcpi_events_allow(const double *counts, double events, double cost,
			     const struct dcpi_insn *x, double period_cycles)
{
	return !counts || (events > 0 && events * cost / (x->freq * period_cycles) >=
	                                 DCPI_STALL_MIN_CYCLES);
}

void dcpi_proc_culprits(struct dcpi_proc *p, const struct dcpi_events *ev, double period_cycles)
{
	static const struct dcpi_events none;
	if (!ev)
		ev = &none;
	const double *im = ev->count[DCPI_EV_IMISS], *dm = ev->count[DCPI_EV_DMISS],
	             *dt = ev->count[DCPI_EV_DTLB], *mp = ev->count[DCPI_EV_MISPREDICT];
	uint64_t line = p->core.line_bytes ? p->core.line_bytes : 64;
	double miss_cycles = dcpi_miss_max_cycles(&p->core);
	double walk_cycles = p->core.l2tlb_cycles + 3 * miss_cycles;
	for (uint32_t i = 0; i < p->ninsns; i++) {
		struct dcpi_insn *x = &p->insns[i];
		x->culprits = 0;
		x->culprit_load = DCPI_NONE;
		if (!(x->dyn_cycles >= DCPI_STALL_MIN_CYCLES))
			continue;
		uint32_t c = 0;
		if (dcpi_events_allow(im, im ? im[i] : 0, miss_cycles, x, period_cycles) &&
		    dcpi_fetch_possible(p, i, line))
			c |= 1u << DCPI_CAUSE_ICACHE;
		if (dcpi_fetch_possible(p, i, DCPI_PAGE_BYTES))
			c |= 1u << DCPI_CAUSE_ITLB;
		uint8_t cls = x->in.cls;
		int mem = cls == ISA_CLASS_LOAD || cls == ISA_CLASS_STORE || cls == ISA_CLASS_AMO;
		if (mem && dcpi_events_allow(dt, dt ? dt[i] : 0, walk_cycles, x, period_cycles)) {
			c |= 1u << DCPI_CAUSE_DTLB;  /* its own walk */
			x->culprit_load = i;
		}
		uint32_t ld = dcpi_feeding_load(p, i);
		if (ld != DCPI_NONE) {
			int d = dcpi_events_allow(dm, dm ? dm[ld] : 0, miss_cycles, x, period_cycles);
			int t = dcpi_events_allow(dt, dt ? dt[ld] : 0, walk_cycles, x, period_cycles);
			if (d)
				c |= 1u << DCPI_CAUSE_DCACHE;
			if (t)
				c |= 1u << DCPI_CAUSE_DTLB;
			if (d || t)
				x->culprit_load = ld;
		}
		if (cls == ISA_CLASS_STORE || cls == ISA_CLASS_AMO || cls == ISA_CLASS_FENCE)
			c |= 1u << DCPI_CAUSE_WBUF;
		double mpe;
		if (dcpi_mispredict_possible(p, i, mp, &mpe) &&
		    (isinf(mpe) || dcpi_events_allow(mp, mpe, miss_cycles, x, period_cycles)))
			c |= 1u << DCPI_CAUSE_BRANCH;
		if (cls == ISA_CLASS_MUL && dcpi_unit_shared(p, i, 0))
			c |= 1u << DCPI_CAUSE_MUL;
		if ((cls == ISA_CLASS_DIV || cls == ISA_CLASS_FP_DIVSQRT) && dcpi_unit_shared(p, i, 1))
			c |= 1u << DCPI_CAUSE_DIV;
		x->culprits = c;
	}
}

void dcpi_culprit_letters(uint32_t culprits, char *buf)
{
	size_t n = 0;
	for (int c = 0; c < DCPI_CAUSE_COUNT; c++)
		if (culprits & (1u << c))
			buf[n++] = dcpi_cause_letter((enum dcpi_cause)c);
	buf[n] = 0;
}

/* ---- Figure 4: where the cycles went ------------------------------------------------------- */

void dcpi_summary_add(struct dcpi_summary *s, const struct dcpi_proc *p)
{
	for (size_t i = 0; i < p->ninsns; i++) {
		const struct dcpi_insn *x = &p->insns[i];
		s->samples += x->samples;
		s->insns_executed += isnan(x->freq) ? 0 : x->freq;
		if (!(x->freq > 0)) {
			s->unestimated += x->samples;
			continue;
		}
		double f = x->freq;
		if (x->static_kind == DCPI_STATIC_SLOT) {
			/* it lost its pairing: the whole issue cycle is slotting */
			s->static_stall[DCPI_STATIC_SLOT] += f * x->m_cycles;
		} else if (x->m_cycles) {
			s->execution += f;
			if (x->static_kind)
				s->static_stall[x->static_kind] += f * (x->m_cycles - 1);
			else
				s->execution += f * (x->m_cycles - 1);
		}
		s->best_case += f * x->m_cycles;
		double dyn = f * x->dyn_cycles;
		if (x->dyn_cycles < DCPI_STALL_MIN_CYCLES) {
			s->noise += dyn;
		} else if (!x->culprits) {
			s->unexplained_stall += dyn;
		} else {
			int n = __builtin_popcount(x->culprits);
			for (int c = 0; c < DCPI_CAUSE_COUNT; c++)
				if (x->culprits & (1u << c)) {
					s->cause_hi[c] += dyn;
					if (n == 1)
						s->cause_lo[c] += dyn;
					/* the I-TLB comes with the I-cache, the D-TLB with the D-cache:
					 * count a pair as one for the lower bound */
					else if (n == 2 && (x->culprits == (1u << DCPI_CAUSE_DCACHE |
					                                    1u << DCPI_CAUSE_DTLB) ||
					                    x->culprits == (1u << DCPI_CAUSE_ICACHE |
					                                    1u << DCPI_CAUSE_ITLB)) &&
					         (c == DCPI_CAUSE_DCACHE || c == DCPI_CAUSE_ICACHE))
						s->cause_lo[c] += dyn;
				}
			s->dynamic += dyn;
		}
		s->unexplained_gain += f * x->gain_cycles;
	}
}
