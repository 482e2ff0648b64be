/*
 * cmd_stats.c — `robin stats`: dcpistats (002_767b26a0b68559db.txt Figure 3). Compares one
 * event's per-procedure sample counts across runs or epochs and sorts procedures by how much
 * they vary (normalised range). The work is in src/report/stats_report.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/db_args.h"
#include "report/selector.h"
#include "report/stats_report.h"

static const char stats_help[] =
	"usage: robin stats [--runs LIST | --epochs LIST] [--event NAME] [options]\n"
	"\n"
	"Statistics of one event's samples per procedure across N sample sets (runs or\n"
	"epochs), as dcpistats prints them: the per-set totals, then per procedure sum,\n"
	"share, N, mean, sample std-dev, min, max and the normalised range, sorted by\n"
	"range% = (max - min) / sum (the paper's column; range/mean is also shown).\n"
	"A procedure with no samples in a set counts 0 there.\n"
	"\n"
	"  --runs LIST         runs to compare (1,2,3 or 1-8; default: every run with the event)\n"
	"  --epochs [LIST]     compare epochs instead of runs (LIST default: all with the event)\n"
	"  --by procedure|image  unit of the rows (default procedure)\n"
	"  --top N             print the first N rows only (default all)\n"
	DB_ARGS_HELP
	"  --help              this text\n";

int cmd_stats(int argc, char **argv)
{
	struct db_args a;
	struct stats_report r;
	struct profile_db *db = NULL;
	enum stats_set_kind kind = STATS_SETS_RUNS;
	enum stats_by by = STATS_BY_PROCEDURE;
	int64_t *ids = NULL;
	size_t nids = 0;
	uint64_t top = 0;
	int ret, k, i = 1;
	const char *v;
	char err[REPORT_ERR_MAX];

	db_args_init(&a, "stats", stats_help, DB_ARGS_ALL, 0);
	while ((k = db_args_next(&a, argc, argv, &i)) > 0) {
		const char *opt = argv[i];
		if ((k = db_args_opt(&a, "--runs", argc, argv, &i, &v)) ||
		    (!strncmp(opt, "--epochs", 8) && (!opt[8] || opt[8] == '='))) {
			if (k < 0)
				break;
			kind = k ? STATS_SETS_RUNS : STATS_SETS_EPOCHS;
			if (!k) {  /* --epochs takes its list only as --epochs=LIST */
				v = opt[8] ? opt + 9 : NULL;
				i++;
			}
			free(ids);
			ids = NULL;
			nids = 0;
			if (v && report_selector_id_list(v, &ids, &nids)) {
				fprintf(stderr, "robin stats: --%s: '%s' is not a list of ids like 1,2,5-8\n",
					kind == STATS_SETS_RUNS ? "runs" : "epochs", v);
				k = -1;
				break;
			}
		} else if ((k = db_args_opt(&a, "--by", argc, argv, &i, &v))) {
			if (k > 0 && strcmp(v, "procedure") && strcmp(v, "image")) {
				fprintf(stderr, "robin stats: --by: '%s' is not procedure or image\n", v);
				k = -1;
			}
			if (k < 0)
				break;
			by = strcmp(v, "image") ? STATS_BY_PROCEDURE : STATS_BY_IMAGE;
		} else if ((k = db_args_opt(&a, "--top", argc, argv, &i, &v))) {
			if (k < 0 || (k = db_args_count(&a, "--top", v, 0, &top)))
				break;
		} else {
			k = db_args_unknown(&a, opt);
			break;
		}
	}
	ret = a.status;
	if (k < 0)
		goto out;
	if ((kind == STATS_SETS_RUNS && a.sel.run_id) || (kind == STATS_SETS_EPOCHS && a.sel.epoch_id)) {
		fprintf(stderr, "robin stats: use --%s to choose the sets, not --%s\n",
			kind == STATS_SETS_RUNS ? "runs" : "epochs",
			kind == STATS_SETS_RUNS ? "run" : "epoch");
		goto out;
	}
	ret = 1;
	if (!(db = db_args_open(&a, 0)))
		goto out;
	if (stats_report_build(db, &a.sel, kind, ids, nids, by, &r, err)) {
		fprintf(stderr, "robin stats: %s\n", err);
		goto out;
	}
	if (r.images_unreadable)
		fprintf(stderr, "robin stats: note: %zu image(s) could not be opened; their samples "
			"are listed as [unknown]\n", r.images_unreadable);
	stats_report_print(&r, a.fmt, (size_t)top, stdout);
	stats_report_free(&r);
	ret = 0;
out:
	profile_db_close(db);
	db_args_free(&a);
	free(ids);
	return ret;
}
