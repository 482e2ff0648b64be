/* 537: ProfileMe's fetch-opportunity counting (000_424085ad3398c1f4.txt §4.1.1) on a
 * hand-built fetch schedule: the counter counts fetch slots (width a cycle), a tagged slot
 * past the instructions fetched in its cycle (or in a cycle that fetched nothing, or after
 * the last fetch) is an empty sample, a tagged slot holding an instruction tags exactly that
 * instruction, and the unit's exact empty-slot count is width x cycles - fetched. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/profileme_est.h"
#include "isa/isa.h"
#include "pmu/profileme.h"

static struct isa_insn ins_alu = { .cls = ISA_CLASS_ALU, .len = 4 };

/* Cycle t fetches t % 5 instructions (0..4 of 4 slots); 0 in cycles that are multiples of
 * 7 too. Returns the instructions fetched in cycle t. */
static uint32_t sched_n(uint64_t t)
{
	return t % 7 == 0 ? 0 : (uint32_t)(t % 5);
}

/* Run `cycles` cycles of the schedule through the unit (the fetch hook, then the records,
 * each with its fetch cycle as its PC so samples name their cycle), plus `tail` idle cycles
 * at the end. Returns fetched instructions. */
static uint64_t drive(struct pm *p, uint64_t cycles, uint64_t tail)
{
	struct probe_consumer pc;
	pm_consumer(p, &pc);
	assert_non_null(pc.on_fetch);
	uint64_t seq = 0;
	for (uint64_t t = 0; t < cycles; t++) {
		uint32_t n = sched_n(t);
		if (!n)
			continue;
		pc.on_fetch(pc.ctx, t, seq + 1, n);
		for (uint32_t k = 0; k < n; k++) {
			struct probe_insn r = {
				.seq = ++seq, .path_seq = seq, .pc = 0x1000 + 4 * t, .insn = &ins_alu,
				.t_fetch = t, .t_decode = t + 1, .t_rename = t + 2, .t_dispatch = t + 2,
				.t_ready = t + 3, .t_issue = t + 4, .t_complete = t + 5, .t_end = t + 6,
				.committed = 1,
			};
			pc.on_insn(pc.ctx, &r);
		}
	}
	pm_end_cycles(p, cycles + tail);
	pm_finish(p);
	return seq;
}

static struct pm_config slot_cfg(uint64_t interval)
{
	struct pm_config c = {
		.interval = interval, .window = 8, .history_bits = 4, .seed = 11, .issue_width = 4,
		.ipc_window_cycles = 30, .fetch_slots = 4,
	};
	return c;
}

/* Interval 1 tags every slot: every instruction is sampled once and every empty slot is an
 * empty sample, exactly. */
static void test_every_slot(void **state)
{
	(void)state;
	struct pm_config c = slot_cfg(1);
	struct pm *p;
	assert_int_equal(pm_create(&c, &p), 0);
	uint64_t fetched = drive(p, 700, 10);
	const struct pm_stats *st = pm_stats(p);
	assert_int_equal(st->slots, 4 * 710);
	assert_int_equal(st->x_empty_slots, 4 * 710 - fetched);
	assert_int_equal(st->slot_samples, 4 * 710);
	assert_int_equal(st->empty_samples, st->x_empty_slots);
	assert_int_equal(st->samples, fetched);
	assert_int_equal(st->dropped, 0);
	/* every PC (one per fetching cycle) got as many samples as instructions it fetched */
	size_t n;
	const struct pm_pc *pcs = pm_pcs(p, &n);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(pcs[i].samples, sched_n((pcs[i].pc - 0x1000) / 4));
	pm_destroy(p);
}

/* A sparse counter: the empty-slot estimate kS lies in its 95% interval around the exact
 * count (4-sigma margin here so a seed change cannot fail it), records are the non-empty
 * tags, and the per-PC retire estimates stay unbiased (sum of kS near the retirements). */
static void test_sparse(void **state)
{
	(void)state;
	struct pm_config c = slot_cfg(13);
	struct pm *p;
	assert_int_equal(pm_create(&c, &p), 0);
	uint64_t fetched = drive(p, 200000, 0);
	const struct pm_stats *st = pm_stats(p);
	assert_int_equal(st->x_empty_slots, 4 * 200000 - fetched);
	assert_int_equal(st->samples + st->empty_samples + st->dropped, st->slot_samples);
	struct pm_est e;
	pm_est_count(st->empty_samples, 13, &e);
	double sigma = e.est * e.cv;
	assert_true(e.est > (double)st->x_empty_slots - 4 * sigma &&
	            e.est < (double)st->x_empty_slots + 4 * sigma);
	pm_est_count(st->retired, 13, &e);
	assert_true(e.est > (double)fetched - 4 * e.est * e.cv &&
	            e.est < (double)fetched + 4 * e.est * e.cv);
	pm_destroy(p);
}

/* Counting fetched instructions (the default) publishes no fetch hook. */
static void test_default_has_no_hook(void **state)
{
	(void)state;
	struct pm_config c = slot_cfg(10);
	c.fetch_slots = 0;
	struct pm *p;
	assert_int_equal(pm_create(&c, &p), 0);
	struct probe_consumer pc;
	pm_consumer(p, &pc);
	assert_null(pc.on_fetch);
	pm_finish(p);
	assert_int_equal(pm_stats(p)->slot_samples, 0);
	pm_destroy(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_slot),
		cmocka_unit_test(test_sparse),
		cmocka_unit_test(test_default_has_no_hook),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
