/*
 * matmul_fp — compute-intensive floating-point kernel: dense C = A x B on 96x96 doubles
 * (72 KiB each), i-k-j order, so the inner loop is a stream of independent fused
 * multiply-adds (fmadd.d) fed by L1/L2 hits: high ILP on the FP pipes, predictable branches.
 * Self-check: Freivalds' test C x r ~= A x (B x r) within a relative 1e-12.
 * Size: (SIZE + 2) / 3 products, each on freshly perturbed inputs.
 */
#include <math.h>

#include "workload.h"

#define MMF_N 96

static double mmf_a[MMF_N][MMF_N], mmf_b[MMF_N][MMF_N], mmf_c[MMF_N][MMF_N];

static void matmul_fp(void)
{
	for (int i = 0; i < MMF_N; i++) {
		for (int j = 0; j < MMF_N; j++)
			mmf_c[i][j] = 0.0;
		for (int k = 0; k < MMF_N; k++) {
			double a = mmf_a[i][k];
			for (int j = 0; j < MMF_N; j++)
				mmf_c[i][j] += a * mmf_b[k][j];
		}
	}
}

static int freivalds_fp(struct wl_rng *rng)
{
	double r[MMF_N], br[MMF_N], cr[MMF_N];
	for (int i = 0; i < MMF_N; i++)
		r[i] = wl_rand_unit(rng) - 0.5;
	for (int i = 0; i < MMF_N; i++) {
		double s = 0, t = 0;
		for (int j = 0; j < MMF_N; j++) {
			s += mmf_b[i][j] * r[j];
			t += mmf_c[i][j] * r[j];
		}
		br[i] = s;
		cr[i] = t;
	}
	for (int i = 0; i < MMF_N; i++) {
		double s = 0, mag = 0;
		for (int j = 0; j < MMF_N; j++) {
			s += mmf_a[i][j] * br[j];
			mag += fabs(mmf_a[i][j] * br[j]);
		}
		if (!(fabs(s - cr[i]) <= 1e-12 * (mag + 1.0)))
			return 0;
	}
	return 1;
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	unsigned reps = (size + 2) / 3;
	struct wl_rng rng;
	wl_rng_seed(&rng, 112);
	for (int i = 0; i < MMF_N; i++)
		for (int j = 0; j < MMF_N; j++) {
			mmf_a[i][j] = wl_rand_unit(&rng) * 2.0 - 1.0;
			mmf_b[i][j] = wl_rand_unit(&rng) * 2.0 - 1.0;
		}
	uint64_t sum = 0;
	int ok = 1;
	for (unsigned rep = 0; rep < reps; rep++) {
		mmf_a[rep % MMF_N][(rep * 5) % MMF_N] += 0.25;
		matmul_fp();
		ok &= freivalds_fp(&rng);
		for (int i = 0; i < MMF_N; i++)
			for (int j = 0; j < MMF_N; j++)
				sum = wl_mix_double(sum, mmf_c[i][j]);
	}
	return wl_finish("matmul_fp", size, sum, 0x034d6f6f74e97e5cull, ok);
}
