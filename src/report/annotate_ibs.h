/*
 * annotate_ibs.h — IBS op columns of `robin annotate`, the same for recorded (`robin record
 * --event ibs-op`) and simulated (`robin sim --profile ibs --db`) profiles: per instruction the
 * op samples, loads, stores, the D-cache miss share and average DcMissLat, D-TLB misses,
 * mispredicted branches and where the loads' data came from (L2 / LLC / DRAM), derived by
 * collect/ibs.c's ibs_op_derive from the event_bits, ibs_dc_miss_lat and ibs_data_src rows.
 */
#ifndef ROBIN_REPORT_ANNOTATE_IBS_H
#define ROBIN_REPORT_ANNOTATE_IBS_H

#include <stdint.h>
#include <stdio.h>

#include "collect/ibs.h"
#include "profile/listing.h"
#include "profile/profile_db.h"
#include "util/json.h"

struct annotate_ibs {
	int present;                 /* the listing's image has an ibs-op profile */
	uint64_t (*der)[IBS_OPD_N];  /* one row of derived events per listing instruction */
};

/* Load the columns for listing l (profiles matching f with event "ibs-op"). Returns 0
 * (out->present 0 when there is none) or -errno. */
int annotate_ibs_load(struct profile_db *db, const struct profile_db_filter *f,
		      const struct listing *l, struct annotate_ibs *out)
	__attribute__((warn_unused_result));

/* Text: the header cells, and instruction k's cells (annotate_ibs_width() wide). */
void annotate_ibs_header(FILE *out);
void annotate_ibs_cells(FILE *out, const struct annotate_ibs *a, size_t k);
int annotate_ibs_width(void);
/* JSON: the member "ibs_op" of instruction k with every derived event (nothing when absent). */
void annotate_ibs_json(struct json *j, const struct annotate_ibs *a, size_t k);

/* Release what annotate_ibs_load allocated (present becomes 0). */
void annotate_ibs_free(struct annotate_ibs *a);

#endif
