/*
 * elfinfo.h — what the collector needs from a mapped file: its GNU build-id, architecture,
 * size and PT_LOAD segments (to turn a runtime pc into the image's link-time address, the
 * profile database's "offset"). Read with libelf from a path or an open fd (e.g.
 * /proc/PID/map_files/..., which still reaches a deleted binary). Entry points:
 * elfinfo_read_fd, elfinfo_read_path, elfinfo_offset_bias, elfinfo_kernel_build_id.
 */
#ifndef ROBIN_COLLECT_ELFINFO_H
#define ROBIN_COLLECT_ELFINFO_H

#include <stddef.h>
#include <stdint.h>

#define ELFINFO_MAX_LOADS 16

struct elfinfo_load {
	uint64_t offset, vaddr, filesz;
};

struct elfinfo {
	char build_id[41];      /* lower-case hex, "" if none */
	const char *arch;       /* "x86-64", "aarch64", "riscv64", "other" */
	uint64_t size_bytes;
	int n_loads;
	struct elfinfo_load load[ELFINFO_MAX_LOADS];
};

/* Read an ELF file; -ENOEXEC if it is not ELF, -errno on I/O errors. */
int elfinfo_read_fd(int fd, struct elfinfo *out) __attribute__((warn_unused_result));
int elfinfo_read_path(const char *path, struct elfinfo *out) __attribute__((warn_unused_result));

/* The bias to add to a runtime pc inside a mapping [start, ...) of file offset pgoff to get
 * the link-time address: -start + pgoff - seg.p_offset + seg.p_vaddr for the PT_LOAD segment
 * whose file range holds pgoff. Without a matching segment the file offset is used
 * (bias = pgoff - start). */
int64_t elfinfo_offset_bias(const struct elfinfo *e, uint64_t start, uint64_t pgoff);

/* Hex encoding of a raw build-id (n bytes) into out[41]. */
void elfinfo_hex(const uint8_t *id, size_t n, char *out);

/* The running kernel's build-id from /sys/kernel/notes into out[41] ("" if unavailable). */
void elfinfo_kernel_build_id(char *out);

#endif
