/*
 * callstack.c — the shadow call stack and calling-context tree (see callstack.h). Work per
 * instruction: one opcode test; per call or return: a push or pop and, for a call, one hash
 * lookup of (parent context, call site). Tables grow by doubling, never per instruction.
 */
#include "emu/callstack.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct callstack_node {
	uint64_t site_pc;   /* the call instruction (or the interrupted pc of a signal) */
	uint32_t parent;    /* the caller's context */
	uint32_t depth;     /* call sites from the root */
};

struct callstack_frame {
	uint64_t ret_pc;    /* where the matching return goes */
	uint64_t sp;        /* the caller's stack pointer at the call */
	uint32_t ctx;       /* the context inside the callee */
};

struct callstack_sig {
	uint64_t resume_pc; /* the interrupted pc sigreturn goes back to */
	uint32_t depth;     /* shadow-stack depth when the signal came */
};

struct callstack {
	struct callstack_node *node;
	uint32_t n_node, cap_node;
	uint32_t *slot;             /* hash of (parent, site_pc): node index + 1, 0 empty */
	uint32_t nslot;             /* power of two, >= 2 * cap_node */
	struct callstack_frame *frame;
	uint32_t depth, cap_frame;
	struct callstack_sig sig[CALLSTACK_SIG_MAX];
	uint32_t nsig;
	uint32_t ctx;               /* the current context */
	struct callstack_stats st;
	int oom;
};

#define CALLSTACK_INITIAL 1024
#define CALLSTACK_REG_RA 1
#define CALLSTACK_REG_T0 5
#define CALLSTACK_REG_SP 2

static int callstack_is_link(unsigned r)
{
	return r == CALLSTACK_REG_RA || r == CALLSTACK_REG_T0;
}

static uint32_t callstack_hash(uint32_t parent, uint64_t site, uint32_t mask)
{
	uint64_t h = (site >> 1) * 0x9e3779b97f4a7c15ull ^ (uint64_t)(parent + 1) * 0xc2b2ae3d27d4eb4full;
	h ^= h >> 31;
	return (uint32_t)(h * 0x94d049bb133111ebull >> 32) & mask;
}

int callstack_create(struct callstack **out)
{
	struct callstack *cs = calloc(1, sizeof(*cs));
	*out = NULL;
	if (!cs)
		return -ENOMEM;
	cs->cap_node = CALLSTACK_INITIAL;
	cs->nslot = 2 * CALLSTACK_INITIAL;
	cs->cap_frame = 64;
	cs->node = malloc(cs->cap_node * sizeof(*cs->node));
	cs->slot = calloc(cs->nslot, sizeof(*cs->slot));
	cs->frame = malloc(cs->cap_frame * sizeof(*cs->frame));
	if (!cs->node || !cs->slot || !cs->frame) {
		callstack_destroy(cs);
		return -ENOMEM;
	}
	cs->node[0] = (struct callstack_node){ 0, 0, 0 };
	cs->n_node = 1;
	*out = cs;
	return 0;
}

static int callstack_grow_nodes(struct callstack *cs)
{
	uint32_t cap = 2 * cs->cap_node, nslot = 2 * cap;
	struct callstack_node *n = realloc(cs->node, cap * sizeof(*n));
	if (!n)
		return -ENOMEM;
	cs->node = n;
	uint32_t *slot = calloc(nslot, sizeof(*slot));
	if (!slot)
		return -ENOMEM;
	for (uint32_t i = 1; i < cs->n_node; i++) {
		uint32_t h = callstack_hash(n[i].parent, n[i].site_pc, nslot - 1);
		while (slot[h])
			h = (h + 1) & (nslot - 1);
		slot[h] = i + 1;
	}
	free(cs->slot);
	cs->slot = slot;
	cs->nslot = nslot;
	cs->cap_node = cap;
	return 0;
}

/* The node (parent, site), interned; parent itself when memory ran out. */
static uint32_t callstack_intern(struct callstack *cs, uint32_t parent, uint64_t site)
{
	uint32_t mask = cs->nslot - 1, h = callstack_hash(parent, site, mask);
	for (; cs->slot[h]; h = (h + 1) & mask) {
		const struct callstack_node *n = &cs->node[cs->slot[h] - 1];
		if (n->parent == parent && n->site_pc == site)
			return cs->slot[h] - 1;
	}
	if (cs->n_node == cs->cap_node) {
		if (cs->n_node >= UINT32_MAX / 4 || callstack_grow_nodes(cs)) {
			cs->oom = 1;
			return parent;
		}
		mask = cs->nslot - 1;
		for (h = callstack_hash(parent, site, mask); cs->slot[h]; h = (h + 1) & mask)
			;
	}
	uint32_t i = cs->n_node++;
	cs->node[i] = (struct callstack_node){ site, parent, cs->node[parent].depth + 1 };
	cs->slot[h] = i + 1;
	return i;
}

static void callstack_push(struct callstack *cs, uint64_t site, uint64_t ret_pc, uint64_t sp)
{
	if (cs->depth == cs->cap_frame) {
		struct callstack_frame *f = realloc(cs->frame, 2 * cs->cap_frame * sizeof(*f));
		if (!f) {
			cs->oom = 1;
			return;
		}
		cs->frame = f;
		cs->cap_frame *= 2;
	}
	uint32_t ctx = cs->ctx;
	if (cs->depth < CALLSTACK_MAX_DEPTH)
		ctx = callstack_intern(cs, cs->ctx, site);
	else
		cs->st.truncated++;
	cs->frame[cs->depth++] = (struct callstack_frame){ ret_pc, sp, ctx };
	cs->ctx = ctx;
	if (cs->depth > cs->st.max_depth)
		cs->st.max_depth = cs->depth;
}

static void callstack_set_depth(struct callstack *cs, uint32_t depth)
{
	cs->depth = depth;
	cs->ctx = depth ? cs->frame[depth - 1].ctx : CALLSTACK_ROOT;
	while (cs->nsig && cs->sig[cs->nsig - 1].depth > depth)
		cs->nsig--; /* a handler left by an unwind: its sigreturn will not come */
}

/* A return to `target` with stack pointer sp: the top frame when it expected target, else an
 * unwind: every frame whose caller's sp is at or below sp belongs to code the unwind left. */
static void callstack_pop(struct callstack *cs, uint64_t target, uint64_t sp)
{
	if (!cs->depth)
		return;
	cs->st.returns++;
	if (cs->frame[cs->depth - 1].ret_pc == target) {
		callstack_set_depth(cs, cs->depth - 1);
		return;
	}
	uint32_t d = cs->depth;
	while (d && cs->frame[d - 1].sp <= sp)
		d--;
	if (d == cs->depth)
		d--; /* a return that skipped nothing the sp shows: still one frame left */
	cs->st.unwinds++;
	callstack_set_depth(cs, d);
}

/* Control went elsewhere than the instruction said: into a signal handler, or back from one
 * (sigreturn, at `target` = the interrupted pc). */
static void callstack_transfer(struct callstack *cs, const struct emu *e,
			       const struct emu_dyn *d)
{
	for (uint32_t i = cs->nsig; i-- > 0;) {
		if (cs->sig[i].resume_pc == d->next_pc) {
			cs->st.sigreturns++;
			uint32_t depth = cs->sig[i].depth;
			cs->nsig = i;
			if (depth <= cs->depth)
				callstack_set_depth(cs, depth);
			return;
		}
	}
	cs->st.signals++;
	uint64_t resume = d->trapped ? d->pc : d->pc + d->insn->len;
	if (cs->nsig == CALLSTACK_SIG_MAX) {
		memmove(cs->sig, cs->sig + 1, (CALLSTACK_SIG_MAX - 1) * sizeof(*cs->sig));
		cs->nsig--;
	}
	cs->sig[cs->nsig++] = (struct callstack_sig){ resume, cs->depth };
	/* the handler returns through ra (the sigreturn trampoline) like a callee */
	callstack_push(cs, d->pc, emu_reg(e, CALLSTACK_REG_RA), emu_reg(e, CALLSTACK_REG_SP));
}

uint32_t callstack_step(struct callstack *cs, const struct emu *e, const struct emu_dyn *d)
{
	uint32_t ctx = cs->ctx;
	const struct isa_insn *in = d->insn;
	if (!in)
		return ctx;
	if ((in->op == ISA_OP_jal || in->op == ISA_OP_jalr) && !d->trapped) {
		int rd_link = callstack_is_link(in->rd);
		int rs_link = in->op == ISA_OP_jalr && callstack_is_link(in->rs1);
		if (rs_link && (!rd_link || in->rd != in->rs1))
			callstack_pop(cs, d->next_pc, emu_reg(e, CALLSTACK_REG_SP));
		if (rd_link) {
			cs->st.calls++;
			callstack_push(cs, d->pc, d->pc + in->len, emu_reg(e, CALLSTACK_REG_SP));
		}
	} else if (d->next_pc != d->pc + in->len && in->cls != ISA_CLASS_BRANCH &&
		   d->next_pc != d->pc) {
		callstack_transfer(cs, e, d);
	}
	return ctx;
}

size_t callstack_frames(const struct callstack *cs, uint32_t ctx, uint64_t *out, size_t max)
{
	if (ctx >= cs->n_node)
		return 0;
	size_t n = cs->node[ctx].depth;
	for (uint32_t c = ctx; c != CALLSTACK_ROOT; c = cs->node[c].parent) {
		size_t i = cs->node[c].depth - 1;
		if (i < max)
			out[i] = cs->node[c].site_pc;
	}
	return n;
}

uint32_t callstack_depth(const struct callstack *cs, uint32_t ctx)
{
	return ctx < cs->n_node ? cs->node[ctx].depth : 0;
}

void callstack_stats(const struct callstack *cs, struct callstack_stats *out)
{
	*out = cs->st;
	out->contexts = cs->n_node;
}

int callstack_oom(const struct callstack *cs)
{
	return cs->oom;
}

void callstack_destroy(struct callstack *cs)
{
	if (!cs)
		return;
	free(cs->node);
	free(cs->slot);
	free(cs->frame);
	free(cs);
}
