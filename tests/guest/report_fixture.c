/* report_fixture.c — a small riscv64 program whose functions the report-tool tests place
 * known sample counts on (tests/unit/test_643_report_db.c, tests/e2e/64x_*.sh): fixture_alpha
 * has a loop (several basic blocks), fixture_beta calls an always-inlined helper (an inline
 * chain in DWARF), fixture_gamma is straight-line code. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) long fixture_alpha(long n)
{
	long s = 0;
	for (long i = 0; i < n; i++)
		s += i * i ^ (s >> 3);
	return s;
}

static inline __attribute__((always_inline)) long fixture_helper(long x)
{
	return x * 3 + (x >> 2);
}

__attribute__((noinline)) long fixture_beta(long x)
{
	return fixture_helper(x) + fixture_helper(x + 1);
}

__attribute__((noinline)) long fixture_gamma(long x)
{
	return x * 7 - 1;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000;
	long r = fixture_alpha(n) + fixture_beta(n) + fixture_gamma(n);
	printf("%ld\n", r);
	return 0;
}
