/* 521: TEA's PSVs and PICS: signature names (Table B.1 order, "base") and their parsing; the
 * golden reference, TEA and NCI-TEA on a hand-made probe stream (a load whose ST-L1/ST-LLC
 * bits appear only after it began stalling at the ROB head, a mispredicted branch followed by
 * a flush and a drain, an I-cache-missing instruction after it), where the time each gives
 * every (instruction, signature) is known; and the PICS error on small profiles with a known
 * answer, including event-set masking. */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/pics_eval.h"
#include "pmu/pmu.h"
#include "pmu/psv.h"

static void test_names(void **state)
{
	(void)state;
	char b[PSV_NAME_MAX];
	psv_name(0, b, sizeof(b));
	assert_string_equal(b, "base");
	psv_name(PSV_ST_TLB | PSV_ST_L1, b, sizeof(b));
	assert_string_equal(b, "ST-L1+ST-TLB");
	psv_name(PSV_ALL, b, sizeof(b));
	assert_string_equal(b, "DR-L1+DR-TLB+DR-SQ+FL-MB+FL-EX+FL-MO+ST-L1+ST-TLB+ST-LLC+ST-VU");
	for (uint32_t s = 0; s <= PSV_ALL; s++) {
		uint32_t back = 999;
		psv_name(s, b, sizeof(b));
		assert_int_equal(psv_parse(b, &back), 0);
		assert_int_equal(back, s);
	}
	uint32_t x;
	assert_int_equal(psv_parse("ST-L1+", &x), -EINVAL);
	assert_int_equal(psv_parse("ST-L1+ST-L1", &x), -EINVAL);
	assert_int_equal(psv_parse("L1", &x), -EINVAL);
	assert_int_equal(psv_parse("", &x), -EINVAL);
	/* Table B.1: IBS 6 events, SPE 5, RIS 7 */
	assert_int_equal(__builtin_popcount(PSV_SET_IBS), 6);
	assert_int_equal(__builtin_popcount(PSV_SET_SPE), 5);
	assert_int_equal(__builtin_popcount(PSV_SET_RIS), 7);
}

static struct isa_insn ld = { .cls = ISA_CLASS_LOAD }, br = { .cls = ISA_CLASS_BRANCH },
	alu = { .cls = ISA_CLASS_ALU };

static void feed_cycle(struct probe_consumer *c, struct probe_cycle *v, uint64_t cyc,
		       enum probe_state st, const struct probe_insn *h, uint32_t ncommit)
{
	memset(v, 0, sizeof(*v));
	v->cycle = cyc;
	v->ncycles = 1;
	v->width = 1;
	v->state = st;
	v->n_valid = h ? 1 : 0;
	v->n_commit = ncommit;
	v->head[0] = h;
	c->on_cycle(c->ctx, v);
}

/* Units of (pc, signature) in a unit's PICS. */
static uint64_t at(const struct pmu_unit *u, uint64_t pc, uint32_t sig)
{
	const struct pmu_entry *e = pmu_profile_find(&u->pics, psv_key(pc, sig));
	return e ? e->total : 0;
}

static void test_stream(void **state)
{
	(void)state;
	uint32_t mask;
	char err[256];
	assert_int_equal(pmu_parse_list("golden,tea,nci-tea", &mask, err, sizeof(err)), 0);
	struct pmu_config cfg = { .period_cycles = 1, .commit_width = 1, .models = mask };
	struct pmu *p;
	assert_int_equal(pmu_create(&cfg, &p), 0);
	struct probe_consumer c;
	pmu_consumer(p, &c);
	struct probe_cycle v;
	struct probe_insn L = { .seq = 1, .pc = 0x100, .insn = &ld, .committed = 0 };
	struct probe_insn B = { .seq = 2, .pc = 0x104, .insn = &br };
	struct probe_insn C = { .seq = 3, .pc = 0x200, .insn = &alu, .events = PSV_DR_L1 };
	/* cycles 0..1: drained (nothing fetched yet); 2..9: L stalls at the head; its cache
	 * miss is known from cycle 5 on */
	feed_cycle(&c, &v, 0, PROBE_DRAINED, NULL, 0);
	feed_cycle(&c, &v, 1, PROBE_DRAINED, NULL, 0);
	for (uint64_t t = 2; t < 10; t++) {
		if (t == 5)
			L.events = PSV_ST_L1 | PSV_ST_LLC;
		feed_cycle(&c, &v, t, PROBE_STALLED, &L, 0);
	}
	/* cycle 10: L commits (its record first, then the view) */
	L.committed = 1;
	c.on_insn(c.ctx, &L);
	feed_cycle(&c, &v, 10, PROBE_COMPUTING, &L, 1);
	/* cycle 11: the mispredicted branch commits; 12..14 flushed behind it */
	B.events = PSV_FL_MB;
	B.flush_cause = PROBE_FLUSH_BRANCH;
	B.committed = 1;
	c.on_insn(c.ctx, &B);
	feed_cycle(&c, &v, 11, PROBE_COMPUTING, &B, 1);
	struct probe_insn Bcopy = B;
	for (uint64_t t = 12; t < 15; t++) {
		memset(&v, 0, sizeof(v));
		v.cycle = t;
		v.ncycles = 1;
		v.width = 1;
		v.state = PROBE_FLUSHED;
		v.empty_cause = PROBE_FLUSH_BRANCH;
		v.flush_insn = &Bcopy;
		v.last_committed = &B;
		c.on_cycle(c.ctx, &v);
	}
	/* 15: C (refetched after an I-cache miss) dispatched, not ready; 16: it commits */
	feed_cycle(&c, &v, 15, PROBE_STALLED, &C, 0);
	C.committed = 1;
	c.on_insn(c.ctx, &C);
	feed_cycle(&c, &v, 16, PROBE_COMPUTING, &C, 1);
	pmu_finish(p);

	const struct pmu_unit *g = pmu_unit_find(p, "golden"), *t = pmu_unit_find(p, "tea"),
		*n = pmu_unit_find(p, "nci-tea");
	uint32_t miss = PSV_ST_L1 | PSV_ST_LLC;
	/* the golden reference: the final PSV of the blamed instruction */
	assert_int_equal(at(g, 0x100, miss), 11);
	assert_int_equal(at(g, 0x100, 0), 0);
	assert_int_equal(at(g, 0x104, PSV_FL_MB), 4);
	assert_int_equal(at(g, 0x200, PSV_DR_L1), 2);
	assert_int_equal(g->pics.total, 17);
	assert_int_equal(pmu_profile_find(&g->prof, 0x100)->cat[PMU_CAT_FRONTEND], 2);
	/* TEA sampling every cycle gives exactly the golden reference */
	assert_int_equal(at(t, 0x100, miss), 11);
	assert_int_equal(at(t, 0x104, PSV_FL_MB), 4);
	assert_int_equal(at(t, 0x200, PSV_DR_L1), 2);
	assert_int_equal(t->samples, 17);
	assert_int_equal(t->unresolved, 0);
	/* NCI-TEA blames the flush and the drain on the next committing instruction */
	assert_int_equal(at(n, 0x100, miss), 11);
	assert_int_equal(at(n, 0x104, PSV_FL_MB), 1);
	assert_int_equal(at(n, 0x200, PSV_DR_L1), 5);
	/* the golden reference counted the events of the correct-path instructions */
	assert_non_null(pmu_profile_find(&g->evcount, psv_key(0x100, PSV_ST_LLC)));
	assert_null(pmu_profile_find(&g->evcount, psv_key(0x104, PSV_ST_LLC)));
	pmu_destroy(p);
}

static void add(struct pmu_profile *p, uint64_t pc, uint32_t sig, uint64_t u)
{
	pmu_profile_add(p, psv_key(pc, sig), NULL, PMU_CAT_EXECUTE, u);
}

static void test_error(void **state)
{
	(void)state;
	struct pmu_profile a, r;
	assert_int_equal(pmu_profile_init(&a, 1), 0);
	assert_int_equal(pmu_profile_init(&r, 1), 0);
	struct code_map m;
	code_map_init(&m);
	struct profile_error e[PMU_EVAL_GRAN_N];
	/* golden: pc 0x10 60 cycles ST-L1, 20 base; pc 0x20 20 cycles FL-MB */
	add(&r, 0x10, PSV_ST_L1, 60);
	add(&r, 0x10, 0, 20);
	add(&r, 0x20, PSV_FL_MB, 20);
	/* profile: same instruction heights (x10 samples), but 0x10's stall called DR-L1 */
	add(&a, 0x10, PSV_DR_L1, 600);
	add(&a, 0x10, 0, 200);
	add(&a, 0x20, PSV_FL_MB, 200);
	assert_int_equal(pics_eval_error(&m, &a, &r, PSV_ALL, e), 0);
	assert_true(fabs(e[PMU_EVAL_INSN].error - 0.60) < 1e-12);
	/* outside every image all pcs share one function: the component mismatch remains */
	assert_true(fabs(e[PMU_EVAL_FUNC].error - 0.60) < 1e-12);
	/* SPE has ST-L1 but no DR-L1: the profile says base where the golden says ST-L1 */
	assert_int_equal(pics_eval_error(&m, &a, &r, PSV_SET_SPE, e), 0);
	assert_true(fabs(e[PMU_EVAL_INSN].error - 0.60) < 1e-12);
	/* an event set with neither: both stacks are all base, the error is 0 */
	assert_int_equal(pics_eval_error(&m, &a, &r, PSV_FL_MB, e), 0);
	assert_true(fabs(e[PMU_EVAL_INSN].error) < 1e-12);
	/* the stack of 0x10 under the full set, and its text */
	uint64_t units[PICS_EVAL_SIGS];
	assert_int_equal(pics_eval_components(&r, 0x10, PSV_ALL, units), 80);
	assert_int_equal(units[PSV_ST_L1], 60);
	char txt[128];
	double du[PICS_EVAL_SIGS];
	for (uint32_t s = 0; s < PICS_EVAL_SIGS; s++)
		du[s] = (double)units[s];
	pics_eval_stack_text(du, 80, 4, txt, sizeof(txt));
	assert_string_equal(txt, "ST-L1 75%, base 25%");
	pmu_profile_free(&a);
	pmu_profile_free(&r);
	code_map_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_stream),
		cmocka_unit_test(test_error),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
