/*
 * report_callgraph.c — the children, callers and callees views of `robin prof` (see
 * report_callgraph.h). A stack counts once for a procedure however often the procedure
 * appears on it (recursion), as perf's children mode does.
 */
#include "report/report_callgraph.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_stacks.h"

#define REPORT_CALLGRAPH_DEPTH 4096

struct report_callgraph_row {
	uint32_t row;       /* report_profile_by_func row */
	double total, self;
};

static int report_callgraph_row_cmp(const void *x, const void *y)
{
	const struct report_callgraph_row *a = x, *b = y;
	if (a->total != b->total)
		return a->total > b->total ? -1 : 1;
	if (a->self != b->self)
		return a->self > b->self ? -1 : 1;
	return a->row < b->row ? -1 : a->row > b->row;
}

/* Per row r: view CHILDREN: total = inclusive, self = leaf samples; CALLERS / CALLEES: total
 * = samples of the stacks where r calls (is called by) func, self unused, except for the
 * pseudo-rows [root] (func outermost) and [self] (func the leaf) at index nrows. */
static int report_callgraph_sums(const struct report_profile *p, size_t ev,
				 enum report_callgraph_view view, uint32_t func, double *total,
				 double *self, double *func_total)
{
	size_t nrows = p->nfuncs + p->nimages;
	uint32_t *path = malloc(REPORT_CALLGRAPH_DEPTH * sizeof(*path));
	uint32_t *seen = calloc(nrows + 1, sizeof(*seen));
	if (!path || !seen) {
		free(path);
		free(seen);
		return -1;
	}
	*func_total = 0;
	for (size_t i = 0; i < p->nstacks; i++) {
		const struct report_stack *s = &p->stacks[i];
		if (s->event != ev)
			continue;
		size_t n = report_stacks_rows(p, s, path, REPORT_CALLGRAPH_DEPTH);
		if (n > REPORT_CALLGRAPH_DEPTH)
			n = REPORT_CALLGRAPH_DEPTH;
		int has = 0;
		for (size_t k = 0; k < n; k++) {
			size_t r = nrows + 1; /* none */
			if (view == REPORT_CALLGRAPH_CHILDREN)
				r = path[k];
			else if (path[k] == func && view == REPORT_CALLGRAPH_CALLERS)
				r = k ? path[k - 1] : nrows;
			else if (path[k] == func)
				r = k + 1 < n ? path[k + 1] : nrows;
			has |= path[k] == func;
			if (r <= nrows && seen[r] != i + 1) {
				seen[r] = (uint32_t)(i + 1);
				total[r] += s->count;
			}
		}
		if (has)
			*func_total += s->count;
		self[report_stacks_leaf_row(p, s)] += s->count;
	}
	free(path);
	free(seen);
	return 0;
}

int report_callgraph_print(const struct report_profile *p, enum report_callgraph_view view,
			   const char *func, size_t limit, enum table_format fmt, FILE *out,
			   const char *db_path, const char *cmd)
{
	static const struct table_col cols_children[] = {
		{ "children", "children_pct", TABLE_PCT, 2 },
		{ "self", "self_pct", TABLE_PCT, 2 },
		{ "samples", "samples", TABLE_F, 2 },
		{ "self samples", "self_samples", TABLE_F, 2 },
		{ "procedure", "procedure", TABLE_STR, 0 },
		{ "image", "image", TABLE_STR, 0 },
	};
	static const struct table_col cols_edges[] = {
		{ "%", "pct", TABLE_PCT, 2 },
		{ "samples", "samples", TABLE_F, 2 },
		{ "procedure", "procedure", TABLE_STR, 0 },
		{ "image", "image", TABLE_STR, 0 },
	};
	struct table t;
	struct report_callgraph_row *rows = NULL;
	double *total = NULL, *self = NULL, func_total = 0;
	int rc = -ENOMEM;
	int children = view == REPORT_CALLGRAPH_CHILDREN;
	table_init(&t, children ? cols_children : cols_edges, children ? 6 : 4);
	if (p->nevents != 1) {
		fprintf(stderr, "robin %s: the call-graph views need one event; the selection has "
			"%zu (give --event NAME)\n", cmd, p->nevents);
		rc = -EINVAL;
		goto out;
	}
	if (!report_stacks_has(p, 0)) {
		fprintf(stderr, "robin %s: %s: the selection holds no call stacks (robin sim "
			"--profile records them with --stacks)\n", cmd, db_path);
		rc = -ENOENT;
		goto out;
	}
	size_t nrows = p->nfuncs + p->nimages;
	uint32_t f = UINT32_MAX;
	if (!children) {
		for (size_t r = 0; r < nrows && f == UINT32_MAX; r++)
			if (!strcmp(report_profile_row_name(p, r), func))
				f = (uint32_t)r;
		if (f == UINT32_MAX) {
			fprintf(stderr, "robin %s: no procedure '%s' in the selection\n", cmd, func);
			rc = -ENOENT;
			goto out;
		}
	}
	total = calloc(nrows + 1, sizeof(*total));
	self = calloc(nrows + 1, sizeof(*self));
	rows = malloc((nrows + 1) * sizeof(*rows));
	if (!total || !self || !rows ||
	    report_callgraph_sums(p, 0, view, f, total, self, &func_total))
		goto out_oom;
	size_t n = 0;
	for (size_t r = 0; r <= nrows; r++) {
		/* row nrows: [root] (callers) or [self] (callees: func is the leaf) */
		double v = r == nrows && view == REPORT_CALLGRAPH_CALLEES ? self[f] : total[r];
		if (v > 0)
			rows[n++] = (struct report_callgraph_row){ (uint32_t)r, v,
								    r < nrows ? self[r] : 0 };
	}
	if (n)
		qsort(rows, n, sizeof(*rows), report_callgraph_row_cmp);
	double all = p->events[0].total, base = children ? all : func_total;
	for (size_t i = 0; i < n && (!limit || i < limit); i++) {
		const struct report_callgraph_row *w = &rows[i];
		int k = table_add_row(&t);
		const char *name = w->row < nrows ? report_profile_row_name(p, w->row)
			: view == REPORT_CALLGRAPH_CALLERS ? "[root]" : "[self]";
		const char *img = w->row < nrows
			? p->images[report_profile_row_image(p, w->row)].path : "";
		if (k < 0)
			goto out_oom;
		size_t c = 0;
		table_set_double(&t, (size_t)k, c++, base > 0 ? w->total / base : 0);
		if (children)
			table_set_double(&t, (size_t)k, c++, all > 0 ? w->self / all : 0);
		table_set_double(&t, (size_t)k, c++, w->total);
		if (children)
			table_set_double(&t, (size_t)k, c++, w->self);
		if (table_set_str(&t, (size_t)k, c++, name) || table_set_str(&t, (size_t)k, c, img))
			goto out_oom;
	}
	if (fmt == TABLE_TEXT) {
		if (children)
			fprintf(out, "Samples of event %s = %.2f; children: with the procedure "
				"anywhere on the stack, self: in it\n\n", p->events[0].name, all);
		else
			fprintf(out, "%s of %s (%.2f samples of %s on stacks through it)\n\n",
				view == REPORT_CALLGRAPH_CALLERS ? "Callers" : "Callees", func,
				func_total, p->events[0].name);
		table_print(&t, TABLE_TEXT, out, NULL);
		if (limit && n > limit)
			fprintf(out, "(%zu more rows not shown)\n", n - limit);
	} else {
		table_print_document(&t, fmt, out);
	}
	rc = 0;
	goto out;
out_oom:
	fprintf(stderr, "robin %s: out of memory\n", cmd);
out:
	free(rows);
	free(total);
	free(self);
	table_free(&t);
	return rc;
}
