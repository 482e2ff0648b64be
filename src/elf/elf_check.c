/*
 * elf_check.c — strict ELF64 header and program-header reading for loaders (see
 * elf_check.h). Every offset and size is checked against the file before it is read.
 */
#include "elf/elf_check.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define ELF_CHECK_ERR(...) (snprintf(err, err_n, __VA_ARGS__), ENOEXEC)

int elf_check_headers(int fd, const char *path, const struct elf_check_want *want,
		      struct elf_check *c, char *err, size_t err_n)
{
	const char *p = path;
	struct stat st;
	if (fstat(fd, &st) < 0) {
		int e = errno;
		snprintf(err, err_n, "%s: %s", p, strerror(e));
		return e;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, err_n, "%s: not a regular file", p);
		return EACCES;
	}
	c->fsize = (uint64_t)st.st_size;
	ssize_t got = pread(fd, &c->eh, sizeof(c->eh), 0);
	if (got < 0) {
		int e = errno;
		snprintf(err, err_n, "%s: %s", p, strerror(e));
		return e;
	}
	const Elf64_Ehdr *eh = &c->eh;
	if (got < SELFMAG || memcmp(eh->e_ident, ELFMAG, SELFMAG))
		return ELF_CHECK_ERR("%s: not an ELF file (bad magic at offset 0)", p);
	if (got < EI_NIDENT)
		return ELF_CHECK_ERR("%s: truncated ELF identification (%zd bytes)", p, got);
	if (eh->e_ident[EI_CLASS] != ELFCLASS64)
		return ELF_CHECK_ERR("%s: ELF class %u is not ELF64 (offset 0x4)", p, eh->e_ident[EI_CLASS]);
	if (eh->e_ident[EI_DATA] != ELFDATA2LSB)
		return ELF_CHECK_ERR("%s: ELF data encoding %u is not little-endian (offset 0x5)", p,
				     eh->e_ident[EI_DATA]);
	if (eh->e_ident[EI_VERSION] != EV_CURRENT)
		return ELF_CHECK_ERR("%s: ELF version %u is not 1 (offset 0x6)", p, eh->e_ident[EI_VERSION]);
	if ((size_t)got < sizeof(*eh))
		return ELF_CHECK_ERR("%s: truncated ELF header (%zd of %zu bytes)", p, got, sizeof(*eh));
	if (eh->e_machine != want->machine)
		return ELF_CHECK_ERR("%s: machine %u is not %s (%u) (offset 0x12)", p, eh->e_machine,
				     want->machine_name, want->machine);
	if (eh->e_type != ET_EXEC && eh->e_type != ET_DYN)
		return ELF_CHECK_ERR("%s: ELF type %u is not an executable or shared object (offset 0x10)",
				     p, eh->e_type);
	if (eh->e_version != EV_CURRENT)
		return ELF_CHECK_ERR("%s: ELF version %u is not 1 (offset 0x14)", p, eh->e_version);
	if (eh->e_flags & want->bad_flags)
		return ELF_CHECK_ERR("%s: %s are not supported (e_flags 0x%x)", p,
				     want->bad_flags_what, eh->e_flags);
	if (eh->e_phentsize != sizeof(Elf64_Phdr))
		return ELF_CHECK_ERR("%s: program header size %u, expected %zu (offset 0x36)", p,
				     eh->e_phentsize, sizeof(Elf64_Phdr));
	if (eh->e_phnum == 0 || eh->e_phnum > ELF_CHECK_MAX_PHNUM)
		return ELF_CHECK_ERR("%s: %u program headers (offset 0x38)", p, eh->e_phnum);
	uint64_t phbytes = (uint64_t)eh->e_phnum * sizeof(Elf64_Phdr);
	if (eh->e_phoff > c->fsize || phbytes > c->fsize - eh->e_phoff)
		return ELF_CHECK_ERR("%s: program headers at offset 0x%llx extend past the end of the file (%llu bytes)",
				     p, (unsigned long long)eh->e_phoff, (unsigned long long)c->fsize);
	if (pread(fd, c->ph, phbytes, (off_t)eh->e_phoff) != (ssize_t)phbytes)
		return ELF_CHECK_ERR("%s: cannot read program headers at offset 0x%llx", p,
				     (unsigned long long)eh->e_phoff);
	return 0;
}

int elf_check_interp(int fd, const char *path, const struct elf_check *c, unsigned i,
		     char *buf, size_t buf_n, char *err, size_t err_n)
{
	const char *p = path;
	const Elf64_Phdr *ph = &c->ph[i];
	unsigned long long off = c->eh.e_phoff + (unsigned long long)i * sizeof(*ph);
	if (ph->p_filesz < 2 || ph->p_filesz > buf_n - 1 || ph->p_offset > c->fsize ||
	    ph->p_filesz > c->fsize - ph->p_offset)
		return ELF_CHECK_ERR("%s: PT_INTERP (header at 0x%llx) has bad offset 0x%llx or size 0x%llx",
				     p, off, (unsigned long long)ph->p_offset,
				     (unsigned long long)ph->p_filesz);
	if (pread(fd, buf, ph->p_filesz, (off_t)ph->p_offset) != (ssize_t)ph->p_filesz)
		return ELF_CHECK_ERR("%s: cannot read PT_INTERP at offset 0x%llx", p,
				     (unsigned long long)ph->p_offset);
	if (buf[ph->p_filesz - 1] != 0 || strlen(buf) != ph->p_filesz - 1)
		return ELF_CHECK_ERR("%s: PT_INTERP at offset 0x%llx is not a NUL-terminated path",
				     p, (unsigned long long)ph->p_offset);
	return 0;
}

uint64_t elf_check_map_bias(int fd, uint64_t addr, uint64_t off, uint64_t page_mask)
{
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	uint64_t bias = addr - off;
	if (pread(fd, &eh, sizeof(eh), 0) == sizeof(eh) && !memcmp(eh.e_ident, ELFMAG, SELFMAG) &&
	    eh.e_phentsize == sizeof(ph) && eh.e_phnum < ELF_CHECK_MAX_PHNUM) {
		for (unsigned i = 0; i < eh.e_phnum; i++) {
			if (pread(fd, &ph, sizeof(ph), (off_t)(eh.e_phoff + i * sizeof(ph))) != sizeof(ph))
				break;
			if (ph.p_type == PT_LOAD && off >= (ph.p_offset & ~page_mask) &&
			    off < ph.p_offset + ph.p_filesz) {
				bias = addr - (off - ph.p_offset + ph.p_vaddr);
				break;
			}
		}
	}
	return bias;
}
