/*
 * sim_priv.h — the inside of one simulation (sim.c), shared by the rooms that build and report
 * it: the consumers of one guest thread (sim_thread.c), what a finished run writes
 * (sim_output.c), the several-core summary and JSON (sim_cores.c) and SMARTS (sim_smarts.c).
 */
#ifndef ROBIN_SIM_SIM_PRIV_H
#define ROBIN_SIM_SIM_PRIV_H

#include <stdint.h>
#include <stdio.h>

#include "core/cores.h"
#include "core/pipeview.h"
#include "core/probe_check.h"
#include "core/source.h"
#include "core/source_cores.h"
#include "sim/sim.h"
#include "sim/smarts.h"

#define SIM_THREAD_PC_MAX (SIM_PMUS_MAX + SIM_PMS_MAX + 2)

/* The consumers of one guest thread (with one core: of the whole program). */
struct sim_thread {
	struct sim_thread_result r;
	int index;                   /* thread slot, creation order (0 with one core) */
	struct sim_coproc *cp;
	FILE *pm_raw;                /* ProfileMe's sample lines (--pm-raw) */
	struct probe_consumer pc[SIM_THREAD_PC_MAX];
	unsigned npc;
	uint32_t cores;              /* bit k: it ran on core k (k < 32) */
	struct core *on;             /* the core running it now: the co-processor charges it */
	/* Several cores: ProfileMe counts the thread's fetched instructions, so its consumers see
	 * fetch numbers of the thread's own (each core numbers its fetches; the thread's continue
	 * where they stopped when it moves to a core): renumber[i] marks them. A stint is the
	 * thread's time on one core: records of that core fetched before it (another thread's
	 * draining) do not reach them. */
	uint8_t renumber[SIM_THREAD_PC_MAX];
	uint64_t seq_next;           /* the thread's next fetch number */
	int fetch_core;              /* the core of its stint, -1 none yet */
	uint64_t stint_first;        /* that core's fetch number where the stint began */
	uint64_t seq_off;            /* added to that core's numbers (mod 2^64) */
};

struct sim;

/* One core's probes routed to the consumers of the thread it runs (several cores). */
struct sim_route {
	struct sim *sim;
	unsigned core;
	uint32_t demand;             /* the core's insn_demand: its thread's consumers' */
	int last;                    /* the thread slot it served last, -1 none */
};

struct sim {
	const struct sim_spec *s;
	struct sim_profile_opts po[SIM_PMUS_MAX]; /* the spec's, with stacks set when kept */
	struct emu *e;
	struct core *c;              /* the core; core 0 with several */
	struct cores *m;             /* several cores, or NULL */
	struct source_emu se;
	struct source_cores *sc;
	struct core_source src[SOURCE_CORES_MAX];
	struct sim_route route[SOURCE_CORES_MAX];
	struct callstack *calls;     /* one core: the shadow stack */
	struct sim_thread **th;      /* by thread slot; one entry with one core */
	int nth;                     /* highest slot + 1 */
	int err;                     /* the first error creating a thread's consumers */
	int per_thread;              /* several cores: threads have consumers or are counted */
	struct pipeview *pv[SOURCE_CORES_MAX];
	FILE *pvf[SOURCE_CORES_MAX];
	struct probe_check *pcheck;  /* one per core (--probe-check) */
	struct code_map cmap;
	double secs;                 /* host time of the detailed part */
	int stopped;                 /* sim_spec.warm_more ended the run before the detail */
	struct smarts_result smarts; /* SMARTS's estimate (smarts_ok: it measured a unit) */
	int smarts_ok;
};

/* The consumers of thread slot `index` as the description asks (profilers, ProfileMe, the
 * co-processor; with several cores also the thread's shadow stack); *out is added to
 * sim->th. Returns 0, -errno, or 2 after printing why a co-processor program is refused. */
int sim_thread_create(struct sim *sim, int index, struct sim_thread **out)
	__attribute__((warn_unused_result));

/* The thread's consumers see the end of the run (ProfileMe's empty fetch slots, the
 * profilers' last samples). */
void sim_thread_finish(struct sim_thread *t);

void sim_thread_destroy(struct sim_thread *t);

/* Several cores: n instructions of functional warming, each core's stream warming that core
 * (the same scheduling as the detailed part); stops early when every thread waits for time
 * to pass. EMU_RUNNING, EMU_LIMIT, or how the program ended. */
enum emu_status sim_warm_cores(struct sim *sim, uint64_t n);

/* Route core k's probes to the consumers of the thread it runs, creating them on first use. */
void sim_thread_route(struct sim *sim, unsigned k, struct probe_consumer *out);

/* Every thread's consumers' outputs, in thread order (sim_output.c); err is the core's
 * -errno. Returns the exit status so far. */
int sim_outputs(struct sim *sim, int rc, int err);

/* One core: the --stats-json object. Returns the exit status so far. */
int sim_out_json(struct sim *sim, int rc, const char *status, int sig);

/* Several cores: the summary on stderr, and the --stats-json object (its threads[] members
 * through sim_thread_json). */
void sim_cores_print(const struct sim *sim, uint64_t cycles, uint64_t insns);
int sim_cores_json(struct sim *sim, const char *path, int rc, const char *status, int sig)
	__attribute__((warn_unused_result));

/* The error of each sampling profiler of p against p's Oracle, one line each after `label`
 * (prefixed "robin sim: " on stderr). Returns 0 or -errno. */
int sim_cores_print_errors(FILE *out, const char *label, struct pmu *p, struct code_map *cm)
	__attribute__((warn_unused_result));

/* "0,1": the cores of mask m. */
void sim_cores_mask(uint32_t m, char *buf, size_t n);

/* The members of one thread's consumers in --stats-json (profiles, ProfileMe, co-processor).
 * Returns 0 or -ENOMEM. */
int sim_thread_json(struct sim *sim, struct sim_thread *t, struct json *j)
	__attribute__((warn_unused_result));

#endif
