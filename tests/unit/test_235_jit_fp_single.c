/* 235: jit.c's translations of the kinds the block loop leaves to the generic handler
 * (feq/flt/fle.s, fsgnj/fsgnjn/fsgnjx.s, fmadd/fmsub/fnmsub/fnmadd.s, fdiv.s, fcvt.w.s and
 * fcvt.w.d truncating and to nearest, fcvt.s.w/.s.l/.s.d, fmv.x.w, fmv.w.x, mulh, fcvt.d.wu,
 * fcvt.d.lu to nearest, fcvt.wu.d and fcvt.lu.d truncating) give the
 * exec_table handlers' results and flags. Each kind runs
 * as three ops (rd distinct, sources the same register, rd = a source) then an op the
 * translator stops at, on every pair (and for the fused ones, triple) of edge operands: zeros,
 * ones, halves, tiny and huge normals, subnormals, infinities, quiet and signalling NaNs,
 * values around 2^31, registers that are not NaN-boxed, binary64 values around binary32's
 * range and int32's (the same bits are the x registers' operands). fflags starts with NX (the
 * translated code's assumption, checked by its caller) and frm RNE; where the code returns
 * the op's index the test runs the handlers from that op on, as block_run does. And two-op
 * chains, a binary32 or binary64 result feeding a binary32 operation (test_fp_chain). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <cmocka.h>

#include "emu/exec.h"
#include "emu/fpu.h"
#include "emu/hart.h"
#include "emu/jit.h"

#define BOX(v) (0xffffffff00000000ull | (uint32_t)(v))
static const uint64_t edge[] = {
	BOX(0), BOX(0x80000000u), BOX(0x3f800000u) /* 1 */, BOX(0xbfc00000u) /* -1.5 */,
	BOX(0x3f000000u) /* 0.5 */, BOX(0x40490fdbu) /* pi */, BOX(0x00800000u) /* least normal */,
	BOX(0x00000001u) /* least subnormal */, BOX(0x807fffffu), BOX(0x7f7fffffu) /* max */,
	BOX(0xff7fffffu), BOX(0x7f800000u) /* inf */, BOX(0xff800000u), BOX(0x7fc00000u) /* qNaN */,
	BOX(0x7fa00000u) /* sNaN */, BOX(0x4effffffu) /* < 2^31 */, BOX(0x4f000000u) /* 2^31 */,
	BOX(0xcf000000u) /* -2^31 */, BOX(0x4b7fffffu), BOX(0x3f7fffffu), BOX(0x0d800000u),
	0x000000003f800000ull /* 1, not boxed */, 0x7fffffff3f800000ull,
	/* binary64 (for fcvt.s.d, fcvt.w.d; as ints for mulh, fcvt.s.w/l) */
	0x3ff0000000000000ull /* 1 */, 0xbff8000000000000ull /* -1.5 */, 0x4004000000000000ull /* 2.5 */,
	0x41dfffffffc00000ull /* 2^31 - 1 */, 0x41e0000000000000ull /* 2^31 */,
	0xc1e0000000000000ull /* -2^31 */, 0xc1e0000000200000ull /* -2^31 - 1 */,
	0x47efffffe0000000ull /* max binary32 */, 0x47effffff0000000ull /* rounds past it */,
	0x3810000000000000ull /* least binary32 normal */, 0x36a0000000000000ull /* tiny */,
	0x7e37e43c8800759cull /* 1e300 */, 0x0000000000000001ull, 0x7ff0000000000000ull,
	0x7ff8000000000000ull, 0x8000000000000000ull, 0x3fd5555555555555ull /* 1/3 */,
	0x000000007fffffffull, 0x0000000080000000ull, 0xffffffffffffffffull, 0x7fffffffffffffffull,
	/* around uint32's and int64's ranges (fcvt.wu.d, fcvt.lu.d); as ints: 2^53 + 1, 2^63 */
	0x41efffffffe00000ull /* 2^32 - 1 */, 0x41f0000000000000ull /* 2^32 */,
	0x43dfffffffffffffull /* < 2^63 */, 0x43e0000000000000ull /* 2^63 */,
	0xbfe0000000000000ull /* -0.5 */, 0x0020000000000001ull, 0x8000000000000001ull,
};
#define NE (sizeof(edge) / sizeof(edge[0]))

struct kind { enum block_kind kind; enum isa_op op; int64_t imm; uint8_t rm; };
static const struct kind kinds[] = {
	{ BK_FEQ_S, ISA_OP_feq_s, 0, FPU_RM_RDN }, { BK_FLT_S, ISA_OP_flt_s, 0, FPU_RM_RTZ },
	{ BK_FLE_S, ISA_OP_fle_s, 0, FPU_RM_RNE },
	{ BK_FSGNJ_S, ISA_OP_fsgnj_s, 0, FPU_RM_RNE }, { BK_FSGNJN_S, ISA_OP_fsgnjn_s, 0, FPU_RM_RTZ },
	{ BK_FSGNJX_S, ISA_OP_fsgnjx_s, 0, FPU_RM_RDN },
	{ BK_FMA_S, ISA_OP_fmadd_s, 0, FPU_RM_RNE },
	{ BK_FMA_S, ISA_OP_fmsub_s, (int64_t)(1ull << 62), FPU_RM_DYN },
	{ BK_FMA_S, ISA_OP_fnmsub_s, (int64_t)(1ull << 63), FPU_RM_RNE },
	{ BK_FMA_S, ISA_OP_fnmadd_s, (int64_t)(3ull << 62), FPU_RM_DYN },
	{ BK_FDIV_S, ISA_OP_fdiv_s, 0, FPU_RM_RNE }, { BK_FDIV_S, ISA_OP_fdiv_s, 0, FPU_RM_DYN },
	{ BK_FCVT_W_S, ISA_OP_fcvt_w_s, 0, FPU_RM_RTZ },
	{ BK_FCVT_W_S_RNE, ISA_OP_fcvt_w_s, 0, FPU_RM_RNE },
	{ BK_FCVT_W_S_RNE, ISA_OP_fcvt_w_s, 0, FPU_RM_DYN },
	{ BK_MULH, ISA_OP_mulh, 0, 0 },
	{ BK_FCVT_S_W, ISA_OP_fcvt_s_w, 0, FPU_RM_RNE }, { BK_FCVT_S_L, ISA_OP_fcvt_s_l, 0, FPU_RM_DYN },
	{ BK_FCVT_S_D, ISA_OP_fcvt_s_d, 0, FPU_RM_RNE }, { BK_FCVT_S_D, ISA_OP_fcvt_s_d, 0, FPU_RM_DYN },
	{ BK_FCVT_W_D, ISA_OP_fcvt_w_d, 0, FPU_RM_RTZ }, { BK_FCVT_W_D_RNE, ISA_OP_fcvt_w_d, 0, FPU_RM_RNE },
	{ BK_FCVT_W_D_RNE, ISA_OP_fcvt_w_d, 0, FPU_RM_DYN },
	{ BK_FMV_X_W, ISA_OP_fmv_x_w, 0, 0 }, { BK_FMV_W_X, ISA_OP_fmv_w_x, 0, 0 },
	{ BK_FCVT_D_WU, ISA_OP_fcvt_d_wu, 0, FPU_RM_RTZ }, { BK_FCVT_D_WU, ISA_OP_fcvt_d_wu, 0, FPU_RM_DYN },
	{ BK_FCVT_D_LU, ISA_OP_fcvt_d_lu, 0, FPU_RM_RNE }, { BK_FCVT_D_LU, ISA_OP_fcvt_d_lu, 0, FPU_RM_DYN },
	{ BK_FCVT_WU_D, ISA_OP_fcvt_wu_d, 0, FPU_RM_RTZ }, { BK_FCVT_LU_D, ISA_OP_fcvt_lu_d, 0, FPU_RM_RTZ },
};

/* the three ops' registers: rd, rs1, rs2, rs3 (f registers; fcvt/compares write x[rd]) */
static const uint8_t regs[3][4] = { { 5, 6, 7, 8 }, { 9, 7, 7, 7 }, { 6, 6, 7, 8 } };

static struct hart hj, hr;  /* the translated code's and the reference's */

static struct isa_insn insn_of(const struct kind *kd, int i)
{
	return (struct isa_insn){ .op = (uint16_t)kd->op, .rd = regs[i][0], .rs1 = regs[i][1],
				  .rs2 = regs[i][2], .rs3 = regs[i][3], .rm = kd->rm, .len = 4 };
}

static unsigned long translated_runs, handler_runs;

static void run_one(const struct kind *kd, const struct jit_code *c, uint8_t *code,
		    uint64_t a, uint64_t b, uint64_t d)
{
	memset(&hj, 0, sizeof(hj));
	for (int r = 1; r < 32; r++)
		hj.x[r] = 0x5555000000000000ull + (uint64_t)r;
	for (int r = 0; r < 32; r++)
		hj.f[r] = 0x6666000000000000ull + (uint64_t)r;
	hj.f[6] = hj.x[6] = a;
	hj.f[7] = hj.x[7] = b;
	hj.f[8] = hj.x[8] = d;
	hj.fflags = FPU_NX;
	hj.frm = FPU_RM_RNE;
	hr = hj;
	uint64_t *lim = (uint64_t *)((uint8_t *)hj.x + 128 + 808);
	struct jit_ret jr = jit_call((uint8_t *)hj.x + 128, NULL, 0, code + c->body,
				     *(uint64_t *)((uint8_t *)hj.x + 128 + 800), 4, *lim, lim);
	uint32_t k = (uint32_t)jr.r & 0xffff;
	assert_true(k <= 3);
	if (k == 3)
		translated_runs++;
	else
		handler_runs++;
	for (uint32_t i = k; i < 3; i++) {  /* block_run: the handlers from op k on */
		struct isa_insn in = insn_of(kd, (int)i);
		assert_int_equal(exec_table[kd->op](&hj, &in), 0);
	}
	for (int i = 0; i < 3; i++) {
		struct isa_insn in = insn_of(kd, i);
		assert_int_equal(exec_table[kd->op](&hr, &in), 0);
	}
	for (int r = 0; r < 32; r++) {
		if (hj.x[r] != hr.x[r] || hj.f[r] != hr.f[r])
			fail_msg("kind %d op %d on %#llx, %#llx, %#llx: x%d %#llx / f%d %#llx, handler "
				 "%#llx / %#llx", kd->kind, kd->op, (unsigned long long)a,
				 (unsigned long long)b, (unsigned long long)d, r,
				 (unsigned long long)hj.x[r], r, (unsigned long long)hj.f[r],
				 (unsigned long long)hr.x[r], (unsigned long long)hr.f[r]);
	}
	if (hj.fflags != hr.fflags)
		fail_msg("kind %d op %d on %#llx, %#llx, %#llx: fflags %#x, handler %#x", kd->kind,
			 kd->op, (unsigned long long)a, (unsigned long long)b, (unsigned long long)d,
			 hj.fflags, hr.fflags);
}

static void test_fp_single(void **state)
{
	(void)state;
	if (!jit_host_supported())
		skip();
	__builtin_cpu_init();
	int fma = __builtin_cpu_supports("fma") != 0;
	size_t cap = 16384;
	uint8_t *m = mmap(NULL, cap, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(m != MAP_FAILED);
	struct jit_env env = { .host_fma = fma, .icount = 800, .limit = 808, .link = 824,
			       .link_pc = 832, .jc = 840, .chain_of = 0, .jc_mask = 0 };
	for (size_t q = 0; q < sizeof(kinds) / sizeof(kinds[0]); q++) {
		const struct kind *kd = &kinds[q];
		static uint8_t buf[16384];
		static struct jit_code c;
		struct jit_op ops[4];
		for (int i = 0; i < 3; i++)
			ops[i] = (struct jit_op){ .kind = (uint8_t)kd->kind, .rd = regs[i][0],
						  .rs1 = regs[i][1], .rs2 = regs[i][2], .rs3 = regs[i][3],
						  .len = 4, .imm = kd->imm, .pc = 0x10000 + 4 * (uint64_t)i };
		ops[3] = (struct jit_op){ .kind = BK_GEN, .len = 4, .pc = 0x1000c };
		struct jit_block blk = { .block = &hj, .n_insns = 4, .pc_end = 0x10010 };
		int r = jit_translate(&env, &blk, ops, 4, buf, sizeof(buf), &c);
		if (kd->kind == BK_FMA_S && !fma) {
			assert_int_equal(r, -1);  /* no FMA3: left to the handler */
			continue;
		}
		assert_int_equal(r, 0);
		assert_int_equal(c.n_ops, 3);
		assert_true(c.len <= cap);
		/* the code's FP assumptions hold in every run: its caller checks them */
		int plain = (kd->kind >= BK_FEQ_S && kd->kind <= BK_FSGNJX_S) || kd->kind == BK_MULH ||
			    kd->kind == BK_FMV_X_W || kd->kind == BK_FMV_W_X;
		assert_int_equal(c.fp_env, !plain);
		jit_install(m, m, buf, &c);
		for (size_t a = 0; a < NE; a++)
			for (size_t b = 0; b < NE; b++) {
				if (kd->kind != BK_FMA_S) {
					run_one(kd, &c, m, edge[a], edge[b], edge[0]);
					continue;
				}
				for (size_t d = 0; d < NE; d++)
					run_one(kd, &c, m, edge[a], edge[b], edge[d]);
			}
	}
	print_message("%lu runs wholly translated, %lu returned to a handler\n", translated_runs,
		      handler_runs);
	assert_true(translated_runs > 1000);
	munmap(m, cap);
}

/* A binary32 result feeding a binary32 operation in the same block: the code does not test
 * the box of a register it boxed itself, and still tests one a binary64 result (or an int
 * move) wrote. Two ops, writer (f10 from f6, f7, f8) then reader (f11 from f10 and f10, or
 * f10 and f7), then an op the translator stops at, on every pair of edge operands, against
 * the handlers. */
static const struct kind writers[] = {
	{ BK_FADD_S, ISA_OP_fadd_s, 0, FPU_RM_RNE }, { BK_FMUL_S, ISA_OP_fmul_s, 0, FPU_RM_DYN },
	{ BK_FSGNJN_S, ISA_OP_fsgnjn_s, 0, FPU_RM_RTZ }, { BK_FCVT_S_W, ISA_OP_fcvt_s_w, 0, FPU_RM_RNE },
	{ BK_FMV_W_X, ISA_OP_fmv_w_x, 0, 0 }, { BK_FCVT_S_D, ISA_OP_fcvt_s_d, 0, FPU_RM_RNE },
	/* binary64 results and a raw move: the reader must test their box */
	{ BK_FADD_D, ISA_OP_fadd_d, 0, FPU_RM_RNE }, { BK_FMV_D_X, ISA_OP_fmv_d_x, 0, 0 },
	{ BK_FSGNJ_D, ISA_OP_fsgnj_d, 0, FPU_RM_RNE }, { BK_FCVT_D_S, ISA_OP_fcvt_d_s, 0, FPU_RM_RNE },
};
static const struct kind readers[] = {
	{ BK_FADD_S, ISA_OP_fadd_s, 0, FPU_RM_RNE }, { BK_FSGNJ_S, ISA_OP_fsgnj_s, 0, FPU_RM_RNE },
	{ BK_FLT_S, ISA_OP_flt_s, 0, FPU_RM_RNE }, { BK_FCVT_W_S, ISA_OP_fcvt_w_s, 0, FPU_RM_RTZ },
	{ BK_FDIV_S, ISA_OP_fdiv_s, 0, FPU_RM_RNE },
};

static struct isa_insn chain_insn(const struct kind *kd, int rd, int rs1, int rs2)
{
	return (struct isa_insn){ .op = (uint16_t)kd->op, .rd = (uint8_t)rd, .rs1 = (uint8_t)rs1,
				  .rs2 = (uint8_t)rs2, .rs3 = 8, .rm = kd->rm, .len = 4 };
}

static void test_fp_chain(void **state)
{
	(void)state;
	if (!jit_host_supported())
		skip();
	size_t cap = 16384;
	uint8_t *m = mmap(NULL, cap, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(m != MAP_FAILED);
	struct jit_env env = { .icount = 800, .limit = 808, .link = 824, .link_pc = 832,
			       .jc = 840, .chain_of = 0, .jc_mask = 0 };
	unsigned long whole = 0, tested = 0;
	for (size_t w = 0; w < sizeof(writers) / sizeof(writers[0]); w++)
		for (size_t q = 0; q < sizeof(readers) / sizeof(readers[0]); q++)
			for (int same = 0; same < 2; same++) {
				const struct kind *kw = &writers[w], *kr = &readers[q];
				int r2 = same ? 10 : 7;
				struct isa_insn in[2] = { chain_insn(kw, 10, 6, 7),
							  chain_insn(kr, 11, 10, r2) };
				struct jit_op ops[3] = {
					{ .kind = (uint8_t)kw->kind, .rd = 10, .rs1 = 6, .rs2 = 7, .rs3 = 8,
					  .len = 4, .pc = 0x10000 },
					{ .kind = (uint8_t)kr->kind, .rd = 11, .rs1 = 10, .rs2 = (uint8_t)r2,
					  .rs3 = 8, .len = 4, .pc = 0x10004 },
					{ .kind = BK_GEN, .len = 4, .pc = 0x10008 },
				};
				static uint8_t buf[16384];
				static struct jit_code c;
				struct jit_block blk = { .block = &hj, .n_insns = 3, .pc_end = 0x1000c };
				assert_int_equal(jit_translate(&env, &blk, ops, 3, buf, sizeof(buf), &c), 0);
				assert_int_equal(c.n_ops, 2);
				jit_install(m, m, buf, &c);
				for (size_t a = 0; a < NE; a++)
					for (size_t b = 0; b < NE; b++) {
						memset(&hj, 0, sizeof(hj));
						for (int r = 0; r < 32; r++)
							hj.f[r] = 0x6666000000000000ull + (uint64_t)r;
						hj.f[6] = hj.x[6] = edge[a];
						hj.f[7] = hj.x[7] = edge[b];
						hj.fflags = FPU_NX;
						hj.frm = FPU_RM_RNE;
						hr = hj;
						uint64_t *lim = (uint64_t *)((uint8_t *)hj.x + 128 + 808);
						struct jit_ret jr = jit_call((uint8_t *)hj.x + 128, NULL, 0, m + c.body,
									     0, 3, *lim, lim);
						uint32_t k = (uint32_t)jr.r & 0xffff;
						assert_true(k <= 2);
						whole += k == 2;
						tested++;
						for (uint32_t i = k; i < 2; i++)
							assert_int_equal(exec_table[in[i].op](&hj, &in[i]), 0);
						for (int i = 0; i < 2; i++)
							assert_int_equal(exec_table[in[i].op](&hr, &in[i]), 0);
						for (int r = 0; r < 32; r++)
							if (hj.x[r] != hr.x[r] || hj.f[r] != hr.f[r])
								fail_msg("writer %d reader %d on %#llx, %#llx: x%d %#llx / f%d %#llx, "
									 "handlers %#llx / %#llx", kw->kind, kr->kind,
									 (unsigned long long)edge[a],
									 (unsigned long long)edge[b], r,
									 (unsigned long long)hj.x[r], r,
									 (unsigned long long)hj.f[r],
									 (unsigned long long)hr.x[r],
									 (unsigned long long)hr.f[r]);
						assert_int_equal(hj.fflags, hr.fflags);
					}
			}
	print_message("%lu chains, %lu wholly translated\n", tested, whole);
	assert_true(whole > tested / 10);
	munmap(m, cap);
}

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(test_fp_single),
					    cmocka_unit_test(test_fp_chain) };
	return cmocka_run_group_tests(tests, NULL, NULL);
}
