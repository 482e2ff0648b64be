/*
 * core.h — the cycle-level out-of-order core (`robin sim`): create it from a configuration
 * and an instruction source, attach probe consumers, run it to the end of the stream, read
 * the statistics (cycles, instructions, the commit-stage cycle stack, cache and predictor
 * counters). The stages live in fetch.c, decode.c, rename.c, dispatch.c, issue.c, lsu.c and
 * commit.c; their shared state and latches in pipe.h.
 */
#ifndef ROBIN_CORE_CORE_H
#define ROBIN_CORE_CORE_H

#include <stdint.h>
#include <stdio.h>

#include "core/config.h"
#include "core/probe.h"
#include "core/source.h"
#include "isa/isa.h"
#include "util/json.h"

struct core;

#define CORE_MAX_CONSUMERS 32

/* The commit-stage cycle stack: one slot per commit state and reason. Every simulated cycle
 * falls in exactly one slot, so the slots add up to the cycle count. */
#define CORE_STACK_COMPUTING 0
#define CORE_STACK_STALLED(cls) (1u + (unsigned)(cls))
#define CORE_STACK_CAUSE(cause) (1u + ISA_CLASS_COUNT + (unsigned)(cause) - 1u)
#define CORE_STACK_N (1u + ISA_CLASS_COUNT + PROBE_CAUSE_COUNT - 1u)
/* A stalled-on-a-vector-class slot: reports leave it out while it is 0, so that a scalar
 * program's output is what it was before robin had V. */
#define CORE_STACK_IS_V(slot) ((slot) >= CORE_STACK_STALLED(ISA_CLASS_VSET) && \
                               (slot) < CORE_STACK_STALLED(ISA_CLASS_COUNT))

struct core_stats {
	uint64_t cycles;               /* simulated cycles */
	uint64_t instructions;         /* committed (correct-path) instructions */
	uint64_t fetched;              /* every fetched instruction, both paths */
	uint64_t wrong_path_fetched;
	uint64_t squashed;             /* squashed instructions (wrong path and refetched) */
	uint64_t loads, stores;        /* committed */
	uint64_t stlf;                 /* committed loads served by store-to-load forwarding */
	uint64_t load_retries;         /* load issues refused (MSHRs full, store data pending) */
	uint64_t remote_store_waits;   /* several cores: ... of them for another core's store to
	                                  its bytes not yet written (lsu.c) */
	uint64_t remote_fetch_waits;   /* several cores: loads fetch waited for (fetch.c) */
	uint64_t flushes[PROBE_CAUSE_COUNT]; /* pipeline flushes by cause */
	uint64_t stall_rob, stall_iq, stall_lq, stall_sq, stall_pregs, stall_branches,
	         stall_serial;         /* cycles dispatch/rename was blocked by each resource */
	uint64_t skipped_cycles;       /* cycles jumped over by idle-cycle skipping */
	uint64_t sfb_branches;         /* committed short forward branches predicated (config sfb) */
	uint64_t sfb_predicated_off;   /* committed shadow ops predicated off (counted in
	                                  instructions as well: they commit, as in hardware) */
	uint64_t stack[CORE_STACK_N];  /* the cycle stack */
	int exception;                 /* the run ended on an instruction that raised one */
};

/* Create a core for configuration cfg (validated by the caller with config_validate) reading
 * instructions from src (copied). Returns 0 or -errno. */
int core_create(const struct core_config *cfg, const struct core_source *src, struct core **out)
	__attribute__((warn_unused_result));

/* Attach a probe consumer (copied). Returns 0 or -ENOSPC beyond CORE_MAX_CONSUMERS. */
int core_attach(struct core *c, const struct probe_consumer *pc) __attribute__((warn_unused_result));

/* Call fn(ctx, c) about every interval_cycles simulated cycles (progress lines). */
void core_set_progress(struct core *c, void (*fn)(void *ctx, const struct core *c), void *ctx,
                       uint64_t interval_cycles);

/* Simulate until the source ends and every fetched instruction committed or was squashed.
 * Returns 0; -ETIMEDOUT when watchdog_cycles passed without a commit (the state is dumped to
 * `diag`); -EIO when the source failed or disagreed with the front end (message in `diag`). */
int core_run(struct core *c, FILE *diag) __attribute__((warn_unused_result));

/* ---- lock-step driving (several cores sharing one emulator: cores.c) -------------------- */
/* Prepare core_tick: read the first record (or learn that the source waits). */
void core_start(struct core *c, FILE *diag);
/* Simulate one cycle (or skip idle cycles, as core_run does). Returns 0 to go on, 1 when the
 * core finished (its source ended and its pipeline drained), -ETIMEDOUT (watchdog, state
 * dumped to the diag stream) or the -errno a stage failed with. */
int core_tick(struct core *c) __attribute__((warn_unused_result));
/* The source ended and every instruction left the pipeline. */
int core_finished(const struct core *c);
/* The source said SOURCE_WAIT and nothing is in flight: the core idles until its source has
 * a record (its cycles go on, to the drained state). */
int core_waiting(const struct core *c);
/* A waiting core (core_waiting) that was not ticked meanwhile catches up to cycle t: the
 * cycles in between are idle (charged as core_run's idle-cycle skipping charges them). */
void core_idle_until(struct core *c, uint64_t t);

const struct core_stats *core_stats(const struct core *c);
/* The core's memory hierarchy (its caches' and coherence counters). */
struct memsys;
const struct memsys *core_memsys(const struct core *c);
/* The current cycle (cycles simulated so far). */
uint64_t core_cycle(const struct core *c);
/* The simulated time in ns: core_cycle at the configured freq_mhz. */
uint64_t core_time_ns(const struct core *c);
/* Feed the simulated time to the guest's clocks (emu_set_clock): from now on clock_gettime,
 * gettimeofday, time and the interval timers of e advance with core_time_ns. The time is
 * read when the emulator executes, which is when the core fetches (a system call's time is
 * its fetch cycle, a ROB's drain before it commits). */
void core_guest_clock(struct core *c, struct emu *e);
const struct core_config *core_config(const struct core *c);

/* Charge n cycles to the program, as an interrupt handler running on the core would (the
 * profiling co-processor's host side calls it from a probe consumer). At the next commit the
 * core takes an interrupt after the committing instruction: younger instructions are
 * squashed (a flush counted as PROBE_FLUSH_EXCEPTION, its cycles in the cycle stack's
 * flushed.exception) and fetch resumes n cycles after the usual redirect delay. */
void core_charge_cycles(struct core *c, uint64_t n);

/* "computing", "stalled.load", "flushed.branch", "drained.icache" ... */
const char *core_stack_name(unsigned slot, char *buf, size_t n);

/* Human summary: cycles, instructions, IPC, branch MPKI, MPKI per cache level and the cycle
 * stack (each part with its share of the total). */
void core_print_summary(const struct core *c, FILE *out);

/* The statistics as members of the JSON object being written (the caller opens and closes
 * it): cycles, instructions, ipc, host_seconds, mips, cycle_stack{}, branches{}, caches{},
 * tlbs{}, dram{}, flushes{}. */
void core_write_stats_json(const struct core *c, struct json *j, double host_seconds);

/* Print the pipeline state (ROB head, queues, front end) for debugging and the watchdog. */
void core_dump_state(const struct core *c, FILE *out);

/* ---- sampled simulation (warm.c) -------------------------------------------------------- */

/* Functional warming: update the I-TLB and I-cache, the branch predictor (with the actual
 * outcome) and the D-TLB and data caches with one instruction the emulator executed outside
 * detailed simulation. No pipeline, probes or meaningful statistics: call core_warm_done
 * before the detailed part. Valid before core_run or after a core_run that returned. */
void core_warm(struct core *c, const struct emu_dyn *d);

/* End of warming: every statistic restarts from zero and cycles count from the current cycle,
 * so core_stats reports only what core_run simulates next. */
void core_warm_done(struct core *c);
/* With `on`, from now on core_warm keeps only what moves its clock (TLBs, caches, the memory
 * system) and leaves the branch predictor alone: for a pass that wants the clock's cycles per
 * interval (the campaigns' memory signature), not a warmed core, and for the part of a warming
 * that only the memory hierarchy needs. The clock is the same cycle for cycle. Off again with
 * on = 0. */
void core_warm_clock_only(struct core *c, int on);
/* The memory trace's reader (emu_memtrace_fn, ctx: the core): the n events (struct
 * emu_mtev) of instructions the translated code ran (`before` of them on the I-cache line
 * warmed last, with no data access, then the one at pc with its load, kind 1, or store, kind
 * 2, at addr, or a branch or jump whose outcome the next instruction gives), warmed as
 * core_warm warms them (the predictor only when the trace names branches,
 * EMU_MEMTRACE_BRANCHES; else use core_warm_clock_only); kind -1 (the trace out of step) is
 * remembered: core_warm_trace_error then says where (pc | 1; 0: never). */
void core_warm_trace(void *core, const struct emu_mtev *ev, size_t n);
/* The trace's last branch or jump, if it waits for its outcome, went on at next_pc (the
 * emulator's pc when warming ends; core_warm does it itself with its instruction's pc). */
void core_warm_flush(struct core *c, uint64_t next_pc);
/* Make c the reader of e's memory trace (emu_memtrace, the code lines c's I-cache's), naming
 * branches and jumps when `branches` (they train the predictor; without, use
 * core_warm_clock_only). 0, or -1 when e cannot trace: step it into core_warm then. */
int core_warm_trace_begin(struct core *c, struct emu *e, int branches);
/* Warm c with e's instructions up to instruction count `to` on e's memory trace (begun with
 * core_warm_trace as its reader): the translated code runs what it can, what it hands back
 * is stepped and warmed with core_warm. With `steps`, an instruction that did not complete
 * (a timer's signal, a thread's turn ending before it) counts as one, as a step does.
 * EMU_RUNNING, or how the program ended. */
enum emu_status core_warm_trace_to(struct core *c, struct emu *e, uint64_t to, int steps);
/* Warm c with n steps of e (emu_step's: an instruction that did not complete counts), from
 * e's trace with branches named when emu_memtrace allows (then ended, the last branch
 * flushed), else step by step through core_warm. Only the last `pred` of them (all when
 * pred >= n) train the branch predictor; the ones before warm the TLBs and caches alone,
 * which end as they would with the predictor trained (warming has no wrong path), and cost
 * less (the trace names no branch). EMU_RUNNING, or how the program ended; check
 * core_warm_trace_error. */
enum emu_status core_warm_steps(struct core *c, struct emu *e, uint64_t n, uint64_t pred);
/* The branch predictor as core_create left it (its tables untrained): for a warming that
 * goes on past one point to the next, whose predictor then trains from the same state as a
 * warming of its own would (the caches and TLBs keep theirs). 0 or -ENOMEM. */
int core_warm_predictor_reset(struct core *c) __attribute__((warn_unused_result));
uint64_t core_warm_trace_error(const struct core *c);

/* After core_run returned because the source ended: continue with the source's next records
 * (the source must produce more, e.g. a larger limit) on the next core_run. Statistics keep
 * accumulating. */
void core_resume(struct core *c);

void core_destroy(struct core *c);

#endif
