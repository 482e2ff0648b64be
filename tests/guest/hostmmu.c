/* hostmmu: guest memory whose protection changes under hot loops — the cases where robin's
 * translated code relies on the host MMU (e2e 232): loads that fault on a page made
 * PROT_NONE and go on once a SIGSEGV handler restores it (also an 8-byte load across the
 * page end), stores to a page made read-only, a page holding both code that runs and data
 * that is stored to in a loop (the stores must see the code page become writable again, the
 * patched code must run), the same page moved by mremap, and with the argument "odd" a page
 * mapped write-only (reads fault; robin's rule) after which every access is checked. Prints
 * sums, fault counts and fault offsets (relative to the buffers, so the output does not depend
 * on where mmap put them). */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#define PAGE 4096

static char *region;           /* the buffer faults are reported against */
static volatile int faults;
static volatile long fault_off[64];
static volatile int restore_prot = PROT_READ | PROT_WRITE;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	(void)sig, (void)uc;
	uintptr_t a = (uintptr_t)si->si_addr;
	if (faults < 64)
		fault_off[faults] = (long)(a - (uintptr_t)region);
	faults++;
	mprotect((void *)(a & ~(uintptr_t)(PAGE - 1)), PAGE, restore_prot);
}

static void report(const char *what)
{
	printf("%s: %d faults at", what, faults);
	for (int i = 0; i < faults && i < 64; i++)
		printf(" %ld", fault_off[i]);
	printf("\n");
	faults = 0;
}

static long sum_pages(const char *b, int n)
{
	long s = 0;
	for (int i = 0; i + 8 <= n; i += 8) {
		uint64_t v;
		memcpy(&v, b + i, 8);
		s += (long)(v ^ (uint64_t)i);
	}
	uint64_t v;
	memcpy(&v, b + PAGE - 4, 8);  /* across the page end */
	return s + (long)v;
}

typedef long (*fn_t)(void);

int main(int argc, char **argv)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);

	/* loads: the second page closed before each round */
	char *b = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	region = b;
	for (int i = 0; i < 2 * PAGE; i++)
		b[i] = (char)(i * 7 + 3);
	long total = 0;
	for (int r = 0; r < 4; r++) {
		if (r & 1)
			mprotect(b + PAGE, PAGE, PROT_NONE);
		if (r == 2)
			mprotect(b, PAGE, PROT_NONE);
		for (int k = 0; k < 50; k++)
			total += sum_pages(b, 2 * PAGE);
	}
	printf("loads: %ld\n", total);
	report("loads");

	/* stores to a read-only page */
	mprotect(b + PAGE, PAGE, PROT_READ);
	for (int k = 0; k < 200; k++)
		for (int i = 0; i < 64; i++)
			((volatile long *)(b + PAGE))[i] = k * i;
	printf("stores: %ld\n", ((long *)(b + PAGE))[63]);
	report("stores");

	/* a page of code and data: the code runs hot, then stores to the data part and to the
	 * code itself (li a0, N; ret) change what runs */
	restore_prot = PROT_READ | PROT_WRITE | PROT_EXEC;
	uint32_t *c = mmap(NULL, PAGE, PROT_READ | PROT_WRITE | PROT_EXEC,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	region = (char *)c;
	c[0] = 0x02a00513u;  /* li a0, 42 */
	c[1] = 0x00008067u;  /* ret */
	__builtin___clear_cache((char *)c, (char *)(c + 2));
	long calls = 0;
	for (int k = 0; k < 300; k++) {
		calls += ((fn_t)(void *)c)();
		for (int i = 512; i < 640; i++)
			((volatile uint32_t *)c)[i] = (uint32_t)(k + i);
		if (k % 100 == 99) {
			c[0] = 0x00000513u | (uint32_t)((43 + k / 100) << 20);  /* li a0, 43 + k/100 */
			__builtin___clear_cache((char *)c, (char *)(c + 2));
		}
	}
	printf("code page: calls %ld data %u\n", calls, c[600]);
	/* moved: the code and data go with it */
	uint32_t *m = mremap(c, PAGE, 2 * PAGE, MREMAP_MAYMOVE);
	if (m == MAP_FAILED) {
		printf("mremap failed\n");
		return 1;
	}
	region = (char *)m;
	__builtin___clear_cache((char *)m, (char *)(m + 2));
	calls = 0;
	for (int k = 0; k < 300; k++) {
		calls += ((fn_t)(void *)m)();
		for (int i = 512; i < 640; i++)
			((volatile uint32_t *)m)[i] += 1;
		((volatile uint32_t *)m)[PAGE / 4 + (k & 63)] = (uint32_t)k;
	}
	printf("moved: calls %ld data %u %u\n", calls, m[600], m[PAGE / 4 + 5]);
	report("code page");

	if (argc > 1 && !strcmp(argv[1], "odd")) {
		/* write-only: stores work, a read faults (robin's rule for a page without read) */
		restore_prot = PROT_READ | PROT_WRITE;
		char *w = mmap(NULL, PAGE, PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		region = w;
		for (int k = 0; k < 100; k++)
			for (int i = 0; i < 64; i++)
				((volatile long *)w)[i] = k + i;
		long s = 0;
		for (int k = 0; k < 100; k++)
			for (int i = 0; i < 64; i++)
				s += ((volatile long *)w)[i];
		printf("write-only: %ld\n", s);
		report("write-only");
		/* and the loads of before, now all checked */
		total = 0;
		region = b;
		mprotect(b + PAGE, PAGE, PROT_NONE);
		for (int k = 0; k < 50; k++)
			total += sum_pages(b, 2 * PAGE);
		printf("loads again: %ld\n", total);
		report("loads again");
	}
	return 0;
}
