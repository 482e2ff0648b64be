/*
 * phases.c — a small program with distinct, repeating phases for the sampled-simulation tests
 * (BBVs, SimPoint, checkpoints, CPI error): an integer hash loop (high IPC), a pointer chase
 * over 2 MiB (cache misses, low IPC) and a floating-point stencil, in an irregular order, with
 * state that lives across phases in brk memory, an mmap'ed buffer and an open file (argv[1],
 * read a little in every round), so a checkpoint taken anywhere must restore all of it.
 * Usage: phases [FILE [ROUNDS]]; prints one checksum line per round and a final one.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#define CHASE_N (2u << 20) / sizeof(uint32_t)
#define GRID 4096

static uint64_t phase_hash(uint64_t x, int n)
{
	for (int i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		x += (uint64_t)i * 0x9e3779b97f4a7c15ull;
	}
	return x;
}

static uint32_t phase_chase(const uint32_t *next, uint32_t p, int n)
{
	for (int i = 0; i < n; i++)
		p = next[p];
	return p;
}

static double phase_stencil(double *a, double *b, int sweeps)
{
	for (int s = 0; s < sweeps; s++) {
		for (int i = 1; i < GRID - 1; i++)
			b[i] = 0.25 * a[i - 1] + 0.5 * a[i] + 0.25 * a[i + 1];
		double *t = a;
		a = b;
		b = t;
	}
	return a[GRID / 2];
}

int main(int argc, char **argv)
{
	FILE *f = argc > 1 ? fopen(argv[1], "rb") : NULL;
	int rounds = argc > 2 ? atoi(argv[2]) : 12;
	uint32_t *next = mmap(NULL, CHASE_N * sizeof(uint32_t), PROT_READ | PROT_WRITE,
	                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	double *a = malloc(GRID * sizeof(double)), *b = malloc(GRID * sizeof(double));
	if (next == MAP_FAILED || !a || !b)
		return 1;
	/* one cycle through the whole array with a large odd stride (cheap to build, far apart
	 * in memory: no prefetcher follows it) */
	for (uint32_t i = 0; i < CHASE_N; i++)
		next[i] = (uint32_t)((i + 40503u * 16411u) % CHASE_N);
	for (int i = 0; i < GRID; i++)
		a[i] = b[i] = (double)(i % 17);
	static const char order[] = "ABACBBCAAB";
	uint64_t h = 1, total = 0;
	uint32_t p = 0;
	double s = 0;
	for (int round = 0; round < rounds; round++) {
		char c = order[round % (sizeof(order) - 1)];
		if (c == 'A')
			h = phase_hash(h, 60000);
		else if (c == 'B')
			p = phase_chase(next, p, 40000);
		else
			s += phase_stencil(a, b, 12);
		int ch = f ? fgetc(f) : 0;
		total += h ^ p ^ (uint64_t)s ^ (uint64_t)(ch & 0xff);
		printf("round %d %c %016llx\n", round, c, (unsigned long long)total);
	}
	printf("done %016llx\n", (unsigned long long)total);
	if (f)
		fclose(f);
	return 0;
}
