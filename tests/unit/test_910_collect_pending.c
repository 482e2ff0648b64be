/* 910: the collector's held samples and their journal: counts aggregate by (event, image,
 * offset, kind, key); a journal written and read back gives the same slots (paths with '%',
 * newline and spaces survive); reading into a store that already holds samples renumbers
 * events and images and adds; a truncated or malformed journal adds nothing and names its
 * line; clearing keeps images and their database ids. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "collect/collect_pending.h"

static char dir[64];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/robin-910-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	return system(cmd);
}

static uint64_t count_of(const struct collect_pending *p, const char *ev, const char *path,
			 uint64_t offset, int kind, int64_t key, double *value)
{
	for (size_t i = 0; i < p->cap_slots; i++) {
		const struct collect_pending_slot *s = &p->slots[i];
		if (!s->used || s->offset != offset || s->kind != kind || s->key != key ||
		    strcmp(p->events[s->event].name, ev))
			continue;
		if (path ? !s->image || strcmp(p->images[s->image - 1].path, path) : s->image != 0)
			continue;
		if (value)
			*value = s->value;
		return s->count;
	}
	return 0;
}

static const char *odd_path = "/opt/a b/100%/x\nz";

static void fill(struct collect_pending *p)
{
	uint32_t ev, ev2, a, b;
	assert_int_equal(collect_pending_event(p, "cpu-clock", 1000000, &ev), 0);
	assert_int_equal(collect_pending_event(p, "ibs-op", 4096, &ev2), 0);
	assert_int_equal(collect_pending_image(p, "/usr/bin/a", "abcd", 100, "x86-64", &a), 0);
	assert_int_equal(collect_pending_image(p, odd_path, "", 0, "", &b), 0);
	assert_int_equal(collect_pending_add(p, ev, a, 0x10, COLLECT_PENDING_COUNT, 0, 5, 0), 0);
	assert_int_equal(collect_pending_add(p, ev, a, 0x10, COLLECT_PENDING_COUNT, 0, 2, 0), 0);
	assert_int_equal(collect_pending_add(p, ev, b, 0x20, COLLECT_PENDING_COUNT, 0, 3, 0), 0);
	assert_int_equal(collect_pending_add(p, ev, 0, 0xffff1234, COLLECT_PENDING_COUNT, 0, 1, 0),
			 0);
	assert_int_equal(collect_pending_add(p, ev2, a, 0x30, COLLECT_PENDING_LATENCY, 64, 2, 150.5),
			 0);
	/* the same image again is the same index */
	uint32_t a2;
	assert_int_equal(collect_pending_image(p, "/usr/bin/a", "abcd", 100, "x86-64", &a2), 0);
	assert_int_equal(a2, a);
}

static void test_round_trip(void **state)
{
	(void)state;
	struct collect_pending p, q;
	memset(&p, 0, sizeof p);
	memset(&q, 0, sizeof q);
	fill(&p);
	assert_int_equal(p.samples, 11);
	assert_int_equal(p.n_slots, 4);
	char path[128], err[512];
	snprintf(path, sizeof path, "%s/journal", dir);
	assert_int_equal(collect_pending_journal_write(&p, path, err, sizeof err), 0);
	/* q already holds other samples: the journal's events and images are renumbered */
	uint32_t ev, im;
	assert_int_equal(collect_pending_event(&q, "cycles", 100000, &ev), 0);
	assert_int_equal(collect_pending_image(&q, odd_path, "", 0, "", &im), 0);
	assert_int_equal(collect_pending_add(&q, ev, im, 0x20, COLLECT_PENDING_COUNT, 0, 4, 0), 0);
	uint64_t n = 0;
	assert_int_equal(collect_pending_journal_read(&q, path, &n, err, sizeof err), 0);
	assert_int_equal(n, 11);
	assert_int_equal(q.samples, 15);
	assert_int_equal(count_of(&q, "cpu-clock", "/usr/bin/a", 0x10, 0, 0, NULL), 7);
	assert_int_equal(count_of(&q, "cpu-clock", odd_path, 0x20, 0, 0, NULL), 3);
	assert_int_equal(count_of(&q, "cycles", odd_path, 0x20, 0, 0, NULL), 4);
	assert_int_equal(count_of(&q, "cpu-clock", NULL, 0xffff1234, 0, 0, NULL), 1);
	double v = 0;
	assert_int_equal(count_of(&q, "ibs-op", "/usr/bin/a", 0x30, COLLECT_PENDING_LATENCY, 64, &v),
			 2);
	assert_true(v == 150.5);
	assert_int_equal(q.n_images, 2);
	assert_string_equal(q.images[1].build_id, "abcd");
	assert_string_equal(q.images[1].arch, "x86-64");
	assert_int_equal(q.images[1].size_bytes, 100);
	/* reading it again adds again (the caller removes a stored journal) */
	assert_int_equal(collect_pending_journal_read(&q, path, &n, err, sizeof err), 0);
	assert_int_equal(count_of(&q, "cpu-clock", "/usr/bin/a", 0x10, 0, 0, NULL), 14);
	/* clear keeps images and their ids */
	q.images[0].db_id = 42;
	collect_pending_clear(&q);
	assert_int_equal(q.samples, 0);
	assert_int_equal(q.n_slots, 0);
	assert_int_equal(q.images[0].db_id, 42);
	assert_int_equal(collect_pending_add(&q, ev, 1, 1, COLLECT_PENDING_COUNT, 0, 1, 0), 0);
	assert_int_equal(q.samples, 1);
	/* growth: many slots */
	for (uint64_t off = 0; off < 5000; off++)
		assert_int_equal(collect_pending_add(&q, ev, 1, off * 4, COLLECT_PENDING_COUNT, 0, 1,
						     0), 0);
	assert_int_equal(q.n_slots, 5001);
	assert_int_equal(q.samples, 5001);
	collect_pending_free(&p);
	collect_pending_free(&q);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void test_bad_journals(void **state)
{
	(void)state;
	struct collect_pending p;
	memset(&p, 0, sizeof p);
	char path[128], err[512];
	uint64_t n = 99;
	snprintf(path, sizeof path, "%s/bad", dir);
	assert_int_equal(collect_pending_journal_read(&p, path, &n, err, sizeof err), -ENOENT);
	static const struct { const char *text; const char *line; } bad[] = {
		{ "something else\n", ":1: not a robin journal" },
		{ "robin-journal 1\nevent 0 1 cpu-clock\nc 0 0 16 3\n", ":4:" },          /* no end */
		{ "robin-journal 1\nevent 0 1 cpu-clock\nc 0 0 16 3\nend 4\n", ":5:" },   /* sum */
		{ "robin-journal 1\nevent 0 1 cpu-clock\nc 0 0 16 3\nend 3", ":4:" },     /* cut */
		{ "robin-journal 1\nevent 0 1 cpu-clock\nc 0 1 16 3\nend 3\n", ":3:" },   /* image */
		{ "robin-journal 1\nevent 0 1 cpu-clock\nimage 1 0 - - /a%4\nend 0\n", ":3:" },
		{ "robin-journal 1\nevent 0 1 cpu-clock\nc 0 0 16 3 9\nend 3\n", ":3:" },
		{ "robin-journal 1\nevent 0 1 cpu-clock\nend 0\nc 0 0 16 3\n", ":4:" },   /* after end */
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		write_file(path, bad[i].text);
		assert_int_equal(collect_pending_journal_read(&p, path, &n, err, sizeof err), -EBADMSG);
		assert_non_null(strstr(err, path));
		assert_non_null(strstr(err, bad[i].line));
		assert_int_equal(p.n_slots, 0);
		assert_int_equal(p.n_events, 0);
	}
	/* a good one */
	write_file(path, "robin-journal 1\nevent 0 1 cpu-clock\nimage 1 0 - - /a%25b\n"
			 "c 0 1 16 3\nc 0 0 5 1\nend 4\n");
	assert_int_equal(collect_pending_journal_read(&p, path, &n, err, sizeof err), 0);
	assert_int_equal(n, 4);
	assert_int_equal(count_of(&p, "cpu-clock", "/a%b", 16, 0, 0, NULL), 3);
	collect_pending_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_bad_journals),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
