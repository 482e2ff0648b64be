/*
 * saxpy_v — vector FP streaming kernel with RVV intrinsics (clang 14): y = a x + y over 64 Ki
 * floats (two 256 KiB arrays: L2-resident), strip-mined at e32, LMUL 8 (vle32.v, vfmacc.vf,
 * vse32.v), with a new a each pass. The FP unit's multiply-add pipeline against the
 * load/store bandwidth of a vector core. Self-check: every element of the first pass equals
 * the scalar fmaf() result bit for bit. The checksum is the same at every VLEN.
 * Size: 3 * SIZE passes.
 */
#include <math.h>

#include "vworkload.h"

#define SX_N (1u << 16)

static float sx_x[SX_N], sx_y[SX_N], sx_ref[SX_N];

static WL_HOT void saxpy_v(float a, const float *x, float *y, size_t n)
{
	while (n) {
		size_t vl = vsetvl_e32m8(n);
		vfloat32m8_t vy = vle32_v_f32m8(y, vl);
		vse32_v_f32m8(y, vfmacc_vf_f32m8(vy, a, vle32_v_f32m8(x, vl), vl), vl);
		x += vl, y += vl, n -= vl;
	}
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	unsigned passes = 3 * size;
	struct wl_rng r;
	wl_rng_seed(&r, 0x5a);
	for (uint32_t i = 0; i < SX_N; i++) {
		sx_x[i] = (float)(wl_rand_unit(&r) * 2.0 - 1.0);
		sx_y[i] = (float)(wl_rand_unit(&r) * 100.0);
	}
	int ok = 1;
	uint64_t sum = 0;
	for (unsigned p = 0; p < passes; p++) {
		/* a in (-1, 1): y stays bounded, and its rounding matters */
		float a = (float)(wl_rand_unit(&r) * 2.0 - 1.0);
		if (p == 0)
			for (uint32_t i = 0; i < SX_N; i++)
				sx_ref[i] = fmaf(a, sx_x[i], sx_y[i]);
		saxpy_v(a, sx_x, sx_y, SX_N);
		if (p == 0)
			ok &= !memcmp(sx_ref, sx_y, sizeof(sx_y));
		uint32_t bits;
		memcpy(&bits, &sx_y[(p * 4099u) % SX_N], 4);
		sum = wl_mix(sum, bits);
	}
	for (uint32_t i = 0; i < SX_N; i += 7) {
		uint32_t bits;
		memcpy(&bits, &sx_y[i], 4);
		sum = wl_mix(sum, bits);
	}
	return wl_finish("saxpy_v", size, sum, 0xb2f9e4ad98627a46ull, ok);
}
