/*
 * cmd_topstalls.c — `robin topstalls`: the instructions of an image that lost the most cycles
 * to stalls, by DCPI's analysis of its issue-head samples (002_767b26a0b68559db.txt §3.2,
 * §6): each with its stall cycles per execution, share of the image's samples, confidence of
 * the frequency estimate, static-stall kind and culprits. The analysis lives in
 * src/analysis/dcpi_*.c, its printing in src/report/dcpi_listing.c; this file parses
 * options.
 */
#include <stdio.h>

#include "analysis/dcpi_run.h"
#include "cli/cli.h"
#include "cli/db_args.h"
#include "report/dcpi_listing.h"

static const char topstalls_help[] =
	"usage: robin topstalls [options]\n"
	"\n"
	"Lists the most stalled instructions of the image with the most issue-head samples (or\n"
	"--image) in the newest run (or --run): stall samples (static + dynamic), cycles per\n"
	"execution, confidence, culprits (letters as robin calc) and the load to blame.\n"
	"\n"
	"options:\n"
	DB_ARGS_HELP
	"  -n N                instructions listed (default 20)\n"
	"  -h, --help          this text\n";

int cmd_topstalls(int argc, char **argv)
{
	struct db_args a;
	struct profile_db *db = NULL;
	struct dcpi_run r = { 0 };
	uint64_t limit = 20;
	const char *v;
	int rc = 2, k, i = 1, loaded = 0;
	db_args_init(&a, "topstalls", topstalls_help, DB_ARGS_DB | DB_ARGS_SELECT | DB_ARGS_JSON, 0);
	while ((k = db_args_next(&a, argc, argv, &i)) > 0) {
		k = db_args_opt(&a, "-n", argc, argv, &i, &v);
		if (k == 0)
			k = db_args_unknown(&a, argv[i]);
		if (k < 0 || (k = db_args_count(&a, "-n", v, 1, &limit)))
			break;
	}
	if (k < 0) {
		rc = a.status;
		goto out;
	}
	rc = 1;
	if (!(db = db_args_open(&a, 0)))
		goto out;
	char err[DCPI_RUN_ERR_MAX];
	if (dcpi_run_load(db, &a.filter, NULL, NULL, DCPI_RUN_EVENTS_SAMPLED, &r, err)) {
		fprintf(stderr, "robin topstalls: %s\n", err);
		goto out;
	}
	loaded = 1;
	if (dcpi_listing_topstalls_print(stdout, &r, (size_t)limit, a.fmt == TABLE_JSON)) {
		fprintf(stderr, "robin topstalls: out of memory\n");
		goto out;
	}
	rc = 0;
out:
	if (loaded)
		dcpi_run_free(&r);
	profile_db_close(db);
	db_args_free(&a);
	return rc;
}
