/*
 * tea_eval.h — the TEA experiment of 004_b28092482852db08.txt Paper B §5 over a workload
 * suite, below `robin accuracy --tea`: per run (one workload, one sampling configuration)
 * the PICS error of IBS, SPE, RIS, NCI-TEA and TEA against the golden reference restricted
 * to each one's event set at instruction, basic-block and function level with sample counts,
 * and per event the Pearson correlation between event counts and PICS cycles; over the
 * suite, Figure B.5 (instruction-level error per workload, average, maximum), Figure B.9
 * (instruction against function level), Figure B.7 (correlation: median and quartiles over
 * workloads) and Figure B.8 (error against sampling frequency), as text or JSON.
 * Entry points: tea_eval_models, tea_eval_measure, tea_eval_print, tea_eval_json.
 */
#ifndef ROBIN_ANALYSIS_TEA_EVAL_H
#define ROBIN_ANALYSIS_TEA_EVAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/pics_eval.h"
#include "pmu/pmu.h"
#include "util/json.h"

#define TEA_EVAL_NPROF 5   /* ibs, spe, ris, nci-tea, tea: Figure B.5's columns */

/* The name of profiler i (0..TEA_EVAL_NPROF-1), in Figure B.5's order. */
const char *tea_eval_prof_name(int i);

/* The model mask of the experiment: the five profilers and the golden reference. */
uint32_t tea_eval_models(void);

/* One run's figures; plain data (it crosses a pipe between processes). */
struct tea_eval_run {
	int valid;
	uint64_t samples[TEA_EVAL_NPROF];
	double err[TEA_EVAL_NPROF][PMU_EVAL_GRAN_N];  /* NaN: the profiler had no samples */
	double corr[PSV_BITS];                        /* NaN: undefined (see pics_eval.h) */
	uint32_t corr_n[PSV_BITS];                    /* instructions in the correlation */
	double golden_cycles;
};

/* Measure a finished PMU that has the experiment's models (others are ignored). Returns 0,
 * -ENOENT when the golden reference is not attached, or -ENOMEM. */
int tea_eval_measure(const struct pmu *p, struct code_map *m, struct tea_eval_run *out)
	__attribute__((warn_unused_result));

/* The suite's results: runs[k * n + i] is workload i under configuration k; configuration 0
 * is the main one, k >= 1 the frequency sweep (equiv_hz[k]: the paper frequency period[k]
 * stands for). */
struct tea_eval_suite {
	size_t n;
	const char *const *names;
	int ncfg;
	const uint64_t *period;
	const double *equiv_hz;
	const struct tea_eval_run *runs;
};

/* Figures B.5, B.9, B.7 and (ncfg > 1) B.8 as text. */
void tea_eval_print(FILE *out, const struct tea_eval_suite *s);

/* The same as members of the caller's open JSON object: "tea" {profilers, workloads[],
 * average{profiler: {granularity: error}}, correlation{event: {median, q1, q3, workloads}},
 * sweep[]}. */
void tea_eval_json(struct json *j, const struct tea_eval_suite *s);

#endif
