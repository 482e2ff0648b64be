/* 705: jitdump files (collect/jitdump.h) read incrementally as a JIT writes them: the header
 * alone gives nothing, a partial record waits for the next read, JIT_CODE_MOVE takes the
 * name its code_index was loaded with, records of other kinds and malformed loads are skipped
 * (the latter counted), a load much larger than the read buffer (its code bytes) is parsed
 * from its first bytes and skipped by its size, a rewritten file is read again from its start,
 * a bad header or an impossible record size stops the file's reading; and the collector finds
 * the dump of a process through a mapping named jit-PID.dump (procmap.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "collect/jitdump.h"
#include "collect/procmap.h"

struct got {
	int n;
	uint64_t start[8], size[8];
	char name[8][64];
};

static int fn(void *arg, const struct perfmap_sym *s)
{
	struct got *g = arg;
	if (g->n < 8) {
		g->start[g->n] = s->start;
		g->size[g->n] = s->size;
		snprintf(g->name[g->n], sizeof g->name[0], "%.*s", (int)s->name_len, s->name);
	}
	g->n++;
	return 0;
}

static void head(FILE *f, uint32_t magic)
{
	uint32_t h[6] = { magic, 1, 40, 62, 0, 1234 };
	uint64_t t[2] = { 1, 0 };
	fwrite(h, sizeof h, 1, f);
	fwrite(t, sizeof t, 1, f);
}

static void rec(FILE *f, uint32_t id, uint32_t total)
{
	uint64_t ts = 2;
	fwrite(&id, 4, 1, f);
	fwrite(&total, 4, 1, f);
	fwrite(&ts, 8, 1, f);
}

static void load(FILE *f, uint64_t addr, uint64_t size, uint64_t index, const char *name)
{
	size_t nl = strlen(name) + 1;
	uint32_t pid[2] = { 1234, 1234 };
	uint64_t v[4] = { addr, addr, size, index };
	rec(f, 0, (uint32_t)(56 + nl + size));
	fwrite(pid, sizeof pid, 1, f);
	fwrite(v, sizeof v, 1, f);
	fwrite(name, nl, 1, f);
	for (uint64_t i = 0; i < size; i++)
		fputc(0x90, f);
}

static void test_incremental(void **state)
{
	(void)state;
	char path[] = "/tmp/robin-705-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	struct jitdump_reader r = { 0 };
	struct got g = { 0 };
	head(f, JITDUMP_MAGIC);
	fflush(f);
	assert_int_equal(jitdump_read(path, &r, fn, &g), 0);
	assert_int_equal(g.n, 0);
	assert_int_equal(r.pos, 40);
	assert_true(r.header_done);

	rec(f, 2, 16 + 16); /* debug info without entries */
	uint64_t di[2] = { 0x1000, 0 };
	fwrite(di, sizeof di, 1, f);
	load(f, 0x1000, 16, 7, "first");
	rec(f, 0, 56 + 4); /* malformed: no NUL in the name */
	uint64_t bad[5] = { 0, 0x2000, 0x2000, 1, 8 };
	fwrite(bad, sizeof bad, 1, f);
	fwrite("abcd", 4, 1, f);
	rec(f, 1, 64); /* a move, half written */
	fwrite(bad, 8, 1, f);
	fflush(f);
	assert_int_equal(jitdump_read(path, &r, fn, &g), 0);
	assert_int_equal(g.n, 1);
	assert_string_equal(g.name[0], "first");
	assert_int_equal(g.start[0], 0x1000);
	assert_int_equal(g.size[0], 16);
	assert_int_equal(r.malformed, 1);
	uint64_t at_move = r.pos;

	uint64_t mv[5] = { 0, 0x1000, 0x3000, 16, 7 }; /* vma, old, new, size, index */
	fwrite(mv, sizeof mv, 1, f);
	load(f, 0x400000, 200000, 8, "big"); /* code bytes: more than the read buffer */
	load(f, 0x5000, 8, 9, "after_big");
	fflush(f);
	assert_int_equal(jitdump_read(path, &r, fn, &g), 0);
	assert_true(r.pos > at_move);
	assert_int_equal(g.n, 4);
	assert_string_equal(g.name[1], "first");
	assert_int_equal(g.start[1], 0x3000);
	assert_string_equal(g.name[2], "big");
	assert_int_equal(g.size[2], 200000);
	assert_string_equal(g.name[3], "after_big");
	assert_int_equal(r.malformed, 1);

	/* rewritten shorter: read again from the start */
	assert_int_equal(ftruncate(fd, 0), 0);
	rewind(f);
	head(f, JITDUMP_MAGIC);
	load(f, 0x6000, 4, 1, "new");
	fflush(f);
	assert_int_equal(jitdump_read(path, &r, fn, &g), 0);
	assert_int_equal(g.n, 5);
	assert_string_equal(g.name[4], "new");

	/* an impossible record size: reading stops for good */
	rec(f, 0, 8);
	load(f, 0x7000, 4, 2, "unreachable");
	fflush(f);
	assert_int_equal(jitdump_read(path, &r, fn, &g), 0);
	assert_true(r.bad);
	assert_int_equal(g.n, 5);
	jitdump_reader_free(&r);

	/* a bad header: nothing is read */
	struct jitdump_reader b = { 0 };
	assert_int_equal(ftruncate(fd, 0), 0);
	rewind(f);
	head(f, 0x12345678);
	load(f, 0x6000, 4, 1, "never");
	fflush(f);
	assert_int_equal(jitdump_read(path, &b, fn, &g), 0);
	assert_true(b.bad);
	assert_int_equal(g.n, 5);
	jitdump_reader_free(&b);
	fclose(f);
	unlink(path);
	assert_int_equal(jitdump_read(path, &b, fn, &g), 0); /* bad: not even opened */
}

static void test_found_in_maps(void **state)
{
	(void)state;
	struct procmap pm;
	struct perf_rec r;
	uint64_t off;
	const uint32_t pid = 4194999; /* above PID_MAX_LIMIT: never a real process */
	assert_int_equal(procmap_init(&pm), 0);
	memset(&r, 0, sizeof r);
	r.type = PERF_RECORD_FORK;
	r.pid = r.tid = pid;
	r.ppid = r.ptid = 1;
	r.time_ns = 1000;
	assert_int_equal(procmap_apply(&pm, &r), 0);
	struct cproc *p = procmap_find(&pm, pid);
	assert_non_null(p);
	memset(&r, 0, sizeof r);
	r.type = PERF_RECORD_MMAP2;
	r.pid = r.tid = pid;
	r.addr = 0x10000000;
	r.len = 0x1000;
	r.filename = "//anon";
	assert_int_equal(procmap_apply(&pm, &r), 0);
	struct cimage *im = procmap_resolve(&pm, p->cur, 0x10000010, &off);
	assert_int_equal(im->kind, CIMAGE_ANON); /* no dump mapped yet */
	/* another process's dump (inherited over fork) is not this one's */
	r.addr = 0x20000000;
	r.filename = "/srv/app/jit-4194998.dump";
	r.ino = 5;
	assert_int_equal(procmap_apply(&pm, &r), 0);
	for (int i = 0; i < 64; i++)
		im = procmap_resolve(&pm, p->cur, 0x10000010, &off);
	assert_int_equal(im->kind, CIMAGE_ANON);
	r.addr = 0x30000000;
	r.filename = "/srv/app/jit-4194999.dump";
	r.ino = 6;
	assert_int_equal(procmap_apply(&pm, &r), 0);
	for (int i = 0; i < 64 && im->kind != CIMAGE_JIT; i++)
		im = procmap_resolve(&pm, p->cur, 0x10000010, &off);
	assert_int_equal(im->kind, CIMAGE_JIT);
	assert_string_equal(im->path, "[jit] jit-4194999.dump");
	assert_string_equal(im->jit_dump, "/srv/app/jit-4194999.dump");
	assert_null(im->jit_map);
	assert_int_equal(off, 0x10000010);
	procmap_free(&pm);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_incremental),
		cmocka_unit_test(test_found_in_maps),
	};
	return cmocka_run_group_tests_name("705-jitdump", tests, NULL, NULL);
}
