/*
 * matmul_int — compute-intensive integer kernel: C = A x B on 96x96 uint32 matrices
 * (36 KiB each, i-k-j order so the inner loop streams rows of B and C) with multiply-add
 * chains that are independent across j: high ILP, predictable branches, L1/L2 hits.
 * Self-check: Freivalds' test, C x r == A x (B x r) for a random vector r (exact modulo 2^32).
 * Size: (SIZE + 2) / 3 products, each on freshly perturbed inputs.
 */
#include "workload.h"

#define MM_N 96

static uint32_t mm_a[MM_N][MM_N], mm_b[MM_N][MM_N], mm_c[MM_N][MM_N];

static void matmul(void)
{
	for (int i = 0; i < MM_N; i++) {
		for (int j = 0; j < MM_N; j++)
			mm_c[i][j] = 0;
		for (int k = 0; k < MM_N; k++) {
			uint32_t a = mm_a[i][k];
			for (int j = 0; j < MM_N; j++)
				mm_c[i][j] += a * mm_b[k][j];
		}
	}
}

static int freivalds(struct wl_rng *rng)
{
	uint32_t r[MM_N], br[MM_N], abr[MM_N], cr[MM_N];
	for (int i = 0; i < MM_N; i++)
		r[i] = (uint32_t)wl_rand64(rng);
	for (int i = 0; i < MM_N; i++) {
		uint32_t s = 0, t = 0;
		for (int j = 0; j < MM_N; j++) {
			s += mm_b[i][j] * r[j];
			t += mm_c[i][j] * r[j];
		}
		br[i] = s;
		cr[i] = t;
	}
	for (int i = 0; i < MM_N; i++) {
		uint32_t s = 0;
		for (int j = 0; j < MM_N; j++)
			s += mm_a[i][j] * br[j];
		abr[i] = s;
	}
	return memcmp(abr, cr, sizeof cr) == 0;
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	unsigned reps = (size + 2) / 3;
	struct wl_rng rng;
	wl_rng_seed(&rng, 128);
	for (int i = 0; i < MM_N; i++)
		for (int j = 0; j < MM_N; j++) {
			mm_a[i][j] = (uint32_t)wl_rand64(&rng);
			mm_b[i][j] = (uint32_t)wl_rand64(&rng);
		}
	uint64_t sum = 0;
	int ok = 1;
	for (unsigned rep = 0; rep < reps; rep++) {
		mm_a[rep % MM_N][(rep * 7) % MM_N] += rep + 1;
		matmul();
		ok &= freivalds(&rng);
		for (int i = 0; i < MM_N; i++)
			for (int j = 0; j < MM_N; j++)
				sum = wl_mix(sum, mm_c[i][j]);
	}
	return wl_finish("matmul_int", size, sum, 0x4cecca99c2f18f18ull, ok);
}
