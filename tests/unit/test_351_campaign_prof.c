/* 351: a campaign's weighted profile (campaign/campaign_prof.h): two points' profile files
 * combine as weight * program instructions / point instructions per pc and category, samples
 * scale the same way, the images of both files are kept once; a file with a damaged line, a
 * truncated file, a foreign file and a missing point profile are refused with the file (and
 * line) named. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "campaign/campaign_prof.h"

static char dir[] = "/tmp/robin-test351-XXXXXX";

static void write_file(const char *name, const char *text)
{
	char path[256];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* point 0: 1000 instructions, weight 0.25; point 1: 2000 instructions, weight 0.75; the
 * program 10000 instructions: scales 2.5 and 3.75 */
static void campaign_two_points(struct campaign *c, struct campaign_point pts[2])
{
	memset(c, 0, sizeof(*c));
	memset(pts, 0, 2 * sizeof(*pts));
	snprintf(c->dir, sizeof(c->dir), "%s", dir);
	c->total_insns = 10000;
	c->n_points = 2;
	c->pts = pts;
	pts[0] = (struct campaign_point){ .index = 0, .weight = 0.25, .done = 1, .insns = 1000 };
	pts[1] = (struct campaign_point){ .index = 1, .weight = 0.75, .done = 1, .insns = 2000 };
}

static void test_weighted(void **state)
{
	(void)state;
	write_file("point-0.prof", "robin-campaign-profile 1\n"
	           "image 10000 20000 0 /bin/prog\n"
	           "model oracle 2 0 0 2\n"
	           "10100 8 4 0 4 0 0 0 0\n"
	           "10104 4 0 0 0 0 0 0 4\n"
	           "model tip 2 10 1 1\n"
	           "10100 20 20 0 0 0 0 0 0\n"
	           "end\n");
	write_file("point-1.prof", "robin-campaign-profile 1\n"
	           "image 10000 20000 0 /bin/prog\n"
	           "image 30000 31000 30000 /lib/x.so\n"
	           "model oracle 2 0 0 1\n"
	           "10100 4 4 0 0 0 0 0 0\n"
	           "model tip 2 4 0 1\n"
	           "30010 8 0 0 8 0 0 0 0\n"
	           "end\n");
	struct campaign c;
	struct campaign_point pts[2];
	struct campaign_prof w;
	char err[256];
	campaign_two_points(&c, pts);
	assert_int_equal(campaign_prof_weighted(&c, &w, err, sizeof(err)), 0);
	assert_int_equal(w.nim, 2);
	const struct campaign_prof_model *o = campaign_prof_find(&w, "oracle");
	const struct campaign_prof_model *t = campaign_prof_find(&w, "tip");
	assert_non_null(o);
	assert_non_null(t);
	assert_null(campaign_prof_find(&w, "nci"));
	/* 0x10100: execute 4 * 2.5 + 4 * 3.75 = 25, load stall 4 * 2.5 = 10 */
	const struct pmu_entry *e = pmu_profile_find(&o->prof, 0x10100);
	assert_non_null(e);
	assert_int_equal(e->cat[PMU_CAT_EXECUTE], 25);
	assert_int_equal(e->cat[PMU_CAT_STALL_LOAD], 10);
	assert_int_equal(e->total, 35);
	e = pmu_profile_find(&o->prof, 0x10104);
	assert_non_null(e);
	assert_int_equal(e->cat[PMU_CAT_FRONTEND], 10);
	assert_int_equal(o->prof.total, 45);
	assert_int_equal(o->prof.divisor, 2);
	/* TIP: 20 * 2.5 = 50 at 0x10100, 8 * 3.75 = 30 at 0x30010; samples 10 * 2.5 + 4 * 3.75 */
	assert_int_equal(pmu_profile_find(&t->prof, 0x10100)->total, 50);
	assert_int_equal(pmu_profile_find(&t->prof, 0x30010)->cat[PMU_CAT_STALL_LOAD], 30);
	assert_true(t->samples > 39.999 && t->samples < 40.001);
	assert_int_equal(t->raw_samples, 14);
	assert_int_equal(t->unresolved, 1);
	campaign_prof_free(&w);
}

static void expect_refused(const char *text, const char *what)
{
	struct campaign_prof p;
	char err[256], path[256];
	write_file("bad.prof", text);
	snprintf(path, sizeof(path), "%s/bad.prof", dir);
	assert_int_not_equal(campaign_prof_load(path, &p, err, sizeof(err)), 0);
	if (!strstr(err, what))
		fail_msg("message '%s' lacks '%s'", err, what);
}

static void test_bad_files(void **state)
{
	(void)state;
	expect_refused("robin-campaign-profile 1\nmodel oracle 2 0 0 1\n10100 4 4\nend\n",
	               "bad.prof:3: ");
	expect_refused("robin-campaign-profile 1\nmodel oracle 2 0 0 0\n", "truncated");
	expect_refused("T:1:5 :2:7\n", "not a campaign profile");
	expect_refused("robin-campaign-profile 1\nmodel oracle 0 0 0 0\nend\n", "bad.prof:2: ");
	/* a point without its profile */
	struct campaign c;
	struct campaign_point pts[2];
	struct campaign_prof w;
	char err[256], path[256];
	campaign_two_points(&c, pts);
	snprintf(path, sizeof(path), "%s/point-1.prof", dir);
	unlink(path);
	assert_int_not_equal(campaign_prof_weighted(&c, &w, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "point-1.prof"));
}

int main(void)
{
	if (!mkdtemp(dir))
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_weighted),
		cmocka_unit_test(test_bad_files),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	char cmd[300];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd))
		rc = rc ? rc : 1;
	return rc;
}
