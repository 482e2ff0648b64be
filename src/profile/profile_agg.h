/*
 * profile_agg.h — the reader's aggregation: sum the profiles that match a filter per
 * procedure (symbolised through symbols.h) or per image, one value column per event.
 * `robin prof` prints it (dcpiprof, Figure 1 of 002_767b26a0b68559db.txt); `stats`, `diff`,
 * `export` and `report` build on it.
 */
#ifndef ROBIN_PROFILE_AGG_H
#define ROBIN_PROFILE_AGG_H

#include <stddef.h>
#include <stdint.h>

#include "profile/profile_db.h"

enum profile_agg_by {
	PROFILE_AGG_PROCEDURE, /* one row per (image, function symbol) */
	PROFILE_AGG_IMAGE,     /* one row per image */
};

#define PROFILE_AGG_NO_SYMBOL "[unknown]" /* row name for offsets in no function symbol */

struct profile_agg_row {
	int64_t image_id;
	const char *image_path;  /* owned by the agg */
	const char *name;        /* function name (demangling is not done), PROFILE_AGG_NO_SYMBOL,
	                            or for PROFILE_AGG_IMAGE the image path */
	uint64_t start, size;    /* the function's offset range; 0, 0 for image rows and for
	                            PROFILE_AGG_NO_SYMBOL */
	double *values;          /* n_events values: sum of count / count_divisor (samples) */
};

struct profile_agg {
	size_t n_events;
	char **events;           /* column names, in filter order, else sorted by name */
	double *totals;          /* per event: sum over all rows */
	uint64_t *periods;       /* per event: the sampling period when all its profiles agree,
	                            else 0 */
	size_t n_rows;
	struct profile_agg_row *rows; /* sorted by values[0] descending, then by later columns,
	                                 then image and name */
	size_t n_profiles;            /* profiles that matched the filter */
	size_t n_images_unreadable;   /* images whose file was not found (rows by address) */
	char unreadable_why[512];     /* "PATH: reason" of the first of them, '' if none */
};

/* Build the aggregate of every profile matching `f` (NULL = all). Images are symbolised from
 * their recorded path, or by build-id (symbols_find). Returns 0 or -errno with the reason in
 * profile_db_error(db). */
int profile_agg_build(struct profile_db *db, const struct profile_db_filter *f,
		      enum profile_agg_by by, struct profile_agg *out)
	__attribute__((warn_unused_result));

void profile_agg_free(struct profile_agg *a);

#endif
