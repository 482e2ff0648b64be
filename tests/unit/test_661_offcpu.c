/* 661: off-CPU pairing (src/collect/offcpu.c): a switch-out is charged at its thread's next
 * switch-in with the stack it was held with, in whole units with each thread's remainder
 * carried; a preemption or an exit drops the pending wait; a switch-in with nothing pending
 * charges nothing; many threads survive table growth and deletion. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "collect/offcpu.h"

struct got {
	uint64_t units, calls;
	uint64_t leaf;               /* offset of the last frame of the last charge */
	size_t n;
	unsigned event;
};

static int charge(void *arg, unsigned event, void *const *image, const uint64_t *offset,
		  size_t n, uint64_t units)
{
	struct got *g = arg;
	(void)image;
	g->units += units;
	g->calls++;
	g->leaf = offset[n - 1];
	g->n = n;
	g->event = event;
	return 0;
}

static void test_pair_and_carry(void **state)
{
	(void)state;
	struct offcpu o;
	offcpu_init(&o, 1000);
	void *im[3] = { &o, &o, &o };
	uint64_t off[3] = { 10, 20, 30 };
	struct got g = { 0 };
	/* 2.5 us, then 1.7 us: 2 units, then 4.2 - 2 = 2 more (carry 0.2 us) */
	assert_int_equal(offcpu_out(&o, 42, 1, 1000, im, off, 3), 0);
	assert_int_equal(offcpu_in(&o, 42, 3500, charge, &g), 0);
	assert_int_equal(g.units, 2);
	assert_int_equal(g.leaf, 30);
	assert_int_equal(g.n, 3);
	assert_int_equal(g.event, 1);
	assert_int_equal(offcpu_out(&o, 42, 1, 10000, im, off, 2), 0);
	assert_int_equal(offcpu_in(&o, 42, 11700, charge, &g), 0);
	assert_int_equal(g.units, 4);
	assert_int_equal(g.leaf, 20);
	assert_int_equal(o.st.ns, 4200);
	assert_int_equal(o.st.waits, 2);
	/* a second switch-in charges nothing */
	assert_int_equal(offcpu_in(&o, 42, 20000, charge, &g), 0);
	assert_int_equal(g.calls, 2);
	assert_int_equal(o.st.unpaired, 1);
	offcpu_free(&o);
}

static void test_preempt_exit_idle(void **state)
{
	(void)state;
	struct offcpu o;
	offcpu_init(&o, 1);
	void *im[1] = { &o };
	uint64_t off[1] = { 5 };
	struct got g = { 0 };
	assert_int_equal(offcpu_out(&o, 7, 0, 100, im, off, 1), 0);
	offcpu_preempted(&o, 7);
	assert_int_equal(offcpu_in(&o, 7, 200, charge, &g), 0);
	assert_int_equal(offcpu_out(&o, 8, 0, 100, im, off, 1), 0);
	offcpu_forget(&o, 8);
	assert_int_equal(offcpu_in(&o, 8, 200, charge, &g), 0);
	assert_int_equal(offcpu_out(&o, 0, 0, 100, im, off, 1), 0); /* idle: ignored */
	assert_int_equal(offcpu_in(&o, 0, 200, charge, &g), 0);
	assert_int_equal(g.calls, 0);
	offcpu_free(&o);
}

static void test_many_threads(void **state)
{
	(void)state;
	struct offcpu o;
	offcpu_init(&o, 1);
	void *im[1] = { &o };
	uint64_t off[1];
	struct got g = { 0 };
	for (uint32_t t = 1; t <= 5000; t++) {
		off[0] = t;
		assert_int_equal(offcpu_out(&o, t, 0, 0, im, off, 1), 0);
	}
	for (uint32_t t = 2; t <= 5000; t += 2) /* delete half: the rest must stay findable */
		offcpu_forget(&o, t);
	for (uint32_t t = 1; t <= 5000; t++) {
		uint64_t before = g.units;
		assert_int_equal(offcpu_in(&o, t, t, charge, &g), 0);
		assert_int_equal(g.units - before, (t & 1) ? t : 0);
		if (t & 1)
			assert_int_equal(g.leaf, t);
	}
	assert_int_equal(o.used, 2500);
	offcpu_free(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pair_and_carry),
		cmocka_unit_test(test_preempt_exit_idle),
		cmocka_unit_test(test_many_threads),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
