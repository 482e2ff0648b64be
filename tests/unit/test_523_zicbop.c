/* 523: Zicbop prefetch hints in the decoded-instruction contract: `ori x0, rs1, imm` with
 * imm[4:0] = 1 (prefetch.r) or 3 (prefetch.w) decodes as ori with ISA_F_PREFETCH and the
 * offset in imm & ~31; other immediates (prefetch.i = 0, reserved 2) and a destination
 * other than x0 do not. (e2e 523 checks that the core turns the hints into cache fills.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "isa/isa.h"

static uint32_t ori(unsigned rd, unsigned rs1, int imm)
{
	return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | 6u << 12 | rd << 7 | 0x13;
}

static void test_decode(void **state)
{
	(void)state;
	struct isa_insn in;
	assert_int_equal(isa_decode(ori(0, 10, 1), &in), 4);
	assert_int_equal(in.op, ISA_OP_ori);
	assert_true(in.flags & ISA_F_PREFETCH);
	assert_int_equal(in.rs1, 10);
	assert_int_equal(isa_decode(ori(0, 15, 3 | 64), &in), 4);   /* prefetch.w 64(a5) */
	assert_true(in.flags & ISA_F_PREFETCH);
	assert_int_equal(in.imm & ~31, 64);
	assert_int_equal(isa_decode(ori(0, 15, -32 | 1), &in), 4);  /* prefetch.r -32(a5) */
	assert_true(in.flags & ISA_F_PREFETCH);
	assert_int_equal(in.imm & ~31, -32);
	assert_int_equal(isa_decode(ori(0, 10, 0), &in), 4);        /* prefetch.i: not data */
	assert_false(in.flags & ISA_F_PREFETCH);
	assert_int_equal(isa_decode(ori(0, 10, 2), &in), 4);        /* reserved */
	assert_false(in.flags & ISA_F_PREFETCH);
	assert_int_equal(isa_decode(ori(11, 10, 1), &in), 4);       /* a real ori */
	assert_false(in.flags & ISA_F_PREFETCH);
	assert_int_equal(in.size, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decode),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
