/*
 * dcpi_eval.h — DCPI's analysis measured against the simulator's truth
 * (002_767b26a0b68559db.txt §6.2-6.3): Figure 8, the distribution of instruction-frequency
 * errors weighted by samples; Figure 9, edge-frequency errors weighted by edge executions;
 * the accuracy of each confidence level; culprit accuracy (of the dynamic stall samples the
 * simulator attributes to a cause, the share whose instruction `calc` gave that cause); and
 * Figure 10's correlation, per procedure, of the I-cache stall cycles `calc` names with the
 * true front-end stall cycles. Entry points: dcpi_eval_add, dcpi_eval_finish.
 */
#ifndef ROBIN_ANALYSIS_DCPI_EVAL_H
#define ROBIN_ANALYSIS_DCPI_EVAL_H

#include <stddef.h>

#include "analysis/dcpi_run.h"

#define DCPI_EVAL_NBUCKET 20          /* 5% buckets from -50% to +50%, the ends open */
#define DCPI_EVAL_MAX_PROCS 4096      /* procedures kept for the correlation */

struct dcpi_eval {
	/* Figure 8: samples of instructions by error bucket of F·P against the exact count */
	double samples;                   /* samples on instructions of analysed procedures */
	double hist[DCPI_EVAL_NBUCKET];
	double unestimated;               /* samples of instructions with no estimate */
	double within[3];                 /* samples within 5%, 10%, 15% */
	/* Figure 9: edge executions by error bucket */
	double edge_execs, edge_hist[DCPI_EVAL_NBUCKET], edge_unestimated, edge_within[3];
	/* confidence: samples and samples within 5% / 15% per level (enum dcpi_conf) */
	double conf_samples[4], conf_within5[4], conf_within15[4];
	double off15, off15_low;          /* samples off by more than 15%, of which marked low */
	/* culprits: dynamic stall samples per true cause (enum pmu_cat) and those named */
	double stall_true[PMU_CAT_N], stall_named[PMU_CAT_N];
	/* and the other way round: dynamic stall samples of the instructions that name a culprit
	 * of a cause, and of those the samples truly of that cause (the culprits' precision) */
	double stall_blamed[PMU_CAT_N], stall_blamed_right[PMU_CAT_N];
	/* Figure 10 per procedure: exact I-cache misses, calc's I-cache stall range (cycles) */
	size_t nprocs;
	double fe_true[DCPI_EVAL_MAX_PROCS], ic_lo[DCPI_EVAL_MAX_PROCS], ic_hi[DCPI_EVAL_MAX_PROCS];
	double corr_lo, corr_hi, corr_mid; /* set by dcpi_eval_finish (NAN when undefined) */
};

/* Add the analysed procedures of run r (it must carry dcpix counts; edges need dcpix-taken,
 * culprits the true causes). e must be zeroed first. */
void dcpi_eval_add(struct dcpi_eval *e, const struct dcpi_run *r);

/* Compute the correlations once every run is added. */
void dcpi_eval_finish(struct dcpi_eval *e);

/* Label of bucket k: "<-45%", "-45%", ..., "+45%", ">=+50%" style as Figure 8 (static). */
const char *dcpi_eval_bucket_name(size_t k);

#endif
