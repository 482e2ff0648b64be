/*
 * symtab.c — function and object symbols of an ELF file for fault messages, read through
 * src/elf/ (.symtab, else .dynsym). A corrupt or missing table just yields no names.
 */
#include "emu/symtab.h"
#include "elf/elf_image.h"

#include <stdlib.h>
#include <string.h>

static int symtab_cmp(const void *a, const void *b)
{
	const struct symtab_sym *x = a, *y = b;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

struct symtab_build {
	struct symtab_sym *syms;
	size_t n, cap;
	char *names;
	size_t names_len, names_cap;
};

/* Keep named code and data symbols of a defined section, not mapping symbols or labels. */
static int symtab_add(void *arg, const struct elf_image_sym *s)
{
	struct symtab_build *b = arg;
	const char *nm = s->name;
	if ((s->type != STT_FUNC && s->type != STT_OBJECT && s->type != STT_NOTYPE) ||
	    s->shndx == SHN_UNDEF || s->shndx == SHN_ABS || !*nm || !s->value)
		return 0;
	if (s->type == STT_NOTYPE && (nm[0] == '$' || nm[0] == '.' || (nm[0] == 'L' && nm[1] == '0')))
		return 0;  /* mapping symbols and local labels */
	size_t len = strlen(nm) + 1;
	if (b->n == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 256;
		struct symtab_sym *v = realloc(b->syms, cap * sizeof(*v));
		if (!v)
			return -1;
		b->syms = v;
		b->cap = cap;
	}
	if (b->names_len + len > b->names_cap) {
		size_t cap = 2 * (b->names_len + len) + 4096;
		char *v = realloc(b->names, cap);
		if (!v)
			return -1;
		b->names = v;
		b->names_cap = cap;
	}
	memcpy(b->names + b->names_len, nm, len);
	b->syms[b->n++] = (struct symtab_sym){ s->value, s->size, (uint32_t)b->names_len };
	b->names_len += len;
	return 0;
}

struct symtab *symtab_load(const char *path)
{
	struct elf_image im;
	struct symtab_build b = { 0 };
	struct symtab *t = NULL;
	if (elf_image_open(&im, path))
		return NULL;
	if (im.ident.is64) {
		if (elf_image_symbols(&im, SHT_SYMTAB, symtab_add, &b) < 0)
			b.n = 0;
		if (!b.n && elf_image_symbols(&im, SHT_DYNSYM, symtab_add, &b) < 0)
			b.n = 0;
	}
	elf_image_close(&im);
	if (b.n && b.names_len <= UINT32_MAX && (t = calloc(1, sizeof(*t)))) {
		qsort(b.syms, b.n, sizeof(*b.syms), symtab_cmp);
		t->syms = b.syms;
		t->n = b.n;
		t->names = b.names;
		t->names_len = b.names_len;
		return t;
	}
	free(b.syms);
	free(b.names);
	return NULL;
}

const char *symtab_lookup(const struct symtab *t, uint64_t addr, uint64_t *off)
{
	if (!t || !t->n || addr < t->syms[0].addr)
		return NULL;
	size_t lo = 0, hi = t->n;  /* last symbol with addr <= target */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->syms[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	/* prefer a sized symbol that covers addr among those at the same address */
	const struct symtab_sym *s = &t->syms[lo];
	while (lo > 0 && t->syms[lo - 1].addr == s->addr) {
		lo--;
		if (t->syms[lo].size > s->size)
			s = &t->syms[lo];
	}
	if (s->size ? addr - s->addr >= s->size : addr - s->addr >= (1u << 16))
		return NULL;  /* past the symbol: better name the image and offset */
	*off = addr - s->addr;
	return t->names + s->name;
}

void symtab_free(struct symtab *t)
{
	if (!t)
		return;
	free(t->syms);
	free(t->names);
	free(t);
}
