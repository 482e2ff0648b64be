/* atomics: LR/SC loops and every AMO (swap, add, and, or, xor, min, max, minu, maxu) on 32-
 * and 64-bit words through the __atomic builtins, plus an explicit lr/sc sequence. */
#include <stdint.h>
#include <stdio.h>

static int64_t lrsc_add(int64_t *p, int64_t v)
{
	int64_t old, fail;
	__asm__ volatile("1: lr.d %0, (%2)\n"
			 "   add %1, %0, %3\n"
			 "   sc.d %1, %1, (%2)\n"
			 "   bnez %1, 1b\n"
			 : "=&r"(old), "=&r"(fail) : "r"(p), "r"(v) : "memory");
	return old;
}

static int sc_without_lr(int64_t *p)
{
	int64_t r;
	__asm__ volatile("sc.d %0, %2, (%1)" : "=r"(r) : "r"(p), "r"(7L) : "memory");
	return (int)r;
}

int main(void)
{
	int32_t w = 10;
	int64_t d = 100;
	uint32_t uw = 5;
	printf("fetch_add w %d -> %d\n", __atomic_fetch_add(&w, 5, __ATOMIC_SEQ_CST), w);
	printf("fetch_and w %d -> %d\n", __atomic_fetch_and(&w, 6, __ATOMIC_SEQ_CST), w);
	printf("fetch_or w %d -> %d\n", __atomic_fetch_or(&w, 9, __ATOMIC_SEQ_CST), w);
	printf("fetch_xor w %d -> %d\n", __atomic_fetch_xor(&w, 3, __ATOMIC_SEQ_CST), w);
	printf("exchange w %d -> %d\n", __atomic_exchange_n(&w, -7, __ATOMIC_SEQ_CST), w);
	int32_t exp = -7;
	printf("cas w ok %d -> %d\n", __atomic_compare_exchange_n(&w, &exp, 42, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST), w);
	exp = 0;
	printf("cas w fail %d expected now %d\n", __atomic_compare_exchange_n(&w, &exp, 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST), exp);
	printf("fetch_add d %ld -> %ld\n", (long)__atomic_fetch_add(&d, -300, __ATOMIC_SEQ_CST), (long)d);
	printf("exchange d %ld -> %ld\n", (long)__atomic_exchange_n(&d, 1L << 40, __ATOMIC_SEQ_CST), (long)d);
	int64_t ed = 1L << 40;
	printf("cas d ok %d -> %ld\n", __atomic_compare_exchange_n(&d, &ed, 5, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST), (long)d);
	int64_t m;
	__asm__ volatile("amomin.d %0, %2, (%1)" : "=r"(m) : "r"(&d), "r"(-3L) : "memory");
	printf("amomin.d old %ld now %ld\n", (long)m, (long)d);
	__asm__ volatile("amomax.d %0, %2, (%1)" : "=r"(m) : "r"(&d), "r"(9L) : "memory");
	printf("amomax.d old %ld now %ld\n", (long)m, (long)d);
	__asm__ volatile("amominu.d %0, %2, (%1)" : "=r"(m) : "r"(&d), "r"(-1L) : "memory");
	printf("amominu.d old %ld now %ld\n", (long)m, (long)d);
	__asm__ volatile("amomaxu.d %0, %2, (%1)" : "=r"(m) : "r"(&d), "r"(-1L) : "memory");
	printf("amomaxu.d old %ld now %ld\n", (long)m, (long)d);
	int32_t mw;
	__asm__ volatile("amominu.w %0, %2, (%1)" : "=r"(mw) : "r"(&uw), "r"(-1) : "memory");
	printf("amominu.w old %d now %u\n", mw, uw);
	__asm__ volatile("amomaxu.w %0, %2, (%1)" : "=r"(mw) : "r"(&uw), "r"(-2) : "memory");
	printf("amomaxu.w old %d now %u\n", mw, uw);
	__asm__ volatile("amomin.w %0, %2, (%1)" : "=r"(mw) : "r"(&uw), "r"(3) : "memory");
	printf("amomin.w old %d now %d\n", mw, (int)uw);
	__asm__ volatile("amomax.w %0, %2, (%1)" : "=r"(mw) : "r"(&uw), "r"(4) : "memory");
	printf("amomax.w old %d now %d\n", mw, (int)uw);
	int64_t c = 0;
	for (int i = 0; i < 1000; i++) lrsc_add(&c, i);
	printf("lr/sc sum %ld\n", (long)c);
	printf("sc without lr fails %d value %ld\n", sc_without_lr(&c), (long)c);
	return 0;
}
