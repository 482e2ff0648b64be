/*
 * cmd_db.c — `robin db info | check | epoch new | epochs | migrate`: what a profile database
 * holds, a full integrity check with a clear verdict, starting a new epoch, and migrating an
 * older schema in place.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/db_args.h"
#include "profile/profile_db.h"
#include "profile/profile_db_summary.h"
#include "util/json.h"

static const char db_help[] =
	"usage: robin db <subcommand> [options]\n"
	"\n"
	"subcommands:\n"
	"  info                 what the database holds: schema, epochs, runs, images, profiles,\n"
	"                       batches, samples per event and the unknown fraction\n"
	"  check                full integrity check (SQLite integrity and foreign keys, every\n"
	"                       invariant of docs/profile-db.md, every packed chunk decoded and\n"
	"                       summed); prints OK (exit 0), CORRUPT (damage found, exit 1) or\n"
	"                       ERROR (the file could not be read or checked, exit 2)\n"
	"  epoch new [--note TEXT]  close the current epoch and open a new one\n"
	"  epochs               list the epochs\n"
	"  migrate              upgrade an older schema in place\n"
	"\n"
	"options:\n"
	"  --db FILE            profile database (default: $ROBIN_DB, else ./robin.db)\n"
	"  --json               JSON output (info, epochs)\n"
	"  -h, --help           this text\n";

static void format_time(int64_t ns, char *buf, size_t n)
{
	time_t t = (time_t)(ns / 1000000000);
	struct tm tm;
	if (!ns || !localtime_r(&t, &tm) || !strftime(buf, n, "%Y-%m-%d %H:%M:%S", &tm))
		snprintf(buf, n, "-");
}

static int db_info(struct profile_db *db, int json)
{
	struct profile_db_summary s;
	int rc = profile_db_summary_load(db, &s);
	if (rc) {
		fprintf(stderr, "robin db info: %s\n",
			rc == -ENOMEM ? "out of memory" : profile_db_error(db));
		return 1;
	}
	const char *path = profile_db_path(db);
	char t0[64];
	if (json) {
		struct json j;
		json_init(&j, stdout, 1);
		json_object_begin(&j);
		json_kv_string(&j, "db", path);
		json_kv_int(&j, "schema_version", PROFILE_DB_SCHEMA_VERSION);
		json_kv_uint(&j, "size_bytes", s.size_bytes);
		json_kv_uint(&j, "wal_bytes", s.wal_bytes);
		json_kv_uint(&j, "epochs", s.epochs);
		json_kv_int(&j, "current_epoch", s.current_epoch);
		json_kv_uint(&j, "runs", s.runs);
		json_kv_uint(&j, "images", s.images);
		json_kv_uint(&j, "profiles", s.profiles);
		json_kv_uint(&j, "batches", s.batches);
		json_key(&j, "events");
		json_object_begin(&j);
		for (size_t k = 0; k < s.nevents; k++) {
			json_key(&j, s.events[k].name);
			json_object_begin(&j);
			json_kv_double(&j, "samples", s.events[k].samples);
			json_kv_double(&j, "unknown", s.events[k].unknown);
			json_object_end(&j);
		}
		json_object_end(&j);
		json_object_end(&j);
		json_end(&j);
	} else {
		printf("database   %s (schema version %d, %llu bytes + %llu bytes WAL)\n", path,
		       PROFILE_DB_SCHEMA_VERSION, (unsigned long long)s.size_bytes,
		       (unsigned long long)s.wal_bytes);
		if (s.epochs) {
			format_time(s.current_epoch_start_ns, t0, sizeof(t0));
			printf("epochs     %zu (current %lld, since %s)\n", s.epochs,
			       (long long)s.current_epoch, t0);
		} else {
			printf("epochs     0\n");
		}
		printf("runs       %zu\n", s.runs);
		printf("images     %zu (plus %s)\n", s.images, PROFILE_DB_UNKNOWN_IMAGE_PATH);
		printf("profiles   %zu\n", s.profiles);
		printf("batches    %zu\n", s.batches);
		for (size_t k = 0; k < s.nevents; k++) {
			const struct profile_db_summary_event *e = &s.events[k];
			printf("%-10s %.17g samples, %.17g unknown (%.3f%%)\n", e->name, e->samples,
			       e->unknown, e->samples > 0 ? 100.0 * e->unknown / e->samples : 0.0);
		}
	}
	profile_db_summary_free(&s);
	return 0;
}

static void print_problem(void *arg, const char *problem)
{
	unsigned *n = arg;
	if (++*n <= 100)
		printf("  %s\n", problem);
}

static int db_check(const struct db_args *a)
{
	const char *path = profile_db_default_path(a->db_path);
	struct profile_db *db;
	char err[PROFILE_DB_ERR_MAX];
	unsigned problems = 0;
	int ok, rc = profile_db_open(path, PROFILE_DB_READONLY, &db, err);
	if (rc == -ENOENT && strstr(err, "empty database")) {
		/* A writer killed before its first commit leaves an empty file: not damage. */
		printf("OK: %s is empty (no schema yet)\n", path);
		return 0;
	}
	if (rc) {  /* CORRUPT only for damage; a file that cannot be read is an ERROR */
		printf("%s: %s\n", rc == -EUCLEAN ? "CORRUPT" : "ERROR", err);
		return rc == -EUCLEAN ? 1 : 2;
	}
	if (profile_db_check(db, &ok, print_problem, &problems)) {
		printf("ERROR: %s (the check could not finish)\n", profile_db_error(db));
		profile_db_close(db);
		return 2;
	}
	profile_db_close(db);
	if (!ok) {
		if (problems > 100)
			printf("  ... %u more\n", problems - 100);
		printf("CORRUPT: %s: %u problem(s)\n", path, problems);
		return 1;
	}
	printf("OK: %s passes integrity_check, foreign_key_check and robin's invariants\n", path);
	return 0;
}

static int db_epochs(struct profile_db *db, int json)
{
	struct profile_db_epoch *ep;
	size_t n;
	char t0[64], t1[64];
	if (profile_db_epochs(db, &ep, &n)) {
		fprintf(stderr, "robin db epochs: %s\n", profile_db_error(db));
		return 1;
	}
	struct json j;
	if (json) {
		json_init(&j, stdout, 1);
		json_array_begin(&j);
	} else {
		printf("%6s  %-19s  %-19s  %s\n", "epoch", "start", "end", "note");
	}
	for (size_t i = 0; i < n; i++) {
		if (json) {
			json_object_begin(&j);
			json_kv_int(&j, "id", ep[i].id);
			json_kv_int(&j, "start_ns", ep[i].start_ns);
			json_kv_int(&j, "end_ns", ep[i].end_ns);
			json_kv_string(&j, "note", ep[i].note);
			json_object_end(&j);
			continue;
		}
		format_time(ep[i].start_ns, t0, sizeof(t0));
		format_time(ep[i].end_ns, t1, sizeof(t1));
		printf("%6lld  %-19s  %-19s  %s\n", (long long)ep[i].id, t0,
		       ep[i].end_ns ? t1 : "(current)", ep[i].note);
	}
	if (json) {
		json_array_end(&j);
		json_end(&j);
	}
	profile_db_epochs_free(ep, n);
	return 0;
}

int cmd_db(int argc, char **argv)
{
	struct db_args a;
	const char *sub, *sub2, *note = "", *v;
	int k, i = 1;
	db_args_init(&a, "db", db_help, DB_ARGS_DB | DB_ARGS_JSON, 2);
	while ((k = db_args_next(&a, argc, argv, &i)) > 0) {
		if (!(k = db_args_opt(&a, "--note", argc, argv, &i, &v)))
			k = db_args_unknown(&a, argv[i]);
		if (k < 0)
			break;
		note = v;
	}
	if (k < 0)
		return a.status;
	if (!a.nargs) {
		fputs(db_help, stderr);
		return 2;
	}
	sub = a.args[0];
	sub2 = a.nargs > 1 ? a.args[1] : NULL;
	int epoch_new = !strcmp(sub, "epoch") && sub2 && !strcmp(sub2, "new");
	if ((sub2 && !epoch_new) || (!strcmp(sub, "epoch") && !epoch_new)) {
		fprintf(stderr, "robin db: unknown subcommand '%s%s%s' (see robin db --help)\n", sub,
			sub2 ? " " : "", sub2 ? sub2 : "");
		return 2;
	}
	if (!strcmp(sub, "check"))
		return db_check(&a);
	int write = epoch_new || !strcmp(sub, "migrate");
	if (!write && strcmp(sub, "info") && strcmp(sub, "epochs")) {
		fprintf(stderr, "robin db: unknown subcommand '%s' (see robin db --help)\n", sub);
		return 2;
	}
	if (!strcmp(sub, "migrate")) {
		/* A writer open migrates; it must not create a missing file. */
		struct profile_db *db;
		char err[PROFILE_DB_ERR_MAX];
		if (profile_db_open(profile_db_default_path(a.db_path), 0, &db, err)) {
			fprintf(stderr, "robin db migrate: %s\n", err);
			return 1;
		}
		int found = profile_db_schema_version_found(db);
		if (found < PROFILE_DB_SCHEMA_VERSION)
			printf("%s: migrated schema version %d to %d\n", profile_db_path(db), found,
			       PROFILE_DB_SCHEMA_VERSION);
		else
			printf("%s: schema version %d is current\n", profile_db_path(db), found);
		profile_db_close(db);
		return 0;
	}
	struct profile_db *db = db_args_open(&a, write);
	if (!db)
		return 1;
	int rc = 0;
	if (epoch_new) {
		int64_t id;
		if (profile_db_epoch_new(db, note, &id)) {
			fprintf(stderr, "robin db epoch new: %s\n", profile_db_error(db));
			rc = 1;
		} else {
			printf("epoch %lld\n", (long long)id);
		}
	} else if (!strcmp(sub, "info")) {
		rc = db_info(db, a.fmt == TABLE_JSON);
	} else {
		rc = db_epochs(db, a.fmt == TABLE_JSON);
	}
	profile_db_close(db);
	return rc;
}
