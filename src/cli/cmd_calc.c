/*
 * cmd_calc.c — `robin calc [FUNC]`: DCPI's dcpicalc (002_767b26a0b68559db.txt §3.2, §6) over
 * the issue-head samples of a run: per basic block the best-case and actual CPI, per
 * instruction its samples, cpi, culprit letters, bubbles for stall cycles and the address of
 * the instruction to blame (Figure 2); --summary: where the cycles went (Figure 4), for FUNC
 * or the whole image; --evaluate: the estimates against the run's exact counts (Figures 8-10).
 * The analysis lives in src/analysis/dcpi_*.c; this file parses options and prints.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/dcpi_eval.h"
#include "analysis/dcpi_summary.h"
#include "cli/cli.h"
#include "cli/db_args.h"
#include "report/dcpi_report.h"
#include "util/json.h"

static const char calc_help[] =
	"usage: robin calc [FUNCTION] [options]\n"
	"\n"
	"Estimates, from the issue-head cycle samples of a simulated run, how often every\n"
	"instruction of FUNCTION ran, its cycles per execution and the culprits of its stalls\n"
	"(DCPI's dcpicalc). Without FUNCTION, --summary and --evaluate cover every sampled\n"
	"procedure of the image. Record a run with\n"
	"  robin sim --preset inorder-dual --db F PROG \\\n"
	"            --profile issue-head,dcpix,dcpix-taken,dcpix-imiss\n"
	"(the dcpix profiles are the exact counts --evaluate compares with; add\n"
	"dcpix-dmiss,dcpix-dtlb,dcpix-mispredict for the event counts that bound the\n"
	"D-cache, D-TLB and mispredict culprits as dcpix-imiss does the I-cache's). --event tip\n"
	"analyses TIP's commit samples instead (an out-of-order core, with --profile tip).\n"
	"\n"
	"Culprits: i I-cache miss, I I-TLB miss, d D-cache miss, D D-TLB miss, w store queue\n"
	"full, p branch mispredict, m multiplier busy, v divider busy; static stalls: s slotting,\n"
	"a operand dependency, f unit busy, h waits at the ROB head.\n"
	"\n"
	"options:\n"
	DB_ARGS_HELP
	"  --summary           where the cycles went (Figure 4)\n"
	"  --evaluate          estimates against the exact counts (Figures 8, 9, 10)\n"
	"  -h, --help          this text\n";

static void calc_bubbles(char letter_text[], double cycles, const char *why_addr)
{
	/* one line per half cycle as Figure 2, at most three, the last one with the length */
	int lines = (int)ceil(cycles * 2);
	if (lines > 3)
		lines = 3;
	for (int k = 0; k < lines; k++) {
		printf("%10s  %-28s", "", letter_text);
		if (k == lines - 1)
			printf(" ... %.1fcy%s%s", cycles, *why_addr ? " " : "", why_addr);
		printf("\n");
	}
}

static void calc_print_listing(const struct dcpi_run *r, const struct dcpi_func *f)
{
	const struct dcpi_proc *p = &f->proc;
	double s = 0;
	for (size_t i = 0; i < p->ninsns; i++)
		s += p->insns[i].samples;
	printf("%s in %s (run %lld), %.0f %s samples of %.0f in the image, period %.0f cycles\n",
	       f->name, r->image_path, (long long)r->run_id, s, r->event, r->samples, r->period);
	printf("core: issue width %u (int %u, mem %u, fp %u), load-use %u cycles%s\n",
	       p->core.decode_width, p->core.int_issue_width, p->core.mem_issue_width,
	       p->core.fp_issue_width, p->core.l1d_cycles,
	       r->core_from_run ? "" : " (defaults: the run stored no configuration)");
	if (p->missing_edges)
		printf("(an indirect jump has unknown targets: every block is its own frequency class)\n");
	printf("\n%10s  %-28s %9s %8s %-7s %7s", "Addr", "Instruction", "Samples", "CPI", "Culprit",
	       "Conf");
	if (f->count)
		printf(" %11s %11s %7s", "Est.count", "Exact", "Error");
	printf("\n");
	for (size_t b = 0; b < p->nblocks; b++) {
		const struct dcpi_block *bl = &p->blocks[b];
		if (!bl->n)
			continue;
		double act = 0;
		for (uint32_t i = bl->first; i < bl->first + bl->n; i++)
			act += p->insns[i].samples;
		printf("\n*** Best-case %u/%u = %.2fCPI\n", bl->best_cycles, bl->n,
		       (double)bl->best_cycles / bl->n);
		if (bl->freq > 0)
			printf("*** Actual %.1f/%u = %.2fCPI\n", act / bl->freq, bl->n,
			       act / bl->freq / bl->n);
		else
			printf("*** Actual -/%u (frequency %s)\n", bl->n, isnan(bl->freq) ? "unknown"
			       : "estimated 0");
		for (uint32_t i = bl->first; i < bl->first + bl->n; i++) {
			const struct dcpi_insn *x = &p->insns[i];
			char text[96], who[32] = "", letters[DCPI_CAUSE_COUNT + 1];
			if (x->static_kind && (x->m_cycles > 1 || x->static_kind == DCPI_STATIC_SLOT)) {
				char st[2] = { dcpi_static_letter(x->static_kind), 0 };
				if (x->static_by != DCPI_NONE)
					snprintf(who, sizeof(who), "(%llx)",
					         (unsigned long long)p->insns[x->static_by].addr);
				calc_bubbles(st, x->static_kind == DCPI_STATIC_SLOT ? 0.5 : x->m_cycles - 1,
				             who);
			}
			dcpi_culprit_letters(x->culprits, letters);
			if (x->culprits)
				calc_bubbles(*letters ? letters : "?", x->dyn_cycles, "");
			isa_disasm(&x->in, x->addr, text, sizeof(text));
			for (char *t = text; *t; t++)
				if (*t == '\t')
					*t = ' ';
			printf("%10llx  %-28s %9.0f ", (unsigned long long)x->addr, text, x->samples);
			if (!x->m_cycles && !(x->samples > 0))
				printf("%8s %-7s", "", "(dual)");
			else if (isnan(x->cpi))
				printf("%8s %-7s", "-", "");
			else {
				char cul[24] = "";
				if (x->culprit_load != DCPI_NONE && x->culprits)
					snprintf(cul, sizeof(cul), "%llx",
					         (unsigned long long)p->insns[x->culprit_load].addr);
				printf("%6.1fcy %-7s", x->cpi, cul);
			}
			printf(" %7s", dcpi_conf_name(x->conf));
			if (f->count) {
				double est = x->freq * r->period, t = f->count[i];
				if (isnan(est))
					printf(" %11s", "-");
				else
					printf(" %11.0f", est);
				printf(" %11.0f", t);
				if (t > 0 && !isnan(est))
					printf(" %+6.1f%%", 100 * (est - t) / t);
			}
			printf("\n");
		}
	}
}

static void calc_print_summary(const char *what, const struct dcpi_summary *s)
{
	double t = s->samples;
	printf("%s\n", what);
	printf("*** Best-case %.0f/%.0f = %.2fCPI\n", s->best_case, s->insns_executed,
	       s->insns_executed > 0 ? s->best_case / s->insns_executed : 0);
	printf("*** Actual %.0f/%.0f = %.2fCPI\n", t, s->insns_executed,
	       s->insns_executed > 0 ? t / s->insns_executed : 0);
	printf("***\n");
	for (int c = 0; c < DCPI_CAUSE_COUNT; c++)
		printf("*** %-20s %5.1f%% to %5.1f%%\n", dcpi_cause_name((enum dcpi_cause)c),
		       dcpi_report_pct(s->cause_lo[c], t), dcpi_report_pct(s->cause_hi[c], t));
	printf("***\n");
	printf("*** %-20s %5.1f%%\n", "Unexplained stall", dcpi_report_pct(s->unexplained_stall, t));
	printf("*** %-20s %5.1f%%\n", "Unexplained gain", -dcpi_report_pct(s->unexplained_gain, t));
	printf("*** -----\n");
	printf("*** %-20s %5.1f%%\n", "Subtotal dynamic",
	       dcpi_report_pct(s->dynamic + s->unexplained_stall - s->unexplained_gain, t));
	printf("***\n");
	double st = 0;
	for (int k = 1; k < DCPI_STATIC_COUNT; k++) {
		printf("*** %-20s %5.1f%%\n", dcpi_static_name((enum dcpi_static)k),
		       dcpi_report_pct(s->static_stall[k], t));
		st += s->static_stall[k];
	}
	printf("*** -----\n");
	printf("*** %-20s %5.1f%%\n", "Subtotal static", dcpi_report_pct(st, t));
	printf("***\n");
	printf("*** %-20s %5.1f%%\n", "Total stall",
	       dcpi_report_pct(st + s->dynamic + s->unexplained_stall - s->unexplained_gain, t));
	printf("*** %-20s %5.1f%%\n", "Execution", dcpi_report_pct(s->execution, t));
	double net = t - (s->execution + st + s->dynamic + s->unexplained_stall -
	                  s->unexplained_gain + s->noise + s->unestimated);
	printf("*** %-20s %5.1f%%\n", "Net sampling error", dcpi_report_pct(net + s->noise, t));
	printf("*** %-20s %5.1f%%\n", "Unestimated", dcpi_report_pct(s->unestimated, t));
	printf("*** -----\n");
	printf("*** Total tallied %.0f samples (%.0f%%)\n", t, t > 0 ? 100.0 : 0);
}

static void calc_json_summary(struct json *j, const struct dcpi_summary *s)
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

static void calc_json_listing(struct json *j, const struct dcpi_run *r, const struct dcpi_func *f)
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



int cmd_calc(int argc, char **argv)
{
	struct db_args a;
	struct profile_db *db = NULL;
	struct dcpi_run r = { 0 };
	int summary = 0, evaluate = 0, rc = 2, k, i = 1, loaded = 0;
	db_args_init(&a, "calc", calc_help, DB_ARGS_DB | DB_ARGS_SELECT | DB_ARGS_JSON, 1);
	while ((k = db_args_next(&a, argc, argv, &i)) > 0) {
		if (!strcmp(argv[i], "--summary"))
			summary = 1;
		else if (!strcmp(argv[i], "--evaluate"))
			evaluate = 1;
		else {
			k = db_args_unknown(&a, argv[i]);
			break;
		}
		i++;
	}
	if (k < 0) {
		rc = a.status;
		goto out;
	}
	if (!a.nargs && !summary && !evaluate) {
		fprintf(stderr, "robin calc: which FUNCTION? (or --summary / --evaluate for the "
		        "whole image; see robin calc --help)\n");
		goto out;
	}
	rc = 1;
	if (!(db = db_args_open(&a, 0)))
		goto out;
	if (evaluate) {
		rc = dcpi_report_evaluate(db, &a.filter, a.nargs ? a.args[0] : NULL,
		                          a.fmt == TABLE_JSON, "calc") ? 1 : 0;
		goto out;
	}
	char err[DCPI_RUN_ERR_MAX];
	if (dcpi_run_load(db, &a.filter, a.nargs ? a.args[0] : NULL, NULL, &r, err)) {
		fprintf(stderr, "robin calc: %s\n", err);
		goto out;
	}
	loaded = 1;
	struct dcpi_summary s = { 0 };
	for (size_t f = 0; f < r.n; f++)
		dcpi_summary_add(&s, &r.f[f].proc);
	if (a.fmt == TABLE_JSON) {
		struct json j;
		json_init(&j, stdout, 1);
		json_object_begin(&j);
		dcpi_report_run_json(&j, &r);
		if (a.nargs && !summary && r.n)
			calc_json_listing(&j, &r, &r.f[0]);
		json_key(&j, "summary");
		json_object_begin(&j);
		calc_json_summary(&j, &s);
		json_object_end(&j);
		json_object_end(&j);
		json_end(&j);
	} else {
		if (a.nargs && !summary && r.n)
			calc_print_listing(&r, &r.f[0]);
		if (summary) {
			char what[512];
			snprintf(what, sizeof(what), "%s%s (run %lld, %zu procedure%s, period %.0f "
			         "cycles)", a.nargs ? r.f[0].name : "image ", a.nargs ? "" : r.image_path,
			         (long long)r.run_id, r.n, r.n == 1 ? "" : "s", r.period);
			calc_print_summary(what, &s);
		}
	}
	rc = 0;
out:
	if (loaded)
		dcpi_run_free(&r);
	profile_db_close(db);
	db_args_free(&a);
	return rc;
}
