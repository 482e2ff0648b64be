/*
 * sim.h — one simulation, described once and run in any mode: the only place that assembles
 * the timing model with its consumers. A description (struct sim_spec) says what runs (a
 * program or a checkpoint), on which core configuration and how many cores, with which guest
 * clock, which consumers listen (simulated profilers with or without calling contexts,
 * ProfileMe, the profiling co-processor, the pipeline view, the probe check) and where the
 * results go (profile database, --stats-json, the text summary); sim_run runs it as a whole
 * program, warm-up plus window, SMARTS, or on several cores. With several cores the
 * profilers, ProfileMe, the co-processor and the shadow stacks are per guest thread (a unit
 * whose state the OS switches with the thread), the pipeline view and the probe check per
 * core. Entry points: sim_spec_init, sim_check, sim_run (spec.done hands a library caller the
 * finished consumers: robin accuracy, campaign points), sim_functional (a warming-only pass).
 */
#ifndef ROBIN_SIM_SIM_H
#define ROBIN_SIM_SIM_H

#include <stdint.h>
#include <stdio.h>

#include "analysis/code_map.h"
#include "sim/smarts.h"
#include "core/config.h"
#include "pmu/pmu.h"
#include "pmu/profileme.h"
#include "sim/sim_coproc.h"
#include "sim/sim_guest.h"
#include "sim/sim_profile.h"
#include "sim/sim_profileme.h"

#define SIM_PMUS_MAX 12            /* profiler sets attached to one simulation */
#define SIM_PMS_MAX 4              /* ProfileMe units attached to one simulation */

struct sim_result;

struct sim_spec {
	const char *cmd;              /* "robin CMD: ..." in messages ("sim", "accuracy") */
	const char *command;          /* the command line stored with the runs */
	/* what runs */
	int argc;                     /* the program and its arguments (argv[0] the program) */
	char **argv;
	const char *restore;          /* or the checkpoint to start from (argc 0) */
	struct emu *emu;              /* or a loaded emulator to go on from (argv then only names
	                                 the program): the run takes it over and destroys it */
	struct emu_opts *eo;          /* the emulator's options (sim_guest.h) */
	/* the core */
	struct core_config cfg;
	const char *preset;           /* its name in the outputs (NULL: boom-large) */
	unsigned ncores;              /* 0: one core reading the emulator; N: N cores sharing the
	                                 LLC and DRAM, the guest's threads scheduled on them */
	int host_time;                /* the guest reads the host's clocks (else the simulated
	                                 time, unless eo->cfg.virtual_time) */
	/* the mode */
	uint64_t warmup;              /* instructions warmed functionally first, not reported */
	uint64_t warmup_mem_only;     /* the first this many of them leave the branch predictor
	                                 untrained (--warmup-predictor; one core) */
	uint64_t insns;               /* then this many in detail (0: to the end) */
	/* One core: called once the warming above is done, with the core and the
	 * guest, before any consumer attaches; it may warm on (core_warm_steps) and fork. 0: the
	 * detailed part follows, *insns instructions of it (`insns` when called); > 0: the run
	 * ends here, nothing in detail and nothing reported (sim_run returns 0); < 0: the run
	 * fails (the hook said why). A campaign's chain of points (campaign_run.c). */
	int (*warm_more)(void *ctx, struct core *c, struct emu *e, uint64_t *insns);
	void *warm_more_ctx;
	struct emu **emu_back;        /* with emu and warm_more: a run that warm_more ended hands
	                                 the guest back here, where it stopped (not destroyed) */
	struct smarts_opts smarts;    /* smarts.unit != 0: SMARTS sampling */
	/* the consumers */
	struct sim_profile_opts po[SIM_PMUS_MAX]; /* po[k].list NULL: none; po[0] is the one the
	                                 outputs below report and store */
	unsigned npo;                 /* profiler sets in po (0 or 1 from robin sim) */
	struct sim_pm_opts pmo[SIM_PMS_MAX]; /* ProfileMe units (pmo[k].on); pmo[0] is the one
	                                 the outputs report and store */
	struct sim_coproc_opts cpo;   /* the co-processor (cpo.path) */
	const char *pipeview;         /* gem5 O3PipeView file (with N cores: PATH.K per core) */
	uint64_t pv_start, pv_end;    /* its instruction window */
	int probe_check;              /* check the probe contract (exit 1 on an inconsistency) */
	/* the outputs */
	const char *stats_json;
	int quiet;                    /* no summary on stderr */
	int progress;                 /* a progress line when stderr is a terminal */
	FILE *table;                  /* not NULL: the per-thread profile errors go there
	                                 (robin accuracy --cores), whatever quiet says */
	int discard_output;           /* the guest's stdout and stderr go to /dev/null */
	int silent;                   /* no line on stderr about how the guest or the core ended
	                                 (a library caller reports it from sim_result) */
	const struct probe_consumer *consumers; /* a library caller's own consumers, attached to
	                                 every core after the others (nconsumers of them) */
	unsigned nconsumers;
	int count_threads;            /* several cores: count each thread's cycles even when no
	                                 consumer listens (sim_result.thread) */
	/* a library caller's view of the finished run, before the outputs (NULL: none); a
	 * non-zero return is the exit status */
	int (*done)(void *ctx, const struct sim_result *r);
	void *done_ctx;
};

/* What a finished simulation hands to spec->done: one entry per guest thread with several
 * cores, one for the whole program with one core. */
struct sim_thread_result {
	int tid;                      /* the guest thread (0: the whole program on one core) */
	uint64_t cycles;              /* the cycles it ran (its clock) */
	struct pmu *pmu[SIM_PMUS_MAX]; /* one per spec->po[k] */
	struct pm *pm[SIM_PMS_MAX];   /* one per spec->pmo[k] that is on */
	const struct callstack *calls;
};

struct sim_result {
	int status;                   /* the exit status so far */
	const char *end;              /* "exited", "fault", "limit", "error" */
	int error;                    /* "error": the core's -errno (-ETIMEDOUT: the watchdog) */
	uint64_t cycles, instructions;
	double host_seconds;
	const struct core *core;      /* core 0 */
	const struct emu *emu;        /* the guest at the end */
	struct code_map *map;         /* the program's code */
	unsigned nthreads;
	const struct sim_thread_result *thread;
	const struct smarts_result *smarts; /* with SMARTS (spec->smarts.unit): its estimate, when
	                                 it measured a unit; the core's statistics are those of
	                                 its detailed windows */
};

/* A description with the defaults: robin sim's (top 10 instructions listed, progress on). */
void sim_spec_init(struct sim_spec *s, const char *cmd);

/* Make the core's vlen (cfg) and the emulator's --vlen (eo) one: --vlen sets the core's, else
 * the core's (a preset, --set vlen=N) sets the emulator's. Returns 0, or 2 after a one-line
 * "robin CMD: ..." when both were given and differ (or dlen exceeds the result). */
int sim_vlen_match(struct core_config *cfg, struct emu_opts *eo, const char *cmd);

/* Whether the description can run: 0, or 2 after a one-line "robin CMD: ..." saying what
 * goes against what (e.g. --pm-* without --profileme). */
int sim_check(const struct sim_spec *s);

/* Run the simulation: start the guest, assemble the core(s) and consumers, run the mode,
 * then the outputs. Returns robin's exit status: the guest's, as `robin run`'s; 1 when the
 * core stopped (deadlock watchdog) or an output failed; 2 for a description sim_check
 * refuses. */
int sim_run(const struct sim_spec *s);

/* A functional pass: the description's guest on one core used only as the model of its
 * caches, TLBs and predictor (core_warm: a clock that waits for each miss, no pipeline, no
 * consumers), up to each instruction count ends[0..n) in turn; cycles[i] gets the cycles from
 * ends[i-1] to ends[i]. Returns 0, -ESRCH when the program ended first, -EINVAL when the guest
 * could not start (the reason printed), or -errno. */
int sim_functional(const struct sim_spec *s, const uint64_t *ends, size_t n, uint64_t *cycles)
	__attribute__((warn_unused_result));

/* Where a sampled functional pass warms: windows of `warm` instructions handed to core_warm
 * and not counted, then `measure` counted, one ending at each of an interval's length /
 * period (rounded to the nearest) equal parts' ends; an interval of fewer than min_parts
 * periods is warmed and measured whole (a window short enough to leave most of it out would
 * neither warm the caches nor cover its phases). Between windows the emulator runs at full
 * speed (emu_run: the translator). */
struct sim_sample {
	uint64_t warm, measure, period;
	uint64_t min_parts;
};

/* sim_functional on windows (smp; NULL: every instruction, as sim_functional): cycles[i]
 * the measured windows' cycles in interval i, insns[i] (insns may be NULL) their
 * instructions (a window longer than what remains of its part is cut, the measured part
 * last). Same returns as sim_functional. */
int sim_functional_sampled(const struct sim_spec *s, const uint64_t *ends, size_t n,
                           const struct sim_sample *smp, uint64_t *cycles, uint64_t *insns)
	__attribute__((warn_unused_result));

#endif
