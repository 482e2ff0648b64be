/*
 * annotate_profileme.h — ProfileMe columns of `robin annotate`: per instruction the
 * samples, the retired share, the average Table 1 latencies, the D-cache-miss share and the
 * wasted issue slots (estimated from pairs, and exact), read from the detail rows that
 * `robin sim --profileme --db` stores (docs/profileme.md).
 */
#ifndef ROBIN_REPORT_ANNOTATE_PROFILEME_H
#define ROBIN_REPORT_ANNOTATE_PROFILEME_H

#include <stdio.h>

#include "pmu/profileme.h"
#include "profile/listing.h"
#include "profile/profile_db.h"
#include "util/json.h"

struct annotate_profileme_insn {
	double samples, retired, dmiss;
	double lat_sum[PM_LAT_N], lat_n[PM_LAT_N];
	double wasted_est, wasted_exact;
	int has_wasted;
};

struct annotate_profileme {
	int present;                 /* the listing's image has a profileme profile */
	struct annotate_profileme_insn *in; /* one per listing instruction */
};

/* Load the columns for listing l (profiles matching f with event "profileme"). Returns 0
 * (out->present 0 when there is no such profile) or -errno. */
int annotate_profileme_load(struct profile_db *db, const struct profile_db_filter *f,
			    const struct listing *l, struct annotate_profileme *out)
	__attribute__((warn_unused_result));

/* Text: the header cells, and instruction k's cells (width annotate_profileme_width()). */
void annotate_profileme_header(FILE *out);
void annotate_profileme_cells(FILE *out, const struct annotate_profileme *a, size_t k);
int annotate_profileme_width(void);
/* JSON: the member "profileme" of instruction k (nothing when absent or unsampled). */
void annotate_profileme_json(struct json *j, const struct annotate_profileme *a, size_t k);

/* Release what annotate_profileme_load allocated (present becomes 0). */
void annotate_profileme_free(struct annotate_profileme *a);

#endif
