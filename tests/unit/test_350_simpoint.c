/* 350: robin simpoint's clustering on vectors with a known answer: three block mixes (phases)
 * repeated in a fixed pattern are found as three clusters by the BIC search, each simulation
 * point lies in its phase, weights are the phases' shares; k-means converges to the blob
 * means; the BIC prefers the right k over 1; the frequency-vector reader refuses bad lines
 * with file:line:column; equal inputs give equal results (deterministic seeds). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "analysis/kmeans.h"
#include "analysis/simpoint.h"

/* 60 intervals: phase of interval i is pattern[i % 10]; each phase uses its own blocks with
 * small deterministic jitter. */
static const char pattern[] = "AABACCBAAB";

static void write_fv(const char *path)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	for (int i = 0; i < 60; i++) {
		int ph = pattern[i % 10] - 'A';
		unsigned jitter = (unsigned)(i * 7919) % 5;  /* 0.5%: well-separated phases */
		fprintf(f, "T");
		for (int b = 1; b <= 4; b++)
			fprintf(f, ":%d:%u ", ph * 4 + b, 1000u * (unsigned)b + jitter * (unsigned)b);
		fprintf(f, ":13:%u \n", 10 + jitter);  /* a block every phase shares */
	}
	fclose(f);
}

static void test_three_phases(void **state)
{
	(void)state;
	char path[] = "/tmp/robin_test_350_XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	write_fv(path);
	struct simpoint_fv fv;
	char err[256];
	assert_int_equal(simpoint_fv_read(path, &fv, err, sizeof(err)), 0);
	assert_int_equal(fv.n_rows, 60);
	assert_int_equal(fv.max_id, 13);
	struct simpoint_opts o;
	simpoint_opts_default(&o);
	o.max_k = 8;
	struct simpoint_result r, r2;
	assert_int_equal(simpoint_cluster(&fv, &o, &r, err, sizeof(err)), 0);
	assert_int_equal(r.k, 3);
	/* every interval of a phase in one cluster, different phases in different ones */
	int label_of[3] = { -1, -1, -1 };
	for (int i = 0; i < 60; i++) {
		int ph = pattern[i % 10] - 'A';
		if (label_of[ph] < 0)
			label_of[ph] = r.labels[i];
		assert_int_equal(r.labels[i], label_of[ph]);
	}
	assert_int_not_equal(label_of[0], label_of[1]);
	assert_int_not_equal(label_of[1], label_of[2]);
	assert_int_not_equal(label_of[0], label_of[2]);
	/* weights: A 5/10, B 3/10, C 2/10 */
	assert_true(r.cluster_weight[label_of[0]] > 0.5 - 1e-9 && r.cluster_weight[label_of[0]] < 0.5 + 1e-9);
	assert_true(r.cluster_weight[label_of[1]] > 0.3 - 1e-9 && r.cluster_weight[label_of[1]] < 0.3 + 1e-9);
	for (int j = 0; j < 3; j++) {
		assert_true(r.point[j] >= 0);
		assert_int_equal(r.labels[r.point[j]], j);
		for (int i = 0; i < 60; i++)
			if (r.labels[i] == j)
				assert_true(r.dists[r.point[j]] <= r.dists[i]);
	}
	/* the search tried 1 and maxK first and found k=1 worst */
	assert_int_equal(r.tries[0].k, 1);
	assert_int_equal(r.tries[1].k, 8);
	for (int q = 1; q < r.n_tries; q++)
		assert_true(r.tries[q].bic > r.tries[0].bic);
	/* deterministic */
	assert_int_equal(simpoint_cluster(&fv, &o, &r2, err, sizeof(err)), 0);
	assert_int_equal(r2.k, r.k);
	assert_memory_equal(r.labels, r2.labels, 60 * sizeof(int));
	assert_memory_equal(r.point, r2.point, 3 * sizeof(long));
	/* coverage 0.75: the two largest clusters (A 0.5 + B 0.3) */
	o.coverage = 0.75;
	simpoint_result_free(&r2);
	assert_int_equal(simpoint_cluster(&fv, &o, &r2, err, sizeof(err)), 0);
	assert_int_equal(r2.selected[r2.labels[0]], 1);
	int nsel = 0;
	for (int j = 0; j < r2.k; j++)
		nsel += r2.selected[j];
	assert_int_equal(nsel, 2);
	simpoint_result_free(&r);
	simpoint_result_free(&r2);
	simpoint_fv_free(&fv);
	unlink(path);
}

static void test_kmeans_means(void **state)
{
	(void)state;
	/* two blobs in 2-D: centres converge to their weighted means */
	double x[] = { 0, 0, 0, 2, 2, 0, 10, 10, 10, 12, 12, 10 };
	double w[] = { 1, 1, 2, 1, 1, 1 };
	struct kmeans_data d = { 6, 2, x, w };
	struct kmeans_model m;
	assert_int_equal(kmeans_model_init(&m, 2, 2), 0);
	m.c[0] = 0; m.c[1] = 0; m.c[2] = 12; m.c[3] = 12;
	assert_true(kmeans_run(&d, &m, 100) > 0);
	assert_true(m.c[0] > 0.999 && m.c[0] < 1.001);   /* (0*1 + 0*1 + 2*2) / 4 */
	assert_true(m.c[1] > 0.499 && m.c[1] < 0.501);   /* (0 + 2 + 0) / 4 */
	assert_true(m.cw[0] == 4 && m.cw[1] == 3);
	struct kmeans_model one;
	assert_int_equal(kmeans_model_init(&one, 1, 2), 0);
	assert_true(kmeans_run(&d, &one, 100) > 0);
	assert_true(kmeans_bic(&d, &m) > kmeans_bic(&d, &one));
	kmeans_model_free(&m);
	kmeans_model_free(&one);
}

static void test_bad_files(void **state)
{
	(void)state;
	static const char *const bad[] = { "T:1:5 :x:3\n", "T:0:5\n", "T:1:-4\n", "T:1:5 :2\n",
	                                   "# nothing\n", "T:1:0\n" };
	static const char *const where[] = { ":1:7:", ":1:2:", ":1:2:", ":1:7:", "no frequency",
	                                     "no instructions" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char path[] = "/tmp/robin_test_350b_XXXXXX", err[256];
		int fd = mkstemp(path);
		assert_true(fd >= 0);
		assert_int_equal(write(fd, bad[i], strlen(bad[i])), (ssize_t)strlen(bad[i]));
		close(fd);
		struct simpoint_fv fv;
		assert_true(simpoint_fv_read(path, &fv, err, sizeof(err)) < 0);
		assert_non_null(strstr(err, path));
		if (!strstr(err, where[i]))
			fail_msg("case %zu: '%s' lacks '%s'", i, err, where[i]);
		unlink(path);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_three_phases),
		cmocka_unit_test(test_kmeans_means),
		cmocka_unit_test(test_bad_files),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
