/* 101: the ISA table is sound: every row's match decodes to that row, no encoding is matched
 * by two rows, and decoded fields (registers, immediates, flags) are right for known words. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "isa/isa.h"
#include "isa/isa_internal.h"

static void test_every_row_decodes_to_itself(void **state)
{
	(void)state;
	for (unsigned op = 1; op < ISA_OP_COUNT; op++) {
		const struct isa_row *r = &isa_rows[op];
		uint32_t raw = r->match;
		/* a reserved rounding mode is illegal; pick "dynamic" for rows with an rm field */
		if (r->flags & ISA_T_RM)
			raw |= 7u << 12;
		if (op == ISA_OP_packw)
			raw |= 1u << 20;  /* packw rd, rs1, x0 is zext.h */
		struct isa_insn in;
		int len = isa_decode(raw, &in);
		if (len != 4 || in.op != op)
			fail_msg("row %s (0x%08x) decodes to %s", r->name, raw, isa_op_name(in.op));
		assert_int_equal(in.cls, r->cls);
		assert_int_equal(in.fmt, r->fmt);
		assert_int_equal(in.size, op == ISA_OP_cbo_zero ? 64 : ISA_T_SIZE_OF(r->flags));
		assert_int_equal(in.flags & (r->flags & ~ISA_T_MASK), r->flags & ~ISA_T_MASK);
		assert_int_equal(in.flags & ISA_F_COMPRESSED, 0);
	}
}

static void test_no_two_rows_overlap(void **state)
{
	(void)state;
	for (unsigned a = 1; a < ISA_OP_COUNT; a++) {
		assert_int_equal(isa_rows[a].match & ~isa_rows[a].mask, 0);
		for (unsigned b = a + 1; b < ISA_OP_COUNT; b++) {
			uint32_t common = isa_rows[a].mask & isa_rows[b].mask;
			/* the one alias of the table: zext.h (Zbb) is packw rd, rs1, x0 (Zbkb); the
			 * earlier row, zext.h, wins (decode.c) */
			if (a == ISA_OP_zext_h && b == ISA_OP_packw)
				continue;
			if (((isa_rows[a].match ^ isa_rows[b].match) & common) == 0)
				fail_msg("rows %s and %s both match 0x%08x", isa_rows[a].name,
					 isa_rows[b].name, isa_rows[a].match | isa_rows[b].match);
		}
	}
}

static void test_names(void **state)
{
	(void)state;
	assert_string_equal(isa_op_name(ISA_OP_fadd_s), "fadd.s");
	assert_string_equal(isa_op_name(ISA_OP_fence_i), "fence.i");
	assert_string_equal(isa_op_name(ISA_OP_amomaxu_d), "amomaxu.d");
	assert_string_equal(isa_op_name(ISA_OP_INVALID), "unknown");
	assert_string_equal(isa_class_name(ISA_CLASS_FP_ADD), "fp-add");
}

/* Words below were produced by riscv64-linux-gnu-as. */
static void test_fields(void **state)
{
	(void)state;
	struct isa_insn in;

	assert_int_equal(isa_decode(0xff010113, &in), 4);  /* addi sp,sp,-16 */
	assert_int_equal(in.op, ISA_OP_addi);
	assert_int_equal(in.rd, 2);
	assert_int_equal(in.rs1, 2);
	assert_int_equal(in.rs2, ISA_REG_NONE);
	assert_int_equal(in.imm, -16);

	assert_int_equal(isa_decode(0x00008067, &in), 4);  /* ret */
	assert_int_equal(in.op, ISA_OP_jalr);
	assert_int_equal(in.flags & (ISA_F_RET | ISA_F_CALL | ISA_F_INDIRECT),
			 ISA_F_RET | ISA_F_INDIRECT);

	assert_int_equal(isa_decode(0x123450ef, &in), 4);  /* jal ra,0x45922 (offset 0x45922) */
	assert_int_equal(in.op, ISA_OP_jal);
	assert_true(in.flags & ISA_F_CALL);
	assert_int_equal(in.imm, 0x45922);

	assert_int_equal(isa_decode(0xfe0718e3, &in), 4);  /* bnez a4,-16 */
	assert_int_equal(in.op, ISA_OP_bne);
	assert_int_equal(in.imm, -16);
	assert_true(in.flags & ISA_F_COND);

	assert_int_equal(isa_decode(0xfff00537, &in), 4);  /* lui a0,0xfff00 */
	assert_int_equal(in.imm, (int64_t)0xfffffffffff00000ull);

	assert_int_equal(isa_decode(0xfea43c23, &in), 4);  /* sd a0,-8(s0) */
	assert_int_equal(in.op, ISA_OP_sd);
	assert_int_equal(in.imm, -8);
	assert_int_equal(in.rs1, 8);
	assert_int_equal(in.rs2, 10);
	assert_int_equal(in.rd, ISA_REG_NONE);
	assert_int_equal(in.size, 8);

	assert_int_equal(isa_decode(0x03f51513, &in), 4);  /* slli a0,a0,63 */
	assert_int_equal(in.op, ISA_OP_slli);
	assert_int_equal(in.imm, 63);
	assert_int_equal(isa_decode(0x01f5151b, &in), 4);  /* slliw a0,a0,31 */
	assert_int_equal(in.imm, 31);
	assert_int_equal(isa_decode(0x0205151b, &in), 0);  /* slliw with shamt[5] set: illegal */

	assert_int_equal(isa_decode(0xc2051553, &in), 4);  /* fcvt.w.d a0,fa0,rtz */
	assert_int_equal(in.op, ISA_OP_fcvt_w_d);
	assert_int_equal(in.rd, 10);
	assert_int_equal(in.rs1, ISA_REG_F(10));
	assert_int_equal(in.rs2, ISA_REG_NONE);
	assert_int_equal(in.rm, 1);
	assert_int_equal(in.flags & ISA_F_DYN_RM, 0);
	assert_true(in.flags & ISA_F_WRITES_FFLAGS);

	assert_int_equal(isa_decode(0x00b57553, &in), 4);  /* fadd.s fa0,fa0,fa1 (dyn) */
	assert_int_equal(in.op, ISA_OP_fadd_s);
	assert_true(in.flags & ISA_F_DYN_RM);
	assert_true(in.flags & ISA_F_FP_SINGLE);
	assert_int_equal(isa_decode(0x00b55553, &in), 0);  /* rm = 5 is reserved */

	assert_int_equal(isa_decode(0x6ab5f54b, &in), 4);  /* fnmsub.d fa0,fa1,fa1,fa3 */
	assert_int_equal(in.rs3, ISA_REG_F(13));

	assert_int_equal(isa_decode(0x0405b52f, &in), 4);  /* amoadd.d.aq a0,zero,(a1) */
	assert_int_equal(in.op, ISA_OP_amoadd_d);
	assert_int_equal(in.flags & (ISA_F_AQ | ISA_F_RL), ISA_F_AQ);
	assert_int_equal(in.size, 8);

	assert_int_equal(isa_decode(0x00159073, &in), 4);  /* fsflags a1 (csrrw zero,fflags,a1) */
	assert_true(in.flags & ISA_F_SERIALIZE);
	assert_false(in.flags & ISA_F_READS_FFLAGS);
	assert_int_equal(in.csr, 1);
	assert_int_equal(isa_decode(0x00102573, &in), 4);  /* frflags a0 (csrrs a0,fflags,zero) */
	assert_false(in.flags & ISA_F_SERIALIZE);
	assert_true(in.flags & ISA_F_READS_FFLAGS);
	assert_int_equal(isa_decode(0xc0002573, &in), 4);  /* rdcycle a0 */
	assert_int_equal(in.flags & (ISA_F_SERIALIZE | ISA_F_READS_FFLAGS), 0);
	assert_int_equal(isa_decode(0x00215073, &in), 4);  /* fsrmi 2 (csrrwi zero,frm,2) */
	assert_true(in.flags & ISA_F_SERIALIZE);
	assert_int_equal(in.imm, 2);

	assert_int_equal(isa_decode(0x0ff0000f, &in), 4);  /* fence */
	assert_int_equal(in.imm, 0xff);
	assert_int_equal(isa_decode(0x8330000f, &in), 4);  /* fence.tso */
	assert_int_equal(in.imm, 0x833);
	assert_int_equal(isa_decode(0x0000100f, &in), 4);  /* fence.i */
	assert_true(in.flags & ISA_F_SERIALIZE);
	assert_int_equal(isa_decode(0x00000073, &in), 4);
	assert_true(in.flags & ISA_F_ECALL);
	assert_int_equal(isa_decode(0x00100073, &in), 4);
	assert_true(in.flags & ISA_F_EBREAK);

	assert_int_equal(isa_decode(0xffffffff, &in), 0);
	assert_int_equal(in.op, ISA_OP_INVALID);
	assert_int_equal(in.len, 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_row_decodes_to_itself),
		cmocka_unit_test(test_no_two_rows_overlap),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_fields),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
