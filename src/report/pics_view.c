/*
 * pics_view.c — PICS listings for annotate and prof (see pics_view.h): each instruction's
 * cycle stack beside its disassembly and source, and each procedure's stack.
 * Entry points: pics_view_annotate, pics_view_prof.
 */
#include "report/pics_view.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/pics_eval.h"
#include "profile/pics_read.h"
#include "profile/profile_agg.h"

#define PICS_VIEW_PARTS 4     /* components named per stack; the rest summed */

static int pics_view_event(struct profile_db *db, const struct profile_db_filter *f,
			   const char *cmd, char *event)
{
	int rc = pics_read_event(db, f, event, PICS_READ_EVENT_MAX);
	if (rc == -ENOENT)
		fprintf(stderr, "robin %s: no profile with per-instruction cycle stacks (record one "
		        "with robin sim --profile tea --db FILE)\n", cmd);
	else if (rc)
		fprintf(stderr, "robin %s: %s\n", cmd, profile_db_error(db));
	return rc;
}

/* ---- annotate ----------------------------------------------------------------------------- */

struct pics_view_insns {
	struct listing *l;
	double **units;              /* per instruction: PICS_EVAL_SIGS units, or NULL */
	double *total;
	int oom;
};

static void pics_view_insn_row(void *arg, uint64_t offset, uint32_t sig, double units)
{
	struct pics_view_insns *s = arg;
	struct listing *l = s->l;
	size_t lo = 0, hi = l->n_insns;
	while (hi - lo > 1) {  /* the last instruction at or before offset */
		size_t mid = (lo + hi) / 2;
		if (l->insns[mid].offset <= offset)
			lo = mid;
		else
			hi = mid;
	}
	if (!l->n_insns)
		return;
	if (!s->units[lo] && !(s->units[lo] = calloc(PICS_EVAL_SIGS, sizeof(double)))) {
		s->oom = 1;
		return;
	}
	s->units[lo][sig & PSV_ALL] += units;
	s->total[lo] += units;
}

static const char *pics_view_base(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

int pics_view_annotate(struct profile_db *db, const struct profile_db_filter *f,
		       struct listing *l, int source)
{
	char event[PICS_READ_EVENT_MAX];
	if (pics_view_event(db, f, "annotate", event))
		return 1;
	struct pics_view_insns s = { l, calloc(l->n_insns + 1, sizeof(double *)),
	                             calloc(l->n_insns + 1, sizeof(double)), 0 };
	int rc = 1;
	if (!s.units || !s.total) {
		fprintf(stderr, "robin annotate: out of memory\n");
		goto out;
	}
	if (pics_read_range(db, f, event, l->image_id, l->start, l->start + l->size,
	                    pics_view_insn_row, &s) || s.oom) {
		fprintf(stderr, "robin annotate: %s\n", s.oom ? "out of memory" : profile_db_error(db));
		goto out;
	}
	double ftot = 0;
	for (size_t k = 0; k < l->n_insns; k++)
		ftot += s.total[k];
	const char *unit = strcmp(event, "golden") ? "samples" : "cycles";
	printf("%s in %s: per-instruction cycle stacks of %s (%.6g %s in the function; signatures "
	       "of 004 Paper B Table B.1, base = none)\n\n", l->func, l->image_path, event, ftot,
	       unit);
	printf("%10s %6s  %10s  %-34s %s\n", unit, "%", "address", "instruction", "cycle stack");
	for (size_t k = 0; k < l->n_insns; k++) {
		struct listing_insn *in = &l->insns[k];
		if (source && in->src_changed) {
			const char *text = listing_source_text(l, in->src.at[0].file, in->src.at[0].line);
			printf("%30s%s:%d%s%s\n", "", pics_view_base(in->src.at[0].file ? in->src.at[0].file
			                                                               : "?"),
			       in->src.at[0].line, text ? "  " : "", text ? text : "");
		}
		char stack[256] = "";
		if (s.units[k])
			pics_eval_stack_text(s.units[k], s.total[k], PICS_VIEW_PARTS, stack, sizeof(stack));
		char text[LISTING_TEXT_MAX];
		snprintf(text, sizeof(text), "%s", in->text);
		for (char *c = text; *c; c++)
			if (*c == '\t')
				*c = ' ';
		if (s.total[k] > 0)
			printf("%10.6g %5.1f%%  %10llx: %-34s %s\n", s.total[k], ftot > 0 ?
			       100 * s.total[k] / ftot : 0, (unsigned long long)in->offset, text, stack);
		else
			printf("%10s %6s  %10llx: %s\n", "", "", (unsigned long long)in->offset, text);
	}
	rc = 0;
out:
	for (size_t k = 0; s.units && k < l->n_insns; k++)
		free(s.units[k]);
	free(s.units);
	free(s.total);
	return rc;
}

/* ---- prof --------------------------------------------------------------------------------- */

struct pics_view_sum {
	double units[PICS_EVAL_SIGS];
	double total;
};

static void pics_view_sum_row(void *arg, uint64_t offset, uint32_t sig, double units)
{
	struct pics_view_sum *s = arg;
	(void)offset;
	s->units[sig & PSV_ALL] += units;
	s->total += units;
}

int pics_view_prof(struct profile_db *db, const struct profile_db_filter *f, size_t limit)
{
	char event[PICS_READ_EVENT_MAX];
	if (pics_view_event(db, f, "prof", event))
		return 1;
	const char *ev[1] = { event };
	struct profile_db_filter g = *f;
	g.events = ev;
	g.n_events = 1;
	struct profile_agg a;
	if (profile_agg_build(db, &g, PROFILE_AGG_PROCEDURE, &a)) {
		fprintf(stderr, "robin prof: %s\n", profile_db_error(db));
		return 1;
	}
	double total = a.n_events ? a.totals[0] : 0;
	const char *unit = strcmp(event, "golden") ? "samples" : "cycles";
	printf("Per-procedure cycle stacks of %s (%.6g %s; signatures of 004 Paper B Table B.1, "
	       "base = none)\n\n%10s %6s  %-32s %s\n", event, total, unit, unit, "%", "procedure",
	       "cycle stack");
	int rc = 0;
	size_t n = limit && limit < a.n_rows ? limit : a.n_rows;
	for (size_t r = 0; r < n && !rc; r++) {
		const struct profile_agg_row *row = &a.rows[r];
		struct pics_view_sum s;
		memset(&s, 0, sizeof(s));
		char stack[256] = "-";
		if (row->size) {
			if ((rc = pics_read_range(db, f, event, row->image_id, row->start,
			                          row->start + row->size, pics_view_sum_row, &s)))
				break;
			pics_eval_stack_text(s.units, s.total, PICS_VIEW_PARTS, stack, sizeof(stack));
		}
		printf("%10.6g %5.1f%%  %-32s %s\n", row->values[0], total > 0 ?
		       100 * row->values[0] / total : 0, row->name, stack);
	}
	if (!rc && n < a.n_rows)
		printf("(%zu more rows not shown)\n", a.n_rows - n);
	if (rc)
		fprintf(stderr, "robin prof: %s\n", profile_db_error(db));
	profile_agg_free(&a);
	return rc ? 1 : 0;
}
