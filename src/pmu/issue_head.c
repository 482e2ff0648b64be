/*
 * issue_head.c — the cycle sampling DCPI assumes (002_767b26a0b68559db.txt §4.1): on the
 * Alpha 21164 a CYCLES overflow delivers the pc of the oldest instruction in the issue queue,
 * so an instruction's samples are proportional to the cycles it spends at the head of issue
 * (§4.1.2), and the period is randomised (uniform over 60K-64K cycles, §4.1.1). Here the
 * sample at cycle C goes to the oldest instruction (fetch order, correct or wrong path) that
 * has not left issue by C: not yet issued (issue cycle >= C; not yet fetched counts, as an
 * I-cache miss stalls the next instruction at the head) and not squashed before C. The
 * interval between samples is uniform in [P - P/32, P + P/32] around the sampler's period P,
 * so the stored period stays the mean. Meaningful on in-order cores (`inorder-dual`); on the
 * out-of-order presets it is the oldest unissued instruction.
 *
 * Each sample also records why the head had not issued (the truth the analysis of
 * analysis/dcpi_culprit.c is checked against), in the cycle-stack categories: execute (it
 * issues in C), load stall (an operand comes from a load not yet complete, or a load waits for
 * its own D-TLB walk), ALU stall (from
 * another producer, or a functional unit), store stall (a store with its operands waiting
 * for the store queue or the memory port), mispredict (wrong-path instruction, or not fetched
 * after a mispredicted transfer), misc flush (not fetched after a flushing instruction), front
 * end (not fetched: I-cache/I-TLB miss or fetch bandwidth).
 *
 * dcpix (also here): the exact execution count of every committed instruction, the truth
 * DCPI had to get from an instrumented rerun (§6.2); units are executions.
 */
#include "pmu/pmu_model.h"

#include "pmu/sampler.h"

#define ISSUE_HEAD_NREG 64

struct issue_head_tag {
	uint64_t cycle;              /* the sample cycle */
	uint64_t best_seq;           /* candidate so far (UINT64_MAX: none) */
	uint64_t best_pc;
	uint32_t best_ctx;           /* its calling context */
	const struct isa_insn *best_insn;
	uint8_t cat;                 /* enum pmu_cat of the candidate at `cycle` */
};

struct issue_head_state {
	struct sampler rng;          /* only its random generator is used */
	uint64_t next;               /* cycle of the next sample */
	uint64_t lo, span;           /* interval = lo + uniform[0, span] */
	struct issue_head_tag q[PMU_TAG_MAX];
	uint32_t head, n;
	/* last committed writer of each register: when its value is ready and whether it is a
	 * load (the truth of operand stalls) */
	uint64_t reg_ready[ISSUE_HEAD_NREG];
	uint8_t reg_load[ISSUE_HEAD_NREG];
	uint8_t last_cause;          /* flush cause of the last committed instruction */
};

static uint64_t issue_head_rand(struct issue_head_state *s)
{
	uint64_t x = s->rng.rng;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	s->rng.rng = x;
	return x * 0x2545f4914f6cdd1dull;
}

static uint64_t issue_head_interval(struct issue_head_state *s)
{
	if (!s->span)
		return s->lo;
	return s->lo + issue_head_rand(s) % (s->span + 1);
}

static int issue_head_init(struct pmu_unit *u)
{
	struct issue_head_state *s = u->state;
	uint64_t p = u->period_cycles ? u->period_cycles : 1;
	sampler_init(&s->rng, p, 1, u->seed ^ 0x21164);
	s->span = p / 16;            /* P - P/32 .. P + P/32 */
	s->lo = p - s->span / 2;
	s->next = issue_head_interval(s) - 1;
	return 0;
}

static void issue_head_on_cycle(struct pmu_unit *u, const struct probe_cycle *v)
{
	struct issue_head_state *s = u->state;
	uint64_t end = v->cycle + v->ncycles;
	while (s->next < end) {
		uint64_t at = s->next < v->cycle ? v->cycle : s->next;
		if (s->n == PMU_TAG_MAX) {
			u->unresolved++;
		} else {
			struct issue_head_tag *t = &s->q[(s->head + s->n++) % PMU_TAG_MAX];
			t->cycle = at;
			t->best_seq = UINT64_MAX;
			t->best_insn = NULL;
		}
		s->next += issue_head_interval(s);
	}
}

/* Why r, at the head of issue, had not issued before cycle c. */
static uint8_t issue_head_cause(const struct issue_head_state *s, const struct probe_insn *r,
				uint64_t c)
{
	if (r->wrong_path)
		return PMU_CAT_FLUSH_MISPREDICT;
	if (r->t_dispatch == PROBE_NEVER || r->t_dispatch > c) {
		if (r->events & (PROBE_EV_ICACHE_MISS | PROBE_EV_ITLB_MISS))
			return PMU_CAT_FRONTEND;
		if (s->last_cause == PROBE_FLUSH_BRANCH || s->last_cause == PROBE_FLUSH_JUMP)
			return PMU_CAT_FLUSH_MISPREDICT;
		if (s->last_cause)
			return PMU_CAT_FLUSH_MISC;
		return PMU_CAT_FRONTEND;
	}
	if (r->t_issue == c)
		return PMU_CAT_EXECUTE;
	const struct isa_insn *in = r->insn;
	/* a store issues when its address is ready (its data is read later) */
	uint8_t src[3] = { in->rs1, in->cls == ISA_CLASS_STORE ? ISA_REG_NONE : in->rs2, in->rs3 };
	uint64_t late = 0;
	int load = 0;
	for (int i = 0; i < 3; i++) {
		uint8_t k = src[i];
		if (k == ISA_REG_NONE || k == 0 || k >= ISSUE_HEAD_NREG)
			continue;
		if (s->reg_ready[k] > c && s->reg_ready[k] > late) {
			late = s->reg_ready[k];
			load = s->reg_load[k];
		}
	}
	if (late)
		return load ? PMU_CAT_STALL_LOAD : PMU_CAT_STALL_ALU;
	/* a load waiting for its own D-TLB walk (the core retries it once the TLB is filled) */
	if ((in->cls == ISA_CLASS_LOAD || in->cls == ISA_CLASS_AMO) && (r->events & PROBE_EV_DTLB_MISS))
		return PMU_CAT_STALL_LOAD;
	return in->cls == ISA_CLASS_STORE ? PMU_CAT_STALL_STORE : PMU_CAT_STALL_ALU;
}

static void issue_head_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	struct issue_head_state *s = u->state;
	uint64_t leave = r->t_issue != PROBE_NEVER ? r->t_issue + 1 : r->t_end;
	uint32_t k = 0;
	for (; k < s->n; k++) {
		struct issue_head_tag *t = &s->q[(s->head + k) % PMU_TAG_MAX];
		if (t->cycle >= leave)
			break;  /* tags are in cycle order: r had left before the younger ones */
		if (r->seq < t->best_seq) {
			t->best_seq = r->seq;
			t->best_pc = r->pc;
			t->best_ctx = r->ctx;
			t->best_insn = r->insn;
			t->cat = issue_head_cause(s, r, t->cycle);
		}
	}
	/* A commit settles the tags it was a candidate for: every older instruction has been
	 * delivered (commit is in order, and the wrong path before r was squashed before r was
	 * fetched). A squash settles nothing: an older unissued instruction may still come. */
	for (; r->committed && k; k--) {
		struct issue_head_tag *t = &s->q[s->head];
		pmu_blame(u, t->best_pc, t->best_ctx, t->best_insn, (enum pmu_cat)t->cat);
		s->head = (s->head + 1) % PMU_TAG_MAX;
		s->n--;
	}
	if (!r->committed)
		return;
	const struct isa_insn *in = r->insn;
	if (in->rd != ISA_REG_NONE && in->rd != 0 && in->rd < ISSUE_HEAD_NREG) {
		s->reg_ready[in->rd] = r->t_complete;
		s->reg_load[in->rd] = in->cls == ISA_CLASS_LOAD || in->cls == ISA_CLASS_AMO;
	}
	s->last_cause = r->flush_cause;
}

static void issue_head_finish(struct pmu_unit *u)
{
	struct issue_head_state *s = u->state;
	for (; s->n; s->n--, s->head = (s->head + 1) % PMU_TAG_MAX) {
		struct issue_head_tag *t = &s->q[s->head];
		if (t->best_insn)
			pmu_blame(u, t->best_pc, t->best_ctx, t->best_insn, (enum pmu_cat)t->cat);
		else
			u->unresolved++;
	}
}

const struct pmu_model pmu_model_issue_head = {
	.name = "issue-head",
	.summary = "DCPI's CYCLES samples: the oldest instruction not yet issued, randomised "
	           "period (002 §4.1)",
	.state_size = sizeof(struct issue_head_state),
	.init = issue_head_init,
	.on_cycle = issue_head_on_cycle,
	.on_insn = issue_head_on_insn,
	.finish = issue_head_finish,
};

/* ---- dcpix: exact execution counts --------------------------------------------------------- */

static void dcpix_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	if (r->committed)
		pmu_add(u, r->pc, r->ctx, r->insn, PMU_CAT_EXECUTE, u->prof.divisor);
}

const struct pmu_model pmu_model_dcpix = {
	.name = "dcpix",
	.summary = "exact execution count of every instruction (DCPI's instrumented dcpix, "
	           "002 §6.2); units are executions",
	.every_cycle = 1,
	.on_insn = dcpix_on_insn,
};

/* dcpix-taken: the exact count of taken control transfers per instruction, so that the edge
 * frequencies of a branch (taken and fall-through) are known exactly too (§6.2, Figure 9). */
static void dcpix_taken_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	if (r->committed && r->taken)
		pmu_add(u, r->pc, r->ctx, r->insn, PMU_CAT_EXECUTE, u->prof.divisor);
}

const struct pmu_model pmu_model_dcpix_taken = {
	.name = "dcpix-taken",
	.summary = "exact count of taken branches and jumps per instruction (edge truth)",
	.every_cycle = 1,
	.on_insn = dcpix_taken_on_insn,
};

/* dcpix-imiss: the exact count of I-cache misses per instruction (the instruction whose fetch
 * missed), what DCPI's IMISS event samples estimate (§6.3, Figure 10). */
static void dcpix_imiss_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	if (r->committed && (r->events & PROBE_EV_ICACHE_MISS))
		pmu_add(u, r->pc, r->ctx, r->insn, PMU_CAT_FRONTEND, u->prof.divisor);
}

const struct pmu_model pmu_model_dcpix_imiss = {
	.name = "dcpix-imiss",
	.summary = "exact count of I-cache misses per instruction (DCPI's IMISS events, exact)",
	.every_cycle = 1,
	.on_insn = dcpix_imiss_on_insn,
};
