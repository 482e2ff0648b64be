/*
 * stats_report.h — dcpistats (002_767b26a0b68559db.txt §3.3, Figure 3): one event's samples
 * per procedure (or per image) across N sample sets — runs or epochs — with sum, share of the
 * grand total, mean, sample std-dev, min, max and normalised ranges, sorted by range; and the
 * per-set sample totals. `robin stats` prints it.
 */
#ifndef ROBIN_REPORT_STATS_REPORT_H
#define ROBIN_REPORT_STATS_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/profile_stats.h"
#include "profile/profile_db.h"
#include "report/report_load.h"
#include "report/selector.h"
#include "report/table.h"

enum stats_set_kind { STATS_SETS_RUNS, STATS_SETS_EPOCHS };
enum stats_by { STATS_BY_PROCEDURE, STATS_BY_IMAGE };

struct stats_set {
	int64_t id;          /* run or epoch id */
	double total;        /* samples of the event in this set */
};

struct stats_row {
	char *image;         /* image path */
	char *name;          /* procedure name (or the image path when by image) */
	double *v;           /* nsets values (samples) */
	struct profile_stats st;
	double share;        /* st.sum / grand total */
};

struct stats_report {
	char *event;
	enum stats_set_kind kind;
	enum stats_by by;
	struct stats_set *sets;  size_t nsets;
	struct stats_row *rows;  size_t nrows;  /* sorted by range desc, then sum desc */
	double grand_total;
	size_t images_unreadable;
};

/* Build the report over the sets `ids` (runs or epochs; NULL / 0 = every run (epoch) that has
 * a profile of the event matching `base`). `base` selects the image and the event; when it
 * names no event, the database's only event is used (an error lists them when there are
 * several). Returns 0 or -errno with one line in err (REPORT_ERR_MAX). */
int stats_report_build(struct profile_db *db, const struct report_selector *base,
		       enum stats_set_kind kind, const int64_t *ids, size_t nids, enum stats_by by,
		       struct stats_report *out, char *err) __attribute__((warn_unused_result));

/* Print: text as Figure 3 (the per-set totals, then the table); CSV the table with one
 * column per set; JSON an object {event, sets, total, rows}. `top` limits rows (0 = all). */
void stats_report_print(const struct stats_report *r, enum table_format fmt, size_t top,
			FILE *out);

void stats_report_free(struct stats_report *r);

#endif
