/* 703: IBS op and fetch raw samples decode into their fields (003_b4067ee07181a84e.txt):
 * precise pc, load/store, data-cache and TLB miss flags, miss latency, data address, branch
 * mispredict; an invalid or short sample is refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "collect/ibs.h"

static size_t raw_of(unsigned char *buf, uint32_t caps, const uint64_t *regs, int n)
{
	memcpy(buf, &caps, 4);
	memcpy(buf + 4, regs, (size_t)n * 8);
	return 4 + (size_t)n * 8;
}

static void test_op(void **state)
{
	(void)state;
	uint64_t regs[8] = { 0 };
	regs[0] = 1ull << 18 | 1ull << 17;          /* IbsOpCtl: valid, enabled */
	regs[1] = 0x4011c2;                           /* IbsOpRip */
	regs[2] = 37ull << 16 | 5ull | 1ull << 36 | 1ull << 37; /* tag->ret 37, mispredicted branch */
	regs[3] = 2 | 1ull << 6;                      /* data source lo 2, hi 1 */
	regs[4] = 1ull << 0 | 1ull << 2 | 1ull << 3 | 1ull << 7 | 1ull << 17 | 1ull << 20 |
		  4ull << 22 | 250ull << 32 | 30ull << 48; /* load, DTLB L1+L2 miss, DC miss, L2 */
	regs[5] = 0x7ffd12345678;                     /* IbsDcLinAd */
	regs[6] = 0x12345000;
	regs[7] = 0x401191;                           /* IbsBrTarget */
	unsigned char buf[128];
	size_t n = raw_of(buf, 1u << 5, regs, 8);
	struct ibs_op op;
	assert_int_equal(ibs_op_decode(buf, n, &op), 0);
	assert_int_equal(op.rip, 0x4011c2);
	assert_true(op.rip_valid);
	assert_int_equal(op.tag_to_ret_cycles, 37);
	assert_int_equal(op.comp_to_ret_cycles, 5);
	assert_true(op.bits & IBS_OP_LOAD);
	assert_false(op.bits & IBS_OP_STORE);
	assert_true(op.bits & IBS_OP_DC_MISS);
	assert_true(op.bits & IBS_OP_L2_MISS);
	assert_true(op.bits & IBS_OP_DTLB_L1_MISS);
	assert_true(op.bits & IBS_OP_DTLB_L2_MISS);
	assert_true(op.bits & IBS_OP_BR_MISPREDICT);
	assert_true(op.bits & IBS_OP_BRANCH);
	assert_int_equal(op.dc_miss_lat_cycles, 250);
	assert_int_equal(op.tlb_refill_lat_cycles, 30);
	assert_int_equal(op.mem_width_bytes, 8);
	assert_true(op.data_addr_valid);
	assert_int_equal(op.data_addr, 0x7ffd12345678);
	assert_false(op.phys_addr_valid);
	assert_int_equal(op.phys_addr, 0);
	assert_int_equal(op.data_src, 2 | 1 << 3);
	assert_int_equal(op.br_target, 0x401191);
	assert_string_equal(ibs_op_bit_name(2), "dc_miss");
	assert_null(ibs_op_bit_name(IBS_OP_NBITS));
	assert_int_equal(ibs_latency_bucket(250), 128);
	assert_int_equal(ibs_latency_bucket(0), 0);
	assert_int_equal(ibs_latency_bucket(1), 1);

	/* not valid, or short: refused */
	regs[0] = 0;
	n = raw_of(buf, 0, regs, 7);
	assert_int_not_equal(ibs_op_decode(buf, n, &op), 0);
	regs[0] = 1ull << 18;
	assert_int_not_equal(ibs_op_decode(buf, 4 + 6 * 8, &op), 0);
}

static void test_fetch(void **state)
{
	(void)state;
	uint64_t regs[3];
	regs[0] = 1ull << 49 | 1ull << 50 | 1ull << 51 | 1ull << 55 | 40ull << 32; /* ic miss */
	regs[1] = 0x401000;
	regs[2] = 0;
	unsigned char buf[64];
	size_t n = raw_of(buf, 0, regs, 3);
	struct ibs_fetch f;
	assert_int_equal(ibs_fetch_decode(buf, n, &f), 0);
	assert_int_equal(f.addr, 0x401000);
	assert_int_equal(f.fetch_lat_cycles, 40);
	assert_true(f.bits & IBS_FETCH_IC_MISS);
	assert_true(f.bits & IBS_FETCH_ITLB_L1_MISS);
	assert_true(f.bits & IBS_FETCH_COMPLETED);
	assert_false(f.bits & IBS_FETCH_L2_MISS);
	regs[0] = 0;
	raw_of(buf, 0, regs, 3);
	assert_int_not_equal(ibs_fetch_decode(buf, n, &f), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_op),
		cmocka_unit_test(test_fetch),
	};
	return cmocka_run_group_tests_name("703-ibs", tests, NULL, NULL);
}
