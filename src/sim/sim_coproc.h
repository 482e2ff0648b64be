/*
 * sim_coproc.h — `robin sim --coproc PROG.s`: the options, attaching the profiling
 * co-processor and the exact-profile recorder to the core, the run without the co-processor
 * that measures its overhead, and the report (text, --stats-json key "coproc", Figure 5 as
 * an SVG scatter, the value profile in the profile database).
 */
#ifndef ROBIN_SIM_SIM_COPROC_H
#define ROBIN_SIM_SIM_COPROC_H

#include <stdint.h>
#include <stdio.h>

#include "sim/sim_guest.h"
#include "core/core.h"
#include "util/json.h"

struct sim_coproc_opts {
	const char *path;            /* --coproc FILE.s */
	double mem_scale;            /* --coproc-mem-scale (0.5, 1, 2) */
	uint32_t clock_ratio, buffer_bytes, interrupt_cycles, sample_cycles;
	uint64_t resample_cycles;
	int resample_set;
	int no_baseline;             /* --coproc-no-baseline */
	const char *svg_path;        /* --coproc-svg FILE */
	const char *db_path;         /* --coproc-db FILE */
	unsigned top;                /* --coproc-top N */
	int any;                     /* some --coproc-* option was given */
};

struct sim_coproc;

/* Assemble the program and attach the co-processor and the exact-profile recorder to c.
 * Returns 0, or 2 after printing why (bad program or options), 1 on other errors. */
int sim_coproc_attach(const struct sim_coproc_opts *o, struct core *c, struct sim_coproc **out);

/* After the run: the final copy-out, the run without the co-processor (unless
 * --coproc-no-baseline; argv[0..argc) is the program and its arguments, its output is
 * discarded), the evaluation against the exact profile, the report on `out` (NULL: none),
 * the SVG and the database. Returns 0 or 1 (an error was printed). */
int sim_coproc_finish(struct sim_coproc *s, struct core *c, const struct core_config *cfg,
		      const struct emu_opts *eo, struct emu *e, int argc, char **argv,
		      const char *command, FILE *out);

/* The member "coproc" of the --stats-json object. */
void sim_coproc_json(const struct sim_coproc *s, struct json *j);

void sim_coproc_destroy(struct sim_coproc *s);

#endif
