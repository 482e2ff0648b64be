/*
 * core_synth.h — synthetic instruction streams for the core's unit tests: hand-built decoded
 * instructions at consecutive PCs (no decoder needed) and a recorder that produces the
 * correct-path records the emulator would (struct emu_dyn), fed through source_trace.
 */
#ifndef ROBIN_TESTS_CORE_SYNTH_H
#define ROBIN_TESTS_CORE_SYNTH_H

#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "core/source.h"

#define SYNTH_BASE 0x10000ull
#define SYNTH_MAX_CODE 512

struct synth {
	struct isa_insn code[SYNTH_MAX_CODE];
	size_t ncode;
	struct emu_dyn *recs;
	size_t n, cap;
	struct source_trace trace;
	struct core_source src;
};

static inline uint64_t synth_pc(size_t i)
{
	return SYNTH_BASE + 4 * i;
}

/* Append a static instruction; returns its index. */
static inline size_t synth_insn(struct synth *s, uint8_t cls, uint8_t rd, uint8_t rs1, uint8_t rs2,
                                int64_t imm, uint32_t flags, uint8_t size)
{
	struct isa_insn *in = &s->code[s->ncode];
	memset(in, 0, sizeof(*in));
	in->cls = cls;
	in->len = 4;
	in->rd = rd;
	in->rs1 = rs1;
	in->rs2 = rs2;
	in->rs3 = ISA_REG_NONE;
	in->imm = imm;
	in->flags = flags;
	in->size = size;
	return s->ncode++;
}

#define N ISA_REG_NONE
static inline size_t synth_alu(struct synth *s, uint8_t rd, uint8_t rs1, uint8_t rs2)
{
	return synth_insn(s, ISA_CLASS_ALU, rd, rs1, rs2, 0, 0, 0);
}
static inline size_t synth_branch(struct synth *s, uint8_t rs1, uint8_t rs2, int64_t off)
{
	return synth_insn(s, ISA_CLASS_BRANCH, N, rs1, rs2, off, ISA_F_COND, 0);
}
static inline size_t synth_load(struct synth *s, uint8_t rd, uint8_t rs1)
{
	return synth_insn(s, ISA_CLASS_LOAD, rd, rs1, N, 0, 0, 8);
}
static inline size_t synth_store(struct synth *s, uint8_t rs2, uint8_t rs1)
{
	return synth_insn(s, ISA_CLASS_STORE, N, rs1, rs2, 0, 0, 8);
}
#undef N

/* xorshift64: the tests' reproducible random outcomes (*state nonzero). */
static inline uint64_t synth_rng(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

/* Record one dynamic execution of static instruction i. */
static inline void synth_exec(struct synth *s, size_t i, uint64_t next_pc, uint64_t mem_addr,
                              int taken)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 1024;
		s->recs = realloc(s->recs, s->cap * sizeof(*s->recs));
	}
	struct emu_dyn *d = &s->recs[s->n];
	memset(d, 0, sizeof(*d));
	d->seq = s->n;
	d->pc = synth_pc(i);
	d->insn = &s->code[i];
	d->next_pc = next_pc;
	d->mem_addr = mem_addr;
	d->mem_size = s->code[i].size;
	d->taken = (uint8_t)taken;
	s->n++;
}

/* Run the body [first, last] `iters` times; the last instruction must be a backward
 * branch to `first` (taken on all but the last iteration). addr(iter, i) gives memory
 * addresses (may be NULL). */
static inline void synth_loop(struct synth *s, size_t first, size_t last, size_t iters,
                              uint64_t (*addr)(size_t iter, size_t i))
{
	for (size_t it = 0; it < iters; it++)
		for (size_t i = first; i <= last; i++) {
			uint64_t a = (s->code[i].size && addr) ? addr(it, i) : 0;
			if (i == last) {
				int taken = it + 1 < iters;
				synth_exec(s, i, taken ? synth_pc(first) : synth_pc(i + 1), 0, taken);
			} else {
				synth_exec(s, i, synth_pc(i + 1), a, 0);
			}
		}
}

static inline void synth_source(struct synth *s)
{
	source_trace_init(&s->trace, s->recs, s->n, &s->src);
	s->trace.code = s->code;
	s->trace.code_n = s->ncode;
	s->trace.code_base = SYNTH_BASE;
}

static inline void synth_free(struct synth *s)
{
	free(s->recs);
	s->recs = NULL;
}

#endif
