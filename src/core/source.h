/*
 * source.h — where the timing model gets its instructions: a stream of committed
 * correct-path records (struct emu_dyn) plus, for wrong-path fetch, the decoded instruction at
 * any PC and an approximate register value. Two implementations: the emulator
 * (source_emu.c) and a synthetic/trace array for unit tests (source_trace.c), so the core
 * never depends on how the records are produced (style.md §4).
 */
#ifndef ROBIN_CORE_SOURCE_H
#define ROBIN_CORE_SOURCE_H

#include <stddef.h>
#include <stdint.h>

#include "emu/callstack.h"
#include "emu/emu.h"
#include "isa/isa.h"

#define SOURCE_WAIT 2

struct core_source {
	void *ctx;
	/* The next correct-path instruction: 1 = *out filled, 0 = the stream ended (program
	 * exited, faulted or hit its limit; see the implementation), SOURCE_WAIT = nothing now,
	 * ask again later (a core whose guest threads all wait), -errno on error. A record with
	 * out->trapped set is the last one: the instruction did not complete. After an ecall, a
	 * trapped record or SOURCE_WAIT the next record may be at any PC (another thread's): the
	 * front end goes there. */
	int (*next)(void *ctx, struct emu_dyn *out);
	/* The decoded instruction at pc for wrong-path fetch, NULL if there is none. */
	const struct isa_insn *(*decode_at)(void *ctx, uint64_t pc);
	/* An architectural register value (0..31 x, 32..63 f) for wrong-path address estimates. */
	uint64_t (*reg)(void *ctx, unsigned reg);
};

/* ---- the emulator as a source ---------------------------------------------------------- */
struct source_emu {
	struct emu *emu;
	uint64_t max_insns;        /* stop after this many records (0 = no limit) */
	uint64_t produced;
	enum emu_status status;    /* EMU_RUNNING until the stream ends, then why it ended */
	struct callstack *calls;   /* NULL, or the shadow stack that sets each record's ctx
	                              (set after source_emu_init; costs nothing when NULL) */
};

/* A source reading the loaded emulator e; the stream ends when the guest exits or faults, or
 * after max_insns records. */
void source_emu_init(struct source_emu *s, struct emu *e, uint64_t max_insns,
                     struct core_source *out);

/* ---- a synthetic instruction stream (unit tests, traces) ------------------------------- */
struct source_trace {
	const struct emu_dyn *recs;  /* the correct path, in order */
	size_t n, pos;
	/* optional static code for wrong-path fetch: insns[i] lives at code_base + 4*i */
	const struct isa_insn *code;
	size_t code_n;
	uint64_t code_base;
	uint64_t regs[64];
};

/* A source replaying recs[0..n) (seq numbers are taken from the records). */
void source_trace_init(struct source_trace *t, const struct emu_dyn *recs, size_t n,
                       struct core_source *out);

#endif
