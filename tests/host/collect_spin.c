/*
 * collect_spin.c — a host (x86-64/aarch64) CPU-bound program for the collector's tests and
 * bench: six functions whose run times are in the ratio 40:25:15:10:6:4, called in many
 * interleaved rounds so that periodic sampling cannot line up with one of them.
 * usage: collect_spin [ROUNDS] (default 200; about 10 ms of CPU per round on a 2.5 GHz core)
 */
#include <stdio.h>
#include <stdlib.h>

static volatile double spin_sink;

#define SPIN_FN(name)                                                          \
	__attribute__((noinline)) static void name(long n)                     \
	{                                                                      \
		double s = 1.0;                                                \
		for (long i = 0; i < n; i++)                                   \
			s = s * 1.0000001 + 0.5;                               \
		spin_sink = s;                                                 \
	}

SPIN_FN(spin_w40)
SPIN_FN(spin_w25)
SPIN_FN(spin_w15)
SPIN_FN(spin_w10)
SPIN_FN(spin_w6)
SPIN_FN(spin_w4)

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 200;
	long unit = 40000; /* iterations per weight unit */
	for (long r = 0; r < rounds; r++) {
		spin_w40(40 * unit);
		spin_w25(25 * unit);
		spin_w15(15 * unit);
		spin_w10(10 * unit);
		spin_w6(6 * unit);
		spin_w4(4 * unit);
	}
	return 0;
}
