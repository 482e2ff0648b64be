/* 234: jit.c keeps a block's most used guest registers in host registers and struct hart
 * holds every one of them whenever the code returns: after a loop of one block (a taken
 * branch to its own start goes on without returning) that ends at its closing op or stops at
 * the limit, and after a side exit and a return to a handler (op k) with registers written
 * before it. The chain entry runs the block, and returns JIT_ENTER at once after jit_retire. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <cmocka.h>

#include "emu/hart.h"
#include "emu/jit.h"

#define PC0 0x10000ull

static struct hart hj;
static uint8_t *exec_mem;
static struct jit_code c;
static const size_t cap = 16384;

/* the emulator's fields the code reads, at offsets from xb (h->x + 128) inside hj, as 233 */
static const struct jit_env env = { .icount = 800, .limit = 808, .link = 824, .link_pc = 832,
				    .jc = 840, .chain_of = 0, .jc_mask = 0 };

static uint64_t *field(int32_t off) { return (uint64_t *)((uint8_t *)hj.x + 128 + off); }

static void translate(const struct jit_op *ops, uint32_t n, uint32_t n_insns, uint64_t pc_end)
{
	static uint8_t buf[16384];
	struct jit_block blk = { .block = &hj, .pc = PC0, .n_insns = n_insns, .pc_end = pc_end };
	assert_int_equal(jit_translate(&env, &blk, ops, n, buf, sizeof(buf), &c), 0);
	assert_true(c.len <= cap);
	jit_install(exec_mem, exec_mem, buf, &c);
}

/* from the body (block_run's call), or the chain entry (another block's exit) */
static uint64_t run_at(uint32_t off)
{
	struct jit_ret jr = jit_enter((uint8_t *)hj.x + 128, NULL, 0, exec_mem + off);
	assert_ptr_equal(jr.block, &hj);
	return jr.r;
}

static uint64_t run(void) { return run_at(c.body); }

/* x5 counts down, x6 += x7, x7 ^= x6, x8 = x6 + 1 (x8 only written), then bne x5, x0 to the
 * block's start; the closing op after it */
static void loop_block(void)
{
	const struct jit_op ops[] = {
		{ .kind = BK_ADDI, .rd = 5, .rs1 = 5, .imm = -1, .len = 4, .pc = PC0 },
		{ .kind = BK_ADD, .rd = 6, .rs1 = 6, .rs2 = 7, .len = 4, .pc = PC0 + 4 },
		{ .kind = BK_XOR, .rd = 7, .rs1 = 7, .rs2 = 6, .len = 4, .pc = PC0 + 8 },
		{ .kind = BK_ADDI, .rd = 8, .rs1 = 6, .imm = 1, .len = 4, .pc = PC0 + 12 },
		{ .kind = BK_BNE, .rs1 = 5, .rs2 = 0, .imm = (int64_t)PC0, .len = 4, .pc = PC0 + 16 },
		{ .kind = BK_END, .len = 0, .pc = PC0 + 20 },
	};
	translate(ops, 6, 5, PC0 + 20);
}

/* the registers after `iters` iterations of loop_block from x5 = n, x6 = 3, x7 = 5 */
static void loop_reference(struct hart *h, uint64_t n, uint64_t iters)
{
	memset(h->x, 0, sizeof(h->x));
	for (int r = 1; r < 32; r++)
		h->x[r] = 0x5555000000000000ull + (uint64_t)r;
	h->x[5] = n, h->x[6] = 3, h->x[7] = 5;
	for (uint64_t i = 0; i < iters; i++) {
		h->x[5] -= 1;
		h->x[6] += h->x[7];
		h->x[7] ^= h->x[6];
		h->x[8] = h->x[6] + 1;
	}
}

static void loop_start(uint64_t n, uint64_t limit)
{
	memset(&hj, 0, sizeof(hj));
	loop_reference(&hj, n, 0);
	*field(env.icount) = 1000;
	*field(env.limit) = limit;
}

static void check_x(const struct hart *want)
{
	for (int r = 0; r < 32; r++)
		if (hj.x[r] != want->x[r])
			fail_msg("x%d %#llx, want %#llx", r, (unsigned long long)hj.x[r],
				 (unsigned long long)want->x[r]);
}

static void test_loop(void **state)
{
	(void)state;
	struct hart want;
	loop_block();
	/* to the end: 9 taken branches (5 instructions each), then the closing op */
	loop_start(10, ~0ull);
	assert_int_equal(run(), JIT_END | 5);
	loop_reference(&want, 10, 10);
	check_x(&want);
	assert_int_equal(*field(env.icount), 1000 + 50);
	/* the limit: an iteration starts only when its 5 instructions fit under it */
	loop_start(10, 1000 + 17);
	assert_int_equal(run(), JIT_ENTER);
	loop_reference(&want, 10, 3);
	check_x(&want);
	assert_int_equal(*field(env.icount), 1000 + 15);
	loop_start(10, 1000 + 20);
	assert_int_equal(run(), JIT_ENTER);
	loop_reference(&want, 10, 4);
	check_x(&want);
	assert_int_equal(*field(env.icount), 1000 + 20);
	/* the chain entry checks the limit first */
	loop_start(10, 1000 + 4);
	assert_int_equal(run_at(c.chain), JIT_ENTER);
	loop_reference(&want, 10, 0);
	check_x(&want);
	assert_int_equal(*field(env.icount), 1000);
	loop_start(10, 1000 + 5);
	assert_int_equal(run_at(c.chain), JIT_ENTER);
	loop_reference(&want, 10, 1);
	check_x(&want);
	/* retired, it runs nothing */
	jit_retire(exec_mem + c.chain);
	loop_start(10, ~0ull);
	assert_int_equal(run_at(c.chain), JIT_ENTER);
	loop_reference(&want, 10, 0);
	check_x(&want);
	assert_int_equal(*field(env.icount), 1000);
}

static void test_exits(void **state)
{
	(void)state;
	/* x9 = x10 + x10; x10 = x9 + x11; beq x9, x12 leaves; x11 = x10 ^ x9; then an op the
	 * translator leaves to its handler */
	const struct jit_op ops[] = {
		{ .kind = BK_ADD, .rd = 9, .rs1 = 10, .rs2 = 10, .len = 4, .pc = PC0 },
		{ .kind = BK_ADD, .rd = 10, .rs1 = 9, .rs2 = 11, .len = 4, .pc = PC0 + 4 },
		{ .kind = BK_BEQ, .rs1 = 9, .rs2 = 12, .imm = 0x20000, .len = 4, .pc = PC0 + 8 },
		{ .kind = BK_XOR, .rd = 11, .rs1 = 10, .rs2 = 9, .len = 4, .pc = PC0 + 12 },
		{ .kind = BK_GEN, .len = 4, .pc = PC0 + 16 },
	};
	translate(ops, 5, 5, PC0 + 20);
	for (int taken = 0; taken < 2; taken++) {
		memset(&hj, 0, sizeof(hj));
		hj.x[10] = 7, hj.x[11] = 50, hj.x[12] = taken ? 14 : 15;
		*field(env.icount) = 0;
		*field(env.limit) = ~0ull;
		uint64_t r = run();
		assert_int_equal(hj.x[9], 14);
		assert_int_equal(hj.x[10], 64);
		if (taken) {
			assert_int_equal(r, JIT_TAKEN | 2);
			assert_int_equal(hj.x[11], 50);
			assert_int_equal(*field(env.icount), 3);
		} else {
			assert_int_equal(r, 4);
			assert_int_equal(hj.x[11], 64 ^ 14);
			assert_int_equal(*field(env.icount), 0);
		}
	}
}

static int setup(void **state)
{
	(void)state;
	if (!jit_host_supported())
		return 0;
	exec_mem = mmap(NULL, cap, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	return exec_mem == MAP_FAILED ? -1 : 0;
}

int main(void)
{
	if (!jit_host_supported())
		return 0;
	const struct CMUnitTest tests[] = { cmocka_unit_test(test_loop), cmocka_unit_test(test_exits) };
	return cmocka_run_group_tests(tests, setup, NULL);
}
