/*
 * symtab.h — function symbols of a riscv64 ELF file (from .symtab, else .dynsym, read through
 * src/elf/), sorted by address, to name the PC of a guest fault ("<main+0x1c>"). A corrupt
 * or missing symbol table just yields no names.
 */
#ifndef ROBIN_EMU_SYMTAB_H
#define ROBIN_EMU_SYMTAB_H

#include <stddef.h>
#include <stdint.h>

struct symtab_sym {
	uint64_t addr;   /* ELF virtual address */
	uint64_t size;   /* bytes, 0 if unknown */
	uint32_t name;   /* offset into names */
};

struct symtab {
	struct symtab_sym *syms;
	size_t n;
	char *names;
	size_t names_len;
};

/* Load the symbols of the ELF file at path. Returns NULL if none could be read. */
struct symtab *symtab_load(const char *path);
/* Name the symbol containing ELF address addr: "name" and the offset in *off. NULL if none. */
const char *symtab_lookup(const struct symtab *t, uint64_t addr, uint64_t *off);
void symtab_free(struct symtab *t);

#endif
