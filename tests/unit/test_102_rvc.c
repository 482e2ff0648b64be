/* 102: the RV64C table: each of the 65536 16-bit encodings is accepted by at most one
 * compressed row, the decoder accepts exactly those, and every accepted encoding decodes to
 * the same operation and operands as its 32-bit equivalent (isa_encode). Reserved encodings
 * of the specification are illegal. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "isa/isa.h"
#include "isa/isa_internal.h"

static void test_exhaustive_expansion(void **state)
{
	(void)state;
	unsigned valid = 0, per_row[ISA_RVC_COUNT] = { 0 };
	for (uint32_t x = 0; x < 0x10000; x++) {
		if ((x & 3) == 3)
			continue;
		int rows = 0, row = -1;
		for (unsigned r = 0; r < ISA_RVC_COUNT; r++)
			if (isa_rvc_accepts(r, x)) {
				rows++;
				row = (int)r;
			}
		if (rows > 1)
			fail_msg("0x%04x is accepted by %d compressed rows", x, rows);
		struct isa_insn in, wide;
		int len = isa_decode(x, &in);
		assert_int_equal(in.len, 2);
		assert_int_equal(in.raw, x);
		if (rows == 0) {
			if (len != 0 || in.op != ISA_OP_INVALID)
				fail_msg("reserved 0x%04x decodes to %s", x, isa_op_name(in.op));
			continue;
		}
		valid++;
		per_row[row]++;
		if (len != 2)
			fail_msg("0x%04x (%s) does not decode", x, isa_rvc_rows[row].name);
		assert_int_equal(in.op, isa_rvc_rows[row].base);
		assert_true(in.flags & ISA_F_COMPRESSED);
		uint32_t w = isa_encode(&in);
		if (isa_decode(w, &wide) != 4)
			fail_msg("0x%04x (%s): 32-bit equivalent 0x%08x does not decode", x,
				 isa_rvc_rows[row].name, w);
		if (wide.op != in.op || wide.rd != in.rd || wide.rs1 != in.rs1 || wide.rs2 != in.rs2 ||
		    wide.rs3 != in.rs3 || wide.imm != in.imm || wide.size != in.size ||
		    wide.cls != in.cls || wide.fmt != in.fmt || wide.rm != in.rm ||
		    wide.flags != (in.flags & ~ISA_F_COMPRESSED))
			fail_msg("0x%04x (%s) and its 32-bit equivalent 0x%08x differ", x,
				 isa_rvc_rows[row].name, w);
	}
	for (unsigned r = 0; r < ISA_RVC_COUNT; r++)
		if (!per_row[r])
			fail_msg("compressed row %s accepts nothing", isa_rvc_rows[r].name);
	print_message("%u legal 16-bit encodings\n", valid);
}

static void test_reserved(void **state)
{
	(void)state;
	struct isa_insn in;
	static const uint16_t reserved[] = {
		0x0000,  /* all zero (c.addi4spn with imm 0) */
		0x0004,  /* c.addi4spn a1,sp,0 */
		0x6101,  /* c.addi16sp with imm 0 */
		0x6501,  /* c.lui a0,0 */
		0x2001,  /* c.addiw zero,0 */
		0x4002,  /* c.lwsp zero */
		0x6002,  /* c.ldsp zero */
		0x8002,  /* c.jr zero */
		0x9000,  /* quadrant 0 funct3 100, funct6 100100 (Zcb leaves it reserved) */
		0x9c79,  /* Zcb's unary space, 110 and 111 reserved */
		0x9c7d,
		0x6881,  /* c.lui a7,0: an odd rd above 15 is no c.mop.n */
		0x6501,  /* c.lui a0,0: an even rd is no c.mop.n */
	};
	for (size_t i = 0; i < sizeof(reserved) / sizeof(reserved[0]); i++)
		if (isa_decode(reserved[i], &in) != 0)
			fail_msg("reserved 0x%04x decodes to %s", reserved[i], isa_op_name(in.op));
}

static void test_fields(void **state)
{
	(void)state;
	struct isa_insn in;

	assert_int_equal(isa_decode(0x8082, &in), 2);  /* ret */
	assert_int_equal(in.op, ISA_OP_jalr);
	assert_int_equal(in.rd, 0);
	assert_int_equal(in.rs1, 1);
	assert_int_equal(in.flags & (ISA_F_RET | ISA_F_CALL | ISA_F_INDIRECT), ISA_F_RET | ISA_F_INDIRECT);
	assert_int_equal(isa_decode(0x9782, &in), 2);  /* c.jalr a5 */
	assert_int_equal(in.rd, 1);
	assert_int_equal(in.flags & (ISA_F_RET | ISA_F_CALL), ISA_F_CALL);
	assert_int_equal(isa_decode(0x7179, &in), 2);  /* c.addi16sp sp,-48 */
	assert_int_equal(in.op, ISA_OP_addi);
	assert_int_equal(in.imm, -48);
	assert_int_equal(isa_decode(0x0030, &in), 2);  /* c.addi4spn a2,sp,8 */
	assert_int_equal(in.rd, 12);
	assert_int_equal(in.rs1, 2);
	assert_int_equal(in.imm, 8);
	assert_int_equal(isa_decode(0xe406, &in), 2);  /* c.sdsp ra,8(sp) */
	assert_int_equal(in.op, ISA_OP_sd);
	assert_int_equal(in.rs2, 1);
	assert_int_equal(in.imm, 8);
	assert_int_equal(in.size, 8);
	assert_int_equal(in.rd, ISA_REG_NONE);
	assert_int_equal(isa_decode(0x2008, &in), 2);  /* c.fld fa0,0(s0) */
	assert_int_equal(in.op, ISA_OP_fld);
	assert_int_equal(in.rd, ISA_REG_F(10));
	assert_int_equal(isa_decode(0xc93d, &in), 2);  /* c.beqz a0,+0x76 */
	assert_int_equal(in.op, ISA_OP_beq);
	assert_int_equal(in.imm, 0x76);
	assert_true(in.flags & ISA_F_COND);
	assert_int_equal(isa_decode(0x9002, &in), 2);  /* c.ebreak */
	assert_true(in.flags & ISA_F_EBREAK);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exhaustive_expansion),
		cmocka_unit_test(test_reserved),
		cmocka_unit_test(test_fields),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
