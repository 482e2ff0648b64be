/* 203: emu_step (the timing model's interface) agrees with emu_run: the same instruction
 * count and exit code; every record chains (pc == previous next_pc), carries its decoded
 * instruction, memory address/size for loads and stores and the branch outcome; runs can mix
 * stepping and running; --max-insns stops exactly; emu_decode_at sees only executable code. */
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <cmocka.h>

#include "emu/emu.h"
#include "quiet_stdout.h"

#define PROG "build/guest/tests/hello.static"
#define DYN "build/guest/tests/hello.dyn"

static struct emu *load(const char *path)
{
	struct emu_config cfg = { .virtual_time = 1, .seed = 3 };
	struct emu *e;
	char *argv[] = { (char *)path, NULL };
	char *envp[] = { "X=1", NULL };
	if (access(path, X_OK))
		return NULL;
	assert_int_equal(emu_create(&cfg, &e), 0);
	assert_int_equal(emu_load(e, path, 1, argv, envp), 0);
	return e;
}

static void check_step_vs_run(const char *path)
{
	struct emu *a = load(path), *b = load(path);
	if (!a)
		skip();
	quiet();
	enum emu_status sa = emu_run(a, 0);
	struct emu_dyn d;
	enum emu_status sb;
	uint64_t n = 0, expect_pc = 0, loads = 0, branches = 0, taken = 0;
	int first = 1;
	do {
		sb = emu_step(b, &d);
		assert_int_equal(d.seq, n);
		assert_non_null(d.insn);
		if (!first)
			assert_int_equal(d.pc, expect_pc);
		first = 0;
		expect_pc = d.next_pc;
		if (d.insn->cls == ISA_CLASS_LOAD || d.insn->cls == ISA_CLASS_STORE) {
			assert_int_equal(d.mem_size, d.insn->size);
			assert_true(d.mem_addr >= 0x10000);
			loads++;
		}
		if (d.insn->cls == ISA_CLASS_BRANCH) {
			branches++;
			taken += d.taken;
			assert_int_equal(d.taken, d.next_pc != d.pc + d.insn->len);
		}
		if (d.insn->cls == ISA_CLASS_JUMP)
			assert_true(d.taken);
		n++;
	} while (sb == EMU_RUNNING);
	loud();
	assert_int_equal(sa, EMU_EXITED);
	assert_int_equal(sb, EMU_EXITED);
	assert_int_equal(emu_exit_code(a), 3);
	assert_int_equal(emu_exit_code(b), 3);
	assert_int_equal(emu_instret(a), emu_instret(b));
	assert_int_equal(n, emu_instret(b));
	assert_true(loads > 100);
	assert_true(branches > 100 && taken > 0 && taken < branches);
	emu_destroy(a);
	emu_destroy(b);
}

static void test_step_static(void **state) { (void)state; check_step_vs_run(PROG); }
static void test_step_dynamic(void **state) { (void)state; check_step_vs_run(DYN); }

static void test_mixed_and_limit(void **state)
{
	(void)state;
	struct emu *a = load(PROG), *b = load(PROG);
	if (!a)
		skip();
	quiet();
	assert_int_equal(emu_run(a, 0), EMU_EXITED);
	struct emu_dyn d;
	for (int i = 0; i < 1000; i++)
		assert_int_equal(emu_step(b, &d), EMU_RUNNING);
	assert_int_equal(emu_run(b, 100), EMU_LIMIT);
	assert_int_equal(emu_instret(b), 1100);
	assert_int_equal(emu_step(b, &d), EMU_RUNNING);
	assert_int_equal(d.seq, 1100);
	assert_int_equal(emu_run(b, 0), EMU_EXITED);
	loud();
	assert_int_equal(emu_instret(a), emu_instret(b));
	emu_destroy(a);
	emu_destroy(b);
}

static void test_decode_at(void **state)
{
	(void)state;
	struct emu *e = load(PROG);
	if (!e)
		skip();
	struct emu_dyn d;
	quiet();
	assert_int_equal(emu_step(e, &d), EMU_RUNNING);
	loud();
	const struct isa_insn *in = emu_decode_at(e, d.pc);
	assert_ptr_equal(in, d.insn);  /* decoded once, the same record */
	assert_null(emu_decode_at(e, 0));
	assert_null(emu_decode_at(e, d.pc + 1));               /* odd PC */
	assert_null(emu_decode_at(e, emu_reg(e, 2)));          /* the stack is not executable */
	assert_null(emu_decode_at(e, UINT64_MAX - 1));
	/* a wrong-path decode does not disturb the run */
	assert_int_equal(emu_step(e, &d), EMU_RUNNING);
	assert_int_equal(d.seq, 1);
	emu_destroy(e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_step_static),
		cmocka_unit_test(test_step_dynamic),
		cmocka_unit_test(test_mixed_and_limit),
		cmocka_unit_test(test_decode_at),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
