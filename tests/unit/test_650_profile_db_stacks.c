/* 650: call stacks in the profile database (schema 3, profile_db_stack.c) — a round trip of
 * random stacks with shared prefixes against a reference model, over two commits that merge
 * (counts of the same stack add up, blobs merge), frames in [unknown], the leaf's profile
 * required, the file still passing `db check`; and a database of schema 2 (as the previous
 * robin wrote it) read as is by readers (no stacks) and migrated by a writer with its rows. */
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

#define DB_TMPDIR_TAG "650"
#include "db_tmpdir.h"

#define NSTACK 400
#define MAXD 12

struct model_stack {
	struct profile_db_frame f[MAXD];
	size_t n;
	uint64_t count;   /* expected */
	uint64_t seen;    /* read back */
};

static struct model_stack model[NSTACK];
static int64_t unknown_id;  /* the [unknown] image the model's image 0 stands for */

static int same_frames(const struct profile_db_frame *m, const struct profile_db_frame *f, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if ((m[k].image_id ? m[k].image_id : unknown_id) != f[k].image_id ||
		    m[k].offset != f[k].offset)
			return 0;
	return 1;
}

static uint64_t rnd(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return *s >> 33;
}

static int on_stack(void *arg, const struct profile_db_frame *f, size_t n, uint64_t count)
{
	int64_t *img = arg;
	assert_int_equal(f[n - 1].image_id, *img); /* the leaf is in the profile's image */
	for (size_t i = 0; i < NSTACK; i++) {
		if (model[i].n == n && same_frames(model[i].f, f, n)) {
			model[i].seen += count;
			return 0;
		}
	}
	fail_msg("a stack of depth %zu the model lacks", n);
	return 1;
}

static void test_round_trip(void **state)
{
	(void)state;
	struct profile_db *db;
	char err[PROFILE_DB_ERR_MAX];
	assert_int_equal(profile_db_open(path, PROFILE_DB_CREATE, &db, err), 0);
	int64_t a, b, run;
	assert_int_equal(profile_db_image_add(db, "/bin/a", "aa", 1, "riscv64", &a), 0);
	assert_int_equal(profile_db_image_add(db, "/lib/b.so", "bb", 1, "riscv64", &b), 0);
	struct profile_db_run_info ri = { .command = "t", .simulated = 1 };
	assert_int_equal(profile_db_run_begin(db, &ri, &run), 0);
	unknown_id = profile_db_image_unknown_id(db);
	uint64_t s = 7;
	/* stacks share prefixes: a few roots, deep recursion-like repeats */
	for (size_t i = 0; i < NSTACK; i++) {
		struct model_stack *m = &model[i];
		m->n = 1 + rnd(&s) % MAXD;
		for (size_t k = 0; k < m->n; k++) {
			uint64_t r = rnd(&s) % 8;
			m->f[k].image_id = r < 5 ? a : r < 7 ? b : 0;
			m->f[k].offset = 0x1000 + 4 * (k < 3 ? k : rnd(&s) % 64) +
					 (r == 7 ? 0x7f0000000000ull : 0);
		}
		m->count = 1 + rnd(&s) % 1000;
	}
	/* drop duplicates (two model rows must not be the same stack) */
	for (size_t i = 0; i < NSTACK; i++)
		for (size_t j = 0; j < i; j++)
			if (model[j].n == model[i].n &&
			    !memcmp(model[j].f, model[i].f, model[i].n * sizeof(model[i].f[0])))
				model[i].count = 0;
	/* the flat counts first (they create the leaves' profiles), then the stacks, in two
	 * commits: every stack's count split in two halves */
	for (int round = 0; round < 2; round++) {
		struct profile_db_batch *bt;
		struct profile_db_stacks *st;
		int ev;
		assert_int_equal(profile_db_batch_new(db, 0, run, &bt), 0);
		assert_int_equal(profile_db_batch_event(bt, "tip", 97, 12, &ev), 0);
		assert_int_equal(profile_db_stacks_new(db, &st), 0);
		for (size_t i = 0; i < NSTACK; i++) {
			struct model_stack *m = &model[i];
			uint64_t c = round ? m->count - m->count / 2 : m->count / 2;
			const struct profile_db_frame *leaf = &m->f[m->n - 1];
			if (!m->count)
				continue;
			assert_int_equal(profile_db_batch_add(bt, ev, leaf->image_id, leaf->offset, c), 0);
			assert_int_equal(profile_db_stacks_add(st, "tip", m->f, m->n, c), 0);
		}
		assert_int_equal(profile_db_batch_commit(bt, NULL), 0);
		assert_int_equal(profile_db_stacks_commit(st, 0, run), 0);
		assert_int_equal(profile_db_stacks_count(st), 0);
		profile_db_stacks_free(st);
		profile_db_batch_free(bt);
	}
	/* a stack whose leaf has no profile is refused, and nothing of it lands */
	struct profile_db_stacks *st;
	struct profile_db_frame orphan[2] = { { a, 0x1000 }, { b, 0x2000 } };
	assert_int_equal(profile_db_stacks_new(db, &st), 0);
	assert_int_equal(profile_db_stacks_add(st, "nci", orphan, 2, 5), 0);
	assert_int_equal(profile_db_stacks_commit(st, 0, run), -ENOENT);
	assert_non_null(strstr(profile_db_error(db), "no profile"));
	assert_int_equal(profile_db_stacks_count(st), 1); /* kept, as a failed batch commit */
	profile_db_stacks_free(st);
	assert_int_equal(profile_db_run_end(db, run, 0), 0);
	profile_db_close(db);

	/* read back through a reader */
	assert_int_equal(profile_db_open(path, PROFILE_DB_READONLY, &db, err), 0);
	struct profile_db_profile *pr;
	size_t npr;
	assert_int_equal(profile_db_profiles(db, NULL, &pr, &npr), 0);
	assert_int_equal(npr, 3);
	for (size_t i = 0; i < npr; i++) {
		int64_t img = pr[i].image_id;
		assert_int_equal(profile_db_stack_counts(db, pr[i].id, on_stack, &img), 0);
	}
	for (size_t i = 0; i < NSTACK; i++)
		assert_int_equal(model[i].seen, model[i].count);
	int ok = 0;
	assert_int_equal(profile_db_check(db, &ok, NULL, NULL), 0);
	assert_true(ok);
	profile_db_profiles_free(pr, npr);
	profile_db_close(db);
}

static void test_schema2(void **state)
{
	(void)state;
	sqlite3 *sql;
	char *msg = NULL;
	assert_int_equal(sqlite3_open(path, &sql), SQLITE_OK);
	if (profile_db_schema_create(sql, 2, &msg))
		fail_msg("%s", msg);
	assert_int_equal(sqlite3_exec(sql, "INSERT INTO epoch (start_ns) VALUES (1);"
				      "INSERT INTO image (path) VALUES ('/bin/old');"
				      "INSERT INTO profile (epoch_id, image_id, event, total_count) "
				      "VALUES (1, 2, 'cycles', 0)", NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(sql);

	struct profile_db *db;
	char err[PROFILE_DB_ERR_MAX];
	/* a reader takes schema 2 as is: profiles, and no stacks */
	assert_int_equal(profile_db_open(path, PROFILE_DB_READONLY, &db, err), 0);
	assert_int_equal(profile_db_schema_version_found(db), 2);
	struct profile_db_profile *pr;
	size_t npr;
	assert_int_equal(profile_db_profiles(db, NULL, &pr, &npr), 0);
	assert_int_equal(npr, 1);
	int64_t img = pr[0].image_id;
	assert_int_equal(profile_db_stack_counts(db, pr[0].id, on_stack, &img), 0);
	profile_db_profiles_free(pr, npr);
	int ok = 0;
	assert_int_equal(profile_db_check(db, &ok, NULL, NULL), 0);
	assert_true(ok);
	profile_db_close(db);
	/* a writer migrates it to 3 */
	assert_int_equal(profile_db_open(path, 0, &db, err), 0);
	assert_int_equal(profile_db_schema_version_found(db), 2);
	assert_int_equal(profile_db_profiles(db, NULL, &pr, &npr), 0);
	assert_int_equal(npr, 1);
	assert_string_equal(pr[0].image_path, "/bin/old");
	assert_int_equal(profile_db_stack_counts(db, pr[0].id, on_stack, &img), 0);
	profile_db_profiles_free(pr, npr);
	profile_db_close(db);
	assert_int_equal(sqlite3_open(path, &sql), SQLITE_OK);
	sqlite3_stmt *st;
	assert_int_equal(sqlite3_prepare_v2(sql, "PRAGMA user_version", -1, &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(st, 0), PROFILE_DB_SCHEMA_VERSION);
	sqlite3_finalize(st);
	assert_int_equal(sqlite3_exec(sql, "SELECT count(*) FROM stack_sample", NULL, NULL, NULL),
			 SQLITE_OK);
	sqlite3_close(sql);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_round_trip, setup, teardown),
		cmocka_unit_test_setup_teardown(test_schema2, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
