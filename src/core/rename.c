/*
 * rename.c — the rename stage: maps architectural registers (x0..x31, f0..f31) to physical
 * registers from two free lists (integer and FP; v0..v31 are the vector unit's, vu.c, and
 * a vector instruction notes the vset* it depends on), records the mapping each destination
 * replaces (freed when the instruction commits, restored when it is squashed) and counts
 * control transfers against max_branches. Stalls in order when a resource is missing.
 */
#include "core/pipe.h"

/* A renamed destination: an x or f register (vector registers are the vector unit's
 * scoreboard's, vu.c). */
static int rename_has_dest(const struct isa_insn *in)
{
	return in->rd != ISA_REG_NONE && in->rd != 0 && !ISA_REG_IS_V(in->rd);
}

/* The physical register holding architectural register r now; 0 for none. */
static inline uint16_t rename_src(const struct core *c, uint8_t r)
{
	return c->map[r];  /* map[ISA_REG_NONE] = 0 */
}

int rename_stage(struct core *c)
{
	uint32_t width = c->cfg.decode_width;
	uint64_t now = c->now, ren = c->ren_tail, first = ren;
	/* at most width per cycle, and at most width waiting in the rename->dispatch latch */
	uint64_t stop = c->rob_tail + width;
	if (stop > first + width)
		stop = first + width;
	if (stop > c->dec_tail)
		stop = c->dec_tail;
	c->rename_stall = NULL;
	/* in locals: the entries' byte fields written below may alias c for the compiler */
	struct core_insn *ring = c->ring;
	uint64_t mask = c->ring_mask;
	for (; ren < stop; ren++) {
		struct core_insn *e = &ring[ren & mask];
		const struct isa_insn *in = e->rec.insn;
		if (e->rec.t_decode >= now)
			break;
		int dest = rename_has_dest(in);
		if (dest) {
			if (ISA_REG_IS_FP(in->rd) ? !c->n_free_fp : !c->n_free_int) {
				c->st.stall_pregs++;
				c->rename_stall = &c->st.stall_pregs;
				break;
			}
		}
		if (e->is_ctrl && c->branches_inflight >= c->cfg.max_branches) {
			c->st.stall_branches++;
			c->rename_stall = &c->st.stall_branches;
			break;
		}
		e->psrc[0] = rename_src(c, in->rs1);
		e->psrc[1] = rename_src(c, in->rs2);
		e->psrc[2] = rename_src(c, in->rs3);
		if (e->sfb_shadow && dest)  /* a predicated op reads the value it may keep */
			e->psrc[2] = rename_src(c, in->rd);
		if (dest) {
			uint16_t p = ISA_REG_IS_FP(in->rd) ? c->free_fp[--c->n_free_fp]
			                                   : c->free_int[--c->n_free_int];
			e->old_pdst = c->map[in->rd];
			e->pdst = p;
			c->map[in->rd] = p;
			c->preg_ready[p] = PROBE_NEVER;
			/* loads still parked on p's last value (an older store's data that they waited
			 * for when p was that store's source) look again: dropping them lost them for
			 * good (zstd deadlocked after 3,025,769 instructions) */
			if (c->wait_head[p] != CORE_NO_WAITER)
				issue_wake_waiters(c, p);
		}
		if (e->is_ctrl) {
			e->unresolved = 1;
			c->branches_inflight++;
		}
		if (__builtin_expect(ISA_CLASS_IS_V(in->cls), 0)) {
			/* vector instructions read vl and vtype of the youngest older vset* (vu.c):
			 * their vector operands are in the vector unit's scoreboard, the scalar ones
			 * renamed above (v registers map to no physical register) */
			if (in->cls == ISA_CLASS_VSET)
				c->vu.last_vset = ren + 1;
			else
				c->vx[ren & c->ring_mask].vset_idx = c->vu.last_vset;
		}
		e->rec.t_rename = now;
	}
	c->ren_tail = ren;
	return ren > first;
}
