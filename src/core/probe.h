/*
 * probe.h — what the timing model publishes to profilers (the probe contract of
 * architecture.md): a per-cycle commit view and one lifecycle record per dynamic instruction,
 * correct or wrong path. Consumers attach a struct probe_consumer (NULL hooks = not
 * interested); any number may attach, all see the very same cycles. With none attached (or
 * none with a given hook) the core pays one predictable branch per cycle and per instruction.
 */
#ifndef ROBIN_CORE_PROBE_H
#define ROBIN_CORE_PROBE_H

#include <stdint.h>

#include "isa/isa.h"

#define PROBE_NEVER UINT64_MAX     /* a timestamp the instruction never reached */
#define PROBE_MAX_WIDTH 16         /* largest commit width (config.def bounds commit_width) */

/* Events an instruction met (struct probe_insn.events), Table B.1 of 004 plus a few more. */
#define PROBE_EV_ICACHE_MISS (1u << 0)  /* DR-L1: its fetch missed in the L1 I-cache */
#define PROBE_EV_ITLB_MISS   (1u << 1)  /* DR-TLB: its fetch missed in the L1 I-TLB */
#define PROBE_EV_SQ_FULL     (1u << 2)  /* DR-SQ: a store that waited at dispatch on a full SQ */
#define PROBE_EV_MISPREDICT  (1u << 3)  /* FL-MB: mispredicted branch or jump (direction/target) */
#define PROBE_EV_EXCEPTION   (1u << 4)  /* FL-EX: raised an exception (fault, ebreak) */
#define PROBE_EV_MEM_ORDER   (1u << 5)  /* FL-MO: a load that ran before an older aliasing store */
#define PROBE_EV_DCACHE_MISS (1u << 6)  /* ST-L1: load/store/AMO missed in the L1 D-cache */
#define PROBE_EV_DTLB_MISS   (1u << 7)  /* ST-TLB: missed in the L1 D-TLB */
#define PROBE_EV_LLC_MISS    (1u << 8)  /* ST-LLC: a load that missed in the LLC (served by DRAM) */
#define PROBE_EV_L2_MISS     (1u << 9)  /* missed in the L2 (when there is one) */
#define PROBE_EV_STLF        (1u << 10) /* a load served by store-to-load forwarding */
#define PROBE_EV_FLUSH       (1u << 11) /* its commit flushed the pipeline (fflags/frm/fcsr
                                           write, fence.i, ecall) */
#define PROBE_EV_BTB_MISS    (1u << 12) /* a taken control transfer whose target the BTB lacked */
#define PROBE_EV_SERIALIZED  (1u << 13) /* waited at dispatch for the ROB to drain */
#define PROBE_EV_SFB         (1u << 14) /* a short forward branch turned into a flag-setting op
                                           (config sfb): never predicted, never flushes */
#define PROBE_EV_PREDICATED_OFF (1u << 15) /* in the shadow of a taken short forward branch:
                                           fetched, executed and committed as a no-op (its
                                           path_seq is the branch's) */
#define PROBE_EV_DTLB_WALK   (1u << 16) /* its D-TLB miss also missed the L2 TLB (a page walk) */
#define PROBE_EV_ITLB_WALK   (1u << 17) /* its I-TLB miss also missed the L2 TLB (a page walk) */
#define PROBE_EV_VU_STALL    (1u << 18) /* a vector instruction that waited for a vector
                                           sequencer an older vector instruction occupied
                                           (a structural stall of the vector unit, TEA's ST-VU) */

/* Where a load's data came from (struct probe_insn.serve_level; a vector load or store: the
 * farthest level that served one of its line accesses). */
enum probe_level {
	PROBE_LEVEL_NONE = 0, PROBE_LEVEL_STLF, PROBE_LEVEL_L1, PROBE_LEVEL_L2, PROBE_LEVEL_LLC,
	PROBE_LEVEL_DRAM
};

/* Why the pipeline was flushed or the ROB drained: the parts of the commit-stage cycle stack
 * that are not "computing" or "stalled". */
enum probe_cause {
	PROBE_CAUSE_NONE = 0,
	PROBE_FLUSH_BRANCH,     /* mispredicted conditional branch */
	PROBE_FLUSH_JUMP,       /* mispredicted jalr (or jal) target */
	PROBE_FLUSH_MEM_ORDER,  /* memory-ordering violation: the load and all younger refetched */
	PROBE_FLUSH_SERIALIZE,  /* fflags/frm/fcsr write or fence.i committed */
	PROBE_FLUSH_ECALL,      /* ecall committed; the kernel returns to the next instruction */
	PROBE_FLUSH_EXCEPTION,  /* the instruction at the head raised an exception */
	PROBE_DRAIN_ICACHE,     /* front end waits on an I-cache miss */
	PROBE_DRAIN_ITLB,       /* front end waits on an I-TLB miss / page walk */
	PROBE_DRAIN_SQ_FULL,    /* dispatch waits on a full store queue */
	PROBE_DRAIN_SERIALIZE,  /* dispatch waits for a serialising instruction (CSR, fence, ecall) */
	PROBE_DRAIN_FRONTEND,   /* front-end latency and bandwidth (refill, taken branches, BTB) */
	PROBE_CAUSE_COUNT
};
#define PROBE_CAUSE_IS_FLUSH(c) ((c) >= PROBE_FLUSH_BRANCH && (c) <= PROBE_FLUSH_EXCEPTION)

/* The commit state of a cycle (TIP's four states). */
enum probe_state { PROBE_COMPUTING, PROBE_STALLED, PROBE_FLUSHED, PROBE_DRAINED };

/* The lifecycle of one dynamic instruction, delivered once when it commits or is squashed.
 * The pointer is valid only during the callback (the core reuses its storage). */
struct probe_insn {
	uint64_t seq;        /* fetch order, unique over correct and wrong path */
	uint64_t path_seq;   /* correct path: the emulator's instruction number (0-based, as
	                        `robin run` counts); wrong path: that of the branch it follows */
	uint64_t pc;
	const struct isa_insn *insn;
	/* timestamps (cycles), PROBE_NEVER where not reached */
	uint64_t t_fetch, t_decode, t_rename, t_dispatch, t_ready, t_issue, t_complete;
	uint64_t t_end;      /* the cycle it committed (committed = 1) or was squashed */
	uint64_t mem_addr;   /* effective address (wrong path: approximated), else 0 */
	uint64_t mem_value;  /* correct path: the bytes at mem_addr after the access (a load's
	                        loaded, a store's stored value; emu_dyn.mem_value), else 0 */
	uint64_t target;     /* control transfer: the next PC it leads to (correct path: actual,
	                        wrong path: predicted) */
	uint64_t pred_target;/* control transfer: the next PC the front end predicted */
	uint64_t ghist;      /* global branch history before its prediction (newest in bit 0) */
	uint32_t events;     /* PROBE_EV_* */
	uint32_t load_cycles;/* load: cycles from cache access to data (0 if none) */
	uint32_t tlb_refill_cycles; /* D-TLB miss: cycles from the miss to the translation
	                        (L2 TLB hit or page walk), else 0 */
	uint32_t fetch_lat_cycles;  /* the first instruction fetched after the front end waited
	                        on the I-TLB / I-cache: the cycles it waited, else 0 */
	uint8_t  mem_size;
	uint8_t  wrong_path;
	uint8_t  committed;
	uint8_t  taken;      /* control transfer taken (correct path: actual) */
	uint8_t  serve_level;/* enum probe_level for loads */
	uint8_t  flush_cause;/* enum probe_cause this instruction caused, or 0 */
	uint32_t ctx;        /* calling context (emu/callstack.h node) it ran in; wrong path:
	                        that of the transfer it follows; 0 when nobody tracks stacks */
	/* vector instructions (ISA_CLASS_IS_V): the elements it ran over (vl; vset*: the vl it
	 * set; 0 on the wrong path, where vl is unknown), and for vector loads and stores the
	 * line accesses it made and how many of them missed in the L1D (events and serve_level
	 * say how far they went); 0 for every other instruction */
	uint32_t vl;
	uint16_t vmem_accesses, vmem_misses;
};

/* The commit stage in one cycle, delivered after commit ran. If ncycles > 1 the view stands
 * for that many identical cycles starting at `cycle` (the core skipped idle cycles). */
struct probe_cycle {
	uint64_t cycle;
	uint64_t ncycles;
	uint32_t width;              /* commit width: entries in head[] */
	uint32_t n_valid;            /* ROB entries present at the head (before commit) */
	uint32_t n_commit;           /* of which committed this cycle (the first n_commit) */
	enum probe_state state;
	enum probe_cause empty_cause;/* ROB empty: why (flush cause or drain cause) */
	uint8_t stall_class;         /* stalled: enum isa_class of head[0] */
	/* The oldest ROB entries, head[0] the oldest, head[i] NULL for i >= n_valid. Entries
	 * that committed this cycle are still readable here. */
	const struct probe_insn *head[PROBE_MAX_WIDTH];
	const struct probe_insn *last_committed; /* NULL before the first commit */
	uint8_t last_flushed;        /* the last committed instruction flushed the pipeline */
	/* The instruction responsible for the current flush (the last committed one, or for a
	 * memory-ordering violation the load that was refetched), NULL when not flushed. */
	const struct probe_insn *flush_insn;
};

/* A probe consumer: a profiler model, a tracer, the pipeline viewer. The core calls only
 * the hooks a consumer set, and builds the parts of the commit view that only consumers read
 * only when some consumer has on_cycle. */
struct probe_consumer {
	void *ctx;
	void (*on_cycle)(void *ctx, const struct probe_cycle *view);
	void (*on_insn)(void *ctx, const struct probe_insn *rec);
	/* Optional: the front end fetched n >= 1 instructions in `cycle` (counted from the
	 * statistics' cycle 0), fetch numbers first_seq..first_seq+n-1 (probe_insn.seq); their
	 * records follow later through on_insn. Cycles without a call fetched nothing. */
	void (*on_fetch)(void *ctx, uint64_t cycle, uint64_t first_seq, uint32_t n);
	/* Optional (NULL = always): on_insn is called only while *insn_demand is nonzero, for
	 * a consumer that wants lifecycle records only at times (a sample waiting for its
	 * instruction). Records published while it is zero are not delivered later. */
	const uint32_t *insn_demand;
};

const char *probe_cause_name(enum probe_cause c);  /* "branch", "icache", ... */
const char *probe_state_name(enum probe_state s);  /* "computing", ... */
const char *probe_level_name(enum probe_level l);  /* "l1", "dram", ... */

#endif
