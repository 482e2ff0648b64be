/*
 * db_args.h — the options every profile-reading command shares: --db FILE, --epoch N,
 * --run N, --image PATH, --event NAME (repeatable), --json, --csv. Commands call
 * db_args_option() for each argument before their own options.
 */
#ifndef ROBIN_CLI_DB_ARGS_H
#define ROBIN_CLI_DB_ARGS_H

#include "profile/profile_db.h"

#define DB_ARGS_MAX_EVENTS 64

struct db_args {
	const char *db_path;               /* --db, else NULL (profile_db_default_path) */
	struct profile_db_filter filter;   /* --epoch, --run, --image, --event */
	const char *events[DB_ARGS_MAX_EVENTS];
	int json, csv;                     /* output format flags */
};

/* Help text lines for the shared options (to include in a command's --help). */
#define DB_ARGS_HELP \
	"  --db FILE        profile database (default: $ROBIN_DB, else ./robin.db)\n" \
	"  --epoch N        only epoch N\n" \
	"  --run N          only run N\n" \
	"  --image PATH     only this image (full path, or its file name)\n" \
	"  --event NAME     only this event; repeat for several (column order)\n" \
	"  --json           JSON output\n" \
	"  --csv            CSV output\n"

/* Consume argv[*i] (and its value, as "--opt V" or "--opt=V") if it is a shared option:
 * returns 1 (and advances *i past it), 0 if it is not one, -1 after printing a one-line
 * error "robin CMD: ..." to stderr. */
int db_args_option(struct db_args *a, const char *cmd, int argc, char **argv, int *i);

/* Take the value of option `name` at argv[*i] ("--name V" or "--name=V"): returns it and
 * advances *i, or NULL if argv[*i] is not this option; *missing is set when the value is
 * absent. Shared by commands for their own options. */
const char *db_args_value(const char *name, int argc, char **argv, int *i, int *missing);

/* Parse a non-negative integer (decimal or 0x hex) in full; 0 on success, -1 if invalid. */
int db_args_parse_u64(const char *s, uint64_t *v);

/* Open the database for reading (PROFILE_DB_READONLY) or writing (CREATE); prints
 * "robin CMD: <error>" and returns NULL on failure. */
struct profile_db *db_args_open(const struct db_args *a, const char *cmd, int write);

/* Write s as one CSV field (quoted when it holds a comma, quote or newline). */
void db_args_csv_field(FILE *out, const char *s);

#endif
