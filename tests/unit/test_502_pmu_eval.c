/* 502: evaluating simulated profilers — the code map's lookups and unit keys (images without
 * symbols, pcs outside every image), the profile error against the Oracle at the three
 * granularities on hand-made profiles, the paper's workload classes and the top list. */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/pmu_eval.h"

static void test_code_map(void **state)
{
	(void)state;
	struct code_map m;
	code_map_init(&m);
	assert_int_equal(code_map_add(&m, "/nonexistent/prog", 0x10000, 0x20000, 0), 0);
	assert_int_equal(code_map_add(&m, "/nonexistent/libc.so", 0x7000000, 0x7100000, 0x7000000), 0);
	/* a second range of the same file is the same image; overlaps are refused */
	assert_int_equal(code_map_add(&m, "/nonexistent/libc.so", 0x7200000, 0x7300000, 0x7000000), 0);
	assert_int_equal(code_map_add(&m, "/nonexistent/other", 0x7050000, 0x7060000, 0), -EINVAL);
	assert_int_equal(code_map_add(&m, "/nonexistent/other", 0x100, 0x100, 0), -EINVAL);
	assert_int_equal(m.nim, 2);
	struct code_loc l;
	assert_int_equal(code_map_locate(&m, 0x7200010, &l), 0);
	assert_int_equal(l.image, 1);
	assert_int_equal(l.offset, 0x200010);
	assert_null(l.func);
	assert_int_equal(l.block_ok, 0);
	/* no symbols: one block per instruction, one function unit per image */
	assert_int_equal(code_map_key_insn(&l, 0x7200010), 0x7200010);
	assert_true(code_map_key_block(&l, 0x7200010) != 0x7200010);
	uint64_t f1 = code_map_key_func(&m, &l);
	assert_int_equal(code_map_locate(&m, 0x7000010, &l), 0);
	assert_int_equal(code_map_key_func(&m, &l), f1);
	assert_int_equal(code_map_locate(&m, 0x10010, &l), 0);
	assert_true(code_map_key_func(&m, &l) != f1);
	/* outside every image */
	assert_int_equal(code_map_locate(&m, 0x5000, &l), 0);
	assert_int_equal(l.image, -1);
	assert_int_equal(l.offset, 0x5000);
	char where[CODE_MAP_TEXT_MAX], src[CODE_MAP_TEXT_MAX], dis[CODE_MAP_TEXT_MAX];
	code_map_describe(&m, &l, 0x5000, NULL, where, src, dis);
	assert_string_equal(where, "0x5000");
	assert_string_equal(src, "");
	assert_string_equal(dis, "");
	assert_int_equal(code_map_locate(&m, 0x7000010, &l), 0);
	code_map_describe(&m, &l, 0x7000010, NULL, where, src, dis);
	assert_string_equal(where, "libc.so+0x10");
	code_map_free(&m);
}

static void test_error_and_class(void **state)
{
	(void)state;
	struct code_map m;
	code_map_init(&m);
	assert_int_equal(code_map_add(&m, "/nonexistent/a", 0x10000, 0x20000, 0), 0);
	assert_int_equal(code_map_add(&m, "/nonexistent/b", 0x30000, 0x40000, 0), 0);
	struct pmu_profile o, p;
	assert_int_equal(pmu_profile_init(&o, 12), 0);
	assert_int_equal(pmu_profile_init(&p, 12), 0);
	/* Oracle: 60 cycles computing, 30 stalled on a load, 10 flushed (of 100) */
	struct isa_insn ld = { .cls = ISA_CLASS_LOAD, .len = 4, .size = 8 };
	pmu_profile_add(&o, 0x10000, NULL, PMU_CAT_EXECUTE, 60 * 12);
	pmu_profile_add(&o, 0x10004, &ld, PMU_CAT_STALL_LOAD, 30 * 12);
	pmu_profile_add(&o, 0x30000, NULL, PMU_CAT_FLUSH_MISC, 10 * 12);
	/* a profiler that puts the load's time on the instruction before it */
	pmu_profile_add(&p, 0x10000, NULL, PMU_CAT_EXECUTE, 9 * 12);
	pmu_profile_add(&p, 0x30000, NULL, PMU_CAT_FLUSH_MISC, 1 * 12);
	struct profile_error e[PMU_EVAL_GRAN_N];
	assert_int_equal(pmu_eval_error(&m, &p, &o, e), 0);
	/* instruction: shares 0.9/0.1 against 0.6/0.3/0.1: 30% misattributed */
	assert_true(e[PMU_EVAL_INSN].error > 0.2999 && e[PMU_EVAL_INSN].error < 0.3001);
	/* no symbols: blocks are instructions; functions are the two images: all correct */
	assert_true(e[PMU_EVAL_BLOCK].error > 0.2999 && e[PMU_EVAL_BLOCK].error < 0.3001);
	assert_true(e[PMU_EVAL_FUNC].error < 1e-9);
	assert_true(e[PMU_EVAL_INSN].c_total == 100 * 12);
	/* the Oracle against itself */
	assert_int_equal(pmu_eval_error(&m, &o, &o, e), 0);
	assert_true(e[PMU_EVAL_INSN].error < 1e-12);
	double sh[PMU_CAT_N];
	assert_int_equal(pmu_eval_classify(&o, sh), PMU_EVAL_COMPUTE);
	assert_true(sh[PMU_CAT_STALL_LOAD] > 0.2999 && sh[PMU_CAT_STALL_LOAD] < 0.3001);
	/* 50% committing is not more than half: flushed 10% makes it flush-intensive */
	pmu_profile_add(&o, 0x10008, NULL, PMU_CAT_STALL_ALU, 20 * 12);
	assert_int_equal(pmu_eval_classify(&o, NULL), PMU_EVAL_FLUSH);
	assert_string_equal(pmu_eval_class_name(PMU_EVAL_STALL), "stall");
	/* top list: heaviest first, with its category split */
	struct pmu_eval_top t[5];
	assert_int_equal(pmu_eval_top(&m, &o, t, 5), 4);
	assert_int_equal(t[0].pc, 0x10000);
	assert_int_equal(t[1].pc, 0x10004);
	assert_true(t[1].cat_share[PMU_CAT_STALL_LOAD] == 1.0);
	assert_true(t[0].share > 0.49 && t[0].share < 0.51);
	assert_string_equal(t[1].func, "a");
	/* per function (no symbols: per image): a has 110 of the 120 cycles, b 10; a floor of
	 * 10% leaves b out; the units of given functions, in the order asked */
	struct pmu_eval_top_func tf[3];
	assert_int_equal(pmu_eval_top_funcs(&m, &o, 0, tf, 3), 2);
	assert_string_equal(tf[0].func, "a");
	assert_string_equal(tf[1].func, "b");
	assert_true(fabs(tf[0].share - 110.0 / 120) < 1e-12 && fabs(tf[1].share - 10.0 / 120) < 1e-12);
	assert_int_equal(pmu_eval_top_funcs(&m, &o, 0.1, tf, 3), 1);
	assert_int_equal(pmu_eval_top_funcs(&m, &o, 0, tf, 1), 1);
	assert_int_equal(pmu_eval_top_funcs(&m, &o, 0, tf, 3), 2);
	uint64_t keys[2] = { tf[1].key, tf[0].key };
	double fu[2];
	assert_int_equal(pmu_eval_func_units(&m, &o, keys, 2, fu), 0);
	assert_true(fu[0] == 10 * 12 && fu[1] == 110 * 12);
	/* an empty profile has no error */
	struct pmu_profile z;
	assert_int_equal(pmu_profile_init(&z, 12), 0);
	assert_int_equal(pmu_eval_error(&m, &z, &o, e), -ENODATA);
	assert_int_equal(pmu_eval_top(&m, &z, t, 5), 0);
	assert_int_equal(pmu_eval_top_funcs(&m, &z, 0, tf, 3), 0);
	pmu_profile_free(&z);
	pmu_profile_free(&o);
	pmu_profile_free(&p);
	code_map_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_code_map),
		cmocka_unit_test(test_error_and_class),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
