/*
 * dcpi.h — DCPI's analysis of one procedure (002_767b26a0b68559db.txt §6): from the cycle
 * samples of each instruction at the head of issue (S_i, pmu/issue_head.c) it estimates every
 * instruction's frequency F (executions per sampling period) and cpi = S_i / F, and names the
 * culprits of its stalls. Three rooms share this state:
 *   dcpi_sched.c   the CFG and the static schedule of each block on the configured core
 *                  (M_i, issue points, static stalls and who caused them, §6.1.1 and §6.3)
 *   dcpi_freq.c    frequency equivalence classes by cycle equivalence, the ratio clusters and
 *                  anomaly rules, local propagation and confidence (§6.1.2-6.1.5)
 *   dcpi_culprit.c dynamic-stall culprits, "guilty until proven innocent" (§6.3)
 * Use: dcpi_proc_build → dcpi_proc_estimate → dcpi_proc_culprits → read → dcpi_proc_free.
 */
#ifndef ROBIN_ANALYSIS_DCPI_H
#define ROBIN_ANALYSIS_DCPI_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/cfg.h"
#include "core/config.h"
#include "isa/isa.h"

#define DCPI_NONE UINT32_MAX

enum dcpi_conf { DCPI_CONF_NONE, DCPI_CONF_LOW, DCPI_CONF_MEDIUM, DCPI_CONF_HIGH };

/* Why the static schedule delays an instruction (its static stall). */
enum dcpi_static {
	DCPI_STATIC_NONE,
	DCPI_STATIC_SLOT,     /* issue slots of its cycle used up (width, queue, port): slotting */
	DCPI_STATIC_DEP,      /* an operand's producer has not delivered: dependency */
	DCPI_STATIC_FU,       /* an unpipelined unit (divider) or the multiplier is busy */
	DCPI_STATIC_HEAD,     /* executes at the ROB head: waits for older instructions */
	DCPI_STATIC_COUNT
};

/* Dynamic-stall culprits (bits of dcpi_insn.culprits), with Figure 2's letters. */
enum dcpi_cause {
	DCPI_CAUSE_ICACHE,    /* i: I-cache miss */
	DCPI_CAUSE_ITLB,      /* I: I-TLB miss */
	DCPI_CAUSE_DCACHE,    /* d: D-cache miss of the load that feeds an operand */
	DCPI_CAUSE_DTLB,      /* D: D-TLB miss of that load, or of the load or store itself
	                         (it waits at the head of issue for the walk) */
	DCPI_CAUSE_WBUF,      /* w: store queue full (the 21164's write buffer) */
	DCPI_CAUSE_BRANCH,    /* p: branch (or jump) mispredict */
	DCPI_CAUSE_MUL,       /* m: multiplier busy */
	DCPI_CAUSE_DIV,       /* v: divider (integer or FP divide/sqrt) busy */
	DCPI_CAUSE_COUNT
};

struct dcpi_insn {
	uint64_t addr;               /* link-time address */
	struct isa_insn in;
	uint32_t block;
	double samples;              /* S_i */
	/* the static schedule */
	uint32_t m_cycles;           /* M_i: cycles at the head of issue with no dynamic stall */
	uint32_t issue_cycle;        /* cycle it issues in its block's schedule (first: 0) */
	uint8_t static_kind;         /* enum dcpi_static of the stall that precedes it */
	uint32_t static_by;          /* the instruction that caused it, or DCPI_NONE */
	uint32_t dep_on;             /* the producer it depends on in its block, or DCPI_NONE */
	uint8_t head_pairs;          /* first of its block, M_i = 1, and it can issue in the cycle
	                                of a predecessor block's last instruction: its M_i is 0
	                                or 1 depending on the path (§6.1.3, third challenge) */
	/* estimates */
	double freq;                 /* F: executions per sampling period (NAN: unknown) */
	uint8_t conf;                /* enum dcpi_conf of freq */
	double ratio;                /* the issue-point ratio used for its class (0: none) */
	uint8_t ratio_used;          /* the ratio was averaged into its class's estimate */
	double cpi;                  /* S_i / F, cycles at the head per execution (NAN) */
	double dyn_cycles;           /* cpi - M_i when positive: dynamic stall per execution */
	double gain_cycles;          /* M_i - cpi when positive (unexplained gain) */
	/* culprits of the dynamic stall */
	uint32_t culprits;           /* bits of enum dcpi_cause */
	uint32_t culprit_load;       /* the load that feeds its operand (d/D), itself (its own
	                                D-TLB walk), or DCPI_NONE */
};

struct dcpi_edge {
	uint32_t from, to;           /* block indices; DCPI_NONE = the procedure's entry/exit */
	uint32_t cls;                /* frequency class */
	double freq;                 /* NAN: unknown */
	uint8_t conf;
};

struct dcpi_block {
	uint32_t first, n;           /* instructions [first, first + n) */
	uint32_t cls;                /* frequency class, DCPI_NONE when unreachable */
	double freq;                 /* NAN: unknown */
	uint8_t conf;
	uint8_t propagated;          /* its estimate came from flow constraints */
	uint32_t best_cycles;        /* sum of M_i: the best-case cycles of one execution */
};

struct dcpi_class {
	double freq;                 /* NAN: unknown */
	uint8_t conf;
	uint8_t propagated;
	uint8_t reconciled;          /* lowered to meet the flow of better estimates */
	uint32_t issue_points, used; /* issue points in the class, ratios averaged */
	uint32_t event_stalled;      /* issue points left out: stalls explained by events */
	double spread;               /* max / min of the averaged ratios */
	double floor_freq;           /* executions per period its event counts prove (0: none) */
};

struct dcpi_proc {
	uint64_t base, limit;        /* link-time [base, limit) */
	struct core_config core;     /* the core the schedule models */
	struct dcpi_insn *insns;
	size_t ninsns;
	struct dcpi_block *blocks;
	size_t nblocks;
	struct dcpi_edge *edges;     /* CFG edges, then entry and exit edges */
	size_t nedges;
	struct dcpi_class *classes;
	size_t nclasses;
	int missing_edges;           /* an unresolved indirect jump: one class per block/edge */
	int infinite_loops;          /* edges added to the exit for loops that never leave */
};

/* Build the CFG and the static schedule of code[0..len) at link-time address base on core
 * `core` (dcpi_sched.c). Returns 0, -EINVAL (no decodable code) or -ENOMEM. */
int dcpi_proc_build(const uint8_t *code, size_t len, uint64_t base,
		    const struct core_config *core, struct dcpi_proc *out)
	__attribute__((warn_unused_result));

/* dcpi_proc_build that also resolves indirect jumps from the image (§6.1.1: "for indirect
 * jumps, we analyze the preceding instructions to try to determine the possible targets";
 * cfg_build_image): a jump table's entries, the procedure's address-taken labels for a
 * computed goto, the exit for a tail call through a pointer. A jump it cannot resolve leaves
 * the CFG missing edges. img NULL: dcpi_proc_build. */
int dcpi_proc_build_image(const uint8_t *code, size_t len, uint64_t base,
			  const struct core_config *core, const struct cfg_image *img,
			  struct dcpi_proc *out) __attribute__((warn_unused_result));

/* The instruction at addr, or DCPI_NONE. */
uint32_t dcpi_proc_insn_at(const struct dcpi_proc *p, uint64_t addr);

/* Event counts per instruction that bound the culprits (§6.3), each a count over the run
 * indexed like insns[] (NULL: the run has none): I-cache misses of the instruction's fetch,
 * D-cache and D-TLB misses of a load or store, mispredictions of a branch or jump. */
enum dcpi_event { DCPI_EV_IMISS, DCPI_EV_DMISS, DCPI_EV_DTLB, DCPI_EV_MISPREDICT, DCPI_EV_COUNT };
struct dcpi_events {
	const double *count[DCPI_EV_COUNT];
	/* events per sample behind count (0 or 1: exact counts); a count estimated from s
	 * samples of period N is off by about N·sqrt(s), which the floor keeps out of */
	double period[DCPI_EV_COUNT];
};

/* Event samples back to the instructions that caused them (dcpi_skid.c): a DCPI event
 * interrupt arrives six cycles after the event with the pc of the oldest unissued
 * instruction (§4.1.2), so a D-cache miss's sample sits on the consumer waiting for the load,
 * a mispredict's on the first instructions of the refetched target. samples[i] are the
 * samples on instruction i (indexed like insns[]); out[i] gets the events instruction i
 * caused, estimated as samples × period_events: I-cache misses stay where they are sampled
 * (the instruction waits at the head), a D-cache miss goes to the load or store the sampled
 * instruction depends on, else to the nearest earlier one of its block (the access itself
 * has left the head), else it is dropped; a D-TLB miss sampled on an access stays there (the
 * access waits at the head for the walk), else goes where a D-cache miss would;
 * a mispredict to the branch or jump ending its block, else shared evenly by the
 * conditional branches and indirect jumps ending the blocks that lead to it (dropped at the
 * entry or after a call: the branch is in another procedure). */
void dcpi_proc_unskid(const struct dcpi_proc *p, enum dcpi_event kind, const double *samples,
		      double period_events, double *out);

/* Frequency classes and estimates from the samples already in insns[].samples
 * (dcpi_freq.c). Returns 0 or -ENOMEM. */
int dcpi_proc_estimate(struct dcpi_proc *p) __attribute__((warn_unused_result));

/* dcpi_proc_estimate with the run's event counts (ev NULL or some counts NULL: none), the
 * samples period_cycles apart. An instruction has at most one event of a kind per execution,
 * so a class executes at least as often as its largest count (its floor; no estimate falls
 * below it), and an issue point whose stalling events (its own D-TLB and I-cache misses,
 * the D-cache misses of the load it waits for) reach half the floor stalls on most of the
 * executions the events prove: its ratio is left out of the clusters. A class whose every
 * issue point is left out so gets its floor (low confidence). Returns 0 or -ENOMEM. */
int dcpi_proc_estimate_events(struct dcpi_proc *p, const struct dcpi_events *ev,
			      double period_cycles) __attribute__((warn_unused_result));

/* Culprits of every instruction's dynamic stall (dcpi_culprit.c); needs the estimates.
 * ev (NULL, or some counts NULL) holds the run's event counts, the samples period_cycles
 * apart: a candidate whose events are absent, or too few to explain half a cycle per
 * execution even at their most expensive, is innocent. */
void dcpi_proc_culprits(struct dcpi_proc *p, const struct dcpi_events *ev, double period_cycles);

void dcpi_proc_free(struct dcpi_proc *p);

const char *dcpi_conf_name(enum dcpi_conf c);       /* "low", "medium", "high", "-" */
const char *dcpi_static_name(enum dcpi_static s);   /* "slotting", "dependency", ... */
const char *dcpi_cause_name(enum dcpi_cause c);     /* "I-cache miss", ... */
char dcpi_cause_letter(enum dcpi_cause c);          /* Figure 2's letters */
char dcpi_static_letter(enum dcpi_static s);        /* s, a (dependency), f, h */
/* The letters of a culprit set into buf (DCPI_CAUSE_COUNT + 1 bytes), "" when empty. */
void dcpi_culprit_letters(uint32_t culprits, char *buf);

#endif
