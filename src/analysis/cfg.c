/*
 * cfg.c — basic blocks and successor edges of riscv64 code (see cfg.h). Two passes over the
 * decoded instructions: mark leaders (targets and the instruction after a control transfer),
 * then cut blocks at leaders and control transfers and resolve successors by binary search.
 * cfg_build_image then traces each indirect jump's register back to its table (see cfg.h) and
 * cuts the blocks again at the address-taken labels and the targets it found.
 */
#include "analysis/cfg.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"

/* Decode at code[off]; returns the length or 0 when the bytes do not decode (or are cut). */
static int cfg_decode(const uint8_t *code, size_t len, size_t off, struct isa_insn *in)
{
	uint32_t raw = 0;
	if (off + 2 > len)
		return 0;
	raw = (uint32_t)code[off] | (uint32_t)code[off + 1] << 8;
	if (off + 4 <= len)
		raw |= (uint32_t)code[off + 2] << 16 | (uint32_t)code[off + 3] << 24;
	int n = isa_decode(raw, in);
	if (n <= 0 || off + (size_t)n > len)
		return 0;
	return n;
}

static int is_transfer(const struct isa_insn *in)
{
	if (in->cls == ISA_CLASS_BRANCH)
		return 1;
	if (in->cls == ISA_CLASS_JUMP)
		return !(in->flags & ISA_F_CALL);
	return 0;
}

/* cfg_build, a block also starting at each of heads[0..nheads) inside the region (sorted or
 * not; those not on an instruction start are ignored). */
static int cfg_build_heads(const uint8_t *code, size_t len, uint64_t base, const uint64_t *heads,
			   size_t nheads, struct cfg *g)
{
	memset(g, 0, sizeof(*g));
	if (!len || (base & 1))
		return -EINVAL;
	g->base = base;
	g->limit = base + len;
	/* leader[h]: bit 0 = a block starts at halfword h; bit 1 = an instruction starts there */
	size_t nh = (len + 1) / 2;
	uint8_t *mark = calloc(nh + 1, 1);
	if (!mark)
		return -ENOMEM;
	struct isa_insn in;
	int prev_ends = 1;
	for (size_t off = 0; off < len;) {
		int n = cfg_decode(code, len, off, &in);
		if (!n) {
			g->invalid_halfwords++;
			prev_ends = 1;
			off += 2;
			continue;
		}
		mark[off / 2] |= 2;
		if (prev_ends)
			mark[off / 2] |= 1;
		prev_ends = is_transfer(&in);
		if ((in.cls == ISA_CLASS_BRANCH || (in.cls == ISA_CLASS_JUMP &&
		     !(in.flags & ISA_F_INDIRECT) && !(in.flags & ISA_F_CALL)))) {
			uint64_t t = base + off + (uint64_t)in.imm;
			if (t >= base && t < g->limit && !((t - base) & 1))
				mark[(t - base) / 2] |= 1;
		}
		g->ninsns++;
		off += (size_t)n;
	}
	for (size_t k = 0; k < nheads; k++)
		if (heads[k] >= base && heads[k] < g->limit && !((heads[k] - base) & 1))
			mark[(heads[k] - base) / 2] |= 1;
	/* Targets that fall inside an instruction or on undecodable bytes start nothing. */
	size_t cap = 16;
	g->blocks = malloc(cap * sizeof(*g->blocks));
	if (!g->blocks) {
		free(mark);
		return -ENOMEM;
	}
	struct cfg_block *cur = NULL;
	for (size_t off = 0; off < len;) {
		int n = (mark[off / 2] & 2) ? cfg_decode(code, len, off, &in) : 0;
		if (!n) {
			if (cur && cur->end_kind == CFG_END_FALLTHROUGH)
				cur->end_kind = CFG_END_INVALID;
			cur = NULL;
			off += 2;
			continue;
		}
		if (!cur || (mark[off / 2] & 1)) {
			if (g->nblocks == cap) {
				struct cfg_block *v = realloc(g->blocks, 2 * cap * sizeof(*v));
				if (!v) {
					free(mark);
					cfg_free(g);
					return -ENOMEM;
				}
				g->blocks = v;
				cap *= 2;
			}
			cur = &g->blocks[g->nblocks++];
			memset(cur, 0, sizeof(*cur));
			cur->start = base + off;
			cur->succ[0] = cur->succ[1] = CFG_NONE;
			cur->end_kind = CFG_END_FALLTHROUGH;
		}
		cur->end = base + off + (uint64_t)n;
		cur->ninsns++;
		if (is_transfer(&in)) {
			cur->target = base + off + (uint64_t)in.imm;
			if (in.cls == ISA_CLASS_BRANCH)
				cur->end_kind = CFG_END_BRANCH;
			else if (in.flags & ISA_F_RET)
				cur->end_kind = CFG_END_RETURN;
			else if (in.flags & ISA_F_INDIRECT)
				cur->end_kind = CFG_END_INDIRECT;
			else
				cur->end_kind = CFG_END_JUMP;
			if (cur->end_kind == CFG_END_RETURN || cur->end_kind == CFG_END_INDIRECT)
				cur->target = 0;
			cur = NULL;
		}
		off += (size_t)n;
	}
	free(mark);
	/* Successors. */
	for (size_t i = 0; i < g->nblocks; i++) {
		struct cfg_block *b = &g->blocks[i];
		uint32_t next = i + 1 < g->nblocks && g->blocks[i + 1].start == b->end ?
				(uint32_t)(i + 1) : CFG_NONE;
		switch (b->end_kind) {
		case CFG_END_FALLTHROUGH:
			b->succ[0] = next;
			break;
		case CFG_END_BRANCH:
			b->succ[0] = cfg_block_of(g, b->target);
			b->succ[1] = next;
			break;
		case CFG_END_JUMP:
			b->succ[0] = cfg_block_of(g, b->target);
			break;
		default:
			break;
		}
	}
	return 0;
}

int cfg_build(const uint8_t *code, size_t len, uint64_t base, struct cfg *g)
{
	return cfg_build_heads(code, len, base, NULL, 0, g);
}

/* ---- indirect jumps ------------------------------------------------------------------------ */

#define CFG_TRACE_BLOCKS 8       /* unique predecessors searched for a table's bound */
#define CFG_TRACE_BUDGET 256     /* register values looked up per jump */
#define CFG_TRACE_DEPTH 16       /* nested look-ups (a writer's operands, theirs ...) */
#define CFG_TABLE_MAX 4096       /* entries read of a table without a bound */
#define CFG_MATERIALISE_WINDOW 4 /* instructions after auipc/lui searched for its addi */

/* What the code before an instruction tells of a register's value. */
enum cfg_vk {
	CFG_V_UNKNOWN,
	CFG_V_CONST,     /* c */
	CFG_V_INDEX,     /* c plus an unknown offset: an element of the table at c */
	CFG_V_LOAD8,     /* 8 bytes loaded from the table at c: an absolute entry */
	CFG_V_LOAD4,     /* 4 sign-extended bytes loaded from the table at c */
	CFG_V_REL,       /* c2 plus a LOAD4 of the table at c: a relative entry */
	CFG_V_PTR,       /* 8 bytes loaded from an address not known: a pointer from elsewhere */
	CFG_V_WORD,      /* made from 4 bytes loaded from an address not known: a relative
	                    table whose base was not found */
};

struct cfg_val {
	uint8_t kind;    /* enum cfg_vk */
	uint64_t c, c2;
};

struct cfg_trace {
	const uint8_t *code;
	size_t len;
	uint64_t base;
	const struct cfg *g;         /* blocks cut at the labels */
	const uint32_t *ioff;        /* offsets of the region's instructions, ascending */
	size_t ni;
	const uint32_t *bfirst;      /* per block: index of its first instruction */
	const uint32_t *pred;        /* per block: its one predecessor, or CFG_NONE */
	const uint32_t *pred_first;  /* per block: its predecessors preds[first[b], first[b + 1]) */
	const uint32_t *preds;
	const uint8_t *label;        /* per block: starts at an address-taken label */
	const uint32_t *ind;         /* the blocks ending in an indirect jump */
	size_t nind;
	int budget;
};

static int cfg_insn_at(const struct cfg_trace *t, size_t i, struct isa_insn *in)
{
	return cfg_decode(t->code, t->len, t->ioff[i], in);
}

/* Index of the instruction at offset off, or ni. */
static size_t cfg_index_of(const uint32_t *ioff, size_t ni, uint64_t off)
{
	size_t lo = 0, hi = ni;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ioff[mid] < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < ni && ioff[lo] == off ? lo : ni;
}

static int cfg_writes(const struct isa_insn *in, uint8_t reg)
{
	return in->rd == reg && in->cls != ISA_CLASS_STORE && in->cls != ISA_CLASS_BRANCH;
}

/* x1, x5-x7, x10-x17, x28-x31: what a call may change. */
static int cfg_caller_saved(uint8_t r)
{
	return r == 1 || (r >= 5 && r <= 7) || (r >= 10 && r <= 17) || r >= 28;
}

static struct cfg_val cfg_eval(struct cfg_trace *t, uint8_t reg, size_t idx, int depth);

/* The value instruction i writes. */
static struct cfg_val cfg_eval_insn(struct cfg_trace *t, size_t i, int depth)
{
	struct cfg_val u = { CFG_V_UNKNOWN, 0, 0 }, a, b;
	struct isa_insn in;
	if (!cfg_insn_at(t, i, &in))
		return u;
	uint64_t pc = t->base + t->ioff[i];
	switch (in.op) {
	case ISA_OP_auipc:
		return (struct cfg_val){ CFG_V_CONST, pc + (uint64_t)in.imm, 0 };
	case ISA_OP_lui:
		return (struct cfg_val){ CFG_V_CONST, (uint64_t)in.imm, 0 };
	case ISA_OP_addi:
		a = cfg_eval(t, in.rs1, i, depth);
		if (a.kind == CFG_V_CONST || a.kind == CFG_V_INDEX)
			a.c += (uint64_t)in.imm;
		else if (a.kind == CFG_V_REL)
			a.c2 += (uint64_t)in.imm;
		else if (in.imm && a.kind != CFG_V_WORD)
			a.kind = CFG_V_UNKNOWN;
		return a;
	case ISA_OP_add:
		a = cfg_eval(t, in.rs1, i, depth);
		b = cfg_eval(t, in.rs2, i, depth);
		if (b.kind == CFG_V_CONST) {
			struct cfg_val x = a;
			a = b;
			b = x;
		}
		/* a is the constant if there is one */
		if (a.kind == CFG_V_CONST && !a.c)
			return b;  /* mv */
		if (a.kind == CFG_V_CONST && b.kind == CFG_V_CONST)
			return (struct cfg_val){ CFG_V_CONST, a.c + b.c, 0 };
		if (a.kind == CFG_V_CONST && b.kind == CFG_V_LOAD4)
			return (struct cfg_val){ CFG_V_REL, b.c, a.c };
		if (a.kind == CFG_V_WORD || b.kind == CFG_V_WORD || a.kind == CFG_V_LOAD4 ||
		    b.kind == CFG_V_LOAD4)
			return (struct cfg_val){ CFG_V_WORD, 0, 0 };
		if (a.kind == CFG_V_CONST && (b.kind == CFG_V_UNKNOWN || b.kind == CFG_V_INDEX))
			return (struct cfg_val){ CFG_V_INDEX, a.c, 0 };
		if (a.kind == CFG_V_INDEX && b.kind == CFG_V_UNKNOWN)
			return a;
		if (b.kind == CFG_V_INDEX && a.kind == CFG_V_UNKNOWN)
			return b;
		return u;
	case ISA_OP_ld:
		a = cfg_eval(t, in.rs1, i, depth);
		if (a.kind == CFG_V_CONST || a.kind == CFG_V_INDEX)
			return (struct cfg_val){ CFG_V_LOAD8, a.c + (uint64_t)in.imm, 0 };
		return (struct cfg_val){ CFG_V_PTR, 0, 0 };
	case ISA_OP_lw:
		a = cfg_eval(t, in.rs1, i, depth);
		if (a.kind == CFG_V_CONST || a.kind == CFG_V_INDEX)
			return (struct cfg_val){ CFG_V_LOAD4, a.c + (uint64_t)in.imm, 0 };
		return (struct cfg_val){ CFG_V_WORD, 0, 0 };
	default:
		return u;
	}
}

/* Push the blocks that enter block q onto stack (each block once, by seen): its
 * predecessors, and the region's indirect jumps when q has none known or starts at an
 * address-taken label. Returns 0 when q is the region's entry (what enters it is the
 * caller's), else 1. */
static int cfg_push_preds(const struct cfg_trace *t, uint32_t q, uint8_t *seen, uint32_t *stack,
			  size_t *sp)
{
	if (!q)
		return 0;
	if (t->label[q] || t->pred_first[q] == t->pred_first[q + 1])
		for (size_t k = 0; k < t->nind; k++)
			if (!seen[t->ind[k]]) {
				seen[t->ind[k]] = 1;
				stack[(*sp)++] = t->ind[k];
			}
	for (uint32_t k = t->pred_first[q]; k < t->pred_first[q + 1]; k++)
		if (!seen[t->preds[k]]) {
			seen[t->preds[k]] = 1;
			stack[(*sp)++] = t->preds[k];
		}
	return 1;
}

/* The value of reg at the start of block b, from the writers that reach it: the blocks
 * before it are searched backwards, each path to its first writer; a path reaching the
 * region's entry, or a call when reg is caller-saved, leaves it unknown; a block with no
 * known predecessor (or an address-taken label) is entered from the region's indirect jumps.
 * One writer gives its value; several must agree on one constant. */
static struct cfg_val cfg_eval_reaching(struct cfg_trace *t, uint8_t reg, uint32_t b, int depth)
{
	struct cfg_val u = { CFG_V_UNKNOWN, 0, 0 }, v = u;
	size_t nb = t->g->nblocks;
	uint8_t *seen = calloc(nb, 1);
	uint32_t *stack = malloc((nb + 1) * sizeof(*stack));
	size_t sp = 0, nwriters = 0, first_writer = 0;
	int ok = seen && stack;
	if (!ok)
		goto out;
	/* a block on the stack is searched from its end backwards */
	ok = cfg_push_preds(t, b, seen, stack, &sp);
	while (ok && sp) {
		uint32_t p = stack[--sp];
		size_t end = p + 1 < nb ? t->bfirst[p + 1] : t->ni, j;
		struct isa_insn in;
		for (j = end; j-- > t->bfirst[p];) {
			if (!cfg_insn_at(t, j, &in)) {
				ok = 0;
				break;
			}
			if (cfg_writes(&in, reg))
				break;
			if ((in.flags & ISA_F_CALL) && cfg_caller_saved(reg)) {
				ok = 0;
				break;
			}
		}
		if (!ok)
			break;
		if (j + 1 == 0 || j < t->bfirst[p]) {
			ok = cfg_push_preds(t, p, seen, stack, &sp);
			continue;
		}
		if (!nwriters++) {
			first_writer = j;
			continue;
		}
		if (nwriters == 2) {
			v = cfg_eval_insn(t, first_writer, depth + 1);
			if (v.kind != CFG_V_CONST) {
				ok = 0;
				break;
			}
		}
		struct cfg_val w = cfg_eval_insn(t, j, depth + 1);
		if (w.kind != CFG_V_CONST || w.c != v.c)
			ok = 0;
	}
	if (ok && nwriters == 1)
		v = cfg_eval_insn(t, first_writer, depth + 1);
	else if (!ok || !nwriters)
		v = u;
out:
	free(seen);
	free(stack);
	return v;
}

/* The value of reg just before instruction idx: its last writer in the block, else the
 * writers reaching the block (cfg_eval_reaching). */
static struct cfg_val cfg_eval(struct cfg_trace *t, uint8_t reg, size_t idx, int depth)
{
	struct cfg_val u = { CFG_V_UNKNOWN, 0, 0 };
	if (reg == 0)
		return (struct cfg_val){ CFG_V_CONST, 0, 0 };
	if (reg >= 32 || --t->budget < 0 || depth > CFG_TRACE_DEPTH)
		return u;
	uint32_t b = cfg_block_of(t->g, t->base + t->ioff[idx < t->ni ? idx : t->ni - 1]);
	if (b == CFG_NONE)
		return u;
	struct isa_insn in;
	for (size_t j = idx; j-- > t->bfirst[b];) {
		if (!cfg_insn_at(t, j, &in))
			return u;
		if (cfg_writes(&in, reg))
			return cfg_eval_insn(t, j, depth + 1);
		if ((in.flags & ISA_F_CALL) && cfg_caller_saved(reg))
			return u;
	}
	return cfg_eval_reaching(t, reg, b, depth);
}

/* The bound a guarding unsigned compare sets on the index of block b's table: entries, or 0. */
static uint64_t cfg_table_bound(struct cfg_trace *t, uint32_t b)
{
	t->budget = CFG_TRACE_BUDGET;
	for (int hop = 0; hop < CFG_TRACE_BLOCKS; hop++) {
		uint32_t p = t->pred[b];
		if (p == CFG_NONE)
			return 0;
		const struct cfg_block *pb = &t->g->blocks[p];
		size_t li = (p + 1 < t->g->nblocks ? t->bfirst[p + 1] : t->ni) - 1;
		struct isa_insn br;
		if (pb->end_kind == CFG_END_BRANCH && cfg_insn_at(t, li, &br) &&
		    (br.op == ISA_OP_bltu || br.op == ISA_OP_bgeu) && pb->succ[0] != pb->succ[1]) {
			int taken = pb->succ[0] == b;
			struct cfg_val x = cfg_eval(t, br.rs1, li, 0), y = cfg_eval(t, br.rs2, li, 0);
			/* bltu x,y taken: x < y; fall-through: x >= y; bgeu the other way round */
			int less = (br.op == ISA_OP_bltu) == taken;  /* x < y on this path */
			if (less && y.kind == CFG_V_CONST && y.c <= CFG_TABLE_MAX)
				return y.c;          /* idx < N */
			if (!less && x.kind == CFG_V_CONST && x.c < CFG_TABLE_MAX)
				return x.c + 1;      /* N >= idx */
		}
		b = p;
	}
	return 0;
}

struct cfg_jump {
	uint64_t addr;               /* the jump */
	uint8_t ind;                 /* enum cfg_ind */
	uint64_t *targets;
	size_t n;
};

static int cfg_push(uint64_t **v, size_t *n, size_t *cap, uint64_t x)
{
	if (*n == *cap) {
		size_t nc = *cap ? 2 * *cap : 16;
		uint64_t *y = realloc(*v, nc * sizeof(*y));
		if (!y)
			return -ENOMEM;
		*v = y;
		*cap = nc;
	}
	(*v)[(*n)++] = x;
	return 0;
}

/* Whether the region has an instruction at addr. */
static int cfg_is_insn(const struct cfg_trace *t, uint64_t addr)
{
	return addr >= t->base && addr - t->base < t->len &&
	       cfg_index_of(t->ioff, t->ni, addr - t->base) < t->ni;
}

/* Resolve block b's final indirect jump (instruction index li) into j. */
static int cfg_resolve(struct cfg_trace *t, const struct cfg_image *img, uint32_t b, size_t li,
		       const uint64_t *labels, size_t nlabels, struct cfg_jump *j)
{
	struct isa_insn jr;
	size_t cap = 0;
	j->ind = CFG_IND_UNKNOWN;
	if (!cfg_insn_at(t, li, &jr))
		return 0;
	t->budget = CFG_TRACE_BUDGET;
	struct cfg_val v = cfg_eval(t, jr.rs1, li, 0);
	uint64_t off = (uint64_t)jr.imm;
	if (v.kind == CFG_V_CONST) {
		uint64_t a = v.c + off;
		if (!cfg_is_insn(t, a)) {
			j->ind = CFG_IND_LEAVES;
			return 0;
		}
		j->ind = CFG_IND_CONST;
		return cfg_push(&j->targets, &j->n, &cap, a);
	}
	if ((v.kind == CFG_V_LOAD8 || v.kind == CFG_V_REL) && img->read) {
		uint64_t bound = cfg_table_bound(t, b), max = bound ? bound : CFG_TABLE_MAX;
		size_t w = v.kind == CFG_V_LOAD8 ? 8 : 4, q;
		uint64_t first = 0;
		for (q = 0; q < max; q++) {
			uint8_t e[8];
			if (img->read(img->ctx, v.c + w * q, e, w) != w)
				break;
			uint64_t x = 0;
			for (size_t k = w; k-- > 0;)
				x = x << 8 | e[k];
			uint64_t a = w == 8 ? x + off : v.c2 + (uint64_t)(int64_t)(int32_t)x + off;
			if (!q)
				first = a;
			if (!cfg_is_insn(t, a))
				break;
			int rc = cfg_push(&j->targets, &j->n, &cap, a);
			if (rc)
				return rc;
		}
		if (j->n && (!bound || q == bound)) {
			j->ind = CFG_IND_TABLE;
			return 0;
		}
		j->n = 0;
		if (bound || v.kind == CFG_V_REL)
			return 0;  /* a table that does not resolve whole: unknown */
		/* a table of other procedures' addresses: a tail call through it */
		if (first && (first < t->base || first - t->base >= t->len) && !(first & 1)) {
			const uint64_t *cp = img->code_ptrs;
			size_t lo = 0, hi = img->n_code_ptrs;
			while (lo < hi) {
				size_t mid = lo + (hi - lo) / 2;
				if (cp[mid] < first - off)
					lo = mid + 1;
				else
					hi = mid;
			}
			if (lo < img->n_code_ptrs && cp[lo] == first - off) {
				j->ind = CFG_IND_LEAVES;
				return 0;
			}
		}
	}
	if (v.kind == CFG_V_WORD || v.kind == CFG_V_LOAD4 || v.kind == CFG_V_REL)
		return 0;  /* a relative table not found */
	/* a pointer from elsewhere: after an epilogue (sp raised) a tail call; else any label of
	 * the region, or out of it when it has none */
	for (size_t k = t->bfirst[b]; k < li; k++) {
		struct isa_insn in;
		if (cfg_insn_at(t, k, &in) && in.op == ISA_OP_addi && in.rd == 2 && in.rs1 == 2 &&
		    in.imm > 0) {
			j->ind = CFG_IND_LEAVES;
			return 0;
		}
	}
	if (!nlabels) {
		j->ind = CFG_IND_LEAVES;
		return 0;
	}
	j->ind = CFG_IND_LABELS;
	for (size_t k = 0; k < nlabels; k++) {
		int rc = cfg_push(&j->targets, &j->n, &cap, labels[k]);
		if (rc)
			return rc;
	}
	return 0;
}

static int cfg_u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static void cfg_sort_unique(uint64_t *v, size_t *n)
{
	if (!*n)
		return;
	qsort(v, *n, sizeof(*v), cfg_u64_cmp);
	size_t k = 1;
	for (size_t i = 1; i < *n; i++)
		if (v[i] != v[k - 1])
			v[k++] = v[i];
	*n = k;
}

/* The address-taken code addresses inside (base, base + len): data words, and auipc/lui +
 * addi pairs of the region's own code. */
static int cfg_labels(const struct cfg_trace *t, const struct cfg_image *img, uint64_t **out,
		      size_t *n)
{
	size_t cap = 0;
	int rc = 0;
	for (size_t k = 0; k < img->n_code_ptrs && !rc; k++) {
		uint64_t a = img->code_ptrs[k];
		if (a != t->base && cfg_is_insn(t, a))
			rc = cfg_push(out, n, &cap, a);
	}
	for (size_t i = 0; i < t->ni && !rc; i++) {
		struct isa_insn in, nx;
		if (!cfg_insn_at(t, i, &in) || (in.op != ISA_OP_auipc && in.op != ISA_OP_lui) ||
		    !in.rd || in.rd >= 32)
			continue;
		uint64_t hi = in.op == ISA_OP_auipc ? t->base + t->ioff[i] + (uint64_t)in.imm
		                                    : (uint64_t)in.imm;
		for (size_t k = i + 1; k < t->ni && k <= i + CFG_MATERIALISE_WINDOW; k++) {
			if (!cfg_insn_at(t, k, &nx) || is_transfer(&nx))
				break;
			if (nx.op == ISA_OP_addi && nx.rs1 == in.rd) {
				uint64_t a = hi + (uint64_t)nx.imm;
				if (a != t->base && cfg_is_insn(t, a))
					rc = cfg_push(out, n, &cap, a);
				break;
			}
			if (cfg_writes(&nx, in.rd) || nx.rs1 == in.rd || nx.rs2 == in.rd)
				break;
		}
	}
	if (!rc)
		cfg_sort_unique(*out, n);
	return rc;
}

int cfg_build_image(const uint8_t *code, size_t len, uint64_t base, const struct cfg_image *img,
		    struct cfg *g)
{
	if (!img)
		return cfg_build(code, len, base, g);
	struct cfg g1;
	uint32_t *ioff = NULL, *bfirst = NULL, *pred = NULL, *pred_first = NULL, *preds = NULL;
	uint32_t *ind = NULL;
	uint8_t *npred = NULL;
	uint64_t *labels = NULL, *heads = NULL;
	size_t nlabels = 0, nheads = 0, ni = 0, njumps = 0;
	struct cfg_jump *jumps = NULL;
	int rc = cfg_build(code, len, base, &g1);
	if (rc)
		return rc;
	rc = -ENOMEM;
	/* the instructions */
	if (!(ioff = malloc((g1.ninsns ? g1.ninsns : 1) * sizeof(*ioff))))
		goto out;
	for (size_t b = 0; b < g1.nblocks; b++) {
		struct isa_insn in;
		for (uint64_t a = g1.blocks[b].start; a < g1.blocks[b].end && ni < g1.ninsns;) {
			int n = cfg_decode(code, len, a - base, &in);
			if (!n)
				break;
			ioff[ni++] = (uint32_t)(a - base);
			a += (uint64_t)n;
		}
	}
	struct cfg_trace t = { .code = code, .len = len, .base = base, .g = &g1, .ioff = ioff,
	                       .ni = ni };
	if ((rc = cfg_labels(&t, img, &labels, &nlabels)))
		goto out;
	/* the blocks cut at the labels, their first instructions and unique predecessors */
	cfg_free(&g1);
	if ((rc = cfg_build_heads(code, len, base, labels, nlabels, &g1)))
		goto out;
	rc = -ENOMEM;
	size_t nb = g1.nblocks ? g1.nblocks : 1;
	bfirst = malloc(nb * sizeof(*bfirst));
	pred = malloc(nb * sizeof(*pred));
	npred = calloc(nb, 1);
	if (!bfirst || !pred || !npred)
		goto out;
	for (size_t b = 0; b < g1.nblocks; b++) {
		bfirst[b] = (uint32_t)cfg_index_of(ioff, ni, g1.blocks[b].start - base);
		pred[b] = CFG_NONE;
	}
	if (g1.nblocks)
		npred[0] = 2;  /* the region's entry */
	for (size_t k = 0; k < nlabels; k++) {
		uint32_t b = cfg_block_of(&g1, labels[k]);
		if (b != CFG_NONE)
			npred[b] = 2;  /* entered from indirect jumps */
	}
	for (size_t b = 0; b < g1.nblocks; b++)
		for (int k = 0; k < 2; k++) {
			uint32_t s = g1.blocks[b].succ[k];
			if (s == CFG_NONE || (k && s == g1.blocks[b].succ[0]))
				continue;
			if (npred[s] < 2)
				npred[s]++;
			pred[s] = (uint32_t)b;
		}
	for (size_t b = 0; b < g1.nblocks; b++)
		if (npred[b] != 1)
			pred[b] = CFG_NONE;
	/* every predecessor, the labels and the indirect jumps for cfg_eval_reaching */
	pred_first = calloc(nb + 1, sizeof(*pred_first));
	preds = malloc(2 * nb * sizeof(*preds));
	ind = malloc(nb * sizeof(*ind));
	if (!pred_first || !preds || !ind)
		goto out;
	memset(npred, 0, nb);
	for (size_t k = 0; k < nlabels; k++) {
		uint32_t b = cfg_block_of(&g1, labels[k]);
		if (b != CFG_NONE)
			npred[b] = 1;
	}
	for (size_t b = 0; b < g1.nblocks; b++) {
		for (int k = 0; k < 2; k++) {
			uint32_t s = g1.blocks[b].succ[k];
			if (s != CFG_NONE && !(k && s == g1.blocks[b].succ[0]))
				pred_first[s + 1]++;
		}
		if (g1.blocks[b].end_kind == CFG_END_INDIRECT)
			ind[t.nind++] = (uint32_t)b;
	}
	for (size_t b = 0; b < nb; b++)
		pred_first[b + 1] += pred_first[b];
	/* fill from the back: pred_first[s + 1] counts down to pred_first[s] */
	uint32_t *fill = malloc(nb * sizeof(*fill));
	if (!fill)
		goto out;
	for (size_t b = 0; b < nb; b++)
		fill[b] = pred_first[b + 1];
	for (size_t b = 0; b < g1.nblocks; b++)
		for (int k = 0; k < 2; k++) {
			uint32_t s = g1.blocks[b].succ[k];
			if (s != CFG_NONE && !(k && s == g1.blocks[b].succ[0]))
				preds[--fill[s]] = (uint32_t)b;
		}
	free(fill);
	t.label = npred;
	t.g = &g1;
	t.bfirst = bfirst;
	t.pred = pred;
	t.pred_first = pred_first;
	t.preds = preds;
	t.ind = ind;
	/* the jumps */
	size_t capj = 0, caph = 0;
	for (size_t k = 0; k < nlabels; k++)
		if ((rc = cfg_push(&heads, &nheads, &caph, labels[k])))
			goto out;
	for (size_t b = 0; b < g1.nblocks; b++) {
		if (g1.blocks[b].end_kind != CFG_END_INDIRECT)
			continue;
		if (njumps == capj) {
			size_t nc = capj ? 2 * capj : 8;
			struct cfg_jump *x = realloc(jumps, nc * sizeof(*x));
			if (!x) {
				rc = -ENOMEM;
				goto out;
			}
			jumps = x;
			capj = nc;
		}
		struct cfg_jump *j = &jumps[njumps++];
		memset(j, 0, sizeof(*j));
		size_t li = (b + 1 < g1.nblocks ? bfirst[b + 1] : ni) - 1;
		j->addr = base + ioff[li];
		if ((rc = cfg_resolve(&t, img, (uint32_t)b, li, labels, nlabels, j)))
			goto out;
		for (size_t k = 0; k < j->n && j->ind != CFG_IND_LABELS; k++)
			if ((rc = cfg_push(&heads, &nheads, &caph, j->targets[k])))
				goto out;
	}
	/* the final blocks, cut at the labels and the targets */
	if ((rc = cfg_build_heads(code, len, base, heads, nheads, g)))
		goto out;
	size_t total = 0;
	for (size_t k = 0; k < njumps; k++)
		total += jumps[k].n;
	if (total && !(g->isucc = malloc(total * sizeof(*g->isucc)))) {
		rc = -ENOMEM;
		cfg_free(g);
		goto out;
	}
	for (size_t k = 0; k < njumps; k++) {
		struct cfg_jump *j = &jumps[k];
		uint32_t b = cfg_block_of(g, j->addr);
		if (b == CFG_NONE || g->blocks[b].end_kind != CFG_END_INDIRECT)
			continue;
		struct cfg_block *cb = &g->blocks[b];
		cb->ind = j->ind;
		cb->isucc_first = (uint32_t)g->n_isucc;
		cfg_sort_unique(j->targets, &j->n);
		for (size_t q = 0; q < j->n; q++) {
			uint32_t s = cfg_block_of(g, j->targets[q]);
			if (s != CFG_NONE && g->blocks[s].start == j->targets[q])
				g->isucc[g->n_isucc++] = s;
		}
		cb->isucc_n = (uint32_t)(g->n_isucc - cb->isucc_first);
		if (!cb->isucc_n && cb->ind != CFG_IND_LEAVES)
			cb->ind = CFG_IND_UNKNOWN;
	}
	g->labels = labels;
	g->nlabels = nlabels;
	labels = NULL;
	rc = 0;
out:
	for (size_t k = 0; k < njumps; k++)
		free(jumps[k].targets);
	free(jumps);
	free(heads);
	free(labels);
	free(bfirst);
	free(pred);
	free(pred_first);
	free(preds);
	free(ind);
	free(npred);
	free(ioff);
	cfg_free(&g1);
	return rc;
}

uint32_t cfg_block_of(const struct cfg *g, uint64_t addr)
{
	size_t lo = 0, hi = g->nblocks;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (g->blocks[mid].end <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < g->nblocks && g->blocks[lo].start <= addr && addr < g->blocks[lo].end)
		return (uint32_t)lo;
	return CFG_NONE;
}

void cfg_free(struct cfg *g)
{
	free(g->blocks);
	free(g->isucc);
	free(g->labels);
	memset(g, 0, sizeof(*g));
}
