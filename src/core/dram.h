/*
 * dram.h — main memory: ranks x banks with one open row each (open-page policy), CAS/RCD/RP
 * timings, a shared data bus whose occupancy per line enforces the bandwidth cap, and a bound
 * on requests in flight. Timings arrive in ns and are converted to core cycles once.
 */
#ifndef ROBIN_CORE_DRAM_H
#define ROBIN_CORE_DRAM_H

#include <stdint.h>

#include "core/config.h"

struct dram_stats {
	uint64_t reads, writes;
	uint64_t row_hits, row_empty, row_conflicts;
	uint64_t busy_cycles;       /* cycles the data bus was transferring */
	uint64_t queue_cycles;      /* cycles requests waited for a bank, the bus or a slot */
};

struct dram {
	uint32_t nbanks, row_shift;
	uint64_t *open_row;         /* row + 1 per bank, 0 = closed */
	uint64_t *bank_free;        /* cycle each bank can start its next access */
	double bus_free;            /* cycle the data bus is free (fractional: bandwidth) */
	double xfer_cycles;         /* bus occupancy of one line */
	uint32_t tcas, trcd, trp, ctrl_half;  /* cycles */
	uint32_t max_inflight;
	uint64_t *inflight_done;    /* completion cycles of the requests in flight */
	struct dram_stats st;
};

int dram_init(struct dram *d, const struct core_config *cfg) __attribute__((warn_unused_result));
void dram_fini(struct dram *d);

/* A line read (write = 0) or write-back (write = 1) of addr issued at cycle now. Returns the
 * cycle the data is back at the requester (reads) or written (writes). */
uint64_t dram_access(struct dram *d, uint64_t addr, uint64_t now, int write);

#endif
