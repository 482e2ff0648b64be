/*
 * db_args.h — the one option parser of the commands that use the profile database (prof,
 * annotate, db, ingest, stats, diff, export, report): the shared options --db FILE,
 * --epoch N, --run N, --image PATH, --event NAME[,NAME], --json, --csv, -h/--help, "--" and
 * operands; the command handles its own options inside the db_args_next() loop. Also the
 * opening of the database and the loading of the selected profiles with one-line errors.
 */
#ifndef ROBIN_CLI_DB_ARGS_H
#define ROBIN_CLI_DB_ARGS_H

#include <stdint.h>

#include "profile/profile_db.h"
#include "report/report_load.h"
#include "report/selector.h"
#include "report/table.h"

#define DB_ARGS_MAX_ARGS 8  /* operands kept */

/* Which shared options a command takes; the others are left to the command (its own
 * --epoch, say), and db_args_unknown says they do not apply. */
enum {
	DB_ARGS_DB = 1,       /* --db FILE */
	DB_ARGS_SELECT = 2,   /* --epoch, --run, --image, --event */
	DB_ARGS_JSON = 4,     /* --json */
	DB_ARGS_CSV = 8,      /* --csv */
	DB_ARGS_ALL = 15,
};

/* Help text lines of the shared options, for a command's --help. */
#define DB_ARGS_HELP                                                                        \
	"  --db FILE           profile database (default $ROBIN_DB, else ./robin.db)\n"       \
	"  --epoch N           only profiles of epoch N\n"                                     \
	"  --run N             only profiles of run N\n"                                       \
	"  --image PATH        only this image (a path, or a suffix after '/': libc.so.6)\n"   \
	"  --event NAME[,NAME] only these events (repeatable; e.g. cycles, tip, oracle)\n"     \
	"  --json, --csv       machine-readable output instead of the text table\n"

struct db_args {
	const char *cmd;                 /* "prof" ... for messages */
	const char *help;                /* printed by -h / --help */
	unsigned takes;                  /* DB_ARGS_* */
	int status;                      /* exit status when db_args_next returns -1 (2, or 0
	                                  * after --help) */
	const char *db_path;             /* --db, NULL if not given */
	struct report_selector sel;      /* --epoch/--run/--image/--event */
	struct profile_db_filter filter; /* sel as a database filter, set when parsing ends */
	enum table_format fmt;           /* --json / --csv / text */
	const char *args[DB_ARGS_MAX_ARGS]; /* operands in order */
	int nargs, max_args;
};

/* Start parsing for command `cmd` taking the shared options `takes` and up to `max_args`
 * operands (more: "robin CMD: unexpected argument 'X'"). */
void db_args_init(struct db_args *a, const char *cmd, const char *help, unsigned takes,
		  int max_args);

/* Step through argv from *i (start at 1): consumes shared options, -h/--help, "--" (what
 * follows are operands) and operands ("-" is one) into a->args. Returns 1 when argv[*i] is
 * an option the command must handle (it advances *i past it, or calls db_args_unknown);
 * 0 when argv is done (a->filter is then set); -1 when the command must return a->status
 * now (0 after --help, 2 after a one-line "robin CMD: ..." error naming the option). */
int db_args_next(struct db_args *a, int argc, char **argv, int *i);

/* Take the command's option `name` at argv[*i] ("--name V" or "--name=V"): returns 1 with
 * *v set and *i advanced, 0 if argv[*i] is not this option (*v untouched), -1 after
 * "robin CMD: NAME needs a value" (a->status = 2). */
int db_args_opt(struct db_args *a, const char *name, int argc, char **argv, int *i,
		const char **v);

/* "robin CMD: unknown option 'X' (see robin CMD --help)", or "option 'X' does not apply" for
 * a shared option the command does not take; returns -1 with a->status = 2. */
int db_args_unknown(struct db_args *a, const char *arg);

/* Parse a count for option `opt` (decimal or 0x hex; > 0 when `positive`): 0, or -1 after
 * "robin CMD: OPT: 'V' is not a count" (a->status = 2). */
int db_args_count(struct db_args *a, const char *opt, const char *v, int positive,
		  uint64_t *n);

/* Take the value of option `name` at argv[*i] ("--name V" or "--name=V"): returns it and
 * advances *i, or NULL if argv[*i] is not this option; *missing is set when the value is
 * absent. For option loops that are not db_args_next's (sim, accuracy). */
const char *db_args_value(const char *name, int argc, char **argv, int *i, int *missing);

/* Open the database for reading (PROFILE_DB_READONLY) or writing (CREATE); prints
 * "robin CMD: <error>" and returns NULL on failure. */
struct profile_db *db_args_open(const struct db_args *a, int write);

/* Open the database read-only and load the selected profiles (report_load with `flags`;
 * `im` may be NULL). Returns 0, or -1 after "robin CMD: <error>" (*db may then be open:
 * close it; *p needs report_profile_free only on success). */
int db_args_load(struct db_args *a, struct profile_db **db, unsigned flags,
		 struct report_profile *p, struct report_images *im);

/* Print t on stdout as --json (one document) or --csv asked; nothing for text. */
void db_args_print(const struct db_args *a, const struct table *t);

void db_args_free(struct db_args *a);

#endif
