/*
 * elf_lines.c — DWARF line tables and inline chains through libdw (see elf_lines.h).
 */
#include "elf/elf_lines.h"

#include <dwarf.h>

Dwarf *elf_lines_open(const struct elf_image *im)
{
	if (!im->elf || !elf_image_has_section(im, ".debug_info", 1))
		return NULL;
	return dwarf_begin_elf(im->elf, DWARF_C_READ, NULL);
}

static const char *elf_lines_die_name(Dwarf_Die *die)
{
	Dwarf_Attribute a;
	if (dwarf_attr_integrate(die, DW_AT_name, &a))
		return dwarf_formstring(&a);
	return NULL;
}

/* Descend the concrete DIE tree from `parent` to the DIEs containing pc, recording the
 * subprogram and inlined_subroutine DIEs outermost first. (dwarf_getscopes follows an
 * inlined instance to its abstract definition's scopes, losing the caller.) */
static void elf_lines_chain(Dwarf_Die *parent, Dwarf_Addr pc, Dwarf_Die *chain, int *n)
{
	Dwarf_Die child;
	if (dwarf_child(parent, &child) != 0)
		return;
	do {
		int tag = dwarf_tag(&child);
		int func = tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine;
		if (func || tag == DW_TAG_lexical_block) {
			if (dwarf_haspc(&child, pc) != 1)
				continue;
			if (func && *n < ELF_LINE_INLINE_MAX)
				chain[(*n)++] = child;
			elf_lines_chain(&child, pc, chain, n);
			return;
		}
		if (tag == DW_TAG_namespace || tag == DW_TAG_class_type ||
		    tag == DW_TAG_structure_type) {
			int before = *n;
			elf_lines_chain(&child, pc, chain, n);
			if (*n > before)
				return;
		}
	} while (dwarf_siblingof(&child, &child) == 0);
}

void elf_lines_at(Dwarf *dw, uint64_t addr, struct elf_line *out)
{
	Dwarf_Die cudie, chain[ELF_LINE_INLINE_MAX];
	int n = 0;
	out->n = 0;
	if (!dw || !dwarf_addrdie(dw, addr, &cudie))
		return;
	Dwarf_Line *l = dwarf_getsrc_die(&cudie, addr);
	if (!l)
		return;
	int line = 0;
	dwarf_lineno(l, &line);
	out->at[0].file = dwarf_linesrc(l, NULL, NULL);
	out->at[0].line = line;
	out->at[0].func = NULL;
	out->n = 1;

	elf_lines_chain(&cudie, addr, chain, &n);
	Dwarf_Files *files = NULL;
	size_t nfiles = 0;
	if (dwarf_getsrcfiles(&cudie, &files, &nfiles))
		files = NULL;
	/* chain[n-1] is innermost: its name goes with the line-table position; each inlined
	 * instance's call site is the position in the next outer function. */
	for (int i = n - 1, k = 0; i >= 0 && k < ELF_LINE_INLINE_MAX; i--) {
		out->at[k].func = elf_lines_die_name(&chain[i]);
		if (dwarf_tag(&chain[i]) != DW_TAG_inlined_subroutine || k + 1 >= ELF_LINE_INLINE_MAX)
			break;
		Dwarf_Attribute a;
		Dwarf_Word cf = 0, cl = 0;
		if (dwarf_attr(&chain[i], DW_AT_call_file, &a))
			dwarf_formudata(&a, &cf);
		if (dwarf_attr(&chain[i], DW_AT_call_line, &a))
			dwarf_formudata(&a, &cl);
		k++;
		out->at[k].file = files && cf < nfiles ? dwarf_filesrc(files, cf, NULL, NULL) : NULL;
		out->at[k].line = (int)cl;
		out->at[k].func = NULL;
		out->n = k + 1;
	}
}
