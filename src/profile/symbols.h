/*
 * symbols.h — symbolisation of one image for the profile tools (x86-64, aarch64, riscv64;
 * static, PIE, shared objects, the running kernel): function symbols from .symtab and
 * .dynsym, source lines and inline chains, the image's bytes for disassembly, and the lookup
 * of an image by its NT_GNU_BUILD_ID note (recorded path, then /usr/lib/debug/.build-id/).
 * The ELF and DWARF reading itself is src/elf/'s.
 * Offsets are link-time virtual addresses (see profile_db.h).
 */
#ifndef ROBIN_PROFILE_SYMBOLS_H
#define ROBIN_PROFILE_SYMBOLS_H

#include <stddef.h>
#include <stdint.h>

#include "elf/elf_image.h"
#include "elf/elf_lines.h"

#define SYMBOLS_ERR_MAX 512
#define SYMBOLS_BUILD_ID_MAX 41  /* 20-byte SHA-1 in hex + NUL (longer ids are truncated
                                    to 64 bytes = 129 chars in symbols_identify) */

/* The image name the collector gives kernel samples; its offsets are runtime addresses.
 * symbols_open symbolises it from /proc/kallsyms when the running kernel's build-id
 * (/sys/kernel/notes) matches. KASLR moves the kernel at every boot, so a profile taken
 * before a reboot into the same kernel would be misnamed; record and analyse in one boot. */
#define SYMBOLS_KERNEL_PATH "[kernel.kallsyms]"

/* The prefix of the images the collector makes of JIT-compiled code named by a perf map
 * ("[jit] perf-PID.map", docs/collect.md): symbols_open takes their functions from the open
 * profile databases (profile/symbols_source.h); their offsets are runtime addresses, and
 * they have no bytes and no lines. */
#define SYMBOLS_JIT_PREFIX "[jit] "

struct symbols;  /* one opened image */

struct symbols_func {
	uint64_t start;    /* offset (link-time vaddr) */
	uint64_t size;     /* bytes; symbols without a size extend to the next symbol */
	const char *name;
};

/* Read the identity of an ELF file. Returns 0, -ENOENT, or -EINVAL (not ELF). */
int symbols_identify(const char *path, struct elf_image_ident *out, char *err)
	__attribute__((warn_unused_result));

/* Open an image: `path` if it exists and (when build_id is non-empty) carries that build-id,
 * else robin's build-id cache (elf_fetch.h: images copied from other mount namespaces); for
 * the symbols and lines of an image without .symtab or .debug_info, the debug file of its
 * build-id from /usr/lib/debug/.build-id/xx/rest.debug, else debuginfod (DEBUGINFOD_URLS).
 * Stripped images open fine with no functions. err (SYMBOLS_ERR_MAX) gets one line naming
 * the file. */
int symbols_open(const char *path, const char *build_id, struct symbols **out, char *err)
	__attribute__((warn_unused_result));

void symbols_close(struct symbols *s);

/* The path actually opened (may be a debug file) and the identity of the image. */
const char *symbols_path(const struct symbols *s);
const struct elf_image_ident *symbols_ident(const struct symbols *s);

/* Function symbols, sorted by start, no duplicates (aliases keep the first global name). */
size_t symbols_count(const struct symbols *s);
const struct symbols_func *symbols_at(const struct symbols *s, size_t i);

/* The function containing `offset`, or NULL. O(log n). */
const struct symbols_func *symbols_lookup(const struct symbols *s, uint64_t offset);

/* The function named `name` (first match), or NULL. */
const struct symbols_func *symbols_find_func(const struct symbols *s, const char *name);

/* Source position of an offset (elf_lines.h): the innermost (inlined) location first. */
int symbols_line(struct symbols *s, uint64_t offset, struct elf_line *out);

/* Copy up to n bytes of the image's loaded contents at offset (from the PT_LOAD segment's
 * file bytes; .bss reads as zero). Returns bytes copied (0 if not mapped). */
size_t symbols_read(const struct symbols *s, uint64_t offset, uint8_t *buf, size_t n);

/* The code addresses the image stores as data (elf_image_code_pointers: jump and label
 * tables, function pointers), sorted; read on the first call and kept with s. *out is NULL
 * when there are none (or the image has no bytes). Returns 0 or -ENOMEM. */
int symbols_code_pointers(struct symbols *s, const uint64_t **out, size_t *n)
	__attribute__((warn_unused_result));

#endif
