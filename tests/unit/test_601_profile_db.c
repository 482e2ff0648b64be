/* 601: the profile database — creation, version checks and migration, refusal of foreign,
 * newer and corrupt files, batched ingestion against a reference model, [unknown] accounting,
 * epochs and filters, details, and the packed chunk codec. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "profile/profile_db.h"
#include "profile/profile_db_internal.h"
#include "profile/sample_chunk.h"

#define DB_TMPDIR_TAG "601"
#include "db_tmpdir.h"

static struct profile_db *open_rw(void)
{
	struct profile_db *db;
	char err[PROFILE_DB_ERR_MAX];
	int rc = profile_db_open(path, PROFILE_DB_CREATE, &db, err);
	if (rc)
		fail_msg("open: %s", err);
	return db;
}

static int64_t pragma(sqlite3 *sql, const char *q)
{
	sqlite3_stmt *st;
	assert_int_equal(sqlite3_prepare_v2(sql, q, -1, &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	int64_t v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

static void test_create_and_reopen(void **state)
{
	(void)state;
	struct profile_db *db;
	char err[PROFILE_DB_ERR_MAX];

	assert_int_equal(profile_db_open(path, PROFILE_DB_READONLY, &db, err), -ENOENT);
	assert_null(db);
	assert_non_null(strstr(err, path));
	assert_null(strchr(err, '\n'));

	db = open_rw();
	assert_int_equal(profile_db_schema_version_found(db), 0);
	assert_int_equal(pragma(db->sql, "PRAGMA user_version"), PROFILE_DB_SCHEMA_VERSION);
	assert_int_equal(pragma(db->sql, "PRAGMA application_id"), PROFILE_DB_APPLICATION_ID);
	sqlite3_stmt *st;
	assert_int_equal(sqlite3_prepare_v2(db->sql, "PRAGMA journal_mode", -1, &st, NULL), 0);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_string_equal((const char *)sqlite3_column_text(st, 0), "wal");
	sqlite3_finalize(st);
	assert_true(profile_db_image_unknown_id(db) > 0);
	int64_t e1, e1b;
	assert_int_equal(profile_db_epoch_current(db, &e1), 0);
	assert_int_equal(profile_db_epoch_current(db, &e1b), 0);
	assert_int_equal(e1, e1b);
	profile_db_close(db);

	assert_int_equal(profile_db_open(path, PROFILE_DB_READONLY, &db, err), 0);
	assert_int_equal(profile_db_schema_version_found(db), PROFILE_DB_SCHEMA_VERSION);
	struct profile_db_batch *b;
	assert_int_equal(profile_db_batch_new(db, 0, 0, &b), -EROFS);
	profile_db_close(db);

	assert_string_equal(profile_db_default_path("x.db"), "x.db");
	setenv("ROBIN_DB", "/tmp/env.db", 1);
	assert_string_equal(profile_db_default_path(NULL), "/tmp/env.db");
	unsetenv("ROBIN_DB");
	assert_string_equal(profile_db_default_path(NULL), "robin.db");
}

/* Build a database stamped with schema version 1 the way version 1 created it. */
static void make_v1(void)
{
	sqlite3 *sql;
	char *msg = NULL;
	assert_int_equal(sqlite3_open(path, &sql), SQLITE_OK);
	int rc = profile_db_schema_create(sql, 1, &msg);
	if (rc)
		fail_msg("%s", msg);
	assert_int_equal(sqlite3_exec(sql, "INSERT INTO epoch (start_ns) VALUES (1);"
				      "INSERT INTO run (epoch_id, command, simulated, start_ns) "
				      "VALUES (1, 'old run', 1, 5)", NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(pragma(sql, "PRAGMA user_version"), 1);
	sqlite3_close(sql);
}

static void test_migrate_v1(void **state)
{
	(void)state;
	struct profile_db *db;
	char err[PROFILE_DB_ERR_MAX];
	make_v1();
	/* A reader does not migrate. */
	assert_int_equal(profile_db_open(path, PROFILE_DB_READONLY, &db, err), -EROFS);
	assert_non_null(strstr(err, "migration"));
	db = open_rw();
	assert_int_equal(profile_db_schema_version_found(db), 1);
	assert_int_equal(pragma(db->sql, "PRAGMA user_version"), PROFILE_DB_SCHEMA_VERSION);
	struct profile_db_run *runs;
	size_t n;
	assert_int_equal(profile_db_runs(db, 0, &runs, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(runs[0].command, "old run");
	assert_int_equal(runs[0].pid, 0);
	assert_false(runs[0].has_exit_status);
	profile_db_runs_free(runs, n);
	int64_t run;
	struct profile_db_run_info ri = { .command = "new", .simulated = 0, .pid = 4242 };
	assert_int_equal(profile_db_run_begin(db, &ri, &run), 0);
	assert_int_equal(profile_db_run_set_exit(db, run, 3), 0);
	assert_int_equal(profile_db_run_set_total(db, run, "cycles", 1e9), 0);
	assert_int_equal(profile_db_run_end(db, run, 0), 0);
	assert_int_equal(profile_db_run_end(db, 999, 0), -ENOENT);
	assert_int_equal(profile_db_runs(db, 0, &runs, &n), 0);
	assert_int_equal(n, 2);
	assert_int_equal(runs[1].pid, 4242);
	assert_true(runs[1].has_exit_status);
	assert_int_equal(runs[1].exit_status, 3);
	assert_true(runs[1].end_ns > 0);
	assert_int_equal(runs[1].n_totals, 1);
	assert_string_equal(runs[1].total_keys[0], "cycles");
	assert_true(runs[1].total_values[0] == 1e9);
	profile_db_runs_free(runs, n);
	profile_db_close(db);
}

static void test_refuse_newer(void **state)
{
	(void)state;
	struct profile_db *db = open_rw();
	assert_int_equal(sqlite3_exec(db->sql, "PRAGMA user_version = 99", NULL, NULL, NULL), 0);
	profile_db_close(db);
	char err[PROFILE_DB_ERR_MAX];
	assert_int_equal(profile_db_open(path, PROFILE_DB_CREATE, &db, err), -EPROTONOSUPPORT);
	assert_non_null(strstr(err, path));
	assert_non_null(strstr(err, "newer"));
	assert_int_equal(profile_db_open(path, PROFILE_DB_READONLY, &db, err), -EPROTONOSUPPORT);
}

static void test_refuse_foreign(void **state)
{
	(void)state;
	struct profile_db *db;
	char err[PROFILE_DB_ERR_MAX];
	FILE *f = fopen(path, "w");
	for (int i = 0; i < 50; i++)
		fputs("this is not a database at all\n", f);
	fclose(f);
	assert_int_equal(profile_db_open(path, PROFILE_DB_CREATE, &db, err), -EINVAL);
	assert_non_null(strstr(err, "not an SQLite file"));
	assert_non_null(strstr(err, path));

	unlink(path);
	sqlite3 *sql;
	assert_int_equal(sqlite3_open(path, &sql), SQLITE_OK);
	assert_int_equal(sqlite3_exec(sql, "CREATE TABLE t(x); INSERT INTO t VALUES (1)", NULL, NULL,
				      NULL), 0);
	sqlite3_close(sql);
	assert_int_equal(profile_db_open(path, PROFILE_DB_CREATE, &db, err), -EINVAL);
	assert_non_null(strstr(err, "not a robin database"));
	/* The foreign file was left alone. */
	assert_int_equal(sqlite3_open(path, &sql), SQLITE_OK);
	assert_int_equal(pragma(sql, "SELECT count(*) FROM sqlite_master"), 1);
	sqlite3_close(sql);

	/* An empty file becomes a database for writers, and is "empty" for readers. */
	unlink(path);
	f = fopen(path, "w");
	fclose(f);
	assert_int_equal(profile_db_open(path, PROFILE_DB_READONLY, &db, err), -ENOENT);
	assert_non_null(strstr(err, "empty"));
	db = open_rw();
	profile_db_close(db);
}

static void overwrite(long at, size_t n, unsigned char byte)
{
	FILE *f = fopen(path, "r+b");
	assert_non_null(f);
	fseek(f, at, SEEK_SET);
	for (size_t i = 0; i < n; i++)
		fputc(byte, f);
	fclose(f);
}

/* A database with some samples, checkpointed into the main file. */
static void fill_some(void)
{
	struct profile_db *db = open_rw();
	struct profile_db_batch *b;
	int64_t img;
	int ev;
	assert_int_equal(profile_db_image_add(db, "/bin/x", "abcd", 100, "x86-64", &img), 0);
	assert_int_equal(profile_db_batch_new(db, 0, 0, &b), 0);
	assert_int_equal(profile_db_batch_event(b, "cycles", 1000, 1, &ev), 0);
	for (uint64_t o = 0; o < 200000; o += 3)
		assert_int_equal(profile_db_batch_add(b, ev, img, o, 1 + o % 7), 0);
	assert_int_equal(profile_db_batch_commit(b, NULL), 0);
	profile_db_batch_free(b);
	assert_int_equal(sqlite3_exec(db->sql, "PRAGMA wal_checkpoint(TRUNCATE)", NULL, NULL, NULL),
			 0);
	profile_db_close(db);
}

static void collect_problem(void *arg, const char *problem)
{
	(void)problem;
	(*(int *)arg)++;
}

static void test_refuse_corrupt(void **state)
{
	(void)state;
	struct profile_db *db;
	char err[PROFILE_DB_ERR_MAX];
	int ok, problems = 0;

	/* Damage a data page (not page 1): open works, the check fails, reads report it. */
	fill_some();
	db = open_rw();
	assert_int_equal(profile_db_check(db, &ok, NULL, NULL), 0);
	assert_true(ok);
	int64_t pages = pragma(db->sql, "PRAGMA page_count");
	int64_t psz = pragma(db->sql, "PRAGMA page_size");
	profile_db_close(db);
	assert_true(pages > 4);
	for (int64_t p = 2; p < pages; p++)
		overwrite((long)(p * psz + 40), 64, 0xa5);
	if (profile_db_open(path, PROFILE_DB_READONLY, &db, err) == 0) {
		assert_int_equal(profile_db_check(db, &ok, collect_problem, &problems), 0);
		assert_false(ok);
		assert_true(problems > 0);
		struct profile_db_profile *pr;
		size_t n;
		int rc = profile_db_profiles(db, NULL, &pr, &n);
		if (rc == 0) {
			struct profile_db_count *cv;
			size_t nc;
			for (size_t i = 0; i < n; i++)
				if (profile_db_counts(db, pr[i].id, 0, UINT64_MAX, &cv, &nc) == 0)
					free(cv);
			profile_db_profiles_free(pr, n);
		} else {
			assert_non_null(strstr(profile_db_error(db), path));
		}
		profile_db_close(db);
	} else {
		assert_non_null(strstr(err, "corrupt"));
	}

	/* Damage page 1 (the schema's root) past the file header: refused on open. */
	unlink(path);
	fill_some();
	overwrite(100, 400, 0xff);
	assert_int_not_equal(profile_db_open(path, PROFILE_DB_READONLY, &db, err), 0);
	assert_non_null(strstr(err, path));
	assert_non_null(strstr(err, "corrupt"));
	assert_null(strchr(err, '\n'));

	/* Truncated in the middle. */
	unlink(path);
	fill_some();
	assert_int_equal(truncate(path, 3 * 4096 + 17), 0);
	if (profile_db_open(path, PROFILE_DB_READONLY, &db, err) == 0) {
		assert_int_equal(profile_db_check(db, &ok, NULL, NULL), 0);
		assert_false(ok);
		profile_db_close(db);
	} else {
		assert_non_null(strstr(err, path));
	}
}

/* Reference model: a flat array of (event, image, offset, count). */
struct ref {
	int ev;
	int64_t img;
	uint64_t off, cnt;
};

static int ref_cmp(const void *pa, const void *pb)
{
	const struct ref *a = pa, *b = pb;
	if (a->ev != b->ev)
		return a->ev - b->ev;
	if (a->img != b->img)
		return a->img < b->img ? -1 : 1;
	return a->off < b->off ? -1 : a->off > b->off;
}

static uint64_t rng_state = 88172645463325252ull;
static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static void test_batch_matches_model(void **state)
{
	(void)state;
	struct profile_db *db = open_rw();
	const char *names[2] = { "cycles", "imiss" };
	int64_t imgs[3];
	assert_int_equal(profile_db_image_add(db, "/usr/lib/libfoo.so", "01ab", 1 << 20, "x86-64",
					      &imgs[0]), 0);
	assert_int_equal(profile_db_image_add(db, "/bin/prog", "", 0, "", &imgs[1]), 0);
	imgs[2] = 0; /* unknown */
	int64_t again;
	assert_int_equal(profile_db_image_add(db, "/bin/prog", NULL, 5000, "riscv64", &again), 0);
	assert_int_equal(again, imgs[1]);

	size_t cap = 200000, nref = 0;
	struct ref *ref = calloc(cap, sizeof(*ref));
	uint64_t unknown_total = 0;
	int64_t last_batch = 0;
	for (int round = 0; round < 5; round++) {
		struct profile_db_batch *b;
		int ev[2];
		assert_int_equal(profile_db_batch_new(db, 0, 0, &b), 0);
		assert_int_equal(profile_db_batch_event(b, names[0], 60000, 1, &ev[0]), 0);
		assert_int_equal(profile_db_batch_event(b, names[1], 1000, 1, &ev[1]), 0);
		int dup;
		assert_int_equal(profile_db_batch_event(b, "cycles", 60000, 1, &dup), 0);
		assert_int_equal(dup, ev[0]);
		assert_int_equal(profile_db_batch_event(b, "cycles", 1, 1, &dup), -EINVAL);
		assert_int_equal(profile_db_batch_event(b, "bad name", 1, 1, &dup), -EINVAL);
		uint64_t want_unknown = 0;
		for (int i = 0; i < 30000; i++) {
			struct ref r;
			r.ev = (int)(rng() % 2);
			int which = (int)(rng() % 3);
			r.img = imgs[which];
			/* Clustered offsets (hot loops) and a few far ones, including above
			 * INT64_MAX for unknown (kernel addresses). */
			uint64_t x = rng();
			r.off = (x % 4 == 0) ? x % (1ull << 30) : 0x10000 + (x >> 8) % 70000;
			if (which == 2 && x % 5 == 0)
				r.off = 0xffffffff81000000ull + (x >> 40);
			r.cnt = 1 + rng() % 3;
			assert_int_equal(profile_db_batch_add(b, ev[r.ev], r.img, r.off, r.cnt), 0);
			if (r.img == 0) {
				r.img = profile_db_image_unknown_id(db);
				want_unknown += r.cnt;
			}
			if (nref == cap)
				ref = realloc(ref, (cap *= 2) * sizeof(*ref));
			ref[nref++] = r;
		}
		assert_int_equal(profile_db_batch_unknown(b), want_unknown);
		unknown_total += want_unknown;
		int64_t id;
		assert_int_equal(profile_db_batch_commit(b, &id), 0);
		assert_true(id > last_batch);
		last_batch = id;
		assert_int_equal(profile_db_batch_samples(b), 0);
		profile_db_batch_free(b);
	}
	/* Merge the model. */
	qsort(ref, nref, sizeof(*ref), ref_cmp);
	size_t w = 0;
	for (size_t i = 1; i < nref; i++) {
		if (!ref_cmp(&ref[w], &ref[i]))
			ref[w].cnt += ref[i].cnt;
		else
			ref[++w] = ref[i];
	}
	nref = w + 1;

	struct profile_db_profile *pr;
	size_t np;
	assert_int_equal(profile_db_profiles(db, NULL, &pr, &np), 0);
	assert_int_equal(np, 6);
	size_t checked = 0;
	for (size_t p = 0; p < np; p++) {
		int evi = strcmp(pr[p].event, "cycles") ? 1 : 0;
		assert_int_equal(pr[p].period, evi ? 1000 : 60000);
		struct profile_db_count *cv;
		size_t nc;
		assert_int_equal(profile_db_counts(db, pr[p].id, 0, UINT64_MAX, &cv, &nc), 0);
		assert_int_equal(nc, pr[p].n_offsets);
		uint64_t sum = 0;
		for (size_t k = 0; k < nc; k++) {
			struct ref key = { evi, pr[p].image_id, cv[k].offset, 0 };
			struct ref *hit = bsearch(&key, ref, nref, sizeof(*ref), ref_cmp);
			assert_non_null(hit);
			assert_int_equal(hit->cnt, cv[k].count);
			if (k)
				assert_true(cv[k].offset > cv[k - 1].offset);
			sum += cv[k].count;
			checked++;
		}
		assert_int_equal(sum, pr[p].total_count);
		free(cv);
		/* A sub-range read returns exactly the entries inside it. */
		assert_int_equal(profile_db_counts(db, pr[p].id, 0x12345, 0x18001, &cv, &nc), 0);
		for (size_t k = 0; k < nc; k++)
			assert_true(cv[k].offset >= 0x12345 && cv[k].offset < 0x18001);
		free(cv);
	}
	assert_int_equal(checked, nref);
	profile_db_profiles_free(pr, np);

	struct profile_db_batch_row *rows;
	size_t nb;
	assert_int_equal(profile_db_batches(db, &rows, &nb), 0);
	assert_int_equal(nb, 5);
	uint64_t u = 0;
	for (size_t i = 0; i < nb; i++)
		u += rows[i].unknown;
	assert_int_equal(u, unknown_total);
	free(rows);

	/* Filters: by image path, by basename suffix, by event. */
	struct profile_db_filter f = { .image = "libfoo.so" };
	assert_int_equal(profile_db_profiles(db, &f, &pr, &np), 0);
	assert_int_equal(np, 2);
	profile_db_profiles_free(pr, np);
	f.image = "foo.so"; /* not a path component */
	assert_int_equal(profile_db_profiles(db, &f, &pr, &np), 0);
	assert_int_equal(np, 0);
	profile_db_profiles_free(pr, np);
	const char *evs[] = { "imiss" };
	struct profile_db_filter g = { .events = evs, .n_events = 1, .image = "[unknown]" };
	assert_int_equal(profile_db_profiles(db, &g, &pr, &np), 0);
	assert_int_equal(np, 1);
	assert_string_equal(pr[0].event, "imiss");
	assert_string_equal(pr[0].image_path, "[unknown]");
	profile_db_profiles_free(pr, np);

	int ok;
	assert_int_equal(profile_db_check(db, &ok, NULL, NULL), 0);
	assert_true(ok);
	free(ref);
	profile_db_close(db);
}

static void test_epochs_runs_filters(void **state)
{
	(void)state;
	struct profile_db *db = open_rw();
	int64_t img, e1, e2, run;
	int ev;
	struct profile_db_batch *b;
	assert_int_equal(profile_db_image_add(db, "/bin/a", "", 0, "", &img), 0);
	assert_int_equal(profile_db_epoch_current(db, &e1), 0);
	assert_int_equal(profile_db_batch_new(db, 0, 0, &b), 0);
	assert_int_equal(profile_db_batch_event(b, "cycles", 100, 1, &ev), 0);
	assert_int_equal(profile_db_batch_add(b, ev, img, 0x40, 5), 0);
	assert_int_equal(profile_db_batch_commit(b, NULL), 0);
	assert_int_equal(profile_db_epoch_new(db, "after fix", &e2), 0);
	assert_true(e2 > e1);
	/* The same batch object lands in the new current epoch. */
	assert_int_equal(profile_db_batch_add(b, ev, img, 0x40, 7), 0);
	assert_int_equal(profile_db_batch_commit(b, NULL), 0);
	profile_db_batch_free(b);

	struct profile_db_run_info ri = { .command = "robin run x", .config = "core.width=4\n",
					  .simulated = 1 };
	assert_int_equal(profile_db_run_begin(db, &ri, &run), 0);
	assert_int_equal(profile_db_batch_new(db, 0, run, &b), 0);
	assert_int_equal(profile_db_batch_event(b, "oracle", 1, 12, &ev), 0);
	assert_int_equal(profile_db_batch_add(b, ev, img, 0x40, 6), 0);
	assert_int_equal(profile_db_batch_add_detail(b, ev, img, 0x40, PROFILE_DB_KIND_COMMIT_STATE,
						     PROFILE_DB_COMMIT_STALLED, 4, 0), 0);
	assert_int_equal(profile_db_batch_add_detail(b, ev, img, 0x40, PROFILE_DB_KIND_COMMIT_STATE,
						     PROFILE_DB_COMMIT_COMPUTING, 2, 0), 0);
	assert_int_equal(profile_db_batch_add_detail(b, ev, img, 0x40, PROFILE_DB_KIND_LATENCY, 64,
						     1, 70.0), 0);
	assert_int_equal(profile_db_batch_commit(b, NULL), 0);
	assert_int_equal(profile_db_batch_add_detail(b, ev, img, 0x40, PROFILE_DB_KIND_COMMIT_STATE,
						     PROFILE_DB_COMMIT_STALLED, 8, 0), 0);
	assert_int_equal(profile_db_batch_add_detail(b, ev, img, 0x40, PROFILE_DB_KIND_LATENCY, 64,
						     1, 90.0), 0);
	assert_int_equal(profile_db_batch_commit(b, NULL), 0);
	/* A detail of an unknown kind is refused and the batch keeps it. */
	assert_int_equal(profile_db_batch_add_detail(b, ev, img, 0x40, 777, 0, 1, 0), 0);
	assert_int_equal(profile_db_batch_commit(b, NULL), -ENOENT);
	profile_db_batch_free(b);
	/* A batch for a run that does not exist is refused. */
	assert_int_equal(profile_db_batch_new(db, 0, 4242, &b), 0);
	assert_int_equal(profile_db_batch_event(b, "cycles", 100, 1, &ev), 0);
	assert_int_equal(profile_db_batch_add(b, ev, img, 1, 1), 0);
	assert_int_not_equal(profile_db_batch_commit(b, NULL), 0);
	profile_db_batch_free(b);

	struct profile_db_profile *pr;
	size_t np;
	struct profile_db_filter f = { .epoch_id = e1 };
	assert_int_equal(profile_db_profiles(db, &f, &pr, &np), 0);
	assert_int_equal(np, 1);
	assert_int_equal(pr[0].total_count, 5);
	profile_db_profiles_free(pr, np);
	f.epoch_id = e2;
	assert_int_equal(profile_db_profiles(db, &f, &pr, &np), 0);
	assert_int_equal(np, 2);
	profile_db_profiles_free(pr, np);
	f.run_id = run;
	assert_int_equal(profile_db_profiles(db, &f, &pr, &np), 0);
	assert_int_equal(np, 1);
	assert_string_equal(pr[0].event, "oracle");
	assert_int_equal(pr[0].count_divisor, 12);
	assert_int_equal(pr[0].run_id, run);

	struct profile_db_detail *d;
	size_t nd;
	assert_int_equal(profile_db_details(db, pr[0].id, 0, UINT64_MAX, 0, &d, &nd), 0);
	assert_int_equal(nd, 3);
	assert_int_equal(d[0].kind, PROFILE_DB_KIND_COMMIT_STATE);
	assert_int_equal(d[0].key, PROFILE_DB_COMMIT_COMPUTING);
	assert_int_equal(d[0].count, 2);
	assert_int_equal(d[1].key, PROFILE_DB_COMMIT_STALLED);
	assert_int_equal(d[1].count, 12);
	assert_int_equal(d[2].kind, PROFILE_DB_KIND_LATENCY);
	assert_int_equal(d[2].count, 2);
	assert_true(d[2].value == 160.0);
	free(d);
	profile_db_profiles_free(pr, np);

	assert_string_equal(profile_db_detail_key_lookup(db, PROFILE_DB_KIND_COMMIT_STATE, 1),
			    "stalled");
	assert_string_equal(profile_db_detail_kind_name(db, PROFILE_DB_KIND_PSV), "psv");
	int k1, k2;
	assert_int_equal(profile_db_detail_kind(db, "lat_dc_miss_cycles", "bucket", "sum", &k1), 0);
	assert_int_equal(profile_db_detail_kind(db, "lat_dc_miss_cycles", "x", "y", &k2), 0);
	assert_int_equal(k1, k2);
	assert_true(k1 > PROFILE_DB_KIND_LATENCY);
	assert_int_equal(profile_db_detail_key_name(db, PROFILE_DB_KIND_PSV, 1 << 3, "ST-L1"), 0);
	assert_string_equal(profile_db_detail_key_lookup(db, PROFILE_DB_KIND_PSV, 8), "ST-L1");
	assert_null(profile_db_detail_key_lookup(db, PROFILE_DB_KIND_PSV, 16));

	struct profile_db_epoch *ep;
	size_t ne;
	assert_int_equal(profile_db_epochs(db, &ep, &ne), 0);
	assert_int_equal(ne, 2);
	assert_true(ep[0].end_ns > 0);
	assert_int_equal(ep[1].end_ns, 0);
	assert_string_equal(ep[1].note, "after fix");
	profile_db_epochs_free(ep, ne);

	/* Period mismatch against an existing profile is refused. */
	assert_int_equal(profile_db_batch_new(db, 0, 0, &b), 0);
	assert_int_equal(profile_db_batch_event(b, "cycles", 999, 1, &ev), 0);
	assert_int_equal(profile_db_batch_add(b, ev, img, 0x40, 1), 0);
	assert_int_equal(profile_db_batch_commit(b, NULL), -EINVAL);
	assert_non_null(strstr(profile_db_error(db), "period"));
	profile_db_batch_free(b);
	profile_db_close(db);
}

static int count_entries(void *arg, uint64_t offset, uint64_t count)
{
	(void)offset;
	(void)count;
	(*(int *)arg)++;
	return 0;
}

static void test_chunk_codec(void **state)
{
	(void)state;
	struct sample_chunk_buf buf = { 0 };
	struct sample_chunk_entry a[] = { { 0x4000, 1 }, { 0x4002, 200 }, { 0x7fff, 1ull << 40 } };
	uint64_t fresh, n, total;
	assert_int_equal(sample_chunk_merge(NULL, 0, 0x4000, a, 3, &buf, &fresh, &n, &total), 0);
	assert_int_equal(fresh, 3);
	assert_int_equal(n, 3);
	assert_int_equal(total, 201 + (1ull << 40));
	struct sample_chunk_buf buf2 = { 0 };
	struct sample_chunk_entry b[] = { { 0x4001, 5 }, { 0x4002, 1 } };
	assert_int_equal(sample_chunk_merge(buf.data, buf.len, 0x4000, b, 2, &buf2, &fresh, &n,
					    &total), 0);
	assert_int_equal(fresh, 1);
	assert_int_equal(n, 4);
	assert_int_equal(total, 207 + (1ull << 40));
	int cnt = 0;
	assert_int_equal(sample_chunk_decode(buf2.data, buf2.len, 0x4000, count_entries, &cnt, &n,
					     &total), 0);
	assert_int_equal(cnt, 4);
	/* Malformed: truncated, wrong base, zero delta, a window overrun. */
	assert_int_equal(sample_chunk_decode(buf2.data, buf2.len - 1, 0x4000, NULL, NULL, NULL,
					     NULL), -EILSEQ);
	assert_int_equal(sample_chunk_decode(buf2.data, buf2.len, 0x4001, NULL, NULL, NULL, NULL),
			 -EILSEQ);
	const uint8_t zero_delta[] = { 1, 1, 0, 1 };
	assert_int_equal(sample_chunk_decode(zero_delta, 4, 0, NULL, NULL, NULL, NULL), -EILSEQ);
	const uint8_t overrun[] = { 0x80, 0x80, 0x01, 1 };
	assert_int_equal(sample_chunk_decode(overrun, 4, 0, NULL, NULL, NULL, NULL), -EILSEQ);
	const uint8_t zero_count[] = { 1, 0 };
	assert_int_equal(sample_chunk_decode(zero_count, 2, 0, NULL, NULL, NULL, NULL), -EILSEQ);
	sample_chunk_buf_free(&buf);
	sample_chunk_buf_free(&buf2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_create_and_reopen, setup, teardown),
		cmocka_unit_test_setup_teardown(test_migrate_v1, setup, teardown),
		cmocka_unit_test_setup_teardown(test_refuse_newer, setup, teardown),
		cmocka_unit_test_setup_teardown(test_refuse_foreign, setup, teardown),
		cmocka_unit_test_setup_teardown(test_refuse_corrupt, setup, teardown),
		cmocka_unit_test_setup_teardown(test_batch_matches_model, setup, teardown),
		cmocka_unit_test_setup_teardown(test_epochs_runs_filters, setup, teardown),
		cmocka_unit_test(test_chunk_codec),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
