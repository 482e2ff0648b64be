/* 704: image maps from tracking records: fork copies the parent's maps, exec starts a new
 * era (old samples still resolve in the old one), pid reuse keeps the two processes apart,
 * a replaced range in a sampled era gets a new era, deleted binaries and anonymous (JIT)
 * ranges become named images, kernel pcs resolve to the kernel, and reaping frees the dead. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "elf/elf_image.h"
#include "collect/procmap.h"

static void rec_fork(struct perf_rec *r, uint32_t pid, uint32_t ppid, uint64_t t)
{
	memset(r, 0, sizeof *r);
	r->type = PERF_RECORD_FORK;
	r->pid = r->tid = pid;
	r->ppid = r->ptid = ppid;
	r->time_ns = t;
}

static void rec_mmap(struct perf_rec *r, uint32_t pid, uint64_t addr, uint64_t len,
		     uint64_t pgoff, const char *file)
{
	memset(r, 0, sizeof *r);
	r->type = PERF_RECORD_MMAP2;
	r->pid = r->tid = pid;
	r->addr = addr;
	r->len = len;
	r->pgoff = pgoff;
	r->filename = file;
	r->ino = 1;
}

static void test_lifecycle(void **state)
{
	(void)state;
	struct procmap pm;
	struct perf_rec r;
	uint64_t off;
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	assert_true(n > 0);
	exe[n] = 0;
	struct elf_image_info ei;
	assert_int_equal(elf_image_info_path(exe, &ei), 0);
	assert_true(ei.n_loads > 0);

	assert_int_equal(procmap_init(&pm), 0);
	rec_fork(&r, 100, 1, 1000000000);
	assert_int_equal(procmap_apply(&pm, &r), 0);
	struct cproc *p = procmap_find(&pm, 100);
	assert_non_null(p);
	/* anonymous executable memory (a JIT) */
	rec_mmap(&r, 100, 0x10000000, 0x1000, 0, "//anon");
	assert_int_equal(procmap_apply(&pm, &r), 0);
	struct cera *before_exec = p->cur;
	struct cimage *im = procmap_resolve(&pm, before_exec, 0x10000010, &off);
	assert_non_null(im);
	assert_int_equal(im->kind, CIMAGE_ANON);
	assert_int_equal(off, 0x10000010);

	/* exec: a new era without the old maps; the old era still resolves */
	memset(&r, 0, sizeof r);
	r.type = PERF_RECORD_COMM;
	r.misc = PERF_RECORD_MISC_COMM_EXEC;
	r.pid = r.tid = 100;
	r.comm = "prog";
	assert_int_equal(procmap_apply(&pm, &r), 0);
	assert_ptr_not_equal(p->cur, before_exec);
	assert_int_equal(p->cur->exec_seq, 1);
	assert_null(procmap_resolve(&pm, p->cur, 0x10000010, &off));
	assert_non_null(procmap_resolve(&pm, before_exec, 0x10000010, &off));
	assert_string_equal(p->cur->comm, "prog");

	/* the program's first PT_LOAD at a PIE-like base: offset = link-time address */
	uint64_t base = 0x555555554000ull, pg = ei.load[0].offset & ~0xfffull;
	rec_mmap(&r, 100, base + pg, 0x1000, pg, exe);
	assert_int_equal(procmap_apply(&pm, &r), 0);
	im = procmap_resolve(&pm, p->cur, base + pg + 0x10, &off);
	assert_non_null(im);
	assert_int_equal(im->kind, CIMAGE_FILE);
	assert_string_equal(im->build_id, ei.build_id);
	assert_int_equal(off, pg + 0x10 - ei.load[0].offset + ei.load[0].vaddr);

	/* fork copies the maps; exit + pid reuse keeps the incarnations apart */
	rec_fork(&r, 101, 100, 2000000000);
	assert_int_equal(procmap_apply(&pm, &r), 0);
	struct cproc *child = procmap_find(&pm, 101);
	assert_non_null(procmap_resolve(&pm, child->cur, base + pg + 0x10, &off));
	memset(&r, 0, sizeof r);
	r.type = PERF_RECORD_EXIT;
	r.pid = r.tid = 100;
	r.time_ns = 3000000000;
	assert_int_equal(procmap_apply(&pm, &r), 0);
	rec_fork(&r, 100, 101, 4000000000);
	assert_int_equal(procmap_apply(&pm, &r), 0);
	struct cproc *again = procmap_find(&pm, 100);
	assert_ptr_not_equal(again, p);
	assert_ptr_equal(again->older, p);
	assert_ptr_equal(procmap_find_at(&pm, 100, 999999000), p);
	assert_ptr_equal(procmap_find_at(&pm, 100, 3999999000), again);

	/* a sampled era whose range is replaced: the replacement gets a new era */
	struct cera *e0 = child->cur;
	e0->sampled = 1;
	rec_mmap(&r, 101, 0x20000000, 0x2000, 0, "[anon:v8]");
	assert_int_equal(procmap_apply(&pm, &r), 0);
	assert_ptr_equal(child->cur, e0); /* no overlap: same era */
	rec_mmap(&r, 101, 0x20001000, 0x1000, 0, "/tmp/robin-test-gone.so (deleted)");
	assert_int_equal(procmap_apply(&pm, &r), 0);
	assert_ptr_not_equal(child->cur, e0);
	im = procmap_resolve(&pm, e0, 0x20001800, &off);
	assert_string_equal(im->path, "[anon:v8]");
	im = procmap_resolve(&pm, child->cur, 0x20001800, &off);
	assert_string_equal(im->path, "/tmp/robin-test-gone.so");
	assert_true(im->deleted);
	im = procmap_resolve(&pm, child->cur, 0x20000800, &off);
	assert_string_equal(im->path, "[anon:v8]"); /* the untouched part stays */

	/* kernel addresses */
	im = procmap_resolve(&pm, NULL, 0xffffffff81000000ull, &off);
	assert_non_null(im);
	assert_int_equal(im->kind, CIMAGE_KERNEL);

	/* reaping frees exited processes only */
	procmap_reap(&pm, 10000000000);
	assert_ptr_equal(procmap_find(&pm, 100), again);
	assert_null(again->older);
	assert_non_null(procmap_find(&pm, 101));
	assert_int_equal(pm.stats.reaped, 1);
	procmap_free(&pm);
}

static void test_scan_self(void **state)
{
	(void)state;
	struct procmap pm;
	assert_int_equal(procmap_init(&pm), 0);
	assert_int_equal(procmap_scan_pid(&pm, (uint32_t)getpid(), 0), 0);
	struct cproc *p = procmap_find(&pm, (uint32_t)getpid());
	assert_non_null(p);
	uint64_t off;
	struct cimage *im = procmap_resolve(&pm, p->cur, (uint64_t)(uintptr_t)&test_scan_self, &off);
	assert_non_null(im);
	assert_int_equal(im->kind, CIMAGE_FILE);
	assert_true(im->build_id[0] != 0);
	assert_int_not_equal(procmap_scan_pid(&pm, 0x7ffffff0u, 0), 0); /* no such process */
	procmap_free(&pm);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lifecycle),
		cmocka_unit_test(test_scan_self),
	};
	return cmocka_run_group_tests_name("704-procmap", tests, NULL, NULL);
}
