/* 701: the DCPI aggregating table counts, evicts round-robin into the overflow buffer when a
 * bucket is full, and never loses or invents a sample (drained counts == samples added). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "collect/agg.h"

struct tally {
	uint64_t total;
	uint64_t entries;
	uint64_t count_of_pc[64];
};

static void sum(void *arg, const struct agg_entry *e)
{
	struct tally *t = arg;
	t->total += e->count;
	t->entries++;
	if (e->pc < 64)
		t->count_of_pc[e->pc] += e->count;
}

static void test_hits_aggregate(void **state)
{
	(void)state;
	struct agg_table t;
	assert_int_equal(agg_init(&t, 1024, 64), 0);
	for (int i = 0; i < 1000; i++)
		assert_int_equal(agg_add(&t, 7, (uint64_t)(i % 3), 0), 0);
	assert_int_equal(t.stats.hits, 997);
	assert_int_equal(t.overflow_len, 0);
	struct tally y = { 0 };
	agg_drain_all(&t, sum, &y);
	assert_int_equal(y.total, 1000);
	assert_int_equal(y.entries, 3);
	assert_int_equal(y.count_of_pc[0], 334);
	assert_int_equal(y.count_of_pc[1], 333);
	/* drained: the table is empty now */
	struct tally z = { 0 };
	agg_drain_all(&t, sum, &z);
	assert_int_equal(z.total, 0);
	agg_free(&t);
}

static void test_eviction_round_robin(void **state)
{
	(void)state;
	struct agg_table t;
	/* one bucket of four ways: a fifth key evicts way 0, a sixth way 1 (mod-4 counter) */
	assert_int_equal(agg_init(&t, 4, 8), 0);
	assert_int_equal(t.nbuckets, 1);
	for (uint64_t pc = 0; pc < 4; pc++)
		assert_int_equal(agg_add(&t, 1, pc, 0), 0);
	agg_add(&t, 1, 0, 0); /* pc 0 now has count 2 */
	assert_int_equal(agg_add(&t, 1, 10, 0), 0);
	assert_int_equal(t.overflow_len, 1);
	assert_int_equal(t.overflow[0].pc, 0);
	assert_int_equal(t.overflow[0].count, 2);
	assert_int_equal(agg_add(&t, 1, 11, 0), 0);
	assert_int_equal(t.overflow[1].pc, 1);
	/* context and event are part of the key */
	agg_add(&t, 2, 10, 0);
	agg_add(&t, 1, 10, 1);
	assert_int_equal(t.stats.evictions, 4);
	struct tally y = { 0 };
	agg_drain_all(&t, sum, &y);
	assert_int_equal(y.total, t.stats.samples);
	agg_free(&t);
}

static void test_overflow_full_signal(void **state)
{
	(void)state;
	struct agg_table t;
	assert_int_equal(agg_init(&t, 4, 2), 0);
	for (uint64_t pc = 0; pc < 5; pc++)
		assert_int_equal(agg_add(&t, 0, pc, 0), 0);
	assert_int_equal(agg_add(&t, 0, 5, 0), 1); /* second eviction fills the buffer */
	struct tally y = { 0 };
	agg_drain_overflow(&t, sum, &y);
	assert_int_equal(y.entries, 2);
	assert_int_equal(t.overflow_len, 0);
	agg_free(&t);
}

static void test_conservation_random(void **state)
{
	(void)state;
	struct agg_table t;
	assert_int_equal(agg_init(&t, 256, 32), 0);
	struct tally y = { 0 };
	uint64_t x = 12345, want[64] = { 0 };
	for (int i = 0; i < 200000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		uint64_t pc = x % 64, ctx = (x >> 8) % 50;
		want[pc]++;
		if (agg_add(&t, ctx, pc, (uint32_t)((x >> 20) & 1)))
			agg_drain_overflow(&t, sum, &y);
	}
	agg_drain_all(&t, sum, &y);
	assert_int_equal(y.total, 200000);
	for (int pc = 0; pc < 64; pc++)
		assert_int_equal(y.count_of_pc[pc], want[pc]);
	assert_true(t.stats.hits > 0);
	agg_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hits_aggregate),
		cmocka_unit_test(test_eviction_round_robin),
		cmocka_unit_test(test_overflow_full_signal),
		cmocka_unit_test(test_conservation_random),
	};
	return cmocka_run_group_tests_name("701-agg", tests, NULL, NULL);
}
