/* sfb: short forward branches that no predictor can learn, for e2e 321. Each iteration
 * draws a pseudo-random bit and a conditional branch skips two ALU ops on it: a branch over a
 * 2-instruction shadow, which short-forwards-branch predication (config sfb) turns into a
 * flag-setting op and two predicated ops. Prints a checksum that depends on every outcome. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 20000;
	unsigned long x = 88172645463325252ul, acc = 0;
	for (long i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		__asm__ volatile("andi t0, %1, 1\n\t"
		                 "beqz t0, 1f\n\t"
		                 "addi %0, %0, 3\n\t"
		                 "xori %0, %0, 5\n"
		                 "1:"
		                 : "+r"(acc)
		                 : "r"(x >> 11)
		                 : "t0");
		acc += acc >> 9;
	}
	printf("checksum %lu\n", acc);
	return 0;
}
