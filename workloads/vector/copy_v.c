/*
 * copy_v — the copy workload (workloads/copy.c) with RVV intrinsics (clang 14): c[i] = a[i] ^ key
 * over two 8 MiB arrays of 64-bit integers, strip-mined unit-stride loads and stores at e64,
 * LMUL 8 (vle64.v, vxor.vx, vse64.v). Same data, passes and checksum as copy, at every VLEN.
 * Self-check: c's xor-sum equals a's xor-sum (the key's cancel over an even count).
 * Size: SIZE/5 passes (at least one).
 */
#include "vworkload.h"

#define CP_N (1u << 20)

static WL_HOT void cp_copy_v(uint64_t *restrict c, const uint64_t *restrict a, uint64_t n,
                             uint64_t key)
{
	while (n) {
		size_t vl = vsetvl_e64m8(n);
		vse64_v_u64m8(c, vxor_vx_u64m8(vle64_v_u64m8(a, vl), key, vl), vl);
		a += vl, c += vl, n -= vl;
	}
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	unsigned passes = size / 5 ? size / 5 : 1;
	uint64_t *a = malloc(CP_N * sizeof(*a)), *c = malloc(CP_N * sizeof(*c));
	if (!a || !c) {
		fprintf(stderr, "copy_v: out of memory\n");
		return 2;
	}
	struct wl_rng r;
	wl_rng_seed(&r, 0xc0b1);
	uint64_t ax = 0;
	for (uint32_t i = 0; i < CP_N; i++) {
		a[i] = wl_rand64(&r);
		ax ^= a[i];
	}
	uint64_t sum = 0;
	for (unsigned p = 0; p < passes; p++) {
		cp_copy_v(c, a, CP_N, 0x5555aaaa5555aaaaull + p);
		sum = wl_mix(sum, c[p * 4099 % CP_N]);
	}
	uint64_t cx = 0;
	for (uint32_t i = 0; i < CP_N; i++)
		cx ^= c[i];
	int ok = cx == ax;
	sum = wl_mix(sum, cx);
	free(a);
	free(c);
	/* the scalar copy's checksum: the vector loop computes the same arrays */
	return wl_finish("copy_v", size, sum, 0xd806edfa678ec81full, ok);
}
