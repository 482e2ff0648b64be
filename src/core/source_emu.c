/*
 * source_emu.c — the emulator as the core's instruction source: each record is one emu_step.
 * The stream ends when the guest exits (the exit ecall is the last record), faults (the
 * faulting instruction is the last record, marked trapped) or reaches max_insns.
 */
#include <string.h>

#include "core/source.h"

static int source_emu_next(void *ctx, struct emu_dyn *out)
{
	struct source_emu *s = ctx;
	if (s->status != EMU_RUNNING)
		return 0;
	if (s->max_insns && s->produced >= s->max_insns) {
		s->status = EMU_LIMIT;
		return 0;
	}
	enum emu_status st = emu_step(s->emu, out);  /* fills all of *out */
	uint64_t before = out->seq;                  /* emu_instret before the step */
	if (s->calls)
		out->ctx = callstack_step(s->calls, s->emu, out);
	if (st == EMU_RUNNING) {
		s->produced++;
		return 1;
	}
	s->status = st;
	/* the exit ecall retired; a faulting instruction did not, but the core still fetches it
	 * to take the exception at the ROB head */
	if (out->insn && (emu_instret(s->emu) != before || st == EMU_FAULT)) {
		if (st == EMU_FAULT)
			out->trapped = 1;
		s->produced++;
		return 1;
	}
	return 0;
}

static const struct isa_insn *source_emu_decode_at(void *ctx, uint64_t pc)
{
	struct source_emu *s = ctx;
	return emu_decode_at(s->emu, pc);
}

static uint64_t source_emu_reg(void *ctx, unsigned reg)
{
	struct source_emu *s = ctx;
	return emu_reg(s->emu, reg);
}

void source_emu_init(struct source_emu *s, struct emu *e, uint64_t max_insns,
                     struct core_source *out)
{
	memset(s, 0, sizeof(*s));
	s->emu = e;
	s->max_insns = max_insns;
	s->status = EMU_RUNNING;
	out->ctx = s;
	out->next = source_emu_next;
	out->decode_at = source_emu_decode_at;
	out->reg = source_emu_reg;
}
