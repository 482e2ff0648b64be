/* jumpchain: taken jumps that a micro-BTB holds or cannot hold (docs/validation.md, "The
 * front end's overriding predictors").
 *   jumpchain few|many [N]
 * N loop iterations (default 1000), each through a chain of `j` instructions, each jump at
 * the start of its own 16-byte-aligned fetch packet and to the next one: 8 of them (`few`)
 * or 64 (`many`). Every packet holds one jump, so the front end fetches one jump a cycle
 * when each next packet is known at once; when only a later fetch stage knows it (the
 * micro-BTB misses: 64 packets in one bank of 16 entries), each jump costs that stage's
 * bubble more. (cycles(2N) - cycles(N)) / (jumps per iteration * N) is the cycles per jump.
 * Prints the iterations run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHAIN(k) \
	__asm__ volatile(                  \
		".balign 16\n"             \
		"1:\n\t"                   \
		".rept " #k "\n\t"         \
		"j     2f\n\t"             \
		".balign 16\n"             \
		"2:\n\t"                   \
		".endr\n\t"                \
		"addi  %[n], %[n], -1\n\t" \
		"bnez  %[n], 1b\n\t"       \
		: [n] "+r"(n))

int main(int argc, char **argv)
{
	if (argc < 2 || (strcmp(argv[1], "few") && strcmp(argv[1], "many"))) {
		fprintf(stderr, "usage: jumpchain few|many [N]\n");
		return 2;
	}
	long n = argc > 2 ? atol(argv[2]) : 1000;
	if (n < 1) {
		fprintf(stderr, "jumpchain: N must be at least 1\n");
		return 2;
	}
	long iters = n;
	if (argv[1][0] == 'f')
		CHAIN(8);
	else
		CHAIN(64);
	printf("%ld iterations\n", iters);
	return 0;
}
