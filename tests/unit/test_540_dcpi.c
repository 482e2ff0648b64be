/* 540: DCPI's analysis (src/analysis/dcpi_*.c) on hand-assembled riscv64 code (assembled with
 * riscv64-linux-gnu-as -march=rv64g, bytes below): the block schedule on inorder-dual (M_i,
 * dual issue, dependency and slotting stalls), cycle-equivalence classes of a loop with a
 * diamond, the infinite-loop extension, the frequency of a pointer-chase loop from samples
 * (the dependency ratio rule, the ratio cluster, propagation to the back edge) and its
 * culprit: the D-cache miss of the load that feeds the stalled add, and the event counts
 * that bound the D-cache, D-TLB (the load's own walk too) and mispredict candidates. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "analysis/dcpi_summary.h"

/* diamond (0x00): addi a0,zero,0 | H: beq a1,zero,E | addi a0,a0,1 | j J | E: addi a0,a0,2 |
 *                 J: addi a1,a1,-1 | bnez a1,H | ret
 * chase (0x20):   L: ld a0,0(a0) | addi a5,a5,1 | ld a3,8(a0) | add a4,a4,a3 | bne a1,a5,L | ret
 * spin (0x38):    S: addi a0,a0,1 | j S
 * sched (0x40):   ld a0,0(a1) | add a2,a0,a0 | add a3,a4,a5 | ld a6,8(a1) | ld a7,16(a1) | ret */
static const uint8_t code[] = {
	0x13, 0x05, 0x00, 0x00, 0x63, 0x86, 0x05, 0x00, 0x13, 0x05, 0x15, 0x00, 0x6f, 0x00, 0x80,
	0x00, 0x13, 0x05, 0x25, 0x00, 0x93, 0x85, 0xf5, 0xff, 0xe3, 0x96, 0x05, 0xfe, 0x67, 0x80,
	0x00, 0x00, 0x03, 0x35, 0x05, 0x00, 0x93, 0x87, 0x17, 0x00, 0x83, 0x36, 0x85, 0x00, 0x33,
	0x07, 0xd7, 0x00, 0xe3, 0x98, 0xf5, 0xfe, 0x67, 0x80, 0x00, 0x00, 0x13, 0x05, 0x15, 0x00,
	0x6f, 0xf0, 0xdf, 0xff, 0x03, 0xb5, 0x05, 0x00, 0x33, 0x06, 0xa5, 0x00, 0xb3, 0x06, 0xf7,
	0x00, 0x03, 0xb8, 0x85, 0x00, 0x83, 0xb8, 0x05, 0x01, 0x67, 0x80, 0x00, 0x00
};

#include "dcpi_core.h"

static void build(uint64_t off, uint64_t len, struct dcpi_proc *p)
{
	assert_int_equal(dcpi_proc_build(code + off, len, off, &core, p), 0);
}

static void test_schedule(void **state)
{
	(void)state;
	struct dcpi_proc p;
	build(0x40, 0x18, &p);
	assert_int_equal(p.nblocks, 1);
	assert_int_equal(p.ninsns, 6);
	static const uint32_t m[6] = { 1, 3, 0, 1, 1, 0 };  /* load-use 3 on inorder-dual */
	static const uint8_t kind[6] = { DCPI_STATIC_NONE, DCPI_STATIC_DEP, DCPI_STATIC_NONE,
	                                 DCPI_STATIC_SLOT, DCPI_STATIC_SLOT, DCPI_STATIC_NONE };
	for (int i = 0; i < 6; i++) {
		assert_int_equal(p.insns[i].m_cycles, m[i]);
		assert_int_equal(p.insns[i].static_kind, kind[i]);
	}
	assert_int_equal(p.insns[1].static_by, 0);          /* the add waits for the load */
	assert_int_equal(p.blocks[0].best_cycles, 6);
	/* the same code on a core with a 5-cycle load-use: the add waits 5 */
	struct core_config slow = core;
	slow.l1d_cycles = 5;
	struct dcpi_proc q;
	assert_int_equal(dcpi_proc_build(code + 0x40, 0x18, 0x40, &slow, &q), 0);
	assert_int_equal(q.insns[1].m_cycles, 5);
	dcpi_proc_free(&q);
	dcpi_proc_free(&p);
}

static uint32_t block_at(const struct dcpi_proc *p, uint64_t addr)
{
	uint32_t i = dcpi_proc_insn_at(p, addr);
	assert_int_not_equal(i, DCPI_NONE);
	return p->insns[i].block;
}

static void test_cycle_equivalence(void **state)
{
	(void)state;
	struct dcpi_proc p;
	build(0, 0x20, &p);
	for (size_t i = 0; i < p.ninsns; i++)
		p.insns[i].samples = 0;
	assert_int_equal(dcpi_proc_estimate(&p), 0);
	uint32_t a = block_at(&p, 0), h = block_at(&p, 4), t = block_at(&p, 8), e = block_at(&p, 0x10),
		 j = block_at(&p, 0x14), x = block_at(&p, 0x1c);
	assert_int_equal(p.nblocks, 6);
	assert_int_equal(p.blocks[a].cls, p.blocks[x].cls);  /* once per call */
	assert_int_equal(p.blocks[h].cls, p.blocks[j].cls);  /* once per iteration */
	assert_int_not_equal(p.blocks[t].cls, p.blocks[e].cls);
	assert_int_not_equal(p.blocks[t].cls, p.blocks[h].cls);
	assert_int_not_equal(p.blocks[a].cls, p.blocks[h].cls);
	/* the back edge J -> H runs once less than H: its own class; H -> T is T's */
	for (size_t k = 0; k < p.nedges; k++) {
		const struct dcpi_edge *ed = &p.edges[k];
		if (ed->from == j && ed->to == h) {
			assert_int_not_equal(ed->cls, p.blocks[h].cls);
			assert_int_not_equal(ed->cls, p.blocks[a].cls);
		}
		if (ed->from == h && ed->to == t)
			assert_int_equal(ed->cls, p.blocks[t].cls);
		if (ed->from == DCPI_NONE)
			assert_int_equal(ed->cls, p.blocks[a].cls);
	}
	assert_int_equal(p.infinite_loops, 0);
	dcpi_proc_free(&p);
}

static void test_infinite_loop(void **state)
{
	(void)state;
	struct dcpi_proc p;
	build(0x38, 8, &p);
	p.insns[0].samples = 500;
	p.insns[1].samples = 0;
	assert_int_equal(dcpi_proc_estimate(&p), 0);
	assert_int_equal(p.infinite_loops, 1);
	assert_true(fabs(p.insns[0].freq - 500) < 1e-9);
	dcpi_proc_free(&p);
}

static void test_chase_estimate_and_culprit(void **state)
{
	(void)state;
	struct dcpi_proc p;
	build(0x20, 0x18, &p);
	assert_int_equal(p.nblocks, 2);
	/* F = 1000 per period: ld a0 1 cycle, ld a3 3 (load-use), add a4 3 + 27 of D-cache miss */
	static const double s[6] = { 1000, 0, 3000, 30000, 0, 1 };
	for (int i = 0; i < 6; i++)
		p.insns[i].samples = s[i];
	assert_int_equal(p.insns[2].m_cycles, 3);
	assert_int_equal(p.insns[3].m_cycles, 3);
	assert_int_equal(dcpi_proc_estimate(&p), 0);
	dcpi_proc_culprits(&p, NULL, 1);
	for (int i = 0; i < 5; i++)
		assert_true(fabs(p.insns[i].freq - 1000) < 1e-6);
	/* ld a3's ratio counts from after its producer: (0 + 3000) / (0 + 3) */
	assert_true(fabs(p.insns[2].ratio - 1000) < 1e-9);
	assert_true(p.insns[2].ratio_used && !p.insns[3].ratio_used);
	assert_true(fabs(p.insns[3].cpi - 30) < 1e-9);
	assert_true(fabs(p.insns[3].dyn_cycles - 27) < 1e-9);
	assert_true(p.insns[3].culprits & (1u << DCPI_CAUSE_DCACHE));
	assert_int_equal(p.insns[3].culprit_load, 2);        /* ld a3,8(a0), not ld a0 */
	assert_false(p.insns[3].culprits & (1u << DCPI_CAUSE_WBUF));
	assert_false(p.insns[3].culprits & (1u << DCPI_CAUSE_BRANCH));
	/* the back edge by propagation: the loop's 1000 less the one entry */
	int seen = 0;
	for (size_t k = 0; k < p.nedges; k++)
		if (p.edges[k].from == 0 && p.edges[k].to == 0) {
			assert_true(fabs(p.edges[k].freq - 999) < 1e-6);
			seen = 1;
		}
	assert_true(seen);
	struct dcpi_summary sum = { 0 };
	dcpi_summary_add(&sum, &p);
	assert_true(fabs(sum.samples - 34001) < 1e-9);
	assert_true(fabs(sum.cause_lo[DCPI_CAUSE_DCACHE] - 27000) < 1e-6);
	assert_true(sum.cause_hi[DCPI_CAUSE_DCACHE] >= sum.cause_lo[DCPI_CAUSE_DCACHE]);
	dcpi_proc_free(&p);
}


/* Event counts bound the culprits (§6.3): the chase loop at F = 1000 executions, add a4
 * stalling 27 cycles, ld a0 4 cycles beyond its one; a candidate stays only with events
 * enough to explain half a cycle per execution at their most expensive. */
static void test_event_bounds(void **state)
{
	(void)state;
	struct dcpi_proc p;
	build(0x20, 0x18, &p);
	static const double s[6] = { 5000, 0, 3000, 30000, 0, 1 };
	for (int i = 0; i < 6; i++)
		p.insns[i].samples = s[i];
	assert_int_equal(dcpi_proc_estimate(&p), 0);
	assert_true(fabs(p.insns[3].freq - 1000) < 1e-6);
	assert_true(fabs(p.insns[0].dyn_cycles - 4) < 1e-9);
	const uint32_t d = 1u << DCPI_CAUSE_DCACHE, t = 1u << DCPI_CAUSE_DTLB;
	/* no counts: every candidate stays; ld a0 is a D-TLB candidate for its own walk */
	dcpi_proc_culprits(&p, NULL, 1);
	assert_true((p.insns[3].culprits & (d | t)) == (d | t));
	assert_true(p.insns[0].culprits & t);
	double dm[6] = { 0 }, dt[6] = { 0 }, mp[6] = { 0 };
	struct dcpi_events ev = { .count = { [DCPI_EV_DMISS] = dm, [DCPI_EV_DTLB] = dt,
	                                     [DCPI_EV_MISPREDICT] = mp } };
	/* no miss anywhere: the D-cache and D-TLB candidates are innocent */
	dcpi_proc_culprits(&p, &ev, 1);
	assert_false(p.insns[3].culprits & (d | t));
	assert_false(p.insns[0].culprits & t);
	assert_int_equal(p.insns[3].culprit_load, DCPI_NONE);
	/* one miss in 1000 executions cannot explain half a cycle each, one in two can */
	dm[2] = 1;
	dcpi_proc_culprits(&p, &ev, 1);
	assert_false(p.insns[3].culprits & d);
	dm[2] = 500;
	dt[0] = 1000;
	dcpi_proc_culprits(&p, &ev, 1);
	assert_true(p.insns[3].culprits & d);
	assert_false(p.insns[3].culprits & t);   /* ld a3 had no D-TLB miss */
	assert_int_equal(p.insns[3].culprit_load, 2);
	assert_true(p.insns[0].culprits & t);    /* ld a0 waited for its own walks */
	assert_int_equal(p.insns[0].culprit_load, 0);
	/* the period scales the executions: 1000 per period of 1000 cycles = 10^6, and 500
	 * misses of at most a few hundred cycles cannot explain half a cycle each */
	dcpi_proc_culprits(&p, &ev, 1000);
	assert_false(p.insns[3].culprits & d);
	dcpi_proc_free(&p);

	/* the diamond: E (addi a0,a0,2) starts after the beq; with no mispredicts it cannot be
	 * a mispredict's victim, with them it can (its estimate and stall set by hand: alone
	 * in its class, its own ratio would leave it no stall) */
	build(0x00, 0x20, &p);
	for (size_t i = 0; i < p.ninsns; i++)
		p.insns[i].samples = 100;
	assert_int_equal(dcpi_proc_estimate(&p), 0);
	p.insns[4].freq = 100;
	p.insns[4].dyn_cycles = 5;
	const uint32_t b = 1u << DCPI_CAUSE_BRANCH;
	dcpi_proc_culprits(&p, NULL, 1);
	assert_true(p.insns[4].culprits & b);
	double mp2[8] = { 0 };
	struct dcpi_events ev2 = { .count = { [DCPI_EV_MISPREDICT] = mp2 } };
	dcpi_proc_culprits(&p, &ev2, 1);
	assert_false(p.insns[4].culprits & b);
	mp2[1] = p.insns[4].freq;  /* every execution of E followed a mispredicted beq */
	dcpi_proc_culprits(&p, &ev2, 1);
	assert_true(p.insns[4].culprits & b);
	dcpi_proc_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_schedule),
		cmocka_unit_test(test_cycle_equivalence),
		cmocka_unit_test(test_infinite_loop),
		cmocka_unit_test(test_chase_estimate_and_culprit),
		cmocka_unit_test(test_event_bounds),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
