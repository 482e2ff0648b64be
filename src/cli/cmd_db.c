/*
 * cmd_db.c — `robin db info | check | epoch new | epochs | migrate`: what a profile database
 * holds, a full integrity check with a clear verdict, starting a new epoch, and migrating an
 * older schema in place.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/db_args.h"
#include "profile/profile_db.h"
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

static uint64_t file_size(const char *path, const char *suffix)
{
	char p[4096];
	struct stat st;
	snprintf(p, sizeof(p), "%s%s", path, suffix);
	return stat(p, &st) == 0 ? (uint64_t)st.st_size : 0;
}

static void format_time(int64_t ns, char *buf, size_t n)
{
	time_t t = (time_t)(ns / 1000000000);
	struct tm tm;
	if (!ns || !localtime_r(&t, &tm) || !strftime(buf, n, "%Y-%m-%d %H:%M:%S", &tm))
		snprintf(buf, n, "-");
}

struct event_sum {
	char *name;
	double samples, unknown;
};

static int db_info(struct profile_db *db, int json)
{
	struct profile_db_epoch *ep = NULL;
	struct profile_db_run *runs = NULL;
	struct profile_db_image *im = NULL;
	struct profile_db_profile *pr = NULL;
	struct profile_db_batch_row *bt = NULL;
	size_t ne = 0, nr = 0, ni = 0, np = 0, nb = 0, nev = 0;
	struct event_sum *ev = NULL;
	int rc = 1;

	if (profile_db_epochs(db, &ep, &ne) || profile_db_runs(db, 0, &runs, &nr) ||
	    profile_db_images(db, &im, &ni) || profile_db_profiles(db, NULL, &pr, &np) ||
	    profile_db_batches(db, &bt, &nb)) {
		fprintf(stderr, "robin db info: %s\n", profile_db_error(db));
		goto out;
	}
	ev = calloc(np + 1, sizeof(*ev));
	if (!ev)
		goto out;
	for (size_t i = 0; i < np; i++) {
		size_t k = 0;
		while (k < nev && strcmp(ev[k].name, pr[i].event))
			k++;
		if (k == nev)
			ev[nev++].name = pr[i].event;
		double s = (double)pr[i].total_count / pr[i].count_divisor;
		ev[k].samples += s;
		if (pr[i].image_id == profile_db_image_unknown_id(db))
			ev[k].unknown += s;
	}
	const char *path = profile_db_path(db);
	uint64_t size = file_size(path, ""), wal = file_size(path, "-wal");
	char t0[64];
	if (json) {
		struct json j;
		json_init(&j, stdout, 1);
		json_object_begin(&j);
		json_kv_string(&j, "db", path);
		json_kv_int(&j, "schema_version", PROFILE_DB_SCHEMA_VERSION);
		json_kv_uint(&j, "size_bytes", size);
		json_kv_uint(&j, "wal_bytes", wal);
		json_kv_uint(&j, "epochs", ne);
		json_kv_int(&j, "current_epoch", ne ? ep[ne - 1].id : 0);
		json_kv_uint(&j, "runs", nr);
		json_kv_uint(&j, "images", ni ? ni - 1 : 0);
		json_kv_uint(&j, "profiles", np);
		json_kv_uint(&j, "batches", nb);
		json_key(&j, "events");
		json_object_begin(&j);
		for (size_t k = 0; k < nev; k++) {
			json_key(&j, ev[k].name);
			json_object_begin(&j);
			json_kv_double(&j, "samples", ev[k].samples);
			json_kv_double(&j, "unknown", ev[k].unknown);
			json_object_end(&j);
		}
		json_object_end(&j);
		json_object_end(&j);
		json_end(&j);
	} else {
		printf("database   %s (schema version %d, %llu bytes + %llu bytes WAL)\n", path,
		       PROFILE_DB_SCHEMA_VERSION, (unsigned long long)size, (unsigned long long)wal);
		if (ne) {
			format_time(ep[ne - 1].start_ns, t0, sizeof(t0));
			printf("epochs     %zu (current %lld, since %s)\n", ne,
			       (long long)ep[ne - 1].id, t0);
		} else {
			printf("epochs     0\n");
		}
		printf("runs       %zu\n", nr);
		printf("images     %zu (plus %s)\n", ni ? ni - 1 : 0, PROFILE_DB_UNKNOWN_IMAGE_PATH);
		printf("profiles   %zu\n", np);
		printf("batches    %zu\n", nb);
		for (size_t k = 0; k < nev; k++)
			printf("%-10s %.17g samples, %.17g unknown (%.3f%%)\n", ev[k].name,
			       ev[k].samples, ev[k].unknown,
			       ev[k].samples > 0 ? 100.0 * ev[k].unknown / ev[k].samples : 0.0);
	}
	rc = 0;
out:
	free(ev);
	profile_db_epochs_free(ep, ne);
	profile_db_runs_free(runs, nr);
	profile_db_images_free(im, ni);
	profile_db_profiles_free(pr, np);
	free(bt);
	return rc;
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
