/*
 * elf_check.h — the strict reading of an ELF64 executable's headers that a loader needs
 * before it maps anything: the ELF header and every program header checked against the
 * file, each defect reported in one line naming the file, the field and its offset; and the
 * reading of a string a program header points to (PT_INTERP). Raw reads (pread), no libelf:
 * the loader wants the exact field at fault, which libelf's generic errors do not name.
 */
#ifndef ROBIN_ELF_CHECK_H
#define ROBIN_ELF_CHECK_H

#include <elf.h>
#include <stddef.h>
#include <stdint.h>

#define ELF_CHECK_MAX_PHNUM 512
#define ELF_CHECK_ERR_MAX 512

/* What the caller accepts besides a well-formed little-endian ELF64 executable or shared
 * object. */
struct elf_check_want {
	unsigned machine;             /* e_machine, e.g. EM_RISCV */
	const char *machine_name;     /* "RISC-V" */
	uint32_t bad_flags;           /* e_flags bits refused */
	const char *bad_flags_what;   /* "RV32E/RV64E programs" */
};

struct elf_check {
	uint64_t fsize;                        /* file size in bytes */
	Elf64_Ehdr eh;
	Elf64_Phdr ph[ELF_CHECK_MAX_PHNUM];    /* eh.e_phnum of them */
};

/* Read and check the ELF header and program headers of the open file fd (named path in
 * messages). Returns 0, or a positive errno (ENOEXEC for a malformed or foreign file,
 * EACCES when it is not a regular file, else the I/O error) with err set to one line
 * "PATH: what (offset 0x..)". */
int elf_check_headers(int fd, const char *path, const struct elf_check_want *want,
		      struct elf_check *c, char *err, size_t err_n)
	__attribute__((warn_unused_result));

/* Read the NUL-terminated path of program header i (PT_INTERP) into buf (buf_n bytes).
 * Returns 0, or ENOEXEC with err set naming the header's offset. */
int elf_check_interp(int fd, const char *path, const struct elf_check *c, unsigned i,
		     char *buf, size_t buf_n, char *err, size_t err_n)
	__attribute__((warn_unused_result));

/* The ELF address of file offset `off` of an open ELF64 file mapped at runtime address addr:
 * returns bias = addr - (that ELF address), taken from the first PT_LOAD whose page-aligned
 * file range (pages of page_mask + 1 bytes) holds off; addr - off when the file is not ELF64
 * or no segment holds it. Cheap (a few preads): the emulator calls it on every executable
 * mmap. */
uint64_t elf_check_map_bias(int fd, uint64_t addr, uint64_t off, uint64_t page_mask);

#endif
