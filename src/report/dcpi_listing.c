/*
 * dcpi_listing.c — what `robin calc` and `robin topstalls` print of DCPI's analysis of a run
 * (see dcpi_listing.h): the annotated listing of Figure 2, the summary of Figure 4, and the
 * most stalled instructions, as text or JSON.
 * Entry points: dcpi_listing_calc_print, dcpi_listing_topstalls_print.
 */
#include "report/dcpi_listing.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/dcpi_summary.h"
#include "report/dcpi_report.h"
#include "util/json.h"

/* ---- calc --------------------------------------------------------------------------------- */

static void dcpi_listing_bubbles(FILE *out, const char letter_text[], double cycles,
				 const char *why_addr)
{
	/* one line per half cycle as Figure 2, at most three, the last one with the length */
	int lines = (int)ceil(cycles * 2);
	if (lines > 3)
		lines = 3;
	for (int k = 0; k < lines; k++) {
		fprintf(out, "%10s  %-28s", "", letter_text);
		if (k == lines - 1)
			fprintf(out, " ... %.1fcy%s%s", cycles, *why_addr ? " " : "", why_addr);
		fprintf(out, "\n");
	}
}

/* One instruction of the listing: its stall bubbles, then its row. */
static void dcpi_listing_insn(FILE *out, const struct dcpi_run *r, const struct dcpi_func *f,
			      uint32_t i)
{
	const struct dcpi_proc *p = &f->proc;
	const struct dcpi_insn *x = &p->insns[i];
	char text[96], who[32] = "", letters[DCPI_CAUSE_COUNT + 1];
	if (x->static_kind && (x->m_cycles > 1 || x->static_kind == DCPI_STATIC_SLOT)) {
		char st[2] = { dcpi_static_letter(x->static_kind), 0 };
		if (x->static_by != DCPI_NONE)
			snprintf(who, sizeof(who), "(%llx)",
				 (unsigned long long)p->insns[x->static_by].addr);
		dcpi_listing_bubbles(out, st, x->static_kind == DCPI_STATIC_SLOT ? 0.5
				     : x->m_cycles - 1, who);
	}
	dcpi_culprit_letters(x->culprits, letters);
	if (x->culprits)
		dcpi_listing_bubbles(out, *letters ? letters : "?", x->dyn_cycles, "");
	isa_disasm(&x->in, x->addr, text, sizeof(text));
	for (char *t = text; *t; t++)
		if (*t == '\t')
			*t = ' ';
	fprintf(out, "%10llx  %-28s %9.0f ", (unsigned long long)x->addr, text, x->samples);
	if (!x->m_cycles && !(x->samples > 0))
		fprintf(out, "%8s %-7s", "", "(dual)");
	else if (isnan(x->cpi))
		fprintf(out, "%8s %-7s", "-", "");
	else {
		char cul[24] = "";
		if (x->culprit_load != DCPI_NONE && x->culprits)
			snprintf(cul, sizeof(cul), "%llx",
				 (unsigned long long)p->insns[x->culprit_load].addr);
		fprintf(out, "%6.1fcy %-7s", x->cpi, cul);
	}
	fprintf(out, " %7s", dcpi_conf_name(x->conf));
	if (f->count) {
		double est = x->freq * r->period, t = f->count[i];
		if (isnan(est))
			fprintf(out, " %11s", "-");
		else
			fprintf(out, " %11.0f", est);
		fprintf(out, " %11.0f", t);
		if (t > 0 && !isnan(est))
			fprintf(out, " %+6.1f%%", 100 * (est - t) / t);
	}
	fprintf(out, "\n");
}

static void dcpi_listing_text(FILE *out, const struct dcpi_run *r, const struct dcpi_func *f)
{
	const struct dcpi_proc *p = &f->proc;
	double s = 0;
	for (size_t i = 0; i < p->ninsns; i++)
		s += p->insns[i].samples;
	fprintf(out, "%s in %s (run %lld), %.0f %s samples of %.0f in the image, period %.0f "
		"cycles\n", f->name, r->image_path, (long long)r->run_id, s, r->event, r->samples,
		r->period);
	fprintf(out, "core: issue width %u (int %u, mem %u, fp %u), load-use %u cycles%s\n",
		p->core.decode_width, p->core.int_issue_width, p->core.mem_issue_width,
		p->core.fp_issue_width, p->core.l1d_cycles,
		r->core_from_run ? "" : " (defaults: the run stored no configuration)");
	if (p->missing_edges)
		fprintf(out, "(an indirect jump has unknown targets: every block is its own "
			"frequency class)\n");
	fprintf(out, "\n%10s  %-28s %9s %8s %-7s %7s", "Addr", "Instruction", "Samples", "CPI",
		"Culprit", "Conf");
	if (f->count)
		fprintf(out, " %11s %11s %7s", "Est.count", "Exact", "Error");
	fprintf(out, "\n");
	for (size_t b = 0; b < p->nblocks; b++) {
		const struct dcpi_block *bl = &p->blocks[b];
		if (!bl->n)
			continue;
		double act = 0;
		for (uint32_t i = bl->first; i < bl->first + bl->n; i++)
			act += p->insns[i].samples;
		fprintf(out, "\n*** Best-case %u/%u = %.2fCPI\n", bl->best_cycles, bl->n,
			(double)bl->best_cycles / bl->n);
		if (bl->freq > 0)
			fprintf(out, "*** Actual %.1f/%u = %.2fCPI\n", act / bl->freq, bl->n,
				act / bl->freq / bl->n);
		else
			fprintf(out, "*** Actual -/%u (frequency %s)\n", bl->n,
				isnan(bl->freq) ? "unknown" : "estimated 0");
		for (uint32_t i = bl->first; i < bl->first + bl->n; i++)
			dcpi_listing_insn(out, r, f, i);
	}
}

static void dcpi_listing_summary_text(FILE *out, const char *what,
				      const struct dcpi_summary *s)
{
	double t = s->samples;
	fprintf(out, "%s\n", what);
	fprintf(out, "*** Best-case %.0f/%.0f = %.2fCPI\n", s->best_case, s->insns_executed,
		s->insns_executed > 0 ? s->best_case / s->insns_executed : 0);
	fprintf(out, "*** Actual %.0f/%.0f = %.2fCPI\n", t, s->insns_executed,
		s->insns_executed > 0 ? t / s->insns_executed : 0);
	fprintf(out, "***\n");
	for (int c = 0; c < DCPI_CAUSE_COUNT; c++)
		fprintf(out, "*** %-20s %5.1f%% to %5.1f%%\n", dcpi_cause_name((enum dcpi_cause)c),
			dcpi_report_pct(s->cause_lo[c], t), dcpi_report_pct(s->cause_hi[c], t));
	fprintf(out, "***\n");
	fprintf(out, "*** %-20s %5.1f%%\n", "Unexplained stall",
		dcpi_report_pct(s->unexplained_stall, t));
	fprintf(out, "*** %-20s %5.1f%%\n", "Unexplained gain",
		-dcpi_report_pct(s->unexplained_gain, t));
	fprintf(out, "*** -----\n");
	fprintf(out, "*** %-20s %5.1f%%\n", "Subtotal dynamic",
		dcpi_report_pct(s->dynamic + s->unexplained_stall - s->unexplained_gain, t));
	fprintf(out, "***\n");
	double st = 0;
	for (int k = 1; k < DCPI_STATIC_COUNT; k++) {
		fprintf(out, "*** %-20s %5.1f%%\n", dcpi_static_name((enum dcpi_static)k),
			dcpi_report_pct(s->static_stall[k], t));
		st += s->static_stall[k];
	}
	fprintf(out, "*** -----\n");
	fprintf(out, "*** %-20s %5.1f%%\n", "Subtotal static", dcpi_report_pct(st, t));
	fprintf(out, "***\n");
	fprintf(out, "*** %-20s %5.1f%%\n", "Total stall",
		dcpi_report_pct(st + s->dynamic + s->unexplained_stall - s->unexplained_gain, t));
	fprintf(out, "*** %-20s %5.1f%%\n", "Execution", dcpi_report_pct(s->execution, t));
	double net = t - (s->execution + st + s->dynamic + s->unexplained_stall -
	                  s->unexplained_gain + s->noise + s->unestimated);
	fprintf(out, "*** %-20s %5.1f%%\n", "Net sampling error",
		dcpi_report_pct(net + s->noise, t));
	fprintf(out, "*** %-20s %5.1f%%\n", "Unestimated", dcpi_report_pct(s->unestimated, t));
	fprintf(out, "*** -----\n");
	fprintf(out, "*** Total tallied %.0f samples (%.0f%%)\n", t, t > 0 ? 100.0 : 0);
}

static void dcpi_listing_summary_json(struct json *j, const struct dcpi_summary *s)
{
	json_kv_double(j, "samples", s->samples);
	json_kv_double(j, "best_case", s->best_case);
	json_kv_double(j, "instructions", s->insns_executed);
	json_key(j, "dynamic");
	json_object_begin(j);
	for (int c = 0; c < DCPI_CAUSE_COUNT; c++) {
		json_key(j, dcpi_cause_name((enum dcpi_cause)c));
		json_array_begin(j);
		json_double(j, s->cause_lo[c]);
		json_double(j, s->cause_hi[c]);
		json_array_end(j);
	}
	json_object_end(j);
	json_key(j, "static");
	json_object_begin(j);
	for (int k = 1; k < DCPI_STATIC_COUNT; k++)
		json_kv_double(j, dcpi_static_name((enum dcpi_static)k), s->static_stall[k]);
	json_object_end(j);
	json_kv_double(j, "execution", s->execution);
	json_kv_double(j, "unexplained_stall", s->unexplained_stall);
	json_kv_double(j, "unexplained_gain", s->unexplained_gain);
	json_kv_double(j, "unestimated", s->unestimated);
}

static void dcpi_listing_json(struct json *j, const struct dcpi_run *r,
			      const struct dcpi_func *f)
{
	const struct dcpi_proc *p = &f->proc;
	json_kv_string(j, "function", f->name);
	json_kv_uint(j, "offset", f->start);
	json_key(j, "blocks");
	json_array_begin(j);
	for (size_t b = 0; b < p->nblocks; b++) {
		const struct dcpi_block *bl = &p->blocks[b];
		json_object_begin(j);
		json_kv_uint(j, "start", bl->n ? p->insns[bl->first].addr : 0);
		json_kv_double(j, "frequency", bl->freq);
		json_kv_double(j, "estimated_count", bl->freq * r->period);
		json_kv_string(j, "confidence", dcpi_conf_name(bl->conf));
		json_kv_int(j, "propagated", bl->propagated);
		json_kv_uint(j, "best_case_cycles", bl->best_cycles);
		json_key(j, "instructions");
		json_array_begin(j);
		for (uint32_t i = bl->first; i < bl->first + bl->n; i++) {
			const struct dcpi_insn *x = &p->insns[i];
			char text[96], letters[DCPI_CAUSE_COUNT + 1];
			isa_disasm(&x->in, x->addr, text, sizeof(text));
			dcpi_culprit_letters(x->culprits, letters);
			json_object_begin(j);
			json_kv_uint(j, "offset", x->addr);
			json_kv_string(j, "text", text);
			json_kv_double(j, "samples", x->samples);
			json_kv_uint(j, "m_cycles", x->m_cycles);
			json_kv_double(j, "cpi", x->cpi);
			json_kv_double(j, "dynamic_stall_cycles", x->dyn_cycles);
			json_kv_string(j, "static_stall", x->static_kind ? dcpi_static_name(x->static_kind)
			                                                 : "");
			json_kv_string(j, "culprits", letters);
			if (x->culprit_load != DCPI_NONE && x->culprits)
				json_kv_uint(j, "culprit_load", p->insns[x->culprit_load].addr);
			json_kv_double(j, "estimated_count", x->freq * r->period);
			if (f->count)
				json_kv_double(j, "exact_count", f->count[i]);
			json_object_end(j);
		}
		json_array_end(j);
		json_object_end(j);
	}
	json_array_end(j);
}

void dcpi_listing_calc_print(FILE *out, const struct dcpi_run *r, int one_func, int summary,
			     int json)
{
	struct dcpi_summary s = { 0 };
	for (size_t f = 0; f < r->n; f++)
		dcpi_summary_add(&s, &r->f[f].proc);
	if (json) {
		struct json j;
		json_init(&j, out, 1);
		json_object_begin(&j);
		dcpi_report_run_json(&j, r);
		if (one_func && !summary && r->n)
			dcpi_listing_json(&j, r, &r->f[0]);
		json_key(&j, "summary");
		json_object_begin(&j);
		dcpi_listing_summary_json(&j, &s);
		json_object_end(&j);
		json_object_end(&j);
		json_end(&j);
		return;
	}
	if (one_func && !summary && r->n)
		dcpi_listing_text(out, r, &r->f[0]);
	if (summary) {
		char what[512];
		snprintf(what, sizeof(what), "%s%s (run %lld, %zu procedure%s, period %.0f cycles)",
			 one_func ? r->f[0].name : "image ", one_func ? "" : r->image_path,
			 (long long)r->run_id, r->n, r->n == 1 ? "" : "s", r->period);
		dcpi_listing_summary_text(out, what, &s);
	}
}

/* ---- topstalls ---------------------------------------------------------------------------- */

struct dcpi_listing_stall {
	const struct dcpi_func *f;
	uint32_t i;
	double stall;               /* samples of stall: S_i - F (issue points) */
};

static int dcpi_listing_stall_cmp(const void *a, const void *b)
{
	double x = ((const struct dcpi_listing_stall *)a)->stall;
	double y = ((const struct dcpi_listing_stall *)b)->stall;
	return x > y ? -1 : x < y;
}

/* The instructions of r with stall samples, most first (malloc'd, *n of them; NULL when none
 * or out of memory, then *n is 0 or SIZE_MAX). */
static struct dcpi_listing_stall *dcpi_listing_stalls(const struct dcpi_run *r, size_t *n)
{
	struct dcpi_listing_stall *rows = NULL;
	size_t cap = 0;
	*n = 0;
	for (size_t f = 0; f < r->n; f++) {
		const struct dcpi_proc *p = &r->f[f].proc;
		for (uint32_t x = 0; x < p->ninsns; x++) {
			const struct dcpi_insn *in = &p->insns[x];
			double stall = in->freq > 0
				? in->samples - in->freq * (in->m_cycles ? 1 : 0) : 0;
			if (!(stall > 0))
				continue;
			if (*n == cap) {
				cap = cap ? 2 * cap : 256;
				struct dcpi_listing_stall *nr = realloc(rows, cap * sizeof(*nr));
				if (!nr) {
					free(rows);
					*n = SIZE_MAX;
					return NULL;
				}
				rows = nr;
			}
			rows[(*n)++] = (struct dcpi_listing_stall){ &r->f[f], x, stall };
		}
	}
	if (*n)
		qsort(rows, *n, sizeof(*rows), dcpi_listing_stall_cmp);
	return rows;
}

int dcpi_listing_topstalls_print(FILE *out, const struct dcpi_run *r, size_t limit, int json)
{
	size_t n;
	struct dcpi_listing_stall *rows = dcpi_listing_stalls(r, &n);
	if (n == SIZE_MAX)
		return -ENOMEM;
	if (n > limit)
		n = limit;
	struct json j;
	if (json) {
		json_init(&j, out, 1);
		json_object_begin(&j);
		dcpi_report_run_json(&j, r);
		json_key(&j, "instructions");
		json_array_begin(&j);
	} else {
		fprintf(out, "most stalled instructions of %s (run %lld, %.0f %s samples, period "
			"%.0f cycles)\n", r->image_path, (long long)r->run_id, r->samples, r->event,
			r->period);
		fprintf(out, "%9s %6s %8s %7s %-8s %-10s %-26s %s\n", "stall", "%", "cy/exec",
			"conf", "culprits", "blame", "where", "instruction");
	}
	for (size_t k = 0; k < n; k++) {
		const struct dcpi_proc *p = &rows[k].f->proc;
		const struct dcpi_insn *x = &p->insns[rows[k].i];
		char text[96], letters[DCPI_CAUSE_COUNT + 3], where[160], blame[24] = "";
		isa_disasm(&x->in, x->addr, text, sizeof(text));
		for (char *t = text; *t; t++)
			if (*t == '\t')
				*t = ' ';
		dcpi_culprit_letters(x->culprits, letters);
		if (x->static_kind) {
			size_t l = strlen(letters);
			letters[l] = dcpi_static_letter(x->static_kind);
			letters[l + 1] = 0;
		}
		uint32_t who = x->culprits && x->culprit_load != DCPI_NONE ? x->culprit_load
		               : x->static_by;
		if (who != DCPI_NONE)
			snprintf(blame, sizeof(blame), "%llx",
				 (unsigned long long)p->insns[who].addr);
		snprintf(where, sizeof(where), "%s+0x%llx", rows[k].f->name,
		         (unsigned long long)(x->addr - rows[k].f->start));
		double cy = x->cpi - (x->m_cycles ? 1 : 0);
		if (json) {
			json_object_begin(&j);
			json_kv_uint(&j, "offset", x->addr);
			json_kv_string(&j, "where", where);
			json_kv_string(&j, "text", text);
			json_kv_double(&j, "stall_samples", rows[k].stall);
			json_kv_double(&j, "stall_cycles_per_exec", cy);
			json_kv_string(&j, "confidence", dcpi_conf_name(x->conf));
			json_kv_string(&j, "culprits", letters);
			if (who != DCPI_NONE)
				json_kv_uint(&j, "blame", p->insns[who].addr);
			json_object_end(&j);
		} else {
			double share = r->samples > 0 ? 100 * rows[k].stall / r->samples : 0;
			fprintf(out, "%9.0f %5.1f%% %8.1f %7s %-8s %-10s %-26s %llx: %s\n",
				rows[k].stall, share, cy, dcpi_conf_name(x->conf),
				*letters ? letters : "-", *blame ? blame : "-", where,
				(unsigned long long)x->addr, text);
		}
	}
	if (json) {
		json_array_end(&j);
		json_object_end(&j);
		json_end(&j);
	}
	free(rows);
	return 0;
}
