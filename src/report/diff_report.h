/*
 * diff_report.h — two profiles side by side (`robin diff A B`): each side is a selector
 * (selector.h) that must resolve to one event; rows are procedures or instructions with the
 * samples and shares of each side and the difference of shares (B - A), sorted by its
 * absolute value. With a reference side it adds the profile error of the other side against
 * it (004_b28092482852db08.txt Paper A §4, analysis/profile_error.h) at instruction,
 * basic-block (CFG of the riscv64 code, analysis/cfg.h) and function granularity.
 */
#ifndef ROBIN_REPORT_DIFF_REPORT_H
#define ROBIN_REPORT_DIFF_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/profile_error.h"
#include "profile/profile_db.h"
#include "report/report_load.h"
#include "report/selector.h"
#include "report/table.h"

enum diff_unit { DIFF_BY_PROCEDURE, DIFF_BY_INSN };
enum diff_gran { DIFF_GRAN_INSN, DIFF_GRAN_BLOCK, DIFF_GRAN_FUNC, DIFF_GRAN_COUNT };

struct diff_side {
	char label[300];           /* the selector as given, then resolved ("run:3/event:tip") */
	char *event;
	double total;              /* samples of the side */
	struct report_profile p;
	struct report_images im;
};

struct diff_row {
	char *image;               /* image path */
	char *name;                /* procedure */
	uint64_t offset;           /* instruction rows */
	char *source;              /* "file.c:12" (instruction rows), "" if unknown */
	char *text;                /* disassembly (instruction rows), "" if unavailable */
	double a, b;               /* samples */
	double sa, sb, delta;      /* shares and sb - sa */
};

struct diff_error {
	int valid;
	struct profile_error e;
	double fallback_samples;   /* block granularity: samples whose code could not be
	                              decoded and which count as one block per instruction */
};

struct diff_report {
	enum diff_unit unit;
	int reference;             /* -1 none, 0 = A is the reference, 1 = B */
	struct diff_side side[2];
	struct diff_row *rows;
	size_t nrows;
	struct diff_error err[DIFF_GRAN_COUNT];
};

/* Build the diff of selectors a and b (each merged over `base`, the command's filter
 * options). reference: -1, 0 or 1. Returns 0 or -errno with one line in err. */
int diff_report_build(struct profile_db *db, const struct report_selector *base,
		      const char *a, const char *b, enum diff_unit unit, int reference,
		      struct diff_report *out, char *err) __attribute__((warn_unused_result));

/* Print: text (side summary, the table, then the error block), CSV (the table), JSON
 * ({sides, rows, error}). top limits rows (0 = all). */
void diff_report_print(const struct diff_report *r, enum table_format fmt, size_t top,
		       FILE *out);

void diff_report_free(struct diff_report *r);

#endif
