/*
 * annotate_listing.h — the per-instruction listing of one function (profile/listing.h) for
 * people and programs: address, disassembly, source lines interleaved, samples per event and
 * % of the function's samples, the commit-state split, and the ProfileMe and IBS op columns
 * when their profiles exist. `robin annotate` prints it.
 */
#ifndef ROBIN_REPORT_ANNOTATE_LISTING_H
#define ROBIN_REPORT_ANNOTATE_LISTING_H

#include <stdio.h>

#include "profile/listing.h"
#include "report/annotate_ibs.h"
#include "report/annotate_profileme.h"
#include "report/table.h"

/* Print listing l on out as text (source lines interleaved when `source`), JSON (source
 * text included when `source`) or CSV (no ProfileMe or IBS columns); pm and ibs add their
 * columns when present. */
void annotate_listing_print(FILE *out, enum table_format fmt, struct listing *l, int source,
			    const struct annotate_profileme *pm, const struct annotate_ibs *ibs);

#endif
