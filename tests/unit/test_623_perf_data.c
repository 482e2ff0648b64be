/* 623: perf.data import on files written by a small writer here — two events (a fixed-period
 * "cycles:u" named by EVENT_DESC and a frequency-mode cpu-clock with callchains), COMM, MMAP2
 * of a real ELF (build-id from the BUILD_ID feature), FORK, LOST and AUX records, samples of
 * an unknown process and of the kernel: exact counts per offset and event in the database,
 * the run named by the CMDLINE feature, unsupported records named; then every truncation of
 * the file (each keeps exactly the samples of the records before the cut, names the offset
 * in one line) and random corruptions (no crash, the database passes its check); and records
 * out of time order across CPU buffers and rounds, imported in time order as perf report does. */
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "collect/perf_import.h"
#include "elf/elf_image.h"
#include "profile/profile_db.h"

#define IMAGE "build/guest/workloads/crc32.static"
#define MAP_START 0x10000ull   /* the static riscv64 image's link address: offset == pc */
#define N_CYCLES 40            /* samples of attr 0 per offset below */

static char dir[64], data_path[96], db_path[96];
static char image_abs[4096];  /* IMAGE as an absolute path, as perf records it */

/* ---- the writer ------------------------------------------------------------------------ */

struct buf {
	uint8_t *p;
	size_t n, cap;
};

static void put(struct buf *b, const void *p, size_t n)
{
	if (b->n + n > b->cap) {
		b->cap = 2 * (b->n + n) + 4096;
		b->p = realloc(b->p, b->cap);
		assert_non_null(b->p);
	}
	memcpy(b->p + b->n, p, n);
	b->n += n;
}

static void put64(struct buf *b, uint64_t v) { put(b, &v, 8); }
static void put32(struct buf *b, uint32_t v) { put(b, &v, 4); }
static void put_pidtid(struct buf *b, uint32_t pid, uint32_t tid) { put32(b, pid); put32(b, tid); }

/* A record: header, body, then for non-samples the sample_id trailer (TID, TIME, IDENTIFIER). */
struct rec {
	struct buf body;
	uint32_t type;
	uint16_t misc;
};

static size_t sample_ends[256];   /* file offset where each sample record ends */
static size_t n_samples;
static uint64_t trailer_time = 1000, sample_time = 2000;  /* TIME of records, of samples */

static void emit(struct buf *out, struct rec *r, int trailer, uint32_t pid, uint64_t id)
{
	if (trailer) {
		while (r->body.n % 8)  /* strings are padded to 8 bytes before the sample_id */
			put(&r->body, "", 1);
		put_pidtid(&r->body, pid, pid);
		put64(&r->body, trailer_time);
		put64(&r->body, id);
	}
	while (r->body.n % 8)
		put(&r->body, "", 1);
	struct perf_event_header h = { r->type, r->misc, (uint16_t)(sizeof(h) + r->body.n) };
	put(out, &h, sizeof(h));
	put(out, r->body.p, r->body.n);
	free(r->body.p);
	if (r->type == PERF_RECORD_SAMPLE)
		sample_ends[n_samples++] = out->n;
}

static void sample(struct buf *out, uint64_t id, uint64_t ip, uint32_t pid, int callchain)
{
	struct rec r = { .type = PERF_RECORD_SAMPLE };
	put64(&r.body, id);         /* IDENTIFIER */
	put64(&r.body, ip);         /* IP */
	put_pidtid(&r.body, pid, pid);
	put64(&r.body, sample_time); /* TIME */
	put64(&r.body, 1000);       /* PERIOD */
	if (callchain) {
		put64(&r.body, 3);
		put64(&r.body, ip);
		put64(&r.body, MAP_START + 0x300);
		put64(&r.body, MAP_START + 0x400);
	}
	emit(out, &r, 0, pid, id);
}

/* MMAP2 of IMAGE at MAP_START into process 100 (r-x) */
static void mmap2_image(struct buf *out)
{
	struct rec r = { .type = PERF_RECORD_MMAP2 };
	put_pidtid(&r.body, 100, 100);
	put64(&r.body, MAP_START);
	put64(&r.body, 0x100000);
	put64(&r.body, 0);
	uint8_t devino[24] = { 0 };
	put(&r.body, devino, 24);
	put32(&r.body, 5);  /* PROT_READ | PROT_EXEC */
	put32(&r.body, 2);
	put(&r.body, image_abs, strlen(image_abs) + 1);
	emit(out, &r, 1, 100, 11);
}

static void perf_string(struct buf *b, const char *s)
{
	uint32_t len = (uint32_t)((strlen(s) + 1 + 7) & ~7u);
	put32(b, len);
	char pad[256] = { 0 };
	snprintf(pad, sizeof(pad), "%s", s);
	put(b, pad, len);
}

/* Writes the fixture; returns its size and sets *data_end. */
static size_t write_fixture(const char *build_id_hex, size_t *data_end)
{
	struct buf f = { 0 };
	uint8_t zero[104] = { 0 };
	put(&f, zero, 104);   /* header, filled at the end */
	struct perf_event_attr a[2];
	memset(a, 0, sizeof(a));
	a[0].type = PERF_TYPE_HARDWARE;
	a[0].size = sizeof(a[0]);
	a[0].config = PERF_COUNT_HW_CPU_CYCLES;
	a[0].sample_period = 1000;
	a[0].sample_type = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID |
			   PERF_SAMPLE_TIME | PERF_SAMPLE_PERIOD;
	a[0].sample_id_all = 1;
	a[1] = a[0];
	a[1].type = PERF_TYPE_SOFTWARE;
	a[1].config = PERF_COUNT_SW_CPU_CLOCK;
	a[1].freq = 1;
	a[1].sample_freq = 4000;
	a[1].sample_type |= PERF_SAMPLE_CALLCHAIN;
	uint64_t ids_off = f.n;
	put64(&f, 11);
	put64(&f, 22);
	uint64_t attrs_off = f.n, attr_size = sizeof(a[0]) + 16;
	for (int i = 0; i < 2; i++) {
		put(&f, &a[i], sizeof(a[i]));
		put64(&f, ids_off + 8 * (uint64_t)i);
		put64(&f, 8);
	}
	uint64_t data_off = f.n;
	n_samples = 0;
	struct rec r = { .type = PERF_RECORD_COMM };
	put_pidtid(&r.body, 100, 100);
	put(&r.body, "crc32", 6);
	emit(&f, &r, 1, 100, 11);
	mmap2_image(&f);
	for (int k = 0; k < N_CYCLES; k++) {
		sample(&f, 11, MAP_START + 0x100, 100, 0);
		sample(&f, 11, MAP_START + 0x104 + (uint64_t)(k % 2) * 4, 100, 0);
		if (k == N_CYCLES / 2) {
			r = (struct rec){ .type = PERF_RECORD_LOST };
			put64(&r.body, 11);
			put64(&r.body, 7);
			emit(&f, &r, 1, 100, 11);
			r = (struct rec){ .type = PERF_RECORD_AUX };
			put64(&r.body, 0);
			put64(&r.body, 64);
			put64(&r.body, 0);
			emit(&f, &r, 1, 100, 11);
		}
	}
	r = (struct rec){ .type = PERF_RECORD_FORK };
	put_pidtid(&r.body, 101, 100);
	put_pidtid(&r.body, 101, 100);
	put64(&r.body, 1500);
	emit(&f, &r, 1, 101, 11);
	for (int k = 0; k < 5; k++)
		sample(&f, 22, MAP_START + 0x200, 101, 1);   /* the child: same maps */
	sample(&f, 22, 0x4000, 999, 1);                   /* a process never seen */
	sample(&f, 11, 0xffffffff81000010ull, 100, 0);   /* the kernel */
	*data_end = f.n;
	uint64_t data_size = f.n - data_off;
	/* features: BUILD_ID (2), CMDLINE (11), EVENT_DESC (12) */
	uint64_t table = f.n;
	put(&f, zero, 3 * 16);
	uint64_t sec[3][2];
	sec[0][0] = f.n;
	{
		struct buf b = { 0 };
		put32(&b, 100);
		uint8_t id[24] = { 0 };
		for (int i = 0; i < 20 && build_id_hex[2 * i]; i++) {
			unsigned v;
			sscanf(build_id_hex + 2 * i, "%2x", &v);
			id[i] = (uint8_t)v;
		}
		put(&b, id, 24);
		put(&b, image_abs, strlen(image_abs) + 1);
		while (b.n % 8)
			put(&b, "", 1);
		struct perf_event_header h = { PERF_RECORD_MMAP /* perf's build-id type */, 0,
					       (uint16_t)(sizeof(h) + b.n) };
		put(&f, &h, sizeof(h));
		put(&f, b.p, b.n);
		free(b.p);
	}
	sec[0][1] = f.n - sec[0][0];
	sec[1][0] = f.n;
	put32(&f, 4);
	perf_string(&f, "perf");
	perf_string(&f, "record");
	perf_string(&f, "-e");
	perf_string(&f, "cycles:u");
	sec[1][1] = f.n - sec[1][0];
	sec[2][0] = f.n;
	put32(&f, 2);
	put32(&f, sizeof(a[0]));
	for (int i = 0; i < 2; i++) {
		put(&f, &a[i], sizeof(a[i]));
		put32(&f, 1);
		perf_string(&f, i ? "cpu-clock" : "cycles:u");
		put64(&f, i ? 22 : 11);
	}
	sec[2][1] = f.n - sec[2][0];
	for (int i = 0; i < 3; i++) {
		memcpy(f.p + table + 16 * i, &sec[i][0], 8);
		memcpy(f.p + table + 16 * i + 8, &sec[i][1], 8);
	}
	uint64_t hdr[13] = { 0 };
	memcpy(&hdr[0], "PERFILE2", 8);
	hdr[1] = 104;
	hdr[2] = attr_size;
	hdr[3] = attrs_off;
	hdr[4] = 2 * attr_size;
	hdr[5] = data_off;
	hdr[6] = data_size;
	hdr[9] = (1ull << 2) | (1ull << 11) | (1ull << 12);
	memcpy(f.p, hdr, sizeof(hdr));
	int fd = open(data_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, f.p, f.n), (ssize_t)f.n);
	close(fd);
	size_t n = f.n;
	free(f.p);
	return n;
}

/* ---- checks ---------------------------------------------------------------------------- */

static uint64_t count_at(struct profile_db *db, int64_t run, const char *event, const char *image,
			 uint64_t offset)
{
	const char *ev[1] = { event };
	struct profile_db_filter flt = { .run_id = run, .image = image, .events = ev, .n_events = 1 };
	struct profile_db_profile *p;
	size_t n, nc;
	uint64_t total = 0;
	assert_int_equal(profile_db_profiles(db, &flt, &p, &n), 0);
	for (size_t i = 0; i < n; i++) {
		struct profile_db_count *c;
		assert_int_equal(profile_db_counts(db, p[i].id, offset, offset + 1, &c, &nc), 0);
		for (size_t k = 0; k < nc; k++)
			total += c[k].count;
		free(c);
	}
	profile_db_profiles_free(p, n);
	return total;
}

static char build_id[ELF_IMAGE_BUILD_ID_MAX];

static void test_full(void **state)
{
	(void)state;
	struct elf_image_info info;
	if (!realpath(IMAGE, image_abs) || elf_image_info_path(IMAGE, &info)) {
		print_message("skip: %s not built\n", IMAGE);
		skip();
	}
	snprintf(build_id, sizeof(build_id), "%s", info.build_id);
	size_t data_end;
	write_fixture(build_id, &data_end);
	struct profile_db *db;
	char err[512];
	unlink(db_path);
	assert_int_equal(profile_db_open(db_path, PROFILE_DB_CREATE, &db, err), 0);
	struct perf_import_opts o = { 0 };
	struct perf_import_result r;
	int rc = perf_import_file(db, data_path, &o, &r, err, sizeof(err));
	if (rc)
		print_message("%s\n", err);
	assert_int_equal(rc, 0);
	assert_int_equal(r.samples, 2 * N_CYCLES + 7);
	assert_int_equal(r.committed_samples, r.samples);
	assert_int_equal(r.unknown_samples, 1);
	assert_int_equal(r.lost_samples, 7);
	assert_null(strstr(r.unsupported, "callchains")); /* imported as stacks */
	assert_non_null(strstr(r.unsupported, "AUX area traces"));
	/* counts per offset and event; the image carries the build-id of the feature */
	assert_int_equal(count_at(db, r.run_id, "cycles:u", "crc32.static", MAP_START + 0x100), N_CYCLES);
	assert_int_equal(count_at(db, r.run_id, "cycles:u", "crc32.static", MAP_START + 0x104), N_CYCLES / 2);
	assert_int_equal(count_at(db, r.run_id, "cycles:u", "crc32.static", MAP_START + 0x108), N_CYCLES / 2);
	assert_int_equal(count_at(db, r.run_id, "cpu-clock", "crc32.static", MAP_START + 0x200), 5);
	assert_int_equal(count_at(db, r.run_id, "cpu-clock", PROFILE_DB_UNKNOWN_IMAGE_PATH, 0x4000), 1);
	assert_int_equal(count_at(db, r.run_id, "cycles:u", "[kernel.kallsyms]", 0xffffffff81000010ull), 1);
	struct profile_db_profile *p;
	size_t n;
	const char *ev[1] = { "cycles:u" };
	struct profile_db_filter flt = { .run_id = r.run_id, .image = "crc32.static", .events = ev,
					 .n_events = 1 };
	assert_int_equal(profile_db_profiles(db, &flt, &p, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(p[0].build_id, build_id);
	assert_int_equal(p[0].period, 1000);
	profile_db_profiles_free(p, n);
	struct profile_db_run *runs;
	assert_int_equal(profile_db_runs(db, 0, &runs, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(runs[0].command, "perf record -e cycles:u");
	profile_db_runs_free(runs, n);
	profile_db_close(db);
}

static void test_truncations_and_corruption(void **state)
{
	(void)state;
	if (!build_id[0])
		skip();
	size_t data_end, size = write_fixture(build_id, &data_end);
	uint8_t *orig = malloc(size);
	FILE *fp = fopen(data_path, "rb");
	assert_int_equal(fread(orig, 1, size, fp), size);
	fclose(fp);
	struct profile_db *db;
	char err[512];
	unlink(db_path);
	assert_int_equal(profile_db_open(db_path, PROFILE_DB_CREATE, &db, err), 0);
	struct perf_import_opts o = { .batch_samples = 3 };
	unsigned long cases = 0, stopped = 0;
	for (size_t len = 0; len <= size; len += len < 160 ? 8 : 13) {
		int fd = open(data_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		assert_int_equal(write(fd, orig, len), (ssize_t)len);
		close(fd);
		struct perf_import_result r;
		int rc = perf_import_file(db, data_path, &o, &r, err, sizeof(err));
		size_t expect = 0;
		for (size_t i = 0; i < n_samples; i++)
			expect += sample_ends[i] <= len;
		cases++;
		if (rc) {
			assert_non_null(strstr(err, data_path));
			assert_null(strchr(err, '\n'));
			if (r.batches) {  /* the data walk stopped: at a named offset, nothing lost */
				assert_non_null(strstr(err, "offset 0x"));
				assert_int_equal(r.committed_samples, expect);
				stopped++;
			}
		} else {
			/* only a cut inside the features leaves the data whole */
			assert_true(len >= data_end);
			assert_int_equal(r.committed_samples, n_samples);
		}
	}
	assert_true(stopped > 20);
	srand(623);
	for (int k = 0; k < 400; k++) {
		uint8_t *b = malloc(size);
		memcpy(b, orig, size);
		for (int f = 0; f < 1 + k % 6; f++)
			b[(size_t)rand() % size] ^= (uint8_t)(1 + rand() % 255);
		int fd = open(data_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		assert_int_equal(write(fd, b, size), (ssize_t)size);
		close(fd);
		struct perf_import_result r;
		if (perf_import_file(db, data_path, &o, &r, err, sizeof(err))) {
			assert_non_null(strstr(err, data_path));
			assert_null(strchr(err, '\n'));
		}
		assert_true(r.committed_samples <= r.samples);
		free(b);
		cases++;
	}
	int ok = 0;
	assert_int_equal(profile_db_check(db, &ok, NULL, NULL), 0);
	assert_true(ok);
	print_message("%lu cut or corrupted files, %lu stopped at a named offset with every "
		      "sample before it committed\n", cases, stopped);
	profile_db_close(db);
	free(orig);
}

/* A recording as perf writes it from two CPUs' buffers, read in rounds: the program's exec
 * (COMM) happened on CPU 1 before its MMAP2 on CPU 0, but CPU 0's buffer is written first;
 * the second round holds samples older than some of the first (still newer than the round
 * before it). In file order the exec would wipe the mapping; in time order, as perf report
 * reads it, every sample lands in the image. */
static void test_time_order(void **state)
{
	(void)state;
	if (!build_id[0])
		skip();
	struct buf f = { 0 };
	uint8_t zero[104] = { 0 };
	put(&f, zero, 104);
	struct perf_event_attr a;
	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_SOFTWARE;
	a.size = sizeof(a);
	a.config = PERF_COUNT_SW_CPU_CLOCK;
	a.sample_period = 1000;
	a.sample_type = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID |
			PERF_SAMPLE_TIME | PERF_SAMPLE_PERIOD;
	a.sample_id_all = 1;
	uint64_t ids_off = f.n;
	put64(&f, 11);
	uint64_t attrs_off = f.n, attr_size = sizeof(a) + 16;
	put(&f, &a, sizeof(a));
	put64(&f, ids_off);
	put64(&f, 8);
	uint64_t data_off = f.n;
	n_samples = 0;
	struct rec r;
	struct perf_event_header round = { 68 /* FINISHED_ROUND */, 0, sizeof(round) };
	/* round 1, CPU 0: the mapping at t=200, samples from t=300 */
	trailer_time = 200;
	mmap2_image(&f);
	for (int k = 0; k < 10; k++) {
		sample_time = 300 + 10 * (uint64_t)k;
		sample(&f, 11, MAP_START + 0x100, 100, 0);
	}
	/* round 1, CPU 1: the exec at t=100 */
	trailer_time = 100;
	r = (struct rec){ .type = PERF_RECORD_COMM, .misc = PERF_RECORD_MISC_COMM_EXEC };
	put_pidtid(&r.body, 100, 100);
	put(&r.body, "crc32", 6);
	emit(&f, &r, 1, 100, 11);
	put(&f, &round, sizeof(round));
	/* round 2: CPU 0 from t=500, CPU 1 from t=350 */
	for (int k = 0; k < 5; k++) {
		sample_time = 500 + 10 * (uint64_t)k;
		sample(&f, 11, MAP_START + 0x104, 100, 0);
	}
	for (int k = 0; k < 5; k++) {
		sample_time = 350 + 10 * (uint64_t)k;
		sample(&f, 11, MAP_START + 0x108, 100, 0);
	}
	put(&f, &round, sizeof(round));
	/* round 3: the exit */
	trailer_time = 700;
	r = (struct rec){ .type = PERF_RECORD_EXIT };
	put_pidtid(&r.body, 100, 1);
	put_pidtid(&r.body, 100, 100);
	put64(&r.body, 700);
	emit(&f, &r, 1, 100, 11);
	put(&f, &round, sizeof(round));
	trailer_time = 1000;
	sample_time = 2000;
	uint64_t hdr[13] = { 0 };
	memcpy(&hdr[0], "PERFILE2", 8);
	hdr[1] = 104;
	hdr[2] = attr_size;
	hdr[3] = attrs_off;
	hdr[4] = attr_size;
	hdr[5] = data_off;
	hdr[6] = f.n - data_off;
	memcpy(f.p, hdr, sizeof(hdr));
	int fd = open(data_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, f.p, f.n), (ssize_t)f.n);
	close(fd);
	free(f.p);
	struct profile_db *db;
	char err[512];
	unlink(db_path);
	assert_int_equal(profile_db_open(db_path, PROFILE_DB_CREATE, &db, err), 0);
	struct perf_import_opts o = { .batch_samples = 4 };
	struct perf_import_result res;
	int rc = perf_import_file(db, data_path, &o, &res, err, sizeof(err));
	if (rc)
		print_message("%s\n", err);
	assert_int_equal(rc, 0);
	assert_int_equal(res.samples, 20);
	assert_int_equal(res.committed_samples, 20);
	assert_int_equal(res.unknown_samples, 0);
	assert_int_equal(count_at(db, res.run_id, "cpu-clock", "crc32.static", MAP_START + 0x100), 10);
	assert_int_equal(count_at(db, res.run_id, "cpu-clock", "crc32.static", MAP_START + 0x104), 5);
	assert_int_equal(count_at(db, res.run_id, "cpu-clock", "crc32.static", MAP_START + 0x108), 5);
	profile_db_close(db);
}

int main(void)
{
	snprintf(dir, sizeof(dir), "/tmp/robin_test_623_%d", (int)getpid());
	snprintf(data_path, sizeof(data_path), "%s.data", dir);
	snprintf(db_path, sizeof(db_path), "%s.db", dir);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_full),
		cmocka_unit_test(test_truncations_and_corruption),
		cmocka_unit_test(test_time_order),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	if (getenv("ROBIN_TEST_KEEP"))
		return rc;
	unlink(data_path);
	unlink(db_path);
	unlink(strcat(db_path, "-journal"));
	return rc;
}
