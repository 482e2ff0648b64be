/* core_kernels: micro-kernels with analytic timing for the out-of-order core's validation
 * (tests/e2e/302_sim_validation.sh). `core_kernels KERNEL N` runs N iterations of one
 * kernel; the test runs two N and compares the differences of the counters, so program
 * start-up and cold misses cancel out. The loops are inline assembly so the instruction mix
 * is exactly what the expectation assumes.
 *   dep      32 dependent adds per iteration                 IPC ~ 1
 *   indep    32 adds over 8 registers per iteration           IPC ~ decode/commit width
 *   div      8 independent divides per iteration              div_cycles per divide
 *   chase S [T]  dependent loads through a random ring over S KiB, one line every T bytes
 *                (default 128)                                the level's load latency
 *   randbr   a branch on a random bit per iteration           ~0.5 mispredictions/iteration
 *   loopbr   a branch taken every 4th iteration               ~0 mispredictions
 *   stlf     store, then load of the same address             one forwarding per iteration
 *   fsflags  an fflags write per iteration                    one flush per iteration
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t kern_dep(long n)
{
	uint64_t a = 0;
	for (long i = 0; i < n; i++)
		__asm__ volatile(
#define A8 "addi %0, %0, 1\n addi %0, %0, 1\n addi %0, %0, 1\n addi %0, %0, 1\n" \
           "addi %0, %0, 1\n addi %0, %0, 1\n addi %0, %0, 1\n addi %0, %0, 1\n"
			A8 A8 A8 A8
#undef A8
			: "+r"(a));
	return a;
}

static uint64_t kern_indep(long n)
{
	uint64_t r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0, r6 = 0, r7 = 0;
	for (long i = 0; i < n; i++)
		__asm__ volatile(
#define A8 "addi %0, %0, 1\n addi %1, %1, 1\n addi %2, %2, 1\n addi %3, %3, 1\n" \
           "addi %4, %4, 1\n addi %5, %5, 1\n addi %6, %6, 1\n addi %7, %7, 1\n"
			A8 A8 A8 A8
#undef A8
			: "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3), "+r"(r4), "+r"(r5), "+r"(r6),
			  "+r"(r7));
	return r0 + r1 + r2 + r3 + r4 + r5 + r6 + r7;
}

static uint64_t kern_div(long n)
{
	uint64_t x = 1000003, y = 7, s = 0;
	for (long i = 0; i < n; i++) {
		uint64_t q0, q1, q2, q3, q4, q5, q6, q7;
		__asm__ volatile(
			"div %0, %8, %9\n div %1, %8, %9\n div %2, %8, %9\n div %3, %8, %9\n"
			"div %4, %8, %9\n div %5, %8, %9\n div %6, %8, %9\n div %7, %8, %9\n"
			: "=&r"(q0), "=&r"(q1), "=&r"(q2), "=&r"(q3), "=&r"(q4), "=&r"(q5),
			  "=&r"(q6), "=&r"(q7)
			: "r"(x), "r"(y));
		s += q0 ^ q7;
		(void)q1, (void)q2, (void)q3, (void)q4, (void)q5, (void)q6;
	}
	return s;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* A random cyclic permutation of lines `stride` bytes apart in a kib-KiB buffer (128 = every
 * other line, so the next-line prefetcher does not hide misses; a large stride spreads few
 * lines over many DRAM rows and conflicting cache sets), then n dependent loads. Rings that
 * fit in the LLC are walked once first to warm the caches and TLBs. */
static uint64_t kern_chase(long n, long kib, long stride_bytes)
{
	size_t stride = stride_bytes > 0 ? (size_t)stride_bytes : 128;
	size_t count = (size_t)kib * 1024 / stride;
	char *buf = aligned_alloc(4096, (size_t)kib * 1024);
	size_t *order = malloc(count * sizeof(*order));
	if (!buf || !order)
		return 0;
	for (size_t i = 0; i < count; i++)
		order[i] = i;
	for (size_t i = count - 1; i > 0; i--) {
		size_t j = rng() % (i + 1), t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (size_t i = 0; i < count; i++)
		*(char **)(buf + order[i] * stride) = buf + order[(i + 1) % count] * stride;
	char *p = buf + order[0] * stride;
	if (kib <= 2048)
		for (size_t i = 0; i < count; i++)
			p = *(char **)p;
	for (long i = 0; i < n; i++)
		__asm__ volatile("ld %0, 0(%0)" : "+r"(p));
	uint64_t r = (uint64_t)(uintptr_t)p;
	free(order);
	free(buf);
	return r;
}

static uint64_t kern_randbr(long n)
{
	uint64_t x = 0x2545f4914f6cdd1dull, taken = 0;
	for (long i = 0; i < n; i++)
		__asm__ volatile(
			"slli t0, %0, 13\n xor %0, %0, t0\n srli t0, %0, 7\n xor %0, %0, t0\n"
			"slli t0, %0, 17\n xor %0, %0, t0\n"
			"andi t0, %0, 1\n beqz t0, 1f\n addi %1, %1, 1\n 1:\n"
			: "+r"(x), "+r"(taken) : : "t0");
	return taken;
}

static uint64_t kern_loopbr(long n)
{
	uint64_t k = 0, taken = 0;
	for (long i = 0; i < n; i++)
		__asm__ volatile(
			"addi %0, %0, 1\n andi t0, %0, 3\n bnez t0, 1f\n addi %1, %1, 1\n 1:\n"
			: "+r"(k), "+r"(taken) : : "t0");
	return taken;
}

static uint64_t kern_stlf(long n)
{
	uint64_t slot = 0, v = 1;
	for (long i = 0; i < n; i++)
		__asm__ volatile("sd %0, 0(%1)\n ld %0, 0(%1)\n addi %0, %0, 1\n"
		                 : "+r"(v) : "r"(&slot) : "memory");
	return v;
}

static uint64_t kern_fsflags(long n)
{
	uint64_t s = 0;
	for (long i = 0; i < n; i++) {
		__asm__ volatile("fsflags zero\n addi %0, %0, 1\n" : "+r"(s));
	}
	return s;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: core_kernels dep|indep|div|chase KIB [STRIDE]|randbr|loopbr|"
		                "stlf|fsflags N\n");
		return 2;
	}
	const char *k = argv[1];
	long n = atol(argv[2]);
	uint64_t r;
	if (!strcmp(k, "dep"))
		r = kern_dep(n);
	else if (!strcmp(k, "indep"))
		r = kern_indep(n);
	else if (!strcmp(k, "div"))
		r = kern_div(n);
	else if (!strcmp(k, "chase") && argc > 3)
		r = kern_chase(n, atol(argv[3]), argc > 4 ? atol(argv[4]) : 0);
	else if (!strcmp(k, "randbr"))
		r = kern_randbr(n);
	else if (!strcmp(k, "loopbr"))
		r = kern_loopbr(n);
	else if (!strcmp(k, "stlf"))
		r = kern_stlf(n);
	else if (!strcmp(k, "fsflags"))
		r = kern_fsflags(n);
	else {
		fprintf(stderr, "core_kernels: unknown kernel %s\n", k);
		return 2;
	}
	printf("%s %ld -> %llu\n", k, n, (unsigned long long)r);
	return 0;
}
