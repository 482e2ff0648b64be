/*
 * dcpi_events.c — DCPI's sampled event profiles (002_767b26a0b68559db.txt §4.1): IMISS, DMISS,
 * DTBMISS and branch-mispredict counters that interrupt every N events, N randomised as the
 * CYCLES period is (uniform over N ± N/32), the interrupt delivered DCPI_EVENTS_SKID_CYCLES
 * after the overflow with the pc of the oldest instruction not yet issued (§4.1.2: six cycles
 * on the 21164). An I-cache miss usually still holds its instruction at the head six cycles
 * later, so IMISS samples land on the instruction that missed; a D-cache miss, a D-TLB miss
 * or a mispredict is counted when it happens (the access issues, the branch resolves) and its
 * sample lands on a younger instruction: the consumer waiting for the load, the refetched
 * target. These are what `robin calc` estimates from; dcpix-imiss and friends
 * (issue_head.c, dcpix_events.c) are the exact counts kept for evaluation.
 * The period in events is the unit's period_events: the cycle period / DCPI_EVENTS_RATIO
 * (DCPI ran CYCLES at 62K and its event counters at a few thousand).
 */
#include "pmu/pmu_model.h"

#include "pmu/sampler.h"

#define DCPI_EVENTS_SKID_CYCLES 6    /* overflow to interrupt on the 21164 (§4.1.2) */
#define DCPI_EVENTS_RATIO 16         /* cycle period / event period */
#define DCPI_EVENTS_HIST 256         /* committed instructions remembered for the skid */

struct dcpi_events_tag {
	uint64_t cycle;              /* interrupt delivery */
	uint64_t best_seq;           /* candidate so far (UINT64_MAX: none) */
	uint64_t best_pc;
	uint32_t best_ctx;
	const struct isa_insn *best_insn;
};

struct dcpi_events_past {
	uint64_t pc, leave;          /* the cycle it left issue */
	uint32_t ctx;
	const struct isa_insn *insn;
};

struct dcpi_events_state {
	uint32_t event;              /* PROBE_EV_* counted */
	struct sampler rng;          /* only its random generator is used */
	uint64_t lo, span, left;     /* interval = lo + uniform[0, span]; events to overflow */
	struct dcpi_events_tag q[PMU_TAG_MAX];
	uint32_t head, n;
	struct dcpi_events_past past[DCPI_EVENTS_HIST];
	uint32_t npast, past_at;     /* ring of the youngest committed instructions */
};

static uint64_t dcpi_events_interval(struct dcpi_events_state *s)
{
	uint64_t x = s->rng.rng;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	s->rng.rng = x;
	return s->span ? s->lo + (x * 0x2545f4914f6cdd1dull) % (s->span + 1) : s->lo;
}

static int dcpi_events_init(struct pmu_unit *u, uint32_t event, uint64_t salt)
{
	struct dcpi_events_state *s = u->state;
	uint64_t p = u->period_cycles / DCPI_EVENTS_RATIO;
	if (p < 1)
		p = 1;
	u->period_events = p;
	s->event = event;
	sampler_init(&s->rng, p, 1, u->seed ^ salt);
	s->span = p / 16;
	s->lo = p - s->span / 2;
	s->left = dcpi_events_interval(s);
	return 0;
}

/* The cycle the counter sees r's event: the fetch that missed, the access, the resolution. */
static uint64_t dcpi_events_cycle(const struct dcpi_events_state *s, const struct probe_insn *r)
{
	switch (s->event) {
	case PROBE_EV_ICACHE_MISS:
		return r->t_fetch >= r->fetch_lat_cycles ? r->t_fetch - r->fetch_lat_cycles : r->t_fetch;
	case PROBE_EV_MISPREDICT:
		return r->t_complete != PROBE_NEVER ? r->t_complete : r->t_end;
	default:
		return r->t_issue != PROBE_NEVER ? r->t_issue : r->t_end;
	}
}

static void dcpi_events_deliver(struct pmu_unit *u, uint64_t pc, uint32_t ctx,
				const struct isa_insn *in)
{
	pmu_blame(u, pc, ctx, in, PMU_CAT_EXECUTE);
}

/* An overflow at cycle c: the interrupt finds the oldest instruction not issued by c + skid.
 * When a committed instruction already delivered is it, the sample is settled now; else it
 * waits, in delivery order, for the records of younger instructions. */
static void dcpi_events_overflow(struct pmu_unit *u, uint64_t c)
{
	struct dcpi_events_state *s = u->state;
	uint64_t at = c + DCPI_EVENTS_SKID_CYCLES;
	for (uint32_t k = 0; k < s->npast; k++) {
		const struct dcpi_events_past *x =
			&s->past[(s->past_at + DCPI_EVENTS_HIST - s->npast + k) % DCPI_EVENTS_HIST];
		if (x->leave > at) {
			dcpi_events_deliver(u, x->pc, x->ctx, x->insn);
			return;
		}
	}
	if (s->n == PMU_TAG_MAX) {
		u->unresolved++;
		return;
	}
	uint32_t k = s->n++;
	/* keep the queue in cycle order (events come nearly in order) */
	while (k && s->q[(s->head + k - 1) % PMU_TAG_MAX].cycle > at) {
		s->q[(s->head + k) % PMU_TAG_MAX] = s->q[(s->head + k - 1) % PMU_TAG_MAX];
		k--;
	}
	struct dcpi_events_tag *t = &s->q[(s->head + k) % PMU_TAG_MAX];
	t->cycle = at;
	t->best_seq = UINT64_MAX;
	t->best_insn = NULL;
}

static void dcpi_events_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	struct dcpi_events_state *s = u->state;
	if (r->committed && (r->events & s->event) && !--s->left) {
		s->left = dcpi_events_interval(s);
		dcpi_events_overflow(u, dcpi_events_cycle(s, r));
	}
	uint64_t leave = r->t_issue != PROBE_NEVER ? r->t_issue + 1 : r->t_end;
	uint32_t k = 0;
	for (; k < s->n; k++) {
		struct dcpi_events_tag *t = &s->q[(s->head + k) % PMU_TAG_MAX];
		if (t->cycle >= leave)
			break;
		if (r->seq < t->best_seq) {
			t->best_seq = r->seq;
			t->best_pc = r->pc;
			t->best_ctx = r->ctx;
			t->best_insn = r->insn;
		}
	}
	/* as issue-head: a commit settles the tags it was a candidate for */
	for (; r->committed && k; k--) {
		struct dcpi_events_tag *t = &s->q[s->head];
		dcpi_events_deliver(u, t->best_pc, t->best_ctx, t->best_insn);
		s->head = (s->head + 1) % PMU_TAG_MAX;
		s->n--;
	}
	if (!r->committed)
		return;
	s->past[s->past_at] = (struct dcpi_events_past){ .pc = r->pc, .leave = leave, .ctx = r->ctx,
	                                                 .insn = r->insn };
	s->past_at = (s->past_at + 1) % DCPI_EVENTS_HIST;
	if (s->npast < DCPI_EVENTS_HIST)
		s->npast++;
}

static void dcpi_events_finish(struct pmu_unit *u)
{
	struct dcpi_events_state *s = u->state;
	for (; s->n; s->n--, s->head = (s->head + 1) % PMU_TAG_MAX) {
		struct dcpi_events_tag *t = &s->q[s->head];
		if (t->best_insn)
			dcpi_events_deliver(u, t->best_pc, t->best_ctx, t->best_insn);
		else
			u->unresolved++;
	}
}

static int dcpi_imiss_init(struct pmu_unit *u)
{
	return dcpi_events_init(u, PROBE_EV_ICACHE_MISS, 0x1a155);
}

static int dcpi_dmiss_init(struct pmu_unit *u)
{
	return dcpi_events_init(u, PROBE_EV_DCACHE_MISS, 0xd4155);
}

static int dcpi_dtlb_init(struct pmu_unit *u)
{
	return dcpi_events_init(u, PROBE_EV_DTLB_MISS, 0xd71b);
}

static int dcpi_mispredict_init(struct pmu_unit *u)
{
	return dcpi_events_init(u, PROBE_EV_MISPREDICT, 0xb4a9c);
}

#define DCPI_EVENTS_MODEL(nm, ini, what)                                                       \
	{                                                                                      \
		.name = nm,                                                                    \
		.summary = what ", sampled every N events (N = period/16, randomised) with "   \
		           "the 21164's 6-cycle skid (002 §4.1)",                              \
		.state_size = sizeof(struct dcpi_events_state),                                \
		.init = ini,                                                                   \
		.on_insn = dcpi_events_on_insn,                                                \
		.finish = dcpi_events_finish,                                                  \
	}

const struct pmu_model pmu_model_dcpi_imiss =
	DCPI_EVENTS_MODEL("dcpi-imiss", dcpi_imiss_init, "DCPI's IMISS: I-cache misses");
const struct pmu_model pmu_model_dcpi_dmiss =
	DCPI_EVENTS_MODEL("dcpi-dmiss", dcpi_dmiss_init, "DCPI's DMISS: D-cache misses");
const struct pmu_model pmu_model_dcpi_dtlb =
	DCPI_EVENTS_MODEL("dcpi-dtlb", dcpi_dtlb_init, "DCPI's DTBMISS: D-TLB misses");
const struct pmu_model pmu_model_dcpi_mispredict =
	DCPI_EVENTS_MODEL("dcpi-mispredict", dcpi_mispredict_init,
	                  "DCPI's BRANCHMP: branch mispredictions");
