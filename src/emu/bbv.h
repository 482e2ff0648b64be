/*
 * bbv.h — basic-block vectors for SimPoint (`robin run --bbv FILE --bbv-interval N`): a
 * consumer of the emulator's block hook that counts, per interval of N instructions, how many
 * instructions each basic block executed, and writes the frequency-vector format SimPoint 3.2,
 * valgrind's exp-bbv and gem5 read (docs/robin-simpoint.md):
 *
 *     T:1:1204 :2:96 :7:4000
 *
 * one line per interval, ids from 1 in first-seen order, a block keyed by its first and last
 * PC. An interval ends at the first block end at or past N instructions; the excess counts
 * toward the next interval's length (not its vector), so interval i covers about
 * [i*N, (i+1)*N). A final partial interval is not written (as exp-bbv and gem5 do). The map
 * file names each block and each interval's exact start (see bbv_write_map).
 *
 * The emulator's fast loop runs (emu_priv.h block_hook) cover several basic blocks (they go
 * on past untaken branches): each distinct run (start pc, instructions) is split into its
 * basic blocks once, into a run record; a run that starts a basic block and ends no interval
 * then costs one record lookup and one counter increment, and the records' counts are folded
 * into the vector when an interval ends. Runs that continue a block the previous run left
 * open, or within which an interval ends, are accounted block by block (bbv_block_done), so
 * the vectors are the exact per-block ones.
 *
 * With the translator on, the translated code counts its runs itself (emu_block_counts): a run
 * that ends a basic block adds one to its own counter and is logged until this code says it
 * may be counted (block_hook_countable: its record made and resolved, which a run first seen
 * continuing an open block is not); the emulator says how many instructions the counted runs
 * took between the runs it logs (bbv_on_counted), keeps them short of the next possible
 * interval end (block_hook_stop: a block that could reach it runs interpreted, its run
 * reported) and logs the run that continues an open block (block_hook_open), and each fold
 * takes the counters over as pending executions. The vectors are the same; the run log and a
 * hook call per run are gone (docs/robin-run.md, "Counted runs").
 */
#ifndef ROBIN_EMU_BBV_H
#define ROBIN_EMU_BBV_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "emu/emu.h"

struct bbv_block {
	uint64_t start_pc, end_pc;
	uint64_t insns;            /* instructions in one execution of the block */
	uint64_t total;            /* instructions executed in it over the whole run */
};

#define BBV_CACHE_SIZE 4096

/* A distinct fast-loop run: n instructions from pc split into basic blocks. */
struct bbv_run {
	uint64_t pc, n;
	uint64_t first_end;        /* end pc of the first block the run closes */
	uint32_t first_len;        /* its instructions inside the run (0: the run closes none) */
	uint32_t first_id;         /* its id when it starts at pc, 0 = not yet known */
	uint32_t segs_at, n_segs;  /* the further blocks it closes: segs[segs_at ..] */
	uint32_t tail_len;         /* instructions after the last closed block (left open) */
	uint64_t tail_pc;          /* where they start */
	uint64_t next_pc;          /* the pc after the run's last instruction */
	uint64_t closed_insns;     /* instructions in the blocks it closes */
	uint64_t pending;          /* executions not yet folded into the vector */
	/* the run continuing an open block (cont_pc, cont_insns before it) the last time: the
	 * merged first block's id (0: not known), and such executions not yet folded */
	uint64_t cont_pc, cont_insns, cont_pending;
	uint32_t cont_id;
	int resolved;              /* all ids known: the fast path may count it */
};

/* A block a run closes after its first: key, instructions and id (0 = not yet known). */
struct bbv_seg {
	uint64_t start_pc, end_pc;
	uint32_t insns, id;
};

struct bbv {
	FILE *out;                 /* the T: lines, or NULL (intervals and blocks only) */
	uint64_t interval_insns;   /* N */
	uint64_t count;            /* instructions in the current interval (with carry) */
	uint64_t run_insns;        /* instruction count at the last block end */
	uint64_t interval_begin;   /* instruction count at which the current interval began */
	struct bbv_block *blocks;  /* id - 1 -> block */
	size_t n_blocks, cap_blocks;
	uint32_t *hash;            /* open addressing: id, 0 = empty */
	size_t hash_mask;
	uint64_t *counts;          /* id - 1 -> instructions in the current interval */
	uint32_t *touched;         /* ids with counts != 0 */
	size_t n_touched;
	struct { uint64_t start_pc, end_pc; uint32_t id; } cache[BBV_CACHE_SIZE];
	/* the run records (see above) */
	struct bbv_run *runs;      /* index + 1 is a record's id */
	size_t n_runs, cap_runs;
	uint32_t *run_hash;        /* open addressing on (pc, n): run id, 0 = empty */
	size_t run_hash_mask;
	struct bbv_seg *segs;      /* the blocks closed inside runs after their first */
	size_t n_segs, cap_segs;
	uint32_t *pending;         /* runs with uncounted executions */
	size_t n_pending, cap_pending;
	uint32_t *cont;            /* runs with uncounted executions continuing an open block */
	size_t n_cont, cap_cont;
	/* the runs seen last, by (pc, n): the record, and for one the fast path may count (it
	 * closes its blocks, all their ids known, none left open) its closed instructions and
	 * the executions counted here since the last fold (bbv_flush_slot moves them to the
	 * record: at an interval's end, and when another run takes the slot) */
	struct bbv_run_cache {
		uint64_t pc;
		uint32_t n, run;
		uint32_t closed;           /* 0: the general case counts this run */
		uint32_t cnt;
	} run_cache[BBV_CACHE_SIZE];
	/* the slots whose count went from 0 this interval (a fold visits those, not all of
	 * them: intervals may be a thousand instructions); dirty_all when more than fit */
	uint16_t dirty[BBV_CACHE_SIZE];
	uint32_t n_dirty;
	int dirty_all;
	uint64_t open_pc;          /* the basic block a run left open: its start */
	uint64_t open_insns;       /* and instructions so far (0: none open) */
	uint64_t open_next;        /* the pc after its last instruction so far */
	struct emu *emu;
	uint64_t *starts;          /* instruction count at which each written interval began */
	size_t n_intervals, cap_intervals;
	uint32_t *sort_tmp;        /* bbv_sort_touched's other buffer */
	size_t cap_sort_tmp;
	char *line;                /* the T: line being formatted (bbv_write_line) */
	size_t cap_line;
	int err;                   /* first error (-errno), sticky */
	/* called as interval `index` ends (NULL: not), e.g. the sampled memory signature */
	void (*interval_done)(void *ctx, size_t index);
	void *interval_ctx;
};

/* Start counting intervals of interval_insns on emulator e, writing T: lines to out (may be
 * NULL). Returns 0 or -errno. */
int bbv_init(struct bbv *b, struct emu *e, uint64_t interval_insns, FILE *out)
	__attribute__((warn_unused_result));

/* Detach from e (the partial last interval is dropped). Returns 0, or the first -errno met
 * (out of memory, a write error). */
int bbv_finish(struct bbv *b, struct emu *e) __attribute__((warn_unused_result));

/* Write the block-to-PC map: a header line, "B id start_pc end_pc insns executed" per block
 * and "I index start_insn length" per interval. Returns 0 or -errno. */
int bbv_write_map(const struct bbv *b, FILE *out) __attribute__((warn_unused_result));

void bbv_free(struct bbv *b);

#endif
