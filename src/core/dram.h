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
	uint64_t write_queue_full;  /* write-backs that waited for a write-queue slot */
};

struct dram {
	uint32_t nbanks, row_shift;
	uint64_t *open_row;         /* row + 1 per bank, 0 = closed */
	uint64_t *bank_free;        /* cycle each bank can start its next access */
	double bus_free;            /* cycle the data bus is free (fractional: bandwidth) */
	double xfer_cycles;         /* bus occupancy of one line */
	uint32_t tcas, trcd, trp, ctrl_half;  /* cycles */
	uint32_t max_inflight;
	uint32_t write_queue;       /* write-backs the controller holds (dram_write_queue) */
	uint64_t *inflight_done;    /* completion cycles of the requests in flight */
	struct dram_stats st;
};

int dram_init(struct dram *d, const struct core_config *cfg) __attribute__((warn_unused_result));
void dram_fini(struct dram *d);

/* A line read (write = 0) or write-back (write = 1) of addr issued at cycle now. Returns the
 * cycle the data is back at the requester (reads), or the cycle the controller accepts the
 * write-back (now, unless dram_write_queue write-backs already wait for the bus: then when one
 * of them has gone; the eviction that made it waits until then, so a program that writes back
 * faster than the bus carries slows down instead of pushing every later read far away). */
uint64_t dram_access(struct dram *d, uint64_t addr, uint64_t now, int write);

#endif
