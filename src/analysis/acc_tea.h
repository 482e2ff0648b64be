/*
 * acc_tea.h — the TEA experiment of 004_b28092482852db08.txt Paper B §5 (`robin accuracy
 * --tea`): Paper A's runs (acc_paper_a.h, opts.tea set) with IBS, SPE, RIS, NCI-TEA, TEA and
 * the golden reference attached instead of Paper A's profilers, their PICS errors measured per
 * workload and configuration; here the suite's results become the table of Figures B.5, B.9,
 * B.7 and B.8 (analysis/tea_eval.h). Entry points: acc_tea_suite, acc_tea_suite_free.
 */
#ifndef ROBIN_ANALYSIS_ACC_TEA_H
#define ROBIN_ANALYSIS_ACC_TEA_H

#include "analysis/acc_paper_a.h"
#include "analysis/tea_eval.h"

/* Paper B's table of a run of the experiment, and the arrays it points into. */
struct acc_tea_suite {
	struct tea_eval_suite s;
	const char **names;
	struct tea_eval_run *runs;
	uint64_t period[ACC_PAPER_A_MAX_CFG];
	double equiv_hz[ACC_PAPER_A_MAX_CFG];
};

/* The table of t (run with opts.tea): workloads that did not run count as empty runs.
 * Returns 0 or -ENOMEM (free with acc_tea_suite_free either way). */
int acc_tea_suite(const struct acc_paper_a_table *t, struct acc_tea_suite *out)
	__attribute__((warn_unused_result));

/* Free the arrays of s (the table no longer valid). */
void acc_tea_suite_free(struct acc_tea_suite *s);

#endif
