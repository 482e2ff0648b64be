/* 202: host-to-riscv64 structure conversions of the syscall layer — struct stat lands at the
 * asm-generic offsets (128 bytes, st_size at 48, st_blksize at 56, times at 72..), and the
 * round trip keeps every field. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "emu/syscall_conv.h"

static uint64_t get64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }
static uint32_t get32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }

static void test_stat_layout(void **state)
{
	(void)state;
	struct stat st;
	memset(&st, 0, sizeof(st));
	st.st_dev = 0x0801;
	st.st_ino = 0x123456789abcull;
	st.st_mode = S_IFREG | 0640;
	st.st_nlink = 3;
	st.st_uid = 1000;
	st.st_gid = 1001;
	st.st_rdev = 0x0103;
	st.st_size = 0x1122334455ll;
	st.st_blksize = 4096;
	st.st_blocks = 77;
	st.st_atim.tv_sec = 1700000000; st.st_atim.tv_nsec = 1;
	st.st_mtim.tv_sec = 1700000001; st.st_mtim.tv_nsec = 2;
	st.st_ctim.tv_sec = 1700000002; st.st_ctim.tv_nsec = 999999999;
	uint8_t out[SYSCONV_STAT_SIZE];
	memset(out, 0xee, sizeof(out));
	sysconv_stat(&st, out);
	assert_int_equal(SYSCONV_STAT_SIZE, 128);
	assert_int_equal(get64(out + 0), 0x0801);
	assert_int_equal(get64(out + 8), 0x123456789abcull);
	assert_int_equal(get32(out + 16), S_IFREG | 0640);
	assert_int_equal(get32(out + 20), 3);
	assert_int_equal(get32(out + 24), 1000);
	assert_int_equal(get32(out + 28), 1001);
	assert_int_equal(get64(out + 32), 0x0103);
	assert_int_equal(get64(out + 40), 0);  /* padding is zeroed */
	assert_int_equal(get64(out + 48), 0x1122334455ll);
	assert_int_equal(get32(out + 56), 4096);
	assert_int_equal(get32(out + 60), 0);
	assert_int_equal(get64(out + 64), 77);
	assert_int_equal(get64(out + 72), 1700000000);
	assert_int_equal(get64(out + 80), 1);
	assert_int_equal(get64(out + 88), 1700000001);
	assert_int_equal(get64(out + 96), 2);
	assert_int_equal(get64(out + 104), 1700000002);
	assert_int_equal(get64(out + 112), 999999999);
	assert_int_equal(get64(out + 120), 0);
	struct stat back;
	sysconv_stat_parse(out, &back);
	assert_int_equal(back.st_ino, st.st_ino);
	assert_int_equal(back.st_size, st.st_size);
	assert_int_equal(back.st_mode, st.st_mode);
	assert_int_equal(back.st_ctim.tv_nsec, st.st_ctim.tv_nsec);
	assert_int_equal(back.st_blksize, st.st_blksize);
}

static void test_stat_real_file(void **state)
{
	(void)state;
	struct stat st, back;
	assert_int_equal(stat("/", &st), 0);
	uint8_t out[SYSCONV_STAT_SIZE];
	sysconv_stat(&st, out);
	sysconv_stat_parse(out, &back);
	assert_int_equal(back.st_dev, st.st_dev);
	assert_int_equal(back.st_ino, st.st_ino);
	assert_true(S_ISDIR(back.st_mode));
	assert_int_equal(back.st_mtim.tv_sec, st.st_mtim.tv_sec);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stat_layout),
		cmocka_unit_test(test_stat_real_file),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
