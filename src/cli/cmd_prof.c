/*
 * cmd_prof.c — `robin prof`: samples per procedure (or per image with --images), one column
 * group (count, %, cum%) per event, sorted by the first event — dcpiprof, Figure 1 of
 * 002_767b26a0b68559db.txt. Text, --json or --csv.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/db_args.h"
#include "profile/profile_agg.h"
#include "report/pics_view.h"
#include "report/prof_report.h"
#include "report/report_callgraph.h"
#include "report/report_load.h"

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
			view = REPORT_CALLGRAPH_CHILDREN;
			i++;
		} else if ((k = db_args_opt(&a, "--callers", argc, argv, &i, &func))) {
			if (k < 0)
				break;
			view = REPORT_CALLGRAPH_CALLERS;
		} else if ((k = db_args_opt(&a, "--callees", argc, argv, &i, &func))) {
			if (k < 0)
				break;
			view = REPORT_CALLGRAPH_CALLEES;
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
		struct report_profile p;
		if (db_args_load(&a, &db, REPORT_LOAD_STACKS, &p, NULL))
			goto out;
		rc = report_callgraph_print(&p, (enum report_callgraph_view)view, func,
					    (size_t)limit, a.fmt, stdout, profile_db_path(db),
					    "prof") ? 1 : 0;
		report_profile_free(&p);
		goto out;
	}
	if (!(db = db_args_open(&a, 0)))
		goto out;
	if (pics && a.fmt != TABLE_TEXT) {
		fprintf(stderr, "robin prof: --pics prints text only (no --json, --csv)\n");
		goto out;
	}
	if (pics) {
		rc = pics_view_prof(db, &a.filter, (size_t)limit);
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
	if (prof_report_print(stdout, a.fmt, &agg, n_rows, images, profile_db_path(db)))
		fprintf(stderr, "robin prof: out of memory\n");
	profile_agg_free(&agg);
	rc = 0;
out:
	profile_db_close(db);
	db_args_free(&a);
	return rc;
}
