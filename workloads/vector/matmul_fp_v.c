/*
 * matmul_fp_v — the matmul_fp workload (workloads/matmul_fp.c) with RVV intrinsics (clang 14):
 * C = A x B on 96x96 doubles in i-k-j order, the j loop strip-mined at e64, LMUL 4: for each
 * k, C's row streams through vle64.v, vfmacc.vf (fused, as the scalar loop's fmadd.d) with
 * B's row and vse64.v. The additions happen in the scalar loop's order, so C and the
 * checksum are bit-identical to matmul_fp's at every VLEN. Self-check: Freivalds' test.
 * Size: (SIZE + 2) / 3 products, each on freshly perturbed inputs.
 */
#include <math.h>

#include "vworkload.h"

#define MMF_N 96

static double mmf_a[MMF_N][MMF_N], mmf_b[MMF_N][MMF_N], mmf_c[MMF_N][MMF_N];

static WL_HOT void matmul_fp_v(void)
{
	for (int i = 0; i < MMF_N; i++) {
		double *c = mmf_c[i];
		for (size_t n = MMF_N, j = 0; n;) {
			size_t vl = vsetvl_e64m4(n);
			vse64_v_f64m4(c + j, vfmv_v_f_f64m4(0.0, vl), vl);
			j += vl, n -= vl;
		}
		for (int k = 0; k < MMF_N; k++) {
			double a = mmf_a[i][k];
			const double *b = mmf_b[k];
			for (size_t n = MMF_N, j = 0; n;) {
				size_t vl = vsetvl_e64m4(n);
				vfloat64m4_t acc = vle64_v_f64m4(c + j, vl);
				acc = vfmacc_vf_f64m4(acc, a, vle64_v_f64m4(b + j, vl), vl);
				vse64_v_f64m4(c + j, acc, vl);
				j += vl, n -= vl;
			}
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
		matmul_fp_v();
		ok &= freivalds_fp(&rng);
		for (int i = 0; i < MMF_N; i++)
			for (int j = 0; j < MMF_N; j++)
				sum = wl_mix_double(sum, mmf_c[i][j]);
	}
	/* matmul_fp's checksum: the same fused multiply-adds in the same order */
	return wl_finish("matmul_fp_v", size, sum, 0x034d6f6f74e97e5cull, ok);
}
