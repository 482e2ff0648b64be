/*
 * bsearch — flush-intensive integer code: data-dependent, unpredictable branches. Looks up
 * random keys in a sorted array of 64 Ki uint32 (256 KiB) with a branchy binary search (each
 * "go left or right" is a coin flip for the branch predictor), then partitions random data
 * around a random pivot, Lomuto style (the "less than pivot" branch is a coin flip too).
 * Self-check: every hit is confirmed, misses are bracketed, partitions are verified.
 * Size: SIZE x 8 Ki lookups and SIZE/2 partitions of 64 Ki elements (at least one).
 */
#include "workload.h"

#define BS_N (64u * 1024u)

static uint32_t bs_keys[BS_N], bs_part[BS_N];

/* Index of the first key >= k (BS_N if none). Written with a branch on purpose. */
static WL_HOT uint32_t bs_lower_bound(uint32_t k)
{
	uint32_t lo = 0, hi = BS_N;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (bs_keys[mid] < k)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Lomuto partition of a[0..n) around p; returns the number of elements < p. */
static WL_HOT uint32_t bs_partition(uint32_t *a, uint32_t n, uint32_t p)
{
	uint32_t store = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (a[i] < p) {
			uint32_t t = a[i];
			a[i] = a[store];
			a[store++] = t;
		}
	}
	return store;
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	unsigned parts = size / 2 ? size / 2 : 1;
	struct wl_rng rng;
	wl_rng_seed(&rng, 1024);
	uint32_t k = 0;
	for (uint32_t i = 0; i < BS_N; i++) {
		k += 1 + (uint32_t)wl_rand_below(&rng, 8);  /* strictly increasing */
		bs_keys[i] = k;
	}
	uint32_t max_key = k;

	uint64_t sum = 0, hits = 0;
	int ok = 1;
	for (uint32_t q = 0; q < size * 8192u; q++) {
		uint32_t key = (uint32_t)wl_rand_below(&rng, max_key + 1);
		uint32_t i = bs_lower_bound(key);
		if (i > BS_N) {
			ok = 0;
			break;
		}
		if (i < BS_N && bs_keys[i] == key)
			hits++;
		else if (i < BS_N)
			ok &= bs_keys[i] > key && (i == 0 || bs_keys[i - 1] < key);
		else
			ok &= bs_keys[BS_N - 1] < key;
		sum = wl_mix(sum, i);
	}
	sum = wl_mix(sum, hits);

	for (unsigned r = 0; r < parts; r++) {
		for (uint32_t i = 0; i < BS_N; i++)
			bs_part[i] = (uint32_t)wl_rand64(&rng);
		uint32_t p = (uint32_t)wl_rand64(&rng);
		uint32_t below = bs_partition(bs_part, BS_N, p);
		for (uint32_t i = 0; i < BS_N; i++)
			ok &= (i < below) == (bs_part[i] < p);
		sum = wl_mix(sum, below);
		sum = wl_mix(sum, bs_part[below / 2]);
	}
	return wl_finish("bsearch", size, sum, 0xc5a1d045f5de2be9ull, ok);
}
