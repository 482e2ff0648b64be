/*
 * collect_calls.c — a host CPU-bound program with known calling contexts, for `robin record -g`
 * (build with -fno-omit-frame-pointer): main calls outer_a and outer_b; outer_a calls leaf_x
 * (3 units of work) and mid_c, which calls leaf_y (2 units); outer_b calls leaf_y (1 unit).
 * Expected stacks and shares of the samples: main;outer_a;leaf_x 50%, main;outer_a;mid_c;leaf_y
 * 33%, main;outer_b;leaf_y 17% (leaf_y is reached from two callers).
 * usage: collect_calls [ROUNDS] (default 100; about 6 ms of CPU per round)
 */
#include <stdlib.h>

static volatile double calls_sink;

/* a call keeps each leaf's frame: gcc 12 sets up no frame pointer in a function that makes
 * no call, even with -fno-omit-frame-pointer, and its caller then drops out of the stacks */
__attribute__((noinline)) void calls_tick(void)
{
	__asm__ volatile("" ::: "memory");
}

/* each leaf spins in its own frame */
#define CALLS_LEAF(name)                                                   \
	__attribute__((noinline)) void name(long n)                        \
	{                                                                  \
		double s = 1.0;                                            \
		for (long i = 0; i < n; i++)                               \
			s = s * 1.0000001 + 0.5;                           \
		calls_sink = s;                                            \
		calls_tick();                                              \
	}

CALLS_LEAF(leaf_x)
CALLS_LEAF(leaf_y)

__attribute__((noinline)) void mid_c(long n)
{
	leaf_y(2 * n);
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) void outer_a(long n)
{
	leaf_x(3 * n);
	mid_c(n);
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) void outer_b(long n)
{
	leaf_y(n);
	__asm__ volatile("" ::: "memory");
}

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 100;
	for (long r = 0; r < rounds; r++) {
		outer_a(500000);
		outer_b(500000);
	}
	return 0;
}
