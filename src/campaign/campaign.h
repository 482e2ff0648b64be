/*
 * campaign.h — sampled simulation with SimPoint (004_b28092482852db08.txt, Paper C;
 * docs/robin-simpoint.md): profile the program's basic-block vectors, cluster them, save a
 * checkpoint before each simulation point, simulate the points in detail (in parallel here,
 * or as a Slurm job array), and combine their CPI and cycle stacks by the clusters' weights;
 * optionally simulate the whole program in detail to measure the error.
 *
 * Everything lives in one campaign directory so that any step can run on another machine:
 *   campaign.txt   the manifest (program, interval, points with weights and checkpoints)
 *   core.cfg       the timing-model configuration (config_dump format)
 *   bbv.bb bbv.map bbv.txt   the vectors, the block/interval map (robin run --bbv formats) and
 *                  the profiling pass's instruction count
 *   simpoints weights labels   SimPoint's files
 *   insn-N.ckpt    the checkpoints, one per chain of points (docs/checkpoint.md)
 *   point-I.txt    a point's result: "cycles N", "instructions N", "stack NAME N" lines
 *   truth.txt      with validation: the full run's cycles per interval
 * Every pass runs the guest with --virtual-time and its output in a file of the directory, so
 * that all passes execute the same instructions.
 */
#ifndef ROBIN_CAMPAIGN_CAMPAIGN_H
#define ROBIN_CAMPAIGN_CAMPAIGN_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "analysis/simpoint.h"
#include "core/core.h"

/* `robin simpoint run`'s defaults (docs/robin-simpoint.md, "Defaults"): 1M-instruction
 * intervals; the search for k up to a tenth of the intervals, but never below
 * CAMPAIGN_MIN_MAX_K (or the intervals, if fewer) nor above CAMPAIGN_MAX_K; clusters whose
 * intervals' warm CPI spreads over more than CAMPAIGN_SPLIT_RATIO split, up to
 * CAMPAIGN_SPLIT_FACTOR times the largest k; CAMPAIGN_POINTS_PER_CLUSTER points per cluster
 * (for the confidence interval); with the sampled memory signature, each point's functional
 * warming chosen from its interval's reuse ages (the shortest power of two from
 * CAMPAIGN_WARM_AUTO_MIN to CAMPAIGN_WARM_AUTO_MAX whose estimated shortfall is at most
 * CAMPAIGN_WARM_AUTO_SHORT of the interval's instructions, in cycles), else CAMPAIGN_WARMUP_DEFAULT
 * instructions of it; of a point's warming, only the last CAMPAIGN_WARM_PREDICTOR train the
 * branch predictor (the ones before warm the TLBs and caches alone: the LLC is what needs
 * the long warmings, and they cost less so). */
#define CAMPAIGN_INTERVAL_DEFAULT 1000000
#define CAMPAIGN_MAX_K 30
#define CAMPAIGN_MIN_MAX_K 10
#define CAMPAIGN_DETAIL_SHARE 10
#define CAMPAIGN_WARMUP_DEFAULT 10000000
#define CAMPAIGN_WARM_AUTO_MIN (1ull << 21)
#define CAMPAIGN_WARM_AUTO_MAX (1ull << 26)
#define CAMPAIGN_WARM_PREDICTOR (1ull << 23)
#define CAMPAIGN_WARM_AUTO_SHORT 0.005
#define CAMPAIGN_MEM_WEIGHT 1.0
#define CAMPAIGN_SPLIT_RATIO 1.5
#define CAMPAIGN_SPLIT_FACTOR 2
#define CAMPAIGN_POINTS_PER_CLUSTER 2
/* Units within a point by default (--point-units U:W[:N], docs/robin-simpoint.md "Units within
 * a point"): SMARTS's units of CAMPAIGN_UNIT_LEN instructions, each after CAMPAIGN_UNIT_WARM
 * more in detail, one in every CAMPAIGN_UNIT_EVERY units' length of the interval (N, the
 * units per point, is the interval over CAMPAIGN_UNIT_EVERY * U unless given): 30% of each
 * point in detail at any interval length. */
#define CAMPAIGN_UNIT_LEN 1000
#define CAMPAIGN_UNIT_WARM 2000
#define CAMPAIGN_UNIT_EVERY 10
/* The memory pass's windows when asked for (--mem-window WARM:MEASURE[:PERIOD], sim_sample;
 * the default replays every instruction): a window at the end of every PERIOD instructions,
 * CAMPAIGN_MEM_PERIOD when not given; an interval shorter than CAMPAIGN_MEM_MIN_WINDOWS
 * periods is replayed whole. */
#define CAMPAIGN_MEM_PERIOD 200000
/* The sampled memory signature's default (--mem-sample N): one cache line in N. */
#define CAMPAIGN_MEM_SAMPLE 64
#define CAMPAIGN_MEM_MIN_WINDOWS 5
/* Two points of one cluster whose CPIs differ by more than this factor: reported. */
#define CAMPAIGN_DISAGREE_RATIO 1.5
/* The 95% interval's allowance for the points' own error (functional warming, the pipeline's
 * fill), relative to the CPI, added to the sampling error's half-width in quadrature. */
#define CAMPAIGN_POINT_ERROR 0.005

/* The preparation's passes, as campaign.pass_s counts them. */
enum { CAMPAIGN_PASS_VECTORS, CAMPAIGN_PASS_MEMORY, CAMPAIGN_PASS_CHECKPOINTS, CAMPAIGN_PASSES };

struct campaign_opts {
	uint64_t interval;         /* instructions per interval (BBV and detailed length) */
	uint64_t warmup;           /* functional warming before each point (warm_max 0) */
	/* warm_max > 0: each point's warming the shortest power of two in [warm_min, warm_max]
	 * that the sampled signature says leaves at most CAMPAIGN_WARM_AUTO_SHORT of its
	 * interval's instructions in cycles of misses the program does not take (warmup
	 * without it) */
	uint64_t warm_min, warm_max;
	uint64_t warm_pred;        /* > 0: only the last warm_pred of a point's warming train the
	                              branch predictor (0: all) */
	struct simpoint_opts sp;   /* clustering (max_k 0: campaign_auto_max_k) */
	const char *sysroot;       /* emulator sysroot (NULL: default) */
	uint64_t seed;
	double mem_weight;         /* > 0: the memory dimension (campaign_mem.c) with this weight */
	double split_ratio;        /* > 1: split clusters whose warm CPI spreads over more; 0 none */
	int points_per_cluster;    /* points simulated per cluster (at most its intervals) */
	/* the memory pass's windows (sim_sample): mem_measure 0 (the default) replays every
	 * instruction */
	uint64_t mem_warm, mem_measure, mem_period;
	/* > 0: no memory pass; the vectors pass samples one line in mem_sample of the translated
	 * code's loads and stores (campaign_memsig.c) for the signature */
	uint32_t mem_sample;
	int chains;                /* points whose warming windows overlap or touch one another
	                              share one warming, a chain (campaign_chain) */
	/* units > 0: each point measures about `units` units of unit_len instructions in detail,
	 * each after unit_warm in detail, evenly over its interval, the rest warmed functionally
	 * (SMARTS within the point, smarts.h); 0: the whole interval in detail */
	uint64_t unit_len, unit_warm, units;
	int units_auto;            /* units from the interval: interval / (CAMPAIGN_UNIT_EVERY *
	                              unit_len), at least 1 */
	int checkpoints;           /* save each chain's warming start as DIR/insn-N.ckpt (for jobs
	                              elsewhere: --slurm); local points fork from one run of the
	                              program that stops at each (campaign_run_local) */
};

struct campaign_point {
	int index;
	long interval;             /* which interval (0-based) */
	int cluster;
	double weight;
	uint64_t start, length;    /* the interval: first instruction and how many */
	uint64_t warmup;           /* functional warming chosen for it (its chain may warm more:
	                              warm_from) */
	/* its chain (campaign_chain): the warming starts at warm_from (the chain's start, at
	 * most start - warmup), the branch predictor trains from pred_from on */
	int chain;
	uint64_t warm_from, pred_from;
	/* results (point-I.txt) */
	int done;
	uint64_t cycles, insns;      /* with units: the measured units' */
	uint64_t profiled;           /* with units: the instructions its detailed windows ran (its
	                                profile's); 0: insns */
	uint64_t profiled_cycles;    /* with units: their cycles (0 in a campaign from before
	                                they were recorded) */
	uint64_t units;              /* with units: how many it measured (0: unknown), */
	double units_sd;             /* the standard deviation of their CPIs */
	double host_s;               /* host seconds of its process: its stretch of its chain's
	                                warming, then its own run (0: unknown) */
	double warm_s;               /* of them the warming (0: not known apart) */
	uint64_t stack[CORE_STACK_N];
};

/* The instructions point p ran in detail, which its profile covers: with units their windows'. */
static inline uint64_t campaign_point_profiled(const struct campaign_point *p)
{
	return p->profiled ? p->profiled : p->insns;
}

/* Point p's profile per instruction of its interval: its counts over the instructions it
 * covers and, with units, times the units' CPI over the windows' (as its cycle stack is), so
 * that the weighted profile's cycles are the predicted CPI's (the detailed warming before each
 * unit runs at a CPI of its own). The weighted profile takes it times the point's weight and
 * the program's instructions. */
static inline double campaign_point_prof_per_insn(const struct campaign_point *p)
{
	double s = 1.0 / (double)campaign_point_profiled(p);
	if (p->profiled && p->profiled_cycles && p->insns && p->cycles)
		s *= ((double)p->cycles / (double)p->insns) /
		     ((double)p->profiled_cycles / (double)p->profiled);
	return s;
}

/* Points simulated from one warming, one after the other (campaign_chain). */
struct campaign_chain {
	uint64_t start;            /* where its warming starts */
	int first, n;              /* its points: chain_ord[first .. first + n - 1], by start */
	uint64_t warm, warm_pred;  /* instructions it warms, and of them those that train the
	                              predictor */
};

struct campaign {
	char dir[PATH_MAX];
	char prog[PATH_MAX];
	uint64_t interval, warmup;
	uint64_t warm_min, warm_max; /* warm_max > 0: each point's warming chosen (its own) */
	uint64_t warm_pred;        /* > 0: the predictor warms over the last warm_pred of it */
	int chains;                /* the points' warmings chained (campaign.txt "chains 1") */
	uint64_t unit_len, unit_warm, units; /* campaign_opts's (campaign.txt "point_units U W N") */
	int n_chains;              /* campaign_chain's: without chains, one per point */
	struct campaign_chain *chain;
	int *chain_ord;            /* the points by start, chain after chain */
	uint64_t total_insns;      /* the whole program */
	int k;                     /* clusters */
	int n_points;
	struct campaign_point *pts;
	size_t n_intervals;        /* from the map: each interval's start, length and label */
	uint64_t *start, *length;
	int *label;
	uint64_t seed;             /* the emulator's seed and sysroot ("" = default) */
	char sysroot[PATH_MAX];
	char cwd[PATH_MAX];        /* where the campaign ran: the program's path and its images'
	                              are relative to it ("" in a campaign from before it was
	                              recorded) */
	int argc;                  /* the program's command line (argv[0] = PROG) */
	char **argv;
	struct simpoint_split *splits;  /* clusters split by the memory signature */
	int n_splits;
	/* campaign_prepare's host seconds per pass: the vectors, the memory pass, the
	 * checkpoints (0: the pass did not run) */
	double pass_s[CAMPAIGN_PASSES];
	int mem_sampled;           /* the vectors pass wrote the sampled signature (mem.txt) */
};

/* The chains of c's points (c->chain by start, c->chain_ord and each point's chain,
 * warm_from and pred_from): runs of points by start, each warmed by one process from the
 * earliest warming start of its points (their warmup instructions before their starts) to
 * its last point's start, forking each point's detailed run at its start (an earlier
 * point's interval is warmed functionally on the way); of the ways to cut the points into
 * runs, the one that warms the fewest instructions. The chain's warming starts at the earliest of its points'
 * warming starts; before each point the last warm_pred instructions (all with warm_pred 0)
 * train the predictor, which starts untrained again where a stretch that does not follow
 * on from the one before begins (the caches and TLBs keep warming throughout). So point I
 * warms as `robin sim --warmup START-WARM_FROM --warmup-predictor START-PRED_FROM` from
 * instruction warm_from would. Without c->chains every point is a chain of its own, warmed
 * as before. 0 or -ENOMEM. */
int campaign_chain(struct campaign *c) __attribute__((warn_unused_result));

/* The largest k when none is given: a tenth of the intervals, but at least CAMPAIGN_MIN_MAX_K
 * (a program of few long intervals still gets a k for each of its phases) and at most
 * CAMPAIGN_MAX_K, and never more than the intervals. */
int campaign_auto_max_k(size_t n_intervals);

/* The memory dimension: replay c's program functionally (core_warm on a core of cfg), write
 * dir/mem.txt and dir/memdim, and return the warm cycles per instruction of each interval in
 * *warm_cpi (the memory signature) and o->mem_weight * ln(it) in *extra (both malloc'ed).
 * Returns 0 or -errno with a message. */
int campaign_mem_profile(const struct campaign *c, const struct campaign_opts *o,
                         const struct core_config *cfg, double **warm_cpi, double **extra,
                         char *err, size_t errlen) __attribute__((warn_unused_result));

/* Each interval's warm cycles per instruction from dir/mem.txt (the memory signature) into
 * *out (malloc'ed, n_intervals); with tail, the last interval (the program's tail, which the
 * signature does not cover) may be missing and is 0. short_cpi (may be NULL): the cycles per
 * instruction a point of the interval spends in misses its warming leaves and the program
 * does not take (the sampled signature's fourth number), or NULL when the file has none;
 * warm (may be NULL): the warming the signature gave each interval's point (its fifth), or
 * NULL when the file has none.
 * Returns 0 or -errno with a message. */
int campaign_mem_read(const struct campaign *c, int tail, double **out, double **short_cpi,
                      uint64_t **warm, char *err, size_t errlen) __attribute__((warn_unused_result));

/* Steps 1-3 in dir (created if missing): profile the vectors, cluster, write SimPoint's
 * files, save the checkpoints and the manifest. cfg is stored as core.cfg. Returns 0 or
 * -errno with a one-line message in err. */
int campaign_prepare(struct campaign *c, const char *dir, const struct campaign_opts *o,
                     const struct core_config *cfg, int argc, char **argv, char *err, size_t errlen)
	__attribute__((warn_unused_result));

/* Read dir's manifest (and the results present). Returns 0 or -errno with a message. */
int campaign_load(struct campaign *c, const char *dir, char *err, size_t errlen)
	__attribute__((warn_unused_result));

void campaign_free(struct campaign *c);

/* Simulate point `index` of the campaign in dir alone: restore its chain's checkpoint
 * (without one: run the program on the translator to the chain's start, its output to
 * point-I.ff.out), warm as its chain warms it (warm_from, pred_from), simulate its interval in
 * detail, write point-I.txt (guest output to point-I.out): the result its chain gives.
 * Returns 0 or -errno with a message. */
int campaign_point_run(const char *dir, int index, char *err, size_t errlen)
	__attribute__((warn_unused_result));

/* Simulate chain g of the campaign in dir (campaign_chain): restore its checkpoint (without
 * one: run the program on the translator to its start), warm through its points and simulate
 * each in detail at its start, in a process of its own (point-I.txt, point-I.out,
 * point-I.log), each the result campaign_point_run gives. Returns 0 or -errno with a
 * message. */
int campaign_chain_run(const char *dir, int g, char *err, size_t errlen)
	__attribute__((warn_unused_result));

/* Run every point, chain by chain (campaign_chain), at most jobs chains at a time, each
 * forked from one run of the program on the translator when it reaches the chain's start
 * (the emulator state a checkpoint restores, and the same results; the run in a child). Another child of the caller, `other`
 * (-1: none), may end meanwhile: if it is reaped here, *other_status gets its exit status (as
 * campaign_wait's) and `other` is set to -1. Returns 0 or -errno with a message (the failed
 * point is named on stderr). */
int campaign_run_local(const struct campaign *c, int jobs, pid_t *other, int *other_status,
                       char *err, size_t errlen)
	__attribute__((warn_unused_result));

/* Write dir/points.sbatch (a job array, one task per chain of points), dir/merge.sbatch and
 * dir/submit.sh (submits the array and the merge with --dependency=afterok). Returns 0 or
 * -errno with a message. */
int campaign_write_slurm(const struct campaign *c, const char *self, char *err, size_t errlen)
	__attribute__((warn_unused_result));

/* The whole program in detail for validation: per-interval cycles into truth.txt, guest
 * output to full.out. Returns 0 or -errno with a message. */
int campaign_truth_run(const char *dir, char *err, size_t errlen) __attribute__((warn_unused_result));

/* What truth.txt holds. */
struct campaign_truth {
	uint64_t cycles, insns;
	uint64_t *interval_cycles;   /* n_intervals */
	double host_seconds;
	int has_stack;               /* stack[] read (truth.txt from before it was written has none) */
	uint64_t stack[CORE_STACK_N];  /* the full run's cycle stack */
};

int campaign_truth_load(const struct campaign *c, struct campaign_truth *t, char *err, size_t errlen)
	__attribute__((warn_unused_result));
void campaign_truth_free(struct campaign_truth *t);

/* The weighted estimate from the points' results. */
struct campaign_estimate {
	double cpi;                          /* sum of weight * point CPI */
	double ci_lo, ci_hi;                 /* its 95% confidence interval (stratified sampling) */
	double ci_df;                        /* the interval's degrees of freedom (0: exact) */
	int ci_ok;                           /* 0: a cluster of several intervals has one point */
	int n_disagree;                      /* clusters whose points' CPIs differ by more than
	                                        CAMPAIGN_DISAGREE_RATIO */
	double stack_cpi[CORE_STACK_N];      /* the cycle stack per instruction, weighted */
	uint64_t detailed_insns;             /* instructions simulated in detail */
	uint64_t warm_insns;                 /* instructions warmed functionally */
	uint64_t warm_pred_insns;            /* those that trained the branch predictor */
	double warm_short;                   /* the points' warming bias, estimated: the weighted
	                                        cycles per instruction of LLC hits their warming
	                                        misses (the sampled signature's; -1: unknown) */
};

/* Combine the results: the weighted CPI and cycle stack, and the CPI's 95% confidence
 * interval with the clusters as strata (strat_ci.h: each cluster's points as a sample of its
 * intervals). -EAGAIN with a message if a point has none. */
int campaign_estimate(const struct campaign *c, struct campaign_estimate *e, char *err, size_t errlen)
	__attribute__((warn_unused_result));

/* 1 when two of the cluster's points' CPIs differ by more than CAMPAIGN_DISAGREE_RATIO and
 * the cluster has intervals no point simulated, with the points' range in *lo, *hi. */
int campaign_cluster_disagrees(const struct campaign *c, int cluster, double *lo, double *hi);

#endif
