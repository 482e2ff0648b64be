/* 353: sampled reuse distances (analysis/shards.c). Over every reference of a skewed random
 * stream of 6,000 keys (400,000 references: the key table grows, the stamps run out and are
 * renumbered several times) shards_access gives exactly the LRU stack distance a plain
 * recency list gives, and the time of the key's last reference, SHARDS_COLD for first
 * references. Spatially sampled (emu_line_hash
 * below a sixteenth), the distances times 16 estimate the miss ratios of LRU caches of 1,000,
 * 3,000 and 8,000 keys on that stream within 0.03 of the exact ones, and on a loop over 4,096
 * keys they put every reuse past a 2,048-key cache and inside an 8,192-key one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/shards.h"
#include "emu/emu.h"

#define NKEYS 6000
#define NREFS 400000

static uint64_t rng(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* a skewed key: small keys far more often (the product of two uniforms) */
static uint64_t skewed(uint64_t *s)
{
	uint64_t a = rng(s) % NKEYS, b = rng(s) % NKEYS;
	return (a * b) / NKEYS * 64 + 0x10000;  /* line-sized keys, spread */
}

static void test_exact_distances(void **state)
{
	(void)state;
	struct shards sh;
	assert_int_equal(shards_init(&sh), 0);
	uint64_t *stack = malloc(NKEYS * sizeof(*stack));  /* most recent first */
	uint64_t *stack_t = malloc(NKEYS * sizeof(*stack_t));  /* and when */
	size_t depth = 0;
	uint64_t s = 42, cold = 0;
	for (int r = 0; r < NREFS; r++) {
		uint64_t k = skewed(&s), now = 3 * (uint64_t)r + 1, prev = 0;
		size_t i = 0;
		while (i < depth && stack[i] != k)
			i++;
		uint64_t want = i < depth ? i : SHARDS_COLD;
		uint64_t got = shards_access(&sh, k, now, &prev);
		if (got != want)
			fail_msg("reference %d to key %#llx: distance %llu, want %llu", r,
			         (unsigned long long)k, (unsigned long long)got, (unsigned long long)want);
		if (i < depth && prev != stack_t[i])
			fail_msg("reference %d: last reference at %llu, want %llu", r,
			         (unsigned long long)prev, (unsigned long long)stack_t[i]);
		if (i == depth) {
			depth++;
			cold++;
		}
		memmove(stack + 1, stack, i * sizeof(*stack));
		memmove(stack_t + 1, stack_t, i * sizeof(*stack_t));
		stack[0] = k;
		stack_t[0] = now;
	}
	assert_true(cold > 2000);  /* the table grew */
	assert_true(sh.n == cold);
	free(stack);
	free(stack_t);
	shards_free(&sh);
}

/* miss ratios of LRU caches of caps[] keys: exact (rate 1) and sampled one in 16 */
static void miss_ratios(int loop, const uint64_t *caps, size_t ncaps, double *exact, double *est)
{
	struct shards all, smp;
	assert_int_equal(shards_init(&all), 0);
	assert_int_equal(shards_init(&smp), 0);
	uint64_t s = 7, miss[8] = { 0 }, smiss[8] = { 0 }, nsmp = 0;
	const uint32_t below = (uint32_t)((1ull << 32) / 16);
	for (int r = 0; r < NREFS; r++) {
		uint64_t k = loop ? (uint64_t)(r % 4096) * 64 : skewed(&s);
		uint64_t p, d = shards_access(&all, k, (uint64_t)r, &p);
		for (size_t c = 0; c < ncaps; c++)
			miss[c] += d >= caps[c];
		if (emu_line_hash(k) >= below)
			continue;
		nsmp++;
		uint64_t ds = shards_access(&smp, k, (uint64_t)r, &p);
		for (size_t c = 0; c < ncaps; c++)
			smiss[c] += ds == SHARDS_COLD || ds * 16 >= caps[c];
	}
	assert_true(nsmp > NREFS / 32 && nsmp < NREFS / 8);
	for (size_t c = 0; c < ncaps; c++) {
		exact[c] = (double)miss[c] / NREFS;
		est[c] = (double)smiss[c] / (double)nsmp;
	}
	shards_free(&all);
	shards_free(&smp);
}

static void test_sampled_miss_ratios(void **state)
{
	(void)state;
	const uint64_t caps[3] = { 1000, 3000, 8000 };
	double ex[3], est[3];
	miss_ratios(0, caps, 3, ex, est);
	for (int c = 0; c < 3; c++)
		if (est[c] < ex[c] - 0.03 || est[c] > ex[c] + 0.03)
			fail_msg("cache of %llu keys: sampled miss ratio %.4f, exact %.4f",
			         (unsigned long long)caps[c], est[c], ex[c]);
	assert_true(ex[0] > ex[1] + 0.05);  /* the stream has reuse at every size */
	const uint64_t lcaps[2] = { 2048, 8192 };
	miss_ratios(1, lcaps, 2, ex, est);
	assert_true(ex[0] > 0.999 && est[0] > 0.999);  /* the loop overflows 2,048 */
	assert_true(ex[1] < 0.011 && est[1] < 0.011);  /* and fits 8,192: cold misses only */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact_distances),
		cmocka_unit_test(test_sampled_miss_ratios),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
