/*
 * cmd_diff.c — `robin diff A B`: two profiles side by side per procedure or instruction,
 * with the difference of shares and, against a reference, the profile error of
 * 004_b28092482852db08.txt Paper A §4. The work is in src/report/diff_report.c.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_report.h"
#include "report/diff_report.h"

static void diff_usage(FILE *out)
{
	fprintf(out,
		"usage: robin diff A B [--insns] [--reference A|B] [options]\n"
		"\n"
		"Two profiles side by side: samples and share of each side per procedure (or per\n"
		"instruction with --insns) and the difference of shares B%% - A%%, sorted by its\n"
		"absolute value. Each side must hold one event. A and B are selectors, terms\n"
		"joined by '/':\n"
		"  run:N  epoch:N  event:NAME[,NAME]  image:PATH  N (= run:N)\n"
		"e.g. `robin diff run:3/event:tip run:3/event:oracle --reference B`,\n"
		"     `robin diff epoch:1 epoch:2 --event cycles`.\n"
		"The options below apply to both sides; a selector's terms replace them.\n"
		"\n"
		"  --insns             rows per instruction (address, source line, disassembly)\n"
		"  --reference A|B     also print the profile error of the other side against this\n"
		"                      one at instruction, basic-block and function granularity:\n"
		"                      e = (c_total - c_correct) / c_total = sum |share - share_ref| / 2\n"
		"  --top N             print the first N rows (default 40 for text, all for --json/--csv)\n"
		CLI_REPORT_HELP
		"  --help              this text\n");
}

enum { OPT_INSNS = CLI_REPORT_OPT_FIRST_FREE, OPT_REFERENCE, OPT_TOP, OPT_HELP };

int cmd_diff(int argc, char **argv)
{
	static const struct option longopts[] = {
		CLI_REPORT_LONGOPTS,
		{ "insns", no_argument, NULL, OPT_INSNS },
		{ "reference", required_argument, NULL, OPT_REFERENCE },
		{ "top", required_argument, NULL, OPT_TOP },
		{ "help", no_argument, NULL, OPT_HELP },
		{ NULL, 0, NULL, 0 },
	};
	struct cli_report o;
	struct diff_report r;
	struct profile_db *db = NULL;
	enum diff_unit unit = DIFF_BY_PROCEDURE;
	int reference = -1, opt, ret = 2, k;
	long long top = -1;
	char err[REPORT_ERR_MAX];

	cli_report_init(&o, "diff");
	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if ((k = cli_report_option(&o, opt, optarg)) < 0)
			goto out;
		if (k)
			continue;
		switch (opt) {
		case OPT_INSNS:
			unit = DIFF_BY_INSN;
			break;
		case OPT_REFERENCE:
			if (!strcmp(optarg, "A") || !strcmp(optarg, "a"))
				reference = 0;
			else if (!strcmp(optarg, "B") || !strcmp(optarg, "b"))
				reference = 1;
			else {
				fprintf(stderr, "robin diff: --reference: '%s' is not A or B\n", optarg);
				goto out;
			}
			break;
		case OPT_TOP: {
			char *end;
			top = strtoll(optarg, &end, 10);
			if (*end || end == optarg || top < 0) {
				fprintf(stderr, "robin diff: --top: '%s' is not a count\n", optarg);
				goto out;
			}
			break;
		}
		case OPT_HELP:
		case 'h':
			diff_usage(stdout);
			ret = 0;
			goto out;
		default:
			cli_report_bad_option(&o, argc, argv);
			goto out;
		}
	}
	if (argc - optind != 2) {
		fprintf(stderr, "robin diff: need two selectors A and B (see robin diff --help)\n");
		goto out;
	}
	if (top < 0)
		top = o.fmt == TABLE_TEXT ? 40 : 0;
	ret = 1;
	db = cli_report_open(&o);
	if (!db)
		goto out;
	if (diff_report_build(db, &o.sel, argv[optind], argv[optind + 1], unit, reference, &r,
			      err)) {
		fprintf(stderr, "robin diff: %s\n", err);
		goto out;
	}
	diff_report_print(&r, o.fmt, (size_t)top, stdout);
	diff_report_free(&r);
	ret = 0;
out:
	profile_db_close(db);
	cli_report_free(&o);
	return ret;
}
