/*
 * dcpix_events.c — exact per-instruction event counts for DCPI's culprit analysis
 * (002_767b26a0b68559db.txt §6.3: event samples bound the culprits of a stall), next to
 * dcpix-imiss (issue_head.c): the D-cache and D-TLB misses of every committed load, store or
 * AMO, and the mispredictions of every committed branch or jump. Units are events; they are
 * what event samples with period 1 would give (DCPI's samples estimate them).
 */
#include "pmu/pmu_model.h"

/* Count one event of a committed instruction. */
static void dcpix_event(struct pmu_unit *u, const struct probe_insn *r, uint32_t ev,
			enum pmu_cat cat)
{
	if (r->committed && (r->events & ev))
		pmu_profile_add(&u->prof, r->pc, r->insn, cat, u->prof.divisor);
}

static void dcpix_dmiss_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	dcpix_event(u, r, PROBE_EV_DCACHE_MISS, PMU_CAT_STALL_LOAD);
}

static void dcpix_dtlb_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	dcpix_event(u, r, PROBE_EV_DTLB_MISS, PMU_CAT_STALL_LOAD);
}

static void dcpix_mispredict_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	dcpix_event(u, r, PROBE_EV_MISPREDICT, PMU_CAT_FLUSH_MISPREDICT);
}

const struct pmu_model pmu_model_dcpix_dmiss = {
	.name = "dcpix-dmiss",
	.summary = "exact count of D-cache misses per load/store (DCPI's DMISS events, exact)",
	.every_cycle = 1,
	.on_insn = dcpix_dmiss_on_insn,
};

const struct pmu_model pmu_model_dcpix_dtlb = {
	.name = "dcpix-dtlb",
	.summary = "exact count of D-TLB misses per load/store (DCPI's DTBMISS events, exact)",
	.every_cycle = 1,
	.on_insn = dcpix_dtlb_on_insn,
};

const struct pmu_model pmu_model_dcpix_mispredict = {
	.name = "dcpix-mispredict",
	.summary = "exact count of mispredictions per branch/jump (DCPI's mispredict events, "
	           "exact)",
	.every_cycle = 1,
	.on_insn = dcpix_mispredict_on_insn,
};
