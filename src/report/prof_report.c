/*
 * prof_report.c — the dcpiprof table of `robin prof` (see prof_report.h): samples per
 * procedure or image with count, % and cum% per event, as text, JSON or CSV.
 * Entry point: prof_report_print.
 */
#include "report/prof_report.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_profile.h"
#include "util/json.h"

/* Decimals for an event column: 0 when every value is integral (plain sample counts). */
static int prof_report_decimals(const struct profile_agg *a, size_t e)
{
	for (size_t r = 0; r < a->n_rows; r++)
		if (a->rows[r].values[e] != floor(a->rows[r].values[e]))
			return 2;
	return 0;
}

/* The three forms below take cum: n_events zeroed doubles for the cumulative sums. */
static int prof_report_text(FILE *out, const struct profile_agg *a, size_t n_rows, int images,
			    double *cum)
{
	int *dec = calloc(a->n_events + 1, sizeof(*dec)), *width = calloc(a->n_events + 1,
									  sizeof(*width));
	char buf[64];
	if (!dec || !width) {
		free(dec);
		free(width);
		return -ENOMEM;
	}
	size_t name_w = images ? 5 : 9;

	fputs("Total samples for event type ", out);
	for (size_t e = 0; e < a->n_events; e++) {
		dec[e] = prof_report_decimals(a, e);
		fprintf(out, "%s%s = %.*f", e ? ", " : "", a->events[e], dec[e], a->totals[e]);
		width[e] = snprintf(buf, sizeof(buf), "%.*f", dec[e], a->totals[e]);
		if (width[e] < (int)strlen(a->events[e]))
			width[e] = (int)strlen(a->events[e]);
	}
	fprintf(out, "\n");
	int any_period = 0;
	for (size_t e = 0; e < a->n_events; e++)
		any_period |= a->periods[e] > 1;
	if (any_period) {
		fprintf(out, "Sampling period:");
		for (size_t e = 0; e < a->n_events; e++)
			if (a->periods[e])
				fprintf(out, " %s every %llu", a->events[e],
					(unsigned long long)a->periods[e]);
		fprintf(out, "\n");
	}
	fprintf(out, "The counts given below are the number of samples for each listed event "
		"type.\n\n");
	if (!images)
		for (size_t r = 0; r < n_rows; r++)
			if (strlen(a->rows[r].name) > name_w)
				name_w = strlen(a->rows[r].name);
	if (name_w > 48)
		name_w = 48;

	for (size_t e = 0; e < a->n_events; e++)
		fprintf(out, "%s%*s %6s %6s", e ? "  " : "", width[e], a->events[e], "%", "cum%");
	if (images)
		fprintf(out, "  image\n");
	else
		fprintf(out, "  %-*s image\n", (int)name_w, "procedure");
	for (size_t r = 0; r < n_rows; r++) {
		const struct profile_agg_row *row = &a->rows[r];
		for (size_t e = 0; e < a->n_events; e++) {
			cum[e] += row->values[e];
			fprintf(out, "%s%*.*f %5.1f%% %5.1f%%", e ? "  " : "", width[e], dec[e],
				row->values[e], report_pct(row->values[e], a->totals[e]),
				report_pct(cum[e], a->totals[e]));
		}
		if (images)
			fprintf(out, "  %s\n", row->image_path);
		else
			fprintf(out, "  %-*s %s\n", (int)name_w, row->name, row->image_path);
	}
	free(dec);
	free(width);
	if (n_rows < a->n_rows)
		fprintf(out, "(%zu more rows not shown)\n", a->n_rows - n_rows);
	if (a->n_images_unreadable)
		fprintf(out, "note: %zu image(s) could not be read (%s%s); their samples are listed "
			"as %s\n", a->n_images_unreadable, a->unreadable_why,
			a->n_images_unreadable > 1 ? ", ..." : "", PROFILE_AGG_NO_SYMBOL);
	return 0;
}

static void prof_report_json(FILE *out, const struct profile_agg *a, size_t n_rows, int images,
			     const char *db_path, double *cum)
{
	struct json j;
	json_init(&j, out, 1);
	json_object_begin(&j);
	json_kv_string(&j, "db", db_path);
	json_kv_string(&j, "by", images ? "image" : "procedure");
	json_key(&j, "events");
	json_array_begin(&j);
	for (size_t e = 0; e < a->n_events; e++) {
		json_object_begin(&j);
		json_kv_string(&j, "name", a->events[e]);
		json_kv_double(&j, "total", a->totals[e]);
		json_kv_uint(&j, "period", a->periods[e]);
		json_object_end(&j);
	}
	json_array_end(&j);
	json_kv_uint(&j, "rows_total", a->n_rows);
	json_kv_uint(&j, "images_unreadable", a->n_images_unreadable);
	json_key(&j, "rows");
	json_array_begin(&j);
	for (size_t r = 0; r < n_rows; r++) {
		const struct profile_agg_row *row = &a->rows[r];
		json_object_begin(&j);
		if (!images) {
			json_kv_string(&j, "procedure", row->name);
			json_kv_uint(&j, "offset", row->start);
			json_kv_uint(&j, "size", row->size);
		}
		json_kv_string(&j, "image", row->image_path);
		json_key(&j, "events");
		json_object_begin(&j);
		for (size_t e = 0; e < a->n_events; e++) {
			cum[e] += row->values[e];
			json_key(&j, a->events[e]);
			json_object_begin(&j);
			json_kv_double(&j, "count", row->values[e]);
			json_kv_double(&j, "pct", report_pct(row->values[e], a->totals[e]));
			json_kv_double(&j, "cum_pct", report_pct(cum[e], a->totals[e]));
			json_object_end(&j);
		}
		json_object_end(&j);
		json_object_end(&j);
	}
	json_array_end(&j);
	json_object_end(&j);
	json_end(&j);
}

static void prof_report_csv(FILE *out, const struct profile_agg *a, size_t n_rows, int images,
			    double *cum)
{
	if (!images)
		fprintf(out, "procedure,offset,size,");
	fprintf(out, "image");
	for (size_t e = 0; e < a->n_events; e++) {
		fprintf(out, ",");
		table_csv_field(out, a->events[e]);
		fprintf(out, ",%s_pct,%s_cum_pct", a->events[e], a->events[e]);
	}
	fprintf(out, "\n");
	for (size_t r = 0; r < n_rows; r++) {
		const struct profile_agg_row *row = &a->rows[r];
		if (!images) {
			table_csv_field(out, row->name);
			fprintf(out, ",0x%llx,%llu,", (unsigned long long)row->start,
				(unsigned long long)row->size);
		}
		table_csv_field(out, row->image_path);
		for (size_t e = 0; e < a->n_events; e++) {
			cum[e] += row->values[e];
			fprintf(out, ",%.17g,%.4f,%.4f", row->values[e],
				report_pct(row->values[e], a->totals[e]),
				report_pct(cum[e], a->totals[e]));
		}
		fprintf(out, "\n");
	}
}

int prof_report_print(FILE *out, enum table_format fmt, const struct profile_agg *a,
		      size_t n_rows, int images, const char *db_path)
{
	double *cum = calloc(a->n_events ? a->n_events : 1, sizeof(*cum));
	int rc = 0;
	if (!cum)
		return -ENOMEM;
	if (fmt == TABLE_JSON)
		prof_report_json(out, a, n_rows, images, db_path, cum);
	else if (fmt == TABLE_CSV)
		prof_report_csv(out, a, n_rows, images, cum);
	else
		rc = prof_report_text(out, a, n_rows, images, cum);
	free(cum);
	return rc;
}
