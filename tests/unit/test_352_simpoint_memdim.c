/* 352: the memory dimension of robin simpoint run's vectors (simpoint_opts.extra,
 * -loadExtraFile): two phases that run the same blocks in the same mix (one basic-block
 * vector) but differ in memory behaviour (extra coordinates 0 and ln 2) are one cluster on
 * the vectors alone and two clusters, each point in its phase, with the coordinate; a third,
 * code-distinct phase stays apart either way. The extra-file reader takes one number per
 * interval and refuses a bad line or a wrong count with file:line. campaign_auto_max_k is a
 * tenth of the intervals between 10 and 30, never more than the intervals. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "analysis/simpoint.h"
#include "campaign/campaign.h"

/* 60 intervals, phase pattern[i % 10]: A and B share blocks 1-4 (same mix), C uses 5-8 */
static const char pattern[] = "AABBCABBAC";

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void write_fv(const char *path)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	for (int i = 0; i < 60; i++) {
		int c = pattern[i % 10] == 'C';
		unsigned jitter = (unsigned)(i * 7919) % 5;
		fprintf(f, "T");
		for (int b = 1; b <= 4; b++)
			fprintf(f, ":%d:%u ", c * 4 + b, 1000u * (unsigned)b + jitter * (unsigned)b);
		fprintf(f, "\n");
	}
	fclose(f);
}

/* Which cluster each phase got; fails when a phase is split. */
static void phase_labels(const struct simpoint_result *r, int label[3])
{
	label[0] = label[1] = label[2] = -1;
	for (int i = 0; i < 60; i++) {
		int ph = pattern[i % 10] - 'A';
		if (label[ph] < 0)
			label[ph] = r->labels[i];
		assert_int_equal(r->labels[i], label[ph]);
	}
}

static void test_memdim_separates(void **state)
{
	(void)state;
	char path[] = "/tmp/robin_test_352_XXXXXX", err[256];
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	write_fv(path);
	struct simpoint_fv fv;
	assert_int_equal(simpoint_fv_read(path, &fv, err, sizeof(err)), 0);
	struct simpoint_opts o;
	simpoint_opts_default(&o);
	o.max_k = 6;
	struct simpoint_result r;
	int label[3];
	assert_int_equal(simpoint_cluster(&fv, &o, &r, err, sizeof(err)), 0);
	phase_labels(&r, label);
	assert_int_equal(label[0], label[1]);          /* same code: one cluster */
	assert_int_not_equal(label[0], label[2]);
	simpoint_result_free(&r);

	double extra[60];
	for (int i = 0; i < 60; i++)                   /* B's intervals take twice the cycles */
		extra[i] = pattern[i % 10] == 'B' ? log(2.0) : 0;
	o.extra = extra;
	assert_int_equal(simpoint_cluster(&fv, &o, &r, err, sizeof(err)), 0);
	phase_labels(&r, label);
	assert_int_not_equal(label[0], label[1]);
	assert_int_not_equal(label[0], label[2]);
	assert_int_not_equal(label[1], label[2]);
	for (int ph = 0; ph < 3; ph++) {
		long p = r.point[label[ph]];
		assert_true(p >= 0);
		assert_int_equal(pattern[p % 10] - 'A', ph);
	}
	simpoint_result_free(&r);
	simpoint_fv_free(&fv);
	unlink(path);
}

static void test_extra_file(void **state)
{
	(void)state;
	char path[] = "/tmp/robin_test_352b_XXXXXX", err[256];
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	double *v = NULL;
	write_text(path, "0.5\n-1.25\n3\n");
	assert_int_equal(simpoint_extra_read(path, 3, &v, err, sizeof(err)), 0);
	assert_true(v[0] == 0.5 && v[1] == -1.25 && v[2] == 3);
	free(v);
	static const char *const bad[] = { "0.5\nx\n3\n", "1\n2\n", "1\n2\n3\n4\n", "1 2\n2\n3\n",
	                                   "1\nnan\n3\n" };
	static const char *const where[] = { ":2:", "2 lines for 3", ":4:", ":1:", ":2:" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		write_text(path, bad[i]);
		v = NULL;
		assert_true(simpoint_extra_read(path, 3, &v, err, sizeof(err)) < 0);
		assert_null(v);
		assert_non_null(strstr(err, path));
		if (!strstr(err, where[i]))
			fail_msg("case %zu: '%s' lacks '%s'", i, err, where[i]);
	}
	unlink(path);
	assert_true(simpoint_extra_read(path, 3, &v, err, sizeof(err)) < 0);
	assert_non_null(strstr(err, path));
}

static void test_auto_max_k(void **state)
{
	(void)state;
	assert_int_equal(campaign_auto_max_k(0), 1);
	assert_int_equal(campaign_auto_max_k(9), 9);
	assert_int_equal(campaign_auto_max_k(73), 10);
	assert_int_equal(campaign_auto_max_k(229), 22);
	assert_int_equal(campaign_auto_max_k(1217), CAMPAIGN_MAX_K);
	for (size_t n = 100; n < 5000; n += 7)  /* past 100 intervals: a tenth of the program */
		assert_true((size_t)campaign_auto_max_k(n) * CAMPAIGN_DETAIL_SHARE <= n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_memdim_separates),
		cmocka_unit_test(test_extra_file),
		cmocka_unit_test(test_auto_max_k),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
