/*
 * elf_objsyms.h — the symbols of a riscv64 ELF file as `objdump -d` (GNU binutils 2.40) sees
 * them, for `robin disasm`: .symtab (else .dynsym) with objdump's sort order and validity
 * rules, synthetic "name@plt" entries, dynamic relocations with symbol versions, the
 * global pointer, objdump's find_symbol_for_address, the executable sections' bytes, and ar
 * archives of such files. Read through libelf; no output of its own.
 */
#ifndef ROBIN_ELF_OBJSYMS_H
#define ROBIN_ELF_OBJSYMS_H

#include <stddef.h>
#include <stdint.h>

#include "elf/elf_image.h"

#define ELF_OBJSYM_LOCAL     (1u << 0)
#define ELF_OBJSYM_GLOBAL    (1u << 1)
#define ELF_OBJSYM_FUNCTION  (1u << 2)
#define ELF_OBJSYM_OBJECT    (1u << 3)
#define ELF_OBJSYM_SYNTHETIC (1u << 4)
#define ELF_OBJSYM_UNDEF     (1u << 5)
#define ELF_OBJSYM_SECTION   (1u << 6)  /* section symbol (kept only for .plt* and .got*) */

#define ELF_OBJSYM_SEC_ABS 0xfff1u

struct elf_objsym {
	uint64_t value;
	uint64_t secval;     /* value relative to its section (bfd's sym->value) */
	uint64_t size;
	const char *name;    /* points into ELF data or into names_pool */
	unsigned shndx;      /* section index, ELF_OBJSYM_SEC_ABS */
	const char *secname; /* name of that section ("*ABS*") */
	unsigned flags;      /* ELF_OBJSYM_* */
	const char *version; /* for symbols of dynamic relocations: "GLIBC_2.27", or NULL */
	int hidden;          /* print "@" (not "@@") before the version */
};

struct elf_objrel {
	uint64_t address;
	struct elf_objsym sym;     /* symbol of the relocation (never absolute) */
	int has_sym;
};

struct elf_objsyms {
	const char *path;     /* file name as printed */
	Elf *elf;
	int relocatable;      /* ET_REL: prefer symbols of the current section */
	struct elf_objsym *syms;    /* sorted as objdump sorts them */
	size_t nsyms;
	struct elf_objrel *rels;  /* dynamic relocations sorted by address */
	size_t nrels;
	char *names_pool;     /* synthetic names ("printf@plt") */
	uint64_t gp;
	int has_gp;
	/* current section while printing */
	unsigned sec_index;
	uint64_t sec_vma, sec_size;
	const char *sec_name;
};

/* objdump's symbol validity: not the assembler's fake label or mapping symbols. */
int elf_objsym_valid(const struct elf_objsym *s);

/* Sort the symbols as objdump does while it lists section `secname`. */
void elf_objsyms_sort(struct elf_objsyms *im, const char *secname);

/* objdump's find_symbol_for_address for vma in the current section (im->sec_*): the symbol,
 * or NULL; *place (may be NULL) gets its index. require_sec: only the current section's. */
const struct elf_objsym *elf_objsyms_find(const struct elf_objsyms *im, uint64_t vma,
					   int require_sec, size_t *place);

/* The ISA string the file's .riscv.attributes section declares (Tag_RISCV_arch, e.g.
 * "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0_zba1p0") into buf (n bytes).
 * Returns 0, or -1 when the file has no such section or attribute (or it is malformed). */
int elf_objsyms_arch(const struct elf_objsyms *im, char *buf, size_t n);

/* The same from the bytes of a .riscv.attributes section (size bytes at sec, untrusted). */
int elf_riscv_attr_arch(const void *sec, size_t size, char *buf, size_t n);

/* Call fn for every executable section with bytes (in section order), setting im->sec_*
 * first; stops at fn's first non-zero result and returns it. -EINVAL (and *bad_section set)
 * when a section's bytes cannot be read. */
int elf_objsyms_sections(struct elf_objsyms *im,
			 int (*fn)(void *arg, struct elf_objsyms *im, const uint8_t *data),
			 void *arg, const char **bad_section);

/* How elf_objsyms_file reports what it finds. */
struct elf_objsyms_visit {
	void (*archive)(void *arg, const char *path);      /* an ar archive begins (may be NULL) */
	int (*image)(void *arg, struct elf_objsyms *im, const char *member); /* member NULL
					  * outside archives; non-zero stops the walk */
	void *arg;
};

/* Open path (an ELF file or an ar archive of them), load each image's symbols and call
 * v->image. Returns 0, v->image's first non-zero result, or -errno with err set to one line
 * "PATH[(MEMBER)]: what" (err "" when v->image failed). */
int elf_objsyms_file(const char *path, const struct elf_objsyms_visit *v, char *err,
		     size_t err_n);

#endif
