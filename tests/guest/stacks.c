/*
 * stacks — a guest whose calling contexts are known exactly, for the shadow stack
 * (emu/callstack.c) and the stacks of simulated profiles (e2e 650): a recursion of known depth
 * ending in a loop (stacks_leaf), libc's qsort calling back into stacks_cmp, a longjmp out of
 * a deep chain (after it, stacks_after_jump must run directly under stacks_jump_phase), and a
 * signal handler that works (stacks_in_handler) before the program carries on
 * (stacks_after_signal directly under stacks_signal_phase).
 * Usage: stacks [DEPTH] (default 5).
 */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#define STACKS_LOOP 40000
#define STACKS_QSORT_N 3000

static volatile long stacks_sink;
static jmp_buf stacks_env;

__attribute__((noinline)) static long stacks_leaf(long n)
{
	long s = 0;
	for (long i = 0; i < n; i++)
		s += (i * i) ^ (s >> 3);
	return s;
}

/* not a tail call: the volatile store after it keeps every level's frame */
__attribute__((noinline)) static long stacks_rec(int depth)
{
	long r = depth ? stacks_rec(depth - 1) : stacks_leaf(STACKS_LOOP);
	stacks_sink += r;
	return r;
}

__attribute__((noinline)) static int stacks_cmp(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;
	return (x > y) - (x < y);
}

__attribute__((noinline)) static void stacks_qsort_phase(void)
{
	long *v = malloc(STACKS_QSORT_N * sizeof(*v));
	if (!v)
		exit(2);
	for (int round = 0; round < 4; round++) {
		unsigned long x = 12345 + (unsigned long)round;
		for (int i = 0; i < STACKS_QSORT_N; i++) {
			x = x * 6364136223846793005ul + 1442695040888963407ul;
			v[i] = (long)(x >> 20);
		}
		qsort(v, STACKS_QSORT_N, sizeof(*v), stacks_cmp);
	}
	stacks_sink += v[0];
	free(v);
}

__attribute__((noinline)) static void stacks_deep3(void)
{
	stacks_sink += stacks_leaf(STACKS_LOOP / 4);
	longjmp(stacks_env, 1);
}

__attribute__((noinline)) static void stacks_deep2(void)
{
	stacks_deep3();
	stacks_sink++;
}

__attribute__((noinline)) static void stacks_deep1(void)
{
	stacks_deep2();
	stacks_sink++;
}

__attribute__((noinline)) static void stacks_after_jump(void)
{
	stacks_sink += stacks_leaf(STACKS_LOOP);
}

__attribute__((noinline)) static void stacks_jump_phase(void)
{
	if (!setjmp(stacks_env))
		stacks_deep1();
	stacks_after_jump();
}

__attribute__((noinline)) static void stacks_in_handler(void)
{
	stacks_sink += stacks_leaf(STACKS_LOOP / 2);
}

static void stacks_handler(int sig)
{
	(void)sig;
	stacks_in_handler();
}

__attribute__((noinline)) static void stacks_after_signal(void)
{
	stacks_sink += stacks_leaf(STACKS_LOOP + 1); /* not identical to stacks_after_jump */
}

__attribute__((noinline)) static void stacks_signal_phase(void)
{
	struct sigaction sa = { .sa_handler = stacks_handler };
	sigaction(SIGUSR1, &sa, NULL);
	raise(SIGUSR1);
	stacks_after_signal();
}

int main(int argc, char **argv)
{
	int depth = argc > 1 ? atoi(argv[1]) : 5;
	stacks_rec(depth);
	stacks_qsort_phase();
	stacks_jump_phase();
	stacks_signal_phase();
	printf("stacks %d done\n", depth);
	return 0;
}
