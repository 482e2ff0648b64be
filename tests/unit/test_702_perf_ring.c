/* 702: perf ring reading (records that wrap around the buffer end come out contiguous; the
 * tail is published) and record decoding for every record type robin uses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "collect/perf_ring.h"
#include "collect/perf_sys.h"

#define ST PERF_SYS_SAMPLE_TYPE

struct rec {
	unsigned char b[512];
	size_t n;
};

static void put(struct rec *r, const void *p, size_t n)
{
	memcpy(r->b + r->n, p, n);
	r->n += n;
}
static void put64(struct rec *r, uint64_t v) { put(r, &v, 8); }
static void put32x2(struct rec *r, uint32_t a, uint32_t b) { put(r, &a, 4); put(r, &b, 4); }

static void begin(struct rec *r, uint32_t type, uint16_t misc)
{
	struct perf_event_header h = { type, misc, 0 };
	r->n = 0;
	put(r, &h, sizeof h);
}

/* sample_id trailer: pid/tid, time, cpu, identifier */
static void trailer(struct rec *r, uint32_t pid, uint64_t time, uint32_t cpu, uint64_t id)
{
	put32x2(r, pid, pid);
	put64(r, time);
	put32x2(r, cpu, 0);
	put64(r, id);
}

static void finish(struct rec *r)
{
	while (r->n % 8)
		r->b[r->n++] = 0;
	struct perf_event_header *h = (struct perf_event_header *)r->b;
	h->size = (uint16_t)r->n;
}

static void sample(struct rec *r, uint64_t id, uint64_t ip, uint32_t pid, uint64_t t)
{
	begin(r, PERF_RECORD_SAMPLE, 0);
	put64(r, id);
	put64(r, ip);
	put32x2(r, pid, pid + 1);
	put64(r, t);
	put32x2(r, 1, 0);
	put64(r, 1000000);
	finish(r);
}

static void test_parse_types(void **state)
{
	(void)state;
	struct rec r;
	struct perf_rec o;
	sample(&r, 42, 0x401000, 100, 5000);
	assert_int_equal(perf_rec_parse((void *)r.b, ST, &o), 0);
	assert_int_equal(o.type, PERF_RECORD_SAMPLE);
	assert_int_equal(o.id, 42);
	assert_int_equal(o.ip, 0x401000);
	assert_int_equal(o.pid, 100);
	assert_int_equal(o.tid, 101);
	assert_int_equal(o.time_ns, 5000);
	assert_int_equal(o.cpu, 1);
	assert_int_equal(o.period, 1000000);

	/* MMAP2 with a build-id */
	begin(&r, PERF_RECORD_MMAP2, PERF_RECORD_MISC_MMAP_BUILD_ID);
	put32x2(&r, 7, 7);
	put64(&r, 0x7f0000001000);
	put64(&r, 0x2000);
	put64(&r, 0x1000);
	unsigned char bid[24] = { 20, 0, 0, 0, 0xde, 0xad, 0xbe, 0xef };
	put(&r, bid, sizeof bid);
	put32x2(&r, 5, 2);
	put(&r, "/usr/lib/libfoo.so\0\0\0\0\0\0", 24);
	trailer(&r, 7, 6000, 0, 42);
	finish(&r);
	assert_int_equal(perf_rec_parse((void *)r.b, ST, &o), 0);
	assert_int_equal(o.addr, 0x7f0000001000);
	assert_int_equal(o.len, 0x2000);
	assert_int_equal(o.pgoff, 0x1000);
	assert_int_equal(o.build_id_size, 20);
	assert_int_equal(o.build_id[0], 0xde);
	assert_string_equal(o.filename, "/usr/lib/libfoo.so");
	assert_int_equal(o.time_ns, 6000);
	assert_int_equal(o.id, 42);

	/* COMM at exec */
	begin(&r, PERF_RECORD_COMM, PERF_RECORD_MISC_COMM_EXEC);
	put32x2(&r, 9, 9);
	put(&r, "gzip\0\0\0\0", 8);
	trailer(&r, 9, 7000, 1, 42);
	finish(&r);
	assert_int_equal(perf_rec_parse((void *)r.b, ST, &o), 0);
	assert_string_equal(o.comm, "gzip");
	assert_true(o.misc & PERF_RECORD_MISC_COMM_EXEC);

	/* FORK */
	begin(&r, PERF_RECORD_FORK, 0);
	put32x2(&r, 11, 10);
	put32x2(&r, 11, 10);
	put64(&r, 8000);
	trailer(&r, 11, 8000, 0, 42);
	finish(&r);
	assert_int_equal(perf_rec_parse((void *)r.b, ST, &o), 0);
	assert_int_equal(o.pid, 11);
	assert_int_equal(o.ppid, 10);

	/* LOST */
	begin(&r, PERF_RECORD_LOST, 0);
	put64(&r, 42);
	put64(&r, 1234);
	trailer(&r, 0, 9000, 0, 42);
	finish(&r);
	assert_int_equal(perf_rec_parse((void *)r.b, ST, &o), 0);
	assert_int_equal(o.lost, 1234);

	/* a truncated record is refused, not read past its end */
	begin(&r, PERF_RECORD_MMAP2, 0);
	put64(&r, 1);
	finish(&r);
	assert_int_not_equal(perf_rec_parse((void *)r.b, ST, &o), 0);
	begin(&r, PERF_RECORD_SAMPLE, 0);
	put64(&r, 1);
	finish(&r);
	assert_int_not_equal(perf_rec_parse((void *)r.b, ST, &o), 0);
}

/* A ring in plain memory: the meta page followed by 4 KiB of data. */
static void test_ring_wrap(void **state)
{
	(void)state;
	size_t page = 4096;
	unsigned char *mem = aligned_alloc(page, 2 * page);
	memset(mem, 0, 2 * page);
	struct perf_ring r;
	memset(&r, 0, sizeof r);
	r.meta = (struct perf_event_mmap_page *)mem;
	r.data = mem + page;
	r.data_size = page;
	r.scratch = malloc(65536);
	r.fd = -1;
	/* the kernel has already consumed 4096 - 24 bytes: the next sample wraps */
	uint64_t pos = page - 24;
	r.tail = pos;
	r.meta->data_tail = pos;
	struct rec s1, s2;
	sample(&s1, 1, 0x1111, 5, 100);
	sample(&s2, 2, 0x2222, 6, 200);
	for (size_t i = 0; i < s1.n; i++)
		r.data[(pos + i) % page] = s1.b[i];
	for (size_t i = 0; i < s2.n; i++)
		r.data[(pos + s1.n + i) % page] = s2.b[i];
	r.meta->data_head = pos + s1.n + s2.n;

	perf_ring_begin(&r);
	const struct perf_event_header *h = perf_ring_peek(&r);
	assert_non_null(h);
	struct perf_rec o;
	assert_int_equal(perf_rec_parse(h, ST, &o), 0);
	assert_int_equal(o.ip, 0x1111); /* came out of the scratch copy, contiguous */
	perf_ring_consume(&r);
	h = perf_ring_peek(&r);
	assert_non_null(h);
	assert_int_equal(perf_rec_parse(h, ST, &o), 0);
	assert_int_equal(o.ip, 0x2222);
	perf_ring_consume(&r);
	assert_null(perf_ring_peek(&r));
	perf_ring_end(&r);
	assert_int_equal(r.meta->data_tail, pos + s1.n + s2.n);
	assert_int_equal(perf_ring_pending(&r), 0);

	/* a corrupt header (size 0) drops the snapshot instead of spinning */
	memset(r.data, 0, page);
	r.meta->data_head += 64;
	perf_ring_begin(&r);
	assert_null(perf_ring_peek(&r));
	free(r.scratch);
	free(mem);
}

static void test_random_period_window(void **state)
{
	(void)state;
	struct perf_sys_event ev;
	memset(&ev, 0, sizeof ev);
	ev.kind = PERF_SYS_CLOCK;
	ev.period = 1000000;
	uint64_t seed = 1, lo = UINT64_MAX, hi = 0, sum = 0;
	for (int i = 0; i < 10000; i++) {
		uint64_t p = perf_sys_random_period(&ev, &seed);
		lo = p < lo ? p : lo;
		hi = p > hi ? p : hi;
		sum += p;
	}
	assert_true(lo >= 1000000 - 31250 && hi <= 1000000 + 31250);
	assert_true(hi - lo > 50000);            /* it really varies across the window */
	assert_true(sum / 10000 > 995000 && sum / 10000 < 1005000); /* mean = the period */
	ev.kind = PERF_SYS_IBS_OP;
	assert_int_equal(perf_sys_random_period(&ev, &seed) % 16, 0);
}

static void test_parse_event_names(void **state)
{
	(void)state;
	struct perf_sys_event ev[PERF_SYS_MAX_EVENTS];
	size_t n;
	char err[256];
	assert_int_equal(perf_sys_parse("cpu-clock", 4000, ev, &n, err, sizeof err), 0);
	assert_int_equal(n, 1);
	assert_string_equal(ev[0].name, "cpu-clock");
	assert_int_equal(ev[0].period, 250000);
	assert_int_not_equal(perf_sys_parse("no-such-event", 1000, ev, &n, err, sizeof err), 0);
	assert_non_null(strstr(err, "unknown event 'no-such-event'"));
	assert_int_not_equal(perf_sys_parse("cpu-clock:x", 1000, ev, &n, err, sizeof err), 0);
	assert_non_null(strstr(err, "bad modifier"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_types),
		cmocka_unit_test(test_ring_wrap),
		cmocka_unit_test(test_random_period_window),
		cmocka_unit_test(test_parse_event_names),
	};
	return cmocka_run_group_tests_name("702-perf-ring", tests, NULL, NULL);
}
