/*
 * table.h — one table of typed columns and rows, printed three ways: aligned text (the
 * dcpiprof look), CSV (RFC 4180 quoting, one header line) or JSON (an array of objects keyed
 * by each column's key). Every report command builds its output as tables so that --json and
 * --csv carry the numbers the text shows, unrounded. Shares are stored as fractions; text
 * prints them as percentages, CSV and JSON as the fraction.
 */
#ifndef ROBIN_REPORT_TABLE_H
#define ROBIN_REPORT_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "util/json.h"

enum table_type {
	TABLE_STR,   /* text, left-aligned */
	TABLE_INT,   /* int64 */
	TABLE_UINT,  /* uint64 */
	TABLE_HEX,   /* uint64 printed as 0x... in text and CSV, as a number in JSON */
	TABLE_F,     /* double with `prec` decimals */
	TABLE_PCT,   /* fraction; text: percentage with `prec` decimals and '%' */
};

struct table_col {
	const char *title;     /* text and CSV header */
	const char *key;       /* JSON key */
	enum table_type type;
	int prec;              /* decimals for TABLE_F / TABLE_PCT */
};

struct table_cell {
	int set;               /* 0: empty (text/CSV blank, JSON null) */
	union {
		int64_t i;
		uint64_t u;
		double d;
		char *s;
	} v;
};

struct table {
	const struct table_col *cols;
	size_t ncols;
	size_t nrows, cap_rows;
	struct table_cell *cells;  /* nrows * ncols, row-major */
};

enum table_format { TABLE_TEXT, TABLE_CSV, TABLE_JSON };

/* Start an empty table over `ncols` columns (the array must outlive the table). */
void table_init(struct table *t, const struct table_col *cols, size_t ncols);
/* Append an empty row; returns its index, or -ENOMEM. */
int table_add_row(struct table *t) __attribute__((warn_unused_result));
/* Set one cell of row `row`. The string is copied; returns 0 or -ENOMEM. */
int table_set_str(struct table *t, size_t row, size_t col, const char *s)
	__attribute__((warn_unused_result));
void table_set_int(struct table *t, size_t row, size_t col, int64_t v);
void table_set_uint(struct table *t, size_t row, size_t col, uint64_t v);
void table_set_double(struct table *t, size_t row, size_t col, double v);
/* Print as aligned text with a header line and a '=' rule (fmt TEXT), as CSV, or as a JSON
 * array of objects (written into `j`, which the caller opened; `j` may be NULL for TEXT and
 * CSV). */
void table_print(const struct table *t, enum table_format fmt, FILE *out, struct json *j);
/* Print t as a whole document of its own: aligned text, CSV, or one JSON array (pretty,
 * ended by a newline). */
void table_print_document(const struct table *t, enum table_format fmt, FILE *out);
void table_free(struct table *t);

/* Write one CSV field with RFC 4180 quoting (quotes when it holds , " CR or LF). */
void table_csv_field(FILE *out, const char *s);

#endif
