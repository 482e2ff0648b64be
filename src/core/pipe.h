/*
 * pipe.h — the state the pipeline stages share: the in-flight instruction ring and the
 * latches between stages (as index ranges of that ring), rename tables, issue queues, load
 * and store queues, and struct core itself. Every in-flight instruction lives in one slot of
 * one program-ordered ring from fetch to commit:
 *
 *   head ........ rob_tail ...... ren_tail ...... dec_tail ........ fetch_tail
 *   |  ROB (dispatched) | rename->dispatch | decode->rename | fetch buffer |
 *
 * so a squash is a truncation of the ring's tail and no stage copies instructions. Indices
 * are absolute (never wrap); the slot is index & ring_mask. Stages run back to front each
 * cycle: commit, resolve, issue, dispatch, rename, decode, fetch.
 */
#ifndef ROBIN_CORE_PIPE_H
#define ROBIN_CORE_PIPE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/bpred.h"
#include "core/config.h"
#include "core/core.h"
#include "core/memsys.h"
#include "core/probe.h"
#include "core/source.h"
#include "emu/emu.h"

enum core_iq_kind { CORE_IQ_INT, CORE_IQ_MEM, CORE_IQ_FP, CORE_IQ_COUNT };

/* The bytes of struct core_insn before retry_at: registers, kind and flags (fetch sets them
 * with one copy from core.kind). */
#define CORE_INSN_HEAD 32

/* One in-flight dynamic instruction: 256 bytes, 64-byte aligned. The first cache line holds
 * what rename, dispatch and issue test (registers, kind, flags, retry time), the record
 * follows; a control transfer's predictor checkpoint lives beside the ring (core.ckpt), so
 * the fetch of any other instruction does not write it. */
struct core_insn {
	_Alignas(64) uint16_t pdst;  /* physical destination; 0 = none */
	uint16_t old_pdst;           /* the mapping pdst replaced */
	uint16_t psrc[3];            /* physical sources; 0 = none or x0 (always ready) */
	uint16_t wait_preg;          /* a load waiting for an older store's data register, or 0 */
	uint16_t parked_preg;
	/* what the static instruction alone decides (fetch copies it from c->kind) */
	uint8_t  iq;                 /* enum core_iq_kind */
	uint8_t  is_ctrl, is_load, is_store, is_amo;
	uint8_t  at_head;            /* executes only at the ROB head (CSR, fence, AMO, ecall) */
	uint8_t  serializing;        /* dispatches into an empty ROB, younger wait for its commit */
	uint8_t  flush_after;        /* flushes the pipeline after it commits */
	uint8_t  mispredicted;       /* correct path: the front end predicted the wrong next PC */
	uint8_t  unresolved;         /* a control transfer counted against max_branches */
	uint8_t  issued;
	uint8_t  mo_violation;       /* load that must be refetched when it reaches the head */
	uint8_t  no_replay;          /* squashed for good (an excepting instruction) */
	uint8_t  sfb_shadow;         /* in an SFB shadow: reads its old destination (psrc[2]) */
	uint8_t  sfb_off;            /* ... predicated off (not an emulator record) */
	uint8_t  parked;             /* in its issue queue, waiting on parked_preg's producer */
	uint8_t  dyn_taken;          /* correct path: emu_dyn.taken */
	uint8_t  trapped;            /* correct path: emu_dyn.trapped (did not complete) */
	uint64_t retry_at;           /* a refused load issues again no earlier than this */
	uint64_t fwd_seq;            /* load: seq of the store it forwarded from, 0 = none */
	uint64_t sq_pos;             /* store: its absolute store-queue index */
	/* correct path: emu_dyn.next_pc (the other fields of the emulator's record are in rec;
	 * core_insn_dyn rebuilds it for the refetch of a squashed instruction) */
	uint64_t next_pc;
	struct probe_insn rec;       /* the public lifecycle record */
	uint64_t wait_prev, wait_next; /* ring indices in parked_preg's wait list */
};

/* Active issue queue entry: the ring index and the first cycle its operands (and a refused
 * load's retry) allow it to issue, as of its last look (a look recomputes it: a load's
 * store-data register may have been reallocated since). An entry whose producer has not
 * issued is parked instead (out-of-order issue; in-order issue keeps wake 0 here). */
struct core_iq_slot {
	uint64_t idx;
	uint64_t wake;
};

/* Issue queue: the active entries in age order (oldest first), plus `parked` entries that
 * wait for a producer that has not issued; they sleep in that register's wait list and come
 * back when it issues (an event-driven wakeup, so the cost of a cycle follows the active
 * entries, not the queue size). The active entries are scanned only in cycles >= next_look,
 * a lower bound of their wake times (0 = look next cycle), so a queue whose entries all wait
 * for results in flight costs nothing per cycle. */
struct core_iq {
	struct core_iq_slot *slot;
	uint32_t n, parked, cap, width;
	uint64_t next_look;
};

#define CORE_NO_WAITER UINT64_MAX

/* ---- the vector unit (vu.c; docs/vector.md) ---------------------------------------------- */
/* Its sequencers: each runs one instruction at a time, one element group (DLEN bits) per
 * cycle (iterative dividers: vdiv_cycles / vfdiv_cycles per group). */
enum core_vseq { CORE_VSEQ_LOAD, CORE_VSEQ_STORE, CORE_VSEQ_INT, CORE_VSEQ_FP, CORE_VSEQ_PERM,
                 CORE_VSEQ_COUNT };

/* What a vector instruction needs beyond struct core_insn, by ring slot (core.vx): its
 * emulator record's vector part, the vset it depends on, and what its issue changed in the
 * vector unit (restored when it is squashed). */
struct core_vinsn {
	uint32_t vl;                 /* correct path: emu_dyn.vl; wrong path 0 */
	uint8_t vsew;                /* SEW in bits (correct path), else 0 */
	uint8_t seq;                 /* enum core_vseq it ran on (issued) */
	uint8_t vd_n;                /* vector registers it wrote (issued): vd_base .. + vd_n - 1 */
	uint8_t vd_base;
	uint32_t groups;             /* element groups it processed (issued) */
	uint32_t vmem_n;             /* correct-path vector load/store: its byte ranges, kept in */
	const struct hart_vmem *vmem;/* the core's pool (core.vpool) until it commits */
	uint64_t vset_idx;           /* ring index + 1 of the youngest older vset, 0 = none */
	uint64_t old_seq_free;       /* undo: the sequencer's free time before it issued */
	uint64_t old_first[8], old_last[8]; /* undo: its registers' times before it issued */
};

/* The vector unit's statistics (--stats-json "vector"). */
struct core_vu_stats {
	uint64_t insns[ISA_CLASS_COUNT]; /* committed, by vector class */
	uint64_t elements;           /* committed element operations (sum of vl, vset* aside) */
	uint64_t groups;             /* committed element groups (sequencer occupancy, cycles) */
	uint64_t busy[CORE_VSEQ_COUNT]; /* cycles each sequencer was occupied (issued insns) */
	uint64_t wait_seq;           /* cycles vector instructions waited for a busy sequencer */
	uint64_t wait_operand;       /* cycles they waited for vector operands (chaining) */
	uint64_t vmem_accesses, vmem_misses; /* committed vector loads/stores: line accesses,
	                                L1D misses among them */
	uint64_t stall_vq, stall_vldq, stall_vstq; /* cycles dispatch waited on a full queue */
};

/* The vector unit: the in-order vector issue queue (ring indices), its sequencers, and the
 * scoreboard of the 32 architectural vector registers (the vector unit is in order, as
 * Saturn's: no vector renaming): when each register's first and last element group is
 * written by its latest writer. */
struct core_vu {
	uint64_t *q;                 /* vq_entries ring indices, program order */
	uint32_t q_cap;
	uint64_t q_head, q_tail;
	uint32_t n_vld, n_vst;       /* vector loads / stores dispatched, not yet committed */
	uint64_t last_vset;          /* ring index + 1 of the youngest renamed vset, 0 = none */
	uint64_t seq_free[CORE_VSEQ_COUNT]; /* first cycle each sequencer takes a new insn */
	uint64_t reg_first[32], reg_last[32];
	uint32_t dlen_bytes, vlenb;
	uint8_t *op_kind;            /* by isa_op: VU_OP_* bits (vu.c) */
	struct core_vu_stats st;
};

/* Store queue entry: lives from dispatch until its committed write reached the L1D. */
struct core_sq_entry {
	uint64_t idx;                /* ring index while in flight (until commit) */
	uint64_t seq;
	uint64_t addr;
	uint64_t done;               /* committed: cycle its write completes, 0 = not started */
	uint64_t fetch_cycle;        /* its emu_cycle (other cores' loads see its value from
	                                then on: lsu_remote_store) */
	uint64_t emu_addr;           /* the address it writes, known since then */
	uint8_t  size;
	uint8_t  wrong_path;         /* never written: the emulator did not execute it */
	uint8_t  addr_valid;
	uint8_t  committed;
};

struct core {
	struct core_config cfg;
	struct core_source src;
	struct memsys mem;
	struct bpred bp;
	uint64_t now;

	/* the ring and the stage boundaries */
	struct core_insn *ring;
	struct bpred_ckpt *ckpt;     /* by ring slot: control transfers' predictor checkpoints */
	uint64_t ring_mask;
	uint64_t head, rob_tail, ren_tail, dec_tail, fetch_tail;
	uint64_t next_seq;

	/* correct-path records squashed after fetch, fetched again before new ones */
	struct emu_dyn *replay;
	uint64_t *replay_emu_cycle;  /* per replay slot: its record's emu cycle (below) */
	/* per ring slot, beside the ring as ckpt is: a correct-path instruction's emu cycle,
	 * when the emulator executed it (its first fetch; a refetch keeps it) -- from then on
	 * other cores' loads read what it stored (lsu_remote_store) */
	uint64_t *emu_cycle;
	uint64_t replay_mask, replay_head, replay_tail;
	int src_done;
	int src_wait;                /* the source said SOURCE_WAIT: fetch asks again each cycle */

	/* fetch */
	/* the first CORE_INSN_HEAD bytes of a fetched core_insn (registers and flags 0, iq ..
	 * flush_after set) by class and flag bits */
	_Alignas(16) unsigned char kind[ISA_CLASS_COUNT][4][CORE_INSN_HEAD];
	uint64_t fetch_pc;
	int fetch_wrong_path;
	uint64_t wrong_path_anchor;  /* path_seq of the mispredicted transfer */
	uint32_t wrong_path_ctx;     /* its calling context (probe_insn.ctx) */
	int fetch_hold;              /* after a correct-path ecall, until it commits */
	/* several cores: fetch waits for the load at ring index fetch_barrier_idx (its seq
	 * fetch_barrier_seq) to complete, as it read another core's store not yet written
	 * (lsu_remote_pending): the emulator must not run the thread on with that value before
	 * its core could have it */
	int fetch_barrier;
	uint64_t fetch_barrier_idx, fetch_barrier_seq;
	/* several cores: correct-path stores fetched and not yet written, counted per 64-byte
	 * granule, its address modulo 256 (core_remote_count): another core's load
	 * looks into this core's queues only when its granule's count is not 0 */
	uint16_t remote_stores[256];
	uint64_t sfb_start, sfb_end; /* the shadow of the SFB being fetched (0: none); in it
	                                fetch makes predicated-off ops while sfb_taken */
	uint64_t sfb_anchor;         /* that SFB's emulator seq (the shadow's path_seq) */
	int sfb_taken;
	int fetch_dead;              /* wrong path ran into an unmapped/illegal PC */
	uint64_t fetch_stall_until;
	enum probe_cause fetch_stall_cause;
	uint32_t fetch_events;       /* events for the next fetched instruction */
	uint64_t fetch_wait_since;   /* + 1: the cycle fetch began waiting on the I-TLB /
	                                I-cache, 0 = not waiting */
	uint64_t charge_cycles;      /* core_charge_cycles: taken at the next commit */
	uint64_t fetch_line, fetch_page;  /* + 1; 0 = none */

	/* rename */
	uint16_t map[256];           /* by isa register number; [64..255] stay 0 (none) */
	uint16_t *free_int, *free_fp;
	uint32_t n_free_int, n_free_fp;
	uint64_t *preg_ready;        /* cycle each physical register's value is available */
	uint32_t branches_inflight;

	/* dispatch */
	uint32_t serial_in_rob;
	enum probe_cause dispatch_block; /* this cycle: PROBE_DRAIN_SQ_FULL / _SERIALIZE / 0 */
	uint64_t *rename_stall, *dispatch_stall; /* the stall counter bumped this cycle, or NULL */

	/* issue */
	struct core_iq iq[CORE_IQ_COUNT];
	uint64_t *div_free, *fdiv_free; /* cycle each unpipelined unit is free */
	uint32_t exec_cycles[ISA_CLASS_COUNT], ecall_exec_cycles; /* latencies by class */
	uint64_t inorder_next;       /* in-order issue: oldest dispatched index not yet issued */
	uint64_t *wait_head;         /* per physical register: first parked waiter (ring index) */
	uint64_t *woken;             /* waiters woken this cycle, re-queued at the end of issue */
	uint32_t n_woken;

	/* load/store queues */
	uint64_t *lq;                /* ring indices, program order (lq_mask + 1 slots) */
	uint32_t lq_cap;             /* its capacity (ldq_entries) */
	uint64_t lq_head, lq_tail;
	struct core_sq_entry *sq;    /* sq_mask + 1 slots */
	uint32_t sq_cap;             /* its capacity (stq_entries) */
	/* the queues' storage is a power of two >= the capacity, so that an absolute position
	 * finds its slot with a mask (a division by the capacity cost more than the search) */
	uint64_t lq_mask, sq_mask;
	uint64_t sq_head, sq_tail, sq_commit; /* [sq_head, sq_commit) committed */
	uint64_t sq_write;           /* [sq_head, sq_write) committed and writing */
	uint64_t sq_retry_at;        /* the next committed store waits for an MSHR until then */
	/* store-queue entries whose address is known (addr_valid), counted per 64-byte granule
	 * of it, the granule modulo 256 (core_granule_count): a load searches the queue only
	 * when one of its granules' counts is not 0 (a zero count: no store it could overlap) */
	uint16_t sq_granules[256];

	/* branch resolution: at most one correct-path misprediction is in flight */
	int mp_pending;
	uint64_t mp_idx;

	/* commit */
	enum probe_cause flush_state;    /* ROB empty since this flush (until the next dispatch) */
	struct probe_insn flush_rec;     /* the instruction responsible for flush_state */
	const struct probe_insn *last_committed;
	uint64_t last_commit_cycle;
	int finished;
	/* sampled simulation (warm.c) */
	uint64_t cycle_base;         /* statistics count cycles from here (core_warm_done) */
	uint64_t warm_line, warm_page; /* last I-cache line / page warmed, + 1 */
	int warm_clock_only;         /* core_warm keeps the clock alone (core_warm_clock_only) */
	uint64_t warm_trace_bad;     /* core_warm_trace was out of step there (pc | 1), or 0 */
	uint64_t warm_br_pc;         /* core_warm_trace: a branch whose outcome the next */
	const struct isa_insn *warm_br_in; /* instruction gives (NULL: none) */
	struct isa_insn warm_br_insn;    /* core_warm_trace: its decoding (warm_br_in points here:
	                                    the trace's events outlive no batch) */
	uint64_t warm_dline, warm_dslot; /* the line the last warmed data access used (+ 1, 0:
	                                    none) and its L1D slot (warm.c, warm_data) */
	unsigned last_slot;              /* cycle-stack slot of the last simulated cycle */
	struct probe_cycle view;

	/* probes: the attached consumers, and per hook the ones that have it */
	struct probe_consumer consumers[CORE_MAX_CONSUMERS];
	uint32_t nconsumers;
	uint32_t n_on_cycle, n_on_insn;
	struct probe_consumer on_cycle[CORE_MAX_CONSUMERS], on_insn[CORE_MAX_CONSUMERS];
	uint32_t n_on_fetch;
	struct probe_consumer on_fetch[CORE_MAX_CONSUMERS];

	/* the vector unit; vx: by ring slot; vpool: the byte ranges of the correct-path vector
	 * loads and stores read from the source and not yet committed, in program order (a ring
	 * of vpool_cap, allocated at the first one) */
	struct core_vu vu;
	struct core_vinsn *vx;
	struct hart_vmem *vpool;
	uint64_t vpool_cap, vpool_head, vpool_tail;

	/* progress */
	void (*progress)(void *ctx, const struct core *c);
	void *progress_ctx;
	uint64_t progress_interval, progress_next;

	FILE *diag;
	int error;                   /* -errno from a stage; ends the run */
	struct core_stats st;
};

static inline struct core_insn *core_at(const struct core *c, uint64_t idx)
{
	return &c->ring[idx & c->ring_mask];
}

/* The emulator's record of a correct-path instruction e, as fetch received it. */
static inline void core_insn_dyn(const struct core_insn *e, struct emu_dyn *d)
{
	d->seq = e->rec.path_seq;
	d->pc = e->rec.pc;
	d->insn = e->rec.insn;
	d->next_pc = e->next_pc;
	d->mem_addr = e->rec.mem_addr;
	d->mem_value = e->rec.mem_value;
	d->mem_size = e->rec.mem_size;
	d->taken = e->dyn_taken;
	d->trapped = e->trapped;
	d->ctx = e->rec.ctx;
	d->vl = 0;
	d->vsew = 0;
	d->vmem_n = 0;
	d->vmem = NULL;
}

_Static_assert(offsetof(struct core_insn, retry_at) == CORE_INSN_HEAD,
               "core_insn: registers, kind and flags are the first CORE_INSN_HEAD bytes");
_Static_assert(sizeof(struct core_insn) == 256 && offsetof(struct core_insn, rec) == 64,
               "core_insn: one line of stage fields, then the record, 256 bytes in all");

/* Several cores: add delta to the count of stores in flight (struct core.remote_stores) of
 * the granules the size bytes at addr touch. */
static inline void core_granule_count(uint16_t *tab, uint64_t addr, uint32_t size, int delta)
{
	uint64_t first = addr >> 6, last = (addr + (size ? size : 8) - 1) >> 6;
	tab[first & 255] = (uint16_t)(tab[first & 255] + delta);
	if (last != first)
		tab[last & 255] = (uint16_t)(tab[last & 255] + delta);
}

static inline void core_remote_count(struct core *c, uint64_t addr, uint32_t size, int delta)
{
	core_granule_count(c->remote_stores, addr, size, delta);
}

/* Can a store-queue entry with a known address overlap the size bytes at addr (a count of
 * c->sq_granules is not 0)? */
static inline int core_sq_may_hold(const struct core *c, uint64_t addr, uint32_t size)
{
	uint64_t first = addr >> 6, last = (addr + size - 1) >> 6;
	return c->sq_granules[first & 255] || c->sq_granules[last & 255];
}

/* The load queue's entry at absolute position i, and the store queue's. */
static inline uint64_t *core_lq_at(const struct core *c, uint64_t i)
{
	return &c->lq[i & c->lq_mask];
}

static inline struct core_sq_entry *core_sq_at(const struct core *c, uint64_t i)
{
	return &c->sq[i & c->sq_mask];
}

/* The emu cycle of the instruction in ring slot e (struct core.emu_cycle). */
static inline uint64_t *core_emu_cycle(const struct core *c, const struct core_insn *e)
{
	return &c->emu_cycle[e - c->ring];
}

/* The predictor checkpoint of the control transfer at ring index idx. */
static inline struct bpred_ckpt *core_ckpt(const struct core *c, uint64_t idx)
{
	return &c->ckpt[idx & c->ring_mask];
}

/* ---- stages (each returns nonzero when it made progress this cycle) --------------------- */
/* Fill c->kind (at creation). */
void fetch_init_kinds(struct core *c);
int commit_stage(struct core *c);
void commit_build_view(struct core *c, uint32_t n_valid, uint32_t n_commit);
int resolve_stage(struct core *c);
int issue_stage(struct core *c);
int dispatch_stage(struct core *c);
int rename_stage(struct core *c);
int decode_stage(struct core *c);
int fetch_stage(struct core *c);
int lsu_drain_stage(struct core *c);

/* The earliest future cycle at which something can change when no stage made progress this
 * cycle (PROBE_NEVER if nothing is pending: a deadlock). */
uint64_t issue_next_event(const struct core *c);

/* LSU operations used by issue and commit. Loads return 0 when issued (completion time set),
 * -EAGAIN when they must retry later. */
int lsu_issue_load(struct core *c, struct core_insn *e, uint64_t idx);
void lsu_issue_store(struct core *c, struct core_insn *e, uint64_t idx);
/* A software prefetch (ISA_F_PREFETCH) issued: fetch the line of e->rec.mem_addr into the
 * L1D without waiting for it; dropped on a D-TLB miss or when no MSHR is free. */
void lsu_prefetch(struct core *c, struct core_insn *e);
/* Several cores: does the correct-path load e (just fetched) read bytes that another core's
 * store, executed by the emulator before it, has not yet written to its L1D? Then the
 * emulator gave it a value its core cannot have yet (fetch waits for it: fetch.c). */
int lsu_remote_pending(struct core *c, const struct core_insn *e);
void lsu_commit(struct core *c, struct core_insn *e);

/* issue_enqueue (core/issue_queue.h) puts a dispatched instruction into its issue queue. */
/* Remove a squashed parked instruction from its wait list. */
void issue_unpark(struct core *c, struct core_insn *e);
void issue_wake_waiters(struct core *c, uint16_t p);

/* A physical register's value becomes available at cycle t: wake what waits on it. */
static inline void core_preg_set(struct core *c, uint16_t p, uint64_t t)
{
	c->preg_ready[p] = t;
	if (c->wait_head[p] != CORE_NO_WAITER)
		issue_wake_waiters(c, p);
}

/* ---- core.c services -------------------------------------------------------------------- */
/* Squash every instruction at ring index >= from (youngest first): undo renames, drop queue
 * entries, restore predictor state, publish their records, keep correct-path records for
 * refetch. */
void core_squash(struct core *c, uint64_t from);
/* Point fetch at the correct path again, fetching after redirect_cycles: at the PC of the
 * next correct-path record (pc when the stream has ended). */
void core_redirect(struct core *c, uint64_t pc);
/* Publish one lifecycle record to every consumer with on_insn (callers test c->n_on_insn). */
void core_publish_insn(struct core *c, const struct probe_insn *rec);
/* Publish c->view to every consumer with on_cycle (callers test c->n_on_cycle). */
void core_publish_cycle(struct core *c);
/* Stop the run with an error message (first error wins). */
void core_fail(struct core *c, int err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* ---- the vector unit (vu.c) ------------------------------------------------------------- */
/* Allocate its queue (at creation). Returns 0 or -ENOMEM. */
int vu_init(struct core *c);
void vu_fini(struct core *c);
/* A correct-path record just read from the source: its vector ranges move into the core's
 * pool (d->vmem then points there). Returns 0, or -ENOMEM. */
int vu_take_record(struct core *c, struct emu_dyn *d);
/* Is there room in the pool for two more records' ranges (fetch reads no record without)? */
int vu_pool_room(const struct core *c);
/* fetch: the vector part of record d (NULL on the wrong path) for the instruction at ring
 * index idx; core_insn_dyn's inverse for a refetch. */
void vu_fetch(struct core *c, uint64_t idx, const struct emu_dyn *d);
void vu_insn_dyn(const struct core *c, const struct core_insn *e, struct emu_dyn *d);
/* dispatch: 1 when a vector queue lacks room (dispatch stalls), else enqueued (0). */
int vu_dispatch(struct core *c, struct core_insn *e, uint64_t idx);
/* issue: the vector queue's oldest entries, in order; 1 when one entered its sequencer. */
int vu_issue(struct core *c);
/* in-order issue: e (at ring index idx) if it is the queue's oldest and can go: 1 = issued. */
int vu_issue_one(struct core *c, struct core_insn *e, uint64_t idx);
/* The first cycle the queue's oldest entry may enter its sequencer (PROBE_NEVER: unknown). */
uint64_t vu_next_event(const struct core *c);
/* commit of vector instruction e at ring index idx (counts, queue entries, pool). */
void vu_commit(struct core *c, struct core_insn *e, uint64_t idx);
/* squash of ring indices >= from (youngest first: called for each squashed renamed vector
 * instruction with idx, then vu_squash_done). */
void vu_squash_one(struct core *c, struct core_insn *e, uint64_t idx);
void vu_squash_done(struct core *c, uint64_t from);

/* Fill the latency table (at creation). */
void issue_init_latencies(struct core *c);

/* Latency of a non-memory instruction class. */
static inline uint32_t core_exec_cycles(const struct core *c, const struct isa_insn *in)
{
	if (in->cls == ISA_CLASS_SYSTEM && (in->flags & ISA_F_ECALL))
		return c->ecall_exec_cycles;
	return c->exec_cycles[in->cls];
}

#endif
