/* 302: the out-of-order core on synthetic instruction streams: dependent and independent ALU
 * work, unpipelined divides, mispredictions, store-to-load forwarding, serialising CSR writes,
 * pointer chasing through the hierarchy, probes, and the exact cycle stack. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core_synth.h"

#define X(n) ((uint8_t)(n))

static struct core *run_synth(struct synth *s, const struct core_config *cfg,
                              const struct probe_consumer *pc)
{
	struct core *c;
	synth_source(s);
	assert_int_equal(core_create(cfg, &s->src, &c), 0);
	if (pc)
		assert_int_equal(core_attach(c, pc), 0);
	assert_int_equal(core_run(c, stderr), 0);
	const struct core_stats *st = core_stats(c);
	if (cfg->idle_skip && !pc) {
		/* idle-cycle skipping changes nothing but speed */
		struct core_config slow = *cfg;
		slow.idle_skip = 0;
		struct core *c2;
		synth_source(s);
		assert_int_equal(core_create(&slow, &s->src, &c2), 0);
		assert_int_equal(core_run(c2, stderr), 0);
		const struct core_stats *st2 = core_stats(c2);
		assert_int_equal(st2->cycles, st->cycles);
		assert_memory_equal(st2->stack, st->stack, sizeof(st->stack));
		assert_int_equal(st2->squashed, st->squashed);
		assert_int_equal(st2->stall_rob, st->stall_rob);
		assert_int_equal(st2->stall_sq, st->stall_sq);
		core_destroy(c2);
	}
	assert_int_equal(st->instructions, s->n);
	uint64_t sum = 0;
	for (unsigned i = 0; i < CORE_STACK_N; i++)
		sum += st->stack[i];
	assert_int_equal(sum, st->cycles);
	return c;
}

/* A loop of 31 ALU instructions and a backward branch: dependent (each adds to x5) or
 * independent (each writes a different register from x0). Returns the steady-state IPC: the
 * difference between two run lengths, so cold misses cancel out. */
static double alu_loop_ipc(const struct core_config *cfg, int dependent)
{
	uint64_t cycles[2], insns[2];
	for (int r = 0; r < 2; r++) {
		struct synth s = { 0 };
		for (int i = 0; i < 31; i++)
			synth_alu(&s, dependent ? X(5) : X(5 + i % 20), dependent ? X(5) : X(0), X(0));
		synth_branch(&s, X(6), X(0), -31 * 4);
		synth_loop(&s, 0, 31, r ? 400 : 200, NULL);
		struct core *c = run_synth(&s, cfg, NULL);
		cycles[r] = core_stats(c)->cycles;
		insns[r] = core_stats(c)->instructions;
		core_destroy(c);
		synth_free(&s);
	}
	return (double)(insns[1] - insns[0]) / (double)(cycles[1] - cycles[0]);
}

static void test_dependent_chain(void **state)
{
	(void)state;
	struct core_config cfg;
	config_defaults(&cfg);
	/* 31 dependent adds and an independent branch per iteration: 32 instructions / 31 cycles */
	double v = alu_loop_ipc(&cfg, 1);
	assert_true(v > 0.98 && v < 1.06);
}

static void test_independent(void **state)
{
	(void)state;
	struct core_config cfg;
	char err[CONFIG_ERR_LEN];
	config_defaults(&cfg);
	/* bounded by the 4-wide decode and commit: near 4 */
	double v = alu_loop_ipc(&cfg, 0);
	assert_true(v > 3.6 && v <= 4.0);
	/* commit width 2: near 2 */
	assert_int_equal(config_set_kv(&cfg, "commit_width=2", err), 0);
	v = alu_loop_ipc(&cfg, 0);
	assert_true(v > 1.85 && v <= 2.0);
	/* the in-order dual-issue preset: near 2 */
	assert_int_equal(config_preset(&cfg, "inorder-dual", err), 0);
	v = alu_loop_ipc(&cfg, 0);
	assert_true(v > 1.7 && v <= 2.0);
	/* and 1 for the dependent chain */
	v = alu_loop_ipc(&cfg, 1);
	assert_true(v > 0.98 && v < 1.06);
}

static void test_divides(void **state)
{
	(void)state;
	struct synth s = { 0 };
	struct core_config cfg;
	config_defaults(&cfg);
	for (int i = 0; i < 8; i++)
		synth_insn(&s, ISA_CLASS_DIV, X(10 + i), X(6), X(7), 0, 0, 0);
	synth_branch(&s, X(6), X(0), -8 * 4);
	synth_loop(&s, 0, 8, 100, NULL);
	struct core *c = run_synth(&s, &cfg, NULL);
	/* one unpipelined divider: independent divides issue every div_cycles */
	double per_div = (double)core_stats(c)->cycles / 800.0;
	assert_true(per_div > cfg.div_cycles * 0.97 && per_div < cfg.div_cycles * 1.05);
	core_destroy(c);
	synth_free(&s);
}

static uint64_t rng_state = 88172645463325252ull;
static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static void test_random_branches(void **state)
{
	(void)state;
	struct synth s = { 0 };
	struct core_config cfg;
	config_defaults(&cfg);
	/* 0: alu; 1: beq +8 (random); 2: alu (skipped when taken); 3..10: alu; 11: loop branch */
	synth_alu(&s, X(5), X(5), X(0));
	size_t br = synth_branch(&s, X(6), X(0), 8);
	for (int i = 0; i < 9; i++)
		synth_alu(&s, X(7 + i), X(0), X(0));
	size_t loop = synth_branch(&s, X(6), X(0), -11 * 4);
	const size_t iters = 2000;
	for (size_t it = 0; it < iters; it++) {
		synth_exec(&s, 0, synth_pc(1), 0, 0);
		int t = rng() & 1;
		synth_exec(&s, br, synth_pc(t ? 3 : 2), 0, t);
		for (size_t i = t ? 3 : 2; i < loop; i++)
			synth_exec(&s, i, synth_pc(i + 1), 0, 0);
		int back = it + 1 < iters;
		synth_exec(&s, loop, back ? synth_pc(0) : synth_pc(loop + 1), 0, back);
	}
	struct core *c = run_synth(&s, &cfg, NULL);
	const struct core_stats *st = core_stats(c);
	uint64_t mp = st->flushes[PROBE_FLUSH_BRANCH];
	/* about half of the random branches mispredict (the loop branch learns quickly) */
	assert_true(mp > iters * 0.40 && mp < iters * 0.62);
	/* wrong-path instructions were fetched and squashed */
	assert_true(st->wrong_path_fetched > mp);
	assert_true(st->squashed >= st->wrong_path_fetched);
	/* each misprediction costs about the pipeline depth */
	double per_mp = ((double)st->cycles - (double)s.n / 4.0) / (double)mp;
	assert_true(per_mp > 5 && per_mp < 20);
	assert_true(st->stack[CORE_STACK_CAUSE(PROBE_FLUSH_BRANCH)] > 0);
	core_destroy(c);
	synth_free(&s);
}

static void test_predictable_loop(void **state)
{
	(void)state;
	struct synth s = { 0 };
	struct core_config cfg;
	config_defaults(&cfg);
	/* an inner branch taken every 4th iteration: TAGE learns the pattern */
	synth_alu(&s, X(5), X(5), X(0));
	size_t br = synth_branch(&s, X(6), X(0), 8);
	synth_alu(&s, X(7), X(0), X(0));
	synth_alu(&s, X(8), X(0), X(0));
	size_t loop = synth_branch(&s, X(6), X(0), -4 * 4);
	const size_t iters = 5000;
	for (size_t it = 0; it < iters; it++) {
		synth_exec(&s, 0, synth_pc(1), 0, 0);
		int t = (it % 4) == 3;
		synth_exec(&s, br, synth_pc(t ? 3 : 2), 0, t);
		for (size_t i = t ? 3 : 2; i < loop; i++)
			synth_exec(&s, i, synth_pc(i + 1), 0, 0);
		int back = it + 1 < iters;
		synth_exec(&s, loop, back ? synth_pc(0) : synth_pc(loop + 1), 0, back);
	}
	struct core *c = run_synth(&s, &cfg, NULL);
	const struct core_stats *st = core_stats(c);
	double mpki = 1000.0 * (double)(st->flushes[PROBE_FLUSH_BRANCH]) / (double)st->instructions;
	assert_true(mpki < 1.0);
	core_destroy(c);
	synth_free(&s);
}

static uint64_t addr_same(size_t it, size_t i)
{
	(void)it;
	(void)i;
	return 0x800000;
}

static void test_store_forwarding(void **state)
{
	(void)state;
	struct synth s = { 0 };
	struct core_config cfg;
	config_defaults(&cfg);
	synth_alu(&s, X(5), X(5), X(0));
	synth_store(&s, X(5), X(2));
	synth_load(&s, X(6), X(2));
	synth_alu(&s, X(7), X(6), X(0));
	synth_branch(&s, X(6), X(0), -4 * 4);
	synth_loop(&s, 0, 4, 500, addr_same);
	struct core *c = run_synth(&s, &cfg, NULL);
	const struct core_stats *st = core_stats(c);
	assert_true(st->stlf > 400);
	core_destroy(c);
	synth_free(&s);
}

static void test_fsflags_flushes(void **state)
{
	(void)state;
	struct synth s = { 0 };
	struct core_config cfg;
	config_defaults(&cfg);
	for (int i = 0; i < 6; i++)
		synth_alu(&s, X(5 + i), X(0), X(0));
	synth_insn(&s, ISA_CLASS_CSR, X(10), X(11), ISA_REG_NONE, 0, ISA_F_SERIALIZE, 0);
	synth_branch(&s, X(6), X(0), -7 * 4);
	synth_loop(&s, 0, 7, 200, NULL);
	struct core *c = run_synth(&s, &cfg, NULL);
	const struct core_stats *st = core_stats(c);
	assert_int_equal(st->flushes[PROBE_FLUSH_SERIALIZE], 200);
	assert_true(st->stack[CORE_STACK_CAUSE(PROBE_FLUSH_SERIALIZE)] >= 200);
	core_destroy(c);
	synth_free(&s);
}

/* pointer chase: each load's address depends on the previous load */
static uint64_t chase_lines, chase_stride;
static uint64_t addr_chase(size_t it, size_t i)
{
	(void)i;
	/* a permutation of chase_lines lines (a prime count), chase_stride bytes apart */
	uint64_t k = (it * 2654435761u) % chase_lines;
	return 0x10000000ull + k * chase_stride;
}

/* Cycles per dependent load, steady state (difference of two run lengths). */
static double chase_latency(uint64_t lines, uint64_t stride, size_t iters)
{
	uint64_t cycles[2];
	for (int r = 0; r < 2; r++) {
		struct synth s = { 0 };
		struct core_config cfg;
		config_defaults(&cfg);
		chase_lines = lines;
		chase_stride = stride;
		synth_load(&s, X(5), X(5));
		synth_branch(&s, X(6), X(0), -4);
		synth_loop(&s, 0, 1, r ? 2 * iters : iters, addr_chase);
		struct core *c = run_synth(&s, &cfg, NULL);
		cycles[r] = core_stats(c)->cycles;
		core_destroy(c);
		synth_free(&s);
	}
	return (double)(cycles[1] - cycles[0]) / (double)iters;
}

static void test_pointer_chase(void **state)
{
	(void)state;
	struct core_config cfg;
	config_defaults(&cfg);
	/* 61 lines in one page: L1D hits after the first round */
	double l1 = chase_latency(61, 64, 3000);
	assert_true(l1 > cfg.l1d_cycles * 0.95 && l1 < cfg.l1d_cycles * 1.1);
	/* 2039 lines every other line (so next-line prefetches do not help): 255 KiB, beyond the
	 * L1D, within the LLC; 64 pages miss the 32-entry D-TLB and hit the L2 TLB */
	double llc = chase_latency(2039, 128, 4000);
	double want_llc = cfg.l1d_cycles + cfg.llc_cycles + 1;
	/* plus up to l2tlb_cycles for the share of D-TLB misses */
	assert_true(llc > want_llc * 0.97 && llc < (want_llc + cfg.l2tlb_cycles) * 1.03);
	/* 65521 lines: 8 MiB, beyond the LLC -> DRAM */
	double dram = chase_latency(65521, 128, 1500);
	/* DRAM adds the controller, an activate (and mostly a precharge: random rows) and CAS,
	 * and the line transfer; page walks (8 MiB > the L2 TLB's reach) add a little */
	double ns_to_cyc = cfg.freq_mhz / 1000.0;
	double dram_min = (cfg.dram_ctrl_ns + cfg.dram_trcd_ns + cfg.dram_tcas_ns) * ns_to_cyc;
	double dram_max = (cfg.dram_ctrl_ns + cfg.dram_trp_ns + cfg.dram_trcd_ns + cfg.dram_tcas_ns) *
	                  ns_to_cyc + cfg.line_bytes / cfg.dram_gbps * ns_to_cyc + 40;
	assert_true(dram - want_llc > dram_min && dram - want_llc < dram_max);
	fprintf(stderr, "pointer chase: l1 %.1f, llc %.1f, dram %.1f cycles per load\n", l1, llc,
	        dram);
}

struct probe_counts {
	uint64_t insns, committed, squashed, wrong, cycles, views, computing_commits;
	uint64_t bad_order;
	uint64_t last_seq_committed;
};

static void count_cycle(void *ctx, const struct probe_cycle *v)
{
	struct probe_counts *p = ctx;
	p->cycles += v->ncycles;
	p->views++;
	if (v->state == PROBE_COMPUTING)
		p->computing_commits += v->n_commit;
	if (v->state == PROBE_STALLED && (!v->head[0] || v->head[0]->committed))
		p->bad_order++;
}

static void count_insn(void *ctx, const struct probe_insn *r)
{
	struct probe_counts *p = ctx;
	p->insns++;
	if (r->committed) {
		p->committed++;
		if (r->seq < p->last_seq_committed)
			p->bad_order++;
		p->last_seq_committed = r->seq;
		if (!(r->t_fetch <= r->t_decode && r->t_decode < r->t_rename &&
		      r->t_rename < r->t_dispatch && r->t_dispatch < r->t_issue + 1 &&
		      r->t_issue <= r->t_complete && r->t_complete < r->t_end))
			p->bad_order++;
	} else {
		p->squashed++;
	}
	if (r->wrong_path)
		p->wrong++;
}

static void test_probes(void **state)
{
	(void)state;
	struct synth s = { 0 };
	struct core_config cfg;
	config_defaults(&cfg);
	synth_alu(&s, X(5), X(5), X(0));
	size_t br = synth_branch(&s, X(6), X(0), 8);
	synth_alu(&s, X(7), X(0), X(0));
	synth_load(&s, X(8), X(2));
	size_t loop = synth_branch(&s, X(6), X(0), -4 * 4);
	const size_t iters = 1000;
	for (size_t it = 0; it < iters; it++) {
		synth_exec(&s, 0, synth_pc(1), 0, 0);
		int t = rng() & 1;
		synth_exec(&s, br, synth_pc(t ? 3 : 2), 0, t);
		if (!t)
			synth_exec(&s, 2, synth_pc(3), 0, 0);
		synth_exec(&s, 3, synth_pc(4), 0x400000 + (it % 64) * 64, 0);
		int back = it + 1 < iters;
		synth_exec(&s, loop, back ? synth_pc(0) : synth_pc(loop + 1), 0, back);
	}
	struct probe_counts p = { 0 };
	struct probe_consumer pc = { .ctx = &p, .on_cycle = count_cycle, .on_insn = count_insn };
	struct core *c = run_synth(&s, &cfg, &pc);
	const struct core_stats *st = core_stats(c);
	assert_int_equal(p.committed, st->instructions);
	assert_int_equal(p.insns, st->fetched);
	assert_int_equal(p.squashed, st->squashed);
	assert_int_equal(p.cycles, st->cycles);
	assert_int_equal(p.computing_commits, st->instructions);
	assert_int_equal(p.bad_order, 0);
	assert_true(p.wrong > 0);
	core_destroy(c);
	synth_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dependent_chain),
		cmocka_unit_test(test_independent),
		cmocka_unit_test(test_divides),
		cmocka_unit_test(test_random_branches),
		cmocka_unit_test(test_predictable_loop),
		cmocka_unit_test(test_store_forwarding),
		cmocka_unit_test(test_fsflags_flushes),
		cmocka_unit_test(test_pointer_chase),
		cmocka_unit_test(test_probes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
