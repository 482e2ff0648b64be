/*
 * symtab.c — read function and object symbols of an ELF64 file for fault messages. Every
 * offset and size is checked against the file; anything inconsistent is skipped.
 */
#include "emu/symtab.h"
#include "util/regfile.h"

#include <elf.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int symtab_read(int fd, uint64_t fsize, uint64_t off, uint64_t len, void *dst)
{
	if (off > fsize || len > fsize - off)
		return -1;
	return pread(fd, dst, len, (off_t)off) == (ssize_t)len ? 0 : -1;
}

static int symtab_cmp(const void *a, const void *b)
{
	const struct symtab_sym *x = a, *y = b;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* Load the symbols of section `sh` (SHT_SYMTAB or SHT_DYNSYM) with its string table. */
static struct symtab *symtab_from(int fd, uint64_t fsize, const Elf64_Shdr *sh, const Elf64_Shdr *strsh)
{
	struct symtab *t = calloc(1, sizeof(*t));
	Elf64_Sym *raw = NULL;
	if (!t || sh->sh_entsize != sizeof(Elf64_Sym) || strsh->sh_size > (64u << 20) ||
	    sh->sh_size > (256u << 20))
		goto fail;
	size_t nraw = sh->sh_size / sizeof(Elf64_Sym);
	raw = malloc(nraw * sizeof(Elf64_Sym) + 1);
	t->names = malloc(strsh->sh_size + 1);
	t->syms = malloc((nraw + 1) * sizeof(*t->syms));
	if (!raw || !t->names || !t->syms)
		goto fail;
	if (symtab_read(fd, fsize, sh->sh_offset, nraw * sizeof(Elf64_Sym), raw) ||
	    symtab_read(fd, fsize, strsh->sh_offset, strsh->sh_size, t->names))
		goto fail;
	t->names[strsh->sh_size] = 0;
	t->names_len = strsh->sh_size;
	for (size_t i = 0; i < nraw; i++) {
		unsigned type = ELF64_ST_TYPE(raw[i].st_info);
		if ((type != STT_FUNC && type != STT_OBJECT && type != STT_NOTYPE) ||
		    raw[i].st_shndx == SHN_UNDEF || raw[i].st_shndx == SHN_ABS ||
		    raw[i].st_name == 0 || raw[i].st_name >= strsh->sh_size || !raw[i].st_value)
			continue;
		const char *nm = t->names + raw[i].st_name;
		if (type == STT_NOTYPE && (nm[0] == '$' || nm[0] == '.' || (nm[0] == 'L' && nm[1] == '0')))
			continue;  /* mapping symbols and local labels */
		t->syms[t->n].addr = raw[i].st_value;
		t->syms[t->n].size = raw[i].st_size;
		t->syms[t->n].name = raw[i].st_name;
		t->n++;
	}
	free(raw);
	if (!t->n) {
		symtab_free(t);
		return NULL;
	}
	if (t->n) /* qsort needs a non-NULL base even for 0 items */
		qsort(t->syms, t->n, sizeof(*t->syms), symtab_cmp);
	return t;
fail:
	free(raw);
	symtab_free(t);
	return NULL;
}

struct symtab *symtab_load(const char *path)
{
	struct symtab *t = NULL;
	Elf64_Shdr *sh = NULL;
	struct stat st;
	Elf64_Ehdr eh;
	int fd = regfile_open(path);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) < 0 || symtab_read(fd, (uint64_t)st.st_size, 0, sizeof(eh), &eh) ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG) || eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_shentsize != sizeof(Elf64_Shdr) || !eh.e_shnum)
		goto out;
	uint64_t fsize = (uint64_t)st.st_size;
	sh = malloc((size_t)eh.e_shnum * sizeof(*sh));
	if (!sh || symtab_read(fd, fsize, eh.e_shoff, (uint64_t)eh.e_shnum * sizeof(*sh), sh))
		goto out;
	for (int want = SHT_SYMTAB; !t; want = SHT_DYNSYM) {
		for (unsigned i = 0; i < eh.e_shnum && !t; i++)
			if (sh[i].sh_type == (unsigned)want && sh[i].sh_link < eh.e_shnum)
				t = symtab_from(fd, fsize, &sh[i], &sh[sh[i].sh_link]);
		if (want == SHT_DYNSYM)
			break;
	}
out:
	free(sh);
	close(fd);
	return t;
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
