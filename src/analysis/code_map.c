/*
 * code_map.c — runtime pc → image, function, basic block, source, disassembly (code_map.h).
 */
#include "analysis/code_map.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"

#define CODE_MAP_KEY_NOBLOCK (1ull << 63)   /* block key: a pc whose code did not decode */
#define CODE_MAP_KEY_NOFUNC  (1ull << 62)   /* function key: outside symbols of an image */
#define CODE_MAP_KEY_NOIMAGE (1ull << 61)   /* function key: in no image */
#define CODE_MAP_FUNC_MAX (64u << 20)       /* larger "functions" are not decoded */

void code_map_init(struct code_map *m)
{
	memset(m, 0, sizeof(*m));
}

static int code_map_image_of(struct code_map *m, const char *path, uint64_t bias)
{
	for (size_t i = 0; i < m->nim; i++)
		if (m->im[i].bias == bias && !strcmp(m->im[i].path, path))
			return (int)i;
	struct code_map_image *w = realloc(m->im, (m->nim + 1) * sizeof(*w));
	if (!w)
		return -ENOMEM;
	m->im = w;
	struct code_map_image *im = &m->im[m->nim];
	memset(im, 0, sizeof(*im));
	if (!(im->path = strdup(path)))
		return -ENOMEM;
	im->bias = bias;
	char err[SYMBOLS_ERR_MAX];
	if (symbols_identify(path, &im->ident, err))
		memset(&im->ident, 0, sizeof(im->ident));
	return (int)m->nim++;
}

int code_map_add(struct code_map *m, const char *path, uint64_t start, uint64_t end,
		 uint64_t bias)
{
	if (end <= start)
		return -EINVAL;
	size_t pos = 0;
	while (pos < m->nr && m->r[pos].start < start)
		pos++;
	if ((pos < m->nr && m->r[pos].start < end) || (pos > 0 && m->r[pos - 1].end > start))
		return -EINVAL;
	int k = code_map_image_of(m, path, bias);
	if (k < 0)
		return k;
	struct code_map_range *w = realloc(m->r, (m->nr + 1) * sizeof(*w));
	if (!w)
		return -ENOMEM;
	m->r = w;
	memmove(&m->r[pos + 1], &m->r[pos], (m->nr - pos) * sizeof(*w));
	m->r[pos].start = start;
	m->r[pos].end = end;
	m->r[pos].image = (uint32_t)k;
	m->nr++;
	return 0;
}

static struct symbols *code_map_syms(struct code_map *m, int k)
{
	struct code_map_image *im = &m->im[k];
	if (!im->opened) {
		char err[SYMBOLS_ERR_MAX];
		im->opened = 1;
		if (symbols_open(im->path, im->ident.build_id, &im->syms, err))
			im->syms = NULL;
	}
	return im->syms;
}

static size_t code_map_cfg_hash(uint32_t image, uint64_t start, size_t mask)
{
	return (size_t)(((start ^ ((uint64_t)image << 48)) * 0x9e3779b97f4a7c15ull) >> 32) & mask;
}

/* The CFG of function fn of image k, built on first use; NULL on -ENOMEM (*rc set). */
static const struct cfg *code_map_cfg(struct code_map *m, int k, const struct symbols_func *fn,
				      int *rc)
{
	*rc = 0;
	if (m->cfg_nslot) {
		size_t mask = m->cfg_nslot - 1, h = code_map_cfg_hash((uint32_t)k, fn->start, mask);
		for (; m->cfg_slot[h]; h = (h + 1) & mask) {
			struct code_map_cfg *c = &m->cfgs[m->cfg_slot[h] - 1];
			if (c->image == (uint32_t)k && c->func_start == fn->start)
				return &c->g;
		}
	}
	if (m->ncfg == m->cfg_cap) {
		size_t cap = m->cfg_cap ? 2 * m->cfg_cap : 64, nslot = 2 * cap;
		struct code_map_cfg *w = realloc(m->cfgs, cap * sizeof(*w));
		uint32_t *slot = calloc(nslot, sizeof(*slot));
		if (w)
			m->cfgs = w;
		if (!w || !slot) {
			free(slot);
			*rc = -ENOMEM;
			return NULL;
		}
		for (size_t i = 0; i < m->ncfg; i++) {
			size_t h = code_map_cfg_hash(m->cfgs[i].image, m->cfgs[i].func_start, nslot - 1);
			while (slot[h])
				h = (h + 1) & (nslot - 1);
			slot[h] = (uint32_t)(i + 1);
		}
		free(m->cfg_slot);
		m->cfg_slot = slot;
		m->cfg_nslot = nslot;
		m->cfg_cap = cap;
	}
	struct code_map_cfg *c = &m->cfgs[m->ncfg];
	memset(c, 0, sizeof(*c));
	c->image = (uint32_t)k;
	c->func_start = fn->start;
	struct symbols *s = m->im[k].syms;
	if (fn->size && fn->size <= CODE_MAP_FUNC_MAX && !strcmp(m->im[k].ident.arch, "riscv64")) {
		uint8_t *code = malloc(fn->size);
		if (!code) {
			*rc = -ENOMEM;
			return NULL;
		}
		size_t n = symbols_read(s, fn->start, code, fn->size);
		int r = n ? cfg_build(code, n, fn->start, &c->g) : 0;
		free(code);
		if (r == -ENOMEM) {
			*rc = r;
			return NULL;
		}
		if (r)
			memset(&c->g, 0, sizeof(c->g));
	}
	size_t mask = m->cfg_nslot - 1, h = code_map_cfg_hash((uint32_t)k, fn->start, mask);
	while (m->cfg_slot[h])
		h = (h + 1) & mask;
	m->cfg_slot[h] = (uint32_t)(++m->ncfg);
	return &c->g;
}

int code_map_locate(struct code_map *m, uint64_t pc, struct code_loc *out)
{
	memset(out, 0, sizeof(*out));
	out->image = -1;
	out->offset = pc;
	out->block = pc;
	size_t lo = 0, hi = m->nr;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (m->r[mid].end <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == m->nr || m->r[lo].start > pc)
		return 0;
	int k = (int)m->r[lo].image;
	out->image = k;
	out->offset = pc - m->im[k].bias;
	struct symbols *s = code_map_syms(m, k);
	if (!s)
		return 0;
	out->func = symbols_lookup(s, out->offset);
	if (!out->func)
		return 0;
	int rc;
	const struct cfg *g = code_map_cfg(m, k, out->func, &rc);
	if (!g)
		return rc;
	uint32_t b = g->nblocks ? cfg_block_of(g, out->offset) : CFG_NONE;
	if (b != CFG_NONE) {
		out->block = g->blocks[b].start + m->im[k].bias;
		out->block_ok = 1;
	}
	return 0;
}

uint64_t code_map_key_insn(const struct code_loc *l, uint64_t pc)
{
	(void)l;
	return pc;
}

uint64_t code_map_key_block(const struct code_loc *l, uint64_t pc)
{
	return l->block_ok ? l->block : (pc | CODE_MAP_KEY_NOBLOCK);
}

uint64_t code_map_key_func(const struct code_map *m, const struct code_loc *l)
{
	if (l->image < 0)
		return CODE_MAP_KEY_NOIMAGE;
	if (!l->func)
		return CODE_MAP_KEY_NOFUNC | (uint64_t)l->image;
	return l->func->start + m->im[l->image].bias;
}

void code_map_describe(struct code_map *m, const struct code_loc *l, uint64_t pc,
		       const struct isa_insn *in, char *where, char *source, char *disasm)
{
	source[0] = 0;
	disasm[0] = 0;
	if (l->func) {
		uint64_t off = l->offset - l->func->start;
		if (off)
			snprintf(where, CODE_MAP_TEXT_MAX, "%s+0x%" PRIx64, l->func->name, off);
		else
			snprintf(where, CODE_MAP_TEXT_MAX, "%s", l->func->name);
	} else if (l->image >= 0) {
		const char *base = strrchr(m->im[l->image].path, '/');
		snprintf(where, CODE_MAP_TEXT_MAX, "%s+0x%" PRIx64,
		         base ? base + 1 : m->im[l->image].path, l->offset);
	} else {
		snprintf(where, CODE_MAP_TEXT_MAX, "0x%" PRIx64, pc);
	}
	if (l->image >= 0 && m->im[l->image].syms) {
		struct elf_line sl;
		if (symbols_line(m->im[l->image].syms, l->offset, &sl) == 0 && sl.n > 0 &&
		    sl.at[0].file) {
			const char *f = strrchr(sl.at[0].file, '/');
			snprintf(source, CODE_MAP_TEXT_MAX, "%s:%d", f ? f + 1 : sl.at[0].file,
			         sl.at[0].line);
		}
	}
	if (in)
		isa_disasm(in, l->offset, disasm, CODE_MAP_TEXT_MAX);
}

const struct cfg *code_map_func_cfg(struct code_map *m, int k, const struct symbols_func *fn,
				    int *rc)
{
	return code_map_cfg(m, k, fn, rc);
}

void code_map_free(struct code_map *m)
{
	for (size_t i = 0; i < m->nim; i++) {
		free(m->im[i].path);
		symbols_close(m->im[i].syms);
	}
	for (size_t i = 0; i < m->ncfg; i++)
		cfg_free(&m->cfgs[i].g);
	free(m->im);
	free(m->r);
	free(m->cfgs);
	free(m->cfg_slot);
	memset(m, 0, sizeof(*m));
}
