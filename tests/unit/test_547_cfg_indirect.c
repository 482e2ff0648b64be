/* 547: the CFG's indirect jumps resolved from the image (cfg_build_image): an absolute table
 * whose base a callee-saved register holds from the entry block (computed goto), the same jump
 * with its table unreadable going to the address-taken labels, a tail call through a pointer,
 * gcc's relative table bounded by a bltu; and the guest interpreter goto_interp (tests/guest/,
 * `make guest`): every dispatch of goto_interp_run goes to exactly the labels of its table
 * goto_labels, and switch_interp_run's jump to its ten cases; in the PIE build, whose table is
 * zeros in the file (relative relocations fill it), to the ten labels the relocations name. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/cfg.h"
#include "elf/elf_image.h"

#define GOTO_PROG "build/guest/tests/goto_interp.static"
#define GOTO_PIE "build/guest/tests/goto_interp.dyn"

/* Assembled with riscv64-linux-gnu-as -march=rv64gc (norvc), at 0x1000:
 * f:    0: auipc s4,0   4: addi s4,s4,0x100 (table 0x1100)   8: li a1,0
 * loop: c: lbu a5,0(a0) 10: addi a0,a0,1  14: slli a5,a5,3  18: add a5,a5,s4
 *      1c: ld a5,0(a5)  20: jr a5
 * op0: 24: addi a1,a1,1 28: j loop     op1: 2c: addi a1,a1,2 30: j loop
 * op2: 34: mv a0,a1     38: ret
 * g:   3c: ld a5,24(a0) 40: jr a5
 * h:   44: auipc a4,0   48: addi a4,a4,0x40 (table 0x1084)   4c: li a3,2
 *      50: bltu a3,a0,hout  54: slli a0,a0,2  58: add a0,a0,a4  5c: lw a0,0(a0)
 *      60: add a0,a0,a4 64: jr a0
 * c0:  68: li a0,10 6c: ret   c1: 70: li a0,11 74: ret   c2: 78: li a0,12   hout: 7c: ret */
static const uint8_t code[] = {
	0x17, 0x0a, 0x00, 0x00, 0x13, 0x0a, 0x0a, 0x10, 0x93, 0x05, 0x00, 0x00,
	0x83, 0x47, 0x05, 0x00, 0x13, 0x05, 0x15, 0x00, 0x93, 0x97, 0x37, 0x00,
	0xb3, 0x87, 0x47, 0x01, 0x83, 0xb7, 0x07, 0x00, 0x67, 0x80, 0x07, 0x00,
	0x93, 0x85, 0x15, 0x00, 0x6f, 0xf0, 0x5f, 0xfe, 0x93, 0x85, 0x25, 0x00,
	0x6f, 0xf0, 0xdf, 0xfd, 0x13, 0x85, 0x05, 0x00, 0x67, 0x80, 0x00, 0x00,
	0x83, 0x37, 0x85, 0x01, 0x67, 0x80, 0x07, 0x00, 0x17, 0x07, 0x00, 0x00,
	0x13, 0x07, 0x07, 0x04, 0x93, 0x06, 0x20, 0x00, 0x63, 0xe6, 0xa6, 0x02,
	0x13, 0x15, 0x25, 0x00, 0x33, 0x05, 0xe5, 0x00, 0x03, 0x25, 0x05, 0x00,
	0x33, 0x05, 0xe5, 0x00, 0x67, 0x00, 0x05, 0x00, 0x13, 0x05, 0xa0, 0x00,
	0x67, 0x80, 0x00, 0x00, 0x13, 0x05, 0xb0, 0x00, 0x67, 0x80, 0x00, 0x00,
	0x13, 0x05, 0xc0, 0x00, 0x67, 0x80, 0x00, 0x00
};

#define BASE 0x1000u
static uint8_t image[0x200];  /* link-time [BASE, BASE + 0x200): the code, then the tables */

static void image_init(void)
{
	memset(image, 0, sizeof(image));
	memcpy(image, code, sizeof(code));
	static const uint64_t abs_table[] = { 0x1024, 0x102c, 0x1034 };  /* op0, op1, op2 */
	for (int k = 0; k < 3; k++)
		for (int b = 0; b < 8; b++)
			image[0x100 + 8 * k + b] = (uint8_t)(abs_table[k] >> (8 * b));
	static const int32_t rel_table[] = { 0x1068 - 0x1084, 0x1070 - 0x1084, 0x1078 - 0x1084 };
	for (int k = 0; k < 3; k++)
		for (int b = 0; b < 4; b++)
			image[0x84 + 4 * k + b] = (uint8_t)((uint32_t)rel_table[k] >> (8 * b));
}

static size_t image_read(void *ctx, uint64_t addr, uint8_t *buf, size_t n)
{
	(void)ctx;
	if (addr < BASE || addr - BASE >= sizeof(image))
		return 0;
	size_t k = addr - BASE, m = sizeof(image) - k < n ? sizeof(image) - k : n;
	memcpy(buf, image + k, m);
	return m;
}

static size_t no_read(void *ctx, uint64_t addr, uint8_t *buf, size_t n)
{
	(void)ctx, (void)addr, (void)buf, (void)n;
	return 0;
}

/* The starts of block b's indirect successors, sorted, into out (at most max). */
static size_t succ_starts(const struct cfg *g, uint32_t b, uint64_t *out, size_t max)
{
	const struct cfg_block *cb = &g->blocks[b];
	size_t n = 0;
	for (uint32_t k = 0; k < cb->isucc_n && n < max; k++)
		out[n++] = g->blocks[g->isucc[cb->isucc_first + k]].start;
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && out[j - 1] > out[j]; j--) {
			uint64_t t = out[j];
			out[j] = out[j - 1];
			out[j - 1] = t;
		}
	return n;
}

static uint32_t jump_block(const struct cfg *g, uint64_t jump_addr)
{
	uint32_t b = cfg_block_of(g, jump_addr);
	assert_int_not_equal(b, CFG_NONE);
	assert_int_equal(g->blocks[b].end_kind, CFG_END_INDIRECT);
	return b;
}

static void test_absolute_table(void **state)
{
	(void)state;
	image_init();
	struct cfg_image img = { image_read, NULL, NULL, 0 };
	struct cfg g;
	assert_int_equal(cfg_build_image(code, 0x3c, BASE, &img, &g), 0);
	/* s4 is set in the entry block; the loop head has two predecessors */
	uint32_t b = jump_block(&g, 0x1020);
	assert_int_equal(g.blocks[b].ind, CFG_IND_TABLE);
	uint64_t s[8];
	assert_int_equal(succ_starts(&g, b, s, 8), 3);
	assert_int_equal(s[0], 0x1024);
	assert_int_equal(s[1], 0x102c);
	assert_int_equal(s[2], 0x1034);
	cfg_free(&g);
	/* without the image, cfg_build: the jump stays unknown */
	assert_int_equal(cfg_build_image(code, 0x3c, BASE, NULL, &g), 0);
	b = jump_block(&g, 0x1020);
	assert_int_equal(g.blocks[b].ind, CFG_IND_UNKNOWN);
	assert_int_equal(g.blocks[b].isucc_n, 0);
	cfg_free(&g);
}

static void test_labels(void **state)
{
	(void)state;
	/* the table cannot be read, but the image stores the three labels (and a function's
	 * entry, which is no label): a pointer from elsewhere goes to every label */
	static const uint64_t ptrs[] = { 0x1000, 0x1024, 0x102c, 0x1034, 0x5000 };
	struct cfg_image img = { no_read, NULL, ptrs, 5 };
	struct cfg g;
	assert_int_equal(cfg_build_image(code, 0x3c, BASE, &img, &g), 0);
	assert_int_equal(g.nlabels, 3);
	uint32_t b = jump_block(&g, 0x1020);
	assert_int_equal(g.blocks[b].ind, CFG_IND_LABELS);
	uint64_t s[8];
	assert_int_equal(succ_starts(&g, b, s, 8), 3);
	assert_int_equal(s[0], 0x1024);
	assert_int_equal(s[2], 0x1034);
	cfg_free(&g);
	/* a label inside a straight run of code starts a block */
	static const uint64_t mid[] = { 0x1010 };
	struct cfg_image img2 = { no_read, NULL, mid, 1 };
	assert_int_equal(cfg_build_image(code, 0x3c, BASE, &img2, &g), 0);
	b = cfg_block_of(&g, 0x1010);
	assert_int_equal(g.blocks[b].start, 0x1010);
	assert_int_equal(g.blocks[jump_block(&g, 0x1020)].ind, CFG_IND_LABELS);
	cfg_free(&g);
}

static void test_tail_call_and_relative(void **state)
{
	(void)state;
	image_init();
	struct cfg_image img = { image_read, NULL, NULL, 0 };
	struct cfg g;
	/* g: a pointer loaded from the argument, no label in g: it leaves */
	assert_int_equal(cfg_build_image(code + 0x3c, 8, BASE + 0x3c, &img, &g), 0);
	uint32_t b = jump_block(&g, 0x1040);
	assert_int_equal(g.blocks[b].ind, CFG_IND_LEAVES);
	assert_int_equal(g.blocks[b].isucc_n, 0);
	cfg_free(&g);
	/* h: gcc's relative table, three entries by `li a3,2; bltu a3,a0` */
	assert_int_equal(cfg_build_image(code + 0x44, 0x3c, BASE + 0x44, &img, &g), 0);
	b = jump_block(&g, 0x1064);
	assert_int_equal(g.blocks[b].ind, CFG_IND_TABLE);
	uint64_t s[8];
	assert_int_equal(succ_starts(&g, b, s, 8), 3);
	assert_int_equal(s[0], 0x1068);
	assert_int_equal(s[1], 0x1070);
	assert_int_equal(s[2], 0x1078);
	cfg_free(&g);
	/* a bounded table whose entries do not all land in the region stays unknown */
	image[0x84 + 8] = 0x40;
	assert_int_equal(cfg_build_image(code + 0x44, 0x3c, BASE + 0x44, &img, &g), 0);
	assert_int_equal(g.blocks[jump_block(&g, 0x1064)].ind, CFG_IND_UNKNOWN);
	cfg_free(&g);
}

/* ---- the guest interpreter ------------------------------------------------------------------ */

struct find {
	const char *prefix;
	int type;
	uint64_t value, size;
};

static int find_sym(void *arg, const struct elf_image_sym *s)
{
	struct find *f = arg;
	if (s->type == f->type && !strncmp(s->name, f->prefix, strlen(f->prefix))) {
		f->value = s->value;
		f->size = s->size;
		return 1;
	}
	return 0;
}

static size_t elf_read(void *ctx, uint64_t addr, uint8_t *buf, size_t n)
{
	return elf_image_read(ctx, addr, buf, n);
}

static void test_guest_interpreter(void **state)
{
	(void)state;
	struct elf_image im;
	if (elf_image_open(&im, GOTO_PROG))
		skip();
	struct find run = { "goto_interp_run", STT_FUNC, 0, 0 };
	struct find sw = { "switch_interp_run", STT_FUNC, 0, 0 };
	struct find tab = { "goto_labels", STT_OBJECT, 0, 0 };
	assert_int_equal(elf_image_symbols(&im, SHT_SYMTAB, find_sym, &run), 1);
	assert_int_equal(elf_image_symbols(&im, SHT_SYMTAB, find_sym, &sw), 1);
	assert_int_equal(elf_image_symbols(&im, SHT_SYMTAB, find_sym, &tab), 1);
	assert_int_equal(tab.size, 10 * 8);
	/* the label addresses: the table's entries */
	uint64_t want[10];
	for (int k = 0; k < 10; k++) {
		uint8_t w[8];
		assert_int_equal(elf_image_read(&im, tab.value + 8 * (uint64_t)k, w, 8), 8);
		want[k] = 0;
		for (int b = 7; b >= 0; b--)
			want[k] = want[k] << 8 | w[b];
		assert_true(want[k] > run.value && want[k] < run.value + run.size);
	}
	for (int i = 1; i < 10; i++)
		for (int j = i; j > 0 && want[j - 1] > want[j]; j--) {
			uint64_t t = want[j];
			want[j] = want[j - 1];
			want[j - 1] = t;
		}
	struct cfg_image img = { elf_read, &im, NULL, 0 };
	uint64_t *ptrs = NULL;
	assert_int_equal(elf_image_code_pointers(&im, &ptrs, &img.n_code_ptrs), 0);
	img.code_ptrs = ptrs;
	uint8_t *fn = malloc(run.size);
	assert_non_null(fn);
	assert_int_equal(elf_image_read(&im, run.value, fn, run.size), run.size);
	struct cfg g;
	assert_int_equal(cfg_build_image(fn, run.size, run.value, &img, &g), 0);
	/* the labels are address-taken: each starts a block */
	assert_int_equal(g.nlabels, 10);
	for (int k = 0; k < 10; k++) {
		assert_int_equal(g.labels[k], want[k]);
		assert_int_equal(g.blocks[cfg_block_of(&g, want[k])].start, want[k]);
	}
	/* every dispatch (gcc copies `goto *goto_labels[*pc++]` into each handler) resolves to
	 * the table, exactly its ten labels */
	int jumps = 0;
	for (size_t b = 0; b < g.nblocks; b++) {
		if (g.blocks[b].end_kind != CFG_END_INDIRECT)
			continue;
		jumps++;
		assert_int_equal(g.blocks[b].ind, CFG_IND_TABLE);
		uint64_t s[16];
		assert_int_equal(succ_starts(&g, (uint32_t)b, s, 16), 10);
		for (int k = 0; k < 10; k++)
			assert_int_equal(s[k], want[k]);
	}
	assert_true(jumps >= 1);
	cfg_free(&g);
	free(fn);
	/* the switch: one jump, the ten cases (the default goes by the range check) */
	fn = malloc(sw.size);
	assert_non_null(fn);
	assert_int_equal(elf_image_read(&im, sw.value, fn, sw.size), sw.size);
	assert_int_equal(cfg_build_image(fn, sw.size, sw.value, &img, &g), 0);
	jumps = 0;
	for (size_t b = 0; b < g.nblocks; b++) {
		if (g.blocks[b].end_kind != CFG_END_INDIRECT)
			continue;
		jumps++;
		assert_int_equal(g.blocks[b].ind, CFG_IND_TABLE);
		assert_int_equal(g.blocks[b].isucc_n, 10);
	}
	assert_int_equal(jumps, 1);
	cfg_free(&g);
	free(fn);
	free(ptrs);
	elf_image_close(&im);
}

static void test_guest_pie(void **state)
{
	(void)state;
	struct elf_image im;
	if (elf_image_open(&im, GOTO_PIE))
		skip();
	if (!im.ident.is_pie) {
		elf_image_close(&im);
		skip();  /* a toolchain that does not default to PIE */
	}
	struct find run = { "goto_interp_run", STT_FUNC, 0, 0 };
	assert_int_equal(elf_image_symbols(&im, SHT_SYMTAB, find_sym, &run), 1);
	struct cfg_image img = { elf_read, &im, NULL, 0 };
	uint64_t *ptrs = NULL;
	assert_int_equal(elf_image_code_pointers(&im, &ptrs, &img.n_code_ptrs), 0);
	img.code_ptrs = ptrs;
	uint8_t *fn = malloc(run.size);
	assert_non_null(fn);
	assert_int_equal(elf_image_read(&im, run.value, fn, run.size), run.size);
	struct cfg g;
	assert_int_equal(cfg_build_image(fn, run.size, run.value, &img, &g), 0);
	assert_int_equal(g.nlabels, 10);
	int jumps = 0;
	for (size_t b = 0; b < g.nblocks; b++) {
		if (g.blocks[b].end_kind != CFG_END_INDIRECT)
			continue;
		jumps++;
		assert_true(g.blocks[b].ind == CFG_IND_LABELS || g.blocks[b].ind == CFG_IND_TABLE);
		uint64_t s[16];
		assert_int_equal(succ_starts(&g, (uint32_t)b, s, 16), 10);
		for (int k = 0; k < 10; k++)
			assert_int_equal(s[k], g.labels[k]);
	}
	assert_true(jumps >= 1);
	cfg_free(&g);
	free(fn);
	free(ptrs);
	elf_image_close(&im);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_absolute_table),
		cmocka_unit_test(test_labels),
		cmocka_unit_test(test_tail_call_and_relative),
		cmocka_unit_test(test_guest_interpreter),
		cmocka_unit_test(test_guest_pie),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
