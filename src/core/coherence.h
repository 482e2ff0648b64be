/*
 * coherence.h — keeping the private caches of several simulated cores coherent (robin sim
 * --cores): an MSI protocol by snooping. A line in an L1D is Modified when dirty, Shared when
 * clean, Invalid when absent. A store to a line the core does not hold Modified first
 * invalidates every other core's copy (L1D and private L2; a dirty copy is written back to the
 * shared LLC), and pays one LLC round trip when some other core held it; a load that misses
 * its L1D while another core holds the line Modified makes that core write it back and keep
 * it Shared, and pays the same round trip. The data itself is the emulator's: coherence
 * decides what the caches hold and what that costs, never what a load reads.
 */
#ifndef ROBIN_CORE_COHERENCE_H
#define ROBIN_CORE_COHERENCE_H

#include <stdint.h>

#define COHERENCE_MAX_CORES 64

struct memsys;

struct coherence {
	unsigned n;
	struct memsys *mem[COHERENCE_MAX_CORES];
	uint32_t snoop_cycles;      /* what a request that found another core's copy adds */
};

/* Put the memory systems mem[0..n) on one snooping bus c (n <= COHERENCE_MAX_CORES): each
 * gets c and its index. snoop_cycles: the cost of a transaction that met another copy. */
void coherence_init(struct coherence *c, struct memsys **mem, unsigned n, uint32_t snoop_cycles);

/* A store of core m to addr's line, which m does not hold Modified, at cycle now: invalidate
 * the other cores' copies. Returns the cycles the store waits for that (0: nobody had one). */
uint32_t coherence_store(struct memsys *m, uint64_t addr, uint64_t now);

/* Does a core other than m hold addr's line Modified (in its L1D or L2)? Counts nothing. */
int coherence_modified_elsewhere(const struct memsys *m, uint64_t addr);

/* A load of core m missed its L1D on addr's line at cycle now: another core's Modified copy
 * is written back and becomes Shared. Returns the extra cycles (0: no core had it dirty). */
uint32_t coherence_load_miss(struct memsys *m, uint64_t addr, uint64_t now);

#endif
