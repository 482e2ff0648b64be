/*
 * diff_rand.h — seeded random operands shared by the guest runtimes of the differential tests
 * (diff_rt.c: one instruction on edge and random operands; vdiff_rt.c: random vector
 * instruction sequences): a splitmix64 stream, integers biased towards the edges, and
 * binary16/32/64 values with exponents biased towards the edges of their range. Guest-side
 * (riscv64) code only; one stream per program (rng_state).
 */
#ifndef ROBIN_DIFF_RAND_H
#define ROBIN_DIFF_RAND_H

#include <stdint.h>

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

#define BOX(v) (0xffffffff00000000ull | (uint32_t)(v))

static const uint64_t pool_x[] = {
	0, 1, 0xffffffffffffffffull, 0x8000000000000000ull, 0x7fffffffffffffffull,
	0xffffffff80000000ull, 0x7fffffff, 0x80000000, 0xffffffff, 2, 0xfffffffffffffffeull,
	31, 32, 63, 64, 0x100000000ull, 0x5555555555555555ull, 0xaaaaaaaaaaaaaaaaull,
	0x123456789abcdef0ull, 0xffffffff7fffffffull, 0x8000000000000001ull,
	0x0000000100000001ull, 0x1000001, 0x20000000000001ull, 0xffffff, 0xfffffffffffff800ull,
	0xfedcba9876543210ull, 0x00000000ffff8000ull, 0x8000000080000000ull, 0xfff,
};

/* ---- seeded random operands ------------------------------------------------------------- */

static uint64_t rng_state;

static uint64_t rng(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint64_t rand_x(void)
{
	switch (rng() % 8) {
	case 0: return rng();
	case 1: return rng() >> (rng() % 64);
	case 2: return (uint64_t)((int64_t)rng() >> (rng() % 64));
	case 3: return (uint64_t)(int64_t)(int32_t)rng();
	case 4: return pool_x[rng() % NELEM(pool_x)] + (rng() % 5) - 2;
	case 5: return (1ull << (rng() % 64)) - (rng() % 3);
	case 6: return rng() & rng() & rng();
	default: return (uint32_t)rng();
	}
}

/* A binary32/64 (E exponent bits, M fraction bits) with a random sign; exp_field < 0 picks
 * an exponent biased towards the edges of the range. */
static uint64_t rand_fp(int E, int M, long exp_field)
{
	const long emax = (1L << E) - 1, bias = (1L << (E - 1)) - 1;
	uint64_t frac = rng() & ((1ull << M) - 1);
	if (exp_field < 0) {
		switch (rng() % 10) {
		case 0: exp_field = 0; break;
		case 1: exp_field = 1 + (long)(rng() % 2); break;
		case 2: exp_field = emax - 1 - (long)(rng() % 2); break;
		case 3: exp_field = emax; break;
		case 4: exp_field = bias + (long)(rng() % 66) - 2; break;  /* integer range */
		case 5: exp_field = bias - 30 + (long)(rng() % 60); break;
		default: exp_field = (long)(rng() % (uint64_t)emax); break;
		}
	}
	if (exp_field < 0)
		exp_field = 0;
	if (exp_field > emax)
		exp_field = emax;
	switch (rng() % 6) {
	case 0: frac &= ~0ull << (rng() % (uint64_t)(M + 1)); break; /* short: ties, exact */
	case 1: frac = (1ull << M) - 1 - (rng() % 3); break;
	case 2: frac = rng() % 3; break;
	case 3: frac |= 1ull << (M - 1); break;
	default: break;
	}
	if (exp_field == emax && !(rng() % 3))
		frac = 0;                                             /* infinity */
	uint64_t sign = rng() & 1;
	return sign << (E + M) | (uint64_t)exp_field << M | frac;
}

#endif
