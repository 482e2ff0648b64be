/* 641: the riscv64 CFG builder: blocks, ends and successors of a hand-checked function
 * (assembled with riscv64-linux-gnu-as, bytes below), calls not ending blocks, RVC code,
 * undecodable halfwords, and block lookup. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "analysis/cfg.h"

/*   0: addi a0,zero,0        4: addi a1,zero,10
 * loop:
 *   8: addi a0,a0,1          c: blt a0,a1,loop       10: beq a0,zero,out
 *  14: auipc ra,0            18: jalr ra,0(ra)  (call) 1c: jal zero,after
 *  20: c.nop
 * after: 22: c.li a2,3
 * out:   24: c.jr ra  (ret)
 * g:     26: jalr zero,0(a5) (indirect jump) */
static const uint8_t code[] = {
	0x13, 0x05, 0x00, 0x00, 0x93, 0x05, 0xa0, 0x00, 0x13, 0x05, 0x15, 0x00,
	0xe3, 0x4e, 0xb5, 0xfe, 0x63, 0x0a, 0x05, 0x00, 0x97, 0x00, 0x00, 0x00,
	0xe7, 0x80, 0x00, 0x00, 0x6f, 0x00, 0x60, 0x00, 0x01, 0x00, 0x0d, 0x46,
	0x82, 0x80, 0x67, 0x80, 0x07, 0x00
};

static void test_blocks(void **state)
{
	(void)state;
	struct cfg g;
	assert_int_equal(cfg_build(code, sizeof(code), 0x1000, &g), 0);
	static const struct {
		uint64_t start, end;
		uint32_t ninsns;
		int end_kind;
		uint32_t s0, s1;
	} want[] = {
		{ 0x1000, 0x1008, 2, CFG_END_FALLTHROUGH, 1, CFG_NONE },
		{ 0x1008, 0x1010, 2, CFG_END_BRANCH, 1, 2 },
		{ 0x1010, 0x1014, 1, CFG_END_BRANCH, 6, 3 },
		{ 0x1014, 0x1020, 3, CFG_END_JUMP, 5, CFG_NONE },
		{ 0x1020, 0x1022, 1, CFG_END_FALLTHROUGH, 5, CFG_NONE },
		{ 0x1022, 0x1024, 1, CFG_END_FALLTHROUGH, 6, CFG_NONE },
		{ 0x1024, 0x1026, 1, CFG_END_RETURN, CFG_NONE, CFG_NONE },
		{ 0x1026, 0x102a, 1, CFG_END_INDIRECT, CFG_NONE, CFG_NONE },
	};
	assert_int_equal(g.nblocks, sizeof(want) / sizeof(*want));
	assert_int_equal(g.ninsns, 12);
	assert_int_equal(g.invalid_halfwords, 0);
	for (size_t i = 0; i < g.nblocks; i++) {
		const struct cfg_block *b = &g.blocks[i];
		printf("block %zu [%#lx, %#lx) n=%u end=%d succ=%d,%d\n", i, (unsigned long)b->start,
		       (unsigned long)b->end, b->ninsns, b->end_kind, (int)b->succ[0], (int)b->succ[1]);
		assert_int_equal(b->start, want[i].start);
		assert_int_equal(b->end, want[i].end);
		assert_int_equal(b->ninsns, want[i].ninsns);
		assert_int_equal(b->end_kind, want[i].end_kind);
		assert_int_equal(b->succ[0], want[i].s0);
		assert_int_equal(b->succ[1], want[i].s1);
	}
	assert_int_equal(g.blocks[1].target, 0x1008);
	assert_int_equal(g.blocks[2].target, 0x1024);
	assert_int_equal(cfg_block_of(&g, 0x1000), 0);
	assert_int_equal(cfg_block_of(&g, 0x100e), 1);
	assert_int_equal(cfg_block_of(&g, 0x101c), 3);
	assert_int_equal(cfg_block_of(&g, 0x1029), 7);
	assert_int_equal(cfg_block_of(&g, 0x102a), CFG_NONE);
	assert_int_equal(cfg_block_of(&g, 0xfff), CFG_NONE);
	cfg_free(&g);
}

static void test_region_edges(void **state)
{
	(void)state;
	struct cfg g;
	/* Only the loop (0x8..0x10): the blt target is the region start; the block after it
	 * falls off the region's end. A jump out of the region (the jal at 0x1c seen alone) has
	 * no successor block but keeps its target. */
	assert_int_equal(cfg_build(code + 8, 8, 0x8, &g), 0);
	assert_int_equal(g.nblocks, 1);
	assert_int_equal(g.blocks[0].succ[0], 0);
	assert_int_equal(g.blocks[0].succ[1], CFG_NONE);
	cfg_free(&g);
	assert_int_equal(cfg_build(code + 0x1c, 4, 0x1c, &g), 0);
	assert_int_equal(g.nblocks, 1);
	assert_int_equal(g.blocks[0].end_kind, CFG_END_JUMP);
	assert_int_equal(g.blocks[0].target, 0x22);
	assert_int_equal(g.blocks[0].succ[0], CFG_NONE);
	cfg_free(&g);
}

static void test_invalid(void **state)
{
	(void)state;
	/* 0x0000 is not a legal instruction; a 32-bit encoding cut at the end is skipped too. */
	static const uint8_t bad[] = { 0x00, 0x00, 0x13, 0x05, 0x00, 0x00, 0x13, 0x05 };
	struct cfg g;
	assert_int_equal(cfg_build(bad, sizeof(bad), 0x100, &g), 0);
	assert_int_equal(g.invalid_halfwords, 2);
	assert_int_equal(g.nblocks, 1);
	assert_int_equal(g.blocks[0].start, 0x102);
	assert_int_equal(g.blocks[0].end, 0x106);
	assert_int_equal(g.blocks[0].end_kind, CFG_END_INVALID);
	assert_int_equal(cfg_block_of(&g, 0x100), CFG_NONE);
	cfg_free(&g);
	assert_int_equal(cfg_build(bad, 0, 0x100, &g), -22);
	assert_int_equal(cfg_build(bad, 4, 0x101, &g), -22);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_blocks),
		cmocka_unit_test(test_region_edges),
		cmocka_unit_test(test_invalid),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
