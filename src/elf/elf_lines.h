/*
 * elf_lines.h — source positions of code addresses from DWARF (libdw): the line table's
 * file and line, and the chain of inlined functions with their call sites, innermost first.
 * Addresses are link-time virtual addresses.
 */
#ifndef ROBIN_ELF_LINES_H
#define ROBIN_ELF_LINES_H

#include <elfutils/libdw.h>
#include <stdint.h>

#include "elf/elf_image.h"

#define ELF_LINE_INLINE_MAX 8

/* Source position of an address: the innermost (inlined) location first. */
struct elf_line {
	int n;                      /* entries filled; 0 = no line information */
	struct {
		const char *file;   /* as DWARF names it (absolute when the compile dir is known) */
		int line;
		const char *func;   /* the function this position is in (inlined callee first,
		                       outermost caller last), NULL if unknown */
	} at[ELF_LINE_INLINE_MAX];
};

/* DWARF of an open image when it has .debug_info with bytes, else NULL; dwarf_end() it. */
Dwarf *elf_lines_open(const struct elf_image *im);

/* Fill *out for address addr (out->n = 0 without line information). Strings stay valid
 * while dw is open. */
void elf_lines_at(Dwarf *dw, uint64_t addr, struct elf_line *out);

#endif
