/* 602: disassembly dispatch — riscv64 through robin's disassembler, x86-64 (AT&T) and aarch64
 * through capstone; lengths to advance over undecodable bytes; unknown architectures. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "profile/disasm.h"

static size_t one(const char *arch, const uint8_t *code, size_t n, uint64_t pc, char *text)
{
	struct disasm *d;
	assert_int_equal(disasm_open(arch, &d), 0);
	size_t len = disasm_one(d, code, n, pc, text, 96);
	disasm_close(d);
	return len;
}

static void test_riscv64(void **state)
{
	(void)state;
	char t[96];
	const uint8_t mul[] = { 0x33, 0x07, 0xd7, 0x02 };  /* mul a4,a4,a3 */
	assert_int_equal(one("riscv64", mul, 4, 0x10656, t), 4);
	assert_string_equal(t, "mul\ta4,a4,a3");
	const uint8_t ret[] = { 0x82, 0x80 };               /* c.ret */
	assert_int_equal(one("riscv64", ret, 2, 0x10664, t), 2);
	assert_string_equal(t, "ret");
	const uint8_t blez[] = { 0x63, 0x50, 0xc0, 0x02 };  /* blez a2,0x10666 */
	assert_int_equal(one("riscv64", blez, 4, 0x10646, t), 4);
	assert_string_equal(t, "blez\ta2,0x10666");
	/* A 32-bit encoding cut short: two bytes shown as data. */
	assert_int_equal(one("riscv64", mul, 2, 0, t), 2);
	assert_non_null(strstr(t, ".2byte"));
	struct disasm *d;
	assert_int_equal(disasm_open("riscv64", &d), 0);
	assert_int_equal(disasm_min_len(d), 2);
	assert_int_equal(disasm_one(d, mul, 0, 0, t, sizeof(t)), 0);
	disasm_close(d);
}

static void test_x86_64(void **state)
{
	(void)state;
	char t[96];
	const uint8_t imul[] = { 0x0f, 0xaf, 0xc2 };        /* imul %edx,%eax */
	assert_int_equal(one("x86-64", imul, 3, 0x1159, t), 3);
	assert_non_null(strstr(t, "imul"));
	assert_non_null(strstr(t, "%edx"));
	const uint8_t ret[] = { 0xc3 };
	assert_int_equal(one("x86-64", ret, 1, 0, t), 1);
	assert_non_null(strstr(t, "ret"));
	const uint8_t jmp[] = { 0xeb, 0xf5 };               /* jmp .-9 */
	assert_int_equal(one("x86-64", jmp, 2, 0x117b, t), 2);
	assert_non_null(strstr(t, "0x1172"));
	const uint8_t bad[] = { 0x0f, 0xff };                /* ud0 without ModRM */
	size_t len = one("x86-64", bad, 1, 0, t);
	assert_int_equal(len, 1);
	assert_non_null(strstr(t, ".byte"));
}

static void test_aarch64(void **state)
{
	(void)state;
	char t[96];
	const uint8_t add[] = { 0x20, 0x00, 0x02, 0x8b };   /* add x0, x1, x2 */
	assert_int_equal(one("aarch64", add, 4, 0x400000, t), 4);
	assert_string_equal(t, "add\tx0, x1, x2");
	const uint8_t ret[] = { 0xc0, 0x03, 0x5f, 0xd6 };
	assert_int_equal(one("aarch64", ret, 4, 0, t), 4);
	assert_string_equal(t, "ret");
	const uint8_t udf[] = { 0x00, 0x00, 0x00, 0x00 };   /* udf #0: not decoded by capstone 4 */
	assert_int_equal(one("aarch64", udf, 4, 0, t), 4);
	struct disasm *d;
	assert_int_equal(disasm_open("aarch64", &d), 0);
	assert_int_equal(disasm_min_len(d), 4);
	disasm_close(d);
}

static void test_unknown_arch(void **state)
{
	(void)state;
	struct disasm *d = (struct disasm *)1;
	assert_int_equal(disasm_open("mips", &d), -ENOTSUP);
	assert_null(d);
	assert_int_equal(disasm_open(NULL, &d), -ENOTSUP);
	disasm_close(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_riscv64),
		cmocka_unit_test(test_x86_64),
		cmocka_unit_test(test_aarch64),
		cmocka_unit_test(test_unknown_arch),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
