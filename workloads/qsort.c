/*
 * qsort — real library code: glibc qsort() (a merge sort with an indirect comparator call per
 * comparison) sorting 6 Ki 16-byte records (96 KiB) by a random 32-bit key, then by a double, plus
 * bsearch() lookups. Exercises indirect calls and returns through a function pointer, memcpy
 * of records inside the library, and the comparator's unpredictable result branches.
 * Self-check: the output is ordered and is a permutation of the input (key and id sums).
 * Size: SIZE/2 sorts of each kind (at least one).
 */
#include "workload.h"

#define QS_N (6u * 1024u)

struct qs_rec {
	uint32_t key;
	uint32_t id;
	double val;
};

static int qs_cmp_key(const void *a, const void *b)
{
	const struct qs_rec *x = a, *y = b;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

static int qs_cmp_val(const void *a, const void *b)
{
	const struct qs_rec *x = a, *y = b;
	return (x->val > y->val) - (x->val < y->val);
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	unsigned reps = size / 2 ? size / 2 : 1;
	static struct qs_rec recs[QS_N];
	struct wl_rng rng;
	wl_rng_seed(&rng, QS_N);
	uint64_t sum = 0;
	int ok = 1;
	for (unsigned r = 0; r < reps; r++) {
		uint64_t key_sum = 0, id_sum = 0;
		for (uint32_t i = 0; i < QS_N; i++) {
			recs[i].key = (uint32_t)wl_rand64(&rng);
			recs[i].id = i;
			recs[i].val = wl_rand_unit(&rng) * 1000.0 - 500.0;
			key_sum += recs[i].key;
			id_sum += i;
		}
		qsort(recs, QS_N, sizeof recs[0], qs_cmp_key);
		uint64_t ks = 0, is = 0;
		for (uint32_t i = 0; i < QS_N; i++) {
			ks += recs[i].key;
			is += recs[i].id;
			if (i > 0)
				ok &= qs_cmp_key(&recs[i - 1], &recs[i]) < 0;
		}
		ok &= ks == key_sum && is == id_sum;
		for (uint32_t q = 0; q < QS_N / 4; q++) {
			const struct qs_rec *want = &recs[wl_rand_below(&rng, QS_N)];
			const struct qs_rec *got = bsearch(want, recs, QS_N, sizeof recs[0], qs_cmp_key);
			ok &= got == want;
		}
		sum = wl_mix(sum, recs[QS_N / 2].id);
		sum = wl_mix(sum, recs[QS_N / 3].key);

		qsort(recs, QS_N, sizeof recs[0], qs_cmp_val);
		for (uint32_t i = 1; i < QS_N; i++)
			ok &= recs[i - 1].val <= recs[i].val;
		for (uint32_t i = 0; i < QS_N; i += 97)
			sum = wl_mix(sum, recs[i].id);
	}
	return wl_finish("qsort", size, sum, 0xfe20f109a754f5bdull, ok);
}
