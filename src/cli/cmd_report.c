/*
 * cmd_report.c — `robin report --html FILE`: one self-contained HTML page about the selected
 * profiles (runs, events, top procedures, hot instructions, charts, cycle stacks). The page is
 * written by src/report/html.c.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/cli_report.h"
#include "report/html.h"
#include "report/report_load.h"

static void report_usage(FILE *out)
{
	fprintf(out,
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
		CLI_REPORT_HELP
		"                      (--json / --csv print a summary of what was written)\n"
		"  --help              this text\n");
}

/* The runs whose profiles the filter selects, by id: *sel holds shallow copies of elements
 * of *all (free *all with profile_db_runs_free, *sel with free). */
static int selected_runs(struct profile_db *db, const struct profile_db_filter *f,
			 struct profile_db_run **all, size_t *nall, struct profile_db_run **sel,
			 size_t *nsel)
{
	struct profile_db_profile *pr = NULL;
	size_t npr = 0;
	int rc = profile_db_profiles(db, f, &pr, &npr);
	if (rc)
		return rc;
	rc = profile_db_runs(db, 0, all, nall);
	if (rc) {
		profile_db_profiles_free(pr, npr);
		return rc;
	}
	*nsel = 0;
	*sel = calloc(*nall + 1, sizeof(**sel));
	if (!*sel) {
		profile_db_profiles_free(pr, npr);
		return -ENOMEM;
	}
	for (size_t i = 0; i < *nall; i++) {
		int used = 0;
		for (size_t j = 0; j < npr && !used; j++)
			used = pr[j].run_id == (*all)[i].id;
		if (used)
			(*sel)[(*nsel)++] = (*all)[i];
	}
	profile_db_profiles_free(pr, npr);
	return 0;
}

static long long parse_count(const char *opt, const char *s)
{
	char *end;
	long long v = strtoll(s, &end, 10);
	if (*end || end == s || v <= 0) {
		fprintf(stderr, "robin report: %s: '%s' is not a positive count\n", opt, s);
		return -1;
	}
	return v;
}

enum { OPT_HTML = CLI_REPORT_OPT_FIRST_FREE, OPT_SORT_EVENT, OPT_TOP_PROCS, OPT_TOP_INSNS,
       OPT_TITLE, OPT_HELP };

int cmd_report(int argc, char **argv)
{
	static const struct option longopts[] = {
		CLI_REPORT_LONGOPTS,
		{ "html", required_argument, NULL, OPT_HTML },
		{ "sort-event", required_argument, NULL, OPT_SORT_EVENT },
		{ "top-procs", required_argument, NULL, OPT_TOP_PROCS },
		{ "top-insns", required_argument, NULL, OPT_TOP_INSNS },
		{ "title", required_argument, NULL, OPT_TITLE },
		{ "help", no_argument, NULL, OPT_HELP },
		{ NULL, 0, NULL, 0 },
	};
	struct cli_report o;
	struct profile_db *db = NULL;
	struct report_profile p;
	struct report_images im = { 0 };
	struct profile_db_filter f;
	struct profile_db_run *all_runs = NULL, *runs = NULL;
	size_t nall_runs = 0, nruns = 0;
	const char *html = NULL, *sort_event = NULL, *title = NULL;
	long long top_procs = 0, top_insns = 0;
	int opt, ret = 2, k, loaded = 0;
	char err[REPORT_ERR_MAX], sel[256];
	FILE *out = NULL;

	cli_report_init(&o, "report");
	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if ((k = cli_report_option(&o, opt, optarg)) < 0)
			goto out;
		if (k)
			continue;
		switch (opt) {
		case OPT_HTML:
			html = optarg;
			break;
		case OPT_SORT_EVENT:
			sort_event = optarg;
			break;
		case OPT_TOP_PROCS:
			if ((top_procs = parse_count("--top-procs", optarg)) < 0)
				goto out;
			break;
		case OPT_TOP_INSNS:
			if ((top_insns = parse_count("--top-insns", optarg)) < 0)
				goto out;
			break;
		case OPT_TITLE:
			title = optarg;
			break;
		case OPT_HELP:
		case 'h':
			report_usage(stdout);
			ret = 0;
			goto out;
		default:
			cli_report_bad_option(&o, argc, argv);
			goto out;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "robin report: unexpected argument '%s'\n", argv[optind]);
		goto out;
	}
	if (!html) {
		fprintf(stderr, "robin report: give the page to write with --html FILE\n");
		goto out;
	}
	ret = 1;
	db = cli_report_open(&o);
	if (!db)
		goto out;
	report_selector_filter(&o.sel, &f);
	if (report_load(db, &f, REPORT_LOAD_DETAILS, &p, &im, err)) {
		fprintf(stderr, "robin report: %s\n", err);
		goto out;
	}
	loaded = 1;
	int primary = -1;
	if (sort_event) {
		primary = report_profile_event(&p, sort_event);
		if (primary < 0) {
			fprintf(stderr, "robin report: --sort-event: no event '%s' in the selection\n",
				sort_event);
			goto out;
		}
	} else if (o.sel.n_events) {
		primary = report_profile_event(&p, o.sel.events[0]);
	}
	if (primary < 0)
		primary = report_profile_event(&p, "oracle");
	if (primary < 0)
		primary = report_profile_event(&p, "cycles");
	if (primary < 0)
		primary = 0;
	if (selected_runs(db, &f, &all_runs, &nall_runs, &runs, &nruns)) {
		fprintf(stderr, "robin report: %s\n", profile_db_error(db));
		goto out;
	}
	if (im.unreadable)
		fprintf(stderr, "robin report: note: %zu image(s) could not be opened (%s); their "
			"samples are listed by address\n", im.unreadable, im.first_error);
	report_selector_format(&o.sel, sel, sizeof(sel));
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
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
	};
	out = strcmp(html, "-") ? fopen(html, "w") : stdout;
	if (!out) {
		fprintf(stderr, "robin report: %s: cannot create: %s\n", html, strerror(errno));
		goto out;
	}
	int rc = html_report_write(&pg, out);
	long bytes = out != stdout ? ftell(out) : -1;
	int bad = out != stdout ? fclose(out) : fflush(out);
	out = NULL;
	if (rc || bad) {
		fprintf(stderr, "robin report: %s: %s\n", html,
			rc == -ENOMEM ? "out of memory" : "write failed");
		goto out;
	}
	if (o.fmt != TABLE_TEXT) {
		static const struct table_col cols[] = {
			{ "file", "file", TABLE_STR, 0 },
			{ "bytes", "bytes", TABLE_INT, 0 },
			{ "events", "events", TABLE_UINT, 0 },
			{ "instructions", "instructions", TABLE_UINT, 0 },
			{ "runs", "runs", TABLE_UINT, 0 },
		};
		struct table t;
		struct json j;
		table_init(&t, cols, 5);
		if (table_add_row(&t) == 0 && !table_set_str(&t, 0, 0, html)) {
			table_set_int(&t, 0, 1, bytes);
			table_set_uint(&t, 0, 2, p.nevents);
			table_set_uint(&t, 0, 3, p.ninsns);
			table_set_uint(&t, 0, 4, nruns);
			json_init(&j, stdout, 1);
			table_print(&t, o.fmt, stdout, &j);
			if (o.fmt == TABLE_JSON)
				json_end(&j);
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
	cli_report_free(&o);
	return ret;
}
