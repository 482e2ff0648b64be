/*
 * table.c — typed tables printed as aligned text, CSV or JSON (see table.h).
 */
#include "report/table.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void table_init(struct table *t, const struct table_col *cols, size_t ncols)
{
	memset(t, 0, sizeof(*t));
	t->cols = cols;
	t->ncols = ncols;
}

int table_add_row(struct table *t)
{
	if (t->nrows == t->cap_rows) {
		size_t cap = t->cap_rows ? 2 * t->cap_rows : 16;
		struct table_cell *c = realloc(t->cells, cap * t->ncols * sizeof(*c));
		if (!c)
			return -ENOMEM;
		t->cells = c;
		t->cap_rows = cap;
	}
	memset(&t->cells[t->nrows * t->ncols], 0, t->ncols * sizeof(*t->cells));
	return (int)t->nrows++;
}

static struct table_cell *cell(const struct table *t, size_t row, size_t col)
{
	return &t->cells[row * t->ncols + col];
}

int table_set_str(struct table *t, size_t row, size_t col, const char *s)
{
	struct table_cell *c = cell(t, row, col);
	char *dup = strdup(s ? s : "");
	if (!dup)
		return -ENOMEM;
	if (c->set && t->cols[col].type == TABLE_STR)
		free(c->v.s);
	c->v.s = dup;
	c->set = 1;
	return 0;
}

void table_set_int(struct table *t, size_t row, size_t col, int64_t v)
{
	cell(t, row, col)->v.i = v;
	cell(t, row, col)->set = 1;
}

void table_set_uint(struct table *t, size_t row, size_t col, uint64_t v)
{
	cell(t, row, col)->v.u = v;
	cell(t, row, col)->set = 1;
}

void table_set_double(struct table *t, size_t row, size_t col, double v)
{
	cell(t, row, col)->v.d = v;
	cell(t, row, col)->set = 1;
}

/* Format one cell for text (rounded to the column's decimals) or CSV (full precision). */
static void format_cell(const struct table *t, size_t row, size_t col, int text, char *buf,
			size_t n)
{
	const struct table_col *k = &t->cols[col];
	const struct table_cell *c = cell(t, row, col);
	if (!c->set) {
		buf[0] = 0;
		return;
	}
	switch (k->type) {
	case TABLE_STR: snprintf(buf, n, "%s", c->v.s); break;
	case TABLE_INT: snprintf(buf, n, "%" PRId64, c->v.i); break;
	case TABLE_UINT: snprintf(buf, n, "%" PRIu64, c->v.u); break;
	case TABLE_HEX: snprintf(buf, n, "0x%" PRIx64, c->v.u); break;
	case TABLE_F:
		if (!isfinite(c->v.d))
			snprintf(buf, n, text ? "-" : "");
		else if (text)
			snprintf(buf, n, "%.*f", k->prec, c->v.d);
		else
			snprintf(buf, n, "%.*g", 12, c->v.d);
		break;
	case TABLE_PCT:
		if (!isfinite(c->v.d))
			snprintf(buf, n, text ? "-" : "");
		else if (text)
			snprintf(buf, n, "%.*f%%", k->prec, 100.0 * c->v.d);
		else
			snprintf(buf, n, "%.*g", 12, c->v.d);
		break;
	}
}

void table_csv_field(FILE *out, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

static void print_text(const struct table *t, FILE *out)
{
	char buf[512];
	size_t *w = calloc(t->ncols ? t->ncols : 1, sizeof(*w));
	if (!w)
		return;
	for (size_t c = 0; c < t->ncols; c++) {
		w[c] = strlen(t->cols[c].title);
		for (size_t r = 0; r < t->nrows; r++) {
			format_cell(t, r, c, 1, buf, sizeof(buf));
			if (strlen(buf) > w[c])
				w[c] = strlen(buf);
		}
	}
	size_t total = 0;
	for (size_t c = 0; c < t->ncols; c++) {
		int left = t->cols[c].type == TABLE_STR;
		int last = c + 1 == t->ncols;
		if (left && last)
			fprintf(out, "%s", t->cols[c].title);
		else
			fprintf(out, left ? "%-*s" : "%*s", (int)w[c], t->cols[c].title);
		fputs(last ? "\n" : "  ", out);
		total += w[c] + (last ? 0 : 2);
	}
	for (size_t i = 0; i < total; i++)
		fputc('=', out);
	fputc('\n', out);
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t c = 0; c < t->ncols; c++) {
			int left = t->cols[c].type == TABLE_STR;
			int last = c + 1 == t->ncols;
			format_cell(t, r, c, 1, buf, sizeof(buf));
			if (left && last)
				fputs(buf, out);
			else
				fprintf(out, left ? "%-*s" : "%*s", (int)w[c], buf);
			fputs(last ? "\n" : "  ", out);
		}
	}
	free(w);
}

static void print_csv(const struct table *t, FILE *out)
{
	char buf[512];
	for (size_t c = 0; c < t->ncols; c++) {
		table_csv_field(out, t->cols[c].key);
		fputc(c + 1 == t->ncols ? '\n' : ',', out);
	}
	for (size_t r = 0; r < t->nrows; r++)
		for (size_t c = 0; c < t->ncols; c++) {
			format_cell(t, r, c, 0, buf, sizeof(buf));
			table_csv_field(out, buf);
			fputc(c + 1 == t->ncols ? '\n' : ',', out);
		}
}

static void print_json(const struct table *t, struct json *j)
{
	json_array_begin(j);
	for (size_t r = 0; r < t->nrows; r++) {
		json_object_begin(j);
		for (size_t c = 0; c < t->ncols; c++) {
			const struct table_cell *x = cell(t, r, c);
			json_key(j, t->cols[c].key);
			if (!x->set) {
				json_null(j);
				continue;
			}
			switch (t->cols[c].type) {
			case TABLE_STR: json_string(j, x->v.s); break;
			case TABLE_INT: json_int(j, x->v.i); break;
			case TABLE_UINT:
			case TABLE_HEX: json_uint(j, x->v.u); break;
			case TABLE_F:
			case TABLE_PCT: json_double(j, x->v.d); break;
			}
		}
		json_object_end(j);
	}
	json_array_end(j);
}

void table_print(const struct table *t, enum table_format fmt, FILE *out, struct json *j)
{
	switch (fmt) {
	case TABLE_TEXT: print_text(t, out); break;
	case TABLE_CSV: print_csv(t, out); break;
	case TABLE_JSON: print_json(t, j); break;
	}
}

void table_print_document(const struct table *t, enum table_format fmt, FILE *out)
{
	struct json j;
	json_init(&j, out, 1);
	table_print(t, fmt, out, &j);
	if (fmt == TABLE_JSON)
		json_end(&j);
}

void table_free(struct table *t)
{
	for (size_t c = 0; c < t->ncols; c++) {
		if (t->cols[c].type != TABLE_STR)
			continue;
		for (size_t r = 0; r < t->nrows; r++)
			if (cell(t, r, c)->set)
				free(cell(t, r, c)->v.s);
	}
	free(t->cells);
	memset(t, 0, sizeof(*t));
}
