/*
 * pics_eval.h — how good per-instruction cycle stacks (PICS) are, and what they say: the PICS
 * error of 004_b28092482852db08.txt Paper B §4, E = (T_total - sum_i sum_j min(C_ij, C^R_ij))
 * / T_total over units i (instruction, basic block, function: analysis/code_map.h) and
 * components j (signatures, pmu/psv.h), both sides normalised to shares and both restricted
 * to the profiler's event set; an instruction's components; and the Pearson correlation
 * between an instruction's event count and its PICS cycles for that event (Figure B.7).
 * PICS are struct pmu_profile tables keyed psv_key(pc, signature) (pmu/pmu.h unit->pics).
 * Entry points: pics_eval_error, pics_eval_components, pics_eval_stack_text,
 * pics_eval_correlation.
 */
#ifndef ROBIN_ANALYSIS_PICS_EVAL_H
#define ROBIN_ANALYSIS_PICS_EVAL_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/pmu_eval.h"
#include "pmu/psv.h"

#define PICS_EVAL_SIGS (PSV_ALL + 1)

/* The PICS error of `pics` against the golden reference's, signatures of both masked by
 * `set`, at every granularity. Returns 0, -ENODATA when either side is empty, or -ENOMEM. */
int pics_eval_error(struct code_map *m, const struct pmu_profile *pics,
		    const struct pmu_profile *golden, uint32_t set,
		    struct profile_error err[PMU_EVAL_GRAN_N]) __attribute__((warn_unused_result));

/* The cycle stack of the instruction at pc: units[sig] for every signature masked by set
 * (the array has PICS_EVAL_SIGS entries). Returns the instruction's total units. */
uint64_t pics_eval_components(const struct pmu_profile *pics, uint64_t pc, uint32_t set,
			      uint64_t *units);

/* A cycle stack (units[PICS_EVAL_SIGS] by signature, any unit) as text: the largest
 * components by share ("ST-LLC 81%, base 12%"), at most
 * `parts` of them and those of at least 1%, the rest summed as "other N%". */
void pics_eval_stack_text(const double *units, double total, int parts, char *buf, size_t n);

/* Figure B.7 for one run: per event bit b, the Pearson correlation over static instructions
 * (those with a nonzero count or nonzero cycles for b) between the number of correct-path
 * executions that met b (evcount, keyed psv_key(pc, 1 << b)) and the golden cycles under
 * signatures containing b. r[b] is NaN when fewer than 3 instructions or no variance;
 * n[b] the instructions used. prof is the golden unit's per-pc profile. Returns 0 or -ENOMEM. */
int pics_eval_correlation(const struct pmu_profile *prof, const struct pmu_profile *pics,
			  const struct pmu_profile *evcount, double r[PSV_BITS], size_t n[PSV_BITS])
	__attribute__((warn_unused_result));

#endif
