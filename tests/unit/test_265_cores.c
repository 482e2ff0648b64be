/* 265: several cores (robin sim --cores): the snooping MSI protocol between two memory
 * systems sharing one LLC (a store invalidates the other core's copy, a load of a line
 * Modified elsewhere is an intervention, a store to a Modified line snoops nobody, an AMO
 * takes the line Modified; one core alone is untouched), and the lock-step driver: two cores
 * on synthetic streams, one of whose source first says SOURCE_WAIT (no thread yet) and then
 * starts at another PC, both commit every record with the exact cycle stack. And the
 * emulator's side of it, thread_switch_to: a thread keeps its LR reservation across switches
 * unless the reserved bytes changed meanwhile, and takes a signal that came while it was out
 * at its next instruction. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <signal.h>
#include <unistd.h>

#include "core/coherence.h"
#include "core/cores.h"
#include "core/memsys.h"
#include "core_synth.h"
#include "emu/emu_priv.h"
#include "emu/thread.h"

#define X(n) ((uint8_t)(n))

static void two_mem(struct core_config *cfg, struct memsys *m, struct coherence *coh)
{
	config_defaults(cfg);
	cfg->l1d_prefetch = 0;
	assert_int_equal(memsys_init(&m[0], cfg), 0);
	assert_int_equal(memsys_init(&m[1], cfg), 0);
	memsys_share(&m[1], &m[0]);
	struct memsys *mp[2] = { &m[0], &m[1] };
	coherence_init(coh, mp, 2, cfg->llc_cycles);
}

static void test_msi(void **state)
{
	(void)state;
	struct core_config cfg;
	struct memsys m[2];
	struct coherence coh;
	two_mem(&cfg, m, &coh);
	struct memsys_result r;
	uint64_t a = 0x400000, t = 1000;
	/* core 0 brings the line from DRAM; core 1 finds it in the shared LLC */
	assert_int_equal(memsys_load(&m[0], a, t, &r), 0);
	assert_int_equal(r.level, PROBE_LEVEL_DRAM);
	t = r.done + 10;
	assert_int_equal(memsys_load(&m[1], a, t, &r), 0);
	assert_int_equal(r.level, PROBE_LEVEL_LLC);
	t = r.done + 10;
	/* both Shared: core 0's store invalidates core 1's copy: the upgrade goes to the LLC
	 * and back (llc_cycles) and waits for core 1's acknowledgement (the snoop, llc_cycles
	 * again); the store queue drains behind it (coh_wait) */
	assert_int_equal(memsys_store(&m[0], a, t, &r), 0);
	assert_int_equal(r.done, t + 1 + 2 * cfg.llc_cycles);
	assert_int_equal(r.coh_wait, 1);
	assert_int_equal(m[0].st.coh_invalidations, 1);
	assert_int_equal(m[1].st.coh_invalidated, 1);
	assert_true(cache_lookup(&m[1].l1d, a, 0) < 0);
	t = r.done + 10;
	/* Modified: another store snoops nobody */
	assert_int_equal(memsys_store(&m[0], a + 8, t, &r), 0);
	assert_int_equal(r.done, t + 1);
	assert_int_equal(r.coh_wait, 0);
	assert_int_equal(m[0].st.coh_invalidations, 1);
	/* core 1 reads it: a miss served after core 0's write-back (an intervention) */
	assert_int_equal(memsys_load(&m[1], a, t, &r), 0);
	assert_true(r.l1_miss);
	assert_int_equal(m[1].st.coh_interventions, 1);
	int64_t s0 = cache_lookup(&m[0].l1d, a, 0);
	assert_true(s0 >= 0);
	assert_int_equal(m[0].l1d.dirty[s0], 0);  /* Shared again */
	t = r.done + 10;
	/* an AMO of core 0 takes it Modified again: core 1 loses its copy */
	assert_int_equal(memsys_amo(&m[0], a, t, &r), 0);
	assert_int_equal(m[0].st.coh_invalidations, 2);
	assert_true(cache_lookup(&m[1].l1d, a, 0) < 0);
	s0 = cache_lookup(&m[0].l1d, a, 0);
	assert_int_equal(m[0].l1d.dirty[s0], 1);
	memsys_fini(&m[1]);
	memsys_fini(&m[0]);
}

static void test_one_core_amo(void **state)
{
	(void)state;
	struct core_config cfg;
	config_defaults(&cfg);
	struct memsys m;
	assert_int_equal(memsys_init(&m, &cfg), 0);
	struct memsys_result r1, r2;
	assert_int_equal(memsys_amo(&m, 0x500000, 100, &r1), 0);
	assert_int_equal(memsys_load(&m, 0x500000, r1.done + 5, &r2), 0);
	int64_t s = cache_lookup(&m.l1d, 0x500000, 0);
	assert_int_equal(m.l1d.dirty[s], 0);  /* alone, an AMO is the load it always was */
	assert_int_equal(m.st.coh_invalidations, 0);
	memsys_fini(&m);
}

/* A source that says SOURCE_WAIT `waits` times, then replays a trace. */
struct late_source {
	struct core_source inner;
	int waits;
};

static int late_next(void *ctx, struct emu_dyn *out)
{
	struct late_source *l = ctx;
	if (l->waits > 0) {
		l->waits--;
		return SOURCE_WAIT;
	}
	return l->inner.next(l->inner.ctx, out);
}

static const struct isa_insn *late_decode(void *ctx, uint64_t pc)
{
	struct late_source *l = ctx;
	return l->inner.decode_at(l->inner.ctx, pc);
}

static uint64_t late_reg(void *ctx, unsigned reg)
{
	struct late_source *l = ctx;
	return l->inner.reg(l->inner.ctx, reg);
}

static void build_loop(struct synth *s, size_t skip, size_t iters)
{
	memset(s, 0, sizeof(*s));
	for (size_t i = 0; i < skip; i++)
		synth_alu(s, X(9), X(0), X(0));  /* never executed: the stream starts after them */
	for (int i = 0; i < 6; i++)
		synth_alu(s, X(5 + i), X(5 + i), X(0));
	synth_branch(s, X(6), X(0), -6 * 4);
	synth_loop(s, skip, skip + 6, iters, NULL);
	synth_source(s);
}

static void test_lockstep(void **state)
{
	(void)state;
	struct core_config cfg;
	config_defaults(&cfg);
	struct synth *s = calloc(2, sizeof(*s));
	assert_non_null(s);
	build_loop(&s[0], 0, 500);
	build_loop(&s[1], 16, 300);
	struct late_source late = { s[1].src, 200 };
	struct core_source src[2] = { s[0].src,
	                              { &late, late_next, late_decode, late_reg } };
	struct cores *m;
	assert_int_equal(cores_create(&cfg, 2, src, &m), 0);
	assert_int_equal(cores_run(m, stderr), 0);
	for (unsigned k = 0; k < 2; k++) {
		const struct core_stats *st = core_stats(m->core[k]);
		assert_int_equal(st->instructions, s[k].n);
		uint64_t sum = 0;
		for (unsigned i = 0; i < CORE_STACK_N; i++)
			sum += st->stack[i];
		assert_int_equal(sum, st->cycles);
	}
	/* core 1 waited 200 cycles before its first record */
	assert_true(core_stats(m->core[1])->cycles > 200);
	assert_int_equal(cores_cycles(m), core_stats(m->core[0])->cycles >
	                 core_stats(m->core[1])->cycles ? core_stats(m->core[0])->cycles
	                                                : core_stats(m->core[1])->cycles);
	cores_destroy(m);
	synth_free(&s[0]);
	synth_free(&s[1]);
	free(s);
}


static void test_switch_to(void **state)
{
	(void)state;
	const char *prog = "build/guest/tests/hello.static";
	if (access(prog, X_OK))
		skip();
	struct emu_config ecfg = { .virtual_time = 1, .seed = 3 };
	struct emu *e;
	char *argv[] = { (char *)prog, NULL };
	char *envp[] = { NULL };
	assert_int_equal(emu_create(&ecfg, &e), 0);
	assert_int_equal(emu_load(e, prog, 1, argv, envp), 0);
	thread_sched_external(e);
	int tid1 = thread_clone(e, 0, 0, 0, 0);
	assert_true(tid1 > 0);
	assert_int_equal(thread_slots(e), 2);
	uint64_t a = (e->hart.x[2] - 256) & ~7ull, v = 0x1234, w = 0x5678;
	assert_int_equal(gmem_copy_to(&e->mem, a, &v, 8), 0);
	/* thread 0 holds a reservation; thread 1 runs and leaves the bytes alone: it holds */
	e->hart.reservation = a;
	assert_int_equal(thread_switch_to(e, 1), 0);
	assert_int_equal(thread_slot_current(e), 1);
	assert_int_equal(e->hart.reservation, ~0ull);
	assert_int_equal(thread_switch_to(e, 0), 0);
	assert_int_equal(e->hart.reservation, a);
	/* thread 1 writes the reserved bytes meanwhile: thread 0's SC must fail */
	assert_int_equal(thread_switch_to(e, 1), 0);
	assert_int_equal(gmem_copy_to(&e->mem, a, &w, 8), 0);
	assert_int_equal(thread_switch_to(e, 0), 0);
	assert_int_equal(e->hart.reservation, ~0ull);
	/* a signal for thread 1 while thread 0 runs: served when thread 1 is switched in */
	signal(SIGUSR1, SIG_IGN);
	assert_int_equal(thread_signal(e, tid1, SIGUSR1), 0);
	e->async_at = UINT64_MAX;
	assert_int_equal(thread_switch_to(e, 1), 0);
	assert_int_equal(e->async_at, e->hart.instret);
	assert_int_equal(thread_switch_to(e, 5), -EINVAL);
	emu_destroy(e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_msi),
		cmocka_unit_test(test_one_core_amo),
		cmocka_unit_test(test_lockstep),
		cmocka_unit_test(test_switch_to),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
