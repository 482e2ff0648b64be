/*
 * decode.c — the decode stage: moves up to decode_width instructions that spent
 * fetch_stages cycles in the front end from the fetch buffer into the decode->rename latch.
 * (Decoding itself happened once, in isa/; this stage is the pipeline's timing.)
 */
#include "core/pipe.h"

int decode_stage(struct core *c)
{
	uint32_t width = c->cfg.decode_width;
	uint64_t now = c->now, stages = c->cfg.fetch_stages;
	uint64_t dec = c->dec_tail, first = dec;
	/* at most width per cycle, and at most width waiting in the decode->rename latch */
	uint64_t stop = c->ren_tail + width;
	if (stop > first + width)
		stop = first + width;
	if (stop > c->fetch_tail)
		stop = c->fetch_tail;
	struct core_insn *ring = c->ring;
	uint64_t mask = c->ring_mask;
	for (; dec < stop; dec++) {
		struct core_insn *e = &ring[dec & mask];
		if (e->rec.t_fetch + stages > now)
			break;
		e->rec.t_decode = now;
	}
	c->dec_tail = dec;
	return dec > first;
}
