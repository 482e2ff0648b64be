/* selfmod: code written at run time — a function assembled into an RWX page runs, is patched
 * (with fence.i) and runs again with the new behaviour; code copied into a W page then made
 * RX with mprotect runs; unmapping it and calling it again faults (caught). */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

typedef long (*fn_t)(long);
static sigjmp_buf jb;

static void on_segv(int sig) { (void)sig; siglongjmp(jb, 1); }

/* addi a0, a0, imm; ret */
static void emit_addi_ret(uint32_t *p, int imm)
{
	p[0] = ((uint32_t)(imm & 0xfff) << 20) | (10u << 15) | (10u << 7) | 0x13u;
	p[1] = 0x00008067u;
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	uint32_t *code = mmap(NULL, pg, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (code == MAP_FAILED) { perror("mmap"); return 1; }
	emit_addi_ret(code, 5);
	__asm__ volatile("fence.i" ::: "memory");
	fn_t f = (fn_t)(uintptr_t)code;
	printf("first %ld\n", f(10));
	long sum = 0;
	for (int i = 0; i < 100; i++) {
		emit_addi_ret(code, i);
		__asm__ volatile("fence.i" ::: "memory");
		sum += f(1000);
	}
	printf("patched in a loop %ld\n", sum);
	/* W then RX */
	uint32_t *w = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	emit_addi_ret(w, -7);
	printf("mprotect rx %d\n", mprotect(w, pg, PROT_READ | PROT_EXEC));
	__asm__ volatile("fence.i" ::: "memory");
	printf("w^x %ld\n", ((fn_t)(uintptr_t)w)(0));
	/* executing a non-executable page faults */
	signal(SIGSEGV, on_segv);
	uint32_t *nx = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	emit_addi_ret(nx, 1);
	if (!sigsetjmp(jb, 1)) { ((fn_t)(uintptr_t)nx)(0); printf("nx ran?\n"); }
	else printf("nx faulted\n");
	munmap(w, pg);
	if (!sigsetjmp(jb, 1)) { ((fn_t)(uintptr_t)w)(0); printf("unmapped ran?\n"); }
	else printf("unmapped faulted\n");
	return 0;
}
