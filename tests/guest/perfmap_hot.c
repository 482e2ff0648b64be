/* perfmap_hot: a guest that keeps robin's translator busy in one function. hot_mix does about
 * four fifths of the work, cold_sum the rest; `perfmap_hot N` runs N rounds (default 4000) and
 * prints a checksum that must not depend on how robin ran it. e2e 667 profiles robin running
 * it with --perf-map: the samples in translated code must carry hot_mix's name. */
#include <stdio.h>
#include <stdlib.h>

static unsigned buf[4096];

__attribute__((noinline)) static unsigned hot_mix(unsigned seed)
{
	unsigned h = seed;
	for (unsigned i = 0; i < 4096; i++) {
		h ^= buf[i] + 0x9e3779b9u + (h << 6) + (h >> 2);
		buf[i] = h;
		h = h * 2654435761u ^ (h >> 15);
	}
	return h;
}

__attribute__((noinline)) static unsigned cold_sum(void)
{
	unsigned s = 0;
	for (unsigned i = 0; i < 4096; i += 4)
		s += buf[i];
	return s;
}

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 4000;
	unsigned h = 1;
	for (long r = 0; r < rounds; r++) {
		h = hot_mix(h);
		if (r % 4 == 0)
			h += cold_sum();
	}
	printf("perfmap_hot %ld rounds: %08x\n", rounds, h);
	return 0;
}
