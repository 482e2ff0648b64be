/* 501: the simulated PMU — the sampler, the four commit states of 004_b28092482852db08.txt
 * Figure A.4 on hand-built commit views (Oracle, TIP, TIP-ILP, NCI, NCI+ILP, LCI), idle-skip
 * views standing for many cycles, and on the out-of-order core with synthetic streams: the
 * Oracle accounts every cycle exactly as the core's cycle stack, TIP sampling every cycle
 * equals the Oracle, all profilers sample the same cycles, and the tagging profilers blame
 * the instructions the paper says they blame; each model alone profiles as with all nine. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core_synth.h"
#include "pmu/pmu.h"
#include "pmu/sampler.h"

#define X(n) ((uint8_t)(n))

/* ---- sampler ------------------------------------------------------------------------------ */

static void test_sampler(void **state)
{
	(void)state;
	struct sampler s;
	sampler_init(&s, 100, 0, 1);
	assert_int_equal(s.next, 99);
	sampler_advance(&s);
	assert_int_equal(s.next, 199);
	assert_int_equal(s.taken, 1);
	/* random: one sample inside each interval, not always at the same offset */
	sampler_init(&s, 100, 1, 7);
	uint64_t offs_seen = 0;
	for (int k = 0; k < 200; k++) {
		assert_true(s.next >= (uint64_t)k * 100 && s.next < (uint64_t)(k + 1) * 100);
		offs_seen |= 1ull << ((s.next % 100) / 10);
		sampler_advance(&s);
	}
	assert_int_equal(offs_seen, 0x3ff);  /* every tenth of the interval was hit */
	assert_int_equal(sampler_period_from_hz(4000, 3.2e9), 800000);
	assert_int_equal(sampler_period_from_hz(20000, 3.2e9), 160000);
	assert_int_equal(sampler_period_from_hz(1e12, 3.2e9), 1);
}

static void test_parse_list(void **state)
{
	(void)state;
	uint32_t m;
	char err[256];
	assert_int_equal(pmu_parse_list("all", &m, err, sizeof(err)), 0);
	assert_int_equal(m, (1u << 9) - 1);  /* Paper A's nine: oracle .. fetch */
	assert_int_equal(pmu_parse_list("tip,nci", &m, err, sizeof(err)), 0);
	assert_int_equal(m, (1u << pmu_model_index("tip")) | (1u << pmu_model_index("nci")));
	assert_int_equal(pmu_parse_list("tip,pebs", &m, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "unknown profiler 'pebs'"));
	assert_int_equal(pmu_parse_list("tip,", &m, err, sizeof(err)), -EINVAL);
	assert_string_equal(pmu_model_at(0)->name, "oracle");
	/* Paper A's nine lead the table ("all" is them); the other families follow */
	const char *want[] = { "oracle", "tip", "tip-ilp", "nci", "nci-ilp", "lci", "software",
	                       "dispatch", "fetch" };
	for (size_t i = 0; i < 9; i++)
		assert_int_equal(pmu_model_index(want[i]), (int)i);
	const char *more[] = { "golden", "tea", "nci-tea", "ibs", "spe", "ris", "issue-head",
	                       "dcpix", "dcpix-taken", "dcpix-imiss" };
	for (size_t i = 0; i < sizeof(more) / sizeof(more[0]); i++)
		assert_true(pmu_model_index(more[i]) >= 9);
	assert_true(pmu_model_count() <= 32);
}

/* ---- Figure A.4 on hand-built views (2-wide commit) --------------------------------------- */

struct views {
	struct pmu *pmu;
	struct probe_consumer pc;
	uint64_t cycle;
	struct probe_insn last;
};

static struct isa_insn alu_insn = { .cls = ISA_CLASS_ALU, .len = 4 };
static struct isa_insn load_insn = { .cls = ISA_CLASS_LOAD, .len = 4, .size = 8 };
static struct isa_insn branch_insn = { .cls = ISA_CLASS_BRANCH, .len = 4, .flags = ISA_F_COND };

static struct probe_insn mk(uint64_t pc, const struct isa_insn *in, uint64_t seq)
{
	struct probe_insn r;
	memset(&r, 0, sizeof(r));
	r.pc = pc;
	r.insn = in;
	r.seq = seq;
	r.t_fetch = r.t_decode = r.t_rename = r.t_dispatch = r.t_ready = r.t_issue = 0;
	r.t_complete = r.t_end = PROBE_NEVER;
	return r;
}

static void views_init(struct views *w, uint32_t models)
{
	struct pmu_config cfg = { .period_cycles = 1, .commit_width = 2, .models = models };
	memset(w, 0, sizeof(*w));
	assert_int_equal(pmu_create(&cfg, &w->pmu), 0);
	pmu_consumer(w->pmu, &w->pc);
	w->cycle = 0;  /* the figure's cycle 1 */
}

/* One view standing for n cycles: heads[0..nvalid), of which the first ncommit commit. */
static void view(struct views *w, uint64_t n, enum probe_state st, struct probe_insn **heads,
		 uint32_t nvalid, uint32_t ncommit, const struct probe_insn *flush,
		 enum probe_cause cause)
{
	struct probe_cycle v;
	memset(&v, 0, sizeof(v));
	v.cycle = w->cycle;
	v.ncycles = n;
	v.width = 2;
	v.n_valid = nvalid;
	v.n_commit = ncommit;
	v.state = st;
	v.empty_cause = cause;
	for (uint32_t i = 0; i < nvalid; i++)
		v.head[i] = heads[i];
	if (st == PROBE_STALLED)
		v.stall_class = heads[0]->insn->cls;
	v.flush_insn = flush;
	w->pc.on_cycle(w->pc.ctx, &v);
	w->cycle += n;
}

/* Cycles (Oracle) or samples attributed to pc, as a double. */
static double got(const struct views *w, const char *model, uint64_t pc)
{
	const struct pmu_unit *u = pmu_unit_find(w->pmu, model);
	assert_non_null(u);
	const struct pmu_entry *e = pmu_profile_find(&u->prof, pc);
	return e ? (double)e->total / (double)u->prof.divisor : 0.0;
}

#define PC(i) (0x1000 + 4 * (i))
#define ALL_BUT_TAGS (0x3fu)  /* oracle tip tip-ilp nci nci-ilp lci */

static void test_fig_a4_stalled(void **state)
{
	(void)state;
	/* I1 commits in cycle 1; the load stalls cycles 2..41; load and I3 commit in 42 */
	struct views w;
	views_init(&w, ALL_BUT_TAGS);
	struct probe_insn i1 = mk(PC(1), &alu_insn, 1), ld = mk(PC(2), &load_insn, 2),
	                  i3 = mk(PC(3), &alu_insn, 3);
	struct probe_insn *h1[] = { &i1, &ld }, *h2[] = { &ld, &i3 };
	view(&w, 1, PROBE_COMPUTING, h1, 2, 1, NULL, 0);
	for (int c = 2; c <= 41; c++)
		view(&w, 1, PROBE_STALLED, h2, 2, 0, NULL, 0);
	view(&w, 1, PROBE_COMPUTING, h2, 2, 2, NULL, 0);
	pmu_finish(w.pmu);
	assert_true(got(&w, "oracle", PC(1)) == 1.0);
	assert_true(got(&w, "oracle", PC(2)) == 40.5);
	assert_true(got(&w, "oracle", PC(3)) == 0.5);
	/* TIP samples every cycle: exactly the Oracle */
	for (int i = 1; i <= 3; i++)
		assert_true(got(&w, "tip", PC(i)) == got(&w, "oracle", PC(i)));
	/* NCI misses I3 (no ILP) */
	assert_true(got(&w, "nci", PC(2)) == 41.0 && got(&w, "nci", PC(3)) == 0.0);
	assert_true(got(&w, "tip-ilp", PC(2)) == 41.0 && got(&w, "tip-ilp", PC(3)) == 0.0);
	/* LCI blames I1 for the stall */
	assert_true(got(&w, "lci", PC(1)) == 41.0);
	assert_true(got(&w, "lci", PC(2)) == 0.0 && got(&w, "lci", PC(3)) == 1.0);
	/* NCI+ILP: every stalled sample split between the load and I3 */
	assert_true(got(&w, "nci-ilp", PC(2)) == 20.5 && got(&w, "nci-ilp", PC(3)) == 20.5);
	pmu_destroy(w.pmu);
}

static void test_fig_a4_flushed(void **state)
{
	(void)state;
	/* I1 and a mispredicted branch commit in cycle 1; the ROB is empty (flushed) cycles 2..5;
	 * I5 dispatches and stalls in cycle 6 and commits in cycle 7 */
	struct views w;
	views_init(&w, ALL_BUT_TAGS);
	struct probe_insn i1 = mk(PC(1), &alu_insn, 1), br = mk(PC(2), &branch_insn, 2),
	                  i5 = mk(PC(9), &alu_insn, 9);
	br.flush_cause = PROBE_FLUSH_BRANCH;
	br.events = PROBE_EV_MISPREDICT;
	struct probe_insn *h1[] = { &i1, &br }, *h2[] = { &i5 };
	view(&w, 1, PROBE_COMPUTING, h1, 2, 2, NULL, 0);
	view(&w, 4, PROBE_FLUSHED, NULL, 0, 0, &br, PROBE_FLUSH_BRANCH);  /* one view, 4 cycles */
	view(&w, 1, PROBE_STALLED, h2, 1, 0, NULL, 0);
	view(&w, 1, PROBE_COMPUTING, h2, 1, 1, NULL, 0);
	pmu_finish(w.pmu);
	assert_true(got(&w, "oracle", PC(1)) == 0.5);
	assert_true(got(&w, "oracle", PC(2)) == 4.5);
	assert_true(got(&w, "oracle", PC(9)) == 2.0);
	for (int i = 1; i <= 9; i++)
		assert_true(got(&w, "tip", PC(i)) == got(&w, "oracle", PC(i)));
	/* NCI blames the instruction after the flush, and never the branch */
	assert_true(got(&w, "nci", PC(1)) == 1.0 && got(&w, "nci", PC(2)) == 0.0);
	assert_true(got(&w, "nci", PC(9)) == 6.0);
	/* LCI blames the branch for the flush (correct) and for I5's stall (not) */
	assert_true(got(&w, "lci", PC(2)) == 6.0 && got(&w, "lci", PC(9)) == 1.0);
	/* TIP-ILP: the flush right, the computing cycle to the oldest */
	assert_true(got(&w, "tip-ilp", PC(1)) == 1.0 && got(&w, "tip-ilp", PC(2)) == 4.0);
	const struct pmu_unit *tip = pmu_unit_find(w.pmu, "tip");
	const struct pmu_entry *e = pmu_profile_find(&tip->prof, PC(2));
	assert_int_equal(e->cat[PMU_CAT_FLUSH_MISPREDICT], 4 * tip->prof.divisor);
	assert_int_equal(tip->samples, 7);
	pmu_destroy(w.pmu);
}

static void test_fig_a4_drained(void **state)
{
	(void)state;
	/* I1 and I2 commit in cycle 1; an I-cache miss drains the ROB cycles 2..41; I3 stalls at
	 * the head in cycle 42 and commits in 43 */
	struct views w;
	views_init(&w, ALL_BUT_TAGS);
	struct probe_insn i1 = mk(PC(1), &alu_insn, 1), i2 = mk(PC(2), &alu_insn, 2),
	                  i3 = mk(PC(3), &alu_insn, 3);
	struct probe_insn *h1[] = { &i1, &i2 }, *h2[] = { &i3 };
	view(&w, 1, PROBE_COMPUTING, h1, 2, 2, NULL, 0);
	view(&w, 25, PROBE_DRAINED, NULL, 0, 0, NULL, PROBE_DRAIN_ICACHE);
	for (int c = 0; c < 15; c++)
		view(&w, 1, PROBE_DRAINED, NULL, 0, 0, NULL, PROBE_DRAIN_ICACHE);
	view(&w, 1, PROBE_STALLED, h2, 1, 0, NULL, 0);
	view(&w, 1, PROBE_COMPUTING, h2, 1, 1, NULL, 0);
	pmu_finish(w.pmu);
	assert_true(got(&w, "oracle", PC(1)) == 0.5 && got(&w, "oracle", PC(2)) == 0.5);
	assert_true(got(&w, "oracle", PC(3)) == 42.0);
	for (int i = 1; i <= 3; i++)
		assert_true(got(&w, "tip", PC(i)) == got(&w, "oracle", PC(i)));
	assert_true(got(&w, "nci", PC(3)) == 42.0);
	assert_true(got(&w, "lci", PC(2)) == 42.0);  /* the drain and I3's stall */
	const struct pmu_unit *o = pmu_unit_find(w.pmu, "oracle");
	assert_int_equal(o->prof.cat_total[PMU_CAT_FRONTEND], 40 * o->prof.divisor);
	assert_int_equal(o->prof.total, 43 * o->prof.divisor);
	assert_int_equal(pmu_samples_taken(w.pmu), 43);
	pmu_destroy(w.pmu);
}

/* ---- on the core ------------------------------------------------------------------------- */

static uint64_t rng_state = 88172645463325252ull;
static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static uint64_t addr_far(size_t it, size_t i)
{
	(void)i;
	return 0x10000000ull + ((it * 2654435761u) % 65521) * 128;
}

/* A loop with a coin-flip branch, a serialising CSR write every 8th iteration (behind a
 * branch) and a load that misses to DRAM: all four commit states. */
static void mixed_stream(struct synth *s, size_t iters, size_t *load_i, size_t *csr_i)
{
	synth_alu(s, X(5), X(5), X(0));                         /* 0 */
	size_t br = synth_branch(s, X(6), X(0), 8);            /* 1: skips 2 when taken */
	synth_alu(s, X(7), X(0), X(0));                         /* 2 */
	size_t ld = synth_load(s, X(8), X(9));                  /* 3 */
	synth_alu(s, X(10), X(8), X(0));                        /* 4: uses the load */
	for (int i = 0; i < 6; i++)
		synth_alu(s, X(11 + i), X(0), X(0));            /* 5..10 */
	size_t skip = synth_branch(s, X(7), X(0), 8);          /* 11: skips the CSR write */
	size_t csr = synth_insn(s, ISA_CLASS_CSR, X(20), X(21), ISA_REG_NONE, 0,
	                        ISA_F_SERIALIZE, 0);            /* 12 */
	size_t loop = synth_branch(s, X(6), X(0), -13 * 4);    /* 13 */
	for (size_t it = 0; it < iters; it++) {
		synth_exec(s, 0, synth_pc(1), 0, 0);
		int t = rng() & 1;
		synth_exec(s, br, synth_pc(t ? 3 : 2), 0, t);
		if (!t)
			synth_exec(s, 2, synth_pc(3), 0, 0);
		synth_exec(s, ld, synth_pc(4), addr_far(it, ld), 0);
		for (size_t i = 4; i <= 10; i++)
			synth_exec(s, i, synth_pc(i + 1), 0, 0);
		int flush = it % 8 == 0;
		synth_exec(s, skip, synth_pc(flush ? csr : loop), 0, !flush);
		if (flush)
			synth_exec(s, csr, synth_pc(loop), 0, 0);
		int back = it + 1 < iters;
		synth_exec(s, loop, back ? synth_pc(0) : synth_pc(loop + 1), 0, back);
	}
	*load_i = ld;
	*csr_i = csr;
}

static struct core *run_with_pmu(struct synth *s, struct core_config *cfg, struct pmu *p)
{
	struct core *c;
	struct probe_consumer pc;
	synth_source(s);
	assert_int_equal(core_create(cfg, &s->src, &c), 0);
	pmu_consumer(p, &pc);
	assert_int_equal(core_attach(c, &pc), 0);
	assert_int_equal(core_run(c, stderr), 0);
	pmu_finish(p);
	return c;
}

static void test_core_oracle_exact(void **state)
{
	(void)state;
	struct synth s = { 0 };
	size_t ld, csr;
	mixed_stream(&s, 600, &ld, &csr);
	struct core_config cfg;
	config_defaults(&cfg);
	struct pmu *p;
	struct pmu_config pc = { .period_cycles = 1, .commit_width = cfg.commit_width,
	                         .models = (1u << pmu_model_count()) - 1 };
	assert_int_equal(pmu_create(&pc, &p), 0);
	struct core *c = run_with_pmu(&s, &cfg, p);
	const struct core_stats *st = core_stats(c);
	const struct pmu_unit *o = pmu_unit_find(p, "oracle");
	uint64_t d = pmu_divisor(p);
	assert_int_equal(d, 12);
	/* every cycle accounted once, split by state exactly as the core's cycle stack */
	assert_int_equal(pmu_cycles_seen(p), st->cycles);
	assert_int_equal(o->prof.total, st->cycles * d);
	uint64_t stalled = 0, flushed = 0, drained = 0;
	for (unsigned k = 1; k <= ISA_CLASS_COUNT; k++)
		stalled += st->stack[k];
	for (unsigned cause = 1; cause < PROBE_CAUSE_COUNT; cause++) {
		uint64_t v = st->stack[CORE_STACK_CAUSE(cause)];
		if (PROBE_CAUSE_IS_FLUSH(cause))
			flushed += v;
		else
			drained += v;
	}
	uint64_t *ct = (uint64_t *)o->prof.cat_total;
	assert_int_equal(ct[PMU_CAT_EXECUTE], st->stack[CORE_STACK_COMPUTING] * d);
	assert_int_equal(ct[PMU_CAT_STALL_ALU] + ct[PMU_CAT_STALL_LOAD] + ct[PMU_CAT_STALL_STORE],
	                 stalled * d);
	assert_int_equal(ct[PMU_CAT_FLUSH_MISPREDICT] + ct[PMU_CAT_FLUSH_MISC], flushed * d);
	assert_int_equal(ct[PMU_CAT_FRONTEND], drained * d);
	assert_true(ct[PMU_CAT_FLUSH_MISPREDICT] > 0 && ct[PMU_CAT_FLUSH_MISC] > 0);
	assert_true(ct[PMU_CAT_STALL_LOAD] > ct[PMU_CAT_STALL_ALU]);
	/* the CSR write is blamed for its flushes, the load for its misses */
	const struct pmu_entry *e = pmu_profile_find(&o->prof, synth_pc(csr));
	assert_non_null(e);
	assert_true(e->cat[PMU_CAT_FLUSH_MISC] > 0);
	e = pmu_profile_find(&o->prof, synth_pc(ld));
	assert_true(e->cat[PMU_CAT_STALL_LOAD] > o->prof.total / 4);
	/* all sampled profilers saw every cycle; none lost a sample */
	assert_int_equal(pmu_samples_taken(p), st->cycles);
	for (size_t i = 0; i < pmu_unit_count(p); i++) {
		const struct pmu_unit *u = pmu_unit_at(p, i);
		if (u->model->every_cycle || !u->model->on_sample)
			continue;  /* the Oracle, counts, or a model with its own sampling (issue-head) */
		assert_int_equal(u->samples + u->unresolved, st->cycles);
		/* LCI has nothing to report before the first commit (the cold start), the
		 * tagging profilers nothing after the last fetch (the final drain); the others
		 * lose at most the samples of the last few cycles */
		int cold = !strcmp(u->model->name, "lci") || u->model->on_insn;
		if (strcmp(u->model->name, "sscofpmf"))  /* one LCOFI pending at a time: drops */
			assert_true(u->unresolved <= (cold ? 2000u : 8u));
		assert_int_equal(u->prof.total, u->samples * d);
	}
	/* TIP sampling every cycle is the Oracle, instruction by instruction and category */
	const struct pmu_unit *t = pmu_unit_find(p, "tip");
	assert_int_equal(t->prof.n, o->prof.n);
	for (size_t i = 0; i < o->prof.n; i++) {
		const struct pmu_entry *oe = &o->prof.e[i];
		const struct pmu_entry *te = pmu_profile_find(&t->prof, oe->pc);
		assert_non_null(te);
		assert_memory_equal(te->cat, oe->cat, sizeof(oe->cat));
	}
	/* LCI blames the instruction before the missing load (pc 2 or the branch at 1) */
	const struct pmu_unit *l = pmu_unit_find(p, "lci");
	const struct pmu_entry *le = pmu_profile_find(&l->prof, synth_pc(ld));
	assert_true(!le || le->total < l->prof.total / 20);
	/* NCI never blames the CSR write for its flush */
	const struct pmu_unit *n = pmu_unit_find(p, "nci");
	const struct pmu_entry *ne = pmu_profile_find(&n->prof, synth_pc(csr));
	assert_true(!ne || ne->cat[PMU_CAT_FLUSH_MISC] == 0);
	core_destroy(c);
	pmu_destroy(p);
	synth_free(&s);
}

/* Sparse random sampling: every sampled model resolves the same samples; the tagging
 * profilers never blame the stalled load much. */
static void test_core_sparse(void **state)
{
	(void)state;
	struct synth s = { 0 };
	size_t ld, csr;
	mixed_stream(&s, 1500, &ld, &csr);
	struct core_config cfg;
	config_defaults(&cfg);
	struct pmu *p;
	struct pmu_config pc = { .period_cycles = 37, .random = 1, .seed = 5,
	                         .commit_width = cfg.commit_width,
	                         .models = (1u << pmu_model_count()) - 1 };
	assert_int_equal(pmu_create(&pc, &p), 0);
	struct core *c = run_with_pmu(&s, &cfg, p);
	uint64_t cycles = core_stats(c)->cycles;
	uint64_t taken = pmu_samples_taken(p);
	assert_true(taken == cycles / 37 || taken == cycles / 37 + 1);
	double load_share[32];
	for (size_t i = 0; i < pmu_unit_count(p); i++) {
		const struct pmu_unit *u = pmu_unit_at(p, i);
		const struct pmu_entry *e = pmu_profile_find(&u->prof, synth_pc(ld));
		load_share[i] = e ? (double)e->total / (double)u->prof.total : 0;
		if (!u->model->every_cycle && u->model->on_sample)
			assert_int_equal(u->samples + u->unresolved, taken);
	}
	int o = pmu_model_index("oracle"), t = pmu_model_index("tip"), sw = pmu_model_index("software"),
	    dp = pmu_model_index("dispatch"), ft = pmu_model_index("fetch");
	assert_true(load_share[o] > 0.3);
	assert_true(load_share[t] > load_share[o] - 0.1 && load_share[t] < load_share[o] + 0.1);
	assert_true(load_share[sw] < load_share[o] / 2);
	assert_true(load_share[dp] < load_share[o] / 2);
	assert_true(load_share[ft] < load_share[o] / 2);
	core_destroy(c);
	pmu_destroy(p);
	synth_free(&s);
}

/* Each of the nine attached alone, and a few pairs, yields the very profile it yields with
 * all nine attached: what the PMU keeps once for several models (the last-committed and
 * offending-instruction registers) and the units' demand for views and records couple
 * nothing. */
static void test_alone_equals_together(void **state)
{
	(void)state;
	struct synth s = { 0 };
	size_t ld, csr;
	mixed_stream(&s, 400, &ld, &csr);
	struct core_config cfg;
	config_defaults(&cfg);
	struct pmu_config pc = { .period_cycles = 37, .random = 1, .seed = 3,
	                         .commit_width = cfg.commit_width, .models = (1u << 9) - 1 };
	struct pmu *all;
	assert_int_equal(pmu_create(&pc, &all), 0);
	core_destroy(run_with_pmu(&s, &cfg, all));
	uint32_t sets[9 + 3];
	for (int k = 0; k < 9; k++)
		sets[k] = 1u << k;
	sets[9] = (1u << pmu_model_index("oracle")) | (1u << pmu_model_index("tip"));
	sets[10] = (1u << pmu_model_index("tip-ilp")) | (1u << pmu_model_index("lci"));
	sets[11] = (1u << pmu_model_index("nci")) | (1u << pmu_model_index("software"));
	for (size_t k = 0; k < sizeof(sets) / sizeof(sets[0]); k++) {
		struct pmu *p;
		pc.models = sets[k];
		assert_int_equal(pmu_create(&pc, &p), 0);
		core_destroy(run_with_pmu(&s, &cfg, p));
		assert_int_equal(pmu_samples_taken(p), pmu_samples_taken(all));
		for (size_t i = 0; i < pmu_unit_count(p); i++) {
			const struct pmu_unit *u = pmu_unit_at(p, i);
			const struct pmu_unit *w = pmu_unit_find(all, u->model->name);
			assert_non_null(w);
			assert_int_equal(u->samples, w->samples);
			assert_int_equal(u->unresolved, w->unresolved);
			assert_int_equal(u->prof.total, w->prof.total);
			assert_true(u->prof.total > 0);
			assert_int_equal(u->prof.n, w->prof.n);
			/* the same adds in the same order: entries in the same first-seen order */
			assert_memory_equal(u->prof.e, w->prof.e, u->prof.n * sizeof(*u->prof.e));
			assert_memory_equal(u->prof.cat_total, w->prof.cat_total,
			                    sizeof(u->prof.cat_total));
		}
		pmu_destroy(p);
	}
	pmu_destroy(all);
	synth_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sampler),
		cmocka_unit_test(test_parse_list),
		cmocka_unit_test(test_fig_a4_stalled),
		cmocka_unit_test(test_fig_a4_flushed),
		cmocka_unit_test(test_fig_a4_drained),
		cmocka_unit_test(test_core_oracle_exact),
		cmocka_unit_test(test_core_sparse),
		cmocka_unit_test(test_alone_equals_together),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
