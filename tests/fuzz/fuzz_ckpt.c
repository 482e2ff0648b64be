/*
 * fuzz_ckpt.c — libFuzzer target for checkpoint restore (src/emu/checkpoint.c,
 * docs/checkpoint.md), structure-aware: the input is a checkpoint whose checksums the target
 * recomputes after the fuzzer's mutation (the header's, and each section's where the section
 * headers parse), so mutated fields reach the field checks instead of stopping at a checksum.
 * The CWD_ and FDS_ sections are replaced by empty ones (a restore would chdir and open files
 * in the fuzzing process). The result is restored into a fresh emulator: it must end in
 * success or a one-line error naming the file; after a success every page the restored flags
 * call readable is read and the instruction at pc decoded — never a crash, hang or leak.
 * Seeds (tests/fuzz/corpus/fuzz_ckpt/) are real checkpoints cut down to a few pages.
 */
// FUZZ_SOURCES: src/emu/*.c src/isa/*.c src/elf/elf_check.c src/elf/elf_image.c src/util/regfile.c
// FUZZ_LIBS: -lm -lelf -lz
// FUZZ_ARGS: -max_len=65536

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>

#include "emu/checkpoint.h"
#include "emu/emu.h"
#include "emu/emu_priv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void put32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static void put64(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }

/* The input with valid checksums and empty CWD_/FDS_ sections, in out (size *n). */
static uint8_t *fuzz_ckpt_fix(const uint8_t *in, size_t size, size_t *n)
{
	uint8_t *out = malloc(size + 64);
	if (!out)
		return NULL;
	size_t o = 0, at = 40;
	if (size < 40) {
		memcpy(out, in, size);
		*n = size;
		return out;
	}
	memcpy(out, in, 40);
	put32(out + 36, (uint32_t)crc32(0, out, 36));
	o = 40;
	while (at < size) {
		uint32_t tag;
		uint64_t len;
		if (size - at < 16) {  /* a truncated header: keep the bytes as they are */
			memcpy(out + o, in + at, size - at);
			o += size - at;
			break;
		}
		memcpy(&tag, in + at, 4);
		memcpy(&len, in + at + 8, 8);
		if (len > size - at - 16) {  /* longer than the file: keep the bytes as they are */
			memcpy(out + o, in + at, size - at);
			o += size - at;
			break;
		}
		const uint8_t *d = in + at + 16;
		uint64_t next = at + 16 + len;
		static const uint8_t empty_str[4] = { 0, 0, 0, 0 };
		static const uint8_t fds_end[4] = { 0xff, 0xff, 0xff, 0xff };
		if (!memcmp(&tag, "CWD_", 4) || !memcmp(&tag, "FDS_", 4)) {
			d = !memcmp(&tag, "CWD_", 4) ? empty_str : fds_end;
			len = 4;
		}
		memcpy(out + o, in + at, 16);
		put32(out + o + 4, (uint32_t)crc32(0, d, (uInt)len));
		put64(out + o + 8, len);
		memcpy(out + o + 16, d, len);
		o += 16 + len;
		at = next;
	}
	*n = o;
	return out;
}

/* The data of the first section tagged tag in a fixed checkpoint, NULL if none. */
static const uint8_t *fuzz_ckpt_section(const uint8_t *b, size_t n, const char *tag,
                                        uint64_t *len)
{
	for (size_t at = 40; n >= 16 && at <= n - 16;) {
		memcpy(len, b + at + 8, 8);
		if (*len > n - at - 16)
			return NULL;
		if (!memcmp(b + at, tag, 4))
			return b + at + 16;
		at += 16 + *len;
	}
	return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t n;
	uint8_t *buf = fuzz_ckpt_fix(data, size, &n);
	if (!buf)
		return 0;
	int fd = memfd_create("fuzz_ckpt", 0);
	if (fd < 0 || write(fd, buf, n) != (ssize_t)n) {
		if (fd >= 0)
			close(fd);
		free(buf);
		return 0;
	}
	char path[64], err[512] = "";
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	struct emu *e;
	if (emu_create(NULL, &e) == 0) {
		int rc = checkpoint_restore(e, path, err, sizeof(err));
		if (rc) {
			assert(rc < 0 && err[0] && !strchr(err, '\n') && strstr(err, path));
		} else {
			/* what the restored flags promise must hold on the host: the pages they call
			 * readable read (a page left PROT_NONE would fault here), pc decodes */
			volatile uint8_t sink = 0;
			uint64_t len = 0;
			const uint8_t *list = fuzz_ckpt_section(buf, n, "PAGE", &len);
			uint64_t count = 0;
			if (list && len >= 8)
				memcpy(&count, list, 8);
			for (uint64_t i = 0; list && i < count && 8 + i * 10 + 10 <= len; i++) {
				uint64_t pg;
				memcpy(&pg, list + 8 + i * 10, 8);
				if (pg < GMEM_NPAGES && (e->mem.perm[pg] & GMEM_R))
					sink ^= e->mem.base[pg << GMEM_PAGE_SHIFT];
			}
			(void)sink;
			(void)emu_decode_at(e, e->hart.pc);
		}
		emu_destroy(e);
	}
	close(fd);
	free(buf);
	return 0;
}
