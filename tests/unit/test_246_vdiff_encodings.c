/* 246: the encodings the vector differential test (tests/diff/vdiff_rt.c) runs: for every V
 * row of isa_table.def, words made as the generator makes them (the row's match with random
 * bits in every field its mask leaves free) decode to that row, with the operands in the
 * places vdiff put them (vd/vs3, vs2 or the stride/index register, vs1/rs1/fs1/simm5, the vm
 * bit as `masked`, nf), and encode back to the same word. A word vdiff prints as one row is
 * then that row for robin too, so its per-row mismatch counts name the right handler. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "isa/isa.h"
#include "isa/isa_internal.h"

static uint64_t rng_state = 246;

static uint32_t rnd32(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return (uint32_t)(z ^ (z >> 31));
}

#define RD(w) (((w) >> 7) & 31u)
#define RS1(w) (((w) >> 15) & 31u)
#define RS2(w) (((w) >> 20) & 31u)

static void check_operands(const struct isa_row *r, uint32_t w, const struct isa_insn *in)
{
	uint32_t t = r->flags;
	if (r->fmt == ISA_FMT_VMEM || r->fmt == ISA_FMT_VMEM_S || r->fmt == ISA_FMT_VMEM_X) {
		if (r->cls == ISA_CLASS_VSTORE)
			assert_int_equal(in->rs3, ISA_REG_V(RD(w)));
		else
			assert_int_equal(in->rd, ISA_REG_V(RD(w)));
		assert_int_equal(in->rs1, RS1(w));
		if (r->fmt == ISA_FMT_VMEM_S)
			assert_int_equal(in->rs2, RS2(w));
		if (r->fmt == ISA_FMT_VMEM_X)
			assert_int_equal(in->rs2, ISA_REG_V(RS2(w)));
		assert_int_equal(in->nf, w >> 29);
		assert_int_equal(in->masked, !((w >> 25) & 1u));
		assert_int_equal(in->size, ISA_T_SIZE_OF(t));
		return;
	}
	if (r->fmt != ISA_FMT_VOP)
		return;
	unsigned f3 = (w >> 12) & 7u;
	uint8_t rd = t & ISA_T_RD_X ? (uint8_t)RD(w) : t & ISA_T_RD_F ? ISA_REG_F(RD(w))
	           : ISA_REG_V(RD(w));
	assert_int_equal(in->rd, rd);
	if (!(t & ISA_T_NO_RS2))
		assert_int_equal(in->rs2, ISA_REG_V(RS2(w)));
	if (!(t & ISA_T_NO_RS1)) {
		if (f3 <= 2)
			assert_int_equal(in->rs1, ISA_REG_V(RS1(w)));
		else if (f3 == 5)
			assert_int_equal(in->rs1, ISA_REG_F(RS1(w)));
		else if (f3 == 4 || f3 == 6)
			assert_int_equal(in->rs1, RS1(w));
		else if (!(t & ISA_T_UIMM))
			assert_int_equal(in->imm, (int64_t)((int32_t)(RS1(w) << 27) >> 27));
		else
			assert_int_equal(in->imm & 31, RS1(w));
	}
	if (t & ISA_T_VD_SRC)
		assert_int_equal(in->rs3, ISA_REG_V(RD(w)));
	assert_int_equal(in->masked, !((w >> 25) & 1u));
}

static void test_random_fields_decode_to_the_row(void **state)
{
	(void)state;
	unsigned rows = 0;
	for (unsigned op = 1; op < ISA_OP_COUNT; op++) {
		const struct isa_row *r = &isa_rows[op];
		if (!ISA_CLASS_IS_V(r->cls))
			continue;
		rows++;
		for (int k = 0; k < 256; k++) {
			uint32_t w = r->match | (rnd32() & ~r->mask);
			struct isa_insn in;
			int len = isa_decode(w, &in);
			if (len != 4 || in.op != op)
				fail_msg("%s: 0x%08x decodes to %s", r->name, w, isa_op_name(in.op));
			assert_int_equal(in.cls, r->cls);
			check_operands(r, w, &in);
			uint32_t e = isa_encode(&in);
			if (e != w)
				fail_msg("%s: 0x%08x encodes back to 0x%08x", r->name, w, e);
		}
	}
	/* the V 1.0 and Zvbb rows of the framework (2643b51): more rows are fine, fewer are not */
	assert_true(rows >= 391);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_fields_decode_to_the_row),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
