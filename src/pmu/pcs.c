/*
 * pcs.c — performance-counter sampling with skid (see pcs.h). An event is counted when the
 * instruction meets it (a memory access's issue, a branch's resolution); at the period-th
 * the counter overflows and interrupts; as for the `software` profiler the in-flight
 * instructions drain and commit, and the sample goes to the first instruction fetched at or
 * after the interrupt cycle (the overflow plus a variable delivery latency) that commits. Events of committed instructions only are counted
 * (the exact truth is counted the same way). Passive: the run is not disturbed.
 */
#include "pmu/pcs.h"

#include <errno.h>
#include <string.h>

#include "pmu/pmu_model.h"

/* The overflow interrupt reaches the core after a latency drawn uniformly from
 * [0, 2^PCS_IRQ_LOG2_CYCLES) cycles: the delivery through the interrupt controller varies
 * ("skid ... is not a fixed delay"). */
#define PCS_IRQ_LOG2_CYCLES 6

struct pcs_state {
	struct pmu_tags tags;         /* fetch-stage, committed-only tags (the resume pc) */
	uint32_t event;               /* PROBE_EV_* counted, 0 = cycles */
	uint64_t period;              /* events per sample */
	uint64_t count;               /* events since the last overflow */
	uint64_t last_cycle;          /* the latest interrupt cycle (tags stay in cycle order) */
	uint64_t rng;                 /* xorshift64* state of the interrupt latency */
	struct pmu_profile exact;     /* every event per pc (divisor 1) */
};

static const struct {
	const char *name;
	uint32_t event;
} pcs_events[] = {
	{ "cycles", 0 },
	{ "dtlb-miss", PROBE_EV_DTLB_MISS },
	{ "dcache-miss", PROBE_EV_DCACHE_MISS },
	{ "br-mispredict", PROBE_EV_MISPREDICT },
};

int pcs_event_parse(const char *name, uint32_t *event)
{
	for (size_t i = 0; i < sizeof(pcs_events) / sizeof(pcs_events[0]); i++)
		if (!strcmp(name, pcs_events[i].name)) {
			*event = pcs_events[i].event;
			return 0;
		}
	return -EINVAL;
}

const char *pcs_event_name(uint32_t event)
{
	for (size_t i = 0; i < sizeof(pcs_events) / sizeof(pcs_events[0]); i++)
		if (pcs_events[i].event == event)
			return pcs_events[i].name;
	return "?";
}

static int pcs_init(struct pmu_unit *u)
{
	struct pcs_state s0 = { .tags = { .stage = PMU_TAG_FETCH, .committed_only = 1 } };
	struct pcs_state *s = u->state;
	*s = s0;
	s->event = u->cfg->pcs_event;
	s->rng = u->seed * 0x9e3779b97f4a7c15ull | 1;
	s->period = s->event ? (u->cfg->pcs_period ? u->cfg->pcs_period : PMU_PCS_PERIOD_DEFAULT)
	                     : u->period_cycles;
	return pmu_profile_init(&s->exact, 1);
}

/* The cycle the instruction met the event: a memory access at its issue, a branch when it
 * resolved. */
static uint64_t pcs_event_cycle(uint32_t event, const struct probe_insn *r)
{
	uint64_t t = event == PROBE_EV_MISPREDICT ? r->t_complete : r->t_issue;
	return t == PROBE_NEVER ? r->t_end : t;
}

static void pcs_on_sample(struct pmu_unit *u, const struct probe_cycle *v, uint64_t cycle)
{
	struct pcs_state *s = u->state;
	if (!s->event)
		pmu_tags_sample(u, &s->tags, v, cycle);
}

static void pcs_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	struct pcs_state *s = u->state;
	if (s->event && r->committed && (r->events & s->event)) {
		pmu_profile_add(&s->exact, r->pc, r->insn, PMU_CAT_EXECUTE, 1);
		if (++s->count == s->period) {
			s->count = 0;
			s->rng ^= s->rng >> 12;
			s->rng ^= s->rng << 25;
			s->rng ^= s->rng >> 27;
			uint64_t at = pcs_event_cycle(s->event, r) +
				      (s->rng * 2685821657736338717ull >> (64 - PCS_IRQ_LOG2_CYCLES));
			if (at < s->last_cycle)
				at = s->last_cycle;   /* overflows are taken in order */
			s->last_cycle = at;
			struct probe_cycle v = { .cycle = at, .ncycles = 1, .state = PROBE_COMPUTING };
			pmu_tags_sample(u, &s->tags, &v, at);
		}
	}
	pmu_tags_insn(u, &s->tags, r);
}

static void pcs_finish(struct pmu_unit *u)
{
	struct pcs_state *s = u->state;
	pmu_tags_finish(u, &s->tags);
}

static void pcs_destroy(struct pmu_unit *u)
{
	struct pcs_state *s = u->state;
	pmu_profile_free(&s->exact);
}

int pcs_unit_exact(const struct pmu_unit *u, const struct pmu_profile **exact, uint32_t *event,
		   uint64_t *period)
{
	if (u->model != &pmu_model_pcs)
		return -ENOENT;
	const struct pcs_state *s = u->state;
	*exact = s->event ? &s->exact : NULL;
	*event = s->event;
	*period = s->period;
	return 0;
}

const struct pmu_model pmu_model_pcs = {
	.name = "pcs",
	.summary = "performance-counter sampling of one event (--pcs-event): the pc where "
	           "execution resumes after the overflow interrupt (skid)",
	.state_size = sizeof(struct pcs_state),
	.init = pcs_init,
	.on_sample = pcs_on_sample,
	.on_insn = pcs_on_insn,
	.finish = pcs_finish,
	.destroy = pcs_destroy,
};
