/* 656: --call-graph dwarf's pieces. (1) elf_unwind unwinds a real copy of this process's own
 * stack, taken inside outer -> middle -> capture, with this binary's CFI: the frames are the
 * captured pc, then the return addresses (minus one) into middle and outer, exactly. (2) A
 * sample record with PERF_SAMPLE_REGS_USER and STACK_USER decodes (registers in mask order,
 * the stack bytes and their dynamic size), and a truncated one is refused. (3) Held call stacks
 * go through the journal and come back renumbered into a store that holds other images;
 * a malformed stack line is refused. */
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
#include "collect/perf_ring.h"
#include "elf/elf_image.h"
#include "elf/elf_unwind.h"

/* ---- (1) unwinding this process's own stack --------------------------------------------- */

#if defined(__x86_64__)
#define CAP_STACK 4096

struct cap {
	uint64_t regs[ELF_UNWIND_NREGS];
	uint8_t stack[CAP_STACK];
	size_t stack_size;
	uint64_t ret_in_middle, ret_in_outer;
};

static uint64_t stack_top; /* end of [stack] */

/* byte copy: reads other frames' bytes, which ASan would take for an overflow */
__attribute__((no_sanitize_address, noinline)) static void copy_stack(uint8_t *dst,
								       const uint8_t *src, size_t n)
{
	for (size_t i = 0; i < n; i++)
		dst[i] = ((volatile const uint8_t *)src)[i];
}

__attribute__((noinline)) static void capture(struct cap *c)
{
	uint64_t ip, sp, bp;
	__asm__ volatile("lea 0(%%rip), %0\n\tmov %%rsp, %1\n\tmov %%rbp, %2"
			 : "=r"(ip), "=r"(sp), "=r"(bp));
	memset(c->regs, 0, sizeof c->regs);
	c->regs[ELF_UNWIND_REG_PC] = ip;
	c->regs[ELF_UNWIND_REG_SP] = sp;
	c->regs[6] = bp;
	c->stack_size = stack_top - sp < CAP_STACK ? stack_top - sp : CAP_STACK;
	copy_stack(c->stack, (const uint8_t *)sp, c->stack_size);
	c->ret_in_middle = (uint64_t)__builtin_return_address(0);
}

__attribute__((noinline)) static void middle(struct cap *c)
{
	capture(c);
	c->ret_in_outer = (uint64_t)__builtin_return_address(0);
	__asm__ volatile("" ::: "memory"); /* no tail call */
}

__attribute__((noinline)) static void outer(struct cap *c)
{
	middle(c);
	__asm__ volatile("" ::: "memory");
}

/* /proc/self/maps: the file mapped at addr and its bias */
static int self_lookup(void *arg, uint64_t addr, struct elf_unwind_map *out)
{
	static char path[4096];
	static struct elf_image_info info;
	(void)arg;
	FILE *f = fopen("/proc/self/maps", "r");
	char line[4600];
	int rc = -ENOENT;
	while (f && fgets(line, sizeof line, f)) {
		unsigned long long lo, hi, pgoff;
		char name[4096] = "";
		if (sscanf(line, "%llx-%llx %*s %llx %*s %*s %4095s", &lo, &hi, &pgoff, name) < 3 ||
		    addr < lo || addr >= hi || name[0] != '/')
			continue;
		snprintf(path, sizeof path, "%s", name);
		if (elf_image_info_path(path, &info))
			break;
		out->path = path;
		out->bias = elf_image_info_bias(&info, lo, pgoff);
		rc = 0;
		break;
	}
	if (f)
		fclose(f);
	return rc;
}

static void test_unwind_self(void **state)
{
	(void)state;
	FILE *f = fopen("/proc/self/maps", "r");
	char line[4600];
	while (f && fgets(line, sizeof line, f))
		if (strstr(line, "[stack]")) {
			unsigned long long lo, hi;
			if (sscanf(line, "%llx-%llx", &lo, &hi) == 2)
				stack_top = hi;
		}
	if (f)
		fclose(f);
	assert_true(stack_top != 0);
	struct cap *c = calloc(1, sizeof *c);
	assert_non_null(c);
	outer(c);
	struct elf_unwind_space *s;
	assert_int_equal(elf_unwind_space_new(self_lookup, NULL, &s), 0);
	uint64_t pc[64];
	size_t n = 0;
	/* twice: the second walk reuses the space's modules and CFI */
	for (int k = 0; k < 2; k++) {
		assert_int_equal(elf_unwind_stack(s, (uint32_t)getpid(), c->regs, c->stack,
						  c->stack_size, pc, 64, &n), 0);
		assert_true(n >= 3);
		assert_int_equal(pc[0], c->regs[ELF_UNWIND_REG_PC]);
		assert_int_equal(pc[1], c->ret_in_middle - 1);
		assert_int_equal(pc[2], c->ret_in_outer - 1);
	}
	/* a stack cut to 8 bytes: capture's own frame still unwinds (its return address sits at
	 * the stack pointer or just above) or stops; never a wrong caller */
	assert_int_equal(elf_unwind_stack(s, (uint32_t)getpid(), c->regs, c->stack, 8, pc, 64, &n),
			 0);
	assert_true(n >= 1);
	assert_int_equal(pc[0], c->regs[ELF_UNWIND_REG_PC]);
	if (n > 1)
		assert_int_equal(pc[1], c->ret_in_middle - 1);
	/* max 2: the pc and one caller */
	assert_int_equal(elf_unwind_stack(s, (uint32_t)getpid(), c->regs, c->stack, c->stack_size,
					  pc, 2, &n), 0);
	assert_int_equal(n, 2);
	elf_unwind_space_free(s);
	free(c);
}
#else
static void test_unwind_self(void **state)
{
	(void)state;
	skip(); /* robin unwinds x86-64 stacks only */
}
#endif

/* ---- (2) decoding a user-registers-and-stack sample --------------------------------------- */

static void test_parse_user(void **state)
{
	(void)state;
	uint64_t st = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
		      PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_CALLCHAIN |
		      PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
	uint64_t mask = 0x7; /* three registers */
	uint64_t b[64];
	size_t n = 1;
	b[n++] = 9;              /* id */
	b[n++] = 0x401000;       /* ip */
	b[n++] = 5ull << 32 | 5; /* pid, tid */
	b[n++] = 100;            /* time */
	b[n++] = 1;              /* cpu */
	b[n++] = 1000;           /* period */
	b[n++] = 0;              /* callchain nr (user part excluded) */
	b[n++] = PERF_SAMPLE_REGS_ABI_64;
	b[n++] = 0xa;
	b[n++] = 0xb;
	b[n++] = 0xc;
	b[n++] = 16;             /* stack size */
	b[n++] = 0x1111;
	b[n++] = 0x2222;
	b[n++] = 12;             /* dyn size */
	struct perf_event_header h = { PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER,
				       (uint16_t)(n * 8) };
	memcpy(b, &h, 8);
	struct perf_rec r;
	assert_int_equal(perf_rec_parse_user((const struct perf_event_header *)b, st, mask, &r), 0);
	assert_int_equal(r.ip, 0x401000);
	assert_int_equal(r.regs_abi, PERF_SAMPLE_REGS_ABI_64);
	assert_int_equal(r.regs_n, 3);
	uint64_t v;
	memcpy(&v, (const uint8_t *)r.regs_user + 16, 8);
	assert_int_equal(v, 0xc);
	assert_int_equal(r.stack_user_size, 12);
	memcpy(&v, (const uint8_t *)r.stack_user + 8, 8);
	assert_int_equal(v, 0x2222);
	/* cut before the dynamic size, and a dynamic size above the copy */
	h.size = (uint16_t)((n - 1) * 8);
	memcpy(b, &h, 8);
	assert_int_equal(perf_rec_parse_user((const struct perf_event_header *)b, st, mask, &r),
			 -EINVAL);
	h.size = (uint16_t)(n * 8);
	memcpy(b, &h, 8);
	b[n - 1] = 17;
	assert_int_equal(perf_rec_parse_user((const struct perf_event_header *)b, st, mask, &r),
			 -EINVAL);
	/* a kernel thread: ABI none, no registers, no stack */
	size_t m = 8;
	b[m++] = PERF_SAMPLE_REGS_ABI_NONE;
	b[m++] = 0;
	h.size = (uint16_t)(m * 8);
	memcpy(b, &h, 8);
	assert_int_equal(perf_rec_parse_user((const struct perf_event_header *)b, st, mask, &r), 0);
	assert_int_equal(r.regs_n, 0);
	assert_null(r.regs_user);
	assert_null(r.stack_user);
}

/* ---- (3) stacks in the journal ---------------------------------------------------------- */

static void test_journal_stacks(void **state)
{
	(void)state;
	char dir[64] = "/tmp/robin-656-XXXXXX", path[128], err[512];
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/journal", dir);
	struct collect_pending p, q;
	memset(&p, 0, sizeof p);
	memset(&q, 0, sizeof q);
	uint32_t ev, a, b;
	assert_int_equal(collect_pending_event(&p, "cpu-clock", 250000, &ev), 0);
	assert_int_equal(collect_pending_image(&p, "/usr/bin/calls", "ab12", 9000, "x86-64", &a), 0);
	assert_int_equal(collect_pending_image(&p, "/lib/libc.so.6", "", 2000000, "x86-64", &b), 0);
	uint32_t im[3] = { b, a, a }, im2[2] = { 0, a };
	uint64_t off[3] = { 0x29d90, 0x1140, 0x1200 }, off2[2] = { 0xffffffff81000000ull, 0x1210 };
	assert_int_equal(collect_pending_add(&p, ev, a, 0x1200, COLLECT_PENDING_COUNT, 0, 3, 0), 0);
	assert_int_equal(collect_pending_stack(&p, ev, im, off, 3, 2), 0);
	assert_int_equal(collect_pending_stack(&p, ev, im2, off2, 2, 1), 0);
	assert_int_equal(collect_pending_stack(&p, ev + 1, im2, off2, 2, 1), -EINVAL);
	assert_int_equal(p.stacks, 2);
	assert_int_equal(collect_pending_journal_write(&p, path, err, sizeof err), 0);
	/* q holds another image first: the journal's images are renumbered */
	uint32_t ev_q, other;
	assert_int_equal(collect_pending_event(&q, "cpu-clock", 250000, &ev_q), 0);
	assert_int_equal(collect_pending_image(&q, "/usr/bin/other", "", 1, "x86-64", &other), 0);
	uint64_t n = 0;
	assert_int_equal(collect_pending_journal_read(&q, path, &n, err, sizeof err), 0);
	assert_int_equal(n, 3);
	assert_int_equal(q.stacks, 2);
	assert_int_equal(q.n_stk, p.n_stk);
	/* first stack: EVENT COUNT N then (image, offset) pairs, images renumbered */
	assert_int_equal(q.stk[1], 2);
	assert_int_equal(q.stk[2], 3);
	assert_string_equal(q.images[q.stk[3] - 1].path, "/lib/libc.so.6");
	assert_int_equal(q.stk[4], 0x29d90);
	assert_string_equal(q.images[q.stk[5] - 1].path, "/usr/bin/calls");
	assert_string_equal(q.images[q.stk[5] - 1].build_id, "ab12");
	/* second: an unknown frame keeps image 0 and its raw address */
	assert_int_equal(q.stk[9 + 3], 0);
	assert_int_equal(q.stk[9 + 4], 0xffffffff81000000ull);
	collect_pending_clear_stacks(&q);
	assert_int_equal(q.stacks, 0);
	/* a stack line whose frame count does not match its pairs: refused, nothing added */
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "robin-journal 1\nevent 0 250000 cpu-clock\nimage 1 9000 x86-64 - /usr/bin/calls\n"
		   "s 0 1 2 1 4096\nend 0\n");
	fclose(f);
	assert_int_equal(collect_pending_journal_read(&q, path, &n, err, sizeof err), -EBADMSG);
	assert_non_null(strstr(err, ":4:"));
	assert_int_equal(q.stacks, 0);
	collect_pending_free(&p);
	collect_pending_free(&q);
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unwind_self),
		cmocka_unit_test(test_parse_user),
		cmocka_unit_test(test_journal_stacks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
