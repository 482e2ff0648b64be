/*
 * cmd_calc.c — `robin calc [FUNC]`: DCPI's dcpicalc (002_767b26a0b68559db.txt §3.2, §6) over
 * the issue-head samples of a run: per basic block the best-case and actual CPI, per
 * instruction its samples, cpi, culprit letters, bubbles for stall cycles and the address of
 * the instruction to blame (Figure 2); --summary: where the cycles went (Figure 4), for FUNC
 * or the whole image; --evaluate: the estimates against the run's exact counts (Figures 8-10).
 * The estimates use what a DCPI machine records (cycle samples, sampled events); the exact
 * event counts only with --oracle-events, an upper bound.
 * The analysis lives in src/analysis/dcpi_*.c, its printing in src/report/dcpi_listing.c;
 * this file parses options.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/dcpi_run.h"
#include "cli/cli.h"
#include "cli/db_args.h"
#include "report/dcpi_listing.h"
#include "report/dcpi_report.h"
#include "report/selector.h"

static const char calc_help[] =
	"usage: robin calc [FUNCTION] [options]\n"
	"\n"
	"Estimates, from the issue-head cycle samples of a simulated run, how often every\n"
	"instruction of FUNCTION ran, its cycles per execution and the culprits of its stalls\n"
	"(DCPI's dcpicalc). Without FUNCTION, --summary and --evaluate cover every sampled\n"
	"procedure of the image. Record a run with\n"
	"  robin sim --preset inorder-dual --profile dcpi --db F PROG\n"
	"(what a DCPI machine records: issue-head cycle samples and sampled I-cache, D-cache,\n"
	"D-TLB miss and mispredict events, the dcpi-* profiles; and the exact dcpix counts,\n"
	"which only --evaluate and --oracle-events read). --event tip analyses TIP's commit\n"
	"samples instead (an out-of-order core, with --profile tip).\n"
	"\n"
	"Culprits: i I-cache miss, I I-TLB miss, d D-cache miss, D D-TLB miss, w store queue\n"
	"full, p branch mispredict, m multiplier busy, v divider busy; static stalls: s slotting,\n"
	"a operand dependency, f unit busy, h waits at the ROB head.\n"
	"\n"
	"options:\n"
	DB_ARGS_HELP
	"  --summary           where the cycles went (Figure 4)\n"
	"  --evaluate          estimates against the exact counts (Figures 8, 9, 10)\n"
	"  --oracle-events     estimate from the exact event counts (dcpix-imiss, -dmiss,\n"
	"                      -dtlb, -mispredict) instead of the event samples: an upper\n"
	"                      bound no DCPI machine reaches\n"
	"  --no-events         estimate from the cycle samples alone\n"
	"  --runs LIST|all     several runs of the same binary as one (\"1,2,5-8\", or every\n"
	"                      run): samples, exact and event counts summed per instruction,\n"
	"                      as DCPI's profile database sums an image's runs; refused when\n"
	"                      a run's image is another binary\n"
	"  -h, --help          this text\n";

int cmd_calc(int argc, char **argv)
{
	struct db_args a;
	struct profile_db *db = NULL;
	struct dcpi_run r = { 0 };
	struct dcpi_run_set set = { 0 };
	int64_t *ids = NULL;
	const char *runs = NULL;
	int summary = 0, evaluate = 0, rc = 2, k, i = 1, loaded = 0;
	enum dcpi_run_events events = DCPI_RUN_EVENTS_SAMPLED;
	db_args_init(&a, "calc", calc_help, DB_ARGS_DB | DB_ARGS_SELECT | DB_ARGS_JSON, 1);
	while ((k = db_args_next(&a, argc, argv, &i)) > 0) {
		if (!strcmp(argv[i], "--summary"))
			summary = 1;
		else if (!strcmp(argv[i], "--evaluate"))
			evaluate = 1;
		else if (!strcmp(argv[i], "--oracle-events"))
			events = DCPI_RUN_EVENTS_ORACLE;
		else if (!strcmp(argv[i], "--no-events"))
			events = DCPI_RUN_EVENTS_NONE;
		else if (!strcmp(argv[i], "--runs") || !strncmp(argv[i], "--runs=", 7)) {
			if (argv[i][6] == '=')
				runs = argv[i] + 7;
			else if (i + 1 < argc)
				runs = argv[++i];
			else {
				fprintf(stderr, "robin calc: --runs needs a list of run ids or 'all'\n");
				goto out;
			}
		} else {
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
	if (runs) {
		if (a.filter.run_id) {
			fprintf(stderr, "robin calc: --run and --runs: give one\n");
			goto out;
		}
		if (!strcmp(runs, "all"))
			set.all = 1;
		else if (report_selector_id_list(runs, &ids, &set.n)) {
			fprintf(stderr, "robin calc: --runs: '%s' is neither a list of run ids "
			        "(1,2,5-8) nor 'all'\n", runs);
			goto out;
		}
		set.ids = ids;
	}
	rc = 1;
	if (!(db = db_args_open(&a, 0)))
		goto out;
	if (evaluate) {
		rc = dcpi_report_evaluate(db, &a.filter, runs ? &set : NULL, a.nargs ? a.args[0]
		                          : NULL, events, a.fmt == TABLE_JSON, "calc") ? 1 : 0;
		goto out;
	}
	char err[DCPI_RUN_ERR_MAX];
	if (dcpi_run_load_set(db, &a.filter, runs ? &set : NULL, a.nargs ? a.args[0] : NULL, NULL,
	                      events, &r, err)) {
		fprintf(stderr, "robin calc: %s\n", err);
		goto out;
	}
	loaded = 1;
	dcpi_listing_calc_print(stdout, &r, a.nargs != 0, summary, a.fmt == TABLE_JSON);
	rc = 0;
out:
	if (loaded)
		dcpi_run_free(&r);
	profile_db_close(db);
	db_args_free(&a);
	free(ids);
	return rc;
}
