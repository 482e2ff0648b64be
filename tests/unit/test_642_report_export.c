/* 642: the in-memory report profile (builder, sort, per-function sums), the selector syntax,
 * folded stacks, and a pprof round trip: write the gzip-compressed profile.proto and decode
 * it back with zlib + protobuf-c, checking every field robin fills. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <cmocka.h>

#include "report/folded.h"
#include "report/pprof.h"
#include "report/pprof.pb-c.h"
#include "report/report_profile.h"
#include "report/selector.h"

/* Two images, an inline chain, an unsymbolised instruction; added out of order. */
static void build(struct report_profile *p)
{
	report_profile_init(p);
	assert_int_equal(report_profile_add_event(p, "cycles", 0), 0);
	assert_int_equal(report_profile_add_event(p, "tip", 4000), 1);
	assert_int_equal(report_profile_add_image(p, "/bin/prog", "abcd", 2), 0);
	assert_int_equal(report_profile_add_image(p, "/lib/libc.so.6", "", 3), 1);
	int fmain = report_profile_func(p, 0, "main", "/src/prog.c", 0xff0, 9);
	int fhelp = report_profile_func(p, 0, "helper", "/src/helper.h", 0, 0);
	int fmem = report_profile_func(p, 1, "memcpy", NULL, 0x4f0, 0);
	assert_int_equal(report_profile_func(p, 0, "main", "other", 0xff0, 1), fmain);
	struct report_frame f0[] = { { (uint32_t)fmain, 10 } };
	struct report_frame f1[] = { { (uint32_t)fhelp, 3 }, { (uint32_t)fmain, 11 } };
	struct report_frame f2[] = { { (uint32_t)fmem, 0 } };
	int i3 = report_profile_insn(p, 1, 0x9000, NULL, 0);
	int i1 = report_profile_insn(p, 0, 0x1004, f1, 2);
	int i2 = report_profile_insn(p, 1, 0x500, f2, 1);
	int i0 = report_profile_insn(p, 0, 0x1000, f0, 1);
	assert_int_equal(report_profile_insn(p, 0, 0x1004, NULL, 0), i1);
	report_profile_add_count(p, i0, 0, 5);
	report_profile_add_count(p, i0, 1, 1.5);
	report_profile_add_count(p, i1, 0, 1);
	report_profile_add_count(p, i1, 0, 2);
	report_profile_add_count(p, i1, 1, 0.25);
	report_profile_add_count(p, i2, 0, 2);
	report_profile_add_count(p, i3, 0, 1);
	report_profile_add_count(p, i3, 1, 2);
	assert_int_equal(report_profile_finish(p), 0);
}

static void test_profile(void **state)
{
	(void)state;
	struct report_profile p;
	build(&p);
	assert_int_equal(p.ninsns, 4);
	assert_int_equal(p.insns[0].offset, 0x1000);
	assert_int_equal(p.insns[1].offset, 0x1004);
	assert_int_equal(p.insns[2].offset, 0x500);
	assert_int_equal(p.insns[3].offset, 0x9000);
	assert_true(p.events[0].total == 11 && p.events[1].total == 3.75);
	assert_true(p.counts[1 * 2 + 0] == 3);
	assert_string_equal(p.funcs[report_insn_func(&p, &p.insns[1])].name, "main");
	assert_string_equal(p.funcs[report_insn_leaf(&p, &p.insns[1])->func].name, "helper");
	assert_int_equal(report_insn_func(&p, &p.insns[3]), REPORT_NO_FUNC);
	double *byf = report_profile_by_func(&p);
	assert_non_null(byf);
	/* rows: main, helper (never outermost: 0), memcpy, [unknown] of prog, of libc */
	assert_true(byf[0 * 2] == 8 && byf[0 * 2 + 1] == 1.75);
	assert_true(byf[1 * 2] == 0);
	assert_true(byf[2 * 2] == 2);
	assert_true(byf[3 * 2] == 0 && byf[4 * 2] == 1 && byf[4 * 2 + 1] == 2);
	assert_string_equal(report_profile_row_name(&p, 4), "[unknown]");
	assert_int_equal(report_profile_row_image(&p, 4), 1);
	free(byf);
	assert_int_equal(report_profile_event(&p, "tip"), 1);
	assert_int_equal(report_profile_event(&p, "nci"), -1);
	report_profile_free(&p);
}

static void test_selector(void **state)
{
	(void)state;
	struct report_selector s, base, m;
	char err[256], buf[256];
	assert_int_equal(report_selector_parse("run:3/event:tip", &s, err), 0);
	assert_true(s.run_id == 3 && s.epoch_id == 0 && s.n_events == 1 && !s.image);
	assert_string_equal(s.events[0], "tip");
	report_selector_format(&s, buf, sizeof(buf));
	assert_string_equal(buf, "run:3/event:tip");
	report_selector_free(&s);
	/* image paths keep their '/' unless a key follows */
	assert_int_equal(report_selector_parse("image:/usr/lib/libc.so.6/epoch:2/event:a,b", &s,
					       err), 0);
	assert_string_equal(s.image, "/usr/lib/libc.so.6");
	assert_true(s.epoch_id == 2 && s.n_events == 2);
	assert_string_equal(s.events[1], "b");
	report_selector_format(&s, buf, sizeof(buf));
	assert_string_equal(buf, "epoch:2/event:a,b/image:/usr/lib/libc.so.6");
	/* merge over a base: the selector's terms win, the base fills the rest */
	memset(&base, 0, sizeof(base));
	assert_int_equal(report_selector_set(&base, "run", "7", err), 0);
	assert_int_equal(report_selector_set(&base, "event", "cycles", err), 0);
	assert_int_equal(report_selector_merge(&base, &s, &m), 0);
	assert_true(m.run_id == 7 && m.epoch_id == 2 && m.n_events == 2);
	report_selector_free(&m);
	report_selector_free(&s);
	assert_int_equal(report_selector_parse("5", &s, err), 0);
	assert_int_equal(s.run_id, 5);
	assert_int_equal(report_selector_merge(&base, &s, &m), 0);
	assert_true(m.run_id == 5 && m.n_events == 1);
	assert_string_equal(m.events[0], "cycles");
	report_selector_free(&m);
	report_selector_free(&s);
	report_selector_free(&base);
	/* errors name the term */
	assert_int_equal(report_selector_parse("run:x", &s, err), -EINVAL);
	assert_non_null(strstr(err, "'x' is not a positive integer"));
	assert_int_equal(report_selector_parse("cpu:1", &s, err), -EINVAL);
	assert_non_null(strstr(err, "unknown key 'cpu'"));
	assert_int_equal(report_selector_parse("run:1/", &s, err), -EINVAL);
	assert_int_equal(report_selector_parse("event:a,,b", &s, err), -EINVAL);
	assert_int_equal(report_selector_parse("", &s, err), -EINVAL);
	assert_int_equal(report_selector_parse("tip", &s, err), -EINVAL);
	assert_non_null(strstr(err, "neither"));
}

static char *folded(const struct report_profile *p, size_t e, unsigned flags)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	folded_write(p, e, flags, f);
	fclose(f);
	return buf;
}

static void test_folded(void **state)
{
	(void)state;
	struct report_profile p;
	build(&p);
	char *s = folded(&p, 0, 0);
	assert_string_equal(s,
		"libc.so.6;[unknown] 1\n"
		"libc.so.6;memcpy 2\n"
		"prog;main 5\n"
		"prog;main;helper 3\n");
	free(s);
	s = folded(&p, 1, FOLDED_INSNS);
	assert_string_equal(s,
		"libc.so.6;[unknown];0x9000 2\n"
		"prog;main;0x1000 1.5\n"
		"prog;main;helper;0x1004 0.25\n");
	free(s);
	report_profile_free(&p);
}

/* gunzip a whole file */
static uint8_t *gunzip_file(const char *path, size_t *len)
{
	gzFile gz = gzopen(path, "rb");
	size_t cap = 1 << 16, n = 0;
	uint8_t *buf = malloc(cap);
	int r;
	assert_non_null(gz);
	while ((r = gzread(gz, buf + n, (unsigned)(cap - n))) > 0) {
		n += (size_t)r;
		if (n == cap)
			buf = realloc(buf, cap *= 2);
	}
	assert_int_equal(r, 0);
	gzclose(gz);
	*len = n;
	return buf;
}

static const char *str(const Robin__Pprof__Profile *pr, int64_t i)
{
	assert_true(i >= 0 && (size_t)i < pr->n_string_table);
	return pr->string_table[i];
}

static void test_pprof(void **state)
{
	(void)state;
	struct report_profile p;
	struct pprof_stats st;
	char err[512], path[] = "/tmp/robin-test-642-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	build(&p);
	assert_int_equal(pprof_write(&p, path, "robin test", 1234, &st, err), 0);
	assert_int_equal(st.samples, 4);
	size_t len;
	uint8_t *raw = gunzip_file(path, &len);
	assert_int_equal(len, st.bytes_packed);
	Robin__Pprof__Profile *pr = robin__pprof__profile__unpack(NULL, len, raw);
	assert_non_null(pr);
	assert_string_equal(str(pr, 0), "");
	assert_int_equal(pr->n_sample_type, 2);
	assert_string_equal(str(pr, pr->sample_type[0]->type), "cycles");
	assert_string_equal(str(pr, pr->sample_type[1]->type), "tip");
	assert_string_equal(str(pr, pr->sample_type[1]->unit), "count");
	assert_string_equal(str(pr, pr->default_sample_type), "cycles");
	assert_int_equal(pr->time_nanos, 1234);
	assert_int_equal(pr->n_comment, 1);
	assert_string_equal(str(pr, pr->comment[0]), "robin test");
	assert_int_equal(pr->n_mapping, 2);
	assert_string_equal(str(pr, pr->mapping[0]->filename), "/bin/prog");
	assert_string_equal(str(pr, pr->mapping[0]->build_id), "abcd");
	assert_int_equal(pr->mapping[0]->memory_start, 0x1000);
	assert_int_equal(pr->mapping[0]->memory_limit, 0x1005);
	assert_true(pr->mapping[0]->has_functions && pr->mapping[0]->has_inline_frames);
	assert_false(pr->mapping[1]->has_inline_frames);
	assert_int_equal(pr->n_function, 3);
	assert_int_equal(pr->n_location, 4);
	assert_int_equal(pr->n_sample, 4);
	/* values: cycles as counted (period unknown), tip x 4000 */
	static const int64_t want[4][2] = { { 5, 6000 }, { 3, 1000 }, { 2, 0 }, { 1, 8000 } };
	static const uint64_t addr[4] = { 0x1000, 0x1004, 0x500, 0x9000 };
	for (size_t i = 0; i < 4; i++) {
		const Robin__Pprof__Sample *s = pr->sample[i];
		assert_int_equal(s->n_location_id, 1);
		assert_int_equal(s->n_value, 2);
		assert_int_equal(s->value[0], want[i][0]);
		assert_int_equal(s->value[1], want[i][1]);
		const Robin__Pprof__Location *l = NULL;
		for (size_t k = 0; k < pr->n_location; k++)
			if (pr->location[k]->id == s->location_id[0])
				l = pr->location[k];
		assert_non_null(l);
		assert_int_equal(l->address, addr[i]);
		assert_int_equal(l->mapping_id, i < 2 ? 1 : 2);
	}
	/* the inline chain of 0x1004: helper (line 3) inlined into main (line 11) */
	const Robin__Pprof__Location *l = pr->location[1];
	assert_int_equal(l->n_line, 2);
	const Robin__Pprof__Function *fh = pr->function[l->line[0]->function_id - 1];
	const Robin__Pprof__Function *fm = pr->function[l->line[1]->function_id - 1];
	assert_int_equal(fh->id, l->line[0]->function_id);
	assert_string_equal(str(pr, fh->name), "helper");
	assert_string_equal(str(pr, fh->filename), "/src/helper.h");
	assert_int_equal(l->line[0]->line, 3);
	assert_string_equal(str(pr, fm->name), "main");
	assert_string_equal(str(pr, fm->filename), "/src/prog.c");
	assert_int_equal(fm->start_line, 9);
	assert_int_equal(l->line[1]->line, 11);
	assert_int_equal(pr->location[3]->n_line, 0);
	robin__pprof__profile__free_unpacked(pr, NULL);
	free(raw);
	/* an unwritable path is a one-line error naming it */
	assert_int_equal(pprof_write(&p, "/nonexistent-dir/x.pb.gz", NULL, 0, &st, err) < 0, 1);
	assert_non_null(strstr(err, "/nonexistent-dir/x.pb.gz"));
	report_profile_free(&p);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_profile),
		cmocka_unit_test(test_selector),
		cmocka_unit_test(test_folded),
		cmocka_unit_test(test_pprof),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
