/*
 * pics_view.h — per-instruction cycle stacks (PICS, 004_b28092482852db08.txt Paper B) for
 * people: `robin annotate --pics FUNCTION` (each instruction's stack beside its disassembly
 * and source) and `robin prof --pics` (each procedure's stack), from the psv rows of a
 * profile database (profile/pics_read.h).
 */
#ifndef ROBIN_REPORT_PICS_VIEW_H
#define ROBIN_REPORT_PICS_VIEW_H

#include <stddef.h>

#include "profile/listing.h"
#include "profile/profile_db.h"

/* Print the PICS of the listing's function. Returns 0, or 1 after a one-line error on
 * stderr ("robin annotate: ..."). */
int pics_view_annotate(struct profile_db *db, const struct profile_db_filter *f,
		       struct listing *l, int source);

/* Print every procedure's PICS (at most limit rows, 0 = all), heaviest first. Returns 0 or 1
 * after a one-line error on stderr. */
int pics_view_prof(struct profile_db *db, const struct profile_db_filter *f, size_t limit);

#endif
