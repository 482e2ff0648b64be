/*
 * pcs.h — performance-counter sampling (PCS) with skid, as 003_b4067ee07181a84e.txt describes
 * it: a counter of one event (D-TLB misses, D-cache misses, branch mispredictions, or cycles)
 * interrupts on overflow; the interrupt is taken after the in-flight instructions drain and
 * the sample is the pc where execution resumes. The unit also counts every event per pc
 * (the exact truth the estimates are judged against). Entry points: pcs_event_parse,
 * pcs_event_name, pcs_unit_exact.
 */
#ifndef ROBIN_PMU_PCS_H
#define ROBIN_PMU_PCS_H

#include <stdint.h>

#include "pmu/pmu.h"

/* The PROBE_EV_* bit of "dtlb-miss", "dcache-miss", "br-mispredict", or 0 for "cycles".
 * Returns 0 or -EINVAL. */
int pcs_event_parse(const char *name, uint32_t *event) __attribute__((warn_unused_result));
/* The name of a pcs_event value ("cycles" for 0). */
const char *pcs_event_name(uint32_t event);

/* The exact per-pc counts of an attached `pcs` unit's event (committed instructions, units of
 * one event; NULL when counting cycles) and its period in events (cycles for cycles). */
int pcs_unit_exact(const struct pmu_unit *u, const struct pmu_profile **exact,
		   uint32_t *event, uint64_t *period) __attribute__((warn_unused_result));

#endif
