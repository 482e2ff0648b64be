/*
 * cli_report.h — the options the report commands (stats, diff, export, report) share:
 * --db FILE, --epoch N, --run N, --image PATH, --event NAME[,NAME], --json, --csv, and the
 * common opening of the database read-only with one-line errors.
 */
#ifndef ROBIN_CLI_REPORT_H
#define ROBIN_CLI_REPORT_H

#include <getopt.h>

#include "profile/profile_db.h"
#include "report/selector.h"
#include "report/table.h"

/* getopt_long codes of the shared options (above any short option character). */
enum {
	CLI_REPORT_OPT_DB = 0x1000,
	CLI_REPORT_OPT_EPOCH,
	CLI_REPORT_OPT_RUN,
	CLI_REPORT_OPT_IMAGE,
	CLI_REPORT_OPT_EVENT,
	CLI_REPORT_OPT_JSON,
	CLI_REPORT_OPT_CSV,
	CLI_REPORT_OPT_FIRST_FREE,  /* a command's own long-only options start here */
};

#define CLI_REPORT_LONGOPTS                                           \
	{ "db", required_argument, NULL, CLI_REPORT_OPT_DB },         \
	{ "epoch", required_argument, NULL, CLI_REPORT_OPT_EPOCH },   \
	{ "run", required_argument, NULL, CLI_REPORT_OPT_RUN },       \
	{ "image", required_argument, NULL, CLI_REPORT_OPT_IMAGE },   \
	{ "event", required_argument, NULL, CLI_REPORT_OPT_EVENT },   \
	{ "json", no_argument, NULL, CLI_REPORT_OPT_JSON },           \
	{ "csv", no_argument, NULL, CLI_REPORT_OPT_CSV }

/* Help text lines of the shared options, for a command's --help. */
#define CLI_REPORT_HELP                                                                    \
	"  --db FILE           profile database (default $ROBIN_DB, else ./robin.db)\n"       \
	"  --epoch N           only profiles of epoch N\n"                                     \
	"  --run N             only profiles of run N\n"                                       \
	"  --image PATH        only this image (a path, or a suffix after '/': libc.so.6)\n"   \
	"  --event NAME[,NAME] only these events (repeatable; e.g. cycles, tip, oracle)\n"                 \
	"  --json, --csv       machine-readable output instead of the text table\n"

struct cli_report {
	const char *cmd;               /* "stats" ... for messages */
	const char *db_path;           /* --db, NULL if not given */
	struct report_selector sel;    /* --epoch/--run/--image/--event */
	enum table_format fmt;         /* --json / --csv / text */
};

void cli_report_init(struct cli_report *o, const char *cmd);
/* Handle one getopt_long result. Returns 1 if it was a shared option, 0 if not, -1 after
 * printing an error ("robin stats: --run: 'x' is not a positive integer"). */
int cli_report_option(struct cli_report *o, int opt, const char *arg);
/* Report the option getopt_long refused in one line: "robin CMD: unknown option or missing
 * value: '--x' (see robin CMD --help)". */
void cli_report_bad_option(const struct cli_report *o, int argc, char **argv);
/* Open the database read-only; prints "robin CMD: PATH: reason" and returns NULL on error. */
struct profile_db *cli_report_open(struct cli_report *o);
void cli_report_free(struct cli_report *o);

#endif
