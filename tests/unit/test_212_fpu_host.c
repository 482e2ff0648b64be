/* 212: fpu.c's host fast path (x86-64 SSE2/FMA3) and its integer soft-float give identical
 * results and flags: every pair of edge operands, then seeded random operands biased towards
 * subnormals, overflow, ties and cancellation, in all five rounding modes. On hosts without
 * the fast path both sides are the soft-float and the test holds trivially. (A 60-million-case
 * run of the same generators, rather than this ~2 s subset, is how the fast path was accepted.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "emu/fpu.h"

static uint64_t rng_state = 0x243f6a8885a308d3ull;

static uint64_t rng(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* E exponent bits, M fraction bits; exponent near `near` (a biased field) when near >= 0. */
static uint64_t rand_fp(int E, int M, long near)
{
	const long emax = (1L << E) - 1, bias = (1L << (E - 1)) - 1;
	long ef;
	uint64_t frac = rng() & ((1ull << M) - 1);
	if (near >= 0 && rng() % 2) {
		ef = near + (long)(rng() % 7) - 3;
	} else {
		switch (rng() % 8) {
		case 0: ef = 0; break;
		case 1: ef = 1 + (long)(rng() % 2); break;
		case 2: ef = emax - 1 - (long)(rng() % 2); break;
		case 3: ef = bias + (long)(rng() % 66) - 2; break;
		case 4: ef = emax; break;
		default: ef = (long)(rng() % (uint64_t)emax); break;
		}
	}
	if (ef < 0)
		ef = 0;
	if (ef > emax)
		ef = emax;
	switch (rng() % 5) {
	case 0: frac &= ~0ull << (rng() % (uint64_t)(M + 1)); break;
	case 1: frac = (1ull << M) - 1 - (rng() % 2); break;
	case 2: frac = rng() % 3; break;
	default: break;
	}
	if (ef == emax && rng() % 2)
		frac = 0;
	return (rng() & 1) << (E + M) | (uint64_t)ef << M | frac;
}

static long field(uint64_t v, int E, int M)
{
	return (long)((v >> M) & ((1ull << E) - 1));
}

static const uint32_t edge_s[] = {
	0, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001,
	0x00000001, 0x807fffff, 0x00800000, 0x7f7fffff, 0xff7fffff, 0x3f800001, 0x3f7fffff,
	0x33800000, 0x3fc00000, 0x4f000000, 0xcf000000, 0x5f000000, 0x1a000000, 0x99800000,
	0x0d800000, 0x73000000,
};
static const uint64_t edge_d[] = {
	0, 0x8000000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
	0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull,
	0x7ff0000000000001ull, 0x0000000000000001ull, 0x800fffffffffffffull,
	0x0010000000000000ull, 0x7fefffffffffffffull, 0xffefffffffffffffull,
	0x3ff0000000000001ull, 0x3fefffffffffffffull, 0x3ca0000000000000ull,
	0x41dfffffffe00000ull, 0xc1e0000000100000ull, 0x43e0000000000000ull,
	0xc3e0000000000000ull, 0x47efffffe0000000ull, 0x47effffff0000000ull,
	0x3690000000000000ull, 0x380ffffff0000000ull, 0x1e50000000000000ull,
	0x9e40000000000000ull,
};
#define N(a) (sizeof(a) / sizeof((a)[0]))

static long mismatches;

/* The accrued flags a call starts from: mostly none or all inexact, sometimes any subset, so
 * the host path's sticky-flag bookkeeping meets every state. */
static uint32_t preset(void)
{
	switch (rng() % 4) {
	case 0: return 0;
	case 1: return FPU_NX;
	default: return (uint32_t)(rng() % 32);
	}
}

#define SAME(what, fast, fast_fl, ref, ref_fl, a, b, c, rm)                                  \
	do {                                                                                 \
		if ((fast) != (ref) || (fast_fl) != (ref_fl)) {                              \
			if (mismatches++ < 20)                                               \
				print_error("%s rm=%u %#llx %#llx %#llx: fast %#llx/%#x, "   \
				            "soft %#llx/%#x\n", what, rm,                    \
				            (unsigned long long)(a), (unsigned long long)(b),  \
				            (unsigned long long)(c), (unsigned long long)(fast), \
				            fast_fl, (unsigned long long)(ref), ref_fl);     \
		}                                                                            \
	} while (0)

static void check_s(uint32_t a, uint32_t b, uint32_t c, unsigned rm)
{
	uint32_t f1 = 0, f2 = 0, r1, r2;
#define CHECK_S(name, fast, ref)                        \
	f1 = f2 = preset();                             \
	r1 = fast;                                      \
	r2 = ref;                                       \
	SAME(name, r1, f1, r2, f2, a, b, c, rm)
	CHECK_S("add.s", fpu_add_s(a, b, rm, &f1), fpu_ref_add_s(a, b, rm, &f2));
	CHECK_S("sub.s", fpu_sub_s(a, b, rm, &f1), fpu_ref_add_s(a, b ^ 0x80000000u, rm, &f2));
	CHECK_S("mul.s", fpu_mul_s(a, b, rm, &f1), fpu_ref_mul_s(a, b, rm, &f2));
	CHECK_S("div.s", fpu_div_s(a, b, rm, &f1), fpu_ref_div_s(a, b, rm, &f2));
	CHECK_S("sqrt.s", fpu_sqrt_s(a, rm, &f1), fpu_ref_sqrt_s(a, rm, &f2));
	for (unsigned neg = 0; neg < 4; neg++) {
		CHECK_S("madd.s", fpu_madd_s(a, b, c, neg, rm, &f1),
		        fpu_ref_madd_s(a, b, c, neg, rm, &f2));
	}
#undef CHECK_S
}

static void check_d(uint64_t a, uint64_t b, uint64_t c, unsigned rm)
{
	uint32_t f1 = 0, f2 = 0;
	uint64_t r1, r2;
#define CHECK_D(name, fast, ref)                        \
	f1 = f2 = preset();                             \
	r1 = (uint64_t)(fast);                          \
	r2 = (uint64_t)(ref);                           \
	SAME(name, r1, f1, r2, f2, a, b, c, rm)
	CHECK_D("add.d", fpu_add_d(a, b, rm, &f1), fpu_ref_add_d(a, b, rm, &f2));
	CHECK_D("sub.d", fpu_sub_d(a, b, rm, &f1), fpu_ref_add_d(a, b ^ (1ull << 63), rm, &f2));
	CHECK_D("mul.d", fpu_mul_d(a, b, rm, &f1), fpu_ref_mul_d(a, b, rm, &f2));
	CHECK_D("div.d", fpu_div_d(a, b, rm, &f1), fpu_ref_div_d(a, b, rm, &f2));
	CHECK_D("sqrt.d", fpu_sqrt_d(a, rm, &f1), fpu_ref_sqrt_d(a, rm, &f2));
	for (unsigned neg = 0; neg < 4; neg++) {
		CHECK_D("madd.d", fpu_madd_d(a, b, c, neg, rm, &f1),
		        fpu_ref_madd_d(a, b, c, neg, rm, &f2));
	}
	CHECK_D("cvt.s.d", fpu_cvt_s_d(a, rm, &f1), fpu_ref_cvt_s_d(a, rm, &f2));
	CHECK_D("cvt.w.d", fpu_cvt_w_d(a, rm, &f1), fpu_ref_cvt_w_d(a, rm, &f2));
	CHECK_D("cvt.l.d", fpu_cvt_l_d(a, rm, &f1), fpu_ref_cvt_l_d(a, rm, &f2));
	CHECK_D("cvt.d.l", fpu_cvt_d_l((int64_t)b, rm, &f1), fpu_ref_cvt_d_l((int64_t)b, rm, &f2));
	int64_t i = (int64_t)(rng() >> (rng() % 64)) * (rng() % 2 ? -1 : 1);
	CHECK_D("cvt.d.l", fpu_cvt_d_l(i, rm, &f1), fpu_ref_cvt_d_l(i, rm, &f2));
#undef CHECK_D
}

static void test_edges(void **state)
{
	(void)state;
	for (unsigned rm = 0; rm < 5; rm++) {
		for (size_t i = 0; i < N(edge_s); i++)
			for (size_t j = 0; j < N(edge_s); j++)
				check_s(edge_s[i], edge_s[j], edge_s[(i + j) % N(edge_s)], rm);
		for (size_t i = 0; i < N(edge_d); i++)
			for (size_t j = 0; j < N(edge_d); j++)
				check_d(edge_d[i], edge_d[j], edge_d[(i * 7 + j) % N(edge_d)], rm);
	}
	assert_int_equal(mismatches, 0);
}

static void test_random(void **state)
{
	(void)state;
	for (long n = 0; n < 150000; n++) {
		unsigned rm = (unsigned)(rng() % 5);
		uint32_t a = (uint32_t)rand_fp(8, 23, -1);
		uint32_t b = (uint32_t)rand_fp(8, 23, field(a, 8, 23));
		uint32_t c = (uint32_t)rand_fp(8, 23, field(a, 8, 23) + field(b, 8, 23) - 127);
		check_s(a, b, c, rm);
		uint64_t x = rand_fp(11, 52, -1);
		uint64_t y = rand_fp(11, 52, field(x, 11, 52));
		uint64_t z = rand_fp(11, 52, field(x, 11, 52) + field(y, 11, 52) - 1023);
		check_d(x, y, z, rm);
	}
	assert_int_equal(mismatches, 0);
}

/* One accumulator per path across a chain of operations (the emulator's use: &hart->fflags),
 * with host floating-point code and guest-style fflags clears in between. */
static void test_accrual_chain(void **state)
{
	(void)state;
	uint32_t fast = 0, soft = 0;
	volatile double host_a = 1.0, host_b = 3.0;
	for (long n = 0; n < 200000; n++) {
		unsigned rm = rng() % 8 ? FPU_RM_RNE : (unsigned)(rng() % 5);
		uint64_t x = rand_fp(11, 52, -1), y = rand_fp(11, 52, field(x, 11, 52));
		uint64_t z = rand_fp(11, 52, field(x, 11, 52) + field(y, 11, 52) - 1023);
		uint64_t r1, r2;
		switch (rng() % 6) {
		case 0: r1 = fpu_add_d(x, y, rm, &fast); r2 = fpu_ref_add_d(x, y, rm, &soft); break;
		case 1: r1 = fpu_mul_d(x, y, rm, &fast); r2 = fpu_ref_mul_d(x, y, rm, &soft); break;
		case 2: r1 = fpu_div_d(x, y, rm, &fast); r2 = fpu_ref_div_d(x, y, rm, &soft); break;
		case 3:
			r1 = fpu_madd_d(x, y, z, 0, rm, &fast);
			r2 = fpu_ref_madd_d(x, y, z, 0, rm, &soft);
			break;
		case 4:
			r1 = fpu_cvt_s_d(x, rm, &fast);
			r2 = fpu_ref_cvt_s_d(x, rm, &soft);
			break;
		default:
			r1 = (uint64_t)fpu_cvt_l_d(x, rm, &fast);
			r2 = (uint64_t)fpu_ref_cvt_l_d(x, rm, &soft);
			break;
		}
		SAME("chain", r1, fast, r2, soft, x, y, z, rm);
		if (rng() % 50 == 0)
			fast = soft = 0;                          /* the guest clears fflags */
		if (rng() % 50 == 0)
			host_a = host_a / host_b;                 /* host code raises inexact */
	}
	assert_int_equal(mismatches, 0);
}

/* A value with biased exponent field `ef` (clamped to the finite range) and a random
 * fraction that is often all ones or short. */
static uint64_t with_exp(int E, int M, long ef)
{
	const long emax = (1L << E) - 2;
	if (ef < 0)
		ef = 0;
	if (ef > emax)
		ef = emax;
	uint64_t frac = rng() & ((1ull << M) - 1);
	switch (rng() % 4) {
	case 0: frac = (1ull << M) - 1 - (rng() % 2); break;
	case 1: frac &= ~0ull << (rng() % (uint64_t)(M + 1)); break;
	default: break;
	}
	return (rng() & 1) << (E + M) | (uint64_t)ef << M | frac;
}

/* Results aimed at the edges of the normal range: products, quotients and roots whose exact
 * value lies just below, at or just above the smallest normal and the largest finite. */
static void test_range_edges(void **state)
{
	(void)state;
	for (long n = 0; n < 60000; n++) {
		unsigned rm = (unsigned)(rng() % 5);
		int high = rng() % 2;
		long t = high ? 254 + (long)(rng() % 3) - 1 : 1 + (long)(rng() % 3) - 1;
		long ea = 1 + (long)(rng() % 253);
		uint32_t a = (uint32_t)with_exp(8, 23, ea);
		uint32_t bm = (uint32_t)with_exp(8, 23, t - ea + 127);   /* a*b near 2^(t-127) */
		uint32_t bd = (uint32_t)with_exp(8, 23, ea - t + 127);   /* a/b near 2^(t-127) */
		uint32_t c = (uint32_t)with_exp(8, 23, t);
		check_s(a, bm, c, rm);
		check_s(a, bd, c, rm);
		check_s((uint32_t)with_exp(8, 23, 2 * t - 127), bm, bd, rm);
		t = high ? 2046 + (long)(rng() % 3) - 1 : 1 + (long)(rng() % 3) - 1;
		ea = 1 + (long)(rng() % 2045);
		uint64_t x = with_exp(11, 52, ea);
		uint64_t ym = with_exp(11, 52, t - ea + 1023);
		uint64_t yd = with_exp(11, 52, ea - t + 1023);
		uint64_t z = with_exp(11, 52, t);
		check_d(x, ym, z, rm);
		check_d(x, yd, z, rm);
		check_d(with_exp(11, 52, 2 * t - 1023), ym, yd, rm);
	}
	assert_int_equal(mismatches, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_edges),
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_range_edges),
		cmocka_unit_test(test_accrual_chain),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
