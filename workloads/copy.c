/*
 * copy — stall-intensive streaming code, the McCalpin-like copy loop DCPI analyses in its
 * Figure 2 (002_767b26a0b68559db.txt §3.2): c[i] = a[i] ^ key over two 8 MiB arrays of
 * 64-bit integers (more than any cache of the presets), so every eighth load misses and the
 * store that consumes it waits. The key keeps the compiler from turning the loop into a
 * memcpy call. Self-check: c's xor-sum equals a's xor-sum when the pass count is even.
 * Size: SIZE/5 passes (at least one).
 */
#include "workload.h"

#define CP_N (1u << 20)

static WL_HOT void cp_copy(uint64_t *restrict c, const uint64_t *restrict a, uint64_t n,
                           uint64_t key)
{
	for (uint64_t i = 0; i < n; i++)
		c[i] = a[i] ^ key;
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	unsigned passes = size / 5 ? size / 5 : 1;
	uint64_t *a = malloc(CP_N * sizeof(*a)), *c = malloc(CP_N * sizeof(*c));
	if (!a || !c) {
		fprintf(stderr, "copy: out of memory\n");
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
		cp_copy(c, a, CP_N, 0x5555aaaa5555aaaaull + p);
		sum = wl_mix(sum, c[p * 4099 % CP_N]);
	}
	uint64_t cx = 0;
	for (uint32_t i = 0; i < CP_N; i++)
		cx ^= c[i];
	/* c = a ^ key of the last pass: the xor-sums differ by the key when CP_N is even, 0 */
	int ok = cx == ax;
	sum = wl_mix(sum, cx);
	free(a);
	free(c);
	return wl_finish("copy", size, sum, 0xd806edfa678ec81full, ok);
}
