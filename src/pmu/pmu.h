/*
 * pmu.h — robin's simulated performance-monitoring unit: the profilers of
 * 004_b28092482852db08.txt Paper A built as hardware on the core's probes (core/probe.h), all
 * driven by one sampler so that they sample the very same cycle, next to the Oracle that
 * attributes every cycle. Every profiler model is the same struct of hooks (struct
 * pmu_model), one file each (oracle.c, tip.c, tip_ilp.c, nci.c, nci_ilp.c, lci.c, software.c,
 * dispatch.c, fetch.c), listed in one static table in pmu.c.
 *
 * Use: pmu_parse_list → pmu_create → core_attach(pmu_consumer) → core_run → pmu_finish →
 * read each unit's profile (pmu_units) → pmu_destroy. The PMU knows nothing of images,
 * symbols or databases: profiles are keyed by runtime pc.
 */
#ifndef ROBIN_PMU_PMU_H
#define ROBIN_PMU_PMU_H

#include <stddef.h>
#include <stdint.h>

#include "core/probe.h"
#include "pmu/pmu_profile.h"
#include "pmu/pmu_stacks.h"

#define PMU_MAX_MODELS 31   /* pmu_config.models is a 32-bit mask */

struct pmu_unit;

/* A register the PMU keeps once for every model that reads it (pmu_model.commit_regs),
 * updated from each commit view before the models' hooks run. */
struct pmu_commit_reg {
	uint64_t pc;
	const struct isa_insn *insn;
	uint32_t ctx;            /* its calling context */
	uint8_t flag;            /* enum probe_cause of a flush it caused, 0 none */
	uint8_t valid;           /* 0 until the first update */
};

/* A profiler model. NULL hooks mean "not interested"; a model with no on_cycle and no
 * on_insn costs nothing between samples. */
struct pmu_model {
	const char *name;        /* profile / event name: "oracle", "tip", "nci", ... */
	const char *summary;     /* one line: what it samples, which real profiler it models */
	int every_cycle;         /* 1: attributes every cycle (the Oracle); its units are cycles
	                            and it ignores the sampler */
	size_t state_size;       /* bytes of zeroed private state (unit->state) */
	uint32_t psv_events;     /* PSV profilers (pmu/psv.h): the event set it records, and
	                            its unit keeps PICS in unit->pics; 0 = none */
	int commit_regs;         /* 1: reads unit->last_commit and unit->oir */
	int (*init)(struct pmu_unit *u);          /* after the state is zeroed; 0 or -errno */
	/* every commit view (v->ncycles identical cycles), before the samples inside it */
	void (*on_cycle)(struct pmu_unit *u, const struct probe_cycle *v);
	/* a sample at `cycle` (v->cycle <= cycle < v->cycle + v->ncycles) */
	void (*on_sample)(struct pmu_unit *u, const struct probe_cycle *v, uint64_t cycle);
	/* every lifecycle record (an instruction committed or squashed) */
	void (*on_insn)(struct pmu_unit *u, const struct probe_insn *r);
	/* the run ended: resolve or drop what is still pending */
	void (*finish)(struct pmu_unit *u);
	/* free what the model allocated besides its state (NULL: nothing) */
	void (*destroy)(struct pmu_unit *u);
};

/* One attached model and what it produced. */
struct pmu_unit {
	const struct pmu_model *model;
	struct pmu_profile prof;  /* units per sample (or per cycle): prof.divisor */
	uint64_t samples;         /* samples attributed */
	uint64_t unresolved;      /* samples dropped: still pending at the end of the run, or
	                             no instruction to blame (before the first commit) */
	uint32_t width;           /* commit width of the core */
	/* PSV profilers (model->psv_events): units per (pc, signature), keyed psv_key(pc, sig
	 * & psv_events), categories as in prof; the golden reference (every_cycle) also counts
	 * committed instructions per (pc, event) in evcount, keyed psv_key(pc, 1 << bit). */
	struct pmu_profile pics, evcount;
	/* with pmu_config.stacks: the same time per (calling context, pc), probe_insn.ctx;
	   stacks.slot is NULL otherwise */
	struct pmu_stacks stacks;
	uint64_t period_cycles;   /* the sampler's interval (models with their own sampling) */
	uint64_t seed;            /* the sampler's seed (idem) */
	uint64_t period_events;   /* models sampling every N events (set by init): N, stored as
	                             the profile's period; 0 = cycles */
	const struct pmu_config *cfg; /* the PMU's configuration (models with options) */
	void *state;              /* model-private */
	/* set by init for a model whose on_insn matters only at times: on_insn is called
	 * only while *insn_demand is nonzero (NULL: always) */
	const uint32_t *insn_demand;
	/* set by init for a model whose on_cycle matters only at times: on_cycle is called
	 * only while *cycle_demand is nonzero (NULL: always) */
	const uint64_t *cycle_demand;
	/* with model->commit_regs, kept by the PMU: the youngest committed instruction (the
	 * PC sample register of LCI), and TIP's Offending Instruction Register (that, or the
	 * instruction at the head that excepted or was refetched after a memory-ordering
	 * violation while nothing commits, with that flush cause as its flag) */
	const struct pmu_commit_reg *last_commit, *oir;
};

struct pmu_config {
	uint64_t period_cycles;   /* sampling interval (>= 1) */
	int random;               /* 1 = a random cycle within each interval, 0 = its last cycle */
	uint64_t seed;            /* for random sampling */
	uint32_t commit_width;    /* of the core (1..PROBE_MAX_WIDTH) */
	uint32_t models;          /* bit i = model i of the table (pmu_model_at) */
	int stacks;               /* 1: every unit keeps its time per calling context too
	                             (pmu_unit.stacks; the core's records must carry ctx) */
	/* PCS (pcs.c): the PROBE_EV_* event it counts (0: cycles, the shared sampler) and its
	 * sampling period in events (0: PMU_PCS_PERIOD_DEFAULT) */
	uint32_t pcs_event;
	uint64_t pcs_period;
	/* IBS op (ibs.c): 0 counts cycles (the shared sampler, IbsOpCntCtl = 0); N > 0 counts
	 * dispatched ops, a sample every N with the low 4 bits randomised (IbsOpCntCtl = 1) */
	uint64_t ibs_ops_period;
	uint32_t ctr_depth, ctr_filter; /* ctr (ctr.h): 0 = the defaults */
	uint64_t ctr_period;      /* ctr: a snapshot every N qualified transfers, 0 = cycles */
	/* Sscofpmf (sscofpmf.c): event counted, events per overflow (0: period_cycles), cycles
	 * from the overflow to the interrupt reaching decode */
	uint32_t sscof_event;
	uint64_t sscof_period;
	uint32_t sscof_irq_cycles;
};
#define PMU_PCS_PERIOD_DEFAULT 1000

struct pmu;

/* The table of models, in the order the tools list them (the Oracle first). */
size_t pmu_model_count(void);
const struct pmu_model *pmu_model_at(size_t i);
/* Index of the model named `name`, or -1. */
int pmu_model_index(const char *name);

/* Parse "all" or a comma-separated list of model names into a mask. Returns 0, or -EINVAL
 * with one line in err naming the unknown model. */
int pmu_parse_list(const char *list, uint32_t *mask, char *err, size_t errn)
	__attribute__((warn_unused_result));

/* Create the PMU for the models of cfg->models. Returns 0 or -errno (-EINVAL bad config). */
int pmu_create(const struct pmu_config *cfg, struct pmu **out)
	__attribute__((warn_unused_result));

/* The probe consumer to attach to the core (one for all models). */
void pmu_consumer(struct pmu *p, struct probe_consumer *out);

/* The run ended: let every model resolve or drop its pending samples. Idempotent. */
void pmu_finish(struct pmu *p);

/* The attached models in table order. */
size_t pmu_unit_count(const struct pmu *p);
const struct pmu_unit *pmu_unit_at(const struct pmu *p, size_t i);
/* The unit of a model name, or NULL when it is not attached. */
const struct pmu_unit *pmu_unit_find(const struct pmu *p, const char *name);

/* Sampling: the interval, the samples taken (sample cycles that occurred), the cycles seen. */
uint64_t pmu_period(const struct pmu *p);
uint64_t pmu_samples_taken(const struct pmu *p);
uint64_t pmu_cycles_seen(const struct pmu *p);
/* Units per sample (and per Oracle cycle): lcm(1..commit width). */
uint64_t pmu_divisor(const struct pmu *p);
/* Some profile lost counts for lack of memory. */
int pmu_oom(const struct pmu *p);

void pmu_destroy(struct pmu *p);

#endif
