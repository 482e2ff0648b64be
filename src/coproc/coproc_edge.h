/*
 * coproc_edge.h — host sides of coproc/edge_profile.s (taken/not-taken counts per branch,
 * §4 "Edge Profiling") and coproc/memdep_profile.s (store -> load pairs through a window of
 * recent store addresses, §4 "Memory Dependence Profiling").
 */
#ifndef ROBIN_COPROC_COPROC_EDGE_H
#define ROBIN_COPROC_COPROC_EDGE_H

#include <stddef.h>
#include <stdint.h>

#include "coproc/coproc.h"

/* One branch (low 32 bits of its PC) or one <load, store> pair with its counts. */
struct coproc_pair_count {
	uint32_t a;                 /* branch pc32, or load pc32 */
	uint32_t b;                 /* 0, or the store's pc32 */
	uint64_t n1, n2;            /* taken, not taken; or observed dependences, 0 */
};

/* The host's accumulated table (malloc'ed into *out). Returns 0, -EINVAL if cp does not
 * run that host, or -ENOMEM. */
int coproc_edge_results(const struct coproc *cp, struct coproc_pair_count **out, size_t *n)
	__attribute__((warn_unused_result));
int coproc_memdep_results(const struct coproc *cp, struct coproc_pair_count **out, size_t *n)
	__attribute__((warn_unused_result));

#endif
