/*
 * fetch.c — the fetch stage: one aligned fetch packet per cycle through the I-TLB and the
 * L1 I-cache, branch prediction for every control transfer, and the fork onto the wrong path
 * when a prediction disagrees with the emulator's outcome (wrong-path instructions come from
 * the source's decode_at until the branch resolves). Correct-path records come from the
 * replay queue first (instructions squashed after fetch), then from the source.
 */
#include <errno.h>
#include <string.h>

#include "core/pipe.h"

/* The next correct-path record: 1 = got one (*d points at it: into the replay queue, or at
 * tmp, filled from the source), 0 = stream ended, <0 error. */
static int fetch_next_record(struct core *c, struct emu_dyn *tmp, const struct emu_dyn **d,
                             uint64_t *emu_cycle)
{
	*emu_cycle = c->now;
	if (c->replay_head != c->replay_tail) {
		*d = &c->replay[c->replay_head & c->replay_mask];
		*emu_cycle = c->replay_emu_cycle[c->replay_head & c->replay_mask];
		c->replay_head++;
		return 1;
	}
	if (c->src_done)
		return 0;
	int rc = c->src.next(c->src.ctx, tmp);
	if (rc != 1) {
		if (rc == SOURCE_WAIT) {
			c->src_wait = 1;
			return 0;
		}
		c->src_done = 1;
		if (rc < 0)
			core_fail(c, rc, "instruction source failed (%d)", rc);
		return rc;
	}
	if (tmp->vmem_n && (rc = vu_take_record(c, tmp))) {
		core_fail(c, rc, "vector ranges: no room (%d)", rc);
		return rc;
	}
	*d = tmp;
	return 1;
}

/* The source said SOURCE_WAIT (its threads wait): ask it again; when a record comes, the
 * front end goes to its PC (possibly another thread's) after the redirect delay. 1 when fetch
 * may go on this cycle. */
static int fetch_resume(struct core *c)
{
	struct emu_dyn d;
	int rc = c->src.next(c->src.ctx, &d);
	if (rc == SOURCE_WAIT) {
		c->last_commit_cycle = c->now;  /* waiting on other cores is no deadlock */
		return 0;
	}
	c->src_wait = 0;
	if (rc != 1) {
		c->src_done = 1;
		if (rc < 0)
			core_fail(c, rc, "instruction source failed (%d)", rc);
		return 0;
	}
	if (d.vmem_n && (rc = vu_take_record(c, &d)))
		core_fail(c, rc, "vector ranges: no room (%d)", rc);
	c->replay_emu_cycle[c->replay_tail & c->replay_mask] = c->now;
	c->replay[c->replay_tail++ & c->replay_mask] = d;
	c->fetch_pc = d.pc;
	c->fetch_line = c->fetch_page = 0;
	c->last_commit_cycle = c->now;
	return 1;
}

/* Has the front end anything left to fetch on the correct path? */
static int fetch_has_records(const struct core *c)
{
	return c->replay_head != c->replay_tail || !c->src_done;
}

/* What an instruction's class alone decides: its issue queue and kind, whether it executes
 * at the ROB head (CSR, fence, AMO, ecall/ebreak) and whether it serialises (CSR). */
struct fetch_class {
	uint8_t iq, is_ctrl, is_load, is_store, is_amo, at_head, serializing;
};

static const struct fetch_class fetch_class[ISA_CLASS_COUNT] = {
	[ISA_CLASS_ALU] = { .iq = CORE_IQ_INT },
	[ISA_CLASS_MUL] = { .iq = CORE_IQ_INT },
	[ISA_CLASS_DIV] = { .iq = CORE_IQ_INT },
	[ISA_CLASS_LOAD] = { .iq = CORE_IQ_MEM, .is_load = 1 },
	[ISA_CLASS_STORE] = { .iq = CORE_IQ_MEM, .is_store = 1 },
	[ISA_CLASS_BRANCH] = { .iq = CORE_IQ_INT, .is_ctrl = 1 },
	[ISA_CLASS_JUMP] = { .iq = CORE_IQ_INT, .is_ctrl = 1 },
	[ISA_CLASS_FP_ADD] = { .iq = CORE_IQ_FP },
	[ISA_CLASS_FP_MUL] = { .iq = CORE_IQ_FP },
	[ISA_CLASS_FP_DIVSQRT] = { .iq = CORE_IQ_FP },
	[ISA_CLASS_FP_CVT] = { .iq = CORE_IQ_FP },
	[ISA_CLASS_CSR] = { .iq = CORE_IQ_INT, .at_head = 1, .serializing = 1 },
	[ISA_CLASS_FENCE] = { .iq = CORE_IQ_INT, .at_head = 1 },
	[ISA_CLASS_AMO] = { .iq = CORE_IQ_MEM, .is_amo = 1, .at_head = 1 },
	[ISA_CLASS_SYSTEM] = { .iq = CORE_IQ_INT, .at_head = 1 },
};

/* inlined in its three callers (the correct path, the wrong path, an SFB shadow) */
static inline __attribute__((always_inline))
void fetch_init_insn(struct core *c, struct core_insn *e, uint64_t pc, const struct isa_insn *in)
{
	struct probe_insn *r = &e->rec;
	r->seq = ++c->next_seq;
	r->pc = pc;
	r->insn = in;
	r->t_fetch = c->now;
	r->t_decode = r->t_rename = r->t_dispatch = r->t_ready = r->t_issue = r->t_complete =
		r->t_end = PROBE_NEVER;
	r->mem_addr = 0;
	r->mem_value = 0;
	r->target = r->pred_target = 0;
	r->ghist = c->bp.ghist;
	r->events = c->fetch_events;
	c->fetch_events = 0;
	r->fetch_lat_cycles = c->fetch_wait_since ? (uint32_t)(c->now + 1 - c->fetch_wait_since) : 0;
	c->fetch_wait_since = 0;
	r->load_cycles = 0;
	r->tlb_refill_cycles = 0;
	r->vl = 0;
	r->vmem_accesses = r->vmem_misses = 0;
	r->mem_size = in->size;
	r->committed = 0;
	r->taken = 0;
	r->serve_level = PROBE_LEVEL_NONE;
	r->flush_cause = PROBE_CAUSE_NONE;
	e->retry_at = 0;
	e->fwd_seq = 0;
	/* registers 0, flags 0, and iq ... flush_after from the class and the two flag bits
	 * that matter: one 32-byte copy */
	unsigned v = ((in->flags & ISA_F_READS_FFLAGS) != 0) |
	             ((in->flags & (ISA_F_SERIALIZE | ISA_F_ECALL)) != 0) << 1;
	memcpy(e, c->kind[in->cls][v], CORE_INSN_HEAD);
}

void fetch_init_kinds(struct core *c)
{
	for (unsigned cls = 0; cls < ISA_CLASS_COUNT; cls++) {
		for (unsigned v = 0; v < 4; v++) {
			const struct fetch_class *k = &fetch_class[cls];
			struct core_insn e;
			memset(&e, 0, sizeof(e));
			e.iq = k->iq;
			e.is_ctrl = k->is_ctrl;
			e.is_load = k->is_load;
			e.is_store = k->is_store;
			e.is_amo = k->is_amo;
			e.at_head = k->at_head | (v & 1);
			e.flush_after = (v >> 1) & 1;
			e.serializing = k->serializing | e.flush_after;
			memcpy(c->kind[cls][v], &e, CORE_INSN_HEAD);
		}
	}
}

/* Can the instruction be predicated in an SFB shadow? Integer ALU ops that write a register
 * (the predicated-off op writes back its old value). */
static int fetch_shadowable(const struct isa_insn *in)
{
	return in && in->cls == ISA_CLASS_ALU && in->rd != ISA_REG_NONE && !ISA_REG_IS_FP(in->rd) &&
	       !(in->flags & (ISA_F_SERIALIZE | ISA_F_ECALL | ISA_F_READS_FFLAGS));
}

/* riscv-boom's rule (v3 BranchDecode, config sfb_boom): the ALU ops its front end lets into a
 * shadow are the immediate ones, lui, and the register-register ones that write their first
 * source (or add from x0, a move): the predicated op keeps rd's old value through rs1. */
static int fetch_shadowable_boom(const struct isa_insn *in)
{
	if (!fetch_shadowable(in))
		return 0;
	switch (in->op) {
	case ISA_OP_lui: case ISA_OP_addi: case ISA_OP_slti: case ISA_OP_sltiu: case ISA_OP_xori:
	case ISA_OP_ori: case ISA_OP_andi: case ISA_OP_slli: case ISA_OP_srli: case ISA_OP_srai:
	case ISA_OP_addiw: case ISA_OP_slliw: case ISA_OP_srliw: case ISA_OP_sraiw:
		return 1;
	case ISA_OP_add:
		if (in->rs1 == 0)
			return 1;
		/* fall through */
	case ISA_OP_sub: case ISA_OP_sll: case ISA_OP_slt: case ISA_OP_sltu: case ISA_OP_xor:
	case ISA_OP_srl: case ISA_OP_sra: case ISA_OP_or: case ISA_OP_and: case ISA_OP_addw:
	case ISA_OP_subw: case ISA_OP_sllw: case ISA_OP_srlw: case ISA_OP_sraw:
		return in->rs1 == in->rd;
	default:
		return 0;
	}
}

/* Is the conditional branch at pc a short forward branch (config sfb): its target ahead by a
 * shadow of 1..sfb_max_shadow shadowable instructions (sfb_boom: of riscv-boom's shadowable
 * ops, the target in the branch's fetch packet or the next)? */
static int fetch_is_sfb(struct core *c, uint64_t pc, const struct isa_insn *in)
{
	if (!c->cfg.sfb || in->cls != ISA_CLASS_BRANCH || in->imm <= 0)
		return 0;
	uint64_t target = pc + (uint64_t)in->imm, p = pc + in->len;
	uint32_t max = c->cfg.sfb_max_shadow;
	if (c->cfg.sfb_boom) {
		uint64_t packet = pc & ~(uint64_t)(c->cfg.fetch_bytes - 1);
		if (target > packet + 2 * (uint64_t)c->cfg.fetch_bytes)
			return 0;
		max = c->cfg.fetch_bytes;  /* the two packets hold at most this many ops */
	}
	for (uint32_t k = 0; k < max; k++) {
		const struct isa_insn *s = c->src.decode_at(c->src.ctx, p);
		if (c->cfg.sfb_boom ? !fetch_shadowable_boom(s) : !fetch_shadowable(s))
			return 0;
		p += s->len;
		if (p == target)
			return 1;
		if (p > target)
			return 0;
	}
	return 0;
}

/* BOOM's overriding predictors (config ubtb_entries): the micro-BTB answers as the packet
 * is fetched, the bimodal/BTB stage and the final stage later; when a later stage changes the
 * prediction, the packets fetched after the transfer in between are dropped: the next packet
 * comes override_f2_cycles or override_f3_cycles late. */
static void fetch_override(struct core *c, const struct core_insn *e, uint64_t pc,
                           const struct isa_insn *in, uint64_t pred)
{
	unsigned stage = bpred_override_stage(&c->bp, pc, in, pred);
	if (stage == 1)
		return;
	uint32_t bubble = stage == 2 ? c->cfg.override_f2_cycles : c->cfg.override_f3_cycles;
	if (!e->rec.wrong_path && !e->mispredicted) {  /* a misprediction's bubble is hidden */
		if (stage == 2)
			c->bp.st.override_f2++;
		else
			c->bp.st.override_f3++;
	}
	if (bubble && c->now + 1 + bubble > c->fetch_stall_until) {
		c->fetch_stall_until = c->now + 1 + bubble;
		c->fetch_stall_cause = PROBE_DRAIN_FRONTEND;
	}
}

/* Access the I-TLB and I-cache for pc; returns 0 when fetch may proceed this cycle. */
static int fetch_access(struct core *c, uint64_t pc)
{
	uint64_t page = (pc >> TLB_PAGE_SHIFT) + 1;
	if (page != c->fetch_page) {
		uint8_t miss = 0;
		uint64_t t = memsys_translate(&c->mem, 1, pc, c->now, &miss);
		c->fetch_page = page;
		if (miss)
			c->fetch_events |= PROBE_EV_ITLB_MISS | (miss > 1 ? PROBE_EV_ITLB_WALK : 0);
		if (t > c->now) {
			if (!c->fetch_wait_since)
				c->fetch_wait_since = c->now + 1;
			c->fetch_stall_until = t;
			c->fetch_stall_cause = PROBE_DRAIN_ITLB;
			return -1;
		}
	}
	uint64_t line = (pc >> c->mem.line_shift) + 1;
	if (line != c->fetch_line) {
		struct memsys_result r;
		memsys_ifetch(&c->mem, pc, c->now, &r);
		c->fetch_line = line;
		if (r.l1_miss)
			c->fetch_events |= PROBE_EV_ICACHE_MISS;
		if (r.done > c->now) {
			if (!c->fetch_wait_since)
				c->fetch_wait_since = c->now + 1;
			c->fetch_stall_until = r.done;
			c->fetch_stall_cause = PROBE_DRAIN_ICACHE;
			return -1;
		}
	}
	return 0;
}

/* Does the fetch barrier still hold (its load neither completed nor squashed)? */
static int fetch_barrier_holds(struct core *c)
{
	uint64_t idx = c->fetch_barrier_idx;
	const struct core_insn *e = core_at(c, idx);
	if (idx < c->head || idx >= c->fetch_tail || e->rec.seq != c->fetch_barrier_seq ||
	    (e->issued && e->rec.t_complete <= c->now)) {
		c->fetch_barrier = 0;
		return 0;
	}
	return 1;
}

int fetch_stage(struct core *c)
{
	if (c->fetch_hold || c->fetch_dead || c->now < c->fetch_stall_until)
		return 0;
	if (__builtin_expect(c->fetch_barrier, 0) && fetch_barrier_holds(c))
		return 0;
	c->fetch_stall_cause = PROBE_CAUSE_NONE;
	if (__builtin_expect(c->src_wait, 0) && !c->fetch_wrong_path &&
	    c->replay_head == c->replay_tail && !fetch_resume(c))
		return c->src_done;
	if (!c->fetch_wrong_path && !fetch_has_records(c))
		return 0;
	uint64_t room = c->cfg.fetch_buffer - (c->fetch_tail - c->dec_tail);
	if (!room || c->fetch_tail - c->head > c->ring_mask - c->cfg.commit_width - 2)
		return 0;
	if (__builtin_expect(c->vpool != NULL, 0) && !vu_pool_room(c))
		return 0;  /* vector ranges of uncommitted records fill the pool: commits free it */
	uint64_t pc = c->fetch_pc;
	if (fetch_access(c, pc))
		return 1;
	int was_done = c->src_done;
	uint64_t block_end = (pc & ~(uint64_t)(c->cfg.fetch_bytes - 1)) + c->cfg.fetch_bytes;
	uint32_t n = 0;
	while (n < c->cfg.fetch_width && room && pc < block_end) {
		struct core_insn *e = core_at(c, c->fetch_tail);
		const struct isa_insn *in;
		int shadow = c->sfb_end && pc >= c->sfb_start && pc < c->sfb_end;
		if (!shadow)
			c->sfb_end = 0;
		if (!c->fetch_wrong_path && shadow && c->sfb_taken) {
			/* the taken SFB's shadow: fetched and executed, predicated off */
			in = c->src.decode_at(c->src.ctx, pc);
			fetch_init_insn(c, e, pc, in);
			e->next_pc = 0;
			e->dyn_taken = e->trapped = 0;
			e->rec.path_seq = c->sfb_anchor;
			e->rec.wrong_path = 0;
			e->rec.events |= PROBE_EV_PREDICATED_OFF;
			e->sfb_shadow = e->sfb_off = 1;
			e->no_replay = 1;  /* a refetch of the branch makes them again */
		} else if (!c->fetch_wrong_path) {
			struct emu_dyn tmp;
			const struct emu_dyn *d = &tmp;
			if (__builtin_expect(c->vpool != NULL, 0) && !vu_pool_room(c))
				break;  /* each record may bring HART_VMEM_MAX ranges */
			uint64_t emu_cycle;
			int rc = fetch_next_record(c, &tmp, &d, &emu_cycle);
			if (rc <= 0)
				break;
			if (d->pc != pc) {
				core_fail(c, -EIO, "front end fetched 0x%llx but the emulator's next "
				          "instruction #%llu is at 0x%llx",
				          (unsigned long long)pc, (unsigned long long)d->seq,
				          (unsigned long long)d->pc);
				return 1;
			}
			in = d->insn;
			fetch_init_insn(c, e, pc, in);
			e->rec.path_seq = d->seq;
			e->rec.ctx = d->ctx;
			e->rec.wrong_path = 0;
			*core_emu_cycle(c, e) = emu_cycle;
			if (__builtin_expect(c->mem.coh != NULL, 0) && e->is_store)
				core_remote_count(c, d->mem_addr, d->mem_size, 1);
			e->rec.mem_addr = d->mem_addr;
			e->rec.mem_value = d->mem_value;
			e->rec.mem_size = d->mem_size;
			e->next_pc = d->next_pc;
			e->dyn_taken = d->taken;
			e->trapped = d->trapped;
			if (d->trapped)
				e->rec.events |= PROBE_EV_EXCEPTION;
			if (__builtin_expect(ISA_CLASS_IS_V(in->cls), 0))
				vu_fetch(c, c->fetch_tail, d);
			if (shadow)
				e->sfb_shadow = 1;  /* the not-taken SFB's shadow, predicated on */
		} else {
			in = c->src.decode_at(c->src.ctx, pc);
			if (!in) {
				c->fetch_dead = 1;
				break;
			}
			fetch_init_insn(c, e, pc, in);
			e->rec.path_seq = c->wrong_path_anchor;
			e->rec.ctx = c->wrong_path_ctx;
			e->rec.wrong_path = 1;
			if (in->size && in->rs1 != ISA_REG_NONE)
				e->rec.mem_addr = isa_mem_addr(in, c->src.reg(c->src.ctx, in->rs1));
			if (__builtin_expect(ISA_CLASS_IS_V(in->cls), 0))
				vu_fetch(c, c->fetch_tail, NULL);
			c->st.wrong_path_fetched++;
		}
		c->fetch_tail++;
		c->st.fetched++;
		room--;
		n++;
		uint64_t next = pc + in->len;
		if (e->is_ctrl && !c->fetch_wrong_path && fetch_is_sfb(c, pc, in)) {
			/* SonicBOOM's SFB: the branch sets a flag, fetch goes on through the shadow */
			e->is_ctrl = 0;
			e->rec.events |= PROBE_EV_SFB;
			e->rec.target = e->next_pc;
			e->rec.taken = e->next_pc != next;
			e->rec.pred_target = next;
			c->sfb_start = next;
			c->sfb_end = pc + (uint64_t)in->imm;
			c->sfb_taken = e->rec.taken;
			c->sfb_anchor = e->rec.path_seq;
		} else if (e->is_ctrl) {
			uint8_t btb_miss;
			struct bpred_ckpt *ck = core_ckpt(c, c->fetch_tail - 1);
			uint64_t pred = bpred_predict(&c->bp, pc, in, ck, &btb_miss);
			e->rec.ghist = ck->ghist;
			e->rec.pred_target = pred;
			if (!c->fetch_wrong_path) {
				e->rec.target = e->next_pc;
				e->rec.taken = e->next_pc != next;
				if (pred != e->next_pc) {
					e->mispredicted = 1;
					e->rec.events |= PROBE_EV_MISPREDICT;
					c->fetch_wrong_path = 1;
					c->wrong_path_anchor = e->rec.path_seq;
					c->wrong_path_ctx = e->rec.ctx;
					c->mp_pending = 1;
					c->mp_idx = c->fetch_tail - 1;
				}
			} else {
				e->rec.target = pred;
				e->rec.taken = pred != next;
			}
			if (btb_miss && pred != next) {
				e->rec.events |= PROBE_EV_BTB_MISS;
				if (!e->rec.wrong_path)
					c->bp.st.btb_misses++;
				/* a direct target comes from decode: a bubble, not a misprediction */
				if (c->cfg.btb_miss_cycles && !c->cfg.ubtb_entries) {
					c->fetch_stall_until = c->now + 1 + c->cfg.btb_miss_cycles;
					c->fetch_stall_cause = PROBE_DRAIN_FRONTEND;
				}
			}
			if (c->cfg.ubtb_entries)
				fetch_override(c, e, pc, in, pred);
			next = pred;
			if (pred != pc + in->len) {
				pc = next;
				break;
			}
		}
		pc = next;
		if (!e->rec.wrong_path && ((in->flags & ISA_F_ECALL) || e->trapped)) {
			c->fetch_hold = 1;
			break;
		}
		if (__builtin_expect(c->mem.coh != NULL, 0) && (e->is_load || e->is_amo) &&
		    !e->rec.wrong_path && lsu_remote_pending(c, e)) {
			c->fetch_barrier = 1;
			c->fetch_barrier_idx = c->fetch_tail - 1;
			c->fetch_barrier_seq = e->rec.seq;
			c->st.remote_fetch_waits++;
			break;
		}
	}
	c->fetch_pc = pc;
	for (uint32_t k = 0; n && k < c->n_on_fetch; k++)
		c->on_fetch[k].on_fetch(c->on_fetch[k].ctx, c->now - c->cycle_base,
		                        c->next_seq - n + 1, n);
	return n > 0 || c->src_done != was_done || c->fetch_dead;
}
