/*
 * cmd_annotate.c — `robin annotate FUNCTION`: the per-instruction listing of one function
 * (dcpicalc-style, 002_767b26a0b68559db.txt §3.2): address, disassembly, source lines
 * interleaved, samples per event and % of the function's samples, and for simulated
 * profiles with commit-state details the computing/stalled/flushed/drained split.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/annotate_ibs.h"
#include "cli/annotate_profileme.h"
#include "cli/cli.h"
#include "cli/db_args.h"
#include "cli/pics_show.h"
#include "profile/listing.h"
#include "report/report_load.h"
#include "util/json.h"

static const char annotate_help[] =
	"usage: robin annotate FUNCTION [options]\n"
	"\n"
	"Lists the instructions of FUNCTION (a symbol name, or 0xOFFSET for the function\n"
	"containing that offset) with their source lines, the samples of each event on each\n"
	"instruction and their share of the function's samples. Profiles that carry\n"
	"commit-state details (simulated oracle/tip/...) add computing, stalled, flushed and\n"
	"drained columns for the first such event. A ProfileMe profile (robin sim\n"
	"--profileme --db) adds its columns: samples, retired %, average latencies fetch>map,\n"
	"map>ready, ready>issue, issue>retire-ready, retire-ready>retire, D-cache miss % and\n"
	"the wasted issue slots estimated from pairs next to the exact ones. An IBS op\n"
	"profile (robin record --event ibs-op, robin sim --profile ibs --db) adds its\n"
	"derived events: op samples, loads, stores, D-cache miss %, average DcMissLat,\n"
	"D-TLB misses, mispredicted branches, data source L2 / LLC / DRAM.\n"
	"\n"
	"options:\n"
	DB_ARGS_HELP
	"  --no-source         do not interleave source lines\n"
	"  --pics              per-instruction cycle stacks instead (robin sim --profile tea\n"
	"                      --db): each instruction's signatures, largest first (--event\n"
	"                      picks the profiler; default tea, else golden)\n"
	"  -h, --help          this text\n";

static double pct(double v, double total)
{
	return total > 0 ? 100.0 * v / total : 0.0;
}

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

static void print_text(struct listing *l, int source, const struct annotate_pm *pm,
		       const struct annotate_ibs *ibs)
{
	printf("%s in %s (%s), offsets 0x%llx-0x%llx (%llu bytes)\n", l->func, l->image_path,
	       *l->arch ? l->arch : "unknown arch", (unsigned long long)l->start,
	       (unsigned long long)(l->start + l->size), (unsigned long long)l->size);
	for (size_t e = 0; e < l->n_events; e++)
		printf("%s: %.17g samples in the function, %.1f%% of the image's %.17g, %.1f%% of "
		       "all %.17g\n", l->events[e], l->func_totals[e],
		       pct(l->func_totals[e], l->image_totals[e]), l->image_totals[e],
		       pct(l->func_totals[e], l->all_totals[e]), l->all_totals[e]);
	if (l->no_code)
		printf("(the image's code is not readable: one row per sampled offset)\n");
	if (l->commit_event >= 0)
		printf("commit states of %s samples: C = computing, S = stalled, F = flushed, "
		       "D = drained\n", l->events[l->commit_event]);
	printf("\n");
	int *w = calloc(l->n_events + 1, sizeof(*w));
	if (!w)
		return;
	for (size_t e = 0; e < l->n_events; e++) {
		char buf[64];
		w[e] = snprintf(buf, sizeof(buf), "%.6g", l->func_totals[e]);
		if (w[e] < (int)strlen(l->events[e]))
			w[e] = (int)strlen(l->events[e]);
	}
	int pad = 0;
	for (size_t e = 0; e < l->n_events; e++) {
		printf("%*s %6s  ", w[e], l->events[e], "%");
		pad += w[e] + 9;
	}
	if (l->commit_event >= 0) {
		printf("%8s %8s %8s %8s  ", "C", "S", "F", "D");
		pad += 4 * 9 + 1;
	}
	if (pm->present) {
		annotate_pm_header(stdout);
		pad += annotate_pm_width();
	}
	if (ibs->present) {
		annotate_ibs_header(stdout);
		pad += annotate_ibs_width();
	}
	printf("%10s  instruction\n", "address");
	pad += 12;
	for (size_t k = 0; k < l->n_insns; k++) {
		struct listing_insn *in = &l->insns[k];
		if (source && in->src_changed) {
			const char *text = listing_source_text(l, in->src.at[0].file, in->src.at[0].line);
			printf("%*s%s:%d", pad, "", base_name(in->src.at[0].file ? in->src.at[0].file
							       : "?"), in->src.at[0].line);
			if (in->src.n > 1 && in->src.at[0].func)
				printf(" [%s inlined into %s at %s:%d]", in->src.at[0].func,
				       in->src.at[1].func ? in->src.at[1].func : "?",
				       base_name(in->src.at[1].file ? in->src.at[1].file : "?"),
				       in->src.at[1].line);
			if (text)
				printf("  %s", text);
			printf("\n");
		}
		for (size_t e = 0; e < l->n_events; e++) {
			if (in->values[e] != 0)
				printf("%*.6g %5.1f%%  ", w[e], in->values[e],
				       pct(in->values[e], l->func_totals[e]));
			else
				printf("%*s %6s  ", w[e], "", "");
		}
		if (l->commit_event >= 0) {
			for (int s = 0; s < PROFILE_DB_COMMIT_COUNT; s++) {
				if (in->commit[s] != 0)
					printf("%8.6g ", in->commit[s]);
				else
					printf("%8s ", "");
			}
			printf(" ");
		}
		if (pm->present)
			annotate_pm_cells(stdout, pm, k);
		if (ibs->present)
			annotate_ibs_cells(stdout, ibs, k);
		printf("%10llx: %s\n", (unsigned long long)in->offset, in->text);
	}
	free(w);
}

static void print_json(struct listing *l, int source, const struct annotate_pm *pm,
		       const struct annotate_ibs *ibs)
{
	struct json j;
	json_init(&j, stdout, 1);
	json_object_begin(&j);
	json_kv_string(&j, "function", l->func);
	json_kv_string(&j, "image", l->image_path);
	json_kv_string(&j, "arch", l->arch);
	json_kv_uint(&j, "offset", l->start);
	json_kv_uint(&j, "size", l->size);
	json_key(&j, "events");
	json_array_begin(&j);
	for (size_t e = 0; e < l->n_events; e++) {
		json_object_begin(&j);
		json_kv_string(&j, "name", l->events[e]);
		json_kv_double(&j, "function_samples", l->func_totals[e]);
		json_kv_double(&j, "image_samples", l->image_totals[e]);
		json_kv_double(&j, "all_samples", l->all_totals[e]);
		json_object_end(&j);
	}
	json_array_end(&j);
	if (l->commit_event >= 0)
		json_kv_string(&j, "commit_state_event", l->events[l->commit_event]);
	json_key(&j, "instructions");
	json_array_begin(&j);
	for (size_t k = 0; k < l->n_insns; k++) {
		struct listing_insn *in = &l->insns[k];
		json_object_begin(&j);
		json_kv_uint(&j, "offset", in->offset);
		json_kv_uint(&j, "length", in->len);
		json_kv_string(&j, "text", in->text);
		if (in->src.n) {
			json_key(&j, "source");
			json_array_begin(&j);
			for (int s = 0; s < in->src.n; s++) {
				json_object_begin(&j);
				json_kv_string(&j, "file", in->src.at[s].file ? in->src.at[s].file : "");
				json_kv_int(&j, "line", in->src.at[s].line);
				if (in->src.at[s].func)
					json_kv_string(&j, "function", in->src.at[s].func);
				if (s == 0 && source) {
					const char *t = listing_source_text(l, in->src.at[0].file,
									    in->src.at[0].line);
					if (t)
						json_kv_string(&j, "text", t);
				}
				json_object_end(&j);
			}
			json_array_end(&j);
		}
		json_key(&j, "counts");
		json_object_begin(&j);
		for (size_t e = 0; e < l->n_events; e++)
			json_kv_double(&j, l->events[e], in->values[e]);
		json_object_end(&j);
		json_key(&j, "pct");
		json_object_begin(&j);
		for (size_t e = 0; e < l->n_events; e++)
			json_kv_double(&j, l->events[e], pct(in->values[e], l->func_totals[e]));
		json_object_end(&j);
		if (l->commit_event >= 0) {
			json_key(&j, "commit_state");
			json_object_begin(&j);
			for (int s = 0; s < PROFILE_DB_COMMIT_COUNT; s++)
				json_kv_double(&j, profile_db_commit_state_name(s), in->commit[s]);
			json_object_end(&j);
		}
		annotate_pm_json(&j, pm, k);
		annotate_ibs_json(&j, ibs, k);
		json_object_end(&j);
	}
	json_array_end(&j);
	json_object_end(&j);
	json_end(&j);
}

static void print_csv(struct listing *l)
{
	printf("offset,instruction,file,line");
	for (size_t e = 0; e < l->n_events; e++)
		printf(",%s,%s_pct", l->events[e], l->events[e]);
	if (l->commit_event >= 0)
		printf(",computing,stalled,flushed,drained");
	printf("\n");
	for (size_t k = 0; k < l->n_insns; k++) {
		struct listing_insn *in = &l->insns[k];
		printf("0x%llx,", (unsigned long long)in->offset);
		table_csv_field(stdout, in->text);
		printf(",");
		table_csv_field(stdout, in->src.n && in->src.at[0].file ? in->src.at[0].file : "");
		printf(",%d", in->src.n ? in->src.at[0].line : 0);
		for (size_t e = 0; e < l->n_events; e++)
			printf(",%.17g,%.4f", in->values[e], pct(in->values[e], l->func_totals[e]));
		if (l->commit_event >= 0)
			for (int s = 0; s < PROFILE_DB_COMMIT_COUNT; s++)
				printf(",%.17g", in->commit[s]);
		printf("\n");
	}
}

int cmd_annotate(int argc, char **argv)
{
	struct db_args a;
	struct profile_db *db = NULL;
	int source = 1, pics = 0, rc = 2, k, i = 1;
	db_args_init(&a, "annotate", annotate_help, DB_ARGS_ALL, DB_ARGS_MAX_ARGS);
	while ((k = db_args_next(&a, argc, argv, &i)) > 0) {
		if (!strcmp(argv[i], "--pics")) {
			pics = 1;
			i++;
			continue;
		}
		if (strcmp(argv[i], "--no-source")) {
			k = db_args_unknown(&a, argv[i]);
			break;
		}
		source = 0;
		i++;
	}
	if (k < 0) {
		rc = a.status;
		goto out;
	}
	if (a.nargs != 1) {
		fprintf(stderr, a.nargs ? "robin annotate: one FUNCTION only\n"
			: "robin annotate: which FUNCTION? (see robin annotate --help)\n");
		goto out;
	}
	rc = 1;
	if (!(db = db_args_open(&a, 0)))
		goto out;
	struct listing l;
	char err[LISTING_ERR_MAX];
	int lrc = listing_build(db, &a.filter, a.args[0], &l, err);
	if (lrc == -ESRCH) {
		char d[256];
		report_filter_describe(&a.filter, d, sizeof(d));
		fprintf(stderr, "robin annotate: %s %s\n", err, d);
		goto out;
	}
	if (lrc) {
		fprintf(stderr, "robin annotate: %s\n", err);
		goto out;
	}
	if (pics && a.fmt != TABLE_TEXT) {
		fprintf(stderr, "robin annotate: --pics prints text only (no --json, --csv)\n");
		listing_free(&l);
		goto out;
	}
	if (pics) {
		rc = pics_show_annotate(db, &a.filter, &l, source);
		listing_free(&l);
		goto out;
	}
	struct annotate_pm pm;
	if (annotate_pm_load(db, &a.filter, &l, &pm)) {
		fprintf(stderr, "robin annotate: cannot read the ProfileMe details: %s\n",
		        profile_db_error(db));
		listing_free(&l);
		goto out;
	}
	struct annotate_ibs ibs;
	if (annotate_ibs_load(db, &a.filter, &l, &ibs)) {
		fprintf(stderr, "robin annotate: cannot read the IBS details: %s\n",
		        profile_db_error(db));
		annotate_pm_free(&pm);
		listing_free(&l);
		goto out;
	}
	if (a.fmt == TABLE_JSON)
		print_json(&l, source, &pm, &ibs);
	else if (a.fmt == TABLE_CSV)
		print_csv(&l);
	else
		print_text(&l, source, &pm, &ibs);
	annotate_ibs_free(&ibs);
	annotate_pm_free(&pm);
	listing_free(&l);
	rc = 0;
out:
	profile_db_close(db);
	db_args_free(&a);
	return rc;
}
