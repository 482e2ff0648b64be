/*
 * pics_html.c — the HTML report's PICS section (see pics_html.h).
 */
#include "report/pics_html.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pmu/psv.h"
#include "report/svg.h"

#define PICS_HTML_SIGS (PSV_ALL + 1)

struct pics_html_cell {
	uint32_t image;                /* index into p->images */
	uint64_t offset;
	double total;
	double units[PICS_HTML_SIGS];
};

struct pics_html_acc {
	struct pics_html_cell *c;
	size_t n, cap;
	uint32_t image;
	int oom;
};

static void pics_html_row(void *arg, uint64_t offset, uint32_t sig, double units)
{
	struct pics_html_acc *a = arg;
	if (!a->n || a->c[a->n - 1].offset != offset || a->c[a->n - 1].image != a->image) {
		if (a->n == a->cap) {
			size_t cap = a->cap ? 2 * a->cap : 256;
			struct pics_html_cell *c = realloc(a->c, cap * sizeof(*c));
			if (!c) {
				a->oom = 1;
				return;
			}
			a->c = c;
			a->cap = cap;
		}
		struct pics_html_cell *c = &a->c[a->n++];
		memset(c, 0, sizeof(*c));
		c->image = a->image;
		c->offset = offset;
	}
	a->c[a->n - 1].units[sig & PSV_ALL] += units;
	a->c[a->n - 1].total += units;
}

static int pics_html_cmp(const void *x, const void *y)
{
	const struct pics_html_cell *a = x, *b = y;
	if (a->total != b->total)
		return a->total > b->total ? -1 : 1;
	return a->offset < b->offset ? -1 : a->offset > b->offset;
}

/* "func+0xoff" of (image, offset) through p, else "0xoff". */
static void pics_html_label(const struct report_profile *p, uint32_t image, uint64_t offset,
			    char *buf, size_t n)
{
	for (size_t i = 0; i < p->ninsns; i++) {
		const struct report_insn *in = &p->insns[i];
		if (in->image != image || in->offset != offset)
			continue;
		uint32_t f = report_insn_func(p, in);
		if (f != REPORT_NO_FUNC && p->funcs[f].start <= offset) {
			snprintf(buf, n, "%s+0x%llx", p->funcs[f].name,
			         (unsigned long long)(offset - p->funcs[f].start));
			return;
		}
		break;
	}
	snprintf(buf, n, "0x%llx", (unsigned long long)offset);
}

int pics_html_load(struct profile_db *db, const struct profile_db_filter *f,
		   const struct report_profile *p, size_t top, struct pics_html *out)
{
	memset(out, 0, sizeof(*out));
	int rc = pics_read_event(db, f, out->event, sizeof(out->event));
	if (rc)
		return rc;
	out->unit = strcmp(out->event, "golden") ? "samples" : "cycles";
	struct pics_html_acc a = { 0 };
	for (size_t k = 0; k < p->nimages && !rc; k++) {
		if (!p->images[k].db_id)
			continue;
		a.image = (uint32_t)k;
		rc = pics_read_range(db, f, out->event, p->images[k].db_id, 0, UINT64_MAX,
		                     pics_html_row, &a);
	}
	if (!rc && a.oom)
		rc = -ENOMEM;
	if (rc)
		goto out;
	qsort(a.c, a.n, sizeof(*a.c), pics_html_cmp);
	size_t n = a.n < top ? a.n : top;
	uint8_t used[PICS_HTML_SIGS] = { 0 };
	int idx[PICS_HTML_SIGS];
	for (size_t r = 0; r < n; r++)
		for (uint32_t s = 0; s < PICS_HTML_SIGS; s++)
			used[s] |= a.c[r].units[s] > 0;
	for (uint32_t s = 0; s < PICS_HTML_SIGS; s++)
		idx[s] = used[s] ? (int)out->nsig++ : -1;
	out->labels = calloc(n + 1, sizeof(*out->labels));
	out->sig_names = calloc(out->nsig + 1, sizeof(*out->sig_names));
	out->v = calloc(n * out->nsig + 1, sizeof(*out->v));
	if (!out->labels || !out->sig_names || !out->v) {
		rc = -ENOMEM;
		goto out;
	}
	for (uint32_t s = 0; s < PICS_HTML_SIGS; s++)
		if (idx[s] >= 0)
			psv_name(s, out->sig_names[idx[s]], sizeof(out->sig_names[0]));
	for (size_t r = 0; r < n; r++) {
		pics_html_label(p, a.c[r].image, a.c[r].offset, out->labels[r], PICS_HTML_LABEL_MAX);
		for (uint32_t s = 0; s < PICS_HTML_SIGS; s++)
			if (idx[s] >= 0)
				out->v[r * out->nsig + (size_t)idx[s]] = a.c[r].units[s];
	}
	out->nrows = n;
out:
	free(a.c);
	if (rc)
		pics_html_free(out);
	return rc;
}

void pics_html_write(FILE *out, const struct pics_html *ph)
{
	if (!ph->nrows)
		return;
	const char **rows = calloc(ph->nrows, sizeof(*rows));
	const char **series = calloc(ph->nsig + 1, sizeof(*series));
	if (rows && series) {
		for (size_t r = 0; r < ph->nrows; r++)
			rows[r] = ph->labels[r];
		for (size_t s = 0; s < ph->nsig; s++)
			series[s] = ph->sig_names[s];
		fputs("<h2 id=\"pics\">Per-instruction cycle stacks</h2>\n<p class=\"note\">", out);
		svg_escape(out, ph->event);
		fprintf(out, ": the %zu heaviest instructions, each bar split by performance signature "
		        "(the events of 004_b28092482852db08.txt Paper B Table B.1 the instruction met; "
		        "base = none), to scale in %s; hover for the %s of each signature.</p>\n",
		        ph->nrows, ph->unit, ph->unit);
		char title[160];
		snprintf(title, sizeof(title), "PICS (%s)", ph->event);
		struct svg_chart c = { title, rows, ph->nrows, series, ph->nsig, ph->v, 0 };
		svg_stacked_bars_scaled(out, &c, ph->unit);
	}
	free(rows);
	free(series);
}

void pics_html_free(struct pics_html *ph)
{
	free(ph->labels);
	free(ph->sig_names);
	free(ph->v);
	ph->labels = NULL;
	ph->sig_names = NULL;
	ph->v = NULL;
	ph->nrows = ph->nsig = 0;
}
