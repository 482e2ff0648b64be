/*
 * isa_mix.c — a guest program that touches every instruction family of RV64GC: integer and
 * M arithmetic, A (lr/sc and amo* through __atomic builtins), F and D (arithmetic, fused
 * multiply-add, conversions with explicit rounding modes, compares, classification, sign
 * injection), Zicsr (frm/fflags through <fenv.h>) and fence. Prints a deterministic summary;
 * used by the disassembler comparison with objdump and by the emulator tests.
 */
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>

static volatile double vd[4] = { 1.5, -2.25, 1e300, 3.0 };
static volatile float vf[4] = { 0.1f, -7.5f, 3.4e38f, 2.0f };
static int64_t counter;
static uint32_t flags32;

__attribute__((noinline)) static double dmix(double a, double b, double c)
{
	return fma(a, b, c) - sqrt(fabs(b)) + fmin(a, c) * fmax(b, c) / (a + 1.0);
}

__attribute__((noinline)) static float fmix(float a, float b, float c)
{
	return fmaf(a, b, -c) + sqrtf(fabsf(a)) - copysignf(b, c) / (c - 1.0f);
}

__attribute__((noinline)) static int64_t imix(int64_t a, int64_t b)
{
	uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
	int32_t w = (int32_t)a * (int32_t)b + (int32_t)(a >> 3);
	return a * b + a / (b | 1) + a % (b | 1) + (int64_t)(ua / (ub | 1)) + (int64_t)(ua % (ub | 1)) +
	       w / ((int32_t)b | 1) + (int64_t)(((__int128)a * b) >> 64) + (a << (b & 63)) +
	       (int64_t)(ua >> (b & 31)) + (a >> 7) + (a < b) + (ua < ub) + (int64_t)(uint32_t)w;
}

int main(void)
{
	int64_t acc = 0;
	for (int i = 0; i < 4; i++) {
		acc += imix(i * 1234567 - 99, (int64_t)i * 7 - 3);
		__atomic_fetch_add(&counter, i, __ATOMIC_SEQ_CST);
		__atomic_fetch_or(&flags32, 1u << i, __ATOMIC_ACQUIRE);
		__atomic_fetch_and(&flags32, ~0u << (i / 2), __ATOMIC_RELEASE);
		__atomic_fetch_xor(&counter, (int64_t)i << 3, __ATOMIC_RELAXED);
		int64_t expect = counter;
		__atomic_compare_exchange_n(&counter, &expect, expect + 1, 0, __ATOMIC_ACQ_REL,
					    __ATOMIC_ACQUIRE);
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
	}
	double d = 0;
	float f = 0;
	int modes[] = { FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD };
	long conv = 0;
	for (int m = 0; m < 4; m++) {
		fesetround(modes[m]);
		feclearexcept(FE_ALL_EXCEPT);
		d += dmix(vd[m], vd[(m + 1) & 3], vd[(m + 2) & 3]);
		f += fmix(vf[m], vf[(m + 1) & 3], vf[(m + 2) & 3]);
		conv += lrint(vd[m] * 0.5) + (long)vd[0] + (long)(unsigned long)vd[3] + lrintf(vf[1]) +
			(int)vf[3] + (unsigned)vf[0] + (long)(float)conv + (long)(double)(unsigned)conv;
		conv += fetestexcept(FE_INEXACT) != 0;
		conv += isnan(vd[m] / 0.0 * 0.0) + isinf(vf[2] * 10.0f) + (vd[1] < vd[2]) +
			(vf[0] <= vf[1]) + (vd[3] == 3.0) + (signbit(vd[1]) != 0) + fpclassify(vd[m]);
	}
	fesetround(FE_TONEAREST);
	printf("int %lld atomics %lld %u fp %.6g %.6g conv %ld\n", (long long)acc,
	       (long long)counter, flags32, d, (double)f, conv);
	return 0;
}
