/* 655: the same call stack added twice through an [unknown] frame (image 0, as the real-machine
 * collector writes an address no image maps) is one stack: its counts add up in memory and the
 * commit stores it once (it failed with duplicate offsets, "cannot merge", before). */
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

static int sum_stack(void *arg, const struct profile_db_frame *f, size_t n, uint64_t count)
{
	uint64_t *v = arg;
	(void)f;
	v[0]++;
	v[1] += count;
	v[2] = n;
	return 0;
}

static void test_unknown_frame_merges(void **state)
{
	(void)state;
	char dir[64], path[128], err[PROFILE_DB_ERR_MAX], cmd[160];
	snprintf(dir, sizeof(dir), "/tmp/robin-655-XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/p.db", dir);
	struct profile_db *db;
	assert_int_equal(profile_db_open(path, PROFILE_DB_CREATE, &db, err), 0);
	int64_t a, run;
	assert_int_equal(profile_db_image_add(db, "/bin/a", "aa", 1, "x86_64", &a), 0);
	struct profile_db_run_info ri = { .command = "t" };
	assert_int_equal(profile_db_run_begin(db, &ri, &run), 0);
	struct profile_db_frame f[3] = { { a, 0x100 }, { 0, 0x7f0000001234ull }, { a, 0x200 } };
	struct profile_db_batch *bt;
	struct profile_db_stacks *st;
	int ev;
	assert_int_equal(profile_db_batch_new(db, 0, run, &bt), 0);
	assert_int_equal(profile_db_batch_event(bt, "cpu-clock", 1000, 1, &ev), 0);
	assert_int_equal(profile_db_batch_add(bt, ev, a, 0x200, 3), 0);
	assert_int_equal(profile_db_batch_commit(bt, NULL), 0);
	profile_db_batch_free(bt);
	assert_int_equal(profile_db_stacks_new(db, &st), 0);
	for (int i = 0; i < 3; i++)
		assert_int_equal(profile_db_stacks_add(st, "cpu-clock", f, 3, 1), 0);
	assert_int_equal(profile_db_stacks_count(st), 1);
	assert_int_equal(profile_db_stacks_commit(st, 0, run), 0);
	profile_db_stacks_free(st);
	struct profile_db_profile *pr;
	size_t npr;
	assert_int_equal(profile_db_profiles(db, NULL, &pr, &npr), 0);
	assert_int_equal(npr, 1);
	uint64_t v[3] = { 0, 0, 0 };
	assert_int_equal(profile_db_stack_counts(db, pr[0].id, sum_stack, v), 0);
	assert_int_equal(v[0], 1);
	assert_int_equal(v[1], 3);
	assert_int_equal(v[2], 3);
	profile_db_profiles_free(pr, npr);
	profile_db_close(db);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(test_unknown_frame_merges) };
	return cmocka_run_group_tests(tests, NULL, NULL);
}
