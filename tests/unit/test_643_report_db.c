/* 643: the report tools on a database with known counts (report_fixture.h): dcpistats across
 * runs and across epochs (sums, std-dev, normalised range, order), the diff of tip against
 * the oracle per procedure and per instruction, and the profile error at instruction,
 * basic-block and function granularity, all against hand-computed values; the loader's
 * symbols and commit-state details. */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "report_fixture.h"
#include "report/diff_report.h"
#include "report/report_load.h"
#include "report/stats_report.h"

static char dir[64], path[128];
static struct fixture fx;
static struct profile_db *db;

static int setup(void **state)
{
	(void)state;
	char err[PROFILE_DB_ERR_MAX];
	snprintf(dir, sizeof(dir), "/tmp/robin-643-XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof(path), "%s/fixture.db", dir);
	if (fixture_db_build(path, &fx))
		return -1;
	if (profile_db_open(path, PROFILE_DB_READONLY, &db, err)) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[160];
	profile_db_close(db);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

#define NEAR(a, b) assert_true(fabs((a) - (b)) < 1e-9)

static const struct stats_row *find_row(const struct stats_report *r, const char *name,
					size_t *pos)
{
	for (size_t i = 0; i < r->nrows; i++)
		if (!strcmp(r->rows[i].name, name)) {
			*pos = i;
			return &r->rows[i];
		}
	fail_msg("row %s missing", name);
	return NULL;
}

static void test_stats_runs(void **state)
{
	(void)state;
	struct report_selector base = { 0 };
	struct stats_report r;
	char err[REPORT_ERR_MAX];
	size_t pos;
	/* several events in the database: the event must be chosen */
	assert_int_equal(stats_report_build(db, &base, STATS_SETS_RUNS, NULL, 0, STATS_BY_PROCEDURE,
					    &r, err), -EINVAL);
	assert_non_null(strstr(err, "cycles, oracle, tip"));
	assert_int_equal(report_selector_set(&base, "event", "cycles", err), 0);
	assert_int_equal(stats_report_build(db, &base, STATS_SETS_RUNS, NULL, 0, STATS_BY_PROCEDURE,
					    &r, err), 0);
	assert_string_equal(r.event, "cycles");
	assert_int_equal(r.nsets, 3);  /* runs 1-3; run 4 has no cycles, epoch 2 no run */
	assert_true(r.sets[0].id == 1 && r.sets[2].id == 3);
	assert_true(r.sets[0].total == 60 && r.sets[1].total == 60 && r.sets[2].total == 65);
	assert_true(r.grand_total == 185);
	assert_int_equal(r.nrows, 4);
	/* [unknown]: {0, 0, 5}: range% 100%, first */
	const struct stats_row *u = find_row(&r, "[unknown]", &pos);
	assert_int_equal(pos, 0);
	NEAR(u->st.mean, 5.0 / 3);
	NEAR(u->st.stddev, sqrt(((25.0 / 9) * 2 + 100.0 / 9) / 2));
	NEAR(u->st.range_of_sum, 1.0);
	NEAR(u->st.range_of_mean, 3.0);
	/* alpha {10,20,30}, gamma {30,20,10}: sd 10, range% 20/60; tie broken by name */
	const struct stats_row *a = find_row(&r, "fixture_alpha", &pos);
	assert_int_equal(pos, 1);
	assert_true(a->st.sum == 60 && a->st.min == 10 && a->st.max == 30);
	NEAR(a->st.stddev, 10);
	NEAR(a->st.range_of_sum, 1.0 / 3);
	NEAR(a->st.range_of_mean, 1.0);
	NEAR(a->share, 60.0 / 185);
	find_row(&r, "fixture_gamma", &pos);
	assert_int_equal(pos, 2);
	const struct stats_row *b = find_row(&r, "fixture_beta", &pos);
	assert_int_equal(pos, 3);
	assert_true(b->st.stddev == 0 && b->st.range_of_sum == 0);

	/* text output carries the Figure 3 layout */
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	stats_report_print(&r, TABLE_TEXT, 0, f);
	fclose(f);
	assert_non_null(strstr(buf, "Number of samples of type cycles\n"
				    "set 1 (run 1) = 60  set 2 (run 2) = 60  set 3 (run 3) = 65\n"
				    "TOTAL: 185\n"));
	assert_non_null(strstr(buf, "33.3%"));
	free(buf);
	stats_report_free(&r);

	/* an explicit list, and a run without the event */
	int64_t ids[] = { 1, 3 };
	assert_int_equal(stats_report_build(db, &base, STATS_SETS_RUNS, ids, 2, STATS_BY_PROCEDURE,
					    &r, err), 0);
	assert_int_equal(r.nsets, 2);
	a = find_row(&r, "fixture_alpha", &pos);
	NEAR(a->st.stddev, sqrt(200.0));
	stats_report_free(&r);
	int64_t bad[] = { 1, 4 };
	assert_int_equal(stats_report_build(db, &base, STATS_SETS_RUNS, bad, 2, STATS_BY_PROCEDURE,
					    &r, err), -ENOENT);
	assert_non_null(strstr(err, "no profile matches run 4"));
	report_selector_free(&base);
}

static void test_stats_epochs(void **state)
{
	(void)state;
	struct report_selector base = { 0 };
	struct stats_report r;
	char err[REPORT_ERR_MAX];
	size_t pos;
	assert_int_equal(report_selector_set(&base, "event", "cycles", err), 0);
	assert_int_equal(stats_report_build(db, &base, STATS_SETS_EPOCHS, NULL, 0,
					    STATS_BY_PROCEDURE, &r, err), 0);
	assert_int_equal(r.nsets, 2);
	assert_true(r.sets[0].total == 185 && r.sets[1].total == 150);
	/* beta {60, 0} and [unknown] {5, 0}: 100%, by sum; alpha {60, 100} 25%; gamma 10/110 */
	find_row(&r, "fixture_beta", &pos);
	assert_int_equal(pos, 0);
	find_row(&r, "[unknown]", &pos);
	assert_int_equal(pos, 1);
	const struct stats_row *a = find_row(&r, "fixture_alpha", &pos);
	assert_int_equal(pos, 2);
	NEAR(a->st.stddev, sqrt(800.0));
	NEAR(a->st.range_of_sum, 0.25);
	const struct stats_row *g = find_row(&r, "fixture_gamma", &pos);
	assert_int_equal(pos, 3);
	NEAR(g->st.range_of_sum, 10.0 / 110);
	stats_report_free(&r);
	/* by image */
	assert_int_equal(stats_report_build(db, &base, STATS_SETS_EPOCHS, NULL, 0, STATS_BY_IMAGE,
					    &r, err), 0);
	assert_int_equal(r.nrows, 2);
	assert_string_equal(r.rows[0].name, "[unknown]");
	assert_true(r.rows[1].st.sum == 330);
	stats_report_free(&r);
	report_selector_free(&base);
}

static const struct diff_row *drow(const struct diff_report *r, const char *name, uint64_t off)
{
	for (size_t i = 0; i < r->nrows; i++)
		if (!strcmp(r->rows[i].name, name) && r->rows[i].offset == off)
			return &r->rows[i];
	fail_msg("diff row %s %#lx missing", name, (unsigned long)off);
	return NULL;
}

static void test_diff(void **state)
{
	(void)state;
	struct report_selector base = { 0 };
	struct diff_report r;
	char err[REPORT_ERR_MAX];
	/* per procedure, tip (A) against the oracle (B) */
	assert_int_equal(diff_report_build(db, &base, "run:4/event:tip", "run:4/event:oracle",
					   DIFF_BY_PROCEDURE, 1, &r, err), 0);
	assert_true(r.side[0].total == 10 && r.side[1].total == 12);
	assert_int_equal(r.nrows, 3);
	/* sorted by |B% - A%|: alpha +0.10833, gamma -0.1, beta -0.00833 */
	assert_string_equal(r.rows[0].name, "fixture_alpha");
	NEAR(r.rows[0].sa, 0.6);
	NEAR(r.rows[0].sb, 8.5 / 12);
	NEAR(r.rows[0].delta, 8.5 / 12 - 0.6);
	assert_string_equal(r.rows[1].name, "fixture_gamma");
	NEAR(r.rows[1].delta, -0.1);
	assert_string_equal(r.rows[2].name, "fixture_beta");
	NEAR(r.rows[2].delta, 3.5 / 12 - 0.3);
	/* error of tip against the oracle:
	 *   instruction: min shares .1 + 0 + 2.5/12 + 3.5/12 + 0 = .6   -> e = 40%, c_correct 7.2
	 *   basic block: .2 + 2.5/12 + 3.5/12 + 0 = .7                  -> e = 30%, c_correct 8.4
	 *   function:    .6 + 3.5/12 + 0 = .891667                       -> e = 10.83%, c_correct 10.7 */
	for (int g = 0; g < DIFF_GRAN_COUNT; g++)
		assert_true(r.err[g].valid && r.err[g].e.c_total == 12);
	NEAR(r.err[DIFF_GRAN_INSN].e.error, 0.4);
	NEAR(r.err[DIFF_GRAN_INSN].e.c_correct, 7.2);
	NEAR(r.err[DIFF_GRAN_BLOCK].e.error, 0.3);
	NEAR(r.err[DIFF_GRAN_BLOCK].e.c_correct, 8.4);
	assert_true(r.err[DIFF_GRAN_BLOCK].fallback_samples == 0);
	NEAR(r.err[DIFF_GRAN_FUNC].e.error, 1 - (0.6 + 3.5 / 12));
	NEAR(r.err[DIFF_GRAN_FUNC].e.c_correct, 10.7);
	diff_report_free(&r);

	/* per instruction, with the global --run and the selectors naming only events */
	assert_int_equal(report_selector_set(&base, "run", "4", err), 0);
	assert_int_equal(diff_report_build(db, &base, "event:oracle", "event:tip", DIFF_BY_INSN, 0,
					   &r, err), 0);
	assert_int_equal(r.nrows, 5);
	const struct diff_row *w = drow(&r, "fixture_alpha", fx.a0);
	NEAR(w->sa, 0.5);
	NEAR(w->sb, 0.1);
	NEAR(w->delta, -0.4);
	assert_ptr_equal(w, &r.rows[0]);
	assert_true(strlen(w->text) > 0);          /* disassembled */
	assert_non_null(strstr(w->source, "report_fixture.c:"));
	w = drow(&r, "fixture_alpha", fx.a2);
	assert_true(w->a == 0 && w->b == 1);
	/* the reference is now A (the oracle): same errors */
	NEAR(r.err[DIFF_GRAN_INSN].e.error, 0.4);
	NEAR(r.err[DIFF_GRAN_BLOCK].e.error, 0.3);
	diff_report_free(&r);

	/* a side with two events is refused with the list */
	assert_int_equal(diff_report_build(db, &base, "run:4", "event:tip", DIFF_BY_PROCEDURE, -1,
					   &r, err), -EINVAL);
	assert_non_null(strstr(err, "several events (oracle, tip)"));
	assert_int_equal(diff_report_build(db, &base, "run:9", "event:tip", DIFF_BY_PROCEDURE, -1,
					   &r, err), -ENOENT);
	assert_non_null(strstr(err, "A (run:9)"));
	assert_int_equal(diff_report_build(db, &base, "run:x", "event:tip", DIFF_BY_PROCEDURE, -1,
					   &r, err), -EINVAL);
	report_selector_free(&base);
}

static void test_load_details(void **state)
{
	(void)state;
	struct profile_db_filter f = { .run_id = 4 };
	const char *ev[] = { "oracle" };
	struct report_profile p;
	struct report_images im;
	char err[REPORT_ERR_MAX];
	f.events = ev;
	f.n_events = 1;
	assert_int_equal(report_load(db, &f, REPORT_LOAD_DETAILS, &p, &im, err), 0);
	assert_int_equal(p.nevents, 1);
	assert_true(p.events[0].total == 12 && p.events[0].period == 1);
	assert_int_equal(p.ndetail_names, 3);  /* computing, stalled, flushed */
	assert_string_equal(p.detail_names[0], "computing");
	assert_string_equal(p.detail_names[1], "stalled");
	assert_string_equal(p.detail_names[2], "flushed");
	assert_int_equal(im.unreadable, 0);
	for (size_t i = 0; i < p.ninsns; i++) {
		const double *d = &p.detail[i * p.ndetail_names];
		if (p.insns[i].offset == fx.a0)
			assert_true(d[0] == 1 && d[1] == 5 && d[2] == 0);
		if (p.insns[i].offset == fx.b0)
			assert_true(d[2] == 3.5);
		assert_string_equal(p.images[p.insns[i].image].arch, "riscv64");
	}
	uint8_t code[4];
	assert_int_equal(report_images_read(&im, 0, fx.g0, code, 4), 4);
	report_images_free(&im);
	report_profile_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stats_runs),
		cmocka_unit_test(test_stats_epochs),
		cmocka_unit_test(test_diff),
		cmocka_unit_test(test_load_details),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
