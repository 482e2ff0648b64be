/*
 * pm_fig3.h — Figure 3 of 000_424085ad3398c1f4.txt in the HTML report: for every PC of the
 * stored ProfileMe profiles, the samples k with a property (retired, D-cache miss) and the
 * ratio of the estimate kS to the exact count kept with the profile (pm_truth details),
 * shown as a table of the envelope fraction by k and as an SVG scatter with the envelope
 * 1 ± 1/√k. Entry points: pm_fig3_load, pm_fig3_html, pm_fig3_free.
 */
#ifndef ROBIN_REPORT_PM_FIG3_H
#define ROBIN_REPORT_PM_FIG3_H

#include <stddef.h>
#include <stdio.h>

#include "profile/profile_db.h"

struct pm_fig3_point {
	double k, ratio;          /* samples with the property, estimate / exact */
};

struct pm_fig3 {
	struct pm_fig3_point *pt[2];  /* [0] retire count, [1] D-cache misses */
	size_t n[2];
};

/* Load the points of the profiles matching f (events profileme-retired and
 * profileme-dcache-miss with their exact counts). Returns 0 (no points when there is no
 * ProfileMe profile) or -errno. */
int pm_fig3_load(struct profile_db *db, const struct profile_db_filter *f, struct pm_fig3 *out)
	__attribute__((warn_unused_result));

/* The report section (nothing when there are no points). */
void pm_fig3_html(FILE *out, const struct pm_fig3 *f);

void pm_fig3_free(struct pm_fig3 *f);

#endif
