/* 545: DCPI's analysis from what a DCPI machine records (issue 32): event samples moved back
 * over the interrupt's skid (dcpi_proc_unskid, src/analysis/dcpi_skid.c), the floor they
 * prove less their sampling noise, the ratio cluster trimmed to the ratios that agree with
 * its lowest within sampling noise, and low-confidence estimates reconciled with the flow
 * of better ones (src/analysis/dcpi_freq.c). Code hand-assembled with riscv64-linux-gnu-as
 * -march=rv64g:
 *   colwalk's column loop  L: lwu a5,0(a4) | addi a4,a4,1024 | add a0,a0,a5 | bne a4,a3,L | ret
 *   a diamond in a loop    li a0,0 | li a5,0 | H: addi a1..t1 (6) | andi t0,a1,1 |
 *                          beqz t0,O | addi a0,a0,1 | j J | O: addi a0,a0,2 |
 *                          J: addi a5,a5,1 | addi t2..t4 (3) | bne a5,a6,H | ret
 * The diamond's arms are one-instruction classes whose samples carry the refetch after
 * every mispredict (bsearch's coin-flip branch): the samples alone put them 3.5 times too
 * high, the loop's well-sampled class pulls them back. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "analysis/dcpi.h"

static const uint8_t colwalk[] = {
	0x83, 0x67, 0x07, 0x00, 0x13, 0x07, 0x07, 0x40, 0x33, 0x05, 0xf5, 0x00,
	0xe3, 0x1a, 0xd7, 0xfe, 0x67, 0x80, 0x00, 0x00
};

static const uint8_t diamond[] = {
	0x13, 0x05, 0x00, 0x00, 0x93, 0x07, 0x00, 0x00, 0x93, 0x85, 0x15, 0x00,
	0x13, 0x06, 0x16, 0x00, 0x93, 0x86, 0x16, 0x00, 0x13, 0x07, 0x17, 0x00,
	0x93, 0x88, 0x18, 0x00, 0x13, 0x03, 0x13, 0x00, 0x93, 0xf2, 0x15, 0x00,
	0x63, 0x86, 0x02, 0x00, 0x13, 0x05, 0x15, 0x00, 0x6f, 0x00, 0x80, 0x00,
	0x13, 0x05, 0x25, 0x00, 0x93, 0x87, 0x17, 0x00, 0x93, 0x83, 0x13, 0x00,
	0x13, 0x0e, 0x1e, 0x00, 0x93, 0x8e, 0x1e, 0x00, 0xe3, 0x92, 0x07, 0xfd,
	0x67, 0x80, 0x00, 0x00
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

#define PERIOD 97.0   /* cycles per sample */
#define EV_PERIOD 6.0 /* events per event sample (97 / 16) */

/* Skid: D-cache and D-TLB misses of the lwu sampled on the add waiting for it go back to the
 * lwu; D-TLB samples on the lwu itself stay (it waits at the head for the walk); a mispredict sampled at the loop's head goes to the
 * bne that ends the loop block (its only predicted predecessor); I-cache misses stay. */
static void test_unskid(void **state)
{
	(void)state;
	struct dcpi_proc p;
	assert_int_equal(dcpi_proc_build(colwalk, sizeof(colwalk), 0, &core, &p), 0);
	double s[5] = { 3, 0, 10, 0, 0 }, out[5];
	dcpi_proc_unskid(&p, DCPI_EV_DMISS, s, EV_PERIOD, out);
	/* the lwu had left the head when its own miss was counted: its 3 samples stand for no
	 * access of the block and are dropped */
	assert_true(fabs(out[0] - 10 * EV_PERIOD) < 1e-9 && out[2] == 0);
	dcpi_proc_unskid(&p, DCPI_EV_DTLB, s, EV_PERIOD, out);
	assert_true(fabs(out[0] - 13 * EV_PERIOD) < 1e-9 && out[2] == 0);
	dcpi_proc_unskid(&p, DCPI_EV_IMISS, s, EV_PERIOD, out);
	assert_true(fabs(out[0] - 3 * EV_PERIOD) < 1e-9 && fabs(out[2] - 10 * EV_PERIOD) < 1e-9);
	double m[5] = { 4, 0, 0, 0, 0 };
	dcpi_proc_unskid(&p, DCPI_EV_MISPREDICT, m, EV_PERIOD, out);
	assert_true(fabs(out[3] - 4 * EV_PERIOD) < 1e-9 && out[0] == 0);
	dcpi_proc_free(&p);
}

/* colwalk from event samples: both issue points stall on every execution; the sampled
 * misses (period 6, so about one sample per six executions), moved back to the lwu, prove
 * the executions less their sampling noise, and the estimate is within 1% of F. */
static void test_sampled_floor(void **state)
{
	(void)state;
	struct dcpi_proc p;
	const double f = 21620;  /* executions per period: 2,097,152 over 97 */
	assert_int_equal(dcpi_proc_build(colwalk, sizeof(colwalk), 0, &core, &p), 0);
	for (int i = 0; i < 4; i++)
		p.insns[i].samples = f * p.insns[i].m_cycles;
	p.insns[0].samples += f * 13.8;
	p.insns[2].samples += f * 197;
	double dm_s[5] = { 0, 0, f * PERIOD / EV_PERIOD, 0, 0 }, dt_s[5] = { f * PERIOD / EV_PERIOD };
	double dm[5], dt[5];
	dcpi_proc_unskid(&p, DCPI_EV_DMISS, dm_s, EV_PERIOD, dm);
	dcpi_proc_unskid(&p, DCPI_EV_DTLB, dt_s, EV_PERIOD, dt);
	struct dcpi_events ev = { .count = { [DCPI_EV_DMISS] = dm, [DCPI_EV_DTLB] = dt },
	                          .period = { [DCPI_EV_DMISS] = EV_PERIOD, [DCPI_EV_DTLB] = EV_PERIOD } };
	assert_int_equal(dcpi_proc_estimate_events(&p, &ev, PERIOD), 0);
	assert_true(p.insns[0].freq < f && p.insns[0].freq > 0.99 * f);
	assert_int_equal(p.insns[0].conf, DCPI_CONF_LOW);
	dcpi_proc_free(&p);
}

/* A cluster trimmed to what agrees with its lowest: eight issue points at F = 10000 samples
 * each (M = 1), one at 12000 (a stall on every execution, 20% above: inside the 1.25 spread,
 * 20 standard deviations of its count away). The mean of the nine would be 2.2% high. */
static void test_trim(void **state)
{
	(void)state;
	struct dcpi_proc p;
	assert_int_equal(dcpi_proc_build(straight, sizeof(straight), 0, &core, &p), 0);
	int points = 0, stalled = -1;
	for (size_t i = 0; i < p.ninsns; i++) {
		p.insns[i].samples = 10000.0 * p.insns[i].m_cycles;
		if (p.insns[i].m_cycles && p.insns[i].in.cls != ISA_CLASS_JUMP && stalled < 0 && points == 3)
			stalled = (int)i;
		points += p.insns[i].m_cycles > 0;
	}
	assert_true(points >= 8 && stalled > 0);
	p.insns[stalled].samples = 12000.0 * p.insns[stalled].m_cycles;
	assert_int_equal(dcpi_proc_estimate(&p), 0);
	assert_true(fabs(p.insns[0].freq - 10000) < 1);
	dcpi_proc_free(&p);
}

/* The diamond: the loop's class (head and join blocks, eleven issue points) is well sampled
 * and stall-free, F = 1000 per period; each arm runs half the time and its one issue point
 * holds a 5-cycle refetch on every other execution, so its own ratio says 3500. The flow
 * of the loop's class brings both arms back to 500. */
static void test_reconcile(void **state)
{
	(void)state;
	struct dcpi_proc p;
	assert_int_equal(dcpi_proc_build(diamond, sizeof(diamond), 0, &core, &p), 0);
	assert_int_equal(p.nblocks, 6);  /* entry, head, two arms, join, ret */
	const double f = 1000;
	for (size_t b = 0; b < p.nblocks; b++) {
		const struct dcpi_block *bl = &p.blocks[b];
		double fb = b == 0 || b == 5 ? 1 : (b == 2 || b == 3) ? f / 2 : f;
		for (uint32_t i = bl->first; i < bl->first + bl->n; i++)
			p.insns[i].samples = fb * p.insns[i].m_cycles;
		if (b == 2 || b == 3)
			p.insns[bl->first].samples += f / 2 * 0.5 * 5 * 1.2;
	}
	assert_int_equal(dcpi_proc_estimate(&p), 0);
	assert_true(fabs(p.blocks[1].freq - f) < 1e-6);
	assert_int_equal(p.blocks[1].conf, DCPI_CONF_HIGH);
	for (int b = 2; b <= 3; b++) {
		assert_true(fabs(p.blocks[b].freq - f / 2) < 0.05 * f / 2);
		assert_true(p.classes[p.blocks[b].cls].reconciled);
		assert_int_equal(p.blocks[b].conf, DCPI_CONF_LOW);  /* two arms share the excess */
	}
	dcpi_proc_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_unskid, setup),
		cmocka_unit_test_setup(test_sampled_floor, setup),
		cmocka_unit_test_setup(test_trim, setup),
		cmocka_unit_test_setup(test_reconcile, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
