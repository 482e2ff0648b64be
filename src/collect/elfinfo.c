/*
 * elfinfo.c — build-id, architecture and PT_LOAD segments of a mapped ELF file (libelf).
 */
#include "collect/elfinfo.h"
#include "util/regfile.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void elfinfo_hex(const uint8_t *id, size_t n, char *out)
{
	static const char hex[] = "0123456789abcdef";
	if (n > 20)
		n = 20;
	for (size_t i = 0; i < n; i++) {
		out[2 * i] = hex[id[i] >> 4];
		out[2 * i + 1] = hex[id[i] & 15];
	}
	out[2 * n] = 0;
}

/* Find NT_GNU_BUILD_ID in a buffer of ELF notes. */
static void notes_build_id(const unsigned char *p, size_t n, char *out)
{
	size_t off = 0;
	while (off + 12 <= n) {
		uint32_t namesz, descsz, type;
		memcpy(&namesz, p + off, 4);
		memcpy(&descsz, p + off + 4, 4);
		memcpy(&type, p + off + 8, 4);
		size_t name_off = off + 12;
		size_t desc_off = name_off + ((namesz + 3u) & ~3u);
		size_t next = desc_off + ((descsz + 3u) & ~3u);
		if (next > n || desc_off > n)
			return;
		if (type == NT_GNU_BUILD_ID && namesz == 4 && !memcmp(p + name_off, "GNU", 4) &&
		    descsz > 0 && descsz <= 20) {
			elfinfo_hex(p + desc_off, descsz, out);
			return;
		}
		off = next;
	}
}

int elfinfo_read_fd(int fd, struct elfinfo *out)
{
	memset(out, 0, sizeof *out);
	out->arch = "other";
	struct stat st;
	if (fstat(fd, &st) == 0)
		out->size_bytes = (uint64_t)st.st_size;
	if (elf_version(EV_CURRENT) == EV_NONE)
		return -EIO;
	Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf)
		return -ENOEXEC;
	int rc = -ENOEXEC;
	GElf_Ehdr eh;
	if (elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh))
		goto out;
	out->arch = eh.e_machine == EM_X86_64 ? "x86-64" : eh.e_machine == EM_AARCH64 ? "aarch64" :
		    eh.e_machine == EM_RISCV ? "riscv64" : "other";
	size_t nph = 0;
	if (elf_getphdrnum(elf, &nph))
		nph = 0;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		if (!gelf_getphdr(elf, (int)i, &ph))
			continue;
		if (ph.p_type == PT_LOAD && out->n_loads < ELFINFO_MAX_LOADS) {
			struct elfinfo_load *l = &out->load[out->n_loads++];
			l->offset = ph.p_offset;
			l->vaddr = ph.p_vaddr;
			l->filesz = ph.p_filesz;
		} else if (ph.p_type == PT_NOTE && !out->build_id[0]) {
			size_t len = 0;
			char *img = elf_rawfile(elf, &len);
			if (img && ph.p_offset + ph.p_filesz <= len)
				notes_build_id((const unsigned char *)img + ph.p_offset,
					       (size_t)ph.p_filesz, out->build_id);
		}
	}
	if (!out->build_id[0]) { /* files without program-header notes: look in sections */
		Elf_Scn *scn = NULL;
		while ((scn = elf_nextscn(elf, scn)) && !out->build_id[0]) {
			GElf_Shdr sh;
			if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE)
				continue;
			Elf_Data *d = elf_getdata(scn, NULL);
			if (d && d->d_buf)
				notes_build_id(d->d_buf, d->d_size, out->build_id);
		}
	}
	rc = 0;
out:
	elf_end(elf);
	return rc;
}

int elfinfo_read_path(const char *path, struct elfinfo *out)
{
	int fd = regfile_open(path);
	if (fd < 0) {
		memset(out, 0, sizeof *out);
		out->arch = "other";
		return fd;
	}
	int rc = elfinfo_read_fd(fd, out);
	close(fd);
	return rc;
}

int64_t elfinfo_offset_bias(const struct elfinfo *e, uint64_t start, uint64_t pgoff)
{
	/* the loader maps each segment from the page holding its first byte: prefer the segment
	 * starting in exactly that page, else one whose file range contains pgoff */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < e->n_loads; i++) {
			const struct elfinfo_load *l = &e->load[i];
			uint64_t seg_page = l->offset & ~0xfffull;
			int hit = pass == 0 ? seg_page == pgoff :
				  pgoff >= seg_page && pgoff < l->offset + l->filesz;
			if (hit)
				return (int64_t)(pgoff - l->offset + l->vaddr) - (int64_t)start;
		}
	return (int64_t)pgoff - (int64_t)start;
}

void elfinfo_kernel_build_id(char *out)
{
	unsigned char buf[4096];
	out[0] = 0;
	int fd = open("/sys/kernel/notes", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	ssize_t n = read(fd, buf, sizeof buf);
	close(fd);
	if (n > 0)
		notes_build_id(buf, (size_t)n, out);
}
