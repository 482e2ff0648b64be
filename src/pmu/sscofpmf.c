/*
 * sscofpmf.c — sampling through a Sscofpmf counter overflow (see sscofpmf.h).
 *
 * The counter: cycles use the shared sampler (its sample cycle is the overflow); any other
 * event is counted on committed instructions (as a retirement-counted mhpmcounter: the
 * exact truth is counted the same way), with its own sampler over event numbers, so that
 * --random varies the period within each interval as the cycle samplers do. The overflow
 * of an event happens at the cycle the instruction met it (a branch when it resolved, a
 * memory access at its issue, an instruction at its commit for instret).
 *
 * The interrupt: the overflow sets the counter's OF bit and LCOFIP (mip bit 13); the pending
 * interrupt reaches the pipeline sscof_irq_cycles later. As in BOOM (exu/decode.scala,
 * DecodeUnit: io.interrupt makes the decoding uop an exception with the interrupt cause) and
 * Rocket (id_xcpt), the interrupt is attached to the next instruction decoded; the older
 * in-flight instructions drain and commit, that instruction reaches the ROB head and traps
 * instead of committing, and sepc is its pc. A wrong-path instruction that got it is
 * squashed and the still-pending interrupt goes to a later one. So the sample is the first
 * committed instruction decoded at or after the overflow plus the latency. An overflow while
 * LCOFIP is pending gives no second sample (counted as merged, and as an unresolved sample). Passive: the handler's own
 * instructions and the perturbation of the run are not modelled.
 */
#include "pmu/sscofpmf.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include "pmu/pmu_model.h"
#include "pmu/sampler.h"

struct sscofpmf_state {
	uint32_t event;               /* SSCOF_EV_* or PROBE_EV_* */
	uint32_t irq_cycles;          /* overflow to the interrupt reaching decode */
	uint32_t pending;             /* an LCOFI waits for its instruction */
	uint32_t always;              /* insn_demand of the event counters: 1 */
	uint64_t take_at;             /* pending: the first decode cycle that takes it */
	uint64_t ovf_pc;              /* pending: the overflowing instruction's pc (events) */
	uint64_t ovf_next;            /* pending: the pc it leads to (its target or fall-through) */
	uint64_t ovf_seq, ovf_cycle;  /* pending: its path_seq (events), the overflow cycle */
	uint64_t skid_insns, skid_cycles; /* sums over the samples taken */
	uint8_t cat;                  /* pending: the category of the sample */
	struct sampler ovf;           /* events: ovf.next = the number of the overflowing one */
	uint64_t count;               /* events counted */
	uint64_t overflows, merged, on_event_pc, on_event_next;
	struct pmu_profile exact;     /* events: every event per pc (divisor 1) */
};

static const struct {
	const char *name;
	uint32_t event;
} sscofpmf_events[] = {
	{ "cycles", SSCOFPMF_EV_CYCLES },
	{ "instret", SSCOFPMF_EV_INSTRET },
	{ "branch-misses", PROBE_EV_MISPREDICT },
	{ "l1d-misses", PROBE_EV_DCACHE_MISS },
	{ "cache-misses", PROBE_EV_LLC_MISS },
	{ "l1i-misses", PROBE_EV_ICACHE_MISS },
	{ "dtlb-misses", PROBE_EV_DTLB_MISS },
};
#define SSCOFPMF_NEVENTS (sizeof(sscofpmf_events) / sizeof(sscofpmf_events[0]))

int sscofpmf_event_parse(const char *name, uint32_t *event)
{
	for (size_t i = 0; i < SSCOFPMF_NEVENTS; i++)
		if (!strcmp(name, sscofpmf_events[i].name)) {
			*event = sscofpmf_events[i].event;
			return 0;
		}
	return -EINVAL;
}

const char *sscofpmf_event_name(uint32_t event)
{
	for (size_t i = 0; i < SSCOFPMF_NEVENTS; i++)
		if (sscofpmf_events[i].event == event)
			return sscofpmf_events[i].name;
	return "?";
}

const char *sscofpmf_event_names(void)
{
	return "cycles, instret, branch-misses, l1d-misses, cache-misses, l1i-misses, dtlb-misses";
}

static int sscofpmf_init(struct pmu_unit *u)
{
	struct sscofpmf_state *s = u->state;
	s->event = u->cfg->sscof_event;
	s->irq_cycles = u->cfg->sscof_irq_cycles;
	s->always = 1;
	u->insn_demand = s->event == SSCOFPMF_EV_CYCLES ? &s->pending : &s->always;
	uint64_t period = u->cfg->sscof_period ? u->cfg->sscof_period : u->period_cycles;
	sampler_init(&s->ovf, period, u->cfg->random, u->seed ^ 0x5c0f);
	return pmu_profile_init(&s->exact, 1);
}

/* The counter overflowed at `cycle`: LCOFIP is set, unless it already is (then the
 * overflow's sample is lost: counted unresolved). */
static void sscofpmf_overflow(struct pmu_unit *u, uint64_t cycle, uint64_t pc, uint64_t next,
			      enum pmu_cat c)
{
	struct sscofpmf_state *s = u->state;
	s->overflows++;
	if (s->pending) {
		s->merged++;
		u->unresolved++;
		return;
	}
	s->pending = 1;
	s->take_at = cycle + s->irq_cycles;
	s->ovf_pc = pc;
	s->ovf_next = next;
	s->ovf_cycle = cycle;
	s->cat = (uint8_t)c;
}

static void sscofpmf_on_sample(struct pmu_unit *u, const struct probe_cycle *v, uint64_t cycle)
{
	struct sscofpmf_state *s = u->state;
	if (s->event != SSCOFPMF_EV_CYCLES)
		return;
	const struct isa_insn *in = v->n_valid ? v->head[0]->insn : NULL;
	sscofpmf_overflow(u, cycle, UINT64_MAX, UINT64_MAX, pmu_view_cat(v, in));
}

/* The cycle instruction r met the event. */
static uint64_t sscofpmf_event_cycle(uint32_t event, const struct probe_insn *r)
{
	uint64_t t = event == SSCOFPMF_EV_INSTRET ? r->t_end
	             : event == PROBE_EV_MISPREDICT ? r->t_complete
	             : event == PROBE_EV_ICACHE_MISS ? r->t_fetch : r->t_issue;
	return t == PROBE_NEVER ? r->t_end : t;
}

/* The pending interrupt is taken on committed instruction r if r was decoded after the
 * interrupt reached decode. */
static void sscofpmf_take(struct pmu_unit *u, const struct probe_insn *r)
{
	struct sscofpmf_state *s = u->state;
	if (s->pending && r->t_decode >= s->take_at) {
		s->pending = 0;
		if (r->pc == s->ovf_pc)
			s->on_event_pc++;
		if (r->pc == s->ovf_next)
			s->on_event_next++;
		s->skid_insns += r->path_seq - s->ovf_seq;
		s->skid_cycles += r->t_end - s->ovf_cycle;
		pmu_blame(u, r->pc, r->ctx, r->insn, (enum pmu_cat)s->cat);
	}
}

static void sscofpmf_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	struct sscofpmf_state *s = u->state;
	if (!r->committed)
		return;
	/* an interrupt pending before r is taken on r (r re-executes after the handler) */
	sscofpmf_take(u, r);
	if (s->event == SSCOFPMF_EV_CYCLES ||
	    (s->event != SSCOFPMF_EV_INSTRET && !(r->events & s->event)))
		return;
	pmu_profile_add(&s->exact, r->pc, r->insn, PMU_CAT_EXECUTE, 1);
	if (s->count++ == s->ovf.next) {
		sampler_advance(&s->ovf);
		uint64_t next = r->taken ? r->target : r->pc + (r->insn ? r->insn->len : 4);
		if (!s->pending)
			s->ovf_seq = r->path_seq;
		sscofpmf_overflow(u, sscofpmf_event_cycle(s->event, r), r->pc, next, PMU_CAT_EXECUTE);
		/* an event met before decode (an I-cache miss at fetch) interrupts r itself */
		sscofpmf_take(u, r);
	}
}

static void sscofpmf_finish(struct pmu_unit *u)
{
	struct sscofpmf_state *s = u->state;
	u->unresolved += s->pending;
	s->pending = 0;
}

static void sscofpmf_destroy(struct pmu_unit *u)
{
	struct sscofpmf_state *s = u->state;
	pmu_profile_free(&s->exact);
}

int sscofpmf_unit_attribution(const struct pmu_unit *u, struct sscofpmf_attribution *out)
{
	if (u->model != &pmu_model_sscofpmf)
		return -ENOENT;
	const struct sscofpmf_state *s = u->state;
	*out = (struct sscofpmf_attribution){
		.event = s->event,
		.period = s->event == SSCOFPMF_EV_CYCLES ? u->period_cycles : s->ovf.period,
		.events = s->count,
		.overflows = s->overflows,
		.merged = s->merged,
		.on_event_pc = s->on_event_pc,
		.on_event_next = s->on_event_next,
		.skid_insns = u->samples && s->event != SSCOFPMF_EV_CYCLES
		              ? (double)s->skid_insns / (double)u->samples : -1,
		.skid_cycles = u->samples ? (double)s->skid_cycles / (double)u->samples : -1,
		.event_error = -1,
	};
	if (s->event == SSCOFPMF_EV_CYCLES || !s->exact.total || !u->prof.total)
		return 0;
	double err = 0, st = (double)u->prof.total, et = (double)s->exact.total;
	for (size_t i = 0; i < u->prof.n; i++) {
		const struct pmu_entry *x = pmu_profile_find(&s->exact, u->prof.e[i].pc);
		err += fabs((double)u->prof.e[i].total / st - (x ? (double)x->total / et : 0));
	}
	for (size_t i = 0; i < s->exact.n; i++)
		if (!pmu_profile_find(&u->prof, s->exact.e[i].pc))
			err += (double)s->exact.e[i].total / et;
	out->event_error = err / 2;
	return 0;
}

const struct pmu_model pmu_model_sscofpmf = {
	.name = "sscofpmf",
	.summary = "RISC-V Sscofpmf counter-overflow interrupt (LCOFI, perf record -e EVENT, "
	           "--sscof-event): the interrupted pc, taken at decode after sscof_irq_cycles",
	.state_size = sizeof(struct sscofpmf_state),
	.init = sscofpmf_init,
	.on_sample = sscofpmf_on_sample,
	.on_insn = sscofpmf_on_insn,
	.finish = sscofpmf_finish,
	.destroy = sscofpmf_destroy,
};
