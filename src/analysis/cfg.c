/*
 * cfg.c — basic blocks and successor edges of riscv64 code (see cfg.h). Two passes over the
 * decoded instructions: mark leaders (targets and the instruction after a control transfer),
 * then cut blocks at leaders and control transfers and resolve successors by binary search.
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

int cfg_build(const uint8_t *code, size_t len, uint64_t base, struct cfg *g)
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
	memset(g, 0, sizeof(*g));
}
