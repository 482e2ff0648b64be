/* 211: the F/D handlers of exec_fd.c on decoded instructions: rounding-mode selection
 * (static, dynamic, illegal), NaN-boxing of operands and results, fflags accrual, integer
 * destinations (sign extension, x0), moves that must not check NaN-boxing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "emu/exec.h"
#include "emu/fpu.h"

#define BOX(v) (0xffffffff00000000ull | (uint32_t)(v))

static uint32_t r_type(uint32_t match, unsigned rd, unsigned rs1, unsigned rs2, unsigned rm)
{
	return match | rd << 7 | rm << 12 | rs1 << 15 | rs2 << 20;
}

static uint32_t r4_type(uint32_t match, unsigned rd, unsigned rs1, unsigned rs2, unsigned rs3,
                        unsigned rm)
{
	return r_type(match, rd, rs1, rs2, rm) | rs3 << 27;
}

/* Decode raw and run its handler; returns the handler's result. */
static int run(struct hart *h, uint32_t raw, struct isa_insn *in)
{
	assert_int_equal(isa_decode(raw, in), 4);
	h->pc = 0x1000;
	h->next_pc = 0x1004;
	switch (in->op) {
	case ISA_OP_fadd_s: return exec_fadd_s(h, in);
	case ISA_OP_fadd_d: return exec_fadd_d(h, in);
	case ISA_OP_fmadd_s: return exec_fmadd_s(h, in);
	case ISA_OP_fnmadd_d: return exec_fnmadd_d(h, in);
	case ISA_OP_fsgnj_s: return exec_fsgnj_s(h, in);
	case ISA_OP_fsgnjx_s: return exec_fsgnjx_s(h, in);
	case ISA_OP_fmin_s: return exec_fmin_s(h, in);
	case ISA_OP_feq_s: return exec_feq_s(h, in);
	case ISA_OP_flt_d: return exec_flt_d(h, in);
	case ISA_OP_fclass_s: return exec_fclass_s(h, in);
	case ISA_OP_fcvt_w_s: return exec_fcvt_w_s(h, in);
	case ISA_OP_fcvt_wu_d: return exec_fcvt_wu_d(h, in);
	case ISA_OP_fcvt_s_w: return exec_fcvt_s_w(h, in);
	case ISA_OP_fcvt_d_s: return exec_fcvt_d_s(h, in);
	case ISA_OP_fcvt_s_d: return exec_fcvt_s_d(h, in);
	case ISA_OP_fmv_x_w: return exec_fmv_x_w(h, in);
	case ISA_OP_fmv_w_x: return exec_fmv_w_x(h, in);
	case ISA_OP_fmv_x_d: return exec_fmv_x_d(h, in);
	case ISA_OP_fsqrt_d: return exec_fsqrt_d(h, in);
	default: fail_msg("op %u not mapped in this test", in->op);
	}
	return -2;
}

static void test_rounding_mode(void **state)
{
	(void)state;
	struct hart h;
	struct isa_insn in;
	memset(&h, 0, sizeof(h));
	h.f[1] = BOX(0x3f800000);  /* 1.0 */
	h.f[2] = BOX(0x33800000);  /* 2^-24: 1 + 2^-24 is a tie */
	/* static RUP */
	assert_int_equal(run(&h, r_type(0x00000053, 3, 1, 2, FPU_RM_RUP), &in), 0);
	assert_true(h.f[3] == BOX(0x3f800001));
	assert_int_equal(h.fflags, FPU_NX);
	/* dynamic: frm = RMM, then RTZ */
	h.fflags = 0;
	h.frm = FPU_RM_RMM;
	assert_int_equal(run(&h, r_type(0x00000053, 4, 1, 2, 7), &in), 0);
	assert_true(h.f[4] == BOX(0x3f800001));
	h.frm = FPU_RM_RTZ;
	assert_int_equal(run(&h, r_type(0x00000053, 4, 1, 2, 7), &in), 0);
	assert_true(h.f[4] == BOX(0x3f800000));
	assert_int_equal(h.fflags, FPU_NX);
	/* dynamic with an invalid frm is an illegal instruction; nothing is written */
	h.frm = 5;
	h.f[5] = 0x1234;
	uint32_t raw = r_type(0x00000053, 5, 1, 2, 7);
	assert_int_equal(run(&h, raw, &in), -1);
	assert_int_equal(h.trap.cause, HART_TRAP_ILLEGAL);
	assert_true(h.trap.tval == raw);
	assert_true(h.trap.pc == 0x1000);
	assert_true(h.f[5] == 0x1234);
	/* a reserved static rm (the decoder refuses 5 and 6; the handler checks too) */
	h.trap.cause = 0;
	h.frm = 0;
	assert_int_equal(run(&h, r_type(0x00000053, 5, 1, 2, 0), &in), 0);
	in.rm = 6;
	assert_int_equal(exec_fadd_s(&h, &in), -1);
	assert_int_equal(h.trap.cause, HART_TRAP_ILLEGAL);
	/* fcvt.d.s is exact, yet its rm field is checked */
	h.trap.cause = 0;
	h.frm = 7;
	assert_int_equal(run(&h, r_type(0x42000053, 6, 1, 0, 7), &in), -1);
	assert_int_equal(h.trap.cause, HART_TRAP_ILLEGAL);
	/* instructions without an rm field ignore frm */
	h.trap.cause = 0;
	assert_int_equal(run(&h, r_type(0x28000053, 6, 1, 2, 0), &in), 0); /* fmin.s */
	assert_true(h.f[6] == BOX(0x33800000));
}

static void test_nan_boxing(void **state)
{
	(void)state;
	struct hart h;
	struct isa_insn in;
	memset(&h, 0, sizeof(h));
	h.f[1] = 0x000000003f800000ull;  /* 1.0, not NaN-boxed: reads as the canonical NaN */
	h.f[2] = BOX(0x3f800000);
	assert_int_equal(run(&h, r_type(0x00000053, 3, 1, 2, 0), &in), 0);
	assert_true(h.f[3] == BOX(FPU_CANON_NAN_S));
	assert_int_equal(h.fflags, 0);  /* the canonical NaN is quiet */
	/* fsgnj.s (fmv.s) of an unboxed value gives the canonical NaN with the new sign */
	assert_int_equal(run(&h, r_type(0x20000053, 4, 1, 1, 0), &in), 0);
	assert_true(h.f[4] == BOX(FPU_CANON_NAN_S));
	h.f[5] = BOX(0xbf800000);
	assert_int_equal(run(&h, r_type(0x20002053, 4, 1, 5, 0), &in), 0); /* fsgnjx.s */
	assert_true(h.f[4] == BOX(0xffc00000));
	/* fclass.s sees a quiet NaN */
	assert_int_equal(run(&h, r_type(0xe0001053, 10, 1, 0, 0), &in), 0);
	assert_true(h.x[10] == FPU_CLASS_QNAN);
	/* fmv.x.w moves the low 32 bits, boxed or not, sign-extended */
	h.f[7] = 0x00000000bf800000ull;
	assert_int_equal(run(&h, r_type(0xe0000053, 11, 7, 0, 0), &in), 0);
	assert_true(h.x[11] == 0xffffffffbf800000ull);
	/* fmv.w.x boxes */
	h.x[12] = 0x123456789abcdef0ull;
	assert_int_equal(run(&h, r_type(0xf0000053, 8, 12, 0, 0), &in), 0);
	assert_true(h.f[8] == BOX(0x9abcdef0));
	/* fcvt.d.s of an unboxed value: canonical double NaN, no NV */
	assert_int_equal(run(&h, r_type(0x42000053, 9, 1, 0, 0), &in), 0);
	assert_true(h.f[9] == FPU_CANON_NAN_D);
	assert_int_equal(h.fflags, 0);
	/* fcvt.s.d results are boxed */
	h.f[13] = 0x3ff8000000000000ull;  /* 1.5 */
	assert_int_equal(run(&h, r_type(0x40100053, 14, 13, 0, 0), &in), 0);
	assert_true(h.f[14] == BOX(0x3fc00000));
	/* double operations use all 64 bits */
	h.f[15] = BOX(0x3f800000);  /* as a double this is a negative quiet NaN */
	assert_int_equal(run(&h, r_type(0x02000053, 16, 15, 15, 0), &in), 0); /* fadd.d */
	assert_true(h.f[16] == FPU_CANON_NAN_D);
}

static void test_int_results_and_flags(void **state)
{
	(void)state;
	struct hart h;
	struct isa_insn in;
	memset(&h, 0, sizeof(h));
	/* fcvt.wu.d of 2^32 - 1: the 32-bit result is sign-extended */
	h.f[1] = 0x41efffffffe00000ull;
	assert_int_equal(run(&h, r_type(0xc2100053, 10, 1, 0, 1), &in), 0);
	assert_true(h.x[10] == 0xffffffffffffffffull);
	assert_int_equal(h.fflags, 0);
	/* fcvt.w.s of NaN: 2^31 - 1 and NV, accrued on top of earlier flags */
	h.fflags = FPU_DZ;
	h.f[2] = BOX(0x7fc00000);
	assert_int_equal(run(&h, r_type(0xc0000053, 11, 2, 0, 1), &in), 0);
	assert_true(h.x[11] == 0x7fffffff);
	assert_int_equal(h.fflags, FPU_DZ | FPU_NV);
	/* x0 destination: nothing written */
	h.x[0] = 0;
	assert_int_equal(run(&h, r_type(0xc0000053, 0, 2, 0, 1), &in), 0);
	assert_true(h.x[0] == 0);
	/* feq.s with a signaling NaN: 0 and NV; flt.d of -0 < +0: 0 */
	h.fflags = 0;
	h.f[3] = BOX(0x7f800001);
	assert_int_equal(run(&h, r_type(0xa0002053, 12, 3, 3, 0), &in), 0);
	assert_true(h.x[12] == 0);
	assert_int_equal(h.fflags, FPU_NV);
	h.f[4] = 0x8000000000000000ull;
	h.f[5] = 0;
	h.x[13] = 99;
	assert_int_equal(run(&h, r_type(0xa2001053, 13, 4, 5, 0), &in), 0);
	assert_true(h.x[13] == 0);
	/* fcvt.s.w reads the low word of rs1 only */
	h.x[14] = 0x00000001ffffffffull;  /* low word -1 */
	assert_int_equal(run(&h, r_type(0xd0000053, 17, 14, 0, 0), &in), 0);
	assert_true(h.f[17] == BOX(0xbf800000));
	/* fnmadd.d: -(2 * 3) - 1 = -7; fsqrt.d of -1: canonical NaN and NV */
	h.fflags = 0;
	h.f[20] = 0x4000000000000000ull;
	h.f[21] = 0x4008000000000000ull;
	h.f[22] = 0x3ff0000000000000ull;
	assert_int_equal(run(&h, r4_type(0x0200004f, 23, 20, 21, 22, 0), &in), 0);
	assert_true(h.f[23] == 0xc01c000000000000ull);
	h.f[24] = 0xbff0000000000000ull;
	assert_int_equal(run(&h, r_type(0x5a000053, 25, 24, 0, 0), &in), 0);
	assert_true(h.f[25] == FPU_CANON_NAN_D);
	assert_int_equal(h.fflags, FPU_NV);
	/* fmadd.s: one rounding, boxed result */
	h.f[26] = BOX(0x3f800001);
	h.f[27] = BOX(0x3f7ffffe);
	h.f[28] = BOX(0xbf800000);
	assert_int_equal(run(&h, r4_type(0x00000043, 29, 26, 27, 28, 0), &in), 0);
	assert_true(h.f[29] == BOX(0xa8800000));
	/* fmv.x.d */
	assert_int_equal(run(&h, r_type(0xe2000053, 15, 23, 0, 0), &in), 0);
	assert_true(h.x[15] == 0xc01c000000000000ull);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rounding_mode),
		cmocka_unit_test(test_nan_boxing),
		cmocka_unit_test(test_int_results_and_flags),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
