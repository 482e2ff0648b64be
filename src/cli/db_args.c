/*
 * db_args.c — the option parser of the profile database commands (see db_args.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_args.h"
#include "cli/db_args.h"
#include "util/text.h"

const char *db_args_value(const char *name, int argc, char **argv, int *i, int *missing)
{
	const char *arg = argv[*i];
	size_t n = strlen(name);
	*missing = 0;
	if (strncmp(arg, name, n))
		return NULL;
	if (arg[n] == '=') {
		(*i)++;
		return arg + n + 1;
	}
	if (arg[n] != 0)
		return NULL;
	if (*i + 1 >= argc) {
		*missing = 1;
		return NULL;
	}
	*i += 2;
	return argv[*i - 1];
}

void db_args_init(struct db_args *a, const char *cmd, const char *help, unsigned takes,
		  int max_args)
{
	memset(a, 0, sizeof(*a));
	a->cmd = cmd;
	a->help = help;
	a->takes = takes;
	a->status = 2;
	a->fmt = TABLE_TEXT;
	a->max_args = max_args < DB_ARGS_MAX_ARGS ? max_args : DB_ARGS_MAX_ARGS;
}

static int fail(struct db_args *a)
{
	a->status = 2;
	return -1;
}

static const struct {
	const char *name, *key;  /* key: report_selector_set's, NULL for --db/--json/--csv */
	unsigned set;
} shared[] = {
	{ "--db", NULL, DB_ARGS_DB },           { "--epoch", "epoch", DB_ARGS_SELECT },
	{ "--run", "run", DB_ARGS_SELECT },     { "--image", "image", DB_ARGS_SELECT },
	{ "--event", "event", DB_ARGS_SELECT }, { "--json", NULL, DB_ARGS_JSON },
	{ "--csv", NULL, DB_ARGS_CSV },
};

/* The shared option arg names ("--run", "--run=3"), or -1. */
static int shared_index(const char *arg)
{
	for (size_t k = 0; k < sizeof(shared) / sizeof(shared[0]); k++) {
		size_t n = strlen(shared[k].name);
		if (!strncmp(arg, shared[k].name, n) && (!arg[n] || arg[n] == '='))
			return (int)k;
	}
	return -1;
}

int db_args_unknown(struct db_args *a, const char *arg)
{
	if (cli_args_reject(a->cmd, arg))
		return fail(a);
	fprintf(stderr, "robin %s: %s '%s'%s (see robin %s --help)\n", a->cmd,
		shared_index(arg) < 0 ? "unknown option" : "option", arg,
		shared_index(arg) < 0 ? "" : " does not apply", a->cmd);
	return fail(a);
}

int db_args_opt(struct db_args *a, const char *name, int argc, char **argv, int *i,
		const char **v)
{
	int missing;
	const char *x = db_args_value(name, argc, argv, i, &missing);
	if (missing) {
		fprintf(stderr, "robin %s: %s needs a value\n", a->cmd, name);
		return fail(a);
	}
	if (x)
		*v = x;
	return x != NULL;
}

int db_args_count(struct db_args *a, const char *opt, const char *v, int positive,
		  uint64_t *n)
{
	if (text_parse_u64(v, n) || (positive && !*n) || *n > INT64_MAX) {
		fprintf(stderr, "robin %s: %s: '%s' is not a %scount\n", a->cmd, opt, v,
			positive ? "positive " : "");
		return fail(a);
	}
	return 0;
}

/* --event adds to the events already chosen (report_selector_set replaces them). */
static int add_events(struct db_args *a, const char *list, char *err)
{
	size_t len = strlen(list) + 1;
	for (size_t k = 0; k < a->sel.n_events; k++)
		len += strlen(a->sel.events[k]) + 1;
	char *all = malloc(len);
	if (!all) {
		snprintf(err, 256, "out of memory");
		return -ENOMEM;
	}
	all[0] = 0;
	for (size_t k = 0; k < a->sel.n_events; k++)
		strcat(strcat(all, a->sel.events[k]), ",");
	strcat(all, list);
	int rc = report_selector_set(&a->sel, "event", all, err);
	free(all);
	return rc;
}

/* A shared option the command takes at argv[*i]: 1 taken, 0 not one, -1 error printed. */
static int shared_option(struct db_args *a, int argc, char **argv, int *i)
{
	const char *arg = argv[*i], *v = NULL;
	char err[256];
	int k = shared_index(arg);
	if (k < 0 || !(a->takes & shared[k].set))
		return 0;
	if (shared[k].set & (DB_ARGS_JSON | DB_ARGS_CSV)) {
		enum table_format f = shared[k].set == DB_ARGS_JSON ? TABLE_JSON : TABLE_CSV;
		if (strchr(arg, '=')) {
			fprintf(stderr, "robin %s: %s takes no value\n", a->cmd, shared[k].name);
			return fail(a);
		}
		if (a->fmt != TABLE_TEXT && a->fmt != f) {
			fprintf(stderr, "robin %s: --json and --csv exclude each other\n", a->cmd);
			return fail(a);
		}
		a->fmt = f;
		(*i)++;
		return 1;
	}
	if (db_args_opt(a, shared[k].name, argc, argv, i, &v) < 0)
		return -1;
	if (!shared[k].key) {
		a->db_path = v;
		return 1;
	}
	int rc = !strcmp(shared[k].key, "event") && a->sel.n_events
			 ? add_events(a, v, err)
			 : report_selector_set(&a->sel, shared[k].key, v, err);
	if (rc) {
		fprintf(stderr, "robin %s: %s\n", a->cmd, err);
		return fail(a);
	}
	return 1;
}

int db_args_next(struct db_args *a, int argc, char **argv, int *i)
{
	int operands_only = 0;
	while (*i < argc) {
		const char *arg = argv[*i];
		if (operands_only || arg[0] != '-' || !arg[1]) {
			if (cli_args_reject(a->cmd, arg))
				return fail(a);
			if (a->nargs == a->max_args) {
				fprintf(stderr, "robin %s: unexpected argument '%s'\n", a->cmd, arg);
				return fail(a);
			}
			a->args[a->nargs++] = arg;
			(*i)++;
		} else if (!strcmp(arg, "--")) {
			operands_only = 1;
			(*i)++;
		} else if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			fputs(a->help, stdout);
			a->status = 0;
			return -1;
		} else {
			int k = shared_option(a, argc, argv, i);
			if (k <= 0)
				return k ? -1 : 1;
		}
	}
	report_selector_filter(&a->sel, &a->filter);
	return 0;
}

struct profile_db *db_args_open(const struct db_args *a, int write)
{
	struct profile_db *db;
	char err[PROFILE_DB_ERR_MAX];
	if (profile_db_open(profile_db_default_path(a->db_path),
			    write ? PROFILE_DB_CREATE : PROFILE_DB_READONLY, &db, err)) {
		fprintf(stderr, "robin %s: %s\n", a->cmd, err);
		return NULL;
	}
	return db;
}

int db_args_load(struct db_args *a, struct profile_db **db, unsigned flags,
		 struct report_profile *p, struct report_images *im)
{
	char err[REPORT_ERR_MAX];
	if (!(*db = db_args_open(a, 0)))
		return -1;
	if (report_load(*db, &a->filter, flags, p, im, err)) {
		fprintf(stderr, "robin %s: %s\n", a->cmd, err);
		return -1;
	}
	return 0;
}

void db_args_print(const struct db_args *a, const struct table *t)
{
	if (a->fmt != TABLE_TEXT)
		table_print_document(t, a->fmt, stdout);
}

void db_args_free(struct db_args *a)
{
	report_selector_free(&a->sel);
}
