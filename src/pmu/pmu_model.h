/*
 * pmu_model.h — what the model files share (not used outside src/pmu/): the models of the
 * table, the attribution helpers (commit state + blamed instruction → cycle-stack category,
 * 1/n shares), TIP's hooks that TIP-ILP reuses, and the tag queue of the profilers that pick
 * their instruction after the sample cycle (software, dispatch, fetch).
 */
#ifndef ROBIN_PMU_PMU_MODEL_H
#define ROBIN_PMU_PMU_MODEL_H

#include "pmu/pmu.h"

extern const struct pmu_model pmu_model_oracle, pmu_model_tip, pmu_model_tip_ilp,
	pmu_model_nci, pmu_model_nci_ilp, pmu_model_lci, pmu_model_software,
	pmu_model_dispatch, pmu_model_fetch, pmu_model_golden, pmu_model_tea, pmu_model_nci_tea,
	pmu_model_ibs, pmu_model_spe, pmu_model_ris, pmu_model_pcs, pmu_model_ibs_fetch;
extern const struct pmu_model pmu_model_issue_head, pmu_model_dcpix, pmu_model_dcpix_taken,
	pmu_model_dcpix_imiss;
extern const struct pmu_model pmu_model_dcpix_dmiss, pmu_model_dcpix_dtlb,
	pmu_model_dcpix_mispredict;
extern const struct pmu_model pmu_model_dcpi_imiss, pmu_model_dcpi_dmiss, pmu_model_dcpi_dtlb,
	pmu_model_dcpi_mispredict;
extern const struct pmu_model pmu_model_ctr;
extern const struct pmu_model pmu_model_sscofpmf;

/* The category of time spent in commit state `state` blaming instruction `in`; `cause` is
 * the flush cause when flushed. Stalls are split by the blamed instruction's type, as TIP's
 * post-processing reads it from the binary (§3.1). */
static inline enum pmu_cat pmu_cat_of(int state, const struct isa_insn *in, int cause)
{
	switch (state) {
	case PROBE_COMPUTING:
		return PMU_CAT_EXECUTE;
	case PROBE_FLUSHED:
		return cause == PROBE_FLUSH_BRANCH || cause == PROBE_FLUSH_JUMP
		       ? PMU_CAT_FLUSH_MISPREDICT : PMU_CAT_FLUSH_MISC;
	case PROBE_DRAINED:
		return PMU_CAT_FRONTEND;
	default:
		if (in && (in->cls == ISA_CLASS_LOAD || in->cls == ISA_CLASS_AMO ||
		           in->cls == ISA_CLASS_VLOAD))
			return PMU_CAT_STALL_LOAD;
		if (in && (in->cls == ISA_CLASS_STORE || in->cls == ISA_CLASS_VSTORE))
			return PMU_CAT_STALL_STORE;
		return PMU_CAT_STALL_ALU;
	}
}

/* The category of a view's state blaming `in`. */
static inline enum pmu_cat pmu_view_cat(const struct probe_cycle *v, const struct isa_insn *in)
{
	return pmu_cat_of(v->state, in, v->empty_cause);
}

/* units in category c to instruction pc run in calling context ctx: the flat profile and,
 * when kept, the per-context one. */
static inline void pmu_add(struct pmu_unit *u, uint64_t pc, uint32_t ctx,
			   const struct isa_insn *in, enum pmu_cat c, uint64_t units)
{
	pmu_profile_add(&u->prof, pc, in, c, units);
	if (u->stacks.slot)
		pmu_stacks_add(&u->stacks, ctx, pc, units);
}

/* One whole sample to one instruction (pc, run in context ctx). */
static inline void pmu_blame(struct pmu_unit *u, uint64_t pc, uint32_t ctx,
			     const struct isa_insn *in, enum pmu_cat c)
{
	pmu_add(u, pc, ctx, in, c, u->prof.divisor);
	u->samples++;
}

/* One sample split in equal shares over recs[0..n) (1 <= n <= commit width). */
static inline void pmu_blame_split(struct pmu_unit *u, const struct probe_insn *const *recs,
				   uint32_t n, enum pmu_cat c)
{
	uint64_t share = u->prof.divisor / n;
	for (uint32_t i = 0; i < n; i++)
		pmu_add(u, recs[i]->pc, recs[i]->ctx, recs[i]->insn, c, share);
	u->samples++;
}

/* ---- TIP (tip.c), shared with TIP-ILP (tip_ilp.c) ---------------------------------------- */

struct tip_state {
	uint64_t frontend;           /* samples with the Front-end flag waiting for a dispatch */
};

/* The OIR is the PMU's (pmu_unit.oir, model commit_regs); init asks for views only while
 * front-end samples wait. */
int tip_init(struct pmu_unit *u);
/* The pending front-end samples go to the first instruction that dispatches. */
void tip_on_cycle(struct pmu_unit *u, const struct probe_cycle *v);
/* Sample selection; ilp = 0 attributes a computing sample to the oldest committing
 * instruction only (TIP-ILP). */
void tip_sample(struct pmu_unit *u, const struct probe_cycle *v, int ilp);
void tip_finish(struct pmu_unit *u);

/* ---- tags: the first instruction at or after the sample cycle (tag.c) --------------------- */

#define PMU_TAG_MAX 1024        /* pending tags (a sample waits at most a few hundred cycles
                                   for its instruction); samples beyond are dropped */

enum pmu_tag_stage { PMU_TAG_FETCH, PMU_TAG_DISPATCH };

struct pmu_tag {
	uint64_t cycle;             /* the sample cycle */
	uint64_t best_t, best_seq;  /* the candidate so far (best_t UINT64_MAX: none) */
	uint64_t best_pc;
	uint32_t best_ctx;          /* its calling context */
	const struct isa_insn *best_insn;
	uint32_t best_events;       /* its PROBE_EV_* (final: records come at end of life) */
	uint8_t state, cause;       /* the commit state and flush cause at the sample cycle */
};

struct pmu_tags {
	enum pmu_tag_stage stage;   /* which timestamp tags an instruction */
	int committed_only;         /* 1: only instructions that commit qualify (software) */
	struct pmu_tag q[PMU_TAG_MAX];
	uint32_t head, n;           /* ring of pending tags, oldest first */
	/* optional (IBS's raw registers): tag q[slot] took r as its candidate; q[slot] was
	 * resolved (before its attribution) */
	void (*on_best)(struct pmu_unit *u, uint32_t slot, const struct probe_insn *r);
	void (*on_resolve)(struct pmu_unit *u, uint32_t slot, const struct pmu_tag *g);
};

/* A sample at `cycle` in view v: tag the first instruction whose fetch (dispatch) is at or
 * after it. */
void pmu_tags_sample(struct pmu_unit *u, struct pmu_tags *t, const struct probe_cycle *v,
		     uint64_t cycle);
/* Feed a lifecycle record; resolves the tags it settles. */
void pmu_tags_insn(struct pmu_unit *u, struct pmu_tags *t, const struct probe_insn *r);
/* End of run: resolve tags that have a candidate, drop the rest. */
void pmu_tags_finish(struct pmu_unit *u, struct pmu_tags *t);
/* The three as model hooks, for models whose state is one struct pmu_tags. */
void pmu_tags_on_sample(struct pmu_unit *u, const struct probe_cycle *v, uint64_t cycle);
void pmu_tags_on_insn(struct pmu_unit *u, const struct probe_insn *r);
void pmu_tags_on_finish(struct pmu_unit *u);

/* ---- PSV profilers (psv.c): TEA, its golden reference, NCI-TEA, IBS, SPE, RIS ----------- */

/* Time to one instruction with its PSV: `units` in category c to pics under the signature
 * events & the model's event set, and (sampled models) to prof. */
void psv_blame(struct pmu_unit *u, uint64_t pc, uint32_t ctx, const struct isa_insn *in,
	       enum pmu_cat c, uint32_t events, uint64_t units);

#define PSV_WAIT_MAX 64        /* pending blames (in practice one or two at the ROB head) */

/* Time blamed on an instruction whose PSV is not final yet (stalled at the ROB head, or the
 * first one after a drain): held until its lifecycle record arrives (§3: "TEA delays
 * returning the sample ... until the next µop commits"). */
struct psv_wait_entry {
	uint64_t seq, pc, units, samples;
	uint32_t ctx;              /* calling context of the instruction */
	const struct isa_insn *insn;
	uint32_t events;           /* as seen when added (used only if the record never comes) */
	uint8_t cat;
};

struct psv_wait {
	struct psv_wait_entry q[PSV_WAIT_MAX];
	uint32_t head, n;          /* ring, oldest first */
	uint64_t drained_units;    /* drained time waiting for the next instruction to dispatch */
	uint64_t drained_samples;
};

/* Hold `units` (and `samples` samples) in category c for instruction r. */
void psv_wait_add(struct pmu_unit *u, struct psv_wait *w, const struct probe_insn *r,
		  enum pmu_cat c, uint64_t units, uint64_t samples);
/* A view arrived: drained time waiting goes to the first instruction present (at once if
 * it commits in this view, else held until its record). */
void psv_wait_cycle(struct pmu_unit *u, struct psv_wait *w, const struct probe_cycle *v);
/* A lifecycle record: resolves what waits for it with its final events. */
void psv_wait_insn(struct pmu_unit *u, struct psv_wait *w, const struct probe_insn *r);
/* End of run: resolve held time with the events seen so far; drained time that found no
 * instruction goes to `last` (pc, insn, events; may be NULL: then unresolved). */
void psv_wait_finish(struct pmu_unit *u, struct psv_wait *w, const struct psv_wait_entry *last);

#endif
