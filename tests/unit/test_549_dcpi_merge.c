/* 549: several runs of one image analysed as one (dcpi_run_load_set, `robin calc --runs`):
 * DCPI's profile database sums an image's samples over its runs. Two synthetic runs of
 * build/guest/tests/hello.static record issue-head samples and dcpix counts on main; merged,
 * every instruction has the sum of both runs' samples and counts, and the image's sample
 * total is their sum. A third run whose image at the same path is another binary (another
 * build-id) is refused with an error naming it; a listed run without samples of the image
 * is refused too. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/dcpi_run.h"
#include "profile/symbols.h"

#define DB_TMPDIR_TAG "549"
#include "db_tmpdir.h"

#define PROG "build/guest/tests/hello.static"

static uint64_t main_start, main_size;

/* One run of PROG (image build-id `bid`): `s` issue-head samples and `c` dcpix executions
 * on each of main's first three halfwords-aligned offsets (start, start+4, start+8: only
 * the ones that are instructions count). Returns the run id. */
static int64_t add_run(struct profile_db *db, const char *bid, uint64_t s, uint64_t c)
{
	struct profile_db_run_info info = { .command = PROG, .config = "", .simulated = 1 };
	int64_t run, img;
	struct profile_db_batch *b;
	int ih, cnt;
	assert_int_equal(profile_db_run_begin(db, &info, &run), 0);
	assert_int_equal(profile_db_image_add(db, PROG, bid, 0, "riscv64", &img), 0);
	assert_int_equal(profile_db_batch_new(db, 0, run, &b), 0);
	assert_int_equal(profile_db_batch_event(b, "issue-head", 101, 1, &ih), 0);
	assert_int_equal(profile_db_batch_event(b, "dcpix", 1, 1, &cnt), 0);
	for (uint64_t off = 0; off < 12 && off < main_size; off += 4) {
		assert_int_equal(profile_db_batch_add(b, ih, img, main_start + off, s + off), 0);
		assert_int_equal(profile_db_batch_add(b, cnt, img, main_start + off, c + off), 0);
	}
	assert_int_equal(profile_db_batch_commit(b, NULL), 0);
	profile_db_batch_free(b);
	assert_int_equal(profile_db_run_end(db, run, 0), 0);
	return run;
}

/* The merged (or single) run's samples and count at main_start + off. */
static void at(const struct dcpi_run *r, uint64_t off, double *s, double *c)
{
	*s = *c = -1;
	for (size_t k = 0; k < r->n; k++) {
		const struct dcpi_func *f = &r->f[k];
		for (size_t i = 0; i < f->proc.ninsns; i++)
			if (f->proc.insns[i].addr == main_start + off) {
				*s = f->proc.insns[i].samples;
				*c = f->count ? f->count[i] : -1;
			}
	}
}

static void test_merge(void **state)
{
	(void)state;
	char err[PROFILE_DB_ERR_MAX], derr[DCPI_RUN_ERR_MAX];
	struct symbols *sym;
	if (symbols_open(PROG, "", &sym, err))
		skip();
	const struct symbols_func *mf = symbols_find_func(sym, "main");
	assert_non_null(mf);
	main_start = mf->start;
	main_size = mf->size;
	symbols_close(sym);
	assert_true(main_size >= 12);

	struct profile_db *db;
	assert_int_equal(profile_db_open(path, PROFILE_DB_CREATE, &db, err), 0);
	int64_t r1 = add_run(db, "", 100, 1000);
	int64_t r2 = add_run(db, "", 300, 5000);

	/* one run alone, as before */
	struct profile_db_filter flt = { .run_id = r1 };
	struct dcpi_run r;
	double s, c;
	assert_int_equal(dcpi_run_load(db, &flt, "main", NULL, DCPI_RUN_EVENTS_NONE, &r, derr), 0);
	assert_int_equal(r.runs, 1);
	at(&r, 0, &s, &c);
	assert_true(s == 100 && c == 1000);
	dcpi_run_free(&r);

	/* both: samples and exact counts summed per instruction, the total too */
	int64_t both[] = { r1, r2 };
	struct dcpi_run_set set = { both, 2, 0 };
	assert_int_equal(dcpi_run_load_set(db, NULL, &set, "main", NULL, DCPI_RUN_EVENTS_NONE, &r,
	                                   derr), 0);
	assert_int_equal(r.runs, 2);
	assert_int_equal(r.run_id, r2);
	assert_true(r.has_count);
	at(&r, 0, &s, &c);
	assert_true(s == 400 && c == 6000);
	at(&r, 4, &s, &c);
	if (s >= 0)  /* main+4 is an instruction (not inside a 4-byte one starting at +2) */
		assert_true(s == 408 && c == 6008);
	double total = 0;
	for (uint64_t off = 0; off < 12; off += 4)
		total += 400 + 2 * off;
	assert_true(r.samples == total);
	dcpi_run_free(&r);

	/* a run of another binary at the same path: refused, naming the run */
	int64_t r3 = add_run(db, "0123456789abcdef0123456789abcdef01234567", 100, 1000);
	struct dcpi_run_set all = { NULL, 0, 1 };
	derr[0] = 0;
	assert_int_equal(dcpi_run_load_set(db, NULL, &all, "main", NULL, DCPI_RUN_EVENTS_NONE, &r,
	                                   derr), -EINVAL);
	char want[32];
	snprintf(want, sizeof(want), "run %lld:", (long long)r2);  /* the newest's image rules */
	assert_non_null(strstr(derr, want));
	snprintf(want, sizeof(want), "run %lld's", (long long)r3);
	assert_non_null(strstr(derr, want));
	assert_null(strchr(derr, '\n'));
	/* the first two still merge */
	assert_int_equal(dcpi_run_load_set(db, NULL, &set, "main", NULL, DCPI_RUN_EVENTS_NONE, &r,
	                                   derr), 0);
	at(&r, 0, &s, &c);
	assert_true(s == 400 && c == 6000);
	dcpi_run_free(&r);
	/* a listed run with no samples of the image */
	int64_t missing[] = { r1, r3 + 7 };
	struct dcpi_run_set bad = { missing, 2, 0 };
	assert_int_equal(dcpi_run_load_set(db, NULL, &bad, "main", NULL, DCPI_RUN_EVENTS_NONE, &r,
	                                   derr), -ENOENT);
	snprintf(want, sizeof(want), "run %lld", (long long)(r3 + 7));
	assert_non_null(strstr(derr, want));
	profile_db_close(db);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_merge, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
