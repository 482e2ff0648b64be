/*
 * pm_loops — three loops of different useful concurrency for ProfileMe's Figure 7
 * (000_424085ad3398c1f4.txt §6): latency from fetch to retire-ready against wasted issue
 * slots. pm_chain is a dependent chain of divides with nothing else to do (long latency,
 * little concurrency); pm_mixed runs the same kind of divide chain next to much independent
 * work (long latency, high concurrency: few slots wasted); pm_mul is a multiply chain with a
 * little independent work (medium). Not part of the suite (workloads/variants/).
 * Size: SIZE x 20000 iterations per loop.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t pm_tab[64];

__attribute__((noinline)) static uint64_t pm_chain(uint64_t n, uint64_t x)
{
	for (uint64_t i = 0; i < n; i++)
		x = (x * 7 + 13) / (pm_tab[i & 63] | 3);
	return x;
}

__attribute__((noinline)) static uint64_t pm_mul(uint64_t n, uint64_t x)
{
	uint64_t a = 1, b = 2;
	for (uint64_t i = 0; i < n; i++) {
		x = x * 0x9E3779B97F4A7C15ull + pm_tab[i & 63];
		x = x * 0xBF58476D1CE4E5B9ull;
		a += i ^ b;
		b += a >> 3;
	}
	return x ^ a ^ b;
}

__attribute__((noinline)) static uint64_t pm_mixed(uint64_t n, uint64_t x)
{
	uint64_t a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8;
	for (uint64_t i = 0; i < n; i++) {
		x = (x + 11) / (pm_tab[i & 63] | 5);
		for (uint64_t k = 0; k < 6; k++) {
			a += i + k; b ^= a; c += b >> 1; d ^= c << 2;
			e += i * 3; f ^= e; g += f >> 2; h ^= g + k;
			a ^= h; b += g; c ^= f; d += e;
			e ^= d; f += c; g ^= b; h += a;
		}
	}
	return x + a + b + c + d + e + f + g + h;
}

int main(int argc, char **argv)
{
	uint64_t size = argc > 1 ? strtoull(argv[1], NULL, 0) : 1;
	uint64_t n = (size ? size : 1) * 20000;
	for (int i = 0; i < 64; i++)
		pm_tab[i] = (uint64_t)(i * 2654435761u) % 1000 + 7;
	uint64_t r = pm_chain(n, 12345) ^ pm_mul(n, 777) ^ pm_mixed(n, 999);
	printf("pm_loops size %llu checksum 0x%016llx ok\n", (unsigned long long)size,
	       (unsigned long long)r);
	return 0;
}
