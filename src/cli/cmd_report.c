/*
 * cmd_report.c — `robin report --html FILE`: one self-contained HTML page about the selected
 * profiles (runs, events, top procedures, hot instructions, charts, cycle stacks). The page is
 * written by src/report/html.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/db_args.h"
#include "profile/profile_db_summary.h"
#include "report/html.h"
#include "report/report_load.h"

static const char report_help[] =
	"usage: robin report --html FILE [options]\n"
	"\n"
	"Write one self-contained HTML page (inline CSS, SVG and script; nothing fetched from\n"
	"the network) about the selected profiles: run metadata, events, the top procedures\n"
	"with bars, a procedures x events chart, the hottest instructions with disassembly\n"
	"and source line, and cycle stacks when the profiles carry commit-state details.\n"
	"\n"
	"  --html FILE         the page to write ('-' = stdout)\n"
	"  --sort-event NAME   event that orders the tables (default: the first --event,\n"
	"                      else oracle, else cycles, else the first by name)\n"
	"  --top-procs N       procedures in the table (default 25)\n"
	"  --top-insns N       hot instructions (default 30)\n"
	"  --title TEXT        page title (default \"robin report\")\n"
	DB_ARGS_HELP
	"                      (--json / --csv print a summary of what was written)\n"
	"  --help              this text\n";

int cmd_report(int argc, char **argv)
{
	struct db_args a;
	struct profile_db *db = NULL;
	struct report_profile p;
	struct report_images im = { 0 };
	struct profile_db_run *all_runs = NULL, *runs = NULL;
	size_t nall_runs = 0, nruns = 0;
	const char *html = NULL, *sort_event = NULL, *title = NULL, *v;
	uint64_t top_procs = 0, top_insns = 0;
	int ret, k, i = 1, loaded = 0;
	char sel[256];
	FILE *out = NULL;

	db_args_init(&a, "report", report_help, DB_ARGS_ALL, 0);
	while ((k = db_args_next(&a, argc, argv, &i)) > 0) {
		if ((k = db_args_opt(&a, "--top-procs", argc, argv, &i, &v)) > 0)
			k = db_args_count(&a, "--top-procs", v, 1, &top_procs);
		else if (!k && (k = db_args_opt(&a, "--top-insns", argc, argv, &i, &v)) > 0)
			k = db_args_count(&a, "--top-insns", v, 1, &top_insns);
		else if (!k && !(k = db_args_opt(&a, "--html", argc, argv, &i, &html)) &&
			 !(k = db_args_opt(&a, "--sort-event", argc, argv, &i, &sort_event)) &&
			 !(k = db_args_opt(&a, "--title", argc, argv, &i, &title)))
			k = db_args_unknown(&a, argv[i]);
		if (k < 0)
			break;
	}
	ret = a.status;
	if (k < 0)
		goto out;
	if (!html) {
		fprintf(stderr, "robin report: give the page to write with --html FILE\n");
		goto out;
	}
	ret = 1;
	if (db_args_load(&a, &db, REPORT_LOAD_DETAILS | REPORT_LOAD_STACKS, &p, &im))
		goto out;
	loaded = 1;
	int primary = sort_event ? report_profile_event(&p, sort_event)
		: report_profile_primary_event(&p, a.sel.n_events ? a.sel.events[0] : NULL);
	if (primary < 0) {
		fprintf(stderr, "robin report: --sort-event: no event '%s' in the selection\n",
			sort_event);
		goto out;
	}
	if (profile_db_summary_runs(db, &a.filter, &all_runs, &nall_runs, &runs, &nruns)) {
		fprintf(stderr, "robin report: %s\n", profile_db_error(db));
		goto out;
	}
	if (im.unreadable)
		fprintf(stderr, "robin report: note: %zu image(s) could not be opened (%s); their "
			"samples are listed by address\n", im.unreadable, im.first_error);
	report_selector_format(&a.sel, sel, sizeof(sel));
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	struct pm_fig3 fig3;
	if (pm_fig3_load(db, &a.filter, &fig3)) {
		fprintf(stderr, "robin report: %s\n", profile_db_error(db));
		goto out;
	}
	struct ibs_fig2 fig2;
	if (ibs_fig2_load(db, &a.filter, &fig2)) {
		fprintf(stderr, "robin report: %s\n", profile_db_error(db));
		pm_fig3_free(&fig3);
		goto out;
	}
	struct html_page pg = {
		.title = title,
		.db_path = profile_db_path(db),
		.selection = sel,
		.runs = runs,
		.nruns = nruns,
		.p = &p,
		.im = &im,
		.primary = (size_t)primary,
		.top_procs = (size_t)top_procs,
		.top_insns = (size_t)top_insns,
		.generated_ns = (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec,
		.pm_fig3 = &fig3,
		.ibs_fig2 = &fig2,
	};
	struct pics_html pics;
	int pics_rc = pics_html_load(db, &a.filter, &p, 20, &pics);
	if (pics_rc && pics_rc != -ENOENT) {
		fprintf(stderr, "robin report: cannot read the cycle stacks: %s\n", profile_db_error(db));
		goto out;
	}
	pg.pics = pics_rc ? NULL : &pics;
	out = strcmp(html, "-") ? fopen(html, "w") : stdout;
	if (!out) {
		fprintf(stderr, "robin report: %s: cannot create: %s\n", html, strerror(errno));
		pm_fig3_free(&fig3);
		goto out;
	}
	int rc = html_report_write(&pg, out);
	if (pg.pics)
		pics_html_free(&pics);
	pm_fig3_free(&fig3);
	long bytes = out != stdout ? ftell(out) : -1;
	int bad = out != stdout ? fclose(out) : fflush(out);
	out = NULL;
	if (rc || bad) {
		fprintf(stderr, "robin report: %s: %s\n", html,
			rc == -ENOMEM ? "out of memory" : "write failed");
		goto out;
	}
	if (a.fmt != TABLE_TEXT) {
		static const struct table_col cols[] = {
			{ "file", "file", TABLE_STR, 0 },
			{ "bytes", "bytes", TABLE_INT, 0 },
			{ "events", "events", TABLE_UINT, 0 },
			{ "instructions", "instructions", TABLE_UINT, 0 },
			{ "runs", "runs", TABLE_UINT, 0 },
		};
		struct table t;
		table_init(&t, cols, 5);
		if (table_add_row(&t) == 0 && !table_set_str(&t, 0, 0, html)) {
			table_set_int(&t, 0, 1, bytes);
			table_set_uint(&t, 0, 2, p.nevents);
			table_set_uint(&t, 0, 3, p.ninsns);
			table_set_uint(&t, 0, 4, nruns);
			db_args_print(&a, &t);
		}
		table_free(&t);
	} else if (strcmp(html, "-")) {
		fprintf(stderr, "robin report: wrote %s (%ld bytes)\n", html, bytes);
	}
	ret = 0;
out:
	if (out && out != stdout)
		fclose(out);
	if (loaded)
		report_profile_free(&p);
	report_images_free(&im);
	profile_db_runs_free(all_runs, nall_runs);
	free(runs);
	profile_db_close(db);
	db_args_free(&a);
	return ret;
}
