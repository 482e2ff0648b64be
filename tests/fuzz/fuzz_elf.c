/*
 * fuzz_elf.c — libFuzzer target for the ELF loader: every input is written to a memory file
 * and loaded as a program (with the sysroot's interpreter when it asks for one). A load must
 * end in success or a one-line error naming the file; never a crash, hang or leak. The
 * program is not run. (The build lines below are // comments: their globs hold a slash-star.)
 */
// FUZZ_SOURCES: src/emu/*.c src/isa/*.c src/elf/elf_check.c src/elf/elf_image.c src/util/regfile.c
// FUZZ_LIBS: -lm -lelf -lz
// FUZZ_ARGS: -max_len=16384

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "emu/emu.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fd = memfd_create("fuzz_elf", 0);
	if (fd < 0)
		return 0;
	if (write(fd, data, size) != (ssize_t)size || fchmod(fd, 0755) != 0) {
		close(fd);
		return 0;
	}
	char path[64];
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	struct emu *e;
	if (emu_create(NULL, &e) == 0) {
		char *argv[] = { path, "arg", NULL };
		char *envp[] = { "FUZZ=1", NULL };
		if (emu_load(e, path, 2, argv, envp) != 0) {
			const char *msg = emu_error(e);
			assert(msg[0] && !strchr(msg, '\n'));
		}
		emu_destroy(e);
	}
	close(fd);
	return 0;
}
