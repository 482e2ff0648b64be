/*
 * ibs_fig2.h — Figure 2 of 003_b4067ee07181a84e.txt in the HTML report: for the sampled loads
 * of the stored IBS op profiles (event "ibs-op", recorded by `robin record --event ibs-op` or
 * simulated by `robin sim --profile ibs --db`), the distribution of DcMissLat split by data
 * source (detail kind ibs_data_src, collect/ibs.h), as a table and an SVG chart per load.
 * Entry points: ibs_fig2_load, ibs_fig2_html, ibs_fig2_free.
 */
#ifndef ROBIN_REPORT_IBS_FIG2_H
#define ROBIN_REPORT_IBS_FIG2_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "collect/ibs.h"
#include "profile/profile_db.h"

#define IBS_FIG2_LOADS 4        /* loads shown: those with the most samples */
#define IBS_FIG2_BUCKETS 18     /* 0, 1, 2, 4, ... 65536 cycles */

struct ibs_fig2_load {
	char where[256];            /* image base name + offset */
	uint64_t samples;
	uint64_t n[IBS_SRC_N][IBS_FIG2_BUCKETS];   /* samples per source and latency bucket */
	double lat_sum[IBS_SRC_N];
};

struct ibs_fig2 {
	struct ibs_fig2_load load[IBS_FIG2_LOADS];
	size_t nloads;
};

/* Load the loads of the ibs-op profiles matching f. Returns 0 (no loads when there is no
 * IBS profile) or -errno. */
int ibs_fig2_load(struct profile_db *db, const struct profile_db_filter *f, struct ibs_fig2 *out)
	__attribute__((warn_unused_result));

/* The report section (nothing when there are no loads). */
void ibs_fig2_html(FILE *out, const struct ibs_fig2 *f);

void ibs_fig2_free(struct ibs_fig2 *f);

#endif
