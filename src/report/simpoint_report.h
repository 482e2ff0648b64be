/*
 * simpoint_report.h — what `robin simpoint` prints: SimPoint's clustering as the --stats-json
 * document (simpoint_report_json), and a sampled-simulation campaign's estimate as text
 * (simpoint_report_campaign): the points table, with each point's interval and its cluster's
 * CPI spread in the full detailed run when validated, the weighted cycle stack, the host times
 * and the weighted profiles' errors.
 */
#ifndef ROBIN_REPORT_SIMPOINT_REPORT_H
#define ROBIN_REPORT_SIMPOINT_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/simpoint.h"
#include "campaign/campaign_result.h"

/* Write the clustering r of the vectors in fv_path as JSON to path: intervals, the chosen k,
 * the BIC of every k tried, the selected points with their weights. Returns 0 or -errno with
 * "cannot write PATH: REASON" in err. */
int simpoint_report_json(const char *path, const char *fv_path, const struct simpoint_result *r,
                         char *err, size_t errlen) __attribute__((warn_unused_result));

/* One line per cluster of c split by the memory signature. */
void simpoint_report_splits(FILE *out, const struct campaign *c);

/* Print the campaign's result r (after campaign_result_estimate) on out. */
void simpoint_report_campaign(FILE *out, const struct campaign_result *r);

#endif
