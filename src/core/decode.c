/*
 * decode.c — the decode stage: moves up to decode_width instructions that spent
 * fetch_stages cycles in the front end from the fetch buffer into the decode->rename latch.
 * (Decoding itself happened once, in isa/; this stage is the pipeline's timing.)
 */
#include "core/pipe.h"

int decode_stage(struct core *c)
{
	uint32_t n = 0, width = c->cfg.decode_width;
	while (n < width && c->dec_tail < c->fetch_tail && c->dec_tail - c->ren_tail < width) {
		struct core_insn *e = core_at(c, c->dec_tail);
		if (e->rec.t_fetch + c->cfg.fetch_stages > c->now)
			break;
		e->rec.t_decode = c->now;
		c->dec_tail++;
		n++;
	}
	return n > 0;
}
