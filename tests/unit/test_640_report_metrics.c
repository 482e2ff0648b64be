/* 640: the report layer's arithmetic and tables: dcpistats statistics, the profile error
 * metric (Paper A §4) against hand-computed values, and table output as text, CSV and JSON. */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/profile_error.h"
#include "analysis/profile_stats.h"
#include "report/keymap.h"
#include "report/table.h"

static void test_stats(void **state)
{
	(void)state;
	const double v[] = { 10, 20, 30, 40 };
	struct profile_stats s;
	profile_stats_compute(v, 4, &s);
	assert_int_equal(s.n, 4);
	assert_true(s.sum == 100 && s.mean == 25 && s.min == 10 && s.max == 40);
	/* sample variance: (225 + 25 + 25 + 225) / 3 */
	assert_true(fabs(s.stddev - sqrt(500.0 / 3)) < 1e-12);
	assert_true(fabs(s.range_of_sum - 0.3) < 1e-15);
	assert_true(fabs(s.range_of_mean - 1.2) < 1e-15);

	/* 002_767b26a0b68559db.txt Figure 3, fftb_: range% = (9622 - 8578) / 72385 = 1.4% */
	const double w[] = { 8578, 9622, 9000, 9000, 9000, 9000, 9000, 9185 };
	profile_stats_compute(w, 8, &s);
	assert_true(s.sum == 72385);
	assert_true(fabs(100 * s.range_of_sum - 1.442) < 0.001);

	const double one[] = { 5 };
	profile_stats_compute(one, 1, &s);
	assert_true(s.stddev == 0 && s.range_of_sum == 0);
	const double zero[] = { 0, 0 };
	profile_stats_compute(zero, 2, &s);
	assert_true(isnan(s.range_of_sum) && isnan(s.range_of_mean));
}

static void test_error(void **state)
{
	(void)state;
	/* P: a 3, b 1 -> .75 .25; R: a 1, b 1, c 2 -> .25 .25 .5.
	 * sum min = .25 + .25 + 0 = .5; e = .5; c_total = 4, c_correct = 2. */
	const struct profile_error_unit p[] = { { 1, 2 }, { 2, 1 }, { 1, 1 } };  /* a twice */
	const struct profile_error_unit r[] = { { 3, 2 }, { 1, 1 }, { 2, 1 } };
	struct profile_error e;
	assert_int_equal(profile_error_compute(p, 3, r, 3, &e), 0);
	assert_true(e.c_total == 4 && e.c_correct == 2 && e.error == 0.5);
	assert_true(e.total_profile == 4 && e.units == 3);
	/* identical shares at a different scale: no error */
	const struct profile_error_unit q[] = { { 3, 20 }, { 1, 10 }, { 2, 10 } };
	assert_int_equal(profile_error_compute(q, 3, r, 3, &e), 0);
	assert_true(e.error == 0 && e.c_correct == 4);
	/* disjoint: all wrong */
	const struct profile_error_unit d[] = { { 9, 5 } };
	assert_int_equal(profile_error_compute(d, 1, r, 3, &e), 0);
	assert_true(e.error == 1 && e.c_correct == 0);
	/* empty side */
	assert_int_equal(profile_error_compute(d, 0, r, 3, &e), -ENODATA);
}

static char *capture_table(const struct table *t, enum table_format fmt)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct json j;
	json_init(&j, f, 0);
	table_print(t, fmt, f, &j);
	fclose(f);
	return buf;
}

static void test_table(void **state)
{
	(void)state;
	static const struct table_col cols[] = {
		{ "count", "count", TABLE_UINT, 0 },
		{ "%", "share", TABLE_PCT, 1 },
		{ "addr", "addr", TABLE_HEX, 0 },
		{ "name", "name", TABLE_STR, 0 },
	};
	struct table t;
	table_init(&t, cols, 4);
	int r = table_add_row(&t);
	assert_int_equal(r, 0);
	table_set_uint(&t, 0, 0, 2064143);
	table_set_double(&t, 0, 1, 0.3387);
	table_set_uint(&t, 0, 2, 0x9810);
	assert_int_equal(table_set_str(&t, 0, 3, "ffb8ZeroPolyArc"), 0);
	r = table_add_row(&t);
	table_set_uint(&t, 1, 0, 7);
	table_set_double(&t, 1, 1, 0.5);
	assert_int_equal(table_set_str(&t, 1, 3, "a,\"b\""), 0);  /* addr left empty */

	char *s = capture_table(&t, TABLE_TEXT);
	assert_string_equal(s,
		"  count      %    addr  name\n"
		"=======================================\n"
		"2064143  33.9%  0x9810  ffb8ZeroPolyArc\n"
		"      7  50.0%          a,\"b\"\n");
	free(s);
	s = capture_table(&t, TABLE_CSV);
	assert_string_equal(s,
		"count,share,addr,name\n"
		"2064143,0.3387,0x9810,ffb8ZeroPolyArc\n"
		"7,0.5,,\"a,\"\"b\"\"\"\n");
	free(s);
	s = capture_table(&t, TABLE_JSON);
	assert_string_equal(s,
		"[{\"count\":2064143,\"share\":0.3387,\"addr\":38928,"
		"\"name\":\"ffb8ZeroPolyArc\"},{\"count\":7,\"share\":0.5,\"addr\":null,"
		"\"name\":\"a,\\\"b\\\"\"}]");
	free(s);
	table_free(&t);
}

static void test_keymap(void **state)
{
	(void)state;
	struct keymap m;
	int added;
	keymap_init(&m);
	for (int i = 0; i < 1000; i++) {
		char b[16];
		snprintf(b, sizeof(b), "f%d", i % 100);
		int k = keymap_get(&m, "img", b, (uint64_t)(i / 100), &added);
		assert_int_equal(k, i);
		assert_true(added);
	}
	assert_int_equal(keymap_get(&m, "img", "f7", 3, &added), 307);
	assert_false(added);
	assert_int_equal(keymap_find(&m, "img", "f7", 10), -1);
	assert_int_equal(keymap_find(&m, "im", "gf7", 3), -1);
	keymap_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stats),
		cmocka_unit_test(test_error),
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_keymap),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
