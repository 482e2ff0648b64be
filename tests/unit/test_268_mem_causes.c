/* 268: every DRAM read has a cause (demand, the L1D's next-line prefetch, a page walk) and
 * the causes add up to the DRAM's reads, one core or two over a shared LLC; the LLC counts
 * the prefetcher's and the walker's requests beside the demand ones; and on two cores a
 * store waits for its line only when another core held it (memsys_result.coh_wait), while a
 * load of a line Modified elsewhere pays the intervention. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/coherence.h"
#include "core/memsys.h"
#include "core/probe.h"

static uint64_t reads_by_cause(const struct memsys *m)
{
	uint64_t n = 0;
	for (unsigned k = 0; k < CACHE_CAUSE_N; k++)
		n += m->st.dram_reads[k];
	return n;
}

static void test_one_core_causes(void **state)
{
	(void)state;
	struct core_config cfg;
	config_defaults(&cfg);
	cfg.l1d_prefetch = 1;
	struct memsys m;
	assert_int_equal(memsys_init(&m, &cfg), 0);
	struct memsys_result r;
	uint64_t t = 100;
	/* a data miss on a page no TLB holds: the walk's table reads, the demand read, the
	 * next-line prefetch -- each a DRAM read of its own cause */
	uint8_t miss = 0;
	uint64_t a = 0x12345000;
	t = memsys_translate(&m, 0, a, t, &miss);
	assert_int_equal(miss, 2);
	assert_int_equal(memsys_load(&m, a, t, &r), 0);
	assert_int_equal(r.level, PROBE_LEVEL_DRAM);
	assert_true(m.st.dram_reads[CACHE_CAUSE_WALK] >= 1);
	assert_int_equal(m.st.dram_reads[CACHE_CAUSE_DEMAND], 1);
	assert_int_equal(m.st.dram_reads[CACHE_CAUSE_PREFETCH], 1);
	/* a fetch miss is demand too */
	memsys_ifetch(&m, 0x10000, r.done, &r);
	assert_int_equal(m.st.dram_reads[CACHE_CAUSE_DEMAND], 2);
	assert_int_equal(reads_by_cause(&m), m.dram.st.reads);
	/* the LLC saw every request, by cause; demand ones are its accesses */
	assert_int_equal(m.llc.st.cause_accesses[CACHE_CAUSE_DEMAND], m.llc.st.accesses);
	assert_int_equal(m.llc.st.cause_accesses[CACHE_CAUSE_PREFETCH], 1);
	assert_int_equal(m.llc.st.cause_misses[CACHE_CAUSE_PREFETCH], 1);
	assert_int_equal(m.st.llc_cause_misses[CACHE_CAUSE_WALK], m.st.dram_reads[CACHE_CAUSE_WALK]);
	/* the prefetched line is then a hit, and no DRAM read */
	uint64_t before = m.dram.st.reads;
	assert_int_equal(memsys_load(&m, a + 64, r.done + 1000, &r), 0);
	assert_int_equal(r.level, PROBE_LEVEL_L1);
	assert_int_equal(m.dram.st.reads, before);
	memsys_fini(&m);
}

static void test_two_cores(void **state)
{
	(void)state;
	struct core_config cfg;
	config_defaults(&cfg);
	cfg.l1d_prefetch = 1;
	struct memsys m[2];
	struct coherence coh;
	assert_int_equal(memsys_init(&m[0], &cfg), 0);
	assert_int_equal(memsys_init(&m[1], &cfg), 0);
	memsys_share(&m[1], &m[0]);
	struct memsys *mp[2] = { &m[0], &m[1] };
	coherence_init(&coh, mp, 2, cfg.llc_cycles);
	struct memsys_result r;
	uint64_t t = 100;
	/* both cores read lines of their own, then one line both */
	for (int k = 0; k < 2; k++) {
		assert_int_equal(memsys_load(&m[k], 0x800000 + (uint64_t)k * 0x10000, t, &r), 0);
		assert_int_equal(r.coh_wait, 0);
		t = r.done + 1;
	}
	uint64_t a = 0x900000;
	assert_int_equal(memsys_load(&m[0], a, t, &r), 0);
	t = r.done + 1;
	assert_int_equal(memsys_load(&m[1], a, t, &r), 0);
	t = r.done + 1;
	/* the shared DRAM's reads are the two cores' reads by cause */
	assert_int_equal(reads_by_cause(&m[0]) + reads_by_cause(&m[1]), m[0].dram.st.reads);
	assert_int_equal(m[1].dram.st.reads, 0);  /* its own DRAM is unused */
	/* a store to a line of its own (no other copy) does not wait */
	assert_int_equal(memsys_store(&m[0], 0x800000, t, &r), 0);
	assert_int_equal(r.coh_wait, 0);
	assert_int_equal(r.done, t + 1);
	/* a store to the shared line waits for the invalidation round trip */
	assert_int_equal(memsys_store(&m[1], a, t, &r), 0);
	assert_int_equal(r.coh_wait, 1);
	assert_int_equal(r.done, t + 1 + 2 * cfg.llc_cycles);
	t = r.done + 1;
	/* core 0 loads it back: an intervention, slower than an LLC hit by the snoop */
	assert_int_equal(memsys_load(&m[0], a, t, &r), 0);
	assert_int_equal(r.coh_wait, 1);
	assert_int_equal(r.level, PROBE_LEVEL_LLC);
	assert_int_equal(r.done, t + cfg.l1d_cycles + cfg.llc_cycles + cfg.llc_cycles + 1);
	assert_int_equal(m[0].st.coh_interventions, 1);
	memsys_fini(&m[1]);
	memsys_fini(&m[0]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_core_causes),
		cmocka_unit_test(test_two_cores),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
