/* jitguard: accesses through a base register whose first access of the block passed, the
 * next one at another offset past the end of the guest's address space (robin's translated
 * code does not check that one: it faults in the guard gmem keeps there) or into an
 * unmapped page, and loads through an sp set past the address space (translated code
 * assumes sp below its end and checks every write of it). Each must raise SIGSEGV at that
 * access (si_addr the address), with what came before it done. The top of the address
 * space is that of robin's stack (its Sv39 user half ends at 2^38: skipped where the stack
 * ends elsewhere); prints what went otherwise. Run under `robin run` with the blocks
 * translated and with --jit 0: the same output. */
#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

static sigjmp_buf env;
static volatile uintptr_t fault_addr;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	(void)sig, (void)uc;
	fault_addr = (uintptr_t)si->si_addr;
	siglongjmp(env, 1);
}

/* ld a, 0(base); *out += 1 (a load, an add and a store through out); ld b, off(base): the
 * second access through base follows a checked one; a fault in it must leave *out at 1 (a
 * return to an earlier op would count twice) */
#define PAIR(name, off)                                                                      \
	static uint64_t name(volatile uint64_t *base, volatile uint64_t *out)              \
	{                                                                                   \
		uint64_t a = 0, b = 0, c = 0;                                               \
		__asm__ volatile("ld %0, 0(%3)\n\tld %2, 0(%4)\n\taddi %2, %2, 1\n\t"        \
				 "sd %2, 0(%4)\n\tld %1, " #off "(%3)"                       \
				 : "+&r"(a), "+&r"(b), "+&r"(c) : "r"(base), "r"(out)        \
				 : "memory");                                               \
		return a + b;                                                               \
	}
/* sp set past the address space, then a load through it: the write of sp leaves translated
 * code (it assumes sp below the end), the load faults with si_addr the address (the handler
 * runs on the alternate stack; siglongjmp restores sp) */
static uint64_t bad_sp(uint64_t bad)
{
	uint64_t v = 0;
	__asm__ volatile("mv t0, sp\n\tmv sp, %1\n\tld %0, 16(sp)\n\tmv sp, t0"
			 : "+&r"(v) : "r"(bad) : "t0", "memory");
	return v;
}

PAIR(past_end, 8)
PAIR(past_end_far, 2040)
PAIR(below, -2048)

int main(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
	static char alt[64 * 1024];
	stack_t ss = { .ss_sp = alt, .ss_size = sizeof(alt) };
	sigaltstack(&ss, NULL);
	sigaction(SIGSEGV, &sa, NULL);
	/* robin's guest stack ends at the top of the address space, 2^38 */
	const uintptr_t top = (uintptr_t)1 << 38;
	int top_mapped = 0;
	FILE *maps = fopen("/proc/self/maps", "r");
	char line[256];
	while (maps && fgets(line, sizeof(line), maps))
		if (strstr(line, "[stack]") && strstr(line, "-4000000000 "))
			top_mapped = 1;
	if (maps)
		fclose(maps);
	if (!top_mapped) {
		printf("the stack does not end at 2^38: skipped\n");
		return 0;
	}
	/* a page with unmapped ones around it */
	uint64_t *low = mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			     -1, 0);
	munmap(low, 4096);
	munmap(low + 1024, 4096);                /* the third page: keep only the second */
	uint64_t *mid = low + 512;               /* the second page's start */
	mid[0] = 7;
	struct pair {
		const char *name;
		uint64_t (*fn)(volatile uint64_t *, volatile uint64_t *);
		volatile uint64_t *base;
		uintptr_t fault;  /* where its second access faults */
	} pairs[] = {
		{ "past_end", past_end, (uint64_t *)(top - 8), top },  /* the last word below 2^38 */
		{ "past_end_far", past_end_far, (uint64_t *)(top - 8), top - 8 + 2040 },
		{ "below", below, mid, (uintptr_t)mid - 2048 },
	};
	volatile uint64_t out = 0;
	unsigned long faults = 0, sum = 0;
	for (int round = 0; round < 60; round++) {
		for (size_t p = 0; p < sizeof(pairs) / sizeof(pairs[0]); p++) {
			out = 0;
			if (!sigsetjmp(env, 1)) {
				sum += pairs[p].fn(pairs[p].base, &out);
				continue;
			}
			faults++;
			if (fault_addr != pairs[p].fault || out != 1)
				printf("round %d %s: fault at %#lx, out %lu\n", round, pairs[p].name,
				       (unsigned long)fault_addr, (unsigned long)out);
		}
		uint64_t bad = (top << 2) + 8 * (uint64_t)round;
		if (!sigsetjmp(env, 1)) {
			sum += bad_sp(bad);
		} else {
			faults++;
			if (fault_addr != bad + 16)
				printf("round %d bad_sp: fault at %#lx\n", round, (unsigned long)fault_addr);
		}
	}
	printf("faults %lu, completed sum %lu\n", faults, sum);
	return 0;
}
