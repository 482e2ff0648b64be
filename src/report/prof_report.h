/*
 * prof_report.h — dcpiprof's table (002_767b26a0b68559db.txt Figure 1) as `robin prof`
 * prints it: samples per procedure (or per image) from profile/profile_agg.h, one column
 * group (count, %, cum%) per event, sorted by the first event; text, JSON or CSV.
 */
#ifndef ROBIN_REPORT_PROF_REPORT_H
#define ROBIN_REPORT_PROF_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "profile/profile_agg.h"
#include "report/table.h"

/* Print the first n_rows rows of a (per image when `images`) on out; the text notes the
 * rows left out and the unreadable images, JSON names db_path. Returns 0, or -ENOMEM with
 * nothing printed. */
int prof_report_print(FILE *out, enum table_format fmt, const struct profile_agg *a,
		      size_t n_rows, int images, const char *db_path)
	__attribute__((warn_unused_result));

#endif
