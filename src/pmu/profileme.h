/*
 * profileme.h — the ProfileMe unit of 000_424085ad3398c1f4.txt §4 built on the core's probes:
 * a fetched-instruction counter set to a random value each interval tags one fetched
 * instruction (correct or wrong path: the predicted path), optionally a second one 1..W
 * fetched instructions later (paired sampling, §4.2); the profile registers of each tagged
 * instruction (context, PC, effective address or target, event register, path register,
 * the latency registers of Table 1) are read when it retires or aborts, and the samples are
 * aggregated per PC as DCPI does (§5). Next to the samples the unit keeps the exact truth of
 * the same run (executions, retirements, D-cache misses, fetch→retire-ready latency, wasted
 * issue slots, 30-cycle windowed IPC) so every estimate can be checked.
 *
 * Use: pm_create → core_attach(pm_consumer) → core_run → pm_finish → pm_pcs / pm_stats →
 * pm_destroy. Unlike struct pmu_model profilers, ProfileMe counts fetched instructions, not
 * cycles, so it is its own probe consumer and ignores the cycle sampler.
 */
#ifndef ROBIN_PMU_PROFILEME_H
#define ROBIN_PMU_PROFILEME_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/probe.h"

/* The event register (struct pm_record.events), §4.1.3. */
enum pm_event {
	PM_EV_ICACHE_MISS, PM_EV_ITLB_MISS, PM_EV_DCACHE_MISS, PM_EV_DTLB_MISS, PM_EV_TAKEN,
	PM_EV_MISPREDICT, PM_EV_SQ_FULL, PM_EV_MEM_ORDER, PM_EV_EXCEPTION, PM_EV_RETIRED,
	PM_EV_ABORTED, PM_EV_N
};

/* Why an aborted instruction left the pipeline. robin fetches everything behind a
 * mispredicted transfer on the wrong path, so "flushed behind a mispredict" and "wrong
 * path" are one reason here; a correct-path instruction is aborted only by a flush at
 * commit (memory-order trap, exception, serialising instruction). */
enum pm_abort {
	PM_ABORT_NONE = 0,        /* retired */
	PM_ABORT_WRONG_PATH,      /* fetched behind a mispredicted branch or jump */
	PM_ABORT_TRAP,            /* correct path, flushed behind a trap or serialising flush */
	PM_ABORT_N
};

/* The latency registers of Table 1 (cycles). Retire-ready is the first cycle the
 * instruction could commit (the cycle after it completed). */
enum pm_lat {
	PM_LAT_FETCH_MAP,         /* fetch → map (rename) */
	PM_LAT_MAP_READY,         /* map → data ready (operands) */
	PM_LAT_READY_ISSUE,       /* data ready → issue */
	PM_LAT_ISSUE_RETREADY,    /* issue → retire ready */
	PM_LAT_RETREADY_RETIRE,   /* retire ready → retire (retired only) */
	PM_LAT_LOAD,              /* load issue → completion (loads and AMOs only) */
	PM_LAT_N
};
#define PM_LAT_NONE UINT32_MAX    /* the instruction never reached the later stage */
#define PM_HIST_N 12              /* latency histogram buckets: 0, 1, 2-3, ..., >= 1024 */

/* The profile registers of one tagged instruction. */
struct pm_record {
	uint64_t seq;             /* fetch number (the fetched-instruction counter's count) */
	uint64_t path_seq;        /* correct-path instruction number (probe_insn.path_seq) */
	uint64_t pc;
	uint64_t ctx;             /* context register: robin runs one address space, 0 */
	uint64_t addr;            /* load/store effective address, indirect jump target, else 0 */
	uint64_t ghist;           /* path register: global history at fetch, history bits */
	uint64_t t_fetch, t_issue, t_retready, t_end;  /* cycles (PROBE_NEVER if not reached) */
	uint32_t lat[PM_LAT_N];   /* cycles, PM_LAT_NONE where not reached */
	uint32_t events;          /* bit i = enum pm_event i */
	uint8_t abort;            /* enum pm_abort */
	const struct isa_insn *insn;
};

/* One sample: one record, or a pair (rec[1] fetched dist instructions after rec[0]). */
struct pm_sample {
	struct pm_record rec[2];
	uint32_t n;               /* 1 or 2 */
	uint32_t dist;            /* intra-pair fetch distance (instructions), 0 unpaired */
	int64_t fetch_gap;        /* intra-pair fetch latency: rec[1].t_fetch - rec[0].t_fetch */
};

/* Per-PC aggregate (DCPI-style): samples, then the exact truth of the same run. */
struct pm_pc {
	uint64_t pc;
	const struct isa_insn *insn;
	uint64_t samples, retired;
	uint64_t aborted[PM_ABORT_N];
	uint64_t ev[PM_EV_N];             /* samples with event bit i */
	uint64_t lat_sum[PM_LAT_N];       /* cycles over the samples that reached both stages */
	uint64_t lat_n[PM_LAT_N];
	uint32_t lat_hist[PM_LAT_N][PM_HIST_N];
	uint64_t ready_lat_sum;           /* fetch → retire-ready cycles, retired samples */
	/* paired sampling, §5.2 */
	uint64_t pair_first, pair_second; /* pairs where this PC was the first / second */
	uint64_t u_f, u_b;                /* U_I^F, U_I^B: useful overlap forward / backward */
	uint64_t l_i;                     /* L_I: fetch → retire-ready cycles, retired samples
	                                     of pairs (both slots) */
	uint64_t gap_sum;                 /* intra-pair fetch latency, as first (cycles) */
	/* exact truth (set by pm_finish) */
	uint64_t x_fetched, x_retired, x_dcache_miss;
	uint64_t x_ready_lat;             /* fetch → retire-ready cycles over its retirements */
	int64_t x_wasted;                 /* wasted issue slots over its retirements */
	uint64_t x_useful;                /* useful instructions issued while in progress */
};

struct pm_config {
	uint64_t interval;        /* mean fetched instructions between samples (major interval) */
	int paired;               /* 1: paired sampling */
	uint32_t window;          /* W: second instruction 1..W fetched after the first */
	uint32_t history_bits;    /* path register bits (1..64) */
	uint64_t seed;
	uint32_t issue_width;     /* C: issue slots per cycle for wasted-slot figures */
	uint32_t ipc_window_cycles;  /* windowed IPC (§6), 30 */
	size_t keep_samples;      /* keep up to this many samples for later analysis (paths),
	                             a uniform subset of the run's */
	uint32_t keep_path_max;   /* control transfers kept per kept sample (true path) */
	FILE *raw;                /* NULL, or every sample as text lines (docs/profileme.md) */
	uint32_t fetch_slots;     /* 0: the counter counts fetched instructions; else it counts
	                             fetch opportunities, this many per cycle (§4.1.1, the fetch
	                             width): a tagged slot may hold no instruction (an empty
	                             sample); interval is then mean slots between samples */
};

/* A control transfer of the true path (kept samples). */
struct pm_xfer {
	uint64_t pc, next;        /* the transfer and where execution went */
	uint8_t cond, taken, call, ret;
};

/* A kept sample for later analysis: the sample and the true path before its last record
 * (the pair's second; correct path only, else path_n 0; newest transfer first). */
struct pm_kept {
	struct pm_sample s;
	uint32_t path_n;          /* transfers in path[] (0 for wrong-path records) */
	struct pm_xfer *path;     /* into the unit's pool */
};

/* Run-wide figures. */
struct pm_stats {
	uint64_t fetched;         /* instructions fetched (records seen) */
	uint64_t samples;         /* records sampled (pairs count 2) */
	uint64_t pairs;
	uint64_t retired;
	uint64_t aborted[PM_ABORT_N];
	uint64_t dropped;         /* tags lost: unit busy, or still in flight at the end */
	uint64_t x_retired;
	/* windowed IPC (exact, §6) */
	uint64_t ipc_windows, ipc_zero_windows;
	double ipc_mean, ipc_wmean, ipc_wstd;  /* mean; mean and std weighted by retire count */
	double ipc_max, ipc_min_nonzero;
	uint64_t wasted_truncated;            /* exact wasted slots resolved early (span limit) */
	/* fetch-opportunity counting (cfg.fetch_slots), over cycles [0, end cycle) */
	uint64_t slot_samples;    /* tagged fetch slots (first of a pair when paired) */
	uint64_t empty_samples;   /* of which held no instruction */
	uint64_t slots;           /* exact: fetch slots, fetch_slots x cycles */
	uint64_t x_empty_slots;   /* exact: slots that held no instruction */
};

struct pm;

/* Create a unit. Returns 0, -EINVAL (interval 0, window 0 with paired, history bits out of
 * 1..64) or -ENOMEM. */
int pm_create(const struct pm_config *cfg, struct pm **out) __attribute__((warn_unused_result));

/* The probe consumer to attach to the core. */
void pm_consumer(struct pm *p, struct probe_consumer *out);

/* With cfg.fetch_slots: the run lasted `cycles` cycles (core_stats()->cycles); the fetch
 * slots of the cycles after the last fetch count as empty. Call before pm_finish (without
 * it, slots are counted up to the last cycle that fetched). */
void pm_end_cycles(struct pm *p, uint64_t cycles);

/* The run ended: resolve the exact truth still pending; drop tags still in flight. */
void pm_finish(struct pm *p);

const struct pm_config *pm_config(const struct pm *p);
const struct pm_stats *pm_stats(const struct pm *p);
/* The per-PC table (every PC fetched, sampled or not), in no particular order; its exact
 * truth is filled in by pm_finish. */
const struct pm_pc *pm_pcs(const struct pm *p, size_t *n);
/* The PC's entry, or NULL. */
const struct pm_pc *pm_pc_find(const struct pm *p, uint64_t pc);
/* The kept samples (at most keep_samples, a uniform subset of the run's). */
const struct pm_kept *pm_kept(const struct pm *p, size_t *n);
/* A nonzero result when some figures lost counts for lack of memory. */
int pm_oom(const struct pm *p);

const char *pm_event_name(enum pm_event e);   /* "dcache_miss", ... */
const char *pm_abort_name(enum pm_abort a);   /* "wrong_path", ... */
const char *pm_lat_name(enum pm_lat l);       /* "fetch_map", ... */
/* Lower bound in cycles of histogram bucket b. */
uint32_t pm_hist_floor(unsigned b);

void pm_destroy(struct pm *p);

#endif
