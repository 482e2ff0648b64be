/*
 * db_args.c — parsing of the options shared by the profile commands (see db_args.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/db_args.h"

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

int db_args_parse_u64(const char *s, uint64_t *v)
{
	char *end;
	if (!s || !*s || *s == '-' || *s == '+')
		return -1;
	errno = 0;
	unsigned long long x = strtoull(s, &end, 0);
	if (errno || *end)
		return -1;
	*v = x;
	return 0;
}

static int id_value(const char *cmd, const char *opt, const char *v, int64_t *out)
{
	uint64_t x;
	if (db_args_parse_u64(v, &x) || x == 0 || x > INT64_MAX) {
		fprintf(stderr, "robin %s: %s wants a positive id, not '%s'\n", cmd, opt, v);
		return -1;
	}
	*out = (int64_t)x;
	return 0;
}

int db_args_option(struct db_args *a, const char *cmd, int argc, char **argv, int *i)
{
	static const char *const opts[] = { "--db", "--epoch", "--run", "--image", "--event" };
	const char *arg = argv[*i];
	if (!strcmp(arg, "--json")) {
		a->json = 1;
		(*i)++;
		return 1;
	}
	if (!strcmp(arg, "--csv")) {
		a->csv = 1;
		(*i)++;
		return 1;
	}
	for (size_t k = 0; k < sizeof(opts) / sizeof(opts[0]); k++) {
		int missing;
		const char *v = db_args_value(opts[k], argc, argv, i, &missing);
		if (missing) {
			fprintf(stderr, "robin %s: %s needs a value\n", cmd, opts[k]);
			return -1;
		}
		if (!v)
			continue;
		switch (k) {
		case 0:
			a->db_path = v;
			break;
		case 1:
			return id_value(cmd, "--epoch", v, &a->filter.epoch_id) ? -1 : 1;
		case 2:
			return id_value(cmd, "--run", v, &a->filter.run_id) ? -1 : 1;
		case 3:
			a->filter.image = v;
			break;
		case 4:
			if (a->filter.n_events == DB_ARGS_MAX_EVENTS) {
				fprintf(stderr, "robin %s: more than %d --event options\n", cmd,
					DB_ARGS_MAX_EVENTS);
				return -1;
			}
			a->events[a->filter.n_events++] = v;
			a->filter.events = a->events;
			break;
		}
		return 1;
	}
	return 0;
}

struct profile_db *db_args_open(const struct db_args *a, const char *cmd, int write)
{
	struct profile_db *db;
	char err[PROFILE_DB_ERR_MAX];
	if (profile_db_open(profile_db_default_path(a->db_path),
			    write ? PROFILE_DB_CREATE : PROFILE_DB_READONLY, &db, err)) {
		fprintf(stderr, "robin %s: %s\n", cmd, err);
		return NULL;
	}
	return db;
}

void db_args_csv_field(FILE *out, const char *s)
{
	if (!strpbrk(s, ",\"\n\r")) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}
