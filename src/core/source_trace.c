/*
 * source_trace.c — a synthetic instruction source: replays an array of correct-path records
 * (unit tests build them by hand; a trace reader can fill one). Wrong-path fetch finds
 * instructions in an optional static code array.
 */
#include <string.h>

#include "core/source.h"

static int source_trace_next(void *ctx, struct emu_dyn *out)
{
	struct source_trace *t = ctx;
	if (t->pos >= t->n)
		return 0;
	*out = t->recs[t->pos++];
	return 1;
}

static const struct isa_insn *source_trace_decode_at(void *ctx, uint64_t pc)
{
	struct source_trace *t = ctx;
	if (!t->code || pc < t->code_base || (pc - t->code_base) % 4)
		return NULL;
	uint64_t i = (pc - t->code_base) / 4;
	return i < t->code_n ? &t->code[i] : NULL;
}

static uint64_t source_trace_reg(void *ctx, unsigned reg)
{
	struct source_trace *t = ctx;
	return t->regs[reg & 63];
}

void source_trace_init(struct source_trace *t, const struct emu_dyn *recs, size_t n,
                       struct core_source *out)
{
	memset(t, 0, sizeof(*t));
	t->recs = recs;
	t->n = n;
	out->ctx = t;
	out->next = source_trace_next;
	out->decode_at = source_trace_decode_at;
	out->reg = source_trace_reg;
}
