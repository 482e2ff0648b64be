/*
 * value_patterns.c — a guest whose loads have known value patterns, for the value profiler
 * of the co-processor (robin sim --coproc coproc/value_profile.s, tests/e2e/561): a constant
 * load (100% one value), few-valued loads (values at 50/25/15/10%, and 70/30%), a glacial
 * load (one value for long phases, three phases), a random load (no value repeats often) and
 * twelve more few-valued loads so that the slots see a working set. Prints a checksum.
 * Usage: value_patterns [ITERATIONS] (default 200000).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static volatile uint32_t constant_word = 0x1234;
static volatile uint32_t few4[100];          /* 50 x 7, 25 x 11, 15 x 13, 10 x 17 */
static volatile uint32_t few2[10];           /* 7 x 100, 3 x 200 */
static volatile uint32_t glacial_word;
static volatile uint32_t noise[4096];
static volatile uint32_t group[12][8];       /* load g: 8 slots, value g+1 in (8-g%4) of them */

static uint32_t rng = 12345;
static uint32_t next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

int main(int argc, char **argv)
{
	long iters = argc > 1 ? atol(argv[1]) : 200000;
	for (int i = 0; i < 100; i++)
		few4[i] = i < 50 ? 7 : i < 75 ? 11 : i < 90 ? 13 : 17;
	for (int i = 0; i < 10; i++)
		few2[i] = i < 7 ? 100 : 200;
	for (int i = 0; i < 4096; i++)
		noise[i] = next_rand();
	for (int g = 0; g < 12; g++)
		for (int k = 0; k < 8; k++)
			group[g][k] = k < 8 - g % 4 ? (uint32_t)g + 1 : 1000 + (uint32_t)k;
	uint64_t sum = 0;
	long phase_len = iters / 3 + 1, phase_left = 0;
	uint32_t phase = 0;
	for (long it = 0; it < iters; it++) {
		uint32_t r = next_rand();
		if (!phase_left--) {
			glacial_word = 0xa000 + phase++;
			phase_left = phase_len - 1;
		}
		sum += constant_word;
		sum += few4[((uint64_t)(r & 0xffff) * 100) >> 16];
		sum += few2[((uint64_t)(r >> 16) * 10) >> 16];
		sum += glacial_word;
		sum += noise[(r >> 4) & 4095];
		/* the group loads run every other iteration: less frequent than the ones above */
		if (it & 1) {
			uint32_t k = (r >> 12) & 7;
			sum += group[0][k] + group[1][k] + group[2][k] + group[3][k];
			sum += group[4][k] + group[5][k] + group[6][k] + group[7][k];
			sum += group[8][k] + group[9][k] + group[10][k] + group[11][k];
		}
	}
	printf("value_patterns: %ld iterations, checksum %llu\n", iters, (unsigned long long)sum);
	return 0;
}
