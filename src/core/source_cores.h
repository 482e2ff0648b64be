/*
 * source_cores.h — the emulator as the instruction source of several cores (robin sim
 * --cores N): one emulator, one guest process, each core fetching the instructions of the
 * guest thread it runs. A core without a thread takes the next runnable thread no other core
 * runs (round robin in creation order, as one run queue for all cores): with N cores or more
 * every runnable thread has a core of its own; with fewer, a core switches to another waiting
 * thread when its thread ran `quantum` instructions, blocks or exits (a thread may so move to
 * another core). A preemption is a trapped record, as the emulator's own quantum switch: the
 * core flushes and refetches at the next thread's PC. Which thread the emulator
 * steps is chosen per record, so threads on different cores interleave as the cores fetch:
 * deterministic (the cores run in lock-step) and, for race-free programs, the same output as
 * `robin run`.
 */
#ifndef ROBIN_CORE_SOURCE_CORES_H
#define ROBIN_CORE_SOURCE_CORES_H

#include <stdint.h>

#include "core/source.h"
#include "emu/emu.h"

#define SOURCE_CORES_MAX 64
#define SOURCE_CORES_THREADS 4096   /* the emulator's bound on threads of a process */

struct source_cores;

/* One core's view. */
struct source_core_port {
	struct source_cores *s;
	unsigned core;
	int cur;                    /* thread index running on this core, -1: none */
	uint64_t slice_left;        /* instructions left in its turn */
	uint64_t next_pc;           /* where the current thread goes on */
	int redirect_ok;            /* the core refetches anyway (after an ecall, trap, wait) */
	uint64_t records;           /* records handed to this core */
	uint64_t switches;          /* thread switches on this core */
	uint32_t tids[8];           /* the first threads that ran here (thread ids) */
	unsigned n_tids;
};

struct source_cores {
	struct emu *emu;
	unsigned n;
	uint64_t quantum;
	uint64_t max_insns, produced;
	enum emu_status status;     /* EMU_RUNNING until the process ends */
	uint64_t events;            /* records that can wake a waiting thread (system calls,
	                               trap records) and thread switches */
	int rr;                     /* the run queue's round-robin position */
	struct source_core_port port[SOURCE_CORES_MAX];
	int16_t holder[SOURCE_CORES_THREADS]; /* the core running each thread, -1: none */
	struct callstack **calls;   /* NULL, or SOURCE_CORES_THREADS shadow stacks by thread (each
	                               created on the thread's first record, freed by the owner of
	                               the array): each record's ctx is its own thread's context */
};

/* Sources for n cores (1 <= n <= SOURCE_CORES_MAX) reading emulator e, which from now on is
 * scheduled by them (thread_sched_external); out[i] is core i's. The stream of every core ends
 * when the process exits or faults, or after max_insns records in all (0: no limit). */
void source_cores_init(struct source_cores *s, struct emu *e, unsigned n, uint64_t quantum,
                       uint64_t max_insns, struct core_source *out);

/* The next record of core k's stream, as its core_source's next (functional warming: the
 * caller hands it to core k's core_warm). */
int source_cores_step(struct source_cores *s, unsigned k, struct emu_dyn *out)
	__attribute__((warn_unused_result));

/* s->events, as a cores_events_fn (core/cores.h) with ctx = s. */
uint64_t source_cores_events(void *ctx);

/* The thread index (creation order) core k runs now, -1 when it waits for one. */
int source_cores_running(const struct source_cores *s, unsigned k);

/* The thread ids that ran on core k (up to 8, in order of first run); returns how many. */
unsigned source_cores_tids(const struct source_cores *s, unsigned k, const uint32_t **tids);

#endif
