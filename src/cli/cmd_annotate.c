/*
 * cmd_annotate.c — `robin annotate FUNCTION`: the per-instruction listing of one function
 * (dcpicalc-style, 002_767b26a0b68559db.txt §3.2): address, disassembly, source lines
 * interleaved, samples per event and % of the function's samples, and for simulated
 * profiles with commit-state details the computing/stalled/flushed/drained split.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/db_args.h"
#include "profile/listing.h"
#include "report/annotate_listing.h"
#include "report/pics_view.h"
#include "report/report_load.h"

static const char annotate_help[] =
	"usage: robin annotate FUNCTION [options]\n"
	"\n"
	"Lists the instructions of FUNCTION (a symbol name, or 0xOFFSET for the function\n"
	"containing that offset) with their source lines, the samples of each event on each\n"
	"instruction and their share of the function's samples. Profiles that carry\n"
	"commit-state details (simulated oracle/tip/...) add computing, stalled, flushed and\n"
	"drained columns for the first such event. A ProfileMe profile (robin sim\n"
	"--profileme --db) adds its columns: samples, retired %, average latencies fetch>map,\n"
	"map>ready, ready>issue, issue>retire-ready, retire-ready>retire, D-cache miss % and\n"
	"the wasted issue slots estimated from pairs next to the exact ones. An IBS op\n"
	"profile (robin record --event ibs-op, robin sim --profile ibs --db) adds its\n"
	"derived events: op samples, loads, stores, D-cache miss %, average DcMissLat,\n"
	"D-TLB misses, mispredicted branches, data source L2 / LLC / DRAM.\n"
	"\n"
	"options:\n"
	DB_ARGS_HELP
	"  --no-source         do not interleave source lines\n"
	"  --pics              per-instruction cycle stacks instead (robin sim --profile tea\n"
	"                      --db): each instruction's signatures, largest first (--event\n"
	"                      picks the profiler; default tea, else golden)\n"
	"  -h, --help          this text\n";

int cmd_annotate(int argc, char **argv)
{
	struct db_args a;
	struct profile_db *db = NULL;
	int source = 1, pics = 0, rc = 2, k, i = 1;
	db_args_init(&a, "annotate", annotate_help, DB_ARGS_ALL, DB_ARGS_MAX_ARGS);
	while ((k = db_args_next(&a, argc, argv, &i)) > 0) {
		if (!strcmp(argv[i], "--pics")) {
			pics = 1;
			i++;
			continue;
		}
		if (strcmp(argv[i], "--no-source")) {
			k = db_args_unknown(&a, argv[i]);
			break;
		}
		source = 0;
		i++;
	}
	if (k < 0) {
		rc = a.status;
		goto out;
	}
	if (a.nargs != 1) {
		fprintf(stderr, a.nargs ? "robin annotate: one FUNCTION only\n"
			: "robin annotate: which FUNCTION? (see robin annotate --help)\n");
		goto out;
	}
	rc = 1;
	if (!(db = db_args_open(&a, 0)))
		goto out;
	struct listing l;
	char err[LISTING_ERR_MAX];
	int lrc = listing_build(db, &a.filter, a.args[0], &l, err);
	if (lrc == -ESRCH) {
		char d[256];
		report_filter_describe(&a.filter, d, sizeof(d));
		fprintf(stderr, "robin annotate: %s %s\n", err, d);
		goto out;
	}
	if (lrc) {
		fprintf(stderr, "robin annotate: %s\n", err);
		goto out;
	}
	if (pics && a.fmt != TABLE_TEXT) {
		fprintf(stderr, "robin annotate: --pics prints text only (no --json, --csv)\n");
		listing_free(&l);
		goto out;
	}
	if (pics) {
		rc = pics_view_annotate(db, &a.filter, &l, source);
		listing_free(&l);
		goto out;
	}
	struct annotate_profileme pm;
	if (annotate_profileme_load(db, &a.filter, &l, &pm)) {
		fprintf(stderr, "robin annotate: cannot read the ProfileMe details: %s\n",
		        profile_db_error(db));
		listing_free(&l);
		goto out;
	}
	struct annotate_ibs ibs;
	if (annotate_ibs_load(db, &a.filter, &l, &ibs)) {
		fprintf(stderr, "robin annotate: cannot read the IBS details: %s\n",
		        profile_db_error(db));
		annotate_profileme_free(&pm);
		listing_free(&l);
		goto out;
	}
	annotate_listing_print(stdout, a.fmt, &l, source, &pm, &ibs);
	annotate_ibs_free(&ibs);
	annotate_profileme_free(&pm);
	listing_free(&l);
	rc = 0;
out:
	profile_db_close(db);
	db_args_free(&a);
	return rc;
}
