/* 260: guest threads (thread.c). The fast loop (emu_run, quantum ends through the asynchronous
 * request hook), the same run resumed after stops at odd instruction counts, and the
 * per-instruction path (emu_step, quantum ends as trap records) interleave a threaded program
 * identically: the same instruction count and exit status. The scheduler's futex queues wake
 * the oldest waiter first, honour bitsets, requeue and count as the kernel does; a timed wait
 * on the virtual clock times out with -ETIMEDOUT after the clock skipped to its deadline;
 * when every thread waits forever the run ends with the one-line deadlock report naming each. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "emu/emu_priv.h"
#include "emu/thread.h"
#include "quiet_stdout.h"

#define PROG "build/guest/tests/threads_signals.static"
#define HELLO "build/guest/tests/hello.static"

static struct emu *load(const char *prog, uint64_t quantum)
{
	struct emu_config cfg = { .virtual_time = 1, .seed = 3, .quantum = quantum };
	struct emu *e;
	char *argv[] = { (char *)prog, NULL };
	char *envp[] = { NULL };
	if (access(prog, X_OK))
		return NULL;
	assert_int_equal(emu_create(&cfg, &e), 0);
	assert_int_equal(emu_load(e, prog, 1, argv, envp), 0);
	return e;
}

static void test_paths_agree(void **state)
{
	(void)state;
	static const uint64_t quanta[] = { 1000, 4999 };
	struct emu *probe = load(PROG, 0);
	if (!probe)
		skip();
	emu_destroy(probe);
	quiet();
	for (size_t k = 0; k < 2; k++) {
		struct emu *a = load(PROG, quanta[k]), *b = load(PROG, quanta[k]), *c = load(PROG, quanta[k]);
		assert_int_equal(emu_run(a, 0), EMU_EXITED);
		enum emu_status st;
		while ((st = emu_run(b, 7919)) == EMU_LIMIT)  /* stops at counts inside quanta */
			;
		assert_int_equal(st, EMU_EXITED);
		struct emu_dyn d;
		while ((st = emu_step(c, &d)) == EMU_RUNNING)
			;
		assert_int_equal(st, EMU_EXITED);
		assert_int_equal(emu_instret(a), emu_instret(b));
		assert_int_equal(emu_instret(a), emu_instret(c));
		assert_int_equal(emu_exit_code(a), 0);
		assert_int_equal(emu_exit_code(c), 0);
		assert_true(a->n_threads > 4);  /* it did run threads */
		emu_destroy(a);
		emu_destroy(b);
		emu_destroy(c);
	}
	loud();
}

/* A guest with three threads (tids pid, pid+1, pid+2), thread 0 running. */
static struct emu *three_threads(void)
{
	struct emu *e = load(HELLO, 0);
	if (!e)
		return NULL;
	assert_int_equal(thread_clone(e, 0, 0, 0, 0), e->pid + 1);
	assert_int_equal(thread_clone(e, 0, 0, 0, 0), e->pid + 2);
	assert_int_equal(thread_count(e), 3);
	return e;
}

/* The running thread waits on uaddr (bitset) and the next one runs; returns its index. */
static int wait_and_switch(struct emu *e, uint64_t uaddr, uint32_t bitset, uint64_t deadline)
{
	thread_futex_wait(e, uaddr, bitset, deadline);
	assert_int_equal(e->resched, 1);
	if (thread_syscall_end(e))
		return -1;
	return e->cur_thread;
}

static void test_futex_queues(void **state)
{
	(void)state;
	struct emu *e = three_threads();
	if (!e)
		skip();
	const uint64_t A = 0x1000, B = 0x2000;
	assert_int_equal(wait_and_switch(e, A, 1, 0), 1);  /* thread 0 waits with bitset 1 */
	assert_int_equal(wait_and_switch(e, A, 2, 0), 2);  /* thread 1 with bitset 2 */
	/* thread 2: a bitset that meets nobody's wakes nobody; FUTEX_WAKE 1 wakes the oldest */
	assert_int_equal(thread_futex_wake(e, A, 4, 8, 0, 0, 0), 0);
	assert_int_equal(thread_futex_wake(e, A, ~0u, 1, 0, 0, 0), 1);
	assert_int_equal(e->threads[0]->state, THREAD_RUNNABLE);
	assert_int_equal(e->threads[1]->state, THREAD_FUTEX);
	assert_int_equal((int64_t)e->threads[0]->hart.x[10], 0);
	/* cmp-requeue: wake none, move thread 1 to B; counted as moved */
	assert_int_equal(thread_futex_wake(e, A, ~0u, 0, B, 5, 1), 1);
	assert_int_equal(e->threads[1]->futex_addr, B);
	assert_int_equal(thread_futex_wake(e, A, ~0u, 5, 0, 0, 0), 0);
	assert_int_equal(thread_futex_wake(e, B, 2, 5, 0, 0, 0), 1);
	assert_int_equal(e->threads[1]->state, THREAD_RUNNABLE);
	emu_destroy(e);
}

static void test_timeout_and_deadlock(void **state)
{
	(void)state;
	struct emu *e = three_threads();
	if (!e)
		skip();
	uint64_t now = emu_time_ns(e, 0) + e->sleep_ns;
	assert_int_equal(wait_and_switch(e, 0x1000, ~0u, 0), 1);
	assert_int_equal(wait_and_switch(e, 0x1000, ~0u, now + 5000000), 2);
	/* the last runnable thread waits too: thread 1's deadline comes, the clock skips to it */
	assert_int_equal(wait_and_switch(e, 0x3000, ~0u, 0), 1);
	assert_int_equal((int64_t)e->hart.x[10], -ETIMEDOUT);
	assert_true(emu_time_ns(e, 0) + e->sleep_ns >= now + 5000000);
	/* now every thread waits forever */
	assert_int_equal(wait_and_switch(e, 0x4000, ~0u, 0), -1);
	assert_int_equal(e->hart.trap.cause, HART_TRAP_KILLED);
	assert_non_null(strstr(e->fault_msg, "deadlock: every thread waits forever:"));
	char want[64];
	for (int i = 0; i < 3; i++) {
		snprintf(want, sizeof(want), "tid %d in futex wait on 0x", e->pid + i);
		assert_non_null(strstr(e->fault_msg, want));
	}
	assert_null(strchr(e->fault_msg, '\n'));
	emu_destroy(e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_paths_agree),
		cmocka_unit_test(test_futex_queues),
		cmocka_unit_test(test_timeout_and_deadlock),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
