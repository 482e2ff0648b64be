/* 233: jit.c's translations of the Zba, Zbb, Zbs and Zicond block kinds give exec_b.c's
 * results, with every host variant the translator has: clz / clzw with LZCNT and with bsr,
 * ctz / ctzw with TZCNT and with bsf (the zero cases by cmov), cpop / cpopw with POPCNT and,
 * without it, not translated at all. Each kind runs as three ops (rd distinct, both sources
 * the same register, rd = rs1) then an op the translator stops at, on every pair of edge
 * operands; a host variant is tried only when this host has the instructions it uses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <cmocka.h>

#include "emu/exec.h"
#include "emu/hart.h"
#include "emu/jit.h"

static const uint64_t edge[] = {
	0, 1, 2, 31, 32, 33, 63, 64, 65, 127, 0x7f, 0x80, 0xff, 0x8000, 0xffff, 0x7fffffffull,
	0x80000000ull, 0xffffffffull, 0x100000000ull, 0x123456789abcdef0ull, 0x7fffffffffffffffull,
	0x8000000000000000ull, 0xffffffffffffffffull, 0xffffffff80000000ull, 0x00ff00000000ff00ull,
};
#define NE (sizeof(edge) / sizeof(edge[0]))

struct kind { enum block_kind kind; enum isa_op op; int64_t imm; };
static const struct kind kinds[] = {
	{ BK_SH1ADD, ISA_OP_sh1add, 0 }, { BK_SH2ADD, ISA_OP_sh2add, 0 }, { BK_SH3ADD, ISA_OP_sh3add, 0 },
	{ BK_ADD_UW, ISA_OP_add_uw, 0 }, { BK_SH1ADD_UW, ISA_OP_sh1add_uw, 0 },
	{ BK_SH2ADD_UW, ISA_OP_sh2add_uw, 0 }, { BK_SH3ADD_UW, ISA_OP_sh3add_uw, 0 },
	{ BK_SLLI_UW, ISA_OP_slli_uw, 0 }, { BK_SLLI_UW, ISA_OP_slli_uw, 31 }, { BK_SLLI_UW, ISA_OP_slli_uw, 32 },
	{ BK_SLLI_UW, ISA_OP_slli_uw, 63 },
	{ BK_ANDN, ISA_OP_andn, 0 }, { BK_ORN, ISA_OP_orn, 0 }, { BK_XNOR, ISA_OP_xnor, 0 },
	{ BK_CLZ, ISA_OP_clz, 0 }, { BK_CTZ, ISA_OP_ctz, 0 }, { BK_CPOP, ISA_OP_cpop, 0 },
	{ BK_CLZW, ISA_OP_clzw, 0 }, { BK_CTZW, ISA_OP_ctzw, 0 }, { BK_CPOPW, ISA_OP_cpopw, 0 },
	{ BK_MAX, ISA_OP_max, 0 }, { BK_MAXU, ISA_OP_maxu, 0 }, { BK_MIN, ISA_OP_min, 0 },
	{ BK_MINU, ISA_OP_minu, 0 }, { BK_SEXT_B, ISA_OP_sext_b, 0 }, { BK_SEXT_H, ISA_OP_sext_h, 0 },
	{ BK_ZEXT_H, ISA_OP_zext_h, 0 }, { BK_ROL, ISA_OP_rol, 0 }, { BK_ROR, ISA_OP_ror, 0 },
	{ BK_ROLW, ISA_OP_rolw, 0 }, { BK_RORW, ISA_OP_rorw, 0 },
	{ BK_RORI, ISA_OP_rori, 0 }, { BK_RORI, ISA_OP_rori, 1 }, { BK_RORI, ISA_OP_rori, 32 },
	{ BK_RORI, ISA_OP_rori, 63 }, { BK_RORIW, ISA_OP_roriw, 0 }, { BK_RORIW, ISA_OP_roriw, 1 },
	{ BK_RORIW, ISA_OP_roriw, 31 }, { BK_ORC_B, ISA_OP_orc_b, 0 }, { BK_REV8, ISA_OP_rev8, 0 },
	{ BK_BCLR, ISA_OP_bclr, 0 }, { BK_BEXT, ISA_OP_bext, 0 }, { BK_BINV, ISA_OP_binv, 0 },
	{ BK_BSET, ISA_OP_bset, 0 },
	{ BK_BCLRI, ISA_OP_bclri, 0 }, { BK_BCLRI, ISA_OP_bclri, 31 }, { BK_BCLRI, ISA_OP_bclri, 63 },
	{ BK_BEXTI, ISA_OP_bexti, 0 }, { BK_BEXTI, ISA_OP_bexti, 32 }, { BK_BEXTI, ISA_OP_bexti, 63 },
	{ BK_BINVI, ISA_OP_binvi, 0 }, { BK_BINVI, ISA_OP_binvi, 31 }, { BK_BINVI, ISA_OP_binvi, 63 },
	{ BK_BSETI, ISA_OP_bseti, 0 }, { BK_BSETI, ISA_OP_bseti, 32 }, { BK_BSETI, ISA_OP_bseti, 63 },
	{ BK_CZERO_EQZ, ISA_OP_czero_eqz, 0 }, { BK_CZERO_NEZ, ISA_OP_czero_nez, 0 },
};

/* the three ops' registers: rd, rs1, rs2 */
static const uint8_t regs[3][3] = { { 5, 6, 7 }, { 9, 7, 7 }, { 6, 6, 7 } };

static struct hart hj, hr;  /* the translated code's and the reference's */

/* Translate kinds[i] with env's host flags and compare it with exec_b.c on every operand
 * pair; returns 0, or -1 when the translator declined the op. */
static int check(const struct kind *kd, const struct jit_env *env, uint8_t *exec_mem, size_t cap)
{
	static uint8_t buf[16384];
	static struct jit_code c;
	struct jit_op ops[4];
	for (int i = 0; i < 3; i++)
		ops[i] = (struct jit_op){ .kind = (uint8_t)kd->kind, .rd = regs[i][0], .rs1 = regs[i][1],
					  .rs2 = regs[i][2], .len = 4, .imm = kd->imm, .pc = 0x10000 + 4 * (uint64_t)i };
	ops[3] = (struct jit_op){ .kind = BK_GEN, .len = 4, .pc = 0x1000c };
	struct jit_block blk = { .block = &hj, .n_insns = 4, .pc_end = 0x10010 };
	if (jit_translate(env, &blk, ops, 4, buf, sizeof(buf), &c))
		return -1;
	assert_int_equal(c.n_ops, 3);
	assert_true(c.len <= cap);
	jit_install(exec_mem, exec_mem, buf, &c);  /* one view: the test maps it rwx */
	for (size_t a = 0; a < NE; a++)
		for (size_t b = 0; b < NE; b++) {
			memset(&hj, 0, sizeof(hj));
			for (int r = 1; r < 32; r++)
				hj.x[r] = 0x5555000000000000ull + (uint64_t)r;
			hj.x[6] = edge[a];
			hj.x[7] = edge[b];
			hr = hj;
			uint64_t *lim = (uint64_t *)((uint8_t *)hj.x + 128 + 808);
			struct jit_ret jr = jit_call((uint8_t *)hj.x + 128, NULL, 0, exec_mem + c.body,
						     *(uint64_t *)((uint8_t *)hj.x + 128 + 800), 4,
						     *lim, lim);
			assert_int_equal(jr.r, 3);
			for (int i = 0; i < 3; i++) {
				struct isa_insn in = { .op = (uint16_t)kd->op, .rd = regs[i][0], .rs1 = regs[i][1],
						       .rs2 = regs[i][2], .imm = kd->imm, .len = 4 };
				assert_int_equal(exec_table[kd->op](&hr, &in), 0);
			}
			for (int r = 0; r < 32; r++)
				if (hj.x[r] != hr.x[r])
					fail_msg("kind %d imm %lld on %#llx, %#llx: x%d %#llx, exec_b.c %#llx",
						 kd->kind, (long long)kd->imm, (unsigned long long)edge[a],
						 (unsigned long long)edge[b], r, (unsigned long long)hj.x[r],
						 (unsigned long long)hr.x[r]);
		}
	return 0;
}

static void test_bitmanip(void **state)
{
	(void)state;
	if (!jit_host_supported())
		skip();
	__builtin_cpu_init();
	int lz = __builtin_cpu_supports("lzcnt") != 0, bmi = __builtin_cpu_supports("bmi") != 0,
	    pc = __builtin_cpu_supports("popcnt") != 0;
	size_t cap = 16384;
	uint8_t *m = mmap(NULL, cap, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(m != MAP_FAILED);
	int variants = 0;
	for (int v = 0; v < 8; v++) {
		struct jit_env env = { .host_lzcnt = v & 1, .host_bmi1 = (v >> 1) & 1, .host_popcnt = (v >> 2) & 1,
				       .icount = 800, .limit = 808, .link = 824, .link_pc = 832,
				       .jc = 840, .chain_of = 0, .jc_mask = 0 };
		if ((env.host_lzcnt && !lz) || (env.host_bmi1 && !bmi) || (env.host_popcnt && !pc))
			continue;
		variants++;
		for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
			int r = check(&kinds[k], &env, m, cap);
			int cpop = kinds[k].kind == BK_CPOP || kinds[k].kind == BK_CPOPW;
			if (r && !(cpop && !env.host_popcnt))
				fail_msg("kind %d not translated", kinds[k].kind);
			if (!r && cpop && !env.host_popcnt)
				fail_msg("cpop translated without POPCNT");
		}
	}
	assert_true(variants >= 1);
	munmap(m, cap);
}

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(test_bitmanip) };
	return cmocka_run_group_tests(tests, NULL, NULL);
}
