/*
 * smarts.h — SMARTS systematic sampling (Wunderlich et al., the second method of
 * 004_b28092482852db08.txt's Paper C discussion; docs/robin-simpoint.md): of every k units
 * of U instructions, one is measured in detail after W instructions of detailed warming; the
 * instructions in between warm the caches, TLBs and branch predictor functionally. The mean
 * CPI of the measured units estimates the program's CPI, with a confidence interval from
 * their spread.
 */
#ifndef ROBIN_SIM_SMARTS_H
#define ROBIN_SIM_SMARTS_H

#include <stdint.h>

#include "core/core.h"
#include "core/source.h"

struct smarts_opts {
	uint64_t unit;        /* U: instructions per measured unit */
	uint64_t warm;        /* W: detailed warming before each unit */
	uint64_t k;           /* one unit in k is measured */
	double target;        /* wanted relative half-width of the 99.7% interval (0.03) */
	uint64_t max_insns;   /* stop when this many instructions have run (0: the program's end);
	                         a window cut by it measures no unit */
};

struct smarts_result {
	uint64_t n;                /* units measured */
	double cpi;                /* their mean CPI */
	double sd;                 /* standard deviation of the unit CPIs */
	double ci95, ci997;        /* half-widths of the 95% and 99.7% confidence intervals */
	uint64_t instructions;     /* the whole run */
	uint64_t detailed;         /* in detail (warming W + measured U per unit) */
	uint64_t n_needed;         /* units for the target half-width at 99.7% */
	uint64_t k_suggested;      /* the k that would measure about n_needed units (0: any) */
	int status;                /* how the program ended (enum emu_status) */
	/* the cycle stack over the measured units alone (the windows' W warm up the pipeline
	 * from empty: their fill is not the program's); has_stack 0 when the target has none */
	int has_stack;
	uint64_t stack[CORE_STACK_N];
};

/* What SMARTS samples: one core or several (sim_smarts.c), behind five calls. */
struct smarts_target {
	void *ctx;
	/* n instructions of functional warming: EMU_RUNNING, or how the program ended */
	enum emu_status (*warm)(void *ctx, uint64_t n);
	/* a detailed window of n instructions begins: end warming (first) or resume the
	 * pipeline; returns the cycle now */
	uint64_t (*begin)(void *ctx, uint64_t n, int first);
	/* simulate the window; *st EMU_RUNNING while the program goes on. 0 or -errno */
	int (*run)(void *ctx, enum emu_status *st);
	uint64_t (*instret)(void *ctx);                      /* instructions executed so far */
	int (*attach)(void *ctx, struct probe_consumer *pc); /* to every core */
	/* the cycle stack so far (read at a unit's first and last commit), or NULL: none */
	const uint64_t *(*stack)(void *ctx);
};

/* Sample target t. Returns 0, or -errno (the core stopped; -EINVAL for U or k of 0, or
 * W + U > k * U). */
int smarts_sample(const struct smarts_target *t, const struct smarts_opts *o,
		  struct smarts_result *r) __attribute__((warn_unused_result));

/* Sample the program in e on core c (created with a source_emu `se` on e, not yet run).
 * Returns 0, or -errno (the core stopped; -EINVAL for U or k of 0, or W + U > k * U). */
int smarts_run(struct emu *e, struct core *c, struct source_emu *se, const struct smarts_opts *o,
               struct smarts_result *r) __attribute__((warn_unused_result));

#endif
