/*
 * cli_report.c — shared option handling of the report commands (see cli_report.h).
 */
#include "cli/cli_report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cli_report_init(struct cli_report *o, const char *cmd)
{
	memset(o, 0, sizeof(*o));
	o->cmd = cmd;
	o->fmt = TABLE_TEXT;
	optind = 0;  /* glibc: reinitialise getopt for this command's argv */
	opterr = 0;  /* errors are reported by cli_report_bad_option, in robin's words */
}

void cli_report_bad_option(const struct cli_report *o, int argc, char **argv)
{
	const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "?";
	if (optopt > 0 && optopt < 0x100 && arg[0] == '-' && arg[1] != '-')
		fprintf(stderr, "robin %s: unknown option '-%c' (see robin %s --help)\n", o->cmd,
			optopt, o->cmd);
	else
		fprintf(stderr, "robin %s: unknown option or missing value: '%s' (see robin %s "
			"--help)\n", o->cmd, arg, o->cmd);
}

int cli_report_option(struct cli_report *o, int opt, const char *arg)
{
	static const char *const keys[] = {
		[CLI_REPORT_OPT_EPOCH - CLI_REPORT_OPT_DB] = "epoch",
		[CLI_REPORT_OPT_RUN - CLI_REPORT_OPT_DB] = "run",
		[CLI_REPORT_OPT_IMAGE - CLI_REPORT_OPT_DB] = "image",
		[CLI_REPORT_OPT_EVENT - CLI_REPORT_OPT_DB] = "event",
	};
	char err[256];
	switch (opt) {
	case CLI_REPORT_OPT_DB:
		o->db_path = arg;
		return 1;
	case CLI_REPORT_OPT_JSON:
		o->fmt = TABLE_JSON;
		return 1;
	case CLI_REPORT_OPT_CSV:
		o->fmt = TABLE_CSV;
		return 1;
	case CLI_REPORT_OPT_EVENT:
		if (o->sel.n_events) {  /* repeated --event adds to the list */
			size_t len = strlen(arg) + 2;
			for (size_t i = 0; i < o->sel.n_events; i++)
				len += strlen(o->sel.events[i]) + 1;
			char *all = malloc(len);
			if (!all) {
				fprintf(stderr, "robin %s: out of memory\n", o->cmd);
				return -1;
			}
			all[0] = 0;
			for (size_t i = 0; i < o->sel.n_events; i++)
				strcat(strcat(all, o->sel.events[i]), ",");
			strcat(all, arg);
			int rc = report_selector_set(&o->sel, "event", all, err);
			free(all);
			if (rc) {
				fprintf(stderr, "robin %s: %s\n", o->cmd, err);
				return -1;
			}
			return 1;
		}
		/* fall through */
	case CLI_REPORT_OPT_EPOCH:
	case CLI_REPORT_OPT_RUN:
	case CLI_REPORT_OPT_IMAGE:
		if (report_selector_set(&o->sel, keys[opt - CLI_REPORT_OPT_DB], arg, err)) {
			fprintf(stderr, "robin %s: %s\n", o->cmd, err);
			return -1;
		}
		return 1;
	default:
		return 0;
	}
}

struct profile_db *cli_report_open(struct cli_report *o)
{
	struct profile_db *db = NULL;
	char err[PROFILE_DB_ERR_MAX];
	const char *path = profile_db_default_path(o->db_path);
	if (profile_db_open(path, PROFILE_DB_READONLY, &db, err) != 0) {
		fprintf(stderr, "robin %s: %s\n", o->cmd, err);
		return NULL;
	}
	return db;
}

void cli_report_free(struct cli_report *o)
{
	report_selector_free(&o->sel);
}
