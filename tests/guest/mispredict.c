/* mispredict: the branch-misprediction penalty as a program sees it (docs/validation.md).
 *   mispredict random|steady [N]
 * N loop iterations (default 20000), each with two if-else diamonds: a conditional branch
 * on the sign of a xorshift64 state, three ops on either side (the not-taken side ends in a
 * jump, so no side is a short forward branch that SFB predicates: a jump cannot be in a
 * shadow), then the state's next value. `random` seeds the two states, so each branch goes
 * either way at random (half of them mispredict); `steady` seeds them with 0, which xorshift
 * keeps at 0, so every branch falls through. Both run the very same loop (the argument
 * parsing and the checksum's printing differ by a few instructions), and
 * (cycles_random - cycles_steady) / (mispredictions_random - mispredictions_steady) is the
 * cycles one misprediction costs. Each branch tests the state computed before the other
 * diamond's branch, so its operand is ready when the front end refetches it after the other
 * branch mispredicted. Prints a checksum that depends on every outcome. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	if (argc < 2 || (strcmp(argv[1], "random") && strcmp(argv[1], "steady"))) {
		fprintf(stderr, "usage: mispredict random|steady [N]\n");
		return 2;
	}
	int steady = argv[1][0] == 's';
	long n = argc > 2 ? atol(argv[2]) : 20000;
	if (n < 1) {
		fprintf(stderr, "mispredict: N must be at least 1\n");
		return 2;
	}
	unsigned long xa = steady ? 0 : 88172645463325252ul;
	unsigned long xb = steady ? 0 : 0x9e3779b97f4a7c15ul;
	unsigned long acc = 0, t0, t1;
	__asm__ volatile(
		"1:\n\t"
		"bltz  %[xa], 2f\n\t"
		"addi  %[acc], %[acc], 3\n\t"
		"xori  %[acc], %[acc], 5\n\t"
		"j     3f\n"
		"2:\n\t"
		"addi  %[acc], %[acc], 7\n\t"
		"xori  %[acc], %[acc], 1\n\t"
		"addi  %[acc], %[acc], 2\n"
		"3:\n\t"
		"slli  %[t0], %[xa], 13\n\t"
		"xor   %[xa], %[xa], %[t0]\n\t"
		"srli  %[t0], %[xa], 7\n\t"
		"xor   %[xa], %[xa], %[t0]\n\t"
		"slli  %[t0], %[xa], 17\n\t"
		"xor   %[xa], %[xa], %[t0]\n\t"
		"bltz  %[xb], 4f\n\t"
		"addi  %[acc], %[acc], 11\n\t"
		"xori  %[acc], %[acc], 6\n\t"
		"j     5f\n"
		"4:\n\t"
		"addi  %[acc], %[acc], 13\n\t"
		"xori  %[acc], %[acc], 9\n\t"
		"addi  %[acc], %[acc], 4\n"
		"5:\n\t"
		"slli  %[t1], %[xb], 13\n\t"
		"xor   %[xb], %[xb], %[t1]\n\t"
		"srli  %[t1], %[xb], 7\n\t"
		"xor   %[xb], %[xb], %[t1]\n\t"
		"slli  %[t1], %[xb], 17\n\t"
		"xor   %[xb], %[xb], %[t1]\n\t"
		"addi  %[n], %[n], -1\n\t"
		"bnez  %[n], 1b\n\t"
		: [xa] "+r"(xa), [xb] "+r"(xb), [acc] "+r"(acc), [n] "+r"(n), [t0] "=&r"(t0),
		  [t1] "=&r"(t1)
		:
		: "memory");
	printf("checksum %lu\n", acc);
	return 0;
}
