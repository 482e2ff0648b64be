/*
 * coproc_value.h — the host side of coproc/value_profile.s (001_df4aea695fbcd9aa.txt §5.1,
 * Appendix A): the interrupt handler that copies slots into an in-memory profile, masks
 * characterised loads (PC filter 2), partitions the program when the slots thrash (PC filter
 * 1), re-samples periodically, and the invariance estimation of A.6.
 */
#ifndef ROBIN_COPROC_COPROC_VALUE_H
#define ROBIN_COPROC_COPROC_VALUE_H

#include <stddef.h>
#include <stdint.h>

#include "coproc/coproc.h"

/* One estimated <load, value>: loads are known by the low 32 bits of their PC, values by
 * their low 32 bits, as the slots store them (§5.1.1). */
struct coproc_value_est {
	uint32_t pc32;
	uint32_t value;
	double inv;                 /* estimated invariance, 0..1 */
	uint64_t samples;           /* samples the co-processor saw of this load (total) */
};

struct coproc_value_info {
	uint64_t loads;             /* static loads with a record */
	uint64_t records;           /* slot records copied */
	uint64_t copy_interrupts;   /* failed-counter interrupts (slots copied) */
	uint64_t thrash_interrupts; /* thrash interrupts (nothing copied, finer partition) */
	uint64_t masked;            /* loads masked in PC filter 2 (last state) */
	unsigned max_partition_bits;/* largest PC filter 1 mask: 2^bits regions */
};

/* The A.6 estimates of every <load, value> that accumulated hits. *out is malloc'ed (free
 * it). Returns 0, -EINVAL if cp does not run the value host, or -ENOMEM. */
int coproc_value_estimates(const struct coproc *cp, struct coproc_value_est **out, size_t *n)
	__attribute__((warn_unused_result));

/* Counters of the host side. Returns 0 or -EINVAL if cp does not run the value host. */
int coproc_value_info(const struct coproc *cp, struct coproc_value_info *out);

#endif
