/*
 * sscofpmf.h — a RISC-V hart with the Sscofpmf extension sampling for Linux perf (RISC-V
 * privileged spec, "Sscofpmf" count overflow and mode-based filtering; the local counter-
 * overflow interrupt LCOFI): an mhpmcounter counts one event, overflows every period events,
 * raises LCOFI, and the interrupt is taken at an instruction boundary; the sample is the pc
 * where the trap was taken (sepc, the interrupted instruction). Entry points:
 * sscofpmf_event_parse, sscofpmf_event_name, sscofpmf_unit_attribution.
 */
#ifndef ROBIN_PMU_SSCOFPMF_H
#define ROBIN_PMU_SSCOFPMF_H

#include <stdint.h>

#include "pmu/pmu.h"

#define SSCOFPMF_EV_CYCLES 0u              /* mcycle-like: the shared sampler's cycles */
#define SSCOFPMF_EV_INSTRET (1u << 31)     /* minstret-like: every committed instruction */

/* The event of a perf-style name: cycles, instret (instructions), branch-misses,
 * l1d-misses, cache-misses (LLC), l1i-misses, dtlb-misses. Returns 0 or -EINVAL. */
int sscofpmf_event_parse(const char *name, uint32_t *event) __attribute__((warn_unused_result));
/* The name of an event value of sscofpmf_event_parse ("?" when none). */
const char *sscofpmf_event_name(uint32_t event);
/* The names accepted, comma-separated (for error messages). */
const char *sscofpmf_event_names(void);

/* What an attached sscofpmf unit measured of its event beside the time profile. */
struct sscofpmf_attribution {
	uint32_t event;             /* as sscofpmf_event_parse */
	uint64_t period;            /* events per overflow (cycles for cycles) */
	uint64_t events;            /* events counted (committed instructions; 0 for cycles) */
	uint64_t overflows;         /* counter overflows */
	uint64_t merged;            /* overflows while an LCOFI was pending (no extra sample) */
	uint64_t on_event_pc;       /* samples whose pc is the overflowing instruction's */
	uint64_t on_event_next;     /* samples on the pc that follows it (a branch's actual
	                               target or fall-through: the redirected path's first) */
	double skid_insns;          /* mean instructions from the overflowing one to the sample's
	                               (-1: cycles, or no samples) */
	double skid_cycles;         /* mean cycles from the overflow to the trap (the sampled
	                               instruction's would-be commit; -1: no samples) */
	double event_error;         /* instruction-level error of the samples against the exact
	                               per-pc event counts (half the L1 distance of the two
	                               distributions; -1 when not an event or no samples) */
};

/* The attribution figures of unit u. Returns 0, or -ENOENT when u is not sscofpmf. */
int sscofpmf_unit_attribution(const struct pmu_unit *u, struct sscofpmf_attribution *out)
	__attribute__((warn_unused_result));

#endif
