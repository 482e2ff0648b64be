/* sfb: short forward branches that no predictor can learn, for e2e 321. Each iteration
 * draws a pseudo-random bit and a conditional branch skips two ALU ops on it: a branch over a
 * 2-instruction shadow, which short-forwards-branch predication (config sfb) turns into a
 * flag-setting op and two predicated ops. `sfb N rd`: the shadow's first op is a register subtract
 * whose destination is not its first source, which riscv-boom's SFB detection (config
 * sfb_boom) does not let into a shadow. Prints a checksum that depends on every outcome. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long rd_loop(long n)
{
	unsigned long x = 88172645463325252ul, acc = 0;
	for (long i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		__asm__ volatile("andi t0, %1, 1\n\t"
		                 "beqz t0, 1f\n\t"
		                 "sub %0, %1, %0\n\t"
		                 "xori %0, %0, 5\n"
		                 "1:"
		                 : "+r"(acc)
		                 : "r"(x >> 11)
		                 : "t0");
		acc += acc >> 9;
	}
	return acc;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 20000;
	if (argc > 2 && !strcmp(argv[2], "rd")) {
		printf("checksum %lu\n", rd_loop(n));
		return 0;
	}
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
