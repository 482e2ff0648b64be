/* 230: the block loop (emu_run) against the per-instruction path (emu_step) on the whole
 * architectural state: stopped by max_insns at counts that fall inside blocks, after side exits
 * and syscalls, the PC and all 64 registers equal those after as many emu_step calls; the
 * block hook's runs add up to the instructions retired; an asynchronous request
 * (emu_async_request) with a pending signal kills the guest at exactly the requested count in
 * both paths, and one with nothing pending changes nothing. */
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <cmocka.h>

#include "emu/emu_priv.h"
#include "emu/syscall_priv.h"
#include "quiet_stdout.h"

#define PROG "build/guest/tests/blockexact.static"

static struct emu *load(void)
{
	struct emu_config cfg = { .virtual_time = 1, .seed = 3 };
	struct emu *e;
	char *argv[] = { (char *)PROG, NULL };
	char *envp[] = { NULL };
	if (access(PROG, X_OK))
		return NULL;
	assert_int_equal(emu_create(&cfg, &e), 0);
	assert_int_equal(emu_load(e, PROG, 1, argv, envp), 0);
	return e;
}

/* The state after emu_run(max = n) equals the state after n emu_step calls. */
static void test_state_at_limits(void **state)
{
	(void)state;
	static const uint64_t counts[] = { 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987,
					   1597, 4181, 10946, 28657, 75025, 196418, 317811 };
	struct emu *probe = load();
	if (!probe)
		skip();
	emu_destroy(probe);
	quiet();
	for (size_t k = 0; k < sizeof(counts) / sizeof(counts[0]); k++) {
		struct emu *a = load(), *b = load();
		uint64_t n = counts[k];
		assert_int_equal(emu_run(a, n), EMU_LIMIT);
		assert_int_equal(emu_instret(a), n);
		struct emu_dyn d;
		while (emu_instret(b) < n)  /* a load caught by the guest's handler retires nothing */
			assert_int_equal(emu_step(b, &d), EMU_RUNNING);
		assert_int_equal(emu_instret(b), n);
		assert_int_equal(a->hart.pc, b->hart.pc);
		for (unsigned r = 0; r < 64; r++)
			if (emu_reg(a, r) != emu_reg(b, r))
				fail_msg("after %llu instructions %s: run %#llx, step %#llx", (unsigned long long)n,
					 emu_reg_name(r), (unsigned long long)emu_reg(a, r),
					 (unsigned long long)emu_reg(b, r));
		assert_int_equal(a->hart.fflags, b->hart.fflags);
		/* and both go on to the same end */
		assert_int_equal(emu_run(a, 0), EMU_EXITED);
		assert_int_equal(emu_run(b, 0), EMU_EXITED);
		assert_int_equal(emu_instret(a), emu_instret(b));
		emu_destroy(a);
		emu_destroy(b);
	}
	loud();
}

static uint64_t hook_total, hook_calls;

static void count_hook(void *ctx, uint64_t pc, uint64_t n)
{
	(void)ctx;
	assert_true(pc >= 0x10000);
	assert_true(n > 0);
	hook_total += n;
	hook_calls++;
}

/* The block hook sees every retired instruction exactly once. */
static void test_block_hook(void **state)
{
	(void)state;
	struct emu *a = load();
	if (!a)
		skip();
	hook_total = hook_calls = 0;
	a->block_hook = count_hook;
	quiet();
	assert_int_equal(emu_run(a, 0), EMU_EXITED);
	loud();
	assert_int_equal(hook_total, emu_instret(a));
	assert_true(hook_calls > 1000);  /* runs, not single instructions */
	assert_true(hook_calls < emu_instret(a) / 2);
	emu_destroy(a);
}

/* A request with SIGTERM pending kills the guest (default action) at the requested count, or
 * earlier at a system call (which delivers pending signals itself): the block loop and
 * emu_step agree on where, and before the first system call it is exactly the requested
 * count. A request with nothing pending changes nothing. */
static void test_async_request(void **state)
{
	(void)state;
	static const struct { uint64_t start, at; } cases[] = {
		{ 0, 1 }, { 0, 77 }, { 0, 300 }, { 10, 11 }, { 1000, 1003 }, { 5000, 5050 },
		{ 20000, 20017 }, { 150000, 150100 }, { 300000, 300001 },
	};
	struct emu *probe = load();
	if (!probe)
		skip();
	quiet();
	assert_int_equal(emu_run(probe, 0), EMU_EXITED);
	uint64_t total = emu_instret(probe);
	emu_destroy(probe);
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		uint64_t s0 = cases[k].start, at = cases[k].at;
		struct emu *a = load(), *b = load(), *c = load();
		struct emu_dyn d;
		enum emu_status st;
		if (s0)
			assert_int_equal(emu_run(a, s0), EMU_LIMIT);
		while (emu_instret(b) < s0)
			assert_int_equal(emu_step(b, &d), EMU_RUNNING);
		syscall_signal_raise(a, SIGTERM, 0, 0);
		emu_async_request(a, at);
		syscall_signal_raise(b, SIGTERM, 0, 0);
		emu_async_request(b, at);
		assert_int_equal(emu_run(a, 0), EMU_FAULT);
		assert_int_equal(emu_fault_signal(a), SIGTERM);
		while ((st = emu_step(b, &d)) == EMU_RUNNING)
			;
		assert_int_equal(st, EMU_FAULT);
		assert_int_equal(emu_instret(a), emu_instret(b));
		assert_true(emu_instret(a) <= at);
		if (at <= 300)  /* before the guest's first system call */
			assert_int_equal(emu_instret(a), at);
		emu_async_request(c, at);  /* nothing pending */
		assert_int_equal(emu_run(c, 0), EMU_EXITED);
		assert_int_equal(emu_instret(c), total);
		assert_int_equal(c->async_at, UINT64_MAX);
		emu_destroy(a);
		emu_destroy(b);
		emu_destroy(c);
	}
	loud();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_state_at_limits),
		cmocka_unit_test(test_block_hook),
		cmocka_unit_test(test_async_request),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
