/*
 * annotate_listing.c — the per-instruction listing of one function as `robin annotate` prints
 * it (see annotate_listing.h): text with source lines interleaved, JSON or CSV.
 * Entry point: annotate_listing_print.
 */
#include "report/annotate_listing.h"

#include <stdlib.h>
#include <string.h>

#include "report/report_profile.h"
#include "util/json.h"

static const char *annotate_listing_base(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

static void annotate_listing_text(FILE *out, struct listing *l, int source,
				  const struct annotate_profileme *pm,
				  const struct annotate_ibs *ibs)
{
	fprintf(out, "%s in %s (%s), offsets 0x%llx-0x%llx (%llu bytes)\n", l->func,
		l->image_path, *l->arch ? l->arch : "unknown arch", (unsigned long long)l->start,
		(unsigned long long)(l->start + l->size), (unsigned long long)l->size);
	for (size_t e = 0; e < l->n_events; e++)
		fprintf(out, "%s: %.17g samples in the function, %.1f%% of the image's %.17g, "
			"%.1f%% of all %.17g\n", l->events[e], l->func_totals[e],
			report_pct(l->func_totals[e], l->image_totals[e]),
			l->image_totals[e], report_pct(l->func_totals[e], l->all_totals[e]),
			l->all_totals[e]);
	if (l->no_code)
		fprintf(out, "(the image's code is not readable: one row per sampled offset)\n");
	if (l->commit_event >= 0)
		fprintf(out, "commit states of %s samples: C = computing, S = stalled, "
			"F = flushed, D = drained\n", l->events[l->commit_event]);
	fprintf(out, "\n");
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
		fprintf(out, "%*s %6s  ", w[e], l->events[e], "%");
		pad += w[e] + 9;
	}
	if (l->commit_event >= 0) {
		fprintf(out, "%8s %8s %8s %8s  ", "C", "S", "F", "D");
		pad += 4 * 9 + 1;
	}
	if (pm->present) {
		annotate_profileme_header(out);
		pad += annotate_profileme_width();
	}
	if (ibs->present) {
		annotate_ibs_header(out);
		pad += annotate_ibs_width();
	}
	fprintf(out, "%10s  instruction\n", "address");
	pad += 12;
	for (size_t k = 0; k < l->n_insns; k++) {
		struct listing_insn *in = &l->insns[k];
		if (source && in->src_changed) {
			const struct elf_line *src = &in->src;
			const char *text = listing_source_text(l, src->at[0].file, src->at[0].line);
			fprintf(out, "%*s%s:%d", pad, "",
				annotate_listing_base(src->at[0].file ? src->at[0].file : "?"),
				src->at[0].line);
			if (src->n > 1 && src->at[0].func)
				fprintf(out, " [%s inlined into %s at %s:%d]", src->at[0].func,
					src->at[1].func ? src->at[1].func : "?",
					annotate_listing_base(src->at[1].file ? src->at[1].file : "?"),
					src->at[1].line);
			if (text)
				fprintf(out, "  %s", text);
			fprintf(out, "\n");
		}
		for (size_t e = 0; e < l->n_events; e++) {
			if (in->values[e] != 0)
				fprintf(out, "%*.6g %5.1f%%  ", w[e], in->values[e],
					report_pct(in->values[e], l->func_totals[e]));
			else
				fprintf(out, "%*s %6s  ", w[e], "", "");
		}
		if (l->commit_event >= 0) {
			for (int s = 0; s < PROFILE_DB_COMMIT_COUNT; s++) {
				if (in->commit[s] != 0)
					fprintf(out, "%8.6g ", in->commit[s]);
				else
					fprintf(out, "%8s ", "");
			}
			fprintf(out, " ");
		}
		if (pm->present)
			annotate_profileme_cells(out, pm, k);
		if (ibs->present)
			annotate_ibs_cells(out, ibs, k);
		fprintf(out, "%10llx: %s\n", (unsigned long long)in->offset, in->text);
	}
	free(w);
}

static void annotate_listing_json(FILE *out, struct listing *l, int source,
				  const struct annotate_profileme *pm,
				  const struct annotate_ibs *ibs)
{
	struct json j;
	json_init(&j, out, 1);
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
				json_kv_string(&j, "file",
					       in->src.at[s].file ? in->src.at[s].file : "");
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
			json_kv_double(&j, l->events[e],
				       report_pct(in->values[e], l->func_totals[e]));
		json_object_end(&j);
		if (l->commit_event >= 0) {
			json_key(&j, "commit_state");
			json_object_begin(&j);
			for (int s = 0; s < PROFILE_DB_COMMIT_COUNT; s++)
				json_kv_double(&j, profile_db_commit_state_name(s), in->commit[s]);
			json_object_end(&j);
		}
		annotate_profileme_json(&j, pm, k);
		annotate_ibs_json(&j, ibs, k);
		json_object_end(&j);
	}
	json_array_end(&j);
	json_object_end(&j);
	json_end(&j);
}

static void annotate_listing_csv(FILE *out, const struct listing *l)
{
	fprintf(out, "offset,instruction,file,line");
	for (size_t e = 0; e < l->n_events; e++)
		fprintf(out, ",%s,%s_pct", l->events[e], l->events[e]);
	if (l->commit_event >= 0)
		fprintf(out, ",computing,stalled,flushed,drained");
	fprintf(out, "\n");
	for (size_t k = 0; k < l->n_insns; k++) {
		struct listing_insn *in = &l->insns[k];
		fprintf(out, "0x%llx,", (unsigned long long)in->offset);
		table_csv_field(out, in->text);
		fprintf(out, ",");
		table_csv_field(out, in->src.n && in->src.at[0].file ? in->src.at[0].file : "");
		fprintf(out, ",%d", in->src.n ? in->src.at[0].line : 0);
		for (size_t e = 0; e < l->n_events; e++)
			fprintf(out, ",%.17g,%.4f", in->values[e],
				report_pct(in->values[e], l->func_totals[e]));
		if (l->commit_event >= 0)
			for (int s = 0; s < PROFILE_DB_COMMIT_COUNT; s++)
				fprintf(out, ",%.17g", in->commit[s]);
		fprintf(out, "\n");
	}
}

void annotate_listing_print(FILE *out, enum table_format fmt, struct listing *l, int source,
			    const struct annotate_profileme *pm, const struct annotate_ibs *ibs)
{
	if (fmt == TABLE_JSON)
		annotate_listing_json(out, l, source, pm, ibs);
	else if (fmt == TABLE_CSV)
		annotate_listing_csv(out, l);
	else
		annotate_listing_text(out, l, source, pm, ibs);
}
