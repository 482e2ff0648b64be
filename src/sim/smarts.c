/*
 * smarts.c — SMARTS systematic sampling (see smarts.h). Each period of k*U instructions is
 * functional warming for k*U - W - U instructions, then one detailed window of W + U; a
 * probe consumer counts the window's commits and takes the cycles between the commit of its
 * W-th and (W+U)-th instruction as the unit's. The pipeline drains after each window: the
 * drain is not measured, and W of detailed warming refills it before the unit.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "analysis/strat_ci.h"
#include "sim/smarts.h"

struct smarts_window {
	uint64_t committed;      /* in this window */
	uint64_t warm, unit;
	uint64_t t_warm, t_end;  /* commit cycles of the W-th and (W+U)-th instruction */
	int complete;
	const struct smarts_target *t;
	uint64_t at_warm[CORE_STACK_N];  /* the cycle stack at the W-th commit */
	uint64_t *stack;                 /* the units' stacks summed (NULL: the target has none) */
};

static void smarts_stack_mark(struct smarts_window *w)
{
	if (w->stack)
		memcpy(w->at_warm, w->t->stack(w->t->ctx), sizeof(w->at_warm));
}

static void smarts_on_insn(void *ctx, const struct probe_insn *rec)
{
	struct smarts_window *w = ctx;
	if (!rec->committed)
		return;
	w->committed++;
	if (w->committed == w->warm) {
		w->t_warm = rec->t_end;
		smarts_stack_mark(w);
	}
	if (w->committed == w->warm + w->unit) {
		w->t_end = rec->t_end;
		w->complete = 1;
		if (w->stack) {
			const uint64_t *now = w->t->stack(w->t->ctx);
			for (unsigned s = 0; s < CORE_STACK_N; s++)
				w->stack[s] += now[s] - w->at_warm[s];
		}
	}
}

int smarts_sample(const struct smarts_target *t, const struct smarts_opts *o,
		  struct smarts_result *r)
{
	memset(r, 0, sizeof(*r));
	if (!o->unit || !o->k || o->warm + o->unit > o->k * o->unit)
		return -EINVAL;
	struct smarts_window w = { .warm = o->warm, .unit = o->unit, .t = t,
	                           .stack = t->stack ? r->stack : NULL };
	r->has_stack = t->stack != NULL;
	struct probe_consumer pc = { .ctx = &w, .on_insn = smarts_on_insn };
	int rc = t->attach(t->ctx, &pc);
	if (rc)
		return rc;
	uint64_t gap = o->k * o->unit - o->warm - o->unit;
	double sum = 0, sum2 = 0;
	int first = 1;
	enum emu_status st = EMU_RUNNING;
	for (;;) {
		/* functional warming up to the next window, and the window, within max_insns */
		uint64_t g = gap, win = o->warm + o->unit, now = t->instret(t->ctx);
		if (o->max_insns && now >= o->max_insns) {
			st = EMU_LIMIT;
			break;
		}
		if (o->max_insns && g > o->max_insns - now)
			g = o->max_insns - now;
		st = t->warm(t->ctx, g);
		if (st != EMU_RUNNING)
			break;
		now = t->instret(t->ctx);
		if (o->max_insns && now >= o->max_insns) {
			st = EMU_LIMIT;
			break;
		}
		if (o->max_insns && win > o->max_insns - now)
			win = o->max_insns - now;
		/* the detailed window */
		w.committed = 0;
		w.complete = 0;
		/* W = 0: the unit starts at the window's first commit */
		w.t_warm = t->begin(t->ctx, win, first);
		if (!w.warm)
			smarts_stack_mark(&w);
		rc = t->run(t->ctx, &st);
		first = 0;
		if (rc)
			return rc;
		r->detailed += w.committed;
		if (w.complete) {
			double cpi = (double)(w.t_end - w.t_warm) / (double)o->unit;
			sum += cpi;
			sum2 += cpi * cpi;
			r->n++;
		}
		if (st != EMU_RUNNING)
			break;
	}
	r->status = st;
	r->instructions = t->instret(t->ctx);
	if (r->n) {
		double n = (double)r->n;
		r->cpi = sum / n;
		double var = r->n > 1 ? (sum2 - n * r->cpi * r->cpi) / (n - 1) : 0;
		r->sd = var > 0 ? sqrt(var) : 0;
		/* Student's t: a short run's few units get a wider interval than 1.96 gives */
		r->ci95 = strat_ci_t975(n - 1) * r->sd / sqrt(n);
		r->ci997 = 3.0 * r->sd / sqrt(n);
		double target = o->target > 0 ? o->target : 0.03;
		double v = r->cpi > 0 ? r->sd / r->cpi : 0;
		r->n_needed = (uint64_t)ceil(pow(3.0 * v / target, 2));
		uint64_t units = r->instructions / o->unit;
		r->k_suggested = r->n_needed ? units / r->n_needed : 0;
	}
	return 0;
}

/* ---- one core reading the emulator ------------------------------------------------------- */

struct smarts_one {
	struct emu *e;
	struct core *c;
	struct source_emu *se;
};

static enum emu_status smarts_one_warm(void *ctx, uint64_t n)
{
	struct smarts_one *m = ctx;
	enum emu_status st = core_warm_steps(m->c, m->e, n, n);
	return core_warm_trace_error(m->c) ? EMU_FAULT : st;
}

static uint64_t smarts_one_begin(void *ctx, uint64_t n, int first)
{
	struct smarts_one *m = ctx;
	m->se->max_insns = m->se->produced + n;
	m->se->status = EMU_RUNNING;
	if (first)
		core_warm_done(m->c);  /* the watchdog counts from here */
	else
		core_resume(m->c);
	return core_cycle(m->c);
}

static int smarts_one_run(void *ctx, enum emu_status *st)
{
	struct smarts_one *m = ctx;
	int rc = core_run(m->c, NULL);
	*st = m->se->status == EMU_LIMIT ? EMU_RUNNING : m->se->status;
	return rc;
}

static uint64_t smarts_one_instret(void *ctx)
{
	struct smarts_one *m = ctx;
	return emu_instret(m->e);
}

static int smarts_one_attach(void *ctx, struct probe_consumer *pc)
{
	struct smarts_one *m = ctx;
	return core_attach(m->c, pc);
}

static const uint64_t *smarts_one_stack(void *ctx)
{
	struct smarts_one *m = ctx;
	return core_stats(m->c)->stack;
}

int smarts_run(struct emu *e, struct core *c, struct source_emu *se, const struct smarts_opts *o,
               struct smarts_result *r)
{
	struct smarts_one m = { e, c, se };
	struct smarts_target t = {
		.ctx = &m, .warm = smarts_one_warm, .begin = smarts_one_begin,
		.run = smarts_one_run, .instret = smarts_one_instret,
		.attach = smarts_one_attach, .stack = smarts_one_stack,
	};
	return smarts_sample(&t, o, r);
}
