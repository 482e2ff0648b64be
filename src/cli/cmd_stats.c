/*
 * cmd_stats.c — `robin stats`: dcpistats (002_767b26a0b68559db.txt Figure 3). Compares one
 * event's per-procedure sample counts across runs or epochs and sorts procedures by how much
 * they vary (normalised range). The work is in src/report/stats_report.c.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_report.h"
#include "report/stats_report.h"

static void stats_usage(FILE *out)
{
	fprintf(out,
		"usage: robin stats [--runs LIST | --epochs LIST] [--event NAME] [options]\n"
		"\n"
		"Statistics of one event's samples per procedure across N sample sets (runs or\n"
		"epochs), as dcpistats prints them: the per-set totals, then per procedure sum,\n"
		"share, N, mean, sample std-dev, min, max and the normalised range, sorted by\n"
		"range%% = (max - min) / sum (the paper's column; range/mean is also shown).\n"
		"A procedure with no samples in a set counts 0 there.\n"
		"\n"
		"  --runs LIST         runs to compare (1,2,3 or 1-8; default: every run with the event)\n"
		"  --epochs [LIST]     compare epochs instead of runs (LIST default: all with the event)\n"
		"  --by procedure|image  unit of the rows (default procedure)\n"
		"  --top N             print the first N rows only (default all)\n"
		CLI_REPORT_HELP
		"  --help              this text\n");
}

/* Parse "1,2,5-8" into ids. Returns 0 or -EINVAL. */
static int parse_id_list(const char *s, int64_t **ids, size_t *n)
{
	size_t cap = 16;
	int64_t *v = malloc(cap * sizeof(*v));
	const char *p = s;
	*n = 0;
	if (!v)
		return -ENOMEM;
	while (*p) {
		char *end;
		long long a = strtoll(p, &end, 10), b;
		if (end == p || a <= 0)
			goto bad;
		b = a;
		if (*end == '-') {
			p = end + 1;
			b = strtoll(p, &end, 10);
			if (end == p || b < a || b - a > 100000)
				goto bad;
		}
		for (long long x = a; x <= b; x++) {
			if (*n == cap) {
				int64_t *w = realloc(v, 2 * cap * sizeof(*v));
				if (!w) {
					free(v);
					return -ENOMEM;
				}
				v = w;
				cap *= 2;
			}
			v[(*n)++] = x;
		}
		if (*end == ',')
			end++;
		else if (*end)
			goto bad;
		p = end;
	}
	if (!*n)
		goto bad;
	*ids = v;
	return 0;
bad:
	free(v);
	return -EINVAL;
}

enum { OPT_RUNS = CLI_REPORT_OPT_FIRST_FREE, OPT_EPOCHS, OPT_BY, OPT_TOP, OPT_HELP };

int cmd_stats(int argc, char **argv)
{
	static const struct option longopts[] = {
		CLI_REPORT_LONGOPTS,
		{ "runs", required_argument, NULL, OPT_RUNS },
		{ "epochs", optional_argument, NULL, OPT_EPOCHS },
		{ "by", required_argument, NULL, OPT_BY },
		{ "top", required_argument, NULL, OPT_TOP },
		{ "help", no_argument, NULL, OPT_HELP },
		{ NULL, 0, NULL, 0 },
	};
	struct cli_report o;
	struct stats_report r;
	struct profile_db *db = NULL;
	enum stats_set_kind kind = STATS_SETS_RUNS;
	enum stats_by by = STATS_BY_PROCEDURE;
	int64_t *ids = NULL;
	size_t nids = 0, top = 0;
	int opt, ret = 2, k;
	char err[REPORT_ERR_MAX];

	cli_report_init(&o, "stats");
	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if ((k = cli_report_option(&o, opt, optarg)) < 0)
			goto out;
		if (k)
			continue;
		switch (opt) {
		case OPT_RUNS:
		case OPT_EPOCHS:
			kind = opt == OPT_RUNS ? STATS_SETS_RUNS : STATS_SETS_EPOCHS;
			free(ids);
			ids = NULL;
			nids = 0;
			if (optarg && parse_id_list(optarg, &ids, &nids)) {
				fprintf(stderr, "robin stats: --%s: '%s' is not a list of ids like 1,2,5-8\n",
					opt == OPT_RUNS ? "runs" : "epochs", optarg);
				goto out;
			}
			break;
		case OPT_BY:
			if (!strcmp(optarg, "procedure"))
				by = STATS_BY_PROCEDURE;
			else if (!strcmp(optarg, "image"))
				by = STATS_BY_IMAGE;
			else {
				fprintf(stderr, "robin stats: --by: '%s' is not procedure or image\n", optarg);
				goto out;
			}
			break;
		case OPT_TOP: {
			char *end;
			long long v = strtoll(optarg, &end, 10);
			if (*end || end == optarg || v < 0) {
				fprintf(stderr, "robin stats: --top: '%s' is not a count\n", optarg);
				goto out;
			}
			top = (size_t)v;
			break;
		}
		case OPT_HELP:
		case 'h':
			stats_usage(stdout);
			ret = 0;
			goto out;
		default:
			cli_report_bad_option(&o, argc, argv);
			goto out;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "robin stats: unexpected argument '%s'\n", argv[optind]);
		goto out;
	}
	if ((kind == STATS_SETS_RUNS && o.sel.run_id) || (kind == STATS_SETS_EPOCHS && o.sel.epoch_id)) {
		fprintf(stderr, "robin stats: use --%s to choose the sets, not --%s\n",
			kind == STATS_SETS_RUNS ? "runs" : "epochs",
			kind == STATS_SETS_RUNS ? "run" : "epoch");
		goto out;
	}
	ret = 1;
	db = cli_report_open(&o);
	if (!db)
		goto out;
	if (stats_report_build(db, &o.sel, kind, ids, nids, by, &r, err)) {
		fprintf(stderr, "robin stats: %s\n", err);
		goto out;
	}
	if (r.images_unreadable)
		fprintf(stderr, "robin stats: note: %zu image(s) could not be opened; their samples "
			"are listed as [unknown]\n", r.images_unreadable);
	stats_report_print(&r, o.fmt, top, stdout);
	stats_report_free(&r);
	ret = 0;
out:
	profile_db_close(db);
	cli_report_free(&o);
	free(ids);
	return ret;
}
