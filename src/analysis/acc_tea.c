/*
 * acc_tea.c — Paper B's table from the runs of `robin accuracy --tea` (see acc_tea.h).
 */
#include "analysis/acc_tea.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int acc_tea_suite(const struct acc_paper_a_table *t, struct acc_tea_suite *out)
{
	const struct acc_paper_a_opts *o = &t->opts;
	size_t n = t->n;
	memset(out, 0, sizeof(*out));
	out->names = calloc(n ? n : 1, sizeof(*out->names));
	out->runs = calloc((n ? n : 1) * (size_t)o->ncfg, sizeof(*out->runs));
	if (!out->names || !out->runs)
		return -ENOMEM;
	for (int k = 0; k < o->ncfg; k++) {
		out->period[k] = o->cfg[k].period;
		out->equiv_hz[k] = o->cfg[k].equiv_hz;
		for (size_t i = 0; i < n; i++)
			if (t->res[i].status.ok)
				out->runs[(size_t)k * n + i] = t->res[i].tea[k];
	}
	for (size_t i = 0; i < n; i++)
		out->names[i] = t->w[i].name;
	out->s = (struct tea_eval_suite){ .n = n, .names = out->names, .ncfg = o->ncfg,
	                                  .period = out->period, .equiv_hz = out->equiv_hz,
	                                  .runs = out->runs };
	return 0;
}

void acc_tea_suite_free(struct acc_tea_suite *s)
{
	free(s->names);
	free(s->runs);
	s->names = NULL;
	s->runs = NULL;
}
