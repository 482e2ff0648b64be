/*
 * dbquery.c — a long multi-phase workload for sampled simulation (robin simpoint run; not in
 * the suite): each round runs some of five query-engine phases, in an order that varies by
 * round, about 1 billion instructions at the default size 10 (size N: N rounds):
 *   build     hash-join build: 128K rows into an open-addressing table (random stores)
 *   probe     hash-join probe: 384K keys, half of them absent (random loads, branchy)
 *   aggregate group-by over 512K rows behind a filter whose selectivity the round decides
 *             (an input-dependent phase: the same code, different branch behaviour)
 *   index     binary searches of 256K keys in a sorted 1M-key column (cache misses and
 *             unpredictable branches)
 *   merge     merge of two sorted 256K-key runs (streaming, predictable)
 * Self-checks: every build key is found by the probe, the merged run is ordered, every indexed
 * key is found where it lies.
 */
#include "../workload.h"

#define ROWS (128u << 10)
#define TABLE_BITS 18
#define PROBES (384u << 10)
#define AGG_ROWS (512u << 10)
#define GROUPS 4096
#define COLUMN (1u << 20)
#define LOOKUPS (256u << 10)
#define RUN (256u << 10)

static uint64_t table_key[1u << TABLE_BITS];
static uint32_t table_val[1u << TABLE_BITS];
static uint64_t build_keys[ROWS];
static uint32_t agg_key[AGG_ROWS], agg_val[AGG_ROWS];
static uint64_t group_sum[GROUPS];
static uint32_t group_n[GROUPS];
static uint32_t column[COLUMN];
static uint32_t run_a[RUN], run_b[RUN], merged[2 * RUN];

static uint64_t db_hash(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdull;
	k ^= k >> 29;
	return k;
}

static WL_HOT uint64_t phase_build(struct wl_rng *r)
{
	memset(table_key, 0, sizeof(table_key));
	const uint64_t mask = (1u << TABLE_BITS) - 1;
	for (uint32_t i = 0; i < ROWS; i++) {
		uint64_t k = wl_rand64(r) | 1;   /* 0 marks an empty slot */
		build_keys[i] = k;
		uint64_t h = db_hash(k) & mask;
		while (table_key[h])
			h = (h + 1) & mask;
		table_key[h] = k;
		table_val[h] = i;
	}
	return ROWS;
}

static WL_HOT uint64_t phase_probe(struct wl_rng *r, int *ok)
{
	const uint64_t mask = (1u << TABLE_BITS) - 1;
	uint64_t hits = 0, sum = 0;
	for (uint32_t i = 0; i < PROBES; i++) {
		int present = (wl_rand64(r) & 1) != 0;
		uint64_t k = present ? build_keys[wl_rand_below(r, ROWS)] : (wl_rand64(r) & ~1ull);
		uint64_t h = db_hash(k) & mask;
		while (table_key[h] && table_key[h] != k)
			h = (h + 1) & mask;
		if (table_key[h] == k && k) {
			hits++;
			sum += table_val[h];
		} else if (present) {
			*ok = 0;
		}
	}
	return wl_mix(hits, sum);
}

static WL_HOT uint64_t phase_aggregate(struct wl_rng *r, int round)
{
	/* the round decides the data: mostly sorted keys and a selective filter in some rounds,
	 * random keys and a coin-flip filter in others */
	unsigned threshold = (unsigned)((round * 37) % 100);
	int sorted = round % 3 == 0;
	for (uint32_t i = 0; i < AGG_ROWS; i++) {
		agg_key[i] = sorted ? (uint32_t)(i / (AGG_ROWS / GROUPS)) : (uint32_t)wl_rand_below(r, GROUPS);
		agg_val[i] = (uint32_t)wl_rand_below(r, 100);
	}
	memset(group_sum, 0, sizeof(group_sum));
	memset(group_n, 0, sizeof(group_n));
	for (int pass = 0; pass < 3; pass++)
		for (uint32_t i = 0; i < AGG_ROWS; i++)
			if (agg_val[i] >= threshold) {
				group_sum[agg_key[i]] += agg_val[i];
				group_n[agg_key[i]]++;
			}
	uint64_t h = 0;
	for (uint32_t g = 0; g < GROUPS; g++)
		h = wl_mix(h, group_sum[g] * 7 + group_n[g]);
	return h;
}

static WL_HOT uint64_t phase_index(struct wl_rng *r, int *ok)
{
	uint32_t v = 0;
	for (uint32_t i = 0; i < COLUMN; i++) {
		v += 1 + (uint32_t)(wl_rand64(r) & 3);
		column[i] = v;
	}
	uint64_t h = 0;
	for (uint32_t q = 0; q < LOOKUPS; q++) {
		uint32_t want = (uint32_t)wl_rand_below(r, COLUMN);
		uint32_t key = column[want], lo = 0, hi = COLUMN;
		while (lo < hi) {
			uint32_t mid = lo + (hi - lo) / 2;
			if (column[mid] < key)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo != want)
			*ok = 0;
		h += lo;
	}
	return h;
}

static WL_HOT uint64_t phase_merge(struct wl_rng *r, int *ok)
{
	uint32_t a = 0, b = 0;
	for (uint32_t i = 0; i < RUN; i++) {
		a += (uint32_t)wl_rand_below(r, 16);
		b += (uint32_t)wl_rand_below(r, 16);
		run_a[i] = a;
		run_b[i] = b;
	}
	uint64_t h = 0;
	for (int rep = 0; rep < 4; rep++) {
		uint32_t i = 0, j = 0, n = 0;
		while (i < RUN && j < RUN)
			merged[n++] = run_a[i] <= run_b[j] ? run_a[i++] : run_b[j++];
		while (i < RUN)
			merged[n++] = run_a[i++];
		while (j < RUN)
			merged[n++] = run_b[j++];
		for (uint32_t k = 1; k < n; k++)
			if (merged[k - 1] > merged[k])
				*ok = 0;
		h = wl_mix(h, merged[n / 2 + rep]);
	}
	return h;
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	struct wl_rng r;
	wl_rng_seed(&r, 4242);
	/* which phases each round runs: B build, P probe, A aggregate, I index, M merge (a probe
	 * always follows a build) */
	static const char *const plan[] = { "BPA", "IMA", "BPPI", "AAM", "MBPI", "AIA", "BPM",
	                                    "IIA", "MAB", "PAI" };
	uint64_t sum = 0;
	int ok = 1, built = 0;
	for (unsigned round = 0; round < size; round++) {
		for (const char *p = plan[round % 10]; *p; p++) {
			uint64_t v = 0;
			switch (*p) {
			case 'B': v = phase_build(&r); built = 1; break;
			case 'P': v = built ? phase_probe(&r, &ok) : 0; break;
			case 'A': v = phase_aggregate(&r, (int)round); break;
			case 'I': v = phase_index(&r, &ok); break;
			case 'M': v = phase_merge(&r, &ok); break;
			}
			sum = wl_mix(sum, v);
		}
		printf("round %u %s %016" PRIx64 "\n", round, plan[round % 10], sum);
	}
	return wl_finish("dbquery", size, sum, 0xb6f780b4f0bb173full, ok);
}
