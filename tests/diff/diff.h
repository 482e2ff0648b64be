/*
 * diff.h — the contract between the generated test functions (build/gen/diff/diff_tests.c,
 * written by tests/diff/diffgen.c) and the guest runtime tests/diff/diff_rt.c, which chooses
 * operands, calls every test function on them and prints one line per case. Guest-side
 * (riscv64) code only.
 */
#ifndef ROBIN_DIFF_H
#define ROBIN_DIFF_H

#include <stdint.h>

/* Operand pools. */
enum diff_pool {
	DIFF_POOL_X,  /* 64-bit integers */
	DIFF_POOL_S,  /* f-register images holding binary32 values (some not NaN-boxed) */
	DIFF_POOL_D,  /* f-register images holding binary64 values */
	DIFF_POOL_H,  /* f-register images holding binary16 values (some not NaN-boxed) */
	DIFF_POOL_COUNT
};

/* A test function: operands in in[0..2], in[3] = fflags to preset, in[4] = frm to preset;
 * results in out[0..5], the fflags read back after the instruction in out[7]. mem (the asm
 * sees mem + 1 as %[m]) is a 64-byte-aligned block of eight 64-bit words (one cache block,
 * for cbo.zero) the runtime fills with mem[0] = in[0], mem[1] = in[1], mem[2] = in[2],
 * mem[3] = ~in[1], mem[4..7] = ~mem[0..3], before the call and prints
 * (mem[0..3]) after it when the test says so. */
typedef void (*diff_fn)(const uint64_t *in, uint64_t *out, uint64_t *mem);

struct diff_test {
	const char *name;        /* mnemonic, with "/variant" when one mnemonic has several tests */
	const char *rm;          /* rounding-mode suffix as printed ("rne" ... "dyn"), "" if none */
	unsigned char nsrc;      /* operands drawn from pools (0..3) */
	unsigned char pool[3];   /* enum diff_pool of each operand */
	unsigned char dyn;       /* rm = dyn: run once per frm value 0..4; 2: per invalid frm
	                            value 5..7 (the instruction must trap) */
	unsigned char static_rm; /* the static rounding mode (0..4), or 0xff when none */
	unsigned char nout;      /* how many of out[] to print */
	unsigned char fflags;    /* print out[7] (fflags) */
	unsigned char mem;       /* print mem[0..3] after the call */
	unsigned char trap;      /* may raise SIGILL/SIGTRAP: run under a handler, print "sig N" */
	unsigned char newer;     /* needs an extension qemu-riscv64 7.2 lacks (Zicond, Zicbo*,
	                            Zawrs, Zimop, Zcb, Zcmop, Zfa): run only with --newer, against
	                            the golden output in tests/diff/golden/ */
	diff_fn fn;
};

extern const struct diff_test diff_tests[];
extern const unsigned diff_ntests;

#endif
