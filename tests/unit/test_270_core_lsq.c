/* 270: the core's load and store queues. A load searches the store queue only when a store
 * with a known address shares one of its 64-byte granules (struct core.sq_granules): a store
 * or a load that straddles two granules must be found through either; and queues whose
 * capacity is not a power of two (their storage is rounded up, slots found by mask) hold
 * exactly that many entries and forward from the right one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core_synth.h"

#define X(n) ((uint8_t)(n))
#define NONE ISA_REG_NONE
#define ITERS 500

static struct core *run(struct synth *s, const struct core_config *cfg)
{
	struct core *c;
	synth_source(s);
	assert_int_equal(core_create(cfg, &s->src, &c), 0);
	assert_int_equal(core_run(c, stderr), 0);
	assert_int_equal(core_stats(c)->instructions, s->n);
	return c;
}

/* data, store (store_size at store_addr), load (load_size at load_addr), a use, the branch */
static uint64_t store_addr, load_addr;

static uint64_t addr_pair(size_t it, size_t i)
{
	(void)it;
	return i == 1 ? store_addr : load_addr;
}

static struct core *store_then_load(struct synth *s, uint8_t store_size, uint8_t load_size)
{
	struct core_config cfg;
	config_defaults(&cfg);
	memset(s, 0, sizeof(*s));
	synth_alu(s, X(5), X(5), X(0));
	synth_insn(s, ISA_CLASS_STORE, NONE, X(2), X(5), 0, 0, store_size);
	synth_insn(s, ISA_CLASS_LOAD, X(6), X(3), NONE, 0, 0, load_size);
	synth_alu(s, X(7), X(6), X(0));
	synth_branch(s, X(6), X(0), -4 * 4);
	synth_loop(s, 0, 4, ITERS, addr_pair);
	return run(s, &cfg);
}

static void test_store_straddles(void **state)
{
	(void)state;
	struct synth s;
	/* an 8-byte store over 0x80003c..0x800043 and a 4-byte load of 0x800040: the load's one
	 * granule is the store's second; the load forwards (as in test 302, nearly every
	 * iteration) */
	store_addr = 0x80003c;
	load_addr = 0x800040;
	struct core *c = store_then_load(&s, 8, 4);
	assert_true(core_stats(c)->stlf > ITERS * 8 / 10);
	core_destroy(c);
	synth_free(&s);
	/* the same load one granule further (0x800080): nothing to forward from */
	store_addr = 0x80003c;
	load_addr = 0x800080;
	c = store_then_load(&s, 8, 4);
	assert_int_equal(core_stats(c)->stlf, 0);
	core_destroy(c);
	synth_free(&s);
}

static void test_load_straddles(void **state)
{
	(void)state;
	struct synth s;
	/* a 4-byte store of 0x800040 and an 8-byte load of 0x80003c..0x800043: the store lies in
	 * the load's second granule and covers only half of it, so the load waits for the store
	 * to reach the cache instead of forwarding or reading the cache past it */
	store_addr = 0x800040;
	load_addr = 0x80003c;
	struct core *c = store_then_load(&s, 4, 8);
	const struct core_stats *st = core_stats(c);
	assert_int_equal(st->stlf, 0);
	assert_true(st->load_retries >= ITERS * 8 / 10);
	core_destroy(c);
	synth_free(&s);
}

/* stores then loads of NPAIR distinct 8-byte words, each in its own granule */
#define NPAIR 7

static uint64_t addr_words(size_t it, size_t i)
{
	(void)it;
	size_t k = i < 1 + NPAIR ? i - 1 : i - 1 - NPAIR;
	return 0x900000 + 64 * k;
}

static struct core *stores_then_loads(uint32_t ldq, uint32_t stq, struct synth *s)
{
	struct core_config cfg;
	char err[CONFIG_ERR_LEN], kv[64];
	config_defaults(&cfg);
	snprintf(kv, sizeof(kv), "ldq_entries=%u", ldq);
	assert_int_equal(config_set_kv(&cfg, kv, err), 0);
	snprintf(kv, sizeof(kv), "stq_entries=%u", stq);
	assert_int_equal(config_set_kv(&cfg, kv, err), 0);
	memset(s, 0, sizeof(*s));
	synth_alu(s, X(5), X(5), X(0));
	for (int k = 0; k < NPAIR; k++)
		synth_insn(s, ISA_CLASS_STORE, NONE, X(2), X(5), 0, 0, 8);
	for (int k = 0; k < NPAIR; k++)
		synth_insn(s, ISA_CLASS_LOAD, X(10 + k), X(3), NONE, 0, 0, 8);
	synth_branch(s, X(10), X(0), -(int64_t)(2 * NPAIR + 1) * 4);
	synth_loop(s, 0, 2 * NPAIR + 1, ITERS / 5, addr_words);
	return run(s, &cfg);
}

static void test_odd_queue_sizes(void **state)
{
	(void)state;
	struct synth s;
	/* five store-queue and three load-queue entries (storage of eight and four): dispatch
	 * stalls on both, and loads still forward from the stores of their own words */
	struct core *c = stores_then_loads(3, 5, &s);
	const struct core_stats *st = core_stats(c);
	assert_true(st->stall_sq > 0);
	assert_true(st->stall_lq > 0);
	assert_true(st->stlf > 0);
	assert_true(st->stlf <= st->loads);
	uint64_t cycles5 = st->cycles, stall5 = st->stall_sq;
	core_destroy(c);
	synth_free(&s);
	/* with room for every store of an iteration (and the committed ones writing) the store
	 * queue fills less often, and the loop runs faster */
	c = stores_then_loads(32, 32, &s);
	assert_true(core_stats(c)->stall_sq < stall5);
	assert_true(core_stats(c)->cycles < cycles5);
	core_destroy(c);
	synth_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_store_straddles),
		cmocka_unit_test(test_load_straddles),
		cmocka_unit_test(test_odd_queue_sizes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
