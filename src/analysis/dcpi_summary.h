/*
 * dcpi_summary.h — where a procedure's (or an image's) cycles went, as DCPI's Figure 4 sums
 * it up (002_767b26a0b68559db.txt §3.3, §6.3): best-case and actual cycles, dynamic stalls by
 * cause as a range, static stalls by kind, execution, unexplained stall and gain. All in
 * samples of the issue-head profile (multiply by the period for cycles).
 * Entry point: dcpi_summary_add (in dcpi_culprit.c) after dcpi_proc_culprits.
 */
#ifndef ROBIN_ANALYSIS_DCPI_SUMMARY_H
#define ROBIN_ANALYSIS_DCPI_SUMMARY_H

#include "analysis/dcpi.h"

struct dcpi_summary {
	double samples;                       /* actual: ∑ S_i */
	double best_case;                     /* ∑ F_i M_i */
	double insns_executed;                /* ∑ F_i (instructions per period) */
	double execution;                     /* one cycle per issue point and execution */
	double static_stall[DCPI_STATIC_COUNT]; /* F_i (M_i - 1) by the kind of static stall;
	                                         * slotting: F_i M_i (a cycle it could have
	                                         * shared with its predecessor) */
	double cause_lo[DCPI_CAUSE_COUNT];    /* dynamic stall with only this candidate */
	double cause_hi[DCPI_CAUSE_COUNT];    /* dynamic stall with this among the candidates */
	double dynamic;                       /* explained dynamic stall */
	double unexplained_stall;             /* dynamic stall with every candidate ruled out */
	double unexplained_gain;              /* F_i (M_i - cpi) where cpi < M_i */
	double noise;                         /* dynamic stalls below half a cycle */
	double unestimated;                   /* samples of instructions with no frequency */
};

/* Add procedure p's instructions to s (zero it first). */
void dcpi_summary_add(struct dcpi_summary *s, const struct dcpi_proc *p);

#endif
