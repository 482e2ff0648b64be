/*
 * dcpi_eval.c — DCPI's estimates against the exact counts and true stall causes (see
 * dcpi_eval.h). An error is (estimate - truth) / truth; an instruction that never committed
 * but has samples (the wrong path after a mispredict) counts as over by more than 45%.
 */
#include "analysis/correlation.h"
#include "analysis/dcpi_eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static size_t dcpi_eval_bucket(double err)
{
	double k = floor(err * 20.0) + DCPI_EVAL_NBUCKET / 2;
	if (k < 0)
		return 0;
	if (k >= DCPI_EVAL_NBUCKET)
		return DCPI_EVAL_NBUCKET - 1;
	return (size_t)k;
}

const char *dcpi_eval_bucket_name(size_t k)
{
	static const char *const n[DCPI_EVAL_NBUCKET] = {
		"<-45%", "-45%", "-40%", "-35%", "-30%", "-25%", "-20%", "-15%", "-10%", "-5%",
		"+0%", "+5%", "+10%", "+15%", "+20%", "+25%", "+30%", "+35%", "+40%", ">=+45%" };
	return k < DCPI_EVAL_NBUCKET ? n[k] : "?";
}

static void dcpi_eval_within(double *within, double err, double w)
{
	static const double lim[3] = { 0.05, 0.10, 0.15 };
	for (int k = 0; k < 3; k++)
		if (fabs(err) <= lim[k])
			within[k] += w;
}

/* The cause category (enum pmu_cat) a culprit explains. */
static int dcpi_eval_cat_of(enum dcpi_cause c)
{
	switch (c) {
	case DCPI_CAUSE_ICACHE: case DCPI_CAUSE_ITLB: return PMU_CAT_FRONTEND;
	case DCPI_CAUSE_DCACHE: case DCPI_CAUSE_DTLB: return PMU_CAT_STALL_LOAD;
	case DCPI_CAUSE_WBUF: return PMU_CAT_STALL_STORE;
	case DCPI_CAUSE_BRANCH: return PMU_CAT_FLUSH_MISPREDICT;
	default: return PMU_CAT_STALL_ALU;
	}
}

/* The category a static stall of x is sampled in. */
static int dcpi_eval_static_cat(const struct dcpi_proc *p, const struct dcpi_insn *x)
{
	if (x->static_kind == DCPI_STATIC_DEP && x->static_by != DCPI_NONE) {
		uint8_t c = p->insns[x->static_by].in.cls;
		if (c == ISA_CLASS_LOAD || c == ISA_CLASS_AMO)
			return PMU_CAT_STALL_LOAD;
	}
	return x->in.cls == ISA_CLASS_STORE ? PMU_CAT_STALL_STORE : PMU_CAT_STALL_ALU;
}

/* The exact executions of edge k (not the entry edge); NAN when unknown. */
static double dcpi_eval_edge_truth(const struct dcpi_func *f, size_t k)
{
	const struct dcpi_proc *p = &f->proc;
	const struct dcpi_edge *ed = &p->edges[k];
	const struct dcpi_block *b = &p->blocks[ed->from];
	if (!b->n)
		return NAN;
	uint32_t last = b->first + b->n - 1;
	const struct isa_insn *in = &p->insns[last].in;
	if (in->cls == ISA_CLASS_JUMP && (in->flags & ISA_F_INDIRECT) &&
	    !(in->flags & (ISA_F_CALL | ISA_F_RET)) && ed->to != DCPI_NONE) {
		/* an edge of a resolved indirect jump: known when it is its target's only way in */
		size_t ins = 0;
		for (size_t j = 0; j < p->nedges; j++)
			ins += p->edges[j].to == ed->to;
		const struct dcpi_block *t = &p->blocks[ed->to];
		return ins == 1 && t->n ? f->count[t->first] : NAN;
	}
	if (p->insns[last].in.cls != ISA_CLASS_BRANCH)
		return ed->to == DCPI_NONE && p->insns[last].in.cls != ISA_CLASS_JUMP &&
		       !(p->insns[last].in.flags & ISA_F_RET) && k > 0 &&
		       p->edges[k - 1].from == ed->from ? 0 : f->count[last];
	/* a branch's edges: taken first, then fall-through (dcpi_sched.c); edges appended for
	 * infinite loops are never executed */
	if (k + 1 < p->nedges && p->edges[k + 1].from == ed->from)
		return f->taken[last];
	if (k > 0 && p->edges[k - 1].from == ed->from)
		return f->count[last] - f->taken[last];
	return 0;
}

static void dcpi_eval_edges(struct dcpi_eval *e, const struct dcpi_run *r,
			    const struct dcpi_func *f)
{
	const struct dcpi_proc *p = &f->proc;
	for (size_t k = 0; k < p->nedges; k++) {
		const struct dcpi_edge *ed = &p->edges[k];
		double truth;
		if (ed->from == DCPI_NONE) {
			/* the entry: executions of the first block that no inner edge explains */
			truth = p->ninsns && p->blocks[0].n ? f->count[p->blocks[0].first] : 0;
			for (size_t j = 0; j < p->nedges; j++)
				if (j != k && p->edges[j].to == 0 && p->edges[j].from != DCPI_NONE) {
					double t = dcpi_eval_edge_truth(f, j);
					truth -= isnan(t) ? 0 : t;
				}
		} else {
			truth = dcpi_eval_edge_truth(f, k);
		}
		if (!(truth > 0))
			continue;
		e->edge_execs += truth;
		if (isnan(ed->freq)) {
			e->edge_unestimated += truth;
			continue;
		}
		double err = (ed->freq * r->period - truth) / truth;
		e->edge_hist[dcpi_eval_bucket(err)] += truth;
		dcpi_eval_within(e->edge_within, err, truth);
	}
}

void dcpi_eval_add(struct dcpi_eval *e, const struct dcpi_run *r)
{
	for (size_t fi = 0; fi < r->n; fi++) {
		const struct dcpi_func *f = &r->f[fi];
		const struct dcpi_proc *p = &f->proc;
		if (!f->count)
			continue;
		double fe = 0, lo = 0, hi = 0;
		for (size_t i = 0; i < p->ninsns; i++) {
			const struct dcpi_insn *x = &p->insns[i];
			double s = x->samples, truth = f->count[i];
			if (s > 0) {
				e->samples += s;
				if (isnan(x->freq)) {
					e->unestimated += s;
				} else {
					double err = truth > 0 ? (x->freq * r->period - truth) / truth : INFINITY;
					e->hist[dcpi_eval_bucket(err)] += s;
					dcpi_eval_within(e->within, err, s);
					e->conf_samples[x->conf] += s;
					if (fabs(err) <= 0.05)
						e->conf_within5[x->conf] += s;
					if (fabs(err) <= 0.15) {
						e->conf_within15[x->conf] += s;
					} else {
						e->off15 += s;
						if (x->conf <= DCPI_CONF_LOW)
							e->off15_low += s;
					}
				}
			}
			if (x->culprits & (1u << DCPI_CAUSE_ICACHE | 1u << DCPI_CAUSE_ITLB)) {
				double dyn = x->freq * x->dyn_cycles;
				hi += dyn;
				if (!(x->culprits & ~(1u << DCPI_CAUSE_ICACHE | 1u << DCPI_CAUSE_ITLB)))
					lo += dyn;
			}
			if (!f->cause || !(truth > 0))
				continue;
			if (f->ev[DCPI_EV_IMISS])
				fe += f->ev[DCPI_EV_IMISS][i];
			/* the true dynamic stall: the cause samples beyond the static schedule's */
			double d[PMU_CAT_N];
			memcpy(d, f->cause[i], sizeof(d));
			if (x->m_cycles > 1) {
				int sc = dcpi_eval_static_cat(p, x);
				d[sc] -= truth / r->period * (x->m_cycles - 1);
				if (d[sc] < 0)
					d[sc] = 0;
			}
			uint32_t cats = 0;
			double all = 0;
			for (int k = 0; k < DCPI_CAUSE_COUNT; k++)
				if (x->culprits & (1u << k))
					cats |= 1u << dcpi_eval_cat_of(k);
			for (int c = 0; c < PMU_CAT_N; c++)
				if (c != PMU_CAT_EXECUTE && d[c] > 0)
					all += d[c];
			for (int c = 0; c < PMU_CAT_N; c++)
				if (cats & (1u << c)) {
					e->stall_blamed[c] += all;
					e->stall_blamed_right[c] += d[c] > 0 ? d[c] : 0;
				}
			for (int c = 0; c < PMU_CAT_N; c++) {
				if (c == PMU_CAT_EXECUTE || !(d[c] > 0))
					continue;
				e->stall_true[c] += d[c];
				for (int k = 0; k < DCPI_CAUSE_COUNT; k++)
					if ((x->culprits & (1u << k)) && dcpi_eval_cat_of(k) == c) {
						e->stall_named[c] += d[c];
						break;
					}
			}
		}
		if (r->has_taken)
			dcpi_eval_edges(e, r, f);
		if (f->ev[DCPI_EV_IMISS] && e->nprocs < DCPI_EVAL_MAX_PROCS) {
			e->fe_true[e->nprocs] = fe;
			e->ic_lo[e->nprocs] = lo * r->period;
			e->ic_hi[e->nprocs] = hi * r->period;
			e->nprocs++;
		}
	}
}

/* Pearson's r of x and y, or of x and the midpoint of y and y2 (Figure 10's three bars). */
static double dcpi_eval_corr(const double *x, const double *y, const double *y2, size_t n)
{
	if (!y2)
		return correlation_pearson(x, y, n);
	double *mid = calloc(n ? n : 1, sizeof(*mid));
	if (!mid)
		return NAN;
	for (size_t i = 0; i < n; i++)
		mid[i] = (y[i] + y2[i]) / 2;
	double r = correlation_pearson(x, mid, n);
	free(mid);
	return r;
}

void dcpi_eval_finish(struct dcpi_eval *e)
{
	e->corr_lo = dcpi_eval_corr(e->fe_true, e->ic_lo, NULL, e->nprocs);
	e->corr_hi = dcpi_eval_corr(e->fe_true, e->ic_hi, NULL, e->nprocs);
	e->corr_mid = dcpi_eval_corr(e->fe_true, e->ic_lo, e->ic_hi, e->nprocs);
}
