/*
 * dram.c — bank/row-buffer/bus timing of main memory (see dram.h). Address mapping: the line
 * offset and the column within a row are the low bits, then the bank (ranks x banks
 * interleaved), then the row, so streaming accesses hit open rows.
 */
#include "core/dram.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static uint32_t dram_cycles(double ns, double mhz)
{
	return (uint32_t)ceil(ns * mhz / 1000.0);
}

int dram_init(struct dram *d, const struct core_config *cfg)
{
	memset(d, 0, sizeof(*d));
	d->nbanks = cfg->dram_ranks * cfg->dram_banks;
	d->row_shift = (uint32_t)__builtin_ctz(cfg->dram_row_bytes);
	d->tcas = dram_cycles(cfg->dram_tcas_ns, cfg->freq_mhz);
	d->trcd = dram_cycles(cfg->dram_trcd_ns, cfg->freq_mhz);
	d->trp = dram_cycles(cfg->dram_trp_ns, cfg->freq_mhz);
	d->ctrl_half = dram_cycles(cfg->dram_ctrl_ns / 2, cfg->freq_mhz);
	/* bytes / (GB/s) = ns; ns * MHz / 1000 = cycles */
	d->xfer_cycles = cfg->line_bytes / cfg->dram_gbps * cfg->freq_mhz / 1000.0;
	d->max_inflight = cfg->dram_max_inflight;
	d->write_queue = cfg->dram_write_queue;
	d->open_row = calloc(d->nbanks, sizeof(*d->open_row));
	d->bank_free = calloc(d->nbanks, sizeof(*d->bank_free));
	d->inflight_done = calloc(d->max_inflight, sizeof(*d->inflight_done));
	if (!d->open_row || !d->bank_free || !d->inflight_done) {
		dram_fini(d);
		return -ENOMEM;
	}
	return 0;
}

void dram_fini(struct dram *d)
{
	free(d->open_row);
	free(d->bank_free);
	free(d->inflight_done);
	d->open_row = d->bank_free = d->inflight_done = NULL;
}

uint64_t dram_access(struct dram *d, uint64_t addr, uint64_t now, int write)
{
	uint64_t arrive = now + d->ctrl_half;
	if (write) {
		/* an FR-FCFS controller buffers write-backs and drains them in row-friendly batches:
		 * they cost bus bandwidth but do not disturb the rows the reads use. Its write queue
		 * holds write_queue of them: with the bus booked further ahead than that, this one is
		 * accepted when one has drained */
		double accept = arrive, full = d->write_queue * d->xfer_cycles;
		if (d->bus_free - (double)arrive > full) {
			accept = d->bus_free - full;
			d->st.write_queue_full++;
		}
		double xs = accept > d->bus_free ? accept : d->bus_free;
		d->bus_free = xs + d->xfer_cycles;
		d->st.busy_cycles += (uint64_t)ceil(d->xfer_cycles);
		d->st.writes++;
		return (uint64_t)ceil(accept);
	}
	/* a slot among the requests in flight: the earliest finishing one if all are busy */
	uint32_t slot = 0;
	for (uint32_t i = 0; i < d->max_inflight; i++) {
		if (d->inflight_done[i] <= arrive) {
			slot = i;
			break;
		}
		if (d->inflight_done[i] < d->inflight_done[slot])
			slot = i;
	}
	uint64_t start = arrive > d->inflight_done[slot] ? arrive : d->inflight_done[slot];
	uint64_t rowaddr = addr >> d->row_shift;
	uint32_t bank = (uint32_t)(rowaddr % d->nbanks);
	uint64_t row = rowaddr / d->nbanks + 1;
	if (d->bank_free[bank] > start)
		start = d->bank_free[bank];
	uint32_t open_cycles;
	if (d->open_row[bank] == row) {
		open_cycles = 0;
		d->st.row_hits++;
	} else if (!d->open_row[bank]) {
		open_cycles = d->trcd;
		d->st.row_empty++;
	} else {
		open_cycles = d->trp + d->trcd;
		d->st.row_conflicts++;
	}
	d->open_row[bank] = row;
	double data = (double)(start + open_cycles + d->tcas);
	double xfer_start = data > d->bus_free ? data : d->bus_free;
	d->bus_free = xfer_start + d->xfer_cycles;
	uint64_t bus_done = (uint64_t)ceil(d->bus_free);
	/* the bank can take its next column command once this burst is on the bus */
	d->bank_free[bank] = start + open_cycles + (uint64_t)ceil(d->xfer_cycles);
	uint64_t done = bus_done + d->ctrl_half;
	d->inflight_done[slot] = done;
	d->st.busy_cycles += (uint64_t)ceil(d->xfer_cycles);
	d->st.queue_cycles += (uint64_t)(xfer_start - data) + (start - arrive);
	d->st.reads++;
	return done;
}
