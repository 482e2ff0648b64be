/*
 * elf_image.h — the one place robin reads ELF images (libelf): an image opened from a path
 * or an open fd, its identity (machine, build-id, size, PIE), PT_LOAD segments, sections,
 * symbols (.symtab / .dynsym, each symbol as it stands), its loaded bytes at a link-time
 * address, the debug file of a build-id, and build-ids in raw note buffers (the kernel's
 * /sys/kernel/notes, perf.data features). The emulator's fault names, the profile tools'
 * symbolisation, the collector's image maps and `robin disasm` all read images through it;
 * DWARF lines are in elf_lines.h, the loader's strict header checks in elf_check.h.
 */
#ifndef ROBIN_ELF_IMAGE_H
#define ROBIN_ELF_IMAGE_H

#include <gelf.h>
#include <libelf.h>
#include <stddef.h>
#include <stdint.h>

#define ELF_IMAGE_BUILD_ID_MAX 129  /* up to 64 bytes in hex + NUL */
#define ELF_IMAGE_MAX_LOADS 16      /* PT_LOAD segments kept by elf_image_info */

/* What identifies an image file. */
struct elf_image_ident {
	char build_id[ELF_IMAGE_BUILD_ID_MAX]; /* lower-case hex, "" without a build-id note */
	char arch[16];        /* "x86-64", "aarch64", "riscv64", or "other" */
	uint64_t size_bytes;  /* file size */
	int is_pie;           /* ET_DYN (PIE executable or shared object) */
	int is64;             /* ELFCLASS64 */
};

/* One PT_LOAD segment. */
struct elf_image_load {
	uint64_t offset, vaddr;    /* file offset, link-time address */
	uint64_t filesz, memsz;    /* bytes in the file, in memory */
	uint32_t flags;            /* PF_R | PF_W | PF_X */
};

/* One symbol table entry as the file has it. */
struct elf_image_sym {
	uint64_t value, size;
	const char *name;          /* "" when unnamed; valid while the image is open */
	int type, bind;            /* STT_*, STB_* */
	unsigned shndx;            /* section index or SHN_* */
	size_t index;              /* position in its table */
};

/* An open image. Fields are read-only for users. */
struct elf_image {
	int fd;                    /* -1 when closed */
	Elf *elf;
	char *path;
	const uint8_t *raw;        /* the file's bytes (mapped) */
	size_t raw_size;
	struct elf_image_ident ident;
	struct elf_image_load *loads;
	size_t n_loads;
};

/* Open the ELF file at path (a regular file). Returns 0, -ENOENT/-EACCES/... (regfile's
 * errors), -EINVAL when it is not an ELF file, or -ENOMEM. im needs elf_image_close after
 * success only (on failure it is left closed, so closing it again is harmless). */
int elf_image_open(struct elf_image *im, const char *path) __attribute__((warn_unused_result));

/* As elf_image_open on an open descriptor (duplicated: the caller keeps fd); `name` is the
 * path reported. */
int elf_image_open_fd(struct elf_image *im, int fd, const char *name)
	__attribute__((warn_unused_result));

/* Open the separate debug file of build_id: ROOT/.build-id/xx/rest.debug under
 * $ROBIN_DEBUG_ROOT, then /usr/lib/debug, when its own build-id matches. 0 or -ENOENT. */
int elf_image_open_debug(struct elf_image *im, const char *build_id)
	__attribute__((warn_unused_result));

void elf_image_close(struct elf_image *im);

/* Whether a section named `name` exists (with file bytes, when need_bits). */
int elf_image_has_section(const struct elf_image *im, const char *name, int need_bits);

/* Call fn for every symbol of the tables of type sh_type (SHT_SYMTAB or SHT_DYNSYM); stops
 * at and returns fn's first non-zero result, else 0. */
int elf_image_symbols(const struct elf_image *im, unsigned sh_type,
		      int (*fn)(void *arg, const struct elf_image_sym *s), void *arg);

/* Copy up to n bytes of the loaded image at link-time address vaddr (file bytes of the
 * PT_LOAD holding it; .bss reads as zero). Returns the bytes copied, 0 if not mapped. */
size_t elf_image_read(const struct elf_image *im, uint64_t vaddr, uint8_t *buf, size_t n);

/* The code addresses the image stores as data: every 8-byte-aligned little-endian 64-bit word
 * of its allocated, non-executable sections with file bytes (.rodata, .data.rel.ro, .data,
 * the init/fini arrays) whose value is an even address inside an executable section (absolute
 * jump tables, computed-goto label tables, function pointers); without section headers, the
 * words of the non-executable PT_LOADs that point into the executable ones; and the addends of
 * the relative relocations (riscv64, x86-64, aarch64) that point there, which is where a
 * position-independent image keeps them. Sorted, without duplicates, malloc'd into *out (NULL
 * when none). Returns 0 or -ENOMEM. */
int elf_image_code_pointers(const struct elf_image *im, uint64_t **out, size_t *n)
	__attribute__((warn_unused_result));

/* End (vaddr + memsz) of the PT_LOAD holding vaddr, or vaddr + 1. */
uint64_t elf_image_segment_end(const struct elf_image *im, uint64_t vaddr);

/* "x86-64", "aarch64", "riscv64" or "other" for an e_machine of a 64-bit (is64) file. */
const char *elf_arch_name(unsigned machine, int is64);

/* Lower-case hex of n bytes into out (out_n bytes, NUL-terminated, truncated to fit). */
void elf_hex(const uint8_t *p, size_t n, char *out, size_t out_n);

/* The NT_GNU_BUILD_ID of a buffer of raw ELF notes (4-byte aligned, as in PT_NOTE or
 * /sys/kernel/notes) into out as hex; 1 if found, else 0 with out "". */
int elf_notes_build_id(const void *notes, size_t n, char *out, size_t out_n);

/* The running kernel's build-id from /sys/kernel/notes ("" if unavailable). */
void elf_kernel_build_id(char *out, size_t out_n);

/* ---- a closed summary of an image, as the collector keeps one per mapped file ---------- */

struct elf_image_info {
	char build_id[ELF_IMAGE_BUILD_ID_MAX];
	const char *arch;          /* a static string, as elf_arch_name */
	uint64_t size_bytes;
	int n_loads;
	struct elf_image_load load[ELF_IMAGE_MAX_LOADS];
};

/* Identity and PT_LOADs of the file at path or open fd. 0, -ENOEXEC if it is not ELF,
 * -errno. On failure *out is zeroed with arch "other". */
int elf_image_info_path(const char *path, struct elf_image_info *out)
	__attribute__((warn_unused_result));
int elf_image_info_fd(int fd, struct elf_image_info *out) __attribute__((warn_unused_result));

/* The bias to add to a runtime pc inside a mapping [start, ...) of file offset pgoff to get
 * the link-time address: pgoff - seg.offset + seg.vaddr - start for the PT_LOAD mapped from
 * that page (else the one whose file range holds pgoff); without one, pgoff - start. */
int64_t elf_image_info_bias(const struct elf_image_info *e, uint64_t start, uint64_t pgoff);

#endif
