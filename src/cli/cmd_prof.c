/*
 * cmd_prof.c — `robin prof`: samples per procedure (or per image with --images), one column
 * group (count, %, cum%) per event, sorted by the first event — dcpiprof, Figure 1 of
 * 002_767b26a0b68559db.txt. Text, --json or --csv.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/db_args.h"
#include "cli/pics_show.h"
#include "cli/prof_stacks.h"
#include "profile/profile_agg.h"
#include "report/report_load.h"
#include "util/json.h"

static const char prof_help[] =
	"usage: robin prof [options]\n"
	"\n"
	"Samples per procedure (default) or per image, one column group per event: the count,\n"
	"its percentage of the event's total and the cumulative percentage down the list, sorted\n"
	"by the first event. Procedures come from each image's symbol tables; samples in no\n"
	"function symbol are listed as [unknown] of their image.\n"
	"\n"
	"options:\n"
	"  --images            one row per image instead of per procedure\n"
	"  -n N                print only the first N rows\n"
	"  --children          with call stacks: per procedure the samples with it anywhere on\n"
	"                      the stack (children, inclusive) and in it (self), as perf\n"
	"                      report --children; one event\n"
	"  --callers FUNC      with call stacks: the procedures that call FUNC, with the\n"
	"                      samples of those stacks ([root]: FUNC is outermost)\n"
	"  --callees FUNC      with call stacks: the procedures FUNC calls ([self]: in FUNC)\n"
	"  --pics              per-procedure cycle stacks of a PICS profile (robin sim\n"
	"                      --profile tea --db; --event picks it, default tea, else golden)\n"
	DB_ARGS_HELP
	"  -h, --help          this text\n";

static double pct(double v, double total)
{
	return total > 0 ? 100.0 * v / total : 0.0;
}

/* Decimals for an event column: 0 when every value is integral (plain sample counts). */
static int column_decimals(const struct profile_agg *a, size_t e)
{
	for (size_t r = 0; r < a->n_rows; r++)
		if (a->rows[r].values[e] != floor(a->rows[r].values[e]))
			return 2;
	return 0;
}

static void print_text(const struct profile_agg *a, size_t n_rows, int images)
{
	int *dec = calloc(a->n_events + 1, sizeof(*dec)), *width = calloc(a->n_events + 1,
									  sizeof(*width));
	char buf[64];
	if (!dec || !width) {
		free(dec);
		free(width);
		fprintf(stderr, "robin prof: out of memory\n");
		return;
	}
	size_t name_w = images ? 5 : 9;

	fputs("Total samples for event type ", stdout);
	for (size_t e = 0; e < a->n_events; e++) {
		dec[e] = column_decimals(a, e);
		printf("%s%s = %.*f", e ? ", " : "", a->events[e], dec[e], a->totals[e]);
		width[e] = snprintf(buf, sizeof(buf), "%.*f", dec[e], a->totals[e]);
		if (width[e] < (int)strlen(a->events[e]))
			width[e] = (int)strlen(a->events[e]);
	}
	printf("\n");
	int any_period = 0;
	for (size_t e = 0; e < a->n_events; e++)
		any_period |= a->periods[e] > 1;
	if (any_period) {
		printf("Sampling period:");
		for (size_t e = 0; e < a->n_events; e++)
			if (a->periods[e])
				printf(" %s every %llu", a->events[e], (unsigned long long)a->periods[e]);
		printf("\n");
	}
	printf("The counts given below are the number of samples for each listed event type.\n\n");
	if (!images)
		for (size_t r = 0; r < n_rows; r++)
			if (strlen(a->rows[r].name) > name_w)
				name_w = strlen(a->rows[r].name);
	if (name_w > 48)
		name_w = 48;

	for (size_t e = 0; e < a->n_events; e++)
		printf("%s%*s %6s %6s", e ? "  " : "", width[e], a->events[e], "%", "cum%");
	if (images)
		printf("  image\n");
	else
		printf("  %-*s image\n", (int)name_w, "procedure");
	double *cum = calloc(a->n_events ? a->n_events : 1, sizeof(*cum));
	for (size_t r = 0; r < n_rows; r++) {
		const struct profile_agg_row *row = &a->rows[r];
		for (size_t e = 0; e < a->n_events; e++) {
			cum[e] += row->values[e];
			printf("%s%*.*f %5.1f%% %5.1f%%", e ? "  " : "", width[e], dec[e], row->values[e],
			       pct(row->values[e], a->totals[e]), pct(cum[e], a->totals[e]));
		}
		if (images)
			printf("  %s\n", row->image_path);
		else
			printf("  %-*s %s\n", (int)name_w, row->name, row->image_path);
	}
	free(cum);
	free(dec);
	free(width);
	if (n_rows < a->n_rows)
		printf("(%zu more rows not shown)\n", a->n_rows - n_rows);
	if (a->n_images_unreadable)
		printf("note: %zu image(s) could not be read (%s%s); their samples are listed as "
		       "%s\n", a->n_images_unreadable, a->unreadable_why,
		       a->n_images_unreadable > 1 ? ", ..." : "", PROFILE_AGG_NO_SYMBOL);
}

static void print_json(const struct profile_agg *a, size_t n_rows, int images,
		       const char *db_path)
{
	struct json j;
	json_init(&j, stdout, 1);
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
	double *cum = calloc(a->n_events ? a->n_events : 1, sizeof(*cum));
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
			json_kv_double(&j, "pct", pct(row->values[e], a->totals[e]));
			json_kv_double(&j, "cum_pct", pct(cum[e], a->totals[e]));
			json_object_end(&j);
		}
		json_object_end(&j);
		json_object_end(&j);
	}
	free(cum);
	json_array_end(&j);
	json_object_end(&j);
	json_end(&j);
}

static void print_csv(const struct profile_agg *a, size_t n_rows, int images)
{
	if (!images)
		printf("procedure,offset,size,");
	printf("image");
	for (size_t e = 0; e < a->n_events; e++) {
		printf(",");
		table_csv_field(stdout, a->events[e]);
		printf(",%s_pct,%s_cum_pct", a->events[e], a->events[e]);
	}
	printf("\n");
	double *cum = calloc(a->n_events ? a->n_events : 1, sizeof(*cum));
	for (size_t r = 0; r < n_rows; r++) {
		const struct profile_agg_row *row = &a->rows[r];
		if (!images) {
			table_csv_field(stdout, row->name);
			printf(",0x%llx,%llu,", (unsigned long long)row->start,
			       (unsigned long long)row->size);
		}
		table_csv_field(stdout, row->image_path);
		for (size_t e = 0; e < a->n_events; e++) {
			cum[e] += row->values[e];
			printf(",%.17g,%.4f,%.4f", row->values[e], pct(row->values[e], a->totals[e]),
			       pct(cum[e], a->totals[e]));
		}
		printf("\n");
	}
	free(cum);
}

int cmd_prof(int argc, char **argv)
{
	struct db_args a;
	struct profile_db *db = NULL;
	int images = 0, pics = 0, rc = 1, k, i = 1;
	uint64_t limit = 0;
	const char *v, *func = NULL;
	int view = -1;
	db_args_init(&a, "prof", prof_help, DB_ARGS_ALL, 0);
	while ((k = db_args_next(&a, argc, argv, &i)) > 0) {
		if (!strcmp(argv[i], "--images")) {
			images = 1;
			i++;
		} else if (!strcmp(argv[i], "--pics")) {
			pics = 1;
			i++;
		} else if (!strcmp(argv[i], "--children")) {
			view = PROF_STACKS_CHILDREN;
			i++;
		} else if ((k = db_args_opt(&a, "--callers", argc, argv, &i, &func))) {
			if (k < 0)
				break;
			view = PROF_STACKS_CALLERS;
		} else if ((k = db_args_opt(&a, "--callees", argc, argv, &i, &func))) {
			if (k < 0)
				break;
			view = PROF_STACKS_CALLEES;
		} else if ((k = db_args_opt(&a, "-n", argc, argv, &i, &v))) {
			if (k < 0 || (k = db_args_count(&a, "-n", v, 0, &limit)))
				break;
		} else {
			k = db_args_unknown(&a, argv[i]);
			break;
		}
	}
	if (k < 0) {
		rc = a.status;
		goto out;
	}
	if (view >= 0) {
		if (images || pics) {
			fprintf(stderr, "robin prof: --children, --callers and --callees are per "
			        "procedure (not with --images or --pics)\n");
			goto out;
		}
		rc = prof_stacks_show(&a, (enum prof_stacks_view)view, func, (size_t)limit);
		goto out;
	}
	if (!(db = db_args_open(&a, 0)))
		goto out;
	if (pics && a.fmt != TABLE_TEXT) {
		fprintf(stderr, "robin prof: --pics prints text only (no --json, --csv)\n");
		goto out;
	}
	if (pics) {
		rc = pics_show_prof(db, &a.filter, (size_t)limit);
		goto out;
	}
	struct profile_agg agg;
	if (profile_agg_build(db, &a.filter, images ? PROFILE_AGG_IMAGE : PROFILE_AGG_PROCEDURE,
			      &agg)) {
		fprintf(stderr, "robin prof: %s\n", profile_db_error(db));
		goto out;
	}
	size_t n_rows = limit && limit < agg.n_rows ? (size_t)limit : agg.n_rows;
	if (agg.n_profiles == 0) {
		/* as export, report and diff: a selection that matches nothing is an error */
		char d[256];
		report_filter_describe(&a.filter, d, sizeof(d));
		fprintf(stderr, "robin prof: %s: no profile matches %s\n", profile_db_path(db), d);
		profile_agg_free(&agg);
		goto out;
	}
	if (a.fmt == TABLE_JSON)
		print_json(&agg, n_rows, images, profile_db_path(db));
	else if (a.fmt == TABLE_CSV)
		print_csv(&agg, n_rows, images);
	else
		print_text(&agg, n_rows, images);
	profile_agg_free(&agg);
	rc = 0;
out:
	profile_db_close(db);
	db_args_free(&a);
	return rc;
}
