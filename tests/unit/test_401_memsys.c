/* 401: the timing model's memory hierarchy: LRU replacement, MSHR limits and merging, the
 * latency of each level, DRAM row hits versus conflicts, the bandwidth cap, TLB misses and
 * page walks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/config.h"
#include "core/memsys.h"
#include "core/probe.h"
#include "core/tlb.h"

static void test_cache_lru(void **state)
{
	(void)state;
	struct cache c;
	/* 2 sets x 2 ways of 64-byte lines */
	assert_int_equal(cache_init(&c, "t", 256, 2, 6, 1, 2), 0);
	uint64_t v;
	cache_fill(&c, 0x000, 0, PROBE_LEVEL_L1, 0, &v);
	cache_fill(&c, 0x080, 0, PROBE_LEVEL_L1, 0, &v);  /* same set (set = line & 1) */
	assert_true(cache_lookup(&c, 0x000, 1) >= 0);      /* 0x000 becomes most recent */
	cache_fill(&c, 0x100, 0, PROBE_LEVEL_L1, 0, &v);   /* evicts 0x080 */
	assert_true(cache_lookup(&c, 0x000, 0) >= 0);
	assert_true(cache_lookup(&c, 0x080, 0) < 0);
	assert_true(cache_lookup(&c, 0x100, 0) >= 0);
	assert_int_equal(v, UINT64_MAX);
	/* a dirty victim is reported for write-back */
	int64_t s = cache_lookup(&c, 0x000, 1);
	c.dirty[s] = 1;
	cache_lookup(&c, 0x100, 1);
	cache_fill(&c, 0x180, 0, PROBE_LEVEL_L1, 0, &v);
	assert_int_equal(v, 0x000);
	/* MSHRs */
	assert_int_equal(cache_mshr_free_at(&c, 10), 10);
	cache_mshr_take(&c, 10, 50);
	cache_mshr_take(&c, 10, 40);
	assert_int_equal(cache_mshr_free_at(&c, 10), 40);
	assert_int_equal(cache_mshr_free_at(&c, 45), 45);
	cache_fini(&c);
}

/* The caches' true LRU against a plain recency list per set, over random lines from pools
 * of a few to many more lines than a set holds, looked up three ways in turn (cache_lookup
 * touching, cache_find then cache_touch, cache_find alone with no touch): the same hit or
 * miss each time and the same lines held afterwards. Fails when a touch of a way that is not
 * the most recently used breaks the recency list, or a fill takes a way other than the
 * least recently used. */
static void test_cache_index(void **state)
{
	(void)state;
	enum { SETS = 4, WAYS = 8 };
	struct cache c;
	assert_int_equal(cache_init(&c, "t", SETS * WAYS * 64, WAYS, 6, 1, 2), 0);
	uint64_t ref[SETS][WAYS];  /* line + 1 by recency, [0] the most recent; 0 empty */
	memset(ref, 0, sizeof(ref));
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	for (int k = 0; k < 300000; k++) {
		seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
		uint32_t pool = 1u + (uint32_t)((k / 30000) % 5) * WAYS * SETS / 2;
		uint64_t line = (seed >> 24) % pool, key = line + 1;
		uint64_t *r = ref[line & (SETS - 1)];
		uint32_t i = 0;
		while (i < WAYS && r[i] != key)
			i++;
		int hit = i < WAYS, touch = 1;
		int64_t s;
		switch (k % 3) {
		case 0:
			s = cache_lookup(&c, line << 6, 1);
			break;
		case 1:
			s = cache_find(&c, key);
			if (s >= 0)
				cache_touch(&c, key, (uint64_t)s);
			break;
		default:
			s = cache_find(&c, key);
			touch = 0;
			break;
		}
		assert_int_equal(s >= 0, hit);
		if (hit) {
			assert_int_equal(c.tag[s], key);
			if (!touch)
				continue;
		} else {
			uint64_t v;
			cache_fill(&c, line << 6, 0, PROBE_LEVEL_L1, 0, &v);
			i = WAYS - 1;  /* the least recently used (or an empty way) goes */
		}
		memmove(&r[1], &r[0], i * sizeof(r[0]));
		r[0] = key;
	}
	for (uint32_t set = 0; set < SETS; set++)
		for (uint32_t i = 0; i < WAYS; i++)
			if (ref[set][i])
				assert_true(cache_find(&c, ref[set][i]) >= 0);
	cache_fini(&c);
}

static void test_levels(void **state)
{
	(void)state;
	struct core_config cfg;
	config_defaults(&cfg);
	struct memsys m;
	assert_int_equal(memsys_init(&m, &cfg), 0);
	struct memsys_result r;
	uint64_t t = 1000;
	/* cold: DRAM */
	assert_int_equal(memsys_load(&m, 0x100000, t, &r), 0);
	assert_int_equal(r.level, PROBE_LEVEL_DRAM);
	assert_true(r.l1_miss && r.llc_miss);
	uint64_t dram = r.done - t;
	assert_true(dram > cfg.l1d_cycles + cfg.llc_cycles + 100);
	/* the same line again while it fills: a merge, served by DRAM at the same time */
	assert_int_equal(memsys_load(&m, 0x100008, t + 5, &r), 0);
	assert_int_equal(r.level, PROBE_LEVEL_DRAM);
	assert_true(r.done <= t + dram + 2);
	/* after the fill: an L1 hit */
	t += 2 * dram;
	assert_int_equal(memsys_load(&m, 0x100010, t, &r), 0);
	assert_int_equal(r.level, PROBE_LEVEL_L1);
	assert_int_equal(r.done - t, cfg.l1d_cycles);
	/* the next line was prefetched */
	assert_int_equal(memsys_load(&m, 0x100040, t, &r), 0);
	assert_int_equal(r.level, PROBE_LEVEL_L1);
	assert_true(m.l1d.st.useful_prefetches >= 1);
	/* evict the line from the L1 (same set, 9 other lines), keep it in the LLC */
	uint64_t set_stride = (uint64_t)cfg.l1d_kb * 1024 / cfg.l1d_ways;
	for (int i = 1; i <= 9; i++) {
		assert_int_equal(memsys_load(&m, 0x100000 + i * set_stride, t, &r), 0);
		t = r.done + 1;
	}
	t += 1000;
	assert_int_equal(memsys_load(&m, 0x100000, t, &r), 0);
	assert_int_equal(r.level, PROBE_LEVEL_LLC);
	assert_int_equal(r.done - t, cfg.l1d_cycles + cfg.llc_cycles + 1);
	memsys_fini(&m);
}

static void test_mshr_limit(void **state)
{
	(void)state;
	struct core_config cfg;
	config_defaults(&cfg);
	cfg.l1d_prefetch = 0;
	struct memsys m;
	assert_int_equal(memsys_init(&m, &cfg), 0);
	struct memsys_result r;
	for (uint32_t i = 0; i < cfg.l1d_mshrs; i++)
		assert_int_equal(memsys_load(&m, 0x200000 + i * 4096, 100, &r), 0);
	/* every MSHR busy: refused, until the first returns */
	assert_int_equal(memsys_load(&m, 0x900000, 100, &r), -16);
	uint64_t free_at = memsys_l1d_mshr_free_at(&m, 100);
	assert_true(free_at > 100);
	assert_int_equal(memsys_load(&m, 0x900000, free_at, &r), 0);
	memsys_fini(&m);
}

static void test_dram(void **state)
{
	(void)state;
	struct core_config cfg;
	config_defaults(&cfg);
	struct dram d;
	assert_int_equal(dram_init(&d, &cfg), 0);
	uint64_t t = 0;
	uint64_t empty = dram_access(&d, 0, t, 0) - t;        /* row closed: RCD + CAS */
	t = 10000;
	uint64_t hit = dram_access(&d, 64, t, 0) - t;         /* same row: CAS */
	uint32_t rowaddr_stride = cfg.dram_row_bytes * cfg.dram_ranks * cfg.dram_banks;
	t = 20000;
	uint64_t conflict = dram_access(&d, rowaddr_stride, t, 0) - t; /* same bank, other row */
	assert_true(hit < empty && empty < conflict);
	assert_int_equal(empty - hit, d.trcd);
	assert_int_equal(conflict - hit, d.trp + d.trcd);
	assert_int_equal(d.st.row_hits, 1);
	assert_int_equal(d.st.row_conflicts, 1);
	/* the bandwidth cap: 1000 line reads spread over every bank take at least
	 * 1000 x line_bytes / bandwidth */
	t = 100000;
	uint64_t last = 0;
	for (int i = 0; i < 1000; i++) {
		uint64_t done = dram_access(&d, (uint64_t)i * cfg.dram_row_bytes, t, 0);
		if (done > last)
			last = done;
	}
	double min_cycles = 1000.0 * cfg.line_bytes / cfg.dram_gbps * cfg.freq_mhz / 1000.0;
	assert_true((double)(last - t) >= min_cycles);
	assert_true((double)(last - t) < min_cycles * 1.2 + 1000);
	dram_fini(&d);
}

static void test_tlb(void **state)
{
	(void)state;
	struct core_config cfg;
	config_defaults(&cfg);
	struct memsys m;
	assert_int_equal(memsys_init(&m, &cfg), 0);
	uint8_t miss = 0;
	uint64_t t = memsys_translate(&m, 0, 0x400000, 100, &miss);
	assert_int_equal(miss, 2);                                /* L1 and L2 TLB missed */
	assert_true(t > 100 + cfg.l2tlb_cycles);                  /* a page walk */
	assert_int_equal(m.st.ptw_walks, 1);
	miss = 0;
	assert_int_equal(memsys_translate(&m, 0, 0x400ff8, t, &miss), t);
	assert_int_equal(miss, 0);
	/* 40 pages evict the first from the 32-entry L1 TLB; the L2 TLB still has it */
	for (uint64_t p = 1; p <= 40; p++)
		memsys_translate(&m, 0, 0x400000 + p * 4096, t, &miss);
	miss = 0;
	assert_int_equal(memsys_translate(&m, 0, 0x400000, t, &miss), t + cfg.l2tlb_cycles);
	assert_int_equal(miss, 1);
	memsys_fini(&m);
}

/* The fully associative TLB against a plain LRU list, over random pages from pools of a few
 * to many more pages than entries (hits, evictions, keys whose probes collide): the same hit
 * or miss at every access, the same entries held afterwards. Fails when the index loses a
 * page (a deletion that breaks another key's probe) or keeps an evicted one. */
static void test_tlb_index(void **state)
{
	(void)state;
	static const uint32_t sizes[] = { 1, 2, 3, 8, 32, 48 };
	uint64_t seed = 0x2545f4914f6cdd1dull;
	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		uint32_t n = sizes[s];
		struct tlb t;
		assert_int_equal(tlb_init(&t, n, 0), 0);
		uint64_t ref[64];  /* ref[0] the most recently used; vpn + 1, 0 empty */
		memset(ref, 0, sizeof(ref));
		for (int k = 0; k < 200000; k++) {
			seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
			uint32_t pool = 1u + (uint32_t)((k / 20000) % 5) * n;  /* 1, n+1, 2n+1 ... pages */
			/* pages 4096 apart in the key space too: their hashes collide more */
			uint64_t vpn = (seed >> 20) % pool * ((k & 1) ? 4096 : 1) + 7;
			/* often the page before the last one (tlb_hit_recent's second case), also
			 * after evictions took or refilled its entry */
			if ((seed & 3) == 0 && ref[1])
				vpn = ref[1] - 1;
			uint32_t i = 0;
			while (i < n && ref[i] != vpn + 1)
				i++;
			int hit = i < n;
			if (k % 3 == 2) {
				/* the inline hit warming takes: the same hit, nothing changed on a miss */
				assert_int_equal(tlb_hit_any(&t, vpn + 1), hit);
			} else {
				assert_int_equal(tlb_lookup(&t, vpn), hit);
			}
			assert_int_equal(tlb_holds(&t, vpn), hit);
			if (!hit) {
				tlb_fill(&t, vpn);
				i = n - 1;  /* the least recently used (or an empty entry) goes */
			}
			memmove(&ref[1], &ref[0], i * sizeof(ref[0]));
			ref[0] = vpn + 1;
		}
		for (uint32_t i = 0; i < n; i++)
			assert_true(ref[i] && tlb_holds(&t, ref[i] - 1));
		assert_false(tlb_holds(&t, 1u << 30));
		tlb_fini(&t);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cache_lru),
		cmocka_unit_test(test_cache_index),
		cmocka_unit_test(test_levels),
		cmocka_unit_test(test_mshr_limit),
		cmocka_unit_test(test_dram),
		cmocka_unit_test(test_tlb),
		cmocka_unit_test(test_tlb_index),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
