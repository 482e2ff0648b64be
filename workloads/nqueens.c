/*
 * nqueens — compute-intensive integer kernel with recursion: counts the solutions of the
 * N-queens problem with the bitmask backtracking algorithm (N = 10 per round). Calls and
 * returns exercise the return-address stack; the "any free square left" branches are
 * moderately predictable. Self-check: 724 solutions for N = 10, 92 for N = 8.
 * Size: SIZE rounds of N = 10 (plus one N = 8 check).
 */
#include "workload.h"

static uint64_t nq_nodes;

static unsigned nq_solve(uint32_t all, uint32_t cols, uint32_t ld, uint32_t rd)
{
	nq_nodes++;
	if (cols == all)
		return 1;
	unsigned count = 0;
	uint32_t avail = all & ~(cols | ld | rd);
	while (avail) {
		uint32_t bit = avail & (0u - avail);
		avail ^= bit;
		count += nq_solve(all, cols | bit, ((ld | bit) << 1) & all, (rd | bit) >> 1);
	}
	return count;
}

static unsigned nq_count(unsigned n)
{
	return nq_solve((1u << n) - 1, 0, 0, 0);
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	int ok = nq_count(8) == 92;
	uint64_t sum = 0;
	for (unsigned round = 0; round < size; round++) {
		unsigned c = nq_count(10);
		ok &= c == 724;
		sum = wl_mix(sum, c);
	}
	sum = wl_mix(sum, nq_nodes);
	return wl_finish("nqueens", size, sum, 0xe1668026a5f49f54ull, ok);
}
