/* 541: DCPI's frequency estimate with the run's event counts (dcpi_proc_estimate_events,
 * src/analysis/dcpi_freq.c) on colwalk's column loop, hand-assembled with
 * riscv64-linux-gnu-as -march=rv64g:
 *   L: lwu a5,0(a4) | addi a4,a4,1024 | add a0,a0,a5 | bne a4,a3,L | ret
 * Both issue points stall on every execution (the lwu waits for its own D-TLB walk, the add
 * for the lwu's D-cache miss), so the samples alone overestimate F (the lowest ratio is the
 * lwu's, 14.8 cycles per execution); the event counts prove the executions (at most one miss
 * per execution) and mark both issue points as stalled by their events. A cold miss or two
 * changes nothing, and a sample-based estimate below the proven executions is raised.
 * Also the re-centring of the ratio cluster on a block of 16 independent addi (a0..a7,
 * t0..t6, s1) and ret, dual-issued: nine issue points with ~50 samples each, their ratios
 * spread by sampling noise; the lowest cluster's mean is the noise's low tail. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "analysis/dcpi.h"

static const uint8_t code[] = {
	0x83, 0x67, 0x07, 0x00, 0x13, 0x07, 0x07, 0x40, 0x33, 0x05, 0xf5, 0x00,
	0xe3, 0x1a, 0xd7, 0xfe, 0x67, 0x80, 0x00, 0x00
};

static const uint8_t straight[] = {
	0x13, 0x05, 0x15, 0x00, 0x93, 0x85, 0x15, 0x00, 0x13, 0x06, 0x16, 0x00,
	0x93, 0x86, 0x16, 0x00, 0x13, 0x07, 0x17, 0x00, 0x93, 0x87, 0x17, 0x00,
	0x13, 0x08, 0x18, 0x00, 0x93, 0x88, 0x18, 0x00, 0x93, 0x82, 0x12, 0x00,
	0x13, 0x03, 0x13, 0x00, 0x93, 0x83, 0x13, 0x00, 0x13, 0x0e, 0x1e, 0x00,
	0x93, 0x8e, 0x1e, 0x00, 0x13, 0x0f, 0x1f, 0x00, 0x93, 0x8f, 0x1f, 0x00,
	0x93, 0x84, 0x14, 0x00, 0x67, 0x80, 0x00, 0x00
};

#include "dcpi_core.h"

#define PERIOD 10.0   /* cycles per sample: event counts are executions, F is per period */

/* The loop with F executions per period: M_i cycles each at the head plus stall_lwu and
 * stall_add cycles per execution; ret runs once. */
static void loop(struct dcpi_proc *p, double f, double stall_lwu, double stall_add)
{
	assert_int_equal(dcpi_proc_build(code, sizeof(code), 0, &core, p), 0);
	assert_int_equal(p->ninsns, 5);
	assert_int_equal(p->nblocks, 2);
	assert_true(p->insns[0].m_cycles >= 1 && p->insns[2].m_cycles >= 1);
	for (int i = 0; i < 4; i++)
		p->insns[i].samples = f * p->insns[i].m_cycles;
	p->insns[0].samples += f * stall_lwu;
	p->insns[2].samples += f * stall_add;
	p->insns[4].samples = 1;
}

static void test_every_execution_stalls(void **state)
{
	(void)state;
	struct dcpi_proc p;
	loop(&p, 1000, 13.8, 197);
	assert_int_equal(dcpi_proc_estimate(&p), 0);
	assert_true(p.insns[0].freq > 5000);   /* the samples alone: ~14.8 times too high */
	double dtlb[5] = { 1000 * PERIOD }, dmiss[5] = { 1000 * PERIOD };
	struct dcpi_events ev = { .count = { [DCPI_EV_DMISS] = dmiss, [DCPI_EV_DTLB] = dtlb } };
	assert_int_equal(dcpi_proc_estimate_events(&p, &ev, PERIOD), 0);
	for (int i = 0; i < 4; i++)
		assert_true(fabs(p.insns[i].freq - 1000) < 1e-6);
	const struct dcpi_class *k = &p.classes[p.blocks[0].cls];
	assert_int_equal(k->event_stalled, 2);
	assert_int_equal(k->used, 0);
	assert_int_equal(p.insns[0].conf, DCPI_CONF_LOW);
	assert_true(fabs(k->floor_freq - 1000) < 1e-9);
	/* and the culprits still name the walk and the miss */
	dcpi_proc_culprits(&p, &ev, PERIOD);
	assert_true(p.insns[0].culprits & (1u << DCPI_CAUSE_DTLB));
	assert_true(p.insns[2].culprits & (1u << DCPI_CAUSE_DCACHE));
	dcpi_proc_free(&p);
}

static void test_rare_events_change_nothing(void **state)
{
	(void)state;
	struct dcpi_proc p;
	loop(&p, 1000, 0, 5);
	assert_int_equal(dcpi_proc_estimate(&p), 0);
	double alone = p.insns[0].freq;
	assert_true(fabs(alone - 1000) < 1e-6);
	/* one cold I-cache miss on the lwu and three D-cache misses of it: far below the
	 * executions the ratios claim, so no issue point is left out */
	double imiss[5] = { 1 }, dmiss[5] = { 3 };
	struct dcpi_events ev = { .count = { [DCPI_EV_IMISS] = imiss, [DCPI_EV_DMISS] = dmiss } };
	assert_int_equal(dcpi_proc_estimate_events(&p, &ev, PERIOD), 0);
	const struct dcpi_class *k = &p.classes[p.blocks[0].cls];
	assert_int_equal(k->event_stalled, 0);
	assert_true(fabs(p.insns[0].freq - alone) < 1e-9);
	dcpi_proc_free(&p);
}

static void test_floor_raises_an_underestimate(void **state)
{
	(void)state;
	struct dcpi_proc p;
	/* the samples say 900 per period; the lwu missed the D-cache 1000 times per period */
	loop(&p, 900, 0, 40);
	double dmiss[5] = { 1000 * PERIOD };
	struct dcpi_events ev = { .count = { [DCPI_EV_DMISS] = dmiss } };
	assert_int_equal(dcpi_proc_estimate_events(&p, &ev, PERIOD), 0);
	const struct dcpi_class *k = &p.classes[p.blocks[0].cls];
	assert_int_equal(k->event_stalled, 1);   /* the add waits for those misses */
	assert_int_equal(k->used, 1);            /* the lwu's ratio: 900 */
	for (int i = 0; i < 4; i++)
		assert_true(fabs(p.insns[i].freq - 1000) < 1e-6);
	/* no events at all (NULL counts, or no period): the plain estimate */
	struct dcpi_events none = { 0 };
	assert_int_equal(dcpi_proc_estimate_events(&p, &none, PERIOD), 0);
	assert_true(fabs(p.insns[0].freq - 900) < 1e-6);
	assert_int_equal(dcpi_proc_estimate_events(&p, &ev, 0), 0);
	assert_true(fabs(p.insns[0].freq - 900) < 1e-6);
	dcpi_proc_free(&p);
}

static void test_recentre_on_noisy_ratios(void **state)
{
	(void)state;
	struct dcpi_proc p;
	assert_int_equal(dcpi_proc_build(straight, sizeof(straight), 0, &core, &p), 0);
	assert_int_equal(p.nblocks, 1);
	assert_int_equal(p.ninsns, 17);
	/* F = 50 per period; the nine issue points' samples 50 x (1 + d), d spread as the
	 * sampling noise of 50 samples spreads them (one standard deviation is 14%) */
	static const double d[9] = { -0.24, 0.16, -0.08, 0, 0.24, 0, 0.08, -0.16, 0.32 };
	int k = 0;
	for (size_t i = 0; i < p.ninsns; i++) {
		p.insns[i].samples = 0;
		if (p.insns[i].m_cycles) {
			assert_true(k < 9);
			assert_int_equal(p.insns[i].m_cycles, 1);
			p.insns[i].samples = 50 * (1 + d[k++]);
		}
	}
	assert_int_equal(k, 9);
	assert_int_equal(dcpi_proc_estimate(&p), 0);
	/* the lowest cluster alone (ratios 38, 42, 46: at most 1.25 x 38) would say 42, -16% */
	assert_true(fabs(p.insns[0].freq / 50 - 1) < 0.05);
	assert_true(p.classes[p.blocks[0].cls].used > 3);
	dcpi_proc_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_execution_stalls),
		cmocka_unit_test(test_rare_events_change_nothing),
		cmocka_unit_test(test_floor_raises_an_underestimate),
		cmocka_unit_test(test_recentre_on_noisy_ratios),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
