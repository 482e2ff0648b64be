/*
 * cores.h — several simulated cores of one configuration running one guest process (robin sim
 * --cores N): each core has its own pipeline, branch predictor, L1 caches, TLBs (and private
 * L2); they share the LLC and DRAM (their MSHRs, banks and data bus: the contention) and keep
 * their caches coherent by snooping MSI (coherence.h). The cores run in lock-step: the core
 * whose clock is earliest simulates its next cycle, so requests reach the shared levels in
 * time order and the same program, arguments and seed give the same cycles every run.
 */
#ifndef ROBIN_CORE_CORES_H
#define ROBIN_CORE_CORES_H

#include <stdint.h>
#include <stdio.h>

#include "core/coherence.h"
#include "core/core.h"

struct cores {
	unsigned n;
	struct core *core[COHERENCE_MAX_CORES];
	struct coherence coh;
	uint64_t (*events)(void *ctx);  /* cores_set_wakeup */
	void *events_ctx;
};

/* How many events that can give a waiting core work (a system call, a thread switch) the
 * sources have seen so far. */
typedef uint64_t (*cores_events_fn)(void *ctx);

/* Let waiting cores (core_waiting; core 0 excepted: it drives the guest's clock) sleep
 * instead of being ticked every cycle: they are woken, and catch up with core_idle_until,
 * when events(ctx) changes, or every CORES_SLEEP_POLL cycles (for timeouts). */
void cores_set_wakeup(struct cores *m, cores_events_fn events, void *ctx);

#define CORES_SLEEP_POLL 4096

/* Create n cores (1 <= n <= COHERENCE_MAX_CORES) of configuration cfg, core k reading src[k];
 * core 0 holds the shared LLC and DRAM. Returns 0 or -errno (-EINVAL for a bad n). */
int cores_create(const struct core_config *cfg, unsigned n, const struct core_source *src,
                 struct cores **out) __attribute__((warn_unused_result));

/* Simulate until every core finished. Returns 0, or the first core's error (-ETIMEDOUT when a
 * watchdog fired: its state went to diag). */
int cores_run(struct cores *m, FILE *diag) __attribute__((warn_unused_result));

/* The run's length: the last core's cycle count. */
uint64_t cores_cycles(const struct cores *m);

void cores_destroy(struct cores *m);

#endif
