/* 310: the probe hooks cost only who listens — the core calls on_cycle and on_insn only on
 * the consumers that set them, and on_insn only while a consumer's insn_demand is nonzero
 * (exactly the records published meanwhile, in order); consumers do not change a simulated
 * cycle; and the PMU, which lets its tagging profilers (software, dispatch, fetch,
 * ibs-fetch) ask for lifecycle records only while a sample waits for its instruction,
 * produces the very same profiles as when it is handed every record. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core_synth.h"
#include "pmu/pmu.h"

#define X(n) ((uint8_t)(n))

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

/* A loop with a random branch (wrong-path fetches and squashes), a load walking 64 lines and
 * a dependent ALU chain: every kind of lifecycle record. */
static void build_stream(struct synth *s, size_t iters)
{
	synth_alu(s, X(5), X(5), X(0));
	size_t br = synth_branch(s, X(6), X(0), 8);
	synth_alu(s, X(7), X(0), X(0));
	synth_load(s, X(8), X(2));
	synth_alu(s, X(9), X(8), X(5));
	size_t loop = synth_branch(s, X(6), X(0), -5 * 4);
	for (size_t it = 0; it < iters; it++) {
		synth_exec(s, 0, synth_pc(1), 0, 0);
		int t = synth_rng(&rng_state) & 1;
		synth_exec(s, br, synth_pc(t ? 3 : 2), 0, t);
		if (!t)
			synth_exec(s, 2, synth_pc(3), 0, 0);
		synth_exec(s, 3, synth_pc(4), 0x400000 + (it % 64) * 64, 0);
		synth_exec(s, 4, synth_pc(5), 0, 0);
		int back = it + 1 < iters;
		synth_exec(s, loop, back ? synth_pc(0) : synth_pc(loop + 1), 0, back);
	}
}

/* Consumer "all": every record (noting whether the gated consumer wanted it) and cycle. */
struct all_rec {
	const uint32_t *demand;
	uint64_t insns, wanted, wanted_hash, cycles;
};
/* Consumer "gated": only records, only while *demand. */
struct gated_rec {
	uint64_t insns, hash;
};
/* Consumer "toggle": only cycles; switches the demand on and off every few cycles. */
struct toggle_rec {
	uint32_t demand;
	uint64_t cycles;
};

static uint64_t rec_hash(uint64_t h, const struct probe_insn *r)
{
	return (h ^ (r->seq * 31 + r->committed)) * 0x100000001b3ull;
}

static void all_insn(void *ctx, const struct probe_insn *r)
{
	struct all_rec *a = ctx;
	a->insns++;
	if (*a->demand) {
		a->wanted++;
		a->wanted_hash = rec_hash(a->wanted_hash, r);
	}
}

static void all_cycle(void *ctx, const struct probe_cycle *v)
{
	struct all_rec *a = ctx;
	a->cycles += v->ncycles;
}

static void gated_insn(void *ctx, const struct probe_insn *r)
{
	struct gated_rec *g = ctx;
	g->insns++;
	g->hash = rec_hash(g->hash, r);
}

static void toggle_cycle(void *ctx, const struct probe_cycle *v)
{
	struct toggle_rec *t = ctx;
	t->cycles += v->ncycles;
	t->demand = (v->cycle / 7) % 3 == 0;
}

static void test_hooks_and_demand(void **state)
{
	(void)state;
	struct synth s = { 0 };
	build_stream(&s, 1500);
	struct core_config cfg;
	config_defaults(&cfg);

	/* bare: the reference timing */
	struct core *c0;
	synth_source(&s);
	assert_int_equal(core_create(&cfg, &s.src, &c0), 0);
	assert_int_equal(core_run(c0, stderr), 0);
	const struct core_stats *st0 = core_stats(c0);

	struct toggle_rec tg = { 0 };
	struct all_rec all = { .demand = &tg.demand };
	struct gated_rec gt = { 0 };
	struct probe_consumer pa = { .ctx = &all, .on_cycle = all_cycle, .on_insn = all_insn };
	struct probe_consumer pg = { .ctx = &gt, .on_insn = gated_insn, .insn_demand = &tg.demand };
	struct probe_consumer pt = { .ctx = &tg, .on_cycle = toggle_cycle };
	struct core *c;
	synth_source(&s);
	assert_int_equal(core_create(&cfg, &s.src, &c), 0);
	assert_int_equal(core_attach(c, &pa), 0);
	assert_int_equal(core_attach(c, &pg), 0);
	assert_int_equal(core_attach(c, &pt), 0);
	assert_int_equal(core_run(c, stderr), 0);
	const struct core_stats *st = core_stats(c);

	/* consumers change no cycle */
	assert_int_equal(st->cycles, st0->cycles);
	assert_int_equal(st->instructions, s.n);
	assert_int_equal(st->squashed, st0->squashed);
	assert_memory_equal(st->stack, st0->stack, sizeof(st->stack));
	/* every record and cycle to the consumers that have the hook */
	assert_int_equal(all.insns, st->fetched);
	assert_true(st->squashed > 0);
	assert_int_equal(all.cycles, st->cycles);
	assert_int_equal(tg.cycles, st->cycles);
	/* the gated consumer got exactly the records published while it wanted them, in order:
	 * some, not all */
	assert_int_equal(gt.insns, all.wanted);
	assert_int_equal(gt.hash, all.wanted_hash);
	assert_true(gt.insns > st->fetched / 10 && gt.insns < st->fetched * 9 / 10);
	core_destroy(c);
	core_destroy(c0);
	synth_free(&s);
}

/* Run the stream with every profiler; hand the PMU every record (force_all) or let the core
 * skip records no profiler waits for. */
static struct pmu *run_pmu(struct synth *s, const struct core_config *cfg, int force_all,
                           uint64_t *fetched)
{
	struct pmu_config pc = { .period_cycles = 13, .commit_width = cfg->commit_width,
	                         .models = (1u << pmu_model_count()) - 1, .random = 1,
	                         .seed = 7 };
	struct pmu *p;
	assert_int_equal(pmu_create(&pc, &p), 0);
	struct probe_consumer k;
	pmu_consumer(p, &k);
	assert_non_null(k.insn_demand);
	if (force_all)
		k.insn_demand = NULL;
	struct core *c;
	synth_source(s);
	assert_int_equal(core_create(cfg, &s->src, &c), 0);
	assert_int_equal(core_attach(c, &k), 0);
	assert_int_equal(core_run(c, stderr), 0);
	pmu_finish(p);
	*fetched = core_stats(c)->fetched;
	core_destroy(c);
	return p;
}

static void test_pmu_demand_exact(void **state)
{
	(void)state;
	struct synth s = { 0 };
	build_stream(&s, 1500);
	struct core_config cfg;
	config_defaults(&cfg);
	uint64_t fa, fb;
	struct pmu *a = run_pmu(&s, &cfg, 1, &fa);
	struct pmu *b = run_pmu(&s, &cfg, 0, &fb);
	assert_int_equal(fa, fb);
	assert_int_equal(pmu_unit_count(a), pmu_unit_count(b));
	assert_int_equal(pmu_samples_taken(a), pmu_samples_taken(b));
	assert_true(pmu_samples_taken(a) > 100);
	int tagging = 0;
	for (size_t i = 0; i < pmu_unit_count(a); i++) {
		const struct pmu_unit *ua = pmu_unit_at(a, i), *ub = pmu_unit_at(b, i);
		assert_string_equal(ua->model->name, ub->model->name);
		assert_int_equal(ua->samples, ub->samples);
		assert_int_equal(ua->unresolved, ub->unresolved);
		assert_int_equal(ua->prof.total, ub->prof.total);
		assert_int_equal(ua->prof.n, ub->prof.n);
		assert_memory_equal(ua->prof.cat_total, ub->prof.cat_total, sizeof(ua->prof.cat_total));
		for (size_t j = 0; j < ua->prof.n; j++) {
			const struct pmu_entry *eb = pmu_profile_find(&ub->prof, ua->prof.e[j].pc);
			assert_non_null(eb);
			assert_memory_equal(ua->prof.e[j].cat, eb->cat, sizeof(eb->cat));
		}
		tagging += ua->insn_demand != NULL;
		if (ua->insn_demand)
			assert_true(ua->samples > 50);
	}
	assert_int_equal(tagging, 5);  /* software, dispatch, fetch, ibs-fetch, sscofpmf */
	pmu_destroy(a);
	pmu_destroy(b);
	synth_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hooks_and_demand),
		cmocka_unit_test(test_pmu_demand_exact),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
