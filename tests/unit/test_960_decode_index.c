/* 960: the decoder's key index finds exactly the row a linear search of the table finds, for
 * every combination of opcode, funct3 and funct7 with several fillings of the other bits, and
 * for every row's own encodings with random free bits: the index is a speed-up, never a
 * different decoder. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "isa/isa.h"
#include "isa/isa_internal.h"

/* The first row matching raw, by the table's definition, or ISA_OP_INVALID. */
static unsigned linear_op(uint32_t raw)
{
	for (unsigned op = 1; op < ISA_OP_COUNT; op++)
		if ((raw & isa_rows[op].mask) == isa_rows[op].match)
			return op;
	return ISA_OP_INVALID;
}

static uint64_t rng_state = 0x3936302d6465636full;

static uint32_t rng32(void)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(rng_state >> 32);
}

/* isa_decode agrees with the linear search on raw; returns 1 when raw is a valid operation. */
static int check_word(uint32_t raw)
{
	unsigned want = linear_op(raw);
	struct isa_insn in;
	int len = isa_decode(raw, &in);
	if (want == ISA_OP_INVALID) {
		if (len != 0 || in.op != ISA_OP_INVALID)
			fail_msg("0x%08x matches no row, decoded as %s", raw, isa_op_name(in.op));
		return 0;
	}
	if (len == 4 && in.op == want)
		return 1;
	/* the one legal refusal: a reserved rounding mode in a row with an rm field */
	unsigned rm = (raw >> 12) & 7u;
	if (len == 0 && in.op == ISA_OP_INVALID && (isa_rows[want].flags & ISA_T_RM) &&
	    (rm == 5 || rm == 6))
		return 0;
	fail_msg("0x%08x is row %s, decoded as %s (len %d)", raw, isa_rows[want].name,
		 isa_op_name(in.op), len);
	return 0;
}

static void test_every_key_combination(void **state)
{
	(void)state;
	unsigned valid = 0, words = 0;
	for (uint32_t op5 = 0; op5 < 32; op5++)
		for (uint32_t f3 = 0; f3 < 8; f3++)
			for (uint32_t f7 = 0; f7 < 128; f7++)
				for (int fill = 0; fill < 6; fill++) {
					/* rd, rs1, rs2: all zero, all ones, then random */
					uint32_t other = fill == 0 ? 0 : fill == 1 ? ~0u : rng32();
					uint32_t raw = (other & 0x01ff8f80u) | (f7 << 25) | (f3 << 12) |
						       (op5 << 2) | 3u;
					valid += (unsigned)check_word(raw);
					words++;
				}
	/* most of the space is illegal, but every row lives in it */
	assert_true(valid > 10000 && valid < words);
}

static void test_every_row_with_random_free_bits(void **state)
{
	(void)state;
	for (unsigned op = 1; op < ISA_OP_COUNT; op++) {
		const struct isa_row *r = &isa_rows[op];
		for (int i = 0; i < 200; i++) {
			uint32_t raw = r->match | (rng32() & ~r->mask);
			if ((r->flags & ISA_T_RM) && i == 0)
				raw = (raw & ~(7u << 12)) | (7u << 12);
			check_word(raw);
		}
	}
}

static void test_compressed_space_is_not_indexed_here(void **state)
{
	(void)state;
	/* 16-bit encodings go to decode_rvc.c: a word with bits 1:0 != 3 never reaches the key
	 * index, so c.addi4spn's all-zero word stays illegal and c.nop decodes as 2 bytes */
	struct isa_insn in;
	assert_int_equal(isa_decode(0x0000, &in), 0);
	assert_int_equal(in.op, ISA_OP_INVALID);
	assert_int_equal(isa_decode(0x0001, &in), 2);
	assert_int_equal(in.op, ISA_OP_addi);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_key_combination),
		cmocka_unit_test(test_every_row_with_random_free_bits),
		cmocka_unit_test(test_compressed_space_is_not_indexed_here),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
