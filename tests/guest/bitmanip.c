/*
 * bitmanip.c — ordinary C that GCC 12 compiles to Zba/Zbb/Zbs instructions when built with
 * -march=rv64gc_zba_zbb_zbs (the Makefile builds it so): population counts and bit scans over a
 * bitset sieve (cpop, ctz, clz, bset, bclr, bext, binv), byte swaps (rev8), rotations (rol,
 * ror, rori), min/max, andn/orn/xnor, zero- and sign-extensions (zext.h, sext.b, add.uw,
 * slli.uw) and scaled indexing (sh1add, sh2add, sh3add). It prints checksums only, so its
 * output is the same under any correct emulator (e2e 207 compares qemu-riscv64 and robin).
 * Arguments: the mixing rounds (default 3000000) and log2 of the sieve's size (10..20, 20).
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NBITS_MAX (1u << 20)

static uint64_t sieve[NBITS_MAX / 64];
static uint32_t NBITS = NBITS_MAX;  /* argv[2] = log2 of it (10..20) */

static inline void bit_set(uint64_t *s, uint32_t i) { s[i >> 6] |= 1ull << (i & 63); }
static inline void bit_clr(uint64_t *s, uint32_t i) { s[i >> 6] &= ~(1ull << (i & 63)); }
static inline int bit_get(const uint64_t *s, uint32_t i) { return (s[i >> 6] >> (i & 63)) & 1; }
static inline uint64_t rotl(uint64_t v, unsigned r) { return (v << (r & 63)) | (v >> ((64 - r) & 63)); }
static inline uint32_t rotr32(uint32_t v, unsigned r) { return (v >> (r & 31)) | (v << ((32 - r) & 31)); }

/* primes below NBITS by a sieve on a bitset: bset/bclr/bext, then cpop over the words */
static uint64_t primes(void)
{
	for (uint32_t i = 0; i < NBITS; i++)
		bit_set(sieve, i);
	bit_clr(sieve, 0);
	bit_clr(sieve, 1);
	for (uint32_t p = 2; p * p < NBITS; p++)
		if (bit_get(sieve, p))
			for (uint32_t m = p * p; m < NBITS; m += p)
				bit_clr(sieve, m);
	uint64_t n = 0;
	for (uint32_t w = 0; w < NBITS / 64; w++)
		n += (uint64_t)__builtin_popcountll(sieve[w]);
	return n;
}

/* the sum of the gaps between consecutive primes found by ctz scans */
static uint64_t gaps(void)
{
	uint64_t sum = 0, last = 0, maxgap = 0;
	for (uint32_t w = 0; w < NBITS / 64; w++) {
		uint64_t v = sieve[w];
		while (v) {
			uint64_t p = (uint64_t)w * 64 + (uint64_t)__builtin_ctzll(v);
			v &= v - 1;
			uint64_t g = p - last;
			maxgap = g > maxgap ? g : maxgap;
			sum += g;
			last = p;
		}
	}
	return sum ^ (maxgap << 32);
}

/* hash mixing: rotations, byte swaps, xnor/andn/orn, leading zeros */
static uint64_t mix(uint64_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15ull, acc = 0;
	for (uint64_t i = 0; i < n; i++) {
		h = rotl(h ^ i, 23) * 0xbf58476d1ce4e5b9ull;
		h = __builtin_bswap64(h) ^ ~(h ^ (i << 7));
		acc += (h & ~(i * 3)) | ~(h | 0xff00ff00ull);
		acc ^= (uint64_t)__builtin_clzll(h | 1) << (i & 31);
		acc += rotr32((uint32_t)h, (unsigned)i);
	}
	return acc;
}

/* scaled indexing with 32-bit indices (sh*add, add.uw, slli.uw), min/max, extensions */
static uint64_t tables(void)
{
	static uint64_t t64[4096];
	static uint32_t t32[4096];
	static uint16_t t16[4096];
	int64_t lo = INT64_MAX, hi = INT64_MIN;
	uint64_t acc = 0;
	for (uint32_t i = 0; i < 4096; i++) {
		t64[i] = (uint64_t)i * 0x2545f4914f6cdd1dull;
		t32[i] = (uint32_t)(i * 2654435761u);
		t16[i] = (uint16_t)(i * 40503u);
	}
	uint32_t rounds = NBITS >> 12;  /* 256 at the default size */
	for (uint32_t r = 0; r < rounds; r++)
		for (uint32_t i = 0; i < 4096; i++) {
			uint32_t j = (i * 7 + r) & 4095;
			int64_t v = (int64_t)t64[j] + (int8_t)t32[j] + (int16_t)t16[(j + 1) & 4095];
			lo = v < lo ? v : lo;
			hi = v > hi ? v : hi;
			uint64_t u = t32[i] > t16[j] ? t32[i] : t16[j];
			acc += u + (uint16_t)(t64[i] >> 5);
		}
	return acc ^ (uint64_t)lo ^ ((uint64_t)hi << 1);
}

int main(int argc, char **argv)
{
	uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 0) : 3000000;
	unsigned lg = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 0) : 20;
	NBITS = 1u << (lg < 10 ? 10 : lg > 20 ? 20 : lg);
	printf("primes below %" PRIu32 ": %" PRIu64 "\n", NBITS, primes());
	printf("gaps: %#" PRIx64 "\n", gaps());
	printf("mix: %#" PRIx64 "\n", mix(n));
	printf("tables: %#" PRIx64 "\n", tables());
	return 0;
}
