/*
 * sampler.c — periodic or random-within-interval sample cycles (see sampler.h).
 */
#include "pmu/sampler.h"

#include <math.h>

static uint64_t sampler_rand(struct sampler *s)
{
	uint64_t x = s->rng;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	s->rng = x;
	return x * 0x2545f4914f6cdd1dull;
}

static void sampler_place(struct sampler *s)
{
	uint64_t base = s->interval * s->period;
	uint64_t off = s->random ? (uint64_t)(((unsigned __int128)sampler_rand(s) * s->period) >> 64)
	                         : s->period - 1;
	s->next = base + off;
}

void sampler_init(struct sampler *s, uint64_t period_cycles, int random, uint64_t seed)
{
	uint64_t z = seed + 0x9e3779b97f4a7c15ull;  /* splitmix64: any seed gives a good state */
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	z ^= z >> 31;
	s->rng = z ? z : 1;
	s->period = period_cycles ? period_cycles : 1;
	s->random = random;
	s->interval = 0;
	s->taken = 0;
	sampler_place(s);
}

void sampler_advance(struct sampler *s)
{
	s->taken++;
	s->interval++;
	sampler_place(s);
}

uint64_t sampler_period_from_hz(double freq_hz, double clock_hz)
{
	if (!(freq_hz > 0) || !(clock_hz > 0))
		return 1;
	double p = floor(clock_hz / freq_hz + 0.5);
	return p < 1 ? 1 : p > 1e18 ? (uint64_t)1e18 : (uint64_t)p;
}
