/* 234: jit.c keeps a block's most used guest registers in host registers and struct hart
 * holds every one of them whenever the code returns: after a loop of one block (a taken
 * branch to its own start goes on without returning) that ends at its closing op or stops at
 * the limit, and after a side exit and a return to a handler (op k) with registers written
 * before it. The chain entry runs the block, and returns JIT_ENTER at once after jit_retire.
 * sp (JIT_SP_BELOW): its accesses unchecked, its writes checked (test_sp). And 3000 random
 * blocks against a reference interpreter (test_random_blocks). */
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

static uint32_t n_insns_of;  /* the block translate() made */

static void translate(const struct jit_op *ops, uint32_t n, uint32_t n_insns, uint64_t pc_end)
{
	n_insns_of = n_insns;
	static uint8_t buf[16384];
	struct jit_block blk = { .block = &hj, .pc = PC0, .n_insns = n_insns, .pc_end = pc_end };
	assert_int_equal(jit_translate(&env, &blk, ops, n, buf, sizeof(buf), &c), 0);
	assert_true(c.len <= cap);
	jit_install(exec_mem, exec_mem, buf, &c);
}

/* from the body (block_run's call), or the chain entry (another block's exit), with the
 * count and the limit in their fields (the limit's field then holds what jit_call left) */
static uint64_t run_at(uint32_t off)
{
	struct jit_ret jr = jit_call((uint8_t *)hj.x + 128, NULL, 0, exec_mem + off,
				     *field(env.icount), off == c.body ? n_insns_of : 0,
				     *field(env.limit), field(env.limit));
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

/* ---- random blocks: many registers, side exits, loads and stores, loops ----
 * Blocks of 20-120 ops over 24 guest registers (more than the host registers the code gives
 * out, so they change hands within a block), with conditional side exits, loads and stores
 * through x20 (kept pointing into a 256-byte guest memory) and through other registers (out
 * of it: the code returns the op's index), against a reference interpreter: every register,
 * the memory, the return value and the instruction count. A third of the blocks are loops of
 * one block (x5 counts down to a bne to the start). */
static uint64_t rnd_state;
static uint64_t rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state;
}

static const uint8_t pool[] = { 1, 4, 3, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
				 21, 22, 23, 24, 25, 28, 31 };
#define NPOOL (sizeof(pool) / sizeof(pool[0]))
#define MEMSZ 256
#define MEMREG 20
static uint8_t gmem_j[MEMSZ], gmem_r[MEMSZ];

static uint8_t rreg(void) { return pool[rnd() % NPOOL]; }

/* op i of a random block at pc (loop: x5 is the counter, never written by the body) */
static struct jit_op random_op(uint64_t pc)
{
	static const uint8_t alu[] = { BK_ADD, BK_SUB, BK_XOR, BK_OR, BK_AND, BK_MUL, BK_ADDW,
				       BK_SUBW, BK_MULW };
	struct jit_op o = { .len = 4, .pc = pc };
	uint64_t c = rnd() % 100;
	if (c < 45) {
		o.kind = alu[rnd() % sizeof(alu)];
		o.rd = rreg(), o.rs1 = rreg(), o.rs2 = rreg();
	} else if (c < 60) {
		o.kind = BK_ADDI;
		o.rd = rreg(), o.rs1 = rreg(), o.imm = (int64_t)(rnd() % 4096) - 2048;
	} else if (c < 66) {
		o.kind = rnd() & 1 ? BK_SLLI : BK_SRLI;
		o.rd = rreg(), o.rs1 = rreg(), o.imm = (int64_t)(rnd() % 64);
	} else if (c < 70) {
		o.kind = BK_LI;
		o.rd = rreg(), o.imm = (int64_t)rnd();
	} else if (c < 80) {
		o.kind = BK_LD;
		o.rd = rreg(), o.rs1 = MEMREG, o.imm = (int64_t)(rnd() % (MEMSZ / 8)) * 8;
	} else if (c < 90) {
		o.kind = BK_SD;
		o.rs2 = rreg(), o.rs1 = MEMREG, o.imm = (int64_t)(rnd() % (MEMSZ / 8)) * 8;
	} else if (c < 92) {
		o.kind = BK_LD;  /* through a register holding anything: almost surely outside */
		o.rd = rreg(), o.rs1 = rreg();
	} else {
		/* a side exit: taken about one time in eight (low bits of a register) */
		o.kind = BK_BEQ;
		o.rs1 = rreg(), o.rs2 = 0, o.imm = (int64_t)(PC0 + 0x4000);
		if (rnd() & 1) {
			/* beq on (rs & 7) == 0 needs a temporary: andi is not a kind; use the
			 * comparison of two registers instead */
			o.rs2 = rreg();
		}
	}
	return o;
}

/* The reference: runs ops[0..n) on h (memory mem) from icount ic; returns what the code
 * must return and sets *ic. */
static uint64_t reference(struct hart *h, uint8_t *mem, const struct jit_op *ops, uint32_t n,
			  uint32_t n_insns, uint64_t *ic, uint64_t limit)
{
	for (;;) {
		for (uint32_t k = 0; k < n; k++) {
			const struct jit_op *o = &ops[k];
			uint64_t a = h->x[o->rs1], b = h->x[o->rs2], v = 0;
			switch (o->kind) {
			case BK_ADD: v = a + b; break;
			case BK_SUB: v = a - b; break;
			case BK_XOR: v = a ^ b; break;
			case BK_OR: v = a | b; break;
			case BK_AND: v = a & b; break;
			case BK_MUL: v = a * b; break;
			case BK_ADDW: v = (uint64_t)(int64_t)(int32_t)(uint32_t)(a + b); break;
			case BK_SUBW: v = (uint64_t)(int64_t)(int32_t)(uint32_t)(a - b); break;
			case BK_MULW: v = (uint64_t)(int64_t)(int32_t)(uint32_t)(a * b); break;
			case BK_ADDI: v = a + (uint64_t)o->imm; break;
			case BK_SLLI: v = a << o->imm; break;
			case BK_SRLI: v = a >> o->imm; break;
			case BK_LI: v = (uint64_t)o->imm; break;
			case BK_LD: {
				uint64_t ad = a + (uint64_t)o->imm;
				if (ad >= MEMSZ - 7)
					return k;  /* to the handler, nothing of op k done */
				memcpy(&v, mem + ad, 8);
				break;
			}
			case BK_SD: {
				uint64_t ad = a + (uint64_t)o->imm;
				if (ad >= MEMSZ - 7)
					return k;
				memcpy(mem + ad, &b, 8);
				continue;
			}
			case BK_BEQ: case BK_BNE:
				if ((o->kind == BK_BEQ) == (a == b)) {
					*ic += k + 1;
					if ((uint64_t)o->imm == PC0) {
						/* the loop: its own start, when it fits under the limit */
						if (*ic + n_insns > limit)
							return JIT_ENTER;
						goto again;
					}
					return JIT_TAKEN | k;
				}
				continue;
			case BK_END:
				*ic += n_insns;
				return JIT_END | k;
			default:
				fail_msg("kind %d", o->kind);
			}
			if (o->rd)
				h->x[o->rd] = v;
			/* JIT_SP_BELOW: a write of sp at or past the memory limit returns the next
			 * op's index, the op done */
			if (o->rd == 2 && h->x[2] >= MEMSZ - 7)
				return k + 1;
		}
		fail_msg("no end");
again:;
	}
}

/* JIT_SP_BELOW: sp's accesses have no check (the caller enters with sp below the limit) and
 * every write of sp checks it: addi sp, sp, d; sd x6, 8(sp); ld x7, 8(sp); closing op. With
 * sp staying below the limit the block runs to its end and the store and load go to memory;
 * past it, the code returns op 1 (the addi done, the store not) */
static void test_sp(void **state)
{
	(void)state;
	static uint8_t mem[64];
	for (int past = 0; past < 2; past++) {
		const struct jit_op ops[] = {
			{ .kind = BK_ADDI, .rd = 2, .rs1 = 2, .imm = past ? 64 : -16, .len = 4, .pc = PC0 },
			{ .kind = BK_SD, .rs1 = 2, .rs2 = 6, .imm = 8, .len = 4, .pc = PC0 + 4 },
			{ .kind = BK_LD, .rd = 7, .rs1 = 2, .imm = 8, .len = 4, .pc = PC0 + 8 },
			{ .kind = BK_END, .len = 0, .pc = PC0 + 12 },
		};
		translate(ops, 4, 3, PC0 + 12);
		assert_int_equal(c.sp_below, 1);  /* block_run checks sp before entering it */
		memset(&hj, 0, sizeof(hj));
		memset(mem, 0, sizeof(mem));
		hj.x[2] = 32;
		hj.x[6] = 0x1122334455667788ull;
		*field(env.icount) = 0;
		uint64_t lim = ~0ull;
		struct jit_ret jr = jit_call((uint8_t *)hj.x + 128, mem, sizeof(mem) - 7,
					     exec_mem + c.body, 0, 3, lim, field(env.limit));
		if (!past) {
			assert_int_equal(jr.r, JIT_END | 3);
			assert_int_equal(hj.x[2], 16);
			assert_int_equal(hj.x[7], 0x1122334455667788ull);
			assert_int_equal(mem[24], 0x88);
			assert_int_equal(*field(env.icount), 3);
		} else {
			assert_int_equal(jr.r, 1);
			assert_int_equal(hj.x[2], 96);
			assert_int_equal(hj.x[7], 0);
			assert_int_equal(mem[24], 0);
			assert_int_equal(*field(env.icount), 0);
		}
	}
	/* code that logs its addresses checks every access, sp's too: no assumption */
	struct jit_env logging = env;
	logging.log_runs = logging.log_mem = 1;
	static uint8_t buf[16384];
	struct jit_block blk = { .block = &hj, .pc = PC0, .n_insns = 1, .pc_end = PC0 + 4 };
	const struct jit_op ld[] = {
		{ .kind = BK_LD, .rd = 7, .rs1 = 2, .imm = 8, .len = 4, .pc = PC0 },
		{ .kind = BK_END, .len = 0, .pc = PC0 + 4 },
	};
	assert_int_equal(jit_translate(&logging, &blk, ld, 2, buf, sizeof(buf), &c), 0);
	assert_int_equal(c.sp_below, 0);
}

static void test_random_blocks(void **state)
{
	(void)state;
	static struct jit_op ops[130];
	rnd_state = 0x9e3779b97f4a7c15ull;
	uint32_t ends[5] = { 0 };
	for (int it = 0; it < 3000; it++) {
		uint32_t n = 20 + (uint32_t)(rnd() % 100), k = 0;
		int loop = it % 3 == 0;
		if (loop)
			ops[k++] = (struct jit_op){ .kind = BK_ADDI, .rd = 5, .rs1 = 5, .imm = -1,
						    .len = 4, .pc = PC0 };
		for (; k < n; k++) {
			ops[k] = random_op(PC0 + 4 * k);
			/* loads through x20 only read it; nothing writes x20 or x5 */
			if (ops[k].rd == MEMREG || ops[k].rd == 5)
				ops[k].rd = 1;
		}
		if (loop)
			ops[n++] = (struct jit_op){ .kind = BK_BNE, .rs1 = 5, .rs2 = 0,
						    .imm = (int64_t)PC0, .len = 4, .pc = PC0 + 4 * k };
		ops[n] = (struct jit_op){ .kind = BK_END, .len = 0, .pc = PC0 + 4 * n };
		translate(ops, n + 1, n, PC0 + 4 * n);
		memset(&hj, 0, sizeof(hj));
		for (int r = 1; r < 32; r++)
			hj.x[r] = rnd() & (rnd() & 1 ? 0xffffffffffffffffull : 0x7);
		hj.x[MEMREG] = 0;
		hj.x[5] = 1 + rnd() % 6;
		hj.x[2] = rnd() % (MEMSZ - 7);  /* the caller enters with sp below the limit */
		for (int i = 0; i < MEMSZ; i++)
			gmem_j[i] = (uint8_t)rnd();
		memcpy(gmem_r, gmem_j, MEMSZ);
		struct hart want = hj;
		*field(env.icount) = 100;
		/* half the loops stop at an instruction limit */
		uint64_t limit = loop && (it & 1) ? 100 + n * (1 + rnd() % 3) + rnd() % n : ~0ull;
		*field(env.limit) = limit;
		uint64_t ic = 100;
		uint64_t r_want = reference(&want, gmem_r, ops, n + 1, n, &ic, limit);
		struct jit_ret jr = jit_call((uint8_t *)hj.x + 128, gmem_j, MEMSZ - 7,
					     exec_mem + c.body, 100, n, limit, field(env.limit));
		if (jr.r != r_want)
			fail_msg("block %d: returned %#llx, want %#llx", it, (unsigned long long)jr.r,
				 (unsigned long long)r_want);
		for (int r = 0; r < 32; r++)
			if (hj.x[r] != want.x[r])
				fail_msg("block %d: x%d %#llx, want %#llx", it, r,
					 (unsigned long long)hj.x[r], (unsigned long long)want.x[r]);
		assert_memory_equal(gmem_j, gmem_r, MEMSZ);
		assert_int_equal(*field(env.icount), ic);
		ends[r_want & JIT_END ? 0 : r_want & JIT_TAKEN ? 1 : r_want & JIT_ENTER ? 4 : 2]++;
		ends[3] += loop && (r_want & JIT_END);
	}
	/* every way out was taken many times */
	print_message("random blocks: %u to the end (%u after looping), %u side exits, %u returns to a handler, %u loops stopped at the limit\n",
		      ends[0], ends[3], ends[1], ends[2], ends[4]);
	assert_true(ends[0] > 100 && ends[1] > 100 && ends[2] > 100 && ends[3] > 100 && ends[4] > 20);
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
	const struct CMUnitTest tests[] = { cmocka_unit_test(test_loop), cmocka_unit_test(test_exits),
					    cmocka_unit_test(test_sp), cmocka_unit_test(test_random_blocks) };
	return cmocka_run_group_tests(tests, setup, NULL);
}
