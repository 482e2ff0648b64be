/*
 * sampler.h — the cycle-counter-driven sampling decision every simulated profiler shares
 * (004_b28092482852db08.txt Paper A §5: all profilers sample the very same cycle). Time is
 * cut into intervals of period_cycles; one sample per interval, at its last cycle (periodic,
 * a counter overflowing) or at a uniformly random cycle inside it (random, Figure A.11b).
 * Entry points: sampler_init, sampler_advance; sampler_period_from_hz converts a frequency.
 */
#ifndef ROBIN_PMU_SAMPLER_H
#define ROBIN_PMU_SAMPLER_H

#include <stdint.h>

#define SAMPLER_DEFAULT_HZ 4000.0       /* the paper's (and perf's) default frequency */
#define SAMPLER_DEFAULT_CLOCK_HZ 3.2e9  /* the paper's BOOM clock */

struct sampler {
	uint64_t period;     /* cycles per interval, >= 1 */
	int random;          /* 1 = random cycle within each interval */
	uint64_t rng;        /* xorshift64* state */
	uint64_t interval;   /* index of the interval of `next` */
	uint64_t next;       /* the cycle of the next sample */
	uint64_t taken;      /* samples handed out so far */
};

/* Start sampling at cycle 0 with the given period (>= 1) and mode; seed drives the random
 * placement (any value, 0 included). */
void sampler_init(struct sampler *s, uint64_t period_cycles, int random, uint64_t seed);

/* The sample at s->next has been taken: move to the next interval's sample. */
void sampler_advance(struct sampler *s);

/* The period in cycles (>= 1) for a sampling frequency at a clock, both in Hz, rounded to
 * the nearest cycle. */
uint64_t sampler_period_from_hz(double freq_hz, double clock_hz);

#endif
