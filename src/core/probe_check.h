/*
 * probe_check.h — a probe consumer that reads every field of every probe and checks the
 * contract: commit views cover each cycle exactly once and in order, every fetched
 * instruction is delivered exactly once, committed ones in fetch order with ordered
 * timestamps. `robin sim --probe-check` attaches it; bench/sim.sh uses it as the consumer
 * that touches every probe.
 */
#ifndef ROBIN_CORE_PROBE_CHECK_H
#define ROBIN_CORE_PROBE_CHECK_H

#include <stdint.h>
#include <stdio.h>

#include "core/core.h"
#include "core/probe.h"

struct probe_check {
	uint64_t views, cycles, next_cycle;
	uint64_t state_cycles[4];
	uint64_t records, committed, squashed, wrong_path;
	uint64_t last_committed_seq;
	uint64_t event_count[32];
	uint64_t checksum;           /* folds every field read, so none is optimised away */
	uint64_t errors;
	char first_error[160];
};

void probe_check_init(struct probe_check *pc, struct probe_consumer *out);

/* Compare with the core's own statistics; print a one-line summary (and the first error) to
 * out. Returns the number of inconsistencies. */
uint64_t probe_check_report(struct probe_check *pc, const struct core_stats *st, FILE *out);

#endif
