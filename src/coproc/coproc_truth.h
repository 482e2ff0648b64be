/*
 * coproc_truth.h — what the co-processor's profiles are measured against: a probe consumer
 * that sees every committed load (the exact value profile), branch (the exact edge profile)
 * and store (the exact last-writer of every loaded address), plus the simple-sampling value
 * profiler of Figure 1 (an interrupt per sampled load) at every power-of-two rate at once;
 * and the evaluations: §5.2's qualifying <load, value> pairs (>= 200 instances, >= 25%
 * invariance) with the co-processor's and the simple sampler's estimates (Figure 5).
 */
#ifndef ROBIN_COPROC_COPROC_TRUTH_H
#define ROBIN_COPROC_COPROC_TRUTH_H

#include <stddef.h>
#include <stdint.h>

#include "coproc/coproc_edge.h"
#include "coproc/coproc_value.h"
#include "core/probe.h"

#define COPROC_TRUTH_LEVELS 20        /* simple sampling at 1/2^k, k = 0..19 */
#define COPROC_QUAL_MIN_COUNT 200     /* §5.2 */
#define COPROC_QUAL_MIN_INV 0.25

struct coproc_truth;

/* edges / memdep: also keep the exact edge / dependence profile. Returns 0 or -ENOMEM. */
int coproc_truth_create(int edges, int memdep, uint64_t seed, struct coproc_truth **out)
	__attribute__((warn_unused_result));
void coproc_truth_consumer(struct coproc_truth *t, struct probe_consumer *out);
/* Committed loads seen; 1 if a table could not grow (results incomplete). */
uint64_t coproc_truth_loads(const struct coproc_truth *t);
int coproc_truth_oom(const struct coproc_truth *t);
void coproc_truth_destroy(struct coproc_truth *t);

/* One qualifying pair of Figure 5. */
struct coproc_fig5_point {
	uint64_t pc;                  /* full PC of the load */
	uint32_t value;               /* low 32 bits */
	uint64_t count;               /* dynamic instances of this value at this load */
	double true_inv, est_inv, simple_inv;
};

struct coproc_value_eval {
	uint64_t loads;               /* committed loads */
	uint64_t static_loads;
	uint64_t pairs;               /* distinct <load, value> */
	uint64_t qualifying;          /* §5.2's pairs */
	uint64_t within5;             /* co-processor estimate within 5 points */
	uint64_t estimated;           /* qualifying pairs the co-processor estimated at all */
	double wrms;                  /* frequency-weighted RMS error, in points */
	/* simple sampling at the largest rate whose interrupts cost no more than budget */
	uint64_t simple_period;       /* one sample per this many loads, on average */
	uint64_t simple_samples;
	uint64_t simple_cycles;       /* samples x cost per sample */
	uint64_t simple_within5;
	double simple_wrms;
};

/* Compare the co-processor's A.6 estimates est[0..n) and simple sampling whose cost is at
 * most budget_cycles (cost_per_sample each) with the exact value profile. *pts (malloc'ed,
 * may be NULL when npts is 0) gets the qualifying pairs, most frequent first. Returns 0 or
 * -ENOMEM. */
int coproc_truth_eval_value(const struct coproc_truth *t, const struct coproc_value_est *est,
			    size_t n, uint64_t budget_cycles, uint64_t cost_per_sample,
			    struct coproc_value_eval *out, struct coproc_fig5_point **pts,
			    size_t *npts) __attribute__((warn_unused_result));

struct coproc_pair_eval {
	uint64_t items;               /* branches (or loads with dependences) executed >= 200x */
	uint64_t covered;             /* of which the co-processor reported */
	uint64_t within5;             /* edges: taken fraction within 5 points; memdep: the
	                                 dominant store found */
	double wrms;                  /* edges: weighted RMS error of the taken fraction */
};

int coproc_truth_eval_edges(const struct coproc_truth *t, const struct coproc_pair_count *r,
			    size_t n, struct coproc_pair_eval *out)
	__attribute__((warn_unused_result));
int coproc_truth_eval_memdep(const struct coproc_truth *t, const struct coproc_pair_count *r,
			     size_t n, struct coproc_pair_eval *out)
	__attribute__((warn_unused_result));

#endif
