/*
 * syscall_conv.c — the riscv64 struct stat layout (asm-generic/stat.h):
 *   0 st_dev u64, 8 st_ino u64, 16 st_mode u32, 20 st_nlink u32, 24 st_uid u32, 28 st_gid u32,
 *   32 st_rdev u64, 40 pad, 48 st_size i64, 56 st_blksize i32, 60 pad, 64 st_blocks i64,
 *   72 atime, 80 atime_nsec, 88 mtime, 96 mtime_nsec, 104 ctime, 112 ctime_nsec, 120 unused.
 */
#include "emu/syscall_conv.h"

#include <string.h>

static void sysconv_put64(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }
static void sysconv_put32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static uint64_t sysconv_get64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }
static uint32_t sysconv_get32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }

void sysconv_stat(const struct stat *st, uint8_t out[SYSCONV_STAT_SIZE])
{
	memset(out, 0, SYSCONV_STAT_SIZE);
	sysconv_put64(out + 0, (uint64_t)st->st_dev);
	sysconv_put64(out + 8, (uint64_t)st->st_ino);
	sysconv_put32(out + 16, (uint32_t)st->st_mode);
	sysconv_put32(out + 20, (uint32_t)st->st_nlink);
	sysconv_put32(out + 24, (uint32_t)st->st_uid);
	sysconv_put32(out + 28, (uint32_t)st->st_gid);
	sysconv_put64(out + 32, (uint64_t)st->st_rdev);
	sysconv_put64(out + 48, (uint64_t)st->st_size);
	sysconv_put32(out + 56, (uint32_t)st->st_blksize);
	sysconv_put64(out + 64, (uint64_t)st->st_blocks);
	sysconv_put64(out + 72, (uint64_t)st->st_atim.tv_sec);
	sysconv_put64(out + 80, (uint64_t)st->st_atim.tv_nsec);
	sysconv_put64(out + 88, (uint64_t)st->st_mtim.tv_sec);
	sysconv_put64(out + 96, (uint64_t)st->st_mtim.tv_nsec);
	sysconv_put64(out + 104, (uint64_t)st->st_ctim.tv_sec);
	sysconv_put64(out + 112, (uint64_t)st->st_ctim.tv_nsec);
}

void sysconv_stat_parse(const uint8_t in[SYSCONV_STAT_SIZE], struct stat *st)
{
	memset(st, 0, sizeof(*st));
	st->st_dev = sysconv_get64(in + 0);
	st->st_ino = sysconv_get64(in + 8);
	st->st_mode = sysconv_get32(in + 16);
	st->st_nlink = sysconv_get32(in + 20);
	st->st_uid = sysconv_get32(in + 24);
	st->st_gid = sysconv_get32(in + 28);
	st->st_rdev = sysconv_get64(in + 32);
	st->st_size = (off_t)sysconv_get64(in + 48);
	st->st_blksize = (blksize_t)(int32_t)sysconv_get32(in + 56);
	st->st_blocks = (blkcnt_t)sysconv_get64(in + 64);
	st->st_atim.tv_sec = (time_t)sysconv_get64(in + 72);
	st->st_atim.tv_nsec = (long)sysconv_get64(in + 80);
	st->st_mtim.tv_sec = (time_t)sysconv_get64(in + 88);
	st->st_mtim.tv_nsec = (long)sysconv_get64(in + 96);
	st->st_ctim.tv_sec = (time_t)sysconv_get64(in + 104);
	st->st_ctim.tv_nsec = (long)sysconv_get64(in + 112);
}
