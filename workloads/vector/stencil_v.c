/*
 * stencil_v — a vector 2-D Jacobi stencil with RVV intrinsics (clang 14): 5-point averaging,
 * out[i][j] = 0.25 (in[i-1][j] + in[i+1][j] + in[i][j-1] + in[i][j+1]), over a 256x256 float
 * grid (256 KiB per grid, two grids swapped each sweep), the interior strip-mined at e32,
 * LMUL 4: the north and south rows by unit-stride loads, the west and east neighbours by
 * sliding the centre row by one element (vslide1up.vx / vslide1down.vx with the scalars at
 * the chunk's edges), so every element is loaded once per row. Self-check: the first sweep
 * equals the scalar stencil bit for bit (same additions in the same order; no fused
 * operation). The checksum is the same at every VLEN.
 * Size: 2 * SIZE sweeps.
 */
#include "vworkload.h"

#define ST_N 256

static float st_a[ST_N][ST_N], st_b[ST_N][ST_N], st_ref[ST_N][ST_N];

static WL_HOT void sweep_v(float (*out)[ST_N], float (*in)[ST_N])
{
	for (int i = 1; i < ST_N - 1; i++) {
		const float *c = in[i], *nr = in[i - 1], *sr = in[i + 1];
		for (size_t j = 1, n = ST_N - 2; n;) {
			size_t vl = vsetvl_e32m4(n);
			vfloat32m4_t x = vle32_v_f32m4(c + j, vl);
			vfloat32m4_t w = vfslide1up_vf_f32m4(x, c[j - 1], vl);
			vfloat32m4_t e = vfslide1down_vf_f32m4(x, c[j + vl], vl);
			vfloat32m4_t s = vfadd_vv_f32m4(vle32_v_f32m4(nr + j, vl),
			                                vle32_v_f32m4(sr + j, vl), vl);
			s = vfadd_vv_f32m4(vfadd_vv_f32m4(s, w, vl), e, vl);
			vse32_v_f32m4(out[i] + j, vfmul_vf_f32m4(s, 0.25f, vl), vl);
			j += vl, n -= vl;
		}
	}
}

static void sweep_scalar(float (*out)[ST_N], float (*in)[ST_N])
{
	for (int i = 1; i < ST_N - 1; i++)
		for (int j = 1; j < ST_N - 1; j++) {
			float s = in[i - 1][j] + in[i + 1][j];
			s = s + in[i][j - 1];
			s = s + in[i][j + 1];
			out[i][j] = s * 0.25f;
		}
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	unsigned sweeps = 2 * size;
	struct wl_rng r;
	wl_rng_seed(&r, 0x57e2);
	for (int i = 0; i < ST_N; i++)
		for (int j = 0; j < ST_N; j++)
			st_a[i][j] = st_b[i][j] = st_ref[i][j] = (float)(wl_rand_unit(&r) * 1000.0);
	sweep_scalar(st_ref, st_a);
	int ok = 1;
	uint64_t sum = 0;
	for (unsigned k = 0; k < sweeps; k++) {
		if (k % 2 == 0)
			sweep_v(st_b, st_a);
		else
			sweep_v(st_a, st_b);
		if (k == 0)
			ok &= !memcmp(st_ref, st_b, sizeof(st_b));
		float (*g)[ST_N] = k % 2 ? st_a : st_b;
		uint32_t bits;
		memcpy(&bits, &g[1 + k % (ST_N - 2)][1 + (k * 37) % (ST_N - 2)], 4);
		sum = wl_mix(sum, bits);
	}
	float (*g)[ST_N] = sweeps % 2 ? st_b : st_a;
	for (int i = 0; i < ST_N; i += 3)
		for (int j = 0; j < ST_N; j += 5) {
			uint32_t bits;
			memcpy(&bits, &g[i][j], 4);
			sum = wl_mix(sum, bits);
		}
	return wl_finish("stencil_v", size, sum, 0xd3d18fcb92d90516ull, ok);
}
