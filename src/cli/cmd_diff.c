/*
 * cmd_diff.c — `robin diff A B`: two profiles side by side per procedure or instruction,
 * with the difference of shares and, against a reference, the profile error of
 * 004_b28092482852db08.txt Paper A §4. The work is in src/report/diff_report.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/db_args.h"
#include "report/diff_report.h"

static const char diff_help[] =
	"usage: robin diff A B [--insns] [--reference A|B] [options]\n"
	"\n"
	"Two profiles side by side: samples and share of each side per procedure (or per\n"
	"instruction with --insns) and the difference of shares B% - A%, sorted by its\n"
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
	DB_ARGS_HELP
	"  --help              this text\n";

int cmd_diff(int argc, char **argv)
{
	struct db_args a;
	struct diff_report r;
	struct profile_db *db = NULL;
	enum diff_unit unit = DIFF_BY_PROCEDURE;
	int reference = -1, ret, k, i = 1, top_set = 0;
	uint64_t top = 0;
	const char *v;
	char err[REPORT_ERR_MAX];

	db_args_init(&a, "diff", diff_help, DB_ARGS_ALL, DB_ARGS_MAX_ARGS);
	while ((k = db_args_next(&a, argc, argv, &i)) > 0) {
		if (!strcmp(argv[i], "--insns")) {
			unit = DIFF_BY_INSN;
			i++;
		} else if ((k = db_args_opt(&a, "--reference", argc, argv, &i, &v))) {
			if (k > 0 && (!v[0] || v[1] || !strchr("AaBb", v[0]))) {
				fprintf(stderr, "robin diff: --reference: '%s' is not A or B\n", v);
				k = -1;
			}
			if (k < 0)
				break;
			reference = v[0] == 'B' || v[0] == 'b';
		} else if ((k = db_args_opt(&a, "--top", argc, argv, &i, &v))) {
			if (k < 0 || (k = db_args_count(&a, "--top", v, 0, &top)))
				break;
			top_set = 1;
		} else {
			k = db_args_unknown(&a, argv[i]);
			break;
		}
	}
	ret = a.status;
	if (k < 0)
		goto out;
	if (a.nargs != 2) {
		fprintf(stderr, "robin diff: need two selectors A and B (see robin diff --help)\n");
		goto out;
	}
	if (!top_set)
		top = a.fmt == TABLE_TEXT ? 40 : 0;
	ret = 1;
	if (!(db = db_args_open(&a, 0)))
		goto out;
	if (diff_report_build(db, &a.sel, a.args[0], a.args[1], unit, reference, &r, err)) {
		fprintf(stderr, "robin diff: %s\n", err);
		goto out;
	}
	diff_report_print(&r, a.fmt, (size_t)top, stdout);
	diff_report_free(&r);
	ret = 0;
out:
	profile_db_close(db);
	db_args_free(&a);
	return ret;
}
