/*
 * pmu_eval.h — how good a simulated profiler is: its profile error against the Oracle's
 * (004_b28092482852db08.txt Paper A §4, analysis/profile_error.h) at instruction, basic-block
 * and function granularity over the program's code (analysis/code_map.h); the workload class
 * of the paper's rule from the Oracle's cycle stack (compute-intensive if it commits in more
 * than 50% of the cycles, else flush-intensive if more than 3% are flushes, else
 * stall-intensive); and the heaviest instructions of a profile, described.
 * Entry points: pmu_eval_error, pmu_eval_classify, pmu_eval_top, pmu_eval_top_funcs,
 * pmu_eval_func_units.
 */
#ifndef ROBIN_ANALYSIS_PMU_EVAL_H
#define ROBIN_ANALYSIS_PMU_EVAL_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/code_map.h"
#include "analysis/profile_error.h"
#include "pmu/pmu_profile.h"

enum pmu_eval_gran { PMU_EVAL_INSN, PMU_EVAL_BLOCK, PMU_EVAL_FUNC, PMU_EVAL_GRAN_N };

/* "instruction", "basic_block", "function" (the JSON keys). */
const char *pmu_eval_gran_name(enum pmu_eval_gran g);

/* The error of prof against the Oracle's profile at every granularity. Returns 0, -ENODATA
 * when either profile is empty, or -ENOMEM. */
int pmu_eval_error(struct code_map *m, const struct pmu_profile *prof,
		   const struct pmu_profile *oracle, struct profile_error err[PMU_EVAL_GRAN_N])
	__attribute__((warn_unused_result));

enum pmu_eval_class { PMU_EVAL_COMPUTE, PMU_EVAL_FLUSH, PMU_EVAL_STALL, PMU_EVAL_CLASS_N };

#define PMU_EVAL_COMPUTE_SHARE 0.50  /* committing in more than half the cycles */
#define PMU_EVAL_FLUSH_SHARE 0.03    /* else flushed in more than 3% of the cycles */

/* The class of a run from the Oracle's cycle stack; shares[PMU_CAT_N] (may be NULL) gets the
 * stack as fractions of all cycles. */
enum pmu_eval_class pmu_eval_classify(const struct pmu_profile *oracle, double *shares);
const char *pmu_eval_class_name(enum pmu_eval_class c);  /* "compute", "flush", "stall" */

struct pmu_eval_top {
	uint64_t pc;
	double share;                       /* of the profile's total */
	double cat_share[PMU_CAT_N];        /* of this instruction's own total */
	char func[CODE_MAP_TEXT_MAX];       /* "__ceil" (the image's name outside symbols) */
	char where[CODE_MAP_TEXT_MAX];      /* "__ceil+0x14" */
	char source[CODE_MAP_TEXT_MAX];     /* "s_ceil.c:31", "" unknown */
	char disasm[CODE_MAP_TEXT_MAX];     /* objdump syntax */
};

/* The n heaviest instructions of prof (fewer if it has fewer), heaviest first. Returns the
 * number filled, or -ENOMEM. */
int pmu_eval_top(struct code_map *m, const struct pmu_profile *prof, struct pmu_eval_top *out,
		 size_t n) __attribute__((warn_unused_result));

struct pmu_eval_top_func {
	uint64_t key;                       /* code_map_key_func */
	double share;                       /* of the profile's total */
	char func[CODE_MAP_TEXT_MAX];       /* as pmu_eval_top names an instruction's function */
};

/* The n heaviest functions of prof (its instructions' units summed per code_map_key_func),
 * heaviest first, those of at least min_share of its total. Returns the number filled, or
 * -ENOMEM. */
int pmu_eval_top_funcs(struct code_map *m, const struct pmu_profile *prof, double min_share,
		       struct pmu_eval_top_func *out, size_t n) __attribute__((warn_unused_result));

/* The units of prof in each of the n functions keys[] (code_map_key_func) into out[]. 0 or
 * -ENOMEM. */
int pmu_eval_func_units(struct code_map *m, const struct pmu_profile *prof,
			const uint64_t *keys, size_t n, double *out)
	__attribute__((warn_unused_result));

#endif
