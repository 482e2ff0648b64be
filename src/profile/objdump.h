/*
 * objdump.h — `robin disasm`'s listing: riscv64 ELF files and archives in the layout of
 * `riscv64-linux-gnu-objdump -d` (see objdump.c).
 */
#ifndef ROBIN_PROFILE_OBJDUMP_H
#define ROBIN_PROFILE_OBJDUMP_H

#include <stdint.h>

/* What to list. */
struct objdump_opts {
	uint64_t start;
	int has_start;
	long long count;      /* instructions left to print, -1 = all */
};

/* List the file at path on stdout (errors on stderr as "robin disasm: PATH: what"); returns
 * 0 or -errno. opt->count is decremented per instruction printed. */
int objdump_file(const char *path, struct objdump_opts *opt);

#endif
