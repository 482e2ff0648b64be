/* loaduse: the load-to-use latency of an L1 data cache hit as a program sees it
 * (docs/validation.md).
 *   loaduse N
 * A pointer chase: N rounds of 64 dependent loads (ld p, 0(p), unrolled 8 times) through a
 * ring of 64 pointers, one per 64-byte line in a shuffled order (4 KiB: L1-resident after
 * the first round). Each load's address is the value of the one before, so the loads run one
 * after the other: (cycles(2N) - cycles(N)) / (64 N) is the cycles from a load issuing to the
 * next one issuing, the load-use latency. Prints where the chase ended (line 0: the ring is
 * one cycle through the 64 lines). */
#include <stdio.h>
#include <stdlib.h>

#define LOADUSE_LINES 64

static void *ring[LOADUSE_LINES][8] __attribute__((aligned(64)));  /* one pointer per line */

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000;
	if (n < 1) {
		fprintf(stderr, "usage: loaduse N (N >= 1)\n");
		return 2;
	}
	/* the lines in a shuffled order (Fisher-Yates), each pointing at the next in that order:
	 * one cycle through all 64 */
	int order[LOADUSE_LINES];
	for (int i = 0; i < LOADUSE_LINES; i++)
		order[i] = i;
	unsigned long x = 88172645463325252ul;
	for (int i = LOADUSE_LINES - 1; i > 0; i--) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		int j = (int)(x % (unsigned long)(i + 1)), t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (int i = 0; i < LOADUSE_LINES; i++)
		ring[order[i]][0] = &ring[order[(i + 1) % LOADUSE_LINES]][0];
	void *p = &ring[0][0];
	long rounds = n * (LOADUSE_LINES / 8);
	__asm__ volatile(
		"1:\n\t"
		"ld   %[p], 0(%[p])\n\t"
		"ld   %[p], 0(%[p])\n\t"
		"ld   %[p], 0(%[p])\n\t"
		"ld   %[p], 0(%[p])\n\t"
		"ld   %[p], 0(%[p])\n\t"
		"ld   %[p], 0(%[p])\n\t"
		"ld   %[p], 0(%[p])\n\t"
		"ld   %[p], 0(%[p])\n\t"
		"addi %[r], %[r], -1\n\t"
		"bnez %[r], 1b\n\t"
		: [p] "+r"(p), [r] "+r"(rounds)
		:
		: "memory");
	printf("ended at line %ld\n", (long)(((char *)p - (char *)ring) / 64));
	return 0;
}
