/*
 * dcpi_listing.h — DCPI's analysis of a stored run (analysis/dcpi_run.h) as `robin calc` and
 * `robin topstalls` print it (002_767b26a0b68559db.txt §3.2, §6): per basic block the
 * best-case and actual CPI, per instruction its samples, cpi, culprit letters, bubbles for
 * stall cycles and the instruction to blame (Figure 2); where the cycles went (Figure 4);
 * the instructions that lost the most cycles to stalls. Text or JSON.
 */
#ifndef ROBIN_REPORT_DCPI_LISTING_H
#define ROBIN_REPORT_DCPI_LISTING_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/dcpi_run.h"

/* calc: with one_func (r holds the one procedure asked for) and without summary, the listing
 * of r->f[0]; with summary, where the cycles of r's procedures went. JSON: one object with
 * the run, that listing and always the summary. */
void dcpi_listing_calc_print(FILE *out, const struct dcpi_run *r, int one_func, int summary,
			     int json);

/* topstalls: the limit instructions of r with the most stall samples (static + dynamic),
 * with cycles per execution, confidence, culprits and the load to blame. Returns 0, or
 * -ENOMEM with nothing printed. */
int dcpi_listing_topstalls_print(FILE *out, const struct dcpi_run *r, size_t limit, int json)
	__attribute__((warn_unused_result));

#endif
