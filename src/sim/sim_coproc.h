/*
 * sim_coproc.h — `robin sim --coproc PROG.s`: the options, the profiling co-processor and
 * its exact-profile recorder as probe consumers, its overhead against the run without it
 * (which src/sim/sim.c makes), and the report (text, --stats-json key "coproc", Figure 5 as
 * an SVG scatter, the value profile in the profile database).
 */
#ifndef ROBIN_SIM_SIM_COPROC_H
#define ROBIN_SIM_SIM_COPROC_H

#include <stdint.h>
#include <stdio.h>

#include "analysis/code_map.h"
#include "core/probe.h"
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

/* Assemble the program and create the co-processor and its exact-profile recorder; charge(
 * charge_ctx, n) stalls the core that runs the profiled code n cycles (an interrupt).
 * Returns 0, or 2 after printing why (bad program or options), 1 on other errors. */
int sim_coproc_create(const struct sim_coproc_opts *o, void (*charge)(void *ctx, uint64_t n),
		      void *charge_ctx, struct sim_coproc **out);

/* The probe consumers of the co-processor and of its exact-profile recorder. */
void sim_coproc_consumers(struct sim_coproc *s, struct probe_consumer *cp,
			  struct probe_consumer *truth);

/* After the run of `cycles` and `instructions`: the final copy-out, the overhead against
 * *base_cycles (the run without the co-processor; NULL: the charged cycles only), the
 * evaluation against the exact profile, the report on `out` (NULL: none), the SVG at
 * svg_path (NULL: none) and the database (code map m, the stored run's command line).
 * Returns 0 or 1 (an error was printed). */
int sim_coproc_finish(struct sim_coproc *s, uint64_t cycles, uint64_t instructions,
		      const uint64_t *base_cycles, struct code_map *m, const char *command,
		      const char *svg_path, FILE *out);

/* The member "coproc" of the --stats-json object. */
void sim_coproc_json(const struct sim_coproc *s, struct json *j);

void sim_coproc_destroy(struct sim_coproc *s);

#endif
