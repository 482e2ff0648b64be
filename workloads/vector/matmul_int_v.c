/*
 * matmul_int_v — the matmul_int workload (workloads/matmul_int.c) with RVV intrinsics (clang
 * 14): C = A x B on 96x96 uint32 matrices, each chunk of a C row held in registers (e32,
 * LMUL 4) across the whole k loop: vle32.v of B's row, vmacc.vx by A's element, one vse32.v
 * per chunk. Sums modulo 2^32 do not depend on the order, so C and the checksum equal
 * matmul_int's at every VLEN. Self-check: Freivalds' test (exact modulo 2^32).
 * Size: (SIZE + 2) / 3 products, each on freshly perturbed inputs.
 */
#include "vworkload.h"

#define MM_N 96

static uint32_t mm_a[MM_N][MM_N], mm_b[MM_N][MM_N], mm_c[MM_N][MM_N];

static WL_HOT void matmul_v(void)
{
	for (int i = 0; i < MM_N; i++)
		for (size_t j = 0, n = MM_N; n;) {
			size_t vl = vsetvl_e32m4(n);
			vuint32m4_t acc = vmv_v_x_u32m4(0, vl);
			for (int k = 0; k < MM_N; k++)
				acc = vmacc_vx_u32m4(acc, mm_a[i][k], vle32_v_u32m4(mm_b[k] + j, vl), vl);
			vse32_v_u32m4(mm_c[i] + j, acc, vl);
			j += vl, n -= vl;
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
		matmul_v();
		ok &= freivalds(&rng);
		for (int i = 0; i < MM_N; i++)
			for (int j = 0; j < MM_N; j++)
				sum = wl_mix(sum, mm_c[i][j]);
	}
	return wl_finish("matmul_int_v", size, sum, 0x4cecca99c2f18f18ull, ok);  /* matmul_int's */
}
